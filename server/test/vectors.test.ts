import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { degrees, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../../core/src/types.ts';
import { openSheet, type OpenSheet } from '../src/pipeline/pdf.ts';
import { multiPolygonArea, paintedRegion } from '../src/pipeline/recognize/geom-clip.ts';
import type { BBox, RGBA, SheetPrimitives, SubPath, VectorPath } from '../src/pipeline/types.ts';
import {
  buildSpatialIndex,
  dashWithPhase,
  dropInvisiblePaths,
  extractPrimitives,
  flattenSegments,
  mergeDuplicatePaths,
} from '../src/pipeline/vectors.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const FIRST_FLOOR = path.resolve(repoRoot, '../shared/realplans/ebrivera-takeoffs/first-floor.pdf');

/** At 144 DPI a PDF point is 2 blueprint units, and y flips: the page below is 400×300 pt. */
const DPI = 144;
const bp = (x: number, y: number): Position => [2 * x, 2 * (300 - y)];

/**
 * One page written operator by operator, so every expected coordinate follows from the PDF
 * numbers by the page mapping above.
 */
const CONTENT = `
1 0 0 RG 2 w 50 60 100 40 re S
0 0 1 RG 1 w 250 100 m 250 127.6142 227.6142 150 200 150 c S
0 0 0 RG 0.5 w [6 3] 2 d 20 250 m 380 250 l S [] 0 d
q 0 1 0 RG /Fm1 Do Q
q 250 180 60 60 re W n 0 G 200 200 m 350 200 l S 10 280 m 30 290 l S Q
0 G 1 w 20 20 m 120 20 l S 20 20 m 120 20 l S 180 20 m 60 20 l S
q 40 0 0 20 20 150 cm /Im1 Do Q
/OC /hidden BDC 0 G 100 150 m 150 150 l S EMC
0 G 500 500 m 600 600 l S
/Half gs 0 0 1 rg 300 100 m 380 100 l 380 160 l 300 160 l h 320 120 m 360 120 l 360 140 l 320 140 l h f*
/Clear gs 1 0 0 rg 10 10 50 50 re f
`;

/** A form drawing a 40-unit line, turned 90° and halved: it lands from (300, 50) to (300, 70). */
const FORM_MATRIX = [0, 0.5, -0.5, 0, 300, 50];

async function constructedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const context = doc.context;
  const page = doc.addPage([400, 300]);
  const pixel = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#808080' } }).png().toBuffer();
  const image = await doc.embedPng(pixel);
  const form = context.register(
    context.stream('2 w 0 0 m 40 0 l S', { Type: 'XObject', Subtype: 'Form', BBox: [-100, -100, 100, 100], Matrix: FORM_MATRIX }),
  );
  const hiddenLayer = context.register(context.obj({ Type: 'OCG', Name: PDFString.of('Hidden layer') }));
  doc.catalog.set(PDFName.of('OCProperties'), context.obj({ OCGs: [hiddenLayer], D: { OFF: [hiddenLayer] } }));
  page.node.set(
    PDFName.of('Resources'),
    context.obj({
      XObject: { Fm1: form, Im1: image.ref },
      ExtGState: { Half: context.obj({ ca: 0.5 }), Clear: context.obj({ ca: 0, CA: 0 }) },
      Properties: { hidden: hiddenLayer },
    }),
  );
  page.node.set(PDFName.of('Contents'), context.register(context.stream(CONTENT)));
  const appearance = context.register(context.stream('1 0 1 RG 1 w 0 0 m 80 60 l S', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 80, 60] }));
  const annotation = context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [300, 200, 380, 260], F: 4, AP: { N: appearance } });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(annotation)]));
  return doc.save();
}

async function extract(pdf: Uint8Array, dpi: number, options?: { cleanUp: boolean }): Promise<{ info: OpenSheet['info']; primitives: SheetPrimitives }> {
  const sheet = await openSheet(pdf, dpi);
  try {
    return { info: sheet.info, primitives: await extractPrimitives(sheet, options) };
  } finally {
    await sheet.close();
  }
}

function expectPoint(actual: Position, expected: Position) {
  expect(actual[0]).toBeCloseTo(expected[0], 3);
  expect(actual[1]).toBeCloseTo(expected[1], 3);
}

