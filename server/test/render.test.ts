import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSheet } from '../src/pipeline/pdf.ts';
import {
  encodePreviewWebp,
  encodeScaledPng,
  PREVIEW_MAX_SIDE,
  renderSheet,
  TILE_SIZE,
  writeTiles,
  type SheetRaster,
} from '../src/pipeline/render.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realPlan = (relative: string) => path.resolve(repoRoot, '../shared/realplans', relative);
const FIRST_FLOOR = realPlan('ebrivera-takeoffs/first-floor.pdf');
/** /Rotate 270: the sheet is seen landscape although its MediaBox is portrait. */
const KIRKLAND = realPlan('measurex/kirkland-sample-plans.pdf');

let workDir: string;
let firstFloor: SheetRaster;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'render-test-'));
  firstFloor = await renderPdf(FIRST_FLOOR, 150);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function renderPdf(file: string, dpi: number): Promise<SheetRaster> {
  const sheet = await openSheet(new Uint8Array(await readFile(file)), dpi);
  try {
    return await renderSheet(sheet);
  } finally {
    await sheet.close();
  }
}

/** The same page rendered by poppler, as RGB. */
async function renderWithPoppler(file: string, dpi: number) {
  const prefix = path.join(workDir, `poppler-${path.basename(file, '.pdf')}-${dpi}`);
  await promisify(execFile)('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-png', '-singlefile', file, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Ink: darker than mid-grey. */
const INK = 128;
/** Any visible mark: renderers anti-alias hairlines to different greys, so ink in one may be light grey in the other. */
const TRACE = 192;

/** 1 where the pixel's luma is below `level`, from interleaved channels (RGB first). */
function darkerThan(pixels: Uint8Array, channels: number, level: number): Uint8Array {
  const mask = new Uint8Array(pixels.length / channels);
  for (let i = 0; i < mask.length; i++) {
    const o = i * channels;
    mask[i] = 0.299 * pixels[o] + 0.587 * pixels[o + 1] + 0.114 * pixels[o + 2] < level ? 1 : 0;
  }
  return mask;
}

/** Share of the marked pixels of `a` that have a marked pixel of `b` at most one pixel away. */
function foundWithinOnePixel(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  let marked = 0;
  let found = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!a[y * width + x]) continue;
      marked++;
      search: for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          if (b[ny * width + nx]) {
            found++;
            break search;
          }
        }
      }
    }
  }
  return found / marked;
}

async function expectSameDrawingAsPoppler(file: string, raster: SheetRaster) {
  const poppler = await renderWithPoppler(file, 150);
  expect([raster.width, raster.height]).toEqual([poppler.width, poppler.height]);
  const { width, height } = raster;
  const ourTrace = darkerThan(raster.rgba, 4, TRACE);
  const theirTrace = darkerThan(poppler.data, poppler.channels, TRACE);
  const ourInk = darkerThan(raster.rgba, 4, INK);
  expect(foundWithinOnePixel(ourInk, theirTrace, width, height)).toBeGreaterThan(0.99);
  expect(foundWithinOnePixel(darkerThan(poppler.data, poppler.channels, INK), ourTrace, width, height)).toBeGreaterThan(0.99);
  // The measure tells orientations apart: the same drawing turned half a turn does not pass.
  expect(foundWithinOnePixel(ourInk, theirTrace.reverse(), width, height)).toBeLessThan(0.5);
}

describe('renderSheet', () => {
  it('renders the first page at the sheet size, opaque and with linework', () => {
    expect([firstFloor.width, firstFloor.height]).toEqual([2550, 1650]);
    expect(firstFloor.rgba.length).toBe(2550 * 1650 * 4);
    let translucent = 0;
    for (let i = 3; i < firstFloor.rgba.length; i += 4) if (firstFloor.rgba[i] !== 255) translucent++;
    expect(translucent).toBe(0);
    const ink = darkerThan(firstFloor.rgba, 4, INK).reduce((sum, dark) => sum + dark, 0);
    expect(ink / (firstFloor.width * firstFloor.height)).toBeGreaterThan(0.01);
  });

  it('draws the same picture as poppler', async () => {
    await expectSameDrawingAsPoppler(FIRST_FLOOR, firstFloor);
  });

  it('turns a /Rotate 270 page the way poppler does', async () => {
    const raster = await renderPdf(KIRKLAND, 150);
    expect([raster.width, raster.height]).toEqual([2550, 1650]);
    await expectSameDrawingAsPoppler(KIRKLAND, raster);
  });
});

describe('encodeScaledPng', () => {
  it('writes the raster losslessly', async () => {
    const file = path.join(workDir, 'scaled.png');
    const encoded = await encodeScaledPng(firstFloor, file);
    expect(encoded).toEqual({ bytes: (await stat(file)).size, width: 2550, height: 1650 });
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(data.equals(dropAlpha(firstFloor.rgba))).toBe(true);
  });
});

