// Fixture symbols found in real PDF linework: sheets are drawn here with pdf-lib, each symbol at
// several rotations among furniture that must not be taken for a fixture, then read back through
// the pipeline (openSheet → extractPrimitives/extractWords → detectFixtures).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import polygonClipping from 'polygon-clipping';
import type { Pair } from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import { polygonArea } from '../../core/src/measure.ts';
import type { Position, Scale } from '../../core/src/types.ts';
import { circlePath, ellipsePath, mapPath, Pen, polylinePath, rectPath, roundedRectPath, type PathCommand } from '../../bench/synth/draw.ts';
import { openSheet } from '../src/pipeline/pdf.ts';
import { extractWords } from '../src/pipeline/text.ts';
import { extractPrimitives } from '../src/pipeline/vectors.ts';
import { detectFixtures } from '../src/pipeline/recognize/fixtures.ts';
import type { FixtureDetection, FixtureSubClass, RoomDetection } from '../src/pipeline/recognize/model.ts';
import { detectTopology } from '../src/pipeline/recognize/topology-detect.ts';
import { recognizeSheet } from '../src/pipeline/recognize.ts';
import { detectScale } from '../src/pipeline/scale.ts';
import { interiorPoint, pointInPolygon } from '../src/pipeline/recognize/geom-basics.ts';
import { realPage, realplans } from './support/realplans.ts';

const DPI = 150;
/** The sheets are drawn at 1:50. */
const UNITS_PER_METRE = DPI / 0.0254 / 50;
const METRES_PER_UNIT = 1 / UNITS_PER_METRE;

/** A symbol in metres: x across its width, y into its depth; each entry is one painted path. */
interface SymbolDrawing {
  width: number;
  depth: number;
  paths: PathCommand[][];
  label?: string;
}

const line = (a: Position, b: Position): PathCommand[] => polylinePath([a, b]);

const FIXTURES: Record<FixtureSubClass, SymbolDrawing> = {
  // Tank, bowl and seat as three subpaths of one path.
  toilet: {
    width: 0.52,
    depth: 0.74,
    paths: [[...rectPath(0.01, 0, 0.51, 0.2), ...ellipsePath([0.26, 0.47], 0.19, 0.27), ...ellipsePath([0.26, 0.49], 0.13, 0.19)]],
  },
  sink: { width: 0.55, depth: 0.45, paths: [rectPath(0, 0, 0.55, 0.45), ellipsePath([0.275, 0.25], 0.2, 0.15), circlePath([0.275, 0.25], 0.02)] },
  bathtub: {
    width: 1.6,
    depth: 0.72,
    paths: [rectPath(0, 0, 1.6, 0.72), roundedRectPath(0.06, 0.06, 1.54, 0.66, 0.18), circlePath([1.4, 0.36], 0.03)],
  },
  shower: { width: 0.9, depth: 0.9, paths: [rectPath(0, 0, 0.9, 0.9), line([0, 0], [0.9, 0.9]), line([0.9, 0], [0, 0.9]), circlePath([0.45, 0.45], 0.04)] },
  cooktop: {
    width: 0.6,
    depth: 0.52,
    paths: [rectPath(0, 0, 0.6, 0.52), circlePath([0.16, 0.15], 0.1), circlePath([0.44, 0.15], 0.07), circlePath([0.16, 0.38], 0.07), circlePath([0.44, 0.38], 0.1)],
  },
  stairs: {
    width: 2.7,
    depth: 1.0,
    paths: [rectPath(0, 0, 2.7, 1.0), ...Array.from({ length: 9 }, (_, k) => line([0.27 * (k + 1), 0], [0.27 * (k + 1), 1.0])), line([0.1, 0.5], [2.55, 0.5])],
    label: 'UP',
  },
  elevator: { width: 1.7, depth: 1.6, paths: [rectPath(0, 0, 1.7, 1.6), line([0, 0], [1.7, 1.6]), line([1.7, 0], [0, 1.6])] },
};

const KITCHEN_SINK: SymbolDrawing = {
  width: 0.9,
  depth: 0.5,
  paths: [rectPath(0, 0, 0.9, 0.5), roundedRectPath(0.05, 0.1, 0.43, 0.45, 0.05), roundedRectPath(0.47, 0.1, 0.85, 0.45, 0.05)],
};

