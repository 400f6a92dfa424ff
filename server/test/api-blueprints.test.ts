import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realplans, startTestServer, type TestServer } from './support/server.ts';
import { ApiClient } from './support/client.ts';

const FIRST_FLOOR = path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf');

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let projectId: string;
let jobId: string;
let blueprintId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = new ApiClient(server.url, await server.createKey('alice'));
  bob = new ApiClient(server.url, await server.createKey('bob'));
  const upload = await alice.uploadFile(FIRST_FLOOR);
  projectId = upload.body.project_id;
  jobId = upload.body.job_id;
  const job = await alice.waitForJob(projectId, jobId);
  expect(job, server.logs()).toMatchObject({ status: 'SUCCEEDED', state: 'done', progress: 100, error_code: null });
  blueprintId = job.blueprint_id;
});
afterAll(() => server?.close());

const room = (id: string, parent: string, coordinates: number[][], extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: [coordinates] },
  properties: { id, kind: 'area', class: 'room', name: id, parent_id: parent, ...extra },
});
const folder = (id: string, name: string, parent: string | null = null) => ({
  type: 'Feature',
  id,
  geometry: null,
  properties: { id, kind: 'folder', class: 'other', name, parent_id: parent },
});
// 300 × 150 units at 150 dpi is 2 in × 1 in of paper; at 1/4" = 1'-0" that is 8 ft × 4 ft.
const RECT = [[100, 100], [400, 100], [400, 250], [100, 250], [100, 100]];
const QUARTER_INCH = { drawing: 0.25, real: 1, type: 'architectural', units: 'imperial', label: '1/4" = 1\'-0"' };