function expectLines(subpath: SubPath, corners: Position[]) {
  expect(subpath.segments.map((segment) => segment.kind)).toEqual(corners.slice(1).map(() => 'line'));
  subpath.segments.forEach((segment, i) => {
    expectPoint(segment.from, corners[i]);
    expectPoint(segment.to, corners[i + 1]);
  });
}

const strokedIn = (paths: VectorPath[], color: RGBA) =>
  paths.filter((path) => path.stroke && path.stroke.color.every((channel, i) => channel === color[i]));

describe('extractPrimitives on a constructed PDF', () => {
  let raw: SheetPrimitives;
  let clean: SheetPrimitives;

  beforeAll(async () => {
    const pdf = await constructedPdf();
    raw = (await extract(pdf, DPI, { cleanUp: false })).primitives;
    clean = (await extract(pdf, DPI)).primitives;
  });

  it('recovers a stroked rectangle with its scaled line width', () => {
    const [rectangle] = strokedIn(clean.paths, [255, 0, 0, 1]);
    expect(rectangle.fill).toBeNull();
    expect(rectangle.stroke!.width).toBeCloseTo(4, 6);
    expect(rectangle.stroke!.dash).toBeNull();
    expect(rectangle.subpaths).toHaveLength(1);
    expect(rectangle.subpaths[0].closed).toBe(true);
    expectLines(rectangle.subpaths[0], [bp(50, 60), bp(150, 60), bp(150, 100), bp(50, 100)]);
    expect(rectangle.bbox).toEqual([100, 400, 300, 480].map((value) => expect.closeTo(value, 3)));
  });

  it('keeps a door-swing arc as a Bézier with its exact control points and curve bounds', () => {
    const [arc] = strokedIn(clean.paths, [0, 0, 255, 1]);
    const [segment] = arc.subpaths[0].segments;
    expect(segment.kind).toBe('cubic');
    if (segment.kind !== 'cubic') return;
    expectPoint(segment.from, bp(250, 100));
    expectPoint(segment.c1, bp(250, 127.6142));
    expectPoint(segment.c2, bp(227.6142, 150));
    expectPoint(segment.to, bp(200, 150));
    expect(arc.stroke!.width).toBeCloseTo(2, 6);
    // The bounds of a quarter circle are its end points, not its control polygon.
    expect(arc.bbox).toEqual([400, 300, 500, 400].map((value) => expect.closeTo(value, 3)));
  });

  it('scales a dash pattern and folds its phase into the array', () => {
    const [dashed] = strokedIn(clean.paths, [0, 0, 0, 1]).filter((path) => path.stroke!.dash);
    expectLines(dashed.subpaths[0], [bp(20, 250), bp(380, 250)]);
    expect(dashed.stroke!.width).toBeCloseTo(1, 6);
    // [6 3] from 2 into the cycle: 4 on, 3 off, 2 on, 0 off; then doubled by the page scale.
    expect(dashed.stroke!.dash).toEqual([8, 6, 4, 0]);
  });

  it('maps a line inside a rotated, scaled form XObject, whose box hides none of it', () => {
    const [formLine] = strokedIn(clean.paths, [0, 255, 0, 1]);
    expectLines(formLine.subpaths[0], [bp(300, 50), bp(300, 70)]);
    expect(formLine.stroke!.width).toBeCloseTo(2 * 0.5 * 2, 6);
    // The form box (500, 400)–(700, 600) holds the whole line: no clip to record.
    expect(formLine.clip).toBeNull();
  });

  it('cuts a stroke where it leaves a clip box, records the box, and drops what lies wholly outside it', () => {
    // 200,200 → 350,200 under the box x 250–310: drawn from 250 to 310 only.
    const clipped = clean.paths.filter((path) => path.bbox[1] === path.bbox[3] && path.bbox[1] < 201 && path.bbox[1] > 199);
    expect(clipped).toHaveLength(1);
    expect(clipped[0].clip).toEqual([500, 120, 620, 240].map((value) => expect.closeTo(value, 3)));
    expectLines(clipped[0].subpaths[0], [bp(250, 200), bp(310, 200)]);
    // 10,280 → 30,290 lies outside the box altogether.
    expect(raw.paths.filter((path) => path.bbox[0] < 100 && path.bbox[1] > 150 && path.bbox[1] < 250)).toHaveLength(0);
  });

  it('merges a duplicated stroke and an overlapping collinear piece into one line', () => {
    const onBaseline = (paths: VectorPath[]) => paths.filter((path) => Math.abs(path.bbox[1] - 560) < 1e-3 && Math.abs(path.bbox[3] - 560) < 1e-3);
    expect(onBaseline(raw.paths)).toHaveLength(3);
    const merged = onBaseline(clean.paths);
    expect(merged).toHaveLength(1);
    const [segment] = merged[0].subpaths[0].segments;
    const ends = [segment.from, segment.to].sort((a, b) => a[0] - b[0]);
    expectPoint(ends[0], bp(20, 20));
    expectPoint(ends[1], bp(180, 20));
  });

  it('keeps an even-odd fill with its alpha, and drops transparent and off-page paint', () => {
    const fills = clean.paths.filter((path) => path.fill);
    expect(fills).toHaveLength(1);
    expect(fills[0].fill).toEqual({ color: [0, 0, 255, 0.5], evenOdd: true });
    expect(fills[0].subpaths.map((subpath) => subpath.closed)).toEqual([true, true]);
    expectLines(fills[0].subpaths[1], [bp(320, 120), bp(360, 120), bp(360, 140), bp(320, 140)]);
    expect(raw.paths.filter((path) => path.fill?.color[3] === 0)).toHaveLength(1);
    expect(raw.paths.filter((path) => path.bbox[0] >= 1000)).toHaveLength(1);
    expect(clean.paths.filter((path) => path.bbox[0] >= 1000)).toHaveLength(0);
  });

  it('draws an annotation’s appearance inside its rectangle', () => {
    const [markup] = strokedIn(clean.paths, [255, 0, 255, 1]);
    expectLines(markup.subpaths[0], [bp(300, 200), bp(380, 260)]);
    // Corner to corner of its rectangle: nothing of it is clipped away.
    expect(markup.clip).toBeNull();
  });

  it('leaves out paint in a hidden optional-content layer', () => {
    const hiddenLine = (paths: VectorPath[]) => paths.filter((path) => Math.abs(path.bbox[1] - 300) < 1e-3 && Math.abs(path.bbox[0] - 200) < 1e-3);
    expect(hiddenLine(raw.paths)).toHaveLength(0);
  });

  it('places an image where its unit square lands', () => {
    expect(clean.images).toHaveLength(1);
    const [image] = clean.images;
    expect(image.widthPx).toBe(4);
    expect(image.heightPx).toBe(2);
    [bp(20, 150), bp(60, 150), bp(60, 170), bp(20, 170)].forEach((corner, i) => expectPoint(image.corners[i], corner));
  });

  it('numbers the cleaned paths in paint order', () => {
    expect(raw.paths).toHaveLength(12);
    expect(clean.paths).toHaveLength(8);
    expect(clean.paths.map((path) => path.index)).toEqual(clean.paths.map((_, i) => i));
  });
});