const FURNITURE: SymbolDrawing[] = [
  // Bed with pillows and a folded-back sheet.
  { width: 1.6, depth: 2.0, paths: [rectPath(0, 0, 1.6, 2.0), roundedRectPath(0.1, 0.06, 0.75, 0.4, 0.06), roundedRectPath(0.85, 0.06, 1.5, 0.4, 0.06), line([0, 0.55], [1.6, 0.55])] },
  // Table with six chairs.
  {
    width: 1.8,
    depth: 1.9,
    paths: [rectPath(0, 0.5, 1.8, 1.4), ...[0.3, 0.9, 1.5].flatMap((x) => [rectPath(x - 0.21, 0.06, x + 0.21, 0.46), rectPath(x - 0.21, 1.44, x + 0.21, 1.84)])],
  },
  // Sofa with back and arms.
  { width: 2.0, depth: 0.85, paths: [rectPath(0, 0, 2.0, 0.85), rectPath(0.15, 0, 1.85, 0.22), line([0.15, 0.22], [0.15, 0.85]), line([1.85, 0.22], [1.85, 0.85]), line([1.0, 0.22], [1.0, 0.85])] },
  // Desk and its round chair.
  { width: 1.4, depth: 1.3, paths: [rectPath(0, 0, 1.4, 0.7), circlePath([0.7, 0.98], 0.24)] },
  // A door leaf and its swing.
  { width: 0.9, depth: 0.9, paths: [line([0, 0], [0, 0.9]), [['M', [0, 0.9]], ...mapPath(quarterArc(), ([x, y]) => [x * 0.9, y * 0.9])]] },
];

/** A unit quarter circle around the origin from (0, 1) to (1, 0), as one cubic. */
function quarterArc(): PathCommand[] {
  const k = 0.5523;
  return [['C', [k, 1], [1, k], [1, 0]]];
}

interface Placement {
  drawing: SymbolDrawing;
  origin: Position;
  degrees: number;
}

function placer({ origin, degrees }: Placement): (p: Position) => Position {
  const a = (degrees * Math.PI) / 180;
  return ([x, y]) => [origin[0] + UNITS_PER_METRE * (x * Math.cos(a) - y * Math.sin(a)), origin[1] + UNITS_PER_METRE * (x * Math.sin(a) + y * Math.cos(a))];
}

/** The placed symbol's outline, closed. */
function outline(placement: Placement): Position[] {
  const at = placer(placement);
  const { width: w, depth: d } = placement.drawing;
  return [at([0, 0]), at([w, 0]), at([w, d]), at([0, d]), at([0, 0])];
}

interface Extra {
  /** Straight strokes in blueprint units, each its own path. */
  lines?: [Position, Position][];
  words?: { text: string; at: Position }[];
}

async function sheetWith(placements: Placement[], extra: Extra = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([36 * 72, 24 * 72]);
  const font: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  const pen = new Pen(page);
  const style = { widthMm: 0.18 };
  for (const placement of placements) {
    const at = placer(placement);
    for (const path of placement.drawing.paths) pen.stroke(mapPath(path, at), style);
    if (placement.drawing.label) pen.text(placement.drawing.label, at([0.4, 0.75]), { font, sizePt: 7, angle: -placement.degrees });
  }
  for (const [a, b] of extra.lines ?? []) pen.line(a, b, style);
  for (const { text, at } of extra.words ?? []) pen.text(text, at, { font, sizePt: 8 });
  return doc.save();
}

async function detect(pdf: Uint8Array, metresPerUnit: number | null): Promise<FixtureDetection[]> {
  const sheet = await openSheet(pdf, DPI);
  try {
    const [primitives, words] = await Promise.all([extractPrimitives(sheet), extractWords(sheet)]);
    return detectFixtures({ primitives, words, info: sheet.info, metresPerUnit });
  } finally {
    await sheet.close();
  }
}

function iou(a: Position[], b: Position[]): number {
  const common = polygonClipping.intersection([a as Pair[]], [b as Pair[]]).reduce((sum, p) => sum + polygonArea(p), 0);
  return common / (polygonArea([a]) + polygonArea([b]) - common);
}

const ANGLES = [0, 90, 33, 200];
const SPACING = 4 * UNITS_PER_METRE;

/** Every fixture kind (and a kitchen sink) in a row at each angle, furniture in the last rows. */
function catalogueSheet(): { placements: Placement[]; expected: { placement: Placement; subClass: FixtureSubClass }[] } {
  const rows: [SymbolDrawing, FixtureSubClass | null][] = [
    ...Object.entries(FIXTURES).map(([subClass, drawing]) => [drawing, subClass as FixtureSubClass] as [SymbolDrawing, FixtureSubClass]),
    [KITCHEN_SINK, 'sink'],
    ...FURNITURE.map((drawing) => [drawing, null] as [SymbolDrawing, null]),
  ];
  const placements: Placement[] = [];
  const expected: { placement: Placement; subClass: FixtureSubClass }[] = [];
  rows.forEach(([drawing, subClass], row) => {
    ANGLES.forEach((degrees, column) => {
      // Rows of 13 spread over two bands of columns so everything fits on an ARCH D sheet.
      const band = row % 2;
      const placement: Placement = { drawing, degrees, origin: [300 + (band * 4 + column) * SPACING * 0.75, 250 + Math.floor(row / 2) * SPACING * 0.75] };
      placements.push(placement);
      if (subClass) expected.push({ placement, subClass });
    });
  });
  return { placements, expected };
}