describe('reading a processed blueprint', () => {
  it('describes the sheet in pixels of scaled_png with the root folder and readiness flags', async () => {
    const reply = await alice.get(`/v1/blueprints/${blueprintId}`);
    expect(reply.status).toBe(200);
    const blueprint = reply.body.blueprint;
    expect(blueprint).toMatchObject({ id: blueprintId, name: 'first-floor', url_dpi: 150, url_width: 2550, url_height: 1650, text: [], text_total: null });
    expect(new Date(blueprint.created).toISOString()).toBe(blueprint.created);
    const root = blueprint.geojson.features.find((f: any) => f.properties.parent_id === null && f.properties.kind === 'folder');
    expect(root).toBeDefined();
    expect(reply.headers.get('etag')).toMatch(/^"r\d+"$/);
    const record = (await alice.get(`/v1/projects/${projectId}`)).body.project.blueprint_records[blueprintId];
    expect(record.ready).toMatchObject({ pdf_file: true, main_tile: true, all_tiles: true, preview_image: true, vector_image: true, geojson: true, ocr_text: true });
  });

  it('pages through every word exactly once, in a stable order', async () => {
    const all = (await alice.get(`/v1/blueprints/${blueprintId}?include_text=true&text_limit=5000`)).body.blueprint;
    expect(all.text_total).toBeGreaterThan(100);
    expect(all.text).toHaveLength(all.text_total);
    const paged: any[] = [];
    for (let offset = 0; offset < all.text_total; offset += 37) {
      const page = (await alice.get(`/v1/blueprints/${blueprintId}?include_text=1&text_limit=37&text_offset=${offset}`)).body.blueprint;
      expect(page.text_total).toBe(all.text_total);
      paged.push(...page.text);
    }
    expect(paged.map((w) => w.id)).toEqual(all.text.map((w: any) => w.id));
    expect(new Set(paged.map((w) => w.id)).size).toBe(paged.length);
    const living = all.text.find((w: any) => w.text === 'LIVING');
    expect(living).toMatchObject({ confidence: 1 });
    expect(living.geometry.type).toBe('Polygon');
    const beyond = (await alice.get(`/v1/blueprints/${blueprintId}?include_text=true&text_offset=${all.text_total}`)).body.blueprint;
    expect(beyond.text).toEqual([]);
  });

  it('validates the query: text_limit 1–5000, text_offset ≥ 0, include_text boolean', async () => {
    for (const [query, loc] of [
      ['text_limit=0', ['query', 'text_limit']],
      ['text_limit=5001', ['query', 'text_limit']],
      ['text_offset=-1', ['query', 'text_offset']],
      ['text_limit=abc', ['query', 'text_limit']],
      ['include_text=maybe', ['query', 'include_text']],
    ] as const) {
      const reply = await alice.get(`/v1/blueprints/${blueprintId}?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body.detail[0].loc).toEqual(loc);
    }
  });
});

describe('signed file URLs', () => {
  it('lists every artifact with versions, a window, and tiles named z.x.y.png', async () => {
    const files = (await alice.get(`/v1/blueprints/${blueprintId}/files`)).body;
    const now = Date.now() / 1000;
    expect(files).toMatchObject({ blueprint_id: blueprintId, manifest_version: 1 });
    expect(files.refresh_after).toBeGreaterThan(now);
    expect(files.window_expires_at).toBeGreaterThan(files.refresh_after);
    for (const name of ['original_pdf', 'preview_webp', 'scaled_png', 'vector_svg']) {
      expect(files.urls[name], name).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+expires=\d+&signature=/);
      expect(files.artifact_versions[name]).toMatch(/^0*[1-9][0-9]*$/);
    }
    expect(files.artifact_versions).toMatchObject({ schema_version: 1, legacy_unversioned: false });
    const tileNames = Object.keys(files.urls.tiles);
    expect(tileNames).toContain('0.0.0.png');
    for (const name of tileNames) expect(name).toMatch(/^\d+\.\d+\.\d+\.png$/);
    expect(Object.keys(files.artifact_versions.tiles)).toContain('0_0_0');
    // Same window, same URLs: caches can keep them.
    const again = (await alice.get(`/v1/blueprints/${blueprintId}/files`)).body;
    expect(again.urls.scaled_png).toBe(files.urls.scaled_png);
  });

  it('serves files with Content-Type, ETag, conditional GET and byte ranges', async () => {
    const files = (await alice.get(`/v1/blueprints/${blueprintId}/files`)).body;
    const tile = await fetch(files.urls.tiles['0.0.0.png']);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await tile.arrayBuffer());
    expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([256, 256]);

    const expected = {
      original_pdf: 'application/pdf',
      preview_webp: 'image/webp',
      scaled_png: 'image/png',
      vector_svg: 'image/svg+xml',
    } as const;
    for (const [name, type] of Object.entries(expected)) {
      const reply = await fetch(files.urls[name]);
      expect(reply.status, name).toBe(200);
      expect(reply.headers.get('content-type')).toContain(type);
      await reply.arrayBuffer();
    }
    const original = await fetch(files.urls.original_pdf);
    const etag = original.headers.get('etag')!;
    expect(Buffer.from(await original.arrayBuffer()).equals(await readFile(FIRST_FLOOR))).toBe(true);
    expect((await fetch(files.urls.original_pdf, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const ranged = await fetch(files.urls.original_pdf, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-7\/\d+$/);
    expect(Buffer.from(await ranged.arrayBuffer()).equals((await readFile(FIRST_FLOOR)).subarray(0, 8))).toBe(true);
    expect((await fetch(files.urls.original_pdf, { headers: { range: 'bytes=99999999-' } })).status).toBe(416);
  });

  it('answers 403 to an altered or forged URL', async () => {
    const files = (await alice.get(`/v1/blueprints/${blueprintId}/files`)).body;
    const url = new URL(files.urls.scaled_png);
    const forgedSignature = new URL(url);
    forgedSignature.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}xx`);
    const otherFile = new URL(files.urls.scaled_png.replace('scaled.png', 'original.pdf'));
    const laterExpiry = new URL(url);
    laterExpiry.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const unsigned = new URL(url.origin + url.pathname);
    for (const bad of [forgedSignature, otherFile, laterExpiry, unsigned]) {
      const reply = await fetch(bad);
      expect(reply.status, bad.toString()).toBe(403);
      expect(typeof (await reply.json()).detail).toBe('string');
    }
  });
});

describe('updating a blueprint', () => {
  it('replaces features and scale and recomputes every measurement with planar maths', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        folder('root', 'Sheet'),
        folder('rooms', 'Rooms', 'root'),
        room('kitchen', 'rooms', RECT, { height_units: 1350, vendor_ref: { sku: 'K-1' }, relations: ['door'], measurements: { area_m2: 999 } }),
        {
          type: 'Feature',
          id: 'door',
          geometry: { type: 'LineString', coordinates: [[400, 150], [400, 205]] },
          properties: { id: 'door', kind: 'line', class: 'opening', sub_class: 'single swing door', parent_id: 'root', opening_width_units: 112.5 },
        },
      ],
    };
    const reply = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: QUARTER_INCH, geojson, text: [{ ignored: true }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const features = reply.body.blueprint.geojson.features;
    const kitchen = features.find((f: any) => f.properties.id === 'kitchen');
    expect(kitchen.properties.measurements.area_m2).toBeCloseTo(32 * 0.3048 ** 2, 9);
    expect(kitchen.properties.measurements.perimeter_m).toBeCloseTo(24 * 0.3048, 9);
    expect(kitchen.properties.measurements.length_m).toBeNull();
    expect(kitchen.properties).toMatchObject({ height_units: 1350, vendor_ref: { sku: 'K-1' }, folder: 'Rooms' });
    const door = features.find((f: any) => f.properties.id === 'door');
    expect(door.properties.measurements.opening_width_m).toBeCloseTo(3 * 0.3048, 9);
    // 55 units = 55/150 in of paper = (55/150)/0.25 ft.
    expect(door.properties.measurements.length_m).toBeCloseTo((55 / 150 / 0.25) * 0.3048, 9);
    // Relations are repaired to be symmetric.
    expect(door.properties.relations).toEqual(['kitchen']);
    const read = (await alice.get(`/v1/blueprints/${blueprintId}`)).body.blueprint;
    expect(read.scale).toMatchObject(QUARTER_INCH);
    expect(read.geojson).toEqual(reply.body.blueprint.geojson);

    // A new scale alone re-measures the stored features: 1:100 makes 300 units = 2 in paper = 200 in.
    const metric = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: { drawing: 1, real: 100, type: 'metric', units: 'si', label: '1:100' } });
    const metricKitchen = metric.body.blueprint.geojson.features.find((f: any) => f.properties.id === 'kitchen');
    expect(metricKitchen.properties.measurements.area_m2).toBeCloseTo(2 * 2.54 * 1 * 2.54, 9);
    // No trustworthy scale: no invented numbers.
    const manual = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: { ...QUARTER_INCH, manual_scaling_needed: true } });
    const manualKitchen = manual.body.blueprint.geojson.features.find((f: any) => f.properties.id === 'kitchen');
    expect(manualKitchen.properties.measurements).toEqual({ area_m2: null, perimeter_m: null, length_m: null, opening_width_m: null });
  });

  it('rejects invalid collections with 422 pointing at the feature, and changes nothing', async () => {
    const before = await alice.get(`/v1/blueprints/${blueprintId}`);
    const cases: [unknown, (string | number)[]][] = [
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), room('a', 'root', RECT), room('a', 'root', RECT)] }, ['body', 'geojson', 'features', 2, 'properties', 'id']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), room('a', 'ghost', RECT)] }, ['body', 'geojson', 'features', 1, 'properties', 'parent_id']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), { ...room('a', 'root', RECT), geometry: { type: 'Point', coordinates: [1, 2] } }] }, ['body', 'geojson', 'features', 1, 'geometry']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), folder('second', 'Another root')] }, ['body', 'geojson', 'features', 1, 'properties', 'parent_id']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), folder('x', 'X', 'y'), folder('y', 'Y', 'x')] }, ['body', 'geojson', 'features', 1, 'properties', 'parent_id']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), room('a', 'root', RECT, { color: { r: 300, g: 0, b: 0, a: 1 } })] }, ['body', 'geojson', 'features', 1, 'properties', 'color', 'r']],
      [{ type: 'FeatureCollection', features: [folder('root', 'Sheet'), room('a', 'root', RECT, { kind: 'blob' })] }, ['body', 'geojson', 'features', 1, 'properties', 'kind']],
    ];
    for (const [geojson, loc] of cases) {
      const reply = await alice.put(`/v1/blueprints/${blueprintId}`, { geojson, scale: QUARTER_INCH });
      expect(reply.status, JSON.stringify(loc)).toBe(422);
      expect(reply.body.detail.map((issue: any) => issue.loc), JSON.stringify(reply.body.detail)).toContainEqual(loc);
      for (const issue of reply.body.detail) expect(Object.keys(issue).sort()).toEqual(['loc', 'msg', 'type']);
    }
    const badScale = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: { drawing: 0, real: 1, type: 'custom', units: 'si' } });
    expect(badScale.status).toBe(422);
    expect(badScale.body.detail[0].loc).toEqual(['body', 'scale', 'drawing']);
    const after = await alice.get(`/v1/blueprints/${blueprintId}`);
    expect(after.body.blueprint).toEqual(before.body.blueprint);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('refuses a stale If-Match with 412 and accepts the current one', async () => {
    const read = await alice.get(`/v1/blueprints/${blueprintId}`);
    const etag = read.headers.get('etag')!;
    const first = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: QUARTER_INCH }, { 'if-match': etag });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).not.toBe(etag);
    const stale = await alice.put(`/v1/blueprints/${blueprintId}`, { scale: { ...QUARTER_INCH, label: 'stale' } }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect((await alice.get(`/v1/blueprints/${blueprintId}`)).body.blueprint.scale.label).toBe(QUARTER_INCH.label);
  });
});