describe('extractPrimitives under clipping paths that are not rectangles', () => {
  // An L-shaped clip (200 × 200 pt less its top-right quarter) over a grey page-wide rectangle
  // and a line leaving the L; an even-odd clip (a 160 pt square with an 80 pt hole) over another.
  // CAD exports tint areas this way: taken by its box, the rectangle would cover its neighbours.
  const CLIPPED = `
q 0 0 m 200 0 l 200 100 l 100 100 l 100 200 l 0 200 l h W n
0.8 g 0 0 400 300 re f 0 G 1 w 50 150 m 250 150 l S Q
q 220 20 m 380 20 l 380 180 l 220 180 l h 260 60 m 340 60 l 340 140 l 260 140 l h W* n
0.5 g 200 0 200 300 re f Q
`;
  let paths: VectorPath[];

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(CLIPPED)));
    paths = (await extract(await doc.save(), DPI)).primitives.paths;
  });

  const paintedPt2 = (path: VectorPath) => {
    const rings = path.subpaths.map((subpath) => [subpath.segments[0].from, ...subpath.segments.map((segment) => segment.to)]);
    return multiPolygonArea(paintedRegion(rings, path.fill!.evenOdd)) / 4;
  };

  it('keeps of a clipped fill only what the clip shape lets through', () => {
    const [lShaped] = paths.filter((path) => path.fill?.color[0] === 204);
    expect(paintedPt2(lShaped)).toBeCloseTo(200 * 100 + 100 * 100, 3);
    expect(lShaped.bbox).toEqual([...bp(0, 200), ...bp(200, 0)].map((value) => expect.closeTo(value, 3)));
    const [framed] = paths.filter((path) => path.fill?.color[0] === 128);
    expect(paintedPt2(framed)).toBeCloseTo(160 * 160 - 80 * 80, 3);
  });

  it('cuts a stroke where it leaves the clip shape', () => {
    const [line] = strokedIn(paths, [0, 0, 0, 1]);
    expect(line.subpaths).toHaveLength(1);
    expectLines(line.subpaths[0], [bp(50, 150), bp(100, 150)]);
  });
});