function expectFound(found: FixtureDetection[], expected: { placement: Placement; subClass: FixtureSubClass }[]): void {
  const unmatched = [...found];
  for (const { placement, subClass } of expected) {
    const truth = outline(placement);
    const match = unmatched.findIndex((detection) => detection.subClass === subClass && iou(detection.polygon, truth) >= 0.8);
    expect(match, `${subClass} at ${placement.degrees}°`).toBeGreaterThanOrEqual(0);
    unmatched.splice(match, 1);
  }
  // Nothing else: no furniture, door swing or part of a symbol reported on its own.
  expect(unmatched.map((d) => d.subClass)).toEqual([]);
}

describe('detectFixtures', () => {
  const { placements, expected } = catalogueSheet();
  let catalogue: Promise<Uint8Array> | null = null;
  const catalogueBytes = () => (catalogue ??= sheetWith(placements));

  it('finds every fixture kind at every rotation with the sheet scale, and no furniture', async () => {
    const found = await detect(await catalogueBytes(), METRES_PER_UNIT);
    expectFound(found, expected);
    for (const detection of found) {
      expect(detection.polygon).toHaveLength(5);
      expect(detection.polygon[0]).toEqual(detection.polygon[4]);
    }
    expect(new Set(found.map((d) => d.id)).size).toBe(found.length);
  });

  it('finds them without a scale too, judging sizes by the toilets', async () => {
    expectFound(await detect(await catalogueBytes(), null), expected);
  });

  it('rejects symbols of the right shape at an implausible size', async () => {
    // The same sheet read as if drawn at 1:10: every symbol five times too small for its kind.
    const found = await detect(await catalogueBytes(), METRES_PER_UNIT / 5);
    expect(found.filter((d) => d.subClass !== 'stairs')).toEqual([]);
  });

  it('decides a group of identical symbols from a label printed by one of them', async () => {
    // Square boxes with both diagonals: a shaft, a lift or a shower, which only size or a label tells.
    const boxes = [0, 1, 2].map((k): Placement => ({ drawing: FIXTURES.elevator, degrees: k * 90, origin: [600 + k * SPACING, 900] }));
    const labelled = await sheetWith(boxes, { words: [{ text: 'ELEV', at: [600, 1180] }] });
    const bare = await sheetWith(boxes);
    const found = await detect(labelled, null);
    expect(found.map((d) => d.subClass)).toEqual(['elevator', 'elevator', 'elevator']);
    for (const box of boxes) expect(found.some((d) => iou(d.polygon, outline(box)) >= 0.8)).toBe(true);
    expect(await detect(bare, null)).toEqual([]);
  });

  it('assembles symbols drawn as separate strokes', async () => {
    // A shower whose frame and diagonals are six paths, the diagonals ending on the corners, as many CAD exports write them.
    const u = UNITS_PER_METRE;
    const [x, y] = [800, 800];
    const corners: Position[] = [
      [x, y],
      [x + 0.9 * u, y],
      [x + 0.9 * u, y + 0.9 * u],
      [x, y + 0.9 * u],
    ];
    const lines: [Position, Position][] = [...corners.map((c, i): [Position, Position] => [c, corners[(i + 1) % 4]]), [corners[0], corners[2]], [corners[1], corners[3]]];
    const words = [{ text: 'SHOWER', at: [x + 0.1 * u, y + 1.2 * u] as Position }];
    const found = await detect(await sheetWith([], { lines, words }), METRES_PER_UNIT);
    expect(found.map((d) => d.subClass)).toEqual(['shower']);
    expect(iou(found[0].polygon, [...corners, corners[0]])).toBeGreaterThan(0.95);
    // With no drain and nothing saying so, the same cross marks a shaft or a tall cupboard as often.
    expect(await detect(await sheetWith([], { lines }), METRES_PER_UNIT)).toEqual([]);
  });

  it('does not take floor tiles, decking or a gauge for stairs', async () => {
    const u = UNITS_PER_METRE;
    const lines: [Position, Position][] = [];
    // A 3 m square of 0.3 m tiles.
    for (let k = 0; k <= 10; k++) {
      lines.push([[500 + k * 0.3 * u, 500], [500 + k * 0.3 * u, 500 + 3 * u]]);
      lines.push([[500, 500 + k * 0.3 * u], [500 + 3 * u, 500 + k * 0.3 * u]]);
    }
    // A deck of thirty 2 m boards at 0.3 m centres.
    for (let k = 0; k < 30; k++) lines.push([[1500 + k * 0.3 * u, 500], [1500 + k * 0.3 * u, 500 + 2 * u]]);
    // A gauge: eight ticks spaced like treads, standing on a base line, free at their other end.
    lines.push([[3000, 900], [3000 + 7 * 0.28 * u, 900]]);
    for (let k = 0; k < 8; k++) lines.push([[3000 + k * 0.28 * u, 900], [3000 + k * 0.28 * u, 900 - u]]);
    // A real flight beside them, to show the lines are read at all.
    const flight: Placement = { drawing: FIXTURES.stairs, degrees: 0, origin: [600, 1200] };
    const found = await detect(await sheetWith([flight], { lines }), METRES_PER_UNIT);
    expect(found.map((d) => d.subClass)).toEqual(['stairs']);
    expect(iou(found[0].polygon, outline(flight))).toBeGreaterThan(0.8);
  });
});

