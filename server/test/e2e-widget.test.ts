// The whole partner flow in a real browser: real server, real PDF, widget token, the demo page
// embedding the widget through the SDK, a vertex dragged with the mouse, saved and reloaded.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realplans, repoRoot, startTestServer, type TestServer } from './support/server.ts';
import { ApiClient } from './support/client.ts';
import { launchChromium } from './support/browser.ts';

const FIRST_FLOOR = path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf');

let server: TestServer;
let alice: ApiClient;
let browser: Browser;
let blueprintId: string;
let roomId: string;

type Position = [number, number];

beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-web-build.ts'], { cwd: repoRoot, stdio: 'inherit' });
  server = await startTestServer();
  alice = new ApiClient(server.url, await server.createKey('alice'));
  const upload = await alice.uploadFile(FIRST_FLOOR);
  const job = await alice.waitForJob(upload.body.project_id, upload.body.job_id);
  expect(job.status).toBe('SUCCEEDED');
  blueprintId = job.blueprint_id;
  const blueprint = (await alice.get(`/v1/blueprints/${blueprintId}`)).body.blueprint;
  const rooms = blueprint.geojson.features.filter((f: any) => f.properties.class === 'room');
  expect(rooms.length, 'recognition found no room on first-floor.pdf').toBeGreaterThan(0);
  // The largest room is comfortably big on screen.
  roomId = rooms.sort((a: any, b: any) => (b.properties.measurements.area_m2 ?? 0) - (a.properties.measurements.area_m2 ?? 0))[0].properties.id;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function widgetToken(mode: 'view' | 'edit'): Promise<string> {
  return (await alice.post('/v1/widget/sessions', { blueprint_id: blueprintId, mode })).body.token;
}

async function openDemo(token: string, mode: 'view' | 'edit'): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/demo/?blueprint=${blueprintId}&token=${encodeURIComponent(token)}&mode=${mode}`);
  await page.waitForSelector('#sdk-log li[data-event="ready"]', { state: 'attached', timeout: 60_000 });
  const frame = page.frames().find((f) => f.url().includes('/widget/'))!;
  return { page, frame };
}

async function logLines(page: Page, event: string): Promise<string[]> {
  return page.$$eval(`#sdk-log li[data-event="${event}"]`, (items) => items.map((item) => item.textContent ?? ''));
}

/** Page coordinates of a blueprint position as the widget's map shows it now. */
async function pagePoint(page: Page, frame: Frame, position: Position): Promise<Position> {
  const inFrame = await frame.evaluate(([x, y]) => {
    const widget = document.querySelector('blueprint-widget') as any;
    const map = widget.sheet.map;
    const pixel = map.getPixelFromCoordinate([x, -y]);
    const rect = map.getViewport().getBoundingClientRect();
    return [rect.left + pixel[0], rect.top + pixel[1]] as Position;
  }, position);
  const box = (await (await page.$('#widget iframe'))!.boundingBox())!;
  return [box.x + inFrame[0], box.y + inFrame[1]];
}

describe('the demo page with the widget', () => {
  it('shows the sheet, edits a room by mouse, saves, and keeps the change after a reload', async () => {
    const { page, frame } = await openDemo(await widgetToken('edit'), 'edit');
    try {
      // A non-blank map: the sheet's linework is drawn.
      const shot = await (await frame.$('[data-testid="sheet"]'))!.screenshot();
      const { data, info } = await sharp(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
      const dark = data.reduce((count, value) => count + (value < 128 ? 1 : 0), 0);
      expect(dark / (info.width * info.height)).toBeGreaterThan(0.002);

      await page.evaluate((id) => window.blueprintWidget!.selectFeature(id), roomId);
      await page.waitForFunction((id) => [...document.querySelectorAll('#sdk-log li[data-event="selectionChanged"]')].some((li) => li.textContent!.includes(id)), roomId);

      // selectFeature zooms to the room with an animation: read positions once the view is still.
      await frame.waitForFunction(() => {
        const map = (document.querySelector('blueprint-widget') as any).sheet.map;
        return !map.getView().getAnimating() && !map.getView().getInteracting();
      });
      const features = await page.evaluate(() => window.blueprintWidget!.getFeatures());
      const room = features.features.find((f: any) => f.properties.id === roomId)!;
      const before = room.properties.measurements!.area_m2!;
      const vertex = (room.geometry as any).coordinates[0][0] as Position;
      const from = await pagePoint(page, frame, vertex);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) await page.mouse.move(from[0] + 5 * step, from[1] + 4 * step);
      await page.mouse.up();

      const areaAfterDrag = async () => {
        for (const line of (await logLines(page, 'blueprintChanged')).reverse()) {
          const room = JSON.parse(line.slice('blueprintChanged '.length)).changed.find((f: { id: string }) => f.id === roomId);
          if (room && Math.abs(room.measurements.area_m2 - before) > 1e-6) return room.measurements.area_m2 as number;
        }
        return null;
      };
      await expect.poll(areaAfterDrag, { timeout: 10_000 }).not.toBeNull();
      const after = (await areaAfterDrag())!;

      await page.evaluate(() => window.blueprintWidget!.save());
      await page.waitForSelector('#sdk-log li[data-event="saved"]', { state: 'attached' });
      const stored = (await alice.get(`/v1/blueprints/${blueprintId}`)).body.blueprint.geojson.features.find((f: any) => f.properties.id === roomId);
      expect(stored.properties.measurements.area_m2).toBeCloseTo(after, 6);
      expect(stored.geometry.coordinates[0][0]).not.toEqual(vertex);

      await page.reload();
      await page.waitForSelector('#sdk-log li[data-event="ready"]', { state: 'attached', timeout: 60_000 });
      const reloaded = (await page.evaluate(() => window.blueprintWidget!.getFeatures())).features.find((f: any) => f.properties.id === roomId)!;
      expect(reloaded.geometry).toEqual(stored.geometry);
      expect(reloaded.properties.measurements!.area_m2).toBeCloseTo(after, 6);
    } finally {
      await page.close();
    }
  });

  it('refuses to save with a view token, and the blueprint stays as it was', async () => {
    const before = await alice.get(`/v1/blueprints/${blueprintId}`);
    const { page } = await openDemo(await widgetToken('view'), 'edit');
    try {
      const outcome = await page.evaluate(async () => {
        try {
          await window.blueprintWidget!.save();
          return 'saved';
        } catch (error) {
          return (error as { code?: string }).code ?? String(error);
        }
      });
      expect(outcome).toBe('read_only');
      const after = await alice.get(`/v1/blueprints/${blueprintId}`);
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    } finally {
      await page.close();
    }
  });
});