describe('extractPrimitives on a sheet drawn in CAD layers', () => {
  // Three strokes: one on the layer "A-FURN", one in a paragraph tag nested inside that layer,
  // and one outside any layer; the layer's copy of a line also drawn outside it is no duplicate.
  const LAYERED = `
/OC /furn BDC 1 w 0 G 50 50 m 150 50 l S
/P << /MCID 0 >> BDC 50 100 m 150 100 l S EMC EMC
0 G 50 150 m 150 150 l S
/OC /furn BDC 50 150 m 150 150 l S EMC
`;

  it('carries the name of the layer each path is drawn on, and keeps a line drawn on two layers once on each', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const furniture = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('A-FURN') }));
    doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [furniture], D: { ON: [furniture] } }));
    page.node.set(PDFName.of('Resources'), doc.context.obj({ Properties: { furn: furniture } }));
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(LAYERED)));
    const { paths } = (await extract(await doc.save(), DPI)).primitives;
    const byHeight = paths.map((path) => [path.bbox[1] / 2, path.layer]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(byHeight).toEqual([
      [150, null],
      [150, 'A-FURN'],
      [200, 'A-FURN'],
      [250, 'A-FURN'],
    ]);
  });
});

describe('extractPrimitives on a rotated page', () => {
  it('follows /Rotate 90: PDF x runs down the sheet and PDF y runs right', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    page.setRotation(degrees(90));
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('0 G 50 60 m 150 80 l S')));
    const { info, primitives } = await extract(await doc.save(), DPI);
    expect([info.widthPx, info.heightPx]).toEqual([600, 800]);
    expectLines(primitives.paths[0].subpaths[0], [[120, 100], [160, 300]]);
  });
});

describe('extractPrimitives on strokes retraced back and forth', () => {
  // Some AutoCAD drivers stroke a wide pen by running over each line again and again: here 60
  // passes over one line, beside a zigzag that never retraces a piece and a triangle drawn closed.
  const content = [
    `0 G 1 w 20 20 m ${Array.from({ length: 30 }, () => '120 40 l 20 20 l').join(' ')} S`,
    '0 G 1 w 20 100 m 60 140 l 100 100 l 140 140 l S',
    '0 G 1 w 200 100 m 260 100 l 230 150 l h S',
  ].join('\n');

  async function retracedPdf(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content)));
    return doc.save();
  }

  it('keeps each straight piece once, as drawn or cleaned, and leaves other strokes alone', async () => {
    const pdf = await retracedPdf();
    for (const cleanUp of [false, true]) {
      const { paths } = (await extract(pdf, DPI, { cleanUp })).primitives;
      const pieces = paths.map((path) => path.subpaths.map((subpath) => subpath.segments.length));
      expect(pieces).toEqual([[1], [3], [2]]);
      const [retraced] = paths[0].subpaths[0].segments;
      expectPoint(retraced.from, bp(20, 20));
      expectPoint(retraced.to, bp(120, 40));
      expect(paths[2].subpaths[0].closed).toBe(true);
    }
  });
});

describe('dashWithPhase', () => {
  it('starts the pattern at zero whatever the phase', () => {
    expect(dashWithPhase([6, 3], 0)).toEqual([6, 3]);
    expect(dashWithPhase([6, 3], 7)).toEqual([0, 2, 6, 1]);
    expect(dashWithPhase([6, 3], 9 * 5 + 2)).toEqual([4, 3, 2, 0]);
    expect(dashWithPhase([5], 2)).toEqual([3, 5, 2, 0]);
    expect(dashWithPhase([], 0)).toBeNull();
    expect(dashWithPhase([0, 0], 0)).toBeNull();
  });
});