describe('detectFixtures on dense real linework', () => {
  // nithish's A4 plan has 32k paths whose stroke ends chain into junctions of thousands of ends;
  // pairing them all used to exhaust the heap and kill the job's thread.
  it('classifies a dense furnished A4 plan within a bounded heap', async () => {
    const pdf = new Uint8Array(await readFile(path.join(realplans, 'nithish/floorplan.pdf')));
    const sheet = await openSheet(pdf, 150);
    try {
      const primitives = await extractPrimitives(sheet);
      expect(primitives.paths.length).toBeGreaterThan(30_000);
      const heapBefore = process.memoryUsage().heapUsed;
      const fixtures = detectFixtures({ primitives, words: await extractWords(sheet), info: sheet.info, metresPerUnit: null });
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(1024 * 1024 * 1024);
      for (const fixture of fixtures) expect(fixture.polygon.length).toBeGreaterThanOrEqual(4);
      // The bedside lamps (a circle crossed through its centre, in a square) are no sinks.
      expect(within(fixtures, [180, 168, 200, 190])).toEqual([]);
      expect(within(fixtures, [270, 425, 295, 450])).toEqual([]);
      // Nor are the telephones on the other tables: a rounded outline in a box, full of keys.
      expect(within(fixtures, [274, 170, 296, 190])).toEqual([]);
      expect(within(fixtures, [180, 430, 201, 448])).toEqual([]);
    } finally {
      await sheet.close();
    }
  });
});

