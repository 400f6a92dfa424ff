// npm run bench:pipeline — time every pipeline stage on each real PDF in ../shared/realplans
// (page 1, 150 dpi), beside `pdftoppm -r 150` on the same file, with the peak RSS. Prints a table
// and writes bench/out/pipeline.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSheet } from '../server/src/pipeline/pdf.ts';
import { encodePreviewWebp, encodeScaledPng, renderSheet, scaledPng, writeTiles } from '../server/src/pipeline/render.ts';
import { readSheetWords } from '../server/src/pipeline/words.ts';
import { extractPrimitives } from '../server/src/pipeline/vectors.ts';
import { renderVectorSvg } from '../server/src/pipeline/svg.ts';
import { detectScale } from '../server/src/pipeline/scale.ts';
import { recognizeSheet } from '../server/src/pipeline/recognize.ts';

const root = path.resolve(import.meta.dirname, '..');
const realplans = path.resolve(root, '../shared/realplans');
const DPI = 150;

function findPdfs(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? findPdfs(full) : name.toLowerCase().endsWith('.pdf') ? [full] : [];
    })
    .sort();
}

async function timed<T>(times: Record<string, number>, stage: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const value = await work();
  times[stage] = (performance.now() - start) / 1000;
  return value;
}

interface Row {
  file: string;
  sheet: string;
  kind: 'vector' | 'raster';
  paths: number;
  words: number;
  stages: Record<string, number>;
  total_s: number;
  total_without_recognition_s: number;
  pdftoppm_s: number;
  peak_rss_mb: number;
}

const rows: Row[] = [];
for (const file of findPdfs(realplans)) {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-pipeline-'));
  const stages: Record<string, number> = {};
  const bytes = new Uint8Array(await readFile(file));
  const sheet = await timed(stages, 'open', () => openSheet(bytes, DPI));
  const raster = await timed(stages, 'render', () => renderSheet(sheet));
  await timed(stages, 'png', () => encodeScaledPng(raster, path.join(work, 'scaled.png')));
  await timed(stages, 'tiles', () => writeTiles(raster, path.join(work, 'tiles')));
  await timed(stages, 'webp', () => encodePreviewWebp(raster, path.join(work, 'preview.webp')));
  const words = await timed(stages, 'text', async () => readSheetWords(sheet, async (dpi) => (dpi === DPI ? readFile(path.join(work, 'scaled.png')) : scaledPng(await renderSheet(sheet, dpi)))));
  const primitives = await timed(stages, 'vectors', () => extractPrimitives(sheet));
  await timed(stages, 'svg', () => writeFileSync(path.join(work, 'vector.svg'), renderVectorSvg(sheet.info, primitives, words)));
  const detection = await timed(stages, 'scale', () => detectScale({ words, primitives, info: sheet.info }));
  await timed(stages, 'recognize', () => recognizeSheet({ info: sheet.info, primitives, words, scale: detection.scale, sizeScale: detection.sizeScale }));
  await sheet.close();

  const pageArea = sheet.info.widthPx * sheet.info.heightPx;
  const imageArea = primitives.images.reduce((sum, image) => sum + (image.bbox[2] - image.bbox[0]) * (image.bbox[3] - image.bbox[1]), 0);
  const started = performance.now();
  execFileSync('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-png', file, path.join(work, 'poppler')]);
  const pdftoppm = (performance.now() - started) / 1000;
  rmSync(work, { recursive: true, force: true });

  const total = Object.values(stages).reduce((a, b) => a + b, 0);
  const recognition = stages.vectors + stages.scale + stages.recognize;
  rows.push({
    file: path.relative(realplans, file),
    sheet: `${(sheet.info.widthPt / 72).toFixed(1)}×${(sheet.info.heightPt / 72).toFixed(1)} in`,
    kind: imageArea > pageArea * 0.5 ? 'raster' : 'vector',
    paths: primitives.paths.length,
    words: words.length,
    stages,
    total_s: total,
    total_without_recognition_s: total - recognition,
    pdftoppm_s: pdftoppm,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  });
}

const stageNames = ['open', 'render', 'png', 'tiles', 'webp', 'text', 'vectors', 'svg', 'scale', 'recognize'];
const header = ['file', 'kind', 'sheet', 'paths', 'words', ...stageNames, 'total', 'no-recog', 'pdftoppm', 'rss MB'];
const table = rows.map((row) => [
  row.file,
  row.kind,
  row.sheet,
  String(row.paths),
  String(row.words),
  ...stageNames.map((stage) => row.stages[stage].toFixed(2)),
  row.total_s.toFixed(2),
  row.total_without_recognition_s.toFixed(2),
  row.pdftoppm_s.toFixed(2),
  String(row.peak_rss_mb),
]);
const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i].length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of table) console.log(line(cells));
console.log('\nTimes in seconds, page 1 at 150 dpi, stages run one after another in one process; rss MB is the peak so far.');

mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(path.join(root, 'bench/out/pipeline.json'), JSON.stringify({ dpi: DPI, generated: new Date().toISOString(), rows }, null, 2));
console.log('Report: bench/out/pipeline.json');