describe('clean-up of paths', () => {
  const stroke = { width: 1, color: [0, 0, 0, 1] as RGBA, dash: null };
  const line = (index: number, from: Position, to: Position): VectorPath => ({
    index,
    subpaths: [{ segments: [{ kind: 'line', from, to }], closed: false }],
    stroke,
    fill: null,
    clip: null,
    bbox: [Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.max(from[0], to[0]), Math.max(from[1], to[1])],
    layer: null,
  });

  it('does not join the chords of a flattened circle, which only touch end to end', () => {
    const radius = 200;
    const chords = Array.from({ length: 360 }, (_, i) => {
      const a = (i * Math.PI) / 180;
      const b = ((i + 1) * Math.PI) / 180;
      return line(i, [radius * Math.cos(a), radius * Math.sin(a)], [radius * Math.cos(b), radius * Math.sin(b)]);
    });
    expect(mergeDuplicatePaths(chords)).toHaveLength(360);
  });

  it('joins a line split into overlapping pieces only with pieces of the same style', () => {
    const pieces = [line(0, [0, 0], [60, 0]), line(1, [50, 0.02], [120, 0]), line(2, [110, 0], [200, 0])];
    const red = { ...line(3, [10, 0], [190, 0]), stroke: { ...stroke, color: [255, 0, 0, 1] as RGBA } };
    const merged = mergeDuplicatePaths([...pieces, red]);
    expect(merged).toHaveLength(2);
    expect(merged[0].subpaths[0].segments[0]).toMatchObject({ from: [0, 0], to: [200, 0] });
    expect(merged[1].stroke!.color).toEqual([255, 0, 0, 1]);
  });

  it('keeps white fills, which mask what lies under them', () => {
    const mask = { ...line(0, [0, 0], [10, 10]), stroke: null, fill: { color: [255, 255, 255, 1] as RGBA, evenOdd: false } };
    mask.subpaths = [{ segments: [{ kind: 'line', from: [0, 0], to: [10, 0] }, { kind: 'line', from: [10, 0], to: [10, 10] }], closed: true }];
    expect(dropInvisiblePaths([mask], [0, 0, 100, 100])).toHaveLength(1);
  });
});