describe('detectFixtures on an ArchiCAD bathroom', () => {
  // archicad-atrium's KOPALNICA (M 1:50): a basin in a counter box whose corner the wall's stub and
  // hatching also end at, a shower tray (a square filled by a rounded tray, a drain in one
  // corner, one slope line) next to the toilet...
  it('closes a box whose corner other pens also end at, reads a tray with a drain as a shower and a quarter disc holding a basin as a corner bath', async () => {
    const pdf = new Uint8Array(await readFile(path.join(realplans, 'archicad-atrium/floor-plan.pdf')));
    const sheet = await openSheet(pdf, DPI);
    try {
      const found = detectFixtures({ primitives: await extractPrimitives(sheet), words: await extractWords(sheet), info: sheet.info, metresPerUnit: METRES_PER_UNIT });
      const inBathroom = within(found, [660, 500, 850, 680]);
      // ... and a corner bath: a quarter disc along two walls holding its lobed basin and a drain.
      expect(inBathroom.map((fixture) => fixture.subClass).sort()).toEqual(['bathtub', 'shower', 'sink', 'toilet']);
      expect(within(found, [667, 592, 752, 677]).map((fixture) => fixture.subClass)).toEqual(['bathtub']);
      // The kitchen's sink is two bowls, each with its drain, side by side: one sink.
      expect(within(found, [990, 315, 1045, 345]).map((fixture) => fixture.subClass)).toEqual(['sink']);
    } finally {
      await sheet.close();
    }
  });

  it('takes no water heater in the technical room for a basin', async () => {
    const { fixtures } = await recognizedFixtures('archicad-atrium/floor-plan.pdf');
    // TEHNIČNA SOBA's tank: a circle with its connection at the centre, like a round basin's drain.
    expect(within(fixtures, [330, 440, 420, 500])).toEqual([]);
    expect(fixtures.map((fixture) => fixture.subClass).sort()).toEqual(['bathtub', 'shower', 'sink', 'sink', 'sink', 'toilet', 'toilet']);
  });

  it('finds toilets whose tank stands off the bowl on a drawn neck, and takes no planter for a sink (kumar, no scale)', async () => {
    const pdf = new Uint8Array(await readFile(path.join(realplans, 'kumar-g2-residential/ground-floor-plan.pdf')));
    const sheet = await openSheet(pdf, DPI);
    try {
      const found = detectFixtures({ primitives: await extractPrimitives(sheet), words: await extractWords(sheet), info: sheet.info, metresPerUnit: null });
      // A.TLT and C.TLT: a rounded cistern in its box, 5 pt above the bowl, joined by the pedestal's sides.
      expect(within(found, [200, 60, 230, 100]).map((fixture) => fixture.subClass)).toEqual(['toilet']);
      expect(within(found, [330, 445, 365, 490]).map((fixture) => fixture.subClass)).toEqual(['toilet']);
      // The living room's two planters: a circle of spokes round a small hub, in a square.
      expect(within(found, [195, 385, 225, 475])).toEqual([]);
      expect(found.filter((fixture) => fixture.subClass === 'bathtub')).toEqual([]);
    } finally {
      await sheet.close();
    }
  });

  it('reads a shower whose drain is a tiny circle written as an octagon, not an elevator (kirkland A3)', async () => {
    // The upper floor's bath: a square crossed by its diagonals with the drain at the crossing,
    // about (936–967, 198–225) pt. Read as a square with diagonals alone it was an elevator, in a house.
    const sheet = await openSheet(realPage('measurex/kirkland-sample-plans.pdf', 3), DPI);
    try {
      const found = detectFixtures({ primitives: await extractPrimitives(sheet), words: [], info: sheet.info, metresPerUnit: null });
      expect(within(found, [936, 198, 968, 226]).map((fixture) => fixture.subClass)).toEqual(['shower']);
      expect(found.filter((fixture) => fixture.subClass === 'elevator')).toEqual([]);
    } finally {
      await sheet.close();
    }
  });

  it('reads the kitchen\'s double sink, drawn with no drains and its rim cut where the tap crosses it, in a room named for a kitchen (ebrivera first-floor)', async () => {
    const sheet = await openSheet(new Uint8Array(await readFile(path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf'))), DPI);
    try {
      const scale: Scale = { drawing: 0.25, real: 1, units: 'imperial', type: 'architectural', label: '1/4" = 1\'-0"', manual_scaling_needed: false };
      const result = recognizeSheet({ info: sheet.info, primitives: await extractPrimitives(sheet), words: await extractWords(sheet), scale });
      const fixtures = result.geojson.features.filter((f) => f.properties.class === 'other' && f.properties.kind === 'object');
      const sinkAt = (x: number, y: number) =>
        fixtures.filter((f) => f.properties.sub_class === 'sink' && pointInPolygon([(x * DPI) / 72, (y * DPI) / 72], (f.geometry as { coordinates: Position[][] }).coordinates));
      // Two bowls 1'-4" × 10" side by side against the west wall of the kitchen, about (747, 247) pt.
      expect(sinkAt(747, 247)).toHaveLength(1);
      const kitchen = result.geojson.features.find((f) => f.properties.class === 'room' && f.properties.name === 'KITCHEN / DINING')!;
      expect(kitchen.properties.sub_class).toBe('wet room');
      // Two alike bowls drawn the same way stand on no bed and no sofa here; the only other sink is the WC's.
      expect(fixtures.filter((f) => f.properties.sub_class === 'sink')).toHaveLength(2);
    } finally {
      await sheet.close();
    }
  });

  it('reads a corner basin whose drain sits toward its back, and a range whose box lines overshoot (ebrivera first-floor)', async () => {
    const pdf = new Uint8Array(await readFile(path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf')));
    const sheet = await openSheet(pdf, DPI);
    try {
      const metresPerUnit = (0.0254 * 48) / DPI; // 1/4" = 1'-0"
      const found = detectFixtures({ primitives: await extractPrimitives(sheet), words: await extractWords(sheet), info: sheet.info, metresPerUnit });
      expect(within(found, [680, 200, 715, 235]).map((fixture) => fixture.subClass)).toEqual(['sink']);
      // The kitchen's range: four rings in a box whose top and bottom lines run on past its right
      // side, so the chain round it came back along them.
      expect(within(found, [836, 242, 874, 279]).map((fixture) => fixture.subClass)).toEqual(['cooktop']);
    } finally {
      await sheet.close();
    }
  });
});

describe('recognizeSheet on an AutoCAD plot not printed at its note\'s scale (polimi A101)', () => {
  it('judges fixture sizes by the scale its dimensions measure, awaiting confirmation: basins, a shower tray, a hob, a wall-hung toilet', async () => {
    const { scale, fixtures } = await recognizedFixtures('polimi-qms3/A101.pdf');
    expect(scale?.manual_scaling_needed).toBe(true);
    // The bathroom: a basin in its counter box, and a rounded tray with an off-centre drain and
    // slope lines filling a 0.9 m square, which with no size to go by read as a sink.
    expect(within(fixtures, [975, 385, 1035, 425]).map((fixture) => fixture.subClass)).toEqual(['sink']);
    expect(within(fixtures, [1090, 420, 1170, 490]).map((fixture) => fixture.subClass)).toEqual(['shower']);
    // A wall-hung bowl (no tank) at the wall: the plan names no room, but the shower says bathroom.
    expect(within(fixtures, [1120, 380, 1165, 420]).map((fixture) => fixture.subClass)).toEqual(['toilet']);
    // The kitchen: a sink whose rim is trimmed where its tap crosses it (the tap's stem points at
    // the basin's centre but stops at the rim), and a hob whose burners are dots where the pan
    // supports cross.
    expect(within(fixtures, [585, 385, 622, 421]).map((fixture) => fixture.subClass)).toEqual(['sink']);
    expect(within(fixtures, [632, 382, 677, 422]).map((fixture) => fixture.subClass)).toEqual(['cooktop']);
  });
});

describe('recognizeSheet on a plan whose scale is printed only in outlined text (ufpr)', () => {
  it('sizes symbols by the door swings, so the two flights of each stair are stairs', async () => {
    const { fixtures } = await recognizedFixtures('ufpr-mapabloco/planta.pdf', false);
    // Two U stairs beside the courtyard, each two flights of nine treads: with no size to go by,
    // a ladder of treads could as well be a tile row or a radiator.
    for (const [x, y] of [[613, 1162], [733, 1162], [613, 1830], [733, 1830]]) {
      expect(within(fixtures, [x - 25, y - 25, x + 25, y + 25]).map((fixture) => fixture.subClass), `near (${x}, ${y}) pt`).toEqual(['stairs']);
    }
    expect(fixtures.filter((fixture) => fixture.subClass === 'stairs')).toHaveLength(4);
  });
});

describe('detectFixtures on a Revit lab plan (purdue-lilyhall A121, 1/4" = 1\'-0")', () => {
  it('reads the benches\' square lab sinks, each its own box with the drain in the middle', async () => {
    const sheet = await openSheet(realPage('purdue-lilyhall/drawings.pdf', 5), DPI);
    try {
      const metresPerUnit = (0.0254 * 48) / DPI;
      const found = detectFixtures({ primitives: await extractPrimitives(sheet), words: await extractWords(sheet), info: sheet.info, metresPerUnit });
      // The two island benches' sinks and the one in the side bench, 0.4 × 0.5 m each.
      expect(within(found, [980, 930, 1015, 970]).map((fixture) => fixture.subClass)).toEqual(['sink']);
      expect(within(found, [980, 1110, 1015, 1150]).map((fixture) => fixture.subClass)).toEqual(['sink']);
      expect(found.map((fixture) => fixture.subClass)).toEqual(['sink', 'sink', 'sink']);
    } finally {
      await sheet.close();
    }
  });
});

describe('detectFixtures on outlines cut into fragments', () => {
  const u = UNITS_PER_METRE;
  // A toilet room 1.6 m × 2 m, its back wall at y = 1000 + 2 m.
  const [x0, y0] = [1000, 1000];
  const floor: RoomDetection['floor'] = [
    [
      [x0, y0],
      [x0 + 1.6 * u, y0],
      [x0 + 1.6 * u, y0 + 2 * u],
      [x0, y0 + 2 * u],
      [x0, y0],
    ],
  ];
  const room = (name: string | null): RoomDetection => ({
    id: 'room-1',
    polygon: floor,
    floor,
    name,
    labelWordIds: [],
    printedAreaM2: null,
    wallIds: [],
    openingIds: [],
  });
  // A wall-hung bowl, egg-shaped, 0.38 × 0.5 m, its back 0.12 m off the wall: the rim written as
  // 48 short pieces with hairline gaps between them, every fourth piece written twice, a little
  // offset, as Revit exports write it; no two ends meet.
  const bowl: [Position, Position][] = [];
  const centre: Position = [x0 + 0.8 * u, y0 + 2 * u - 0.12 * u - 0.2 * u];
  const rim = (k: number): Position => {
    const angle = (k * Math.PI) / 24;
    // The back half (toward the wall, +y) is blunter than the front.
    const reach = Math.sin(angle) > 0 ? 0.2 : 0.3;
    return [centre[0] + 0.19 * u * Math.cos(angle), centre[1] + reach * u * Math.sin(angle)];
  };
  for (let k = 0; k < 48; k++) {
    const [a, b] = [rim(k), rim(k + 1)];
    const end: Position = [a[0] + 0.75 * (b[0] - a[0]), a[1] + 0.75 * (b[1] - a[1])];
    bowl.push([a, end]);
    if (k % 4 === 0) bowl.push([[a[0] + 0.2, a[1] + 0.1], [end[0] + 0.2, end[1] + 0.1]]);
  }

  it('reads two bowls drawn without drains as a double sink only in a room named for it', async () => {
    // Two rounded bowls 0.38 × 0.35 m parted by a 0.04 m divider, no counter drawn round them:
    // a kitchen or vanity block that draws no drains, or a child's bed's pillows.
    const bowls: SymbolDrawing = { width: 0.8, depth: 0.35, paths: [roundedRectPath(0, 0, 0.38, 0.35, 0.05), roundedRectPath(0.42, 0, 0.8, 0.35, 0.05)] };
    const sheet = await openSheet(await sheetWith([{ drawing: bowls, origin: [x0 + 0.4 * u, y0 + 0.2 * u], degrees: 0 }]), DPI);
    try {
      const input = { primitives: await extractPrimitives(sheet), words: [], info: sheet.info, metresPerUnit: METRES_PER_UNIT };
      expect(detectFixtures({ ...input, rooms: [room('KITCHEN')] }).map((fixture) => fixture.subClass)).toEqual(['sink']);
      expect(detectFixtures({ ...input, rooms: [room('BEDROOM')] })).toEqual([]);
      expect(detectFixtures({ ...input, rooms: [room(null)] })).toEqual([]);
    } finally {
      await sheet.close();
    }
  });

  it('closes the rim again and reads a lone bowl at the wall of a room named for toilets as a toilet', async () => {
    const sheet = await openSheet(await sheetWith([], { lines: bowl }), DPI);
    try {
      const input = { primitives: await extractPrimitives(sheet), words: [], info: sheet.info, metresPerUnit: METRES_PER_UNIT };
      const found = detectFixtures({ ...input, rooms: [room('ACCESSIBLE TOILET')] });
      expect(found.map((fixture) => fixture.subClass)).toEqual(['toilet']);
      const [fx, fy] = found[0].polygon.slice(0, -1).reduce((sum, p) => [sum[0] + p[0] / 4, sum[1] + p[1] / 4], [0, 0]);
      expect(Math.hypot(fx - centre[0], fy - (centre[1] - 0.05 * u))).toBeLessThan(0.03 * u);
      // The same bowl in an office, or in a room with no name, is no toilet: an oval alone says too little.
      expect(detectFixtures({ ...input, rooms: [room('OFFICE')] })).toEqual([]);
      expect(detectFixtures({ ...input, rooms: [room(null)] })).toEqual([]);
    } finally {
      await sheet.close();
    }
  });
});

describe('detectFixtures on a roll-in shower (no tray: a floor drain and its slope lines)', () => {
  const u = UNITS_PER_METRE;
  const [x0, y0] = [1000, 1000];
  const floor: RoomDetection['floor'] = [[[x0, y0], [x0 + 2 * u, y0], [x0 + 2 * u, y0 + 2.4 * u], [x0, y0 + 2.4 * u], [x0, y0]]];
  const room = (name: string): RoomDetection => ({
    id: 'room-1',
    polygon: floor,
    floor,
    name,
    labelWordIds: [],
    printedAreaM2: null,
    wallIds: [],
    openingIds: [],
  });
  // A 0.1 m drain 0.55 m from two walls, slope lines from it to the corners of a 1.1 m wet floor,
  // under a 0.1 m tile grid that runs through the drain too.
  const drain: Position = [x0 + 0.55 * u, y0 + 0.55 * u];
  const lines: [Position, Position][] = [];
  for (let k = 0; k < 12; k++) {
    const at = (j: number): Position => [drain[0] + 0.05 * u * Math.cos((j * Math.PI) / 6), drain[1] + 0.05 * u * Math.sin((j * Math.PI) / 6)];
    lines.push([at(k), at(k + 1)]);
  }
  for (const corner of [[x0, y0], [x0 + 1.1 * u, y0], [x0, y0 + 1.1 * u], [x0 + 1.1 * u, y0 + 1.1 * u]] as Position[]) lines.push([drain, corner]);
  const tiles: [Position, Position][] = [];
  for (let k = 1; k < 20; k++) tiles.push([[x0 + k * 0.1 * u, y0], [x0 + k * 0.1 * u, y0 + 2.4 * u]], [[x0, y0 + k * 0.1 * u], [x0 + 2 * u, y0 + k * 0.1 * u]]);

  it('reads the drain and its slope lines as a shower in a shower room, across the tile grid, and nowhere else', async () => {
    const sheet = await openSheet(await sheetWith([], { lines: [...lines, ...tiles] }), DPI);
    try {
      const input = { primitives: await extractPrimitives(sheet), words: [], info: sheet.info, metresPerUnit: METRES_PER_UNIT };
      const found = detectFixtures({ ...input, rooms: [room('SHOWER ROOM')] });
      expect(found.map((fixture) => fixture.subClass)).toEqual(['shower']);
      expect(pointInPolygon(drain, [found[0].polygon])).toBe(true);
      expect(detectFixtures({ ...input, rooms: [room('JANITOR')] })).toEqual([]);
    } finally {
      await sheet.close();
    }
  });
});

describe('detectFixtures on a Revit finish plan (va-finish-plan, 1/8" = 1\'-0")', () => {
  it('finds the wall-hung toilets, lavatories and roll-in showers of the toilet rooms, whose rims are cut into fragments, and no toilet or shower elsewhere', async () => {
    const pdf = new Uint8Array(await readFile(path.join(realplans, 'va-finish-plan/sample-finish-plan.pdf')));
    const sheet = await openSheet(pdf, DPI);
    try {
      const [primitives, words] = [await extractPrimitives(sheet), await extractWords(sheet)];
      const metresPerUnit = (0.0254 * 96) / DPI;
      const { rooms } = detectTopology({ info: sheet.info, primitives, words, metresPerUnit });
      const found = detectFixtures({ primitives, words, info: sheet.info, metresPerUnit, rooms });
      const toilets = found.filter((fixture) => fixture.subClass === 'toilet');
      expect(toilets.length).toBeGreaterThanOrEqual(8);
      // TOILET 137A's bowl stands at its south wall.
      expect(within(toilets, [1285, 565, 1305, 585])).toHaveLength(1);
      // Their roll-in showers have no tray: a floor drain with slope lines through it toward the
      // wet floor's corners (ABA TOILET 138A's at 1551.7, 509 pt), across a tile grid.
      const showers = found.filter((fixture) => fixture.subClass === 'shower');
      expect(showers.length).toBeGreaterThanOrEqual(6);
      expect(within(showers, [1545, 500, 1558, 515])).toHaveLength(1);
      for (const fixture of [...toilets, ...showers]) {
        const at = fixture.polygon[0];
        const holder = rooms.find((candidate) => pointInPolygon(interiorPoint([fixture.polygon]), candidate.polygon));
        expect(holder?.name ?? `nothing at ${at.map((v) => ((v * 72) / DPI).toFixed(0))}`).toMatch(/TOILET/);
      }
      // Their lavatories: an oval bowl in a counter, its pop-up drain on the rim at the back
      // between the two taps, outside the bowl's outline. One of them passed for a wall-hung toilet.
      for (const [x, y] of [[1608, 428], [1917, 503], [1327, 521], [2210, 889]]) {
        expect(within(found, [x - 8, y - 8, x + 8, y + 8]).map((fixture) => fixture.subClass), `at (${x}, ${y}) pt`).toEqual(['sink']);
      }
    } finally {
      await sheet.close();
    }
  });
});

/** Fixtures whose centre lies in a box given in PDF points. */
/** The fixtures the whole recognition stage reports on a real drawing, with the scale detected on it (or none). */
async function recognizedFixtures(file: string, withScale = true): Promise<{ scale: Scale | null; fixtures: FixtureDetection[] }> {
  const sheet = await openSheet(new Uint8Array(await readFile(path.join(realplans, file))), DPI);
  try {
    const [primitives, words] = [await extractPrimitives(sheet), await extractWords(sheet)];
    const scale = withScale ? detectScale({ words, primitives, info: sheet.info }).scale : null;
    const { geojson } = recognizeSheet({ info: sheet.info, primitives, words, scale });
    const fixtures = geojson.features
      .filter((feature) => feature.properties.class === 'other' && feature.properties.sub_class && feature.geometry?.type === 'Polygon')
      .map((feature) => ({ id: feature.properties.id, subClass: feature.properties.sub_class as FixtureSubClass, polygon: (feature.geometry as { coordinates: Position[][] }).coordinates[0] }));
    return { scale, fixtures };
  } finally {
    await sheet.close();
  }
}

function within(found: FixtureDetection[], box: number[]): FixtureDetection[] {
  const [x0, y0, x1, y1] = box.map((v) => (v * DPI) / 72);
  return found.filter((fixture) => {
    const ring = fixture.polygon.slice(0, -1);
    const [x, y] = [ring.reduce((sum, p) => sum + p[0], 0) / ring.length, ring.reduce((sum, p) => sum + p[1], 0) / ring.length];
    return x > x0 && x < x1 && y > y0 && y < y1;
  });
}
