import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../core/src/types.ts';
import { openSheet } from '../src/pipeline/pdf.ts';
import { renderVectorSvg } from '../src/pipeline/svg.ts';
import type { BBox, SheetInfo, SheetWord, VectorPath } from '../src/pipeline/types.ts';
import { extractPrimitives } from '../src/pipeline/vectors.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Its text is drawn as outlines, so every mark on the sheet is vector paint. */
const HOUSE_36X36 = path.resolve(repoRoot, '../shared/realplans/ebrivera-takeoffs/36x36-house.pdf');

/** Darker than this counts as ink in either rendering. */
const INK = 160;

interface Raster {
  ink: Uint8Array;
  width: number;
  height: number;
}

async function inkOf(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { ink: Uint8Array.from(data, (luma) => (luma < INK ? 1 : 0)), width: info.width, height: info.height };
}

/** Share of `a`'s ink with ink of `b` within `radius` pixels. */
function inkNear(a: Raster, b: Raster, radius: number): number {
  let inked = 0;
  let near = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!a.ink[y * a.width + x]) continue;
      inked++;
      search: for (let yy = Math.max(0, y - radius); yy <= Math.min(b.height - 1, y + radius); yy++) {
        for (let xx = Math.max(0, x - radius); xx <= Math.min(b.width - 1, x + radius); xx++) {
          if (b.ink[yy * b.width + xx]) {
            near++;
            break search;
          }
        }
      }
    }
  }
  return near / inked;
}

function inkInside(raster: Raster, [x0, y0, x1, y1]: BBox): number {
  let count = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(raster.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(raster.width, Math.ceil(x1)); x++) count += raster.ink[y * raster.width + x];
  }
  return count;
}

const totalInk = (raster: Raster) => raster.ink.reduce((sum, value) => sum + value, 0);

const INFO: SheetInfo = { pageCount: 1, widthPt: 144, heightPt: 144, rotate: 0, dpi: 150, widthPx: 200, heightPx: 200 };

function linePath(index: number, from: Position, to: Position, overrides: Partial<VectorPath> = {}): VectorPath {
  return {
    index,
    subpaths: [{ segments: [{ kind: 'line', from, to }], closed: false }],
    stroke: { width: 6, color: [0, 0, 0, 1], dash: null },
    fill: null,
    clip: null,
    bbox: [Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.max(from[0], to[0]), Math.max(from[1], to[1])],
    layer: null,
    ...overrides,
  };
}

function square(x0: number, y0: number, x1: number, y1: number) {
  const corners: Position[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  return { segments: corners.map((from, i) => ({ kind: 'line' as const, from, to: corners[(i + 1) % 4] })), closed: true };
}

function wordBox(id: string, text: string, ring: Position[], angle: number): SheetWord {
  return { id, text, confidence: null, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] }, fontSize: 16, angle };
}

describe('renderVectorSvg', () => {
  it('draws a real sheet’s vector paint where poppler draws it', async () => {
    const dpi = 40;
    const pdf = new Uint8Array(await readFile(HOUSE_36X36));
    const sheet = await openSheet(pdf, dpi);
    const svg = renderVectorSvg(sheet.info, await extractPrimitives(sheet), []);
    await sheet.close();
    const { stdout } = await promisify(execFile)('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', HOUSE_36X36], {
      encoding: 'buffer',
    });
    const ours = await inkOf(Buffer.from(svg));
    const poppler = await inkOf(stdout);
    expect([ours.width, ours.height]).toEqual([poppler.width, poppler.height]);
    expect(inkNear(poppler, ours, 1)).toBeGreaterThan(0.98);
    // Lines thinner than a pixel come out a full pixel wide, a little bolder than poppler's.
    expect(inkNear(ours, poppler, 1)).toBeGreaterThan(0.9);
    expect(svg).toMatch(/^<svg [^>]*width="680" height="440" viewBox="0 0 680 440"/);
    expect(svg).not.toMatch(/\d\.\d{3}/);
  });

  it('keeps curves as curves', async () => {
    const arc: VectorPath = {
      ...linePath(0, [180, 20], [20, 180]),
      subpaths: [{ segments: [{ kind: 'cubic', from: [180, 20], c1: [180, 108.37], c2: [108.37, 180], to: [20, 180] }], closed: false }],
    };
    const svg = renderVectorSvg(INFO, { paths: [arc], images: [] }, []);
    expect(svg).toContain('d="M180 20C180 108.37 108.37 180 20 180"');
    const raster = await inkOf(Buffer.from(svg));
    const onCircle = 20 + 160 * Math.SQRT1_2;
    expect(inkInside(raster, [onCircle - 3, onCircle - 3, onCircle + 3, onCircle + 3])).toBeGreaterThan(0);
    expect(inkInside(raster, [95, 95, 105, 105])).toBe(0);
  });

  it('applies clips, dashes and even-odd fills', async () => {
    const clipped = linePath(0, [10, 30], [190, 30], { clip: [50, 0, 100, 200] });
    const dashed = linePath(1, [10, 60], [190, 60], { stroke: { width: 6, color: [0, 0, 0, 1], dash: [20, 20] } });
    const ring: VectorPath = {
      ...linePath(2, [40, 100], [160, 190]),
      subpaths: [square(40, 100, 160, 190), square(80, 130, 120, 160)],
      stroke: null,
      fill: { color: [0, 0, 0, 1], evenOdd: true },
    };
    const svg = renderVectorSvg(INFO, { paths: [clipped, dashed, ring], images: [] }, []);
    const raster = await inkOf(Buffer.from(svg));
    expect(inkInside(raster, [50, 25, 100, 35])).toBeGreaterThan(0);
    expect(inkInside(raster, [0, 20, 48, 40]) + inkInside(raster, [102, 20, 200, 40])).toBe(0);
    // 10–30 is a dash, 30–50 a gap (round caps reach 3 units into it).
    expect(inkInside(raster, [12, 55, 28, 65])).toBeGreaterThan(0);
    expect(inkInside(raster, [35, 55, 45, 65])).toBe(0);
    expect(inkInside(raster, [45, 105, 75, 125])).toBeGreaterThan(0);
    expect(inkInside(raster, [85, 135, 115, 155])).toBe(0);
  });

  it('writes words as escaped text laid along their run', async () => {
    const across = wordBox('w1', 'A<B & "C"', [[20, 20], [120, 20], [120, 40], [20, 40]], 0);
    const down = wordBox('w2', 'DOWN\u0001WARDS', [[170, 40], [170, 180], [150, 180], [150, 40]], Math.PI / 2);
    const svg = renderVectorSvg(INFO, { paths: [], images: [] }, [across, down]);
    expect(svg).toContain('>A&lt;B &amp; &quot;C&quot;</text>');
    expect(svg).toContain('>DOWNWARDS</text>');
    const raster = await inkOf(Buffer.from(svg));
    const inBoxes = inkInside(raster, [17, 17, 123, 43]) + inkInside(raster, [147, 37, 173, 183]);
    expect(inkInside(raster, [17, 17, 123, 43])).toBeGreaterThan(50);
    expect(inkInside(raster, [147, 37, 173, 183])).toBeGreaterThan(50);
    expect(inBoxes / totalInk(raster)).toBeGreaterThan(0.98);
  });
});