describe('on a real sheet (first-floor.pdf)', () => {
  let sheet: OpenSheet;
  let primitives: SheetPrimitives;
  let rawCount: number;

  beforeAll(async () => {
    sheet = await openSheet(new Uint8Array(await readFile(FIRST_FLOOR)), 150);
    rawCount = (await extractPrimitives(sheet, { cleanUp: false })).paths.length;
    primitives = await extractPrimitives(sheet);
  });

  afterAll(() => sheet.close());

  it('returns a plausible number of paths, all finite and on the page', () => {
    const { widthPx, heightPx } = sheet.info;
    expect(primitives.paths.length).toBeGreaterThan(500);
    expect(primitives.paths.length).toBeLessThan(rawCount);
    const margin = 0.01 * Math.max(widthPx, heightPx);
    for (const path of primitives.paths) {
      for (const subpath of path.subpaths) {
        for (const segment of subpath.segments) {
          const points = segment.kind === 'line' ? [segment.from, segment.to] : [segment.from, segment.c1, segment.c2, segment.to];
          for (const [x, y] of points) {
            expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
            expect(x >= -margin && x <= widthPx + margin && y >= -margin && y <= heightPx + margin).toBe(true);
          }
        }
      }
    }
  });

  it('matches the ink of poppler’s rendering of the page', async () => {
    const dpi = 20;
    const { stdout } = await promisify(execFile)('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', FIRST_FLOOR], {
      encoding: 'buffer',
    });
    const { data, info } = await sharp(stdout).greyscale().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const scale = dpi / sheet.info.dpi;
    const ink = Uint8Array.from(data, (luma) => (luma < 160 ? 1 : 0));
    const drawn = new Uint8Array(width * height);
    const darkStrokeSamples: number[] = [];
    for (const segment of flattenSegments(primitives.paths, { curveTolerance: 1 })) {
      const path = primitives.paths[segment.pathIndex];
      const darkStroke = path.stroke !== null && Math.max(...path.stroke.color.slice(0, 3)) < 100;
      const steps = Math.ceil(2 * scale * Math.hypot(segment.to[0] - segment.from[0], segment.to[1] - segment.from[1])) + 1;
      for (let i = 0; i <= steps; i++) {
        const x = Math.floor(scale * (segment.from[0] + ((segment.to[0] - segment.from[0]) * i) / steps));
        const y = Math.floor(scale * (segment.from[1] + ((segment.to[1] - segment.from[1]) * i) / steps));
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        drawn[y * width + x] = 1;
        if (darkStroke) darkStrokeSamples.push(y * width + x);
      }
    }
    const nearInk = dilate(ink, width, height, 2);
    const nearDrawn = dilate(drawn, width, height, 2);
    const inkPixels = ink.reduce((sum, value) => sum + value, 0);
    const inkExplained = ink.reduce((sum, value, i) => sum + (value & nearDrawn[i]), 0) / inkPixels;
    const strokesOnInk = darkStrokeSamples.filter((i) => nearInk[i]).length / darkStrokeSamples.length;
    // The sheet's text is not vector paint, so a little ink stays unexplained.
    expect(inkExplained).toBeGreaterThan(0.95);
    expect(strokesOnInk).toBeGreaterThan(0.98);
  });

  it('builds a spatial index that finds what a scan of every path finds', () => {
    const index = buildSpatialIndex(primitives.paths);
    const { widthPx, heightPx } = sheet.info;
    for (let i = 0; i < 8; i++) {
      const x = ((i * 0.37) % 1) * widthPx;
      const y = ((i * 0.61) % 1) * heightPx;
      const query: BBox = [x, y, x + widthPx / 6, y + heightPx / 6];
      const expected = primitives.paths.filter(
        ({ bbox }) => bbox[0] <= query[2] && bbox[2] >= query[0] && bbox[1] <= query[3] && bbox[3] >= query[1],
      );
      expect(index.search(query)).toEqual(expected);
    }
    const centre: Position = [widthPx / 2, heightPx / 2];
    const [nearest] = index.neighbors(centre, 1);
    const distance = ({ bbox }: VectorPath) =>
      Math.hypot(Math.max(bbox[0] - centre[0], 0, centre[0] - bbox[2]), Math.max(bbox[1] - centre[1], 0, centre[1] - bbox[3]));
    expect(distance(nearest)).toBeCloseTo(Math.min(...primitives.paths.map(distance)), 6);
  });

  it('flattens curves into chords that stay within the tolerance of the curve', () => {
    const curved = primitives.paths.filter((path) => path.subpaths.some((subpath) => subpath.segments.some((s) => s.kind === 'cubic')));
    expect(curved.length).toBeGreaterThan(0);
    const tolerance = 0.25;
    for (const path of curved.slice(0, 50)) {
      const chords = flattenSegments([path], { curveTolerance: tolerance });
      for (const subpath of path.subpaths) {
        for (const segment of subpath.segments) {
          if (segment.kind !== 'cubic') continue;
          for (let t = 0; t <= 1; t += 0.05) {
            const u = 1 - t;
            const point: Position = [0, 1].map(
              (axis) => u * u * u * segment.from[axis] + 3 * u * u * t * segment.c1[axis] + 3 * u * t * t * segment.c2[axis] + t * t * t * segment.to[axis],
            ) as Position;
            expect(Math.min(...chords.map((chord) => distanceToChord(point, chord.from, chord.to)))).toBeLessThanOrEqual(tolerance + 1e-9);
          }
        }
      }
      expect(chords.every((chord) => chord.pathIndex === path.index)).toBe(true);
    }
  });
});

function distanceToChord(point: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy);
}

/** 1 within `radius` pixels (square neighbourhood) of a 1 in `mask`. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(height - 1, y + radius); yy++) {
        out.fill(1, yy * width + Math.max(0, x - radius), yy * width + Math.min(width - 1, x + radius) + 1);
      }
    }
  }
  return out;
}

describe('pdf.js in this process', () => {
  it("leaves the engine's own Array.prototype.push in place once a sheet is open", async () => {
    // core-js in pdf.js's legacy build and worker swaps push for a script version on Node 20,
    // which slowed every array in recognition. It differs where push meets a frozen length.
    const probe = "(() => { try { Object.defineProperty([], 'length', { writable: false }).push(); return 'returned'; } catch (error) { return error.name; } })()";
    const sheet = await openSheet(new Uint8Array(await readFile(FIRST_FLOOR)), 150);
    await sheet.close();
    expect((0, eval)(probe)).toBe(runInNewContext(probe));
  });
});