describe('isolation and widget tokens', () => {
  it('shows nothing of alice\'s to bob: every path answers 404 like a missing id', async () => {
    for (const reply of [
      await bob.get(`/v1/blueprints/${blueprintId}`),
      await bob.get(`/v1/blueprints/${blueprintId}/files`),
      await bob.put(`/v1/blueprints/${blueprintId}`, { scale: QUARTER_INCH }),
      await bob.get(`/v1/projects/${projectId}/jobs/${jobId}`),
      await bob.post(`/v1/projects/${projectId}/jobs/${jobId}/cancel`),
      await bob.delete(`/v1/projects/${projectId}/jobs/${jobId}`),
      await bob.post('/v1/widget/sessions', { blueprint_id: blueprintId, mode: 'view' }),
    ]) {
      expect(reply.status).toBe(404);
    }
    expect((await alice.get(`/v1/projects/${projectId}/jobs/${jobId}`)).body.job.status).toBe('SUCCEEDED');
  });

  it('scopes widget tokens to one blueprint and mode', async () => {
    const view = (await alice.post('/v1/widget/sessions', { blueprint_id: blueprintId, mode: 'view' })).body;
    expect(view).toMatchObject({ blueprint_id: blueprintId, mode: 'view' });
    expect(new Date(view.expires_at).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const viewer = new ApiClient(server.url, view.token);
    expect((await viewer.get(`/v1/blueprints/${blueprintId}`)).status).toBe(200);
    expect((await viewer.get(`/v1/blueprints/${blueprintId}/files`)).status).toBe(200);
    const denied = await viewer.put(`/v1/blueprints/${blueprintId}`, { scale: QUARTER_INCH });
    expect(denied.status).toBe(403);
    expect((await viewer.get('/v1/projects')).status).toBe(401);
    expect((await viewer.get(`/v1/projects/${projectId}`)).status).toBe(401);

    const other = await alice.uploadFile(FIRST_FLOOR);
    const otherJob = await alice.waitForJob(other.body.project_id, other.body.job_id, (job) => job.blueprint_id);
    expect((await viewer.get(`/v1/blueprints/${otherJob.blueprint_id}`)).status).toBe(404);
    await alice.delete(`/v1/projects/${other.body.project_id}/jobs/${other.body.job_id}`);

    const edit = (await alice.post('/v1/widget/sessions', { blueprint_id: blueprintId, mode: 'edit', ttl_seconds: 120 })).body;
    const editor = new ApiClient(server.url, edit.token);
    expect((await editor.put(`/v1/blueprints/${blueprintId}`, { scale: QUARTER_INCH })).status).toBe(200);
    const forged = new ApiClient(server.url, `${edit.token.slice(0, -3)}abc`);
    expect((await forged.get(`/v1/blueprints/${blueprintId}`)).status).toBe(401);
    const invalidTtl = await alice.post('/v1/widget/sessions', { blueprint_id: blueprintId, mode: 'admin', ttl_seconds: 5 });
    expect(invalidTtl.status).toBe(422);
    expect(invalidTtl.body.detail.map((i: any) => i.loc)).toEqual(expect.arrayContaining([['body', 'mode'], ['body', 'ttl_seconds']]));
  });
});

describe('expiring file URLs', () => {
  it('answers 403 once window_expires_at has passed', async () => {
    const short = await startTestServer({ FILE_URL_TTL_SECONDS: '1' });
    try {
      const client = new ApiClient(short.url, await short.createKey('frank'));
      const upload = await client.uploadFile(FIRST_FLOOR);
      const job = await client.waitForJob(upload.body.project_id, upload.body.job_id, (j) => j.blueprint_id);
      const files = (await client.get(`/v1/blueprints/${job.blueprint_id}/files`)).body;
      expect(files.window_expires_at - files.refresh_after).toBe(1);
      expect((await fetch(files.urls.original_pdf)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, (files.window_expires_at + 0.2) * 1000 - Date.now()));
      const expired = await fetch(files.urls.original_pdf);
      expect(expired.status).toBe(403);
      expect((await expired.json()).detail).toMatch(/expired/);
    } finally {
      await short.close();
    }
  });
});
