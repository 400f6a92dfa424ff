// npm run bench:widget — the widget's bundle sizes (gzip) and, in Debian's Chromium against a
// real server, the time from opening the demo page to the first tile drawn and to all features
// drawn, for real sheets. Prints a table and writes bench/out/widget.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { realplans, repoRoot, startTestServer } from '../server/test/support/server.ts';
import { ApiClient } from '../server/test/support/client.ts';
import { launchChromium } from '../server/test/support/browser.ts';

const RUNS = 3;
const SHEETS = ['ebrivera-takeoffs/first-floor.pdf', 'archicad-atrium/floor-plan.pdf', 'va-finish-plan/sample-finish-plan.pdf'];

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-web-build.ts'], { cwd: repoRoot, stdio: 'inherit' });

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const dist = path.join(repoRoot, 'widget/dist');
const bundles = files(dist)
  .filter((file) => /\.(js|css|html)$/.test(file))
  .map((file) => {
    const bytes = readFileSync(file);
    return { file: path.relative(dist, file), bytes: bytes.length, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const loadedAtStart = bundles.filter((b) => !/pdf(\.worker|-preview)|demo|sdk\//.test(b.file) && b.file.startsWith('widget/'));
const sum = (list: typeof bundles) => list.reduce((total, b) => total + b.gzip, 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startTestServer();
const browser = await launchChromium();
const timings: { sheet: string; features: number; ready_ms: number; first_tile_ms: number; features_drawn_ms: number }[] = [];
try {
  const client = new ApiClient(server.url, await server.createKey('bench'));
  for (const sheet of SHEETS) {
    const upload = await client.uploadFile(path.join(realplans, sheet));
    const job = await client.waitForJob(upload.body.project_id, upload.body.job_id, undefined, 300_000);
    if (job.status !== 'SUCCEEDED') throw new Error(`${sheet}: job ${job.status} ${job.error_message}`);
    const features = (await client.get(`/v1/blueprints/${job.blueprint_id}`)).body.blueprint.geojson.features.length;
    const token = (await client.post('/v1/widget/sessions', { blueprint_id: job.blueprint_id, mode: 'view' })).body.token;
    const runs: { ready: number; tile: number; drawn: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const opened = Date.now();
      await page.goto(`${server.url}/demo/?blueprint=${job.blueprint_id}&token=${encodeURIComponent(token)}&mode=view`);
      await page.waitForSelector('#sdk-log li[data-event="ready"]', { state: 'attached', timeout: 120_000 });
      const ready = Date.now() - opened;
      const frame = page.frames().find((f) => f.url().includes('/widget/'))!;
      const marks = await frame.waitForFunction(
        // No named helpers inside: tsx would wrap them in a __name() the page does not have.
        () => {
          const tile = performance.getEntriesByName('blueprint-widget:first-tile')[0]?.startTime;
          const drawn = performance.getEntriesByName('blueprint-widget:features-drawn')[0]?.startTime;
          return tile !== undefined && drawn !== undefined ? { tile: performance.timeOrigin + tile, drawn: performance.timeOrigin + drawn } : null;
        },
        undefined,
        { timeout: 120_000 },
      );
      const { tile, drawn } = (await marks.jsonValue())!;
      runs.push({ ready, tile: tile - opened, drawn: drawn - opened });
      await page.close();
    }
    timings.push({
      sheet,
      features,
      ready_ms: median(runs.map((r) => r.ready)),
      first_tile_ms: Math.round(median(runs.map((r) => r.tile))),
      features_drawn_ms: Math.round(median(runs.map((r) => r.drawn))),
    });
  }
} finally {
  await browser.close();
  await server.close();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log('Bundles (gzip):');
for (const bundle of bundles) console.log(`  ${bundle.file.padEnd(48)} ${kb(bundle.bytes).padStart(10)}  gzip ${kb(bundle.gzip).padStart(9)}`);
console.log(`  loaded when tiles exist (widget page, without the pdf.js preview): gzip ${kb(sum(loadedAtStart))}`);
console.log(`\nPage open → (median of ${RUNS}, ms)`);
console.log(`  ${'sheet'.padEnd(42)} ${'features'.padStart(8)} ${'ready'.padStart(7)} ${'1st tile'.padStart(9)} ${'features drawn'.padStart(15)}`);
for (const row of timings) {
  console.log(`  ${row.sheet.padEnd(42)} ${String(row.features).padStart(8)} ${String(row.ready_ms).padStart(7)} ${String(row.first_tile_ms).padStart(9)} ${String(row.features_drawn_ms).padStart(15)}`);
}
mkdirSync(path.join(repoRoot, 'bench/out'), { recursive: true });
writeFileSync(
  path.join(repoRoot, 'bench/out/widget.json'),
  JSON.stringify({ generated: new Date().toISOString(), bundles, initial_gzip_bytes: sum(loadedAtStart), runs: RUNS, timings }, null, 2),
);
console.log('Report: bench/out/widget.json');