function dropAlpha(rgba: Uint8Array): Buffer {
  const rgb = Buffer.alloc((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    rgb[o] = rgba[i];
    rgb[o + 1] = rgba[i + 1];
    rgb[o + 2] = rgba[i + 2];
  }
  return rgb;
}

describe('encodePreviewWebp', () => {
  it('shrinks a large sheet to 2048 px on its longest side, keeping the aspect and the drawing', async () => {
    const file = path.join(workDir, 'preview.webp');
    const encoded = await encodePreviewWebp(firstFloor, file);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect([encoded.width, encoded.height]).toEqual([meta.width, meta.height]);
    expect(encoded.bytes).toBe((await stat(file)).size);
    expect(encoded.width).toBe(PREVIEW_MAX_SIDE);
    expect(Math.abs(encoded.height - (PREVIEW_MAX_SIDE * 1650) / 2550)).toBeLessThanOrEqual(1);
    // Brought to one common small size, the preview and the full raster look alike.
    const thumbnail = { width: 255, height: 165, fit: 'fill' } as const;
    const fromPreview = await sharp(file).removeAlpha().resize(thumbnail).raw().toBuffer();
    const fromRaster = await sharp(dropAlpha(firstFloor.rgba), { raw: { width: 2550, height: 1650, channels: 3 } })
      .resize(thumbnail)
      .raw()
      .toBuffer();
    let difference = 0;
    for (let i = 0; i < fromPreview.length; i++) difference += Math.abs(fromPreview[i] - fromRaster[i]);
    expect(difference / fromPreview.length).toBeLessThan(3);
  });

  it('keeps a small sheet at its own size, pixel for pixel', async () => {
    const small = await renderPdf(FIRST_FLOOR, 50);
    const file = path.join(workDir, 'small-preview.webp');
    const encoded = await encodePreviewWebp(small, file);
    expect([encoded.width, encoded.height]).toEqual([850, 550]);
    const decoded = await sharp(file).removeAlpha().raw().toBuffer();
    expect(decoded.equals(dropAlpha(small.rgba))).toBe(true);
  });
});

describe('writeTiles', () => {
  it('writes every tile of the sheet at every zoom, each the box-averaged sheet on white', async () => {
    const outDir = path.join(workDir, 'tiles');
    const pyramid = await writeTiles(firstFloor, outDir);
    const { width, height } = firstFloor;
    const maxZoom = Math.ceil(Math.log2(Math.max(width, height) / TILE_SIZE));
    expect(pyramid).toMatchObject({ minZoom: 0, maxZoom, tileSize: 256 });
    expect((await readdir(outDir)).sort()).toEqual([...pyramid.names].sort());

    let blankTilesInsideTheSheet = 0;
    for (let z = 0; z <= maxZoom; z++) {
      const factor = 2 ** (maxZoom - z);
      const columns = Math.ceil(width / factor / TILE_SIZE);
      const rows = Math.ceil(height / factor / TILE_SIZE);
      const expected = boxAveragedOnWhite(firstFloor, factor, columns * TILE_SIZE, rows * TILE_SIZE);
      const level = pyramid.names.filter((name) => name.startsWith(`${z}.`));
      expect(level).toHaveLength(columns * rows);
      for (let x = 0; x < columns; x++) {
        for (let y = 0; y < rows; y++) {
          expect(level).toContain(`${z}.${x}.${y}.png`);
          const { data, info } = await sharp(path.join(outDir, `${z}.${x}.${y}.png`))
            .raw()
            .toBuffer({ resolveWithObject: true });
          expect([info.width, info.height, info.channels]).toEqual([TILE_SIZE, TILE_SIZE, 3]);
          let largestDifference = 0;
          let blank = true;
          for (let ty = 0; ty < TILE_SIZE; ty++) {
            for (let tx = 0; tx < TILE_SIZE * 3; tx++) {
              const want = expected.pixels[(y * TILE_SIZE + ty) * expected.stride + x * TILE_SIZE * 3 + tx];
              largestDifference = Math.max(largestDifference, Math.abs(data[ty * TILE_SIZE * 3 + tx] - want));
              if (want !== 255) blank = false;
            }
          }
          // The deepest level is the sheet itself; each halving above it rounds once more.
          expect(largestDifference).toBeLessThanOrEqual(z === maxZoom ? 0 : maxZoom - z);
          if (blank && z === maxZoom) blankTilesInsideTheSheet++;
        }
      }
    }
    expect(blankTilesInsideTheSheet).toBeGreaterThan(0);
  });
});

/**
 * The sheet shrunk by averaging `factor`×`factor` blocks, as RGB, laid on white paper of
 * `paperWidth`×`paperHeight` with the sheet at the top-left; a block partly off the sheet
 * averages in the paper's white.
 */
function boxAveragedOnWhite(raster: SheetRaster, factor: number, paperWidth: number, paperHeight: number) {
  const stride = paperWidth * 3;
  const sums = new Float64Array(stride * paperHeight).fill(255 * factor * factor);
  for (let y = 0; y < raster.height; y++) {
    const row = Math.floor(y / factor) * stride;
    for (let x = 0; x < raster.width; x++) {
      const into = row + Math.floor(x / factor) * 3;
      const from = (y * raster.width + x) * 4;
      for (let c = 0; c < 3; c++) sums[into + c] += raster.rgba[from + c] - 255;
    }
  }
  const pixels = new Float64Array(sums.length);
  for (let i = 0; i < sums.length; i++) pixels[i] = sums[i] / (factor * factor);
  return { pixels, stride };
}
