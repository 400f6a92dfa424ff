// npm run bench:accuracy [-- --count 24 --seed 1 --renders 4 --area-plans 4 --outlined 6]
//
// Recognition accuracy of the real pipeline (openSheet → readSheetWords → extractPrimitives →
// detectScale → recognizeSheet → withMeasurements, page 1 at 150 dpi):
//
// 1. Generated sheets (bench/synth, exact truth): per class precision / recall / F1.
//    - rooms match one to one at IoU ≥ 0.5 (best pairs first); the room-area error is
//      |measured area_m2 − true area_m2| / true area_m2 over matched rooms (median and p90), and
//      again with the true scale, which isolates the polygons from the scale detection; a matched
//      room's name is right when it is the name printed in it (corridors lettered up the sheet too);
//    - openings are thin quads, whose IoU collapses with a unit of offset across the wall: an
//      opening matches at IoU ≥ 0.5 OR with its centre within half the true opening's width of
//      the true centre; the sub-class is scored separately among matched openings;
//    - fixtures match with the same sub-class, at IoU ≥ 0.5 with the true symbol's box, or with
//      centres within half its shorter side (thin stairs outlines);
//    - walls are scored by area: precision = |detected ∩ true| / |detected|, recall over |true|,
//      the true wall material being the wall pieces less the openings cut through them;
//    - the footprint by IoU and area error;
//    - the scale is right when its metres per unit is within 0.5 % of the truth and not flagged
//      for manual scaling, or, where the sheet prints no scale, when none (or a flagged one) is
//      returned; a scale inferred from dimensions on such a sheet is reported apart, with whether
//      its value is right (room-area errors there are the scale's);
//    - the time per sheet of each stage.
//    Then area plans (`--area-plans`, 4 by default): the first suite sheets again, each room
//    labelled with its gross area (to the centre lines of shared walls, the outer face outside);
//    rooms match as above, and each one's area_m2 is compared with the gross area its label prints.
//    Then outlined sheets (`--outlined`, 6 by default): the first suite sheets again with their
//    lettering turned into outlines by Ghostscript (-dNoOutputFonts), as many CAD exports draw it,
//    so their words, scale note and dimensions are read by OCR; scored as the generated sheets.
// 2. Real drawings, each room's measured area beside the area printed on the sheet:
//    asheville page 1 (13 rooms, located by their printed "W x L  N sq ft" label) and pages 2 to 4
//    (the same rooms, one floor a page at a larger scale with its own scale bar), the VA finish
//    plan (9 printed SF tags, and the third-party reviewed polygons of va-finish-plan.json, each
//    compared with the detected room that overlaps it best, by IoU), ebrivera first-floor (footprint 32' × 16' = 512 SF).
//    Sheets that stamp rooms with their areas in m² (archicad-atrium, zeidler-a214): every stamp
//    beside the room it lies in. The fixtures found on each, and on the VA plan, whose toilet rooms
//    each hold one toilet, how many rooms labelled TOILET hold one and how many toilets stand elsewhere.
//    nithish, which prints no scale but each room's width × length: the scale its rooms offer, and
//    each sized room's area at that scale beside its printed size.
// 3. Real sheets that draw no plan (a cover sheet's axonometric view, notes, a schedule, elevations,
//    sections): every room, wall and fixture found there is a false one.
//
// Prints tables, writes bench/out/accuracy.json, and draws the detections of each real sheet
// and of the first `--renders` generated ones over the sheet in bench/out/accuracy/*.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Region } from 'sharp';
import { metresPerUnit, polygonArea, withMeasurements } from '../core/src/measure.ts';
import { bboxRing, pointInPolygon } from '../core/src/geometry.ts';
import type { BlueprintFeature, BlueprintFeatureCollection, BlueprintWord, Position, Scale } from '../core/src/types.ts';
import { openSheet, type OpenSheet } from '../server/src/pipeline/pdf.ts';
import { recognizeSheet } from '../server/src/pipeline/recognize.ts';
import { ringBBox } from '../server/src/pipeline/recognize/geom-basics.ts';
import { differenceOf, intersectionOf, multiPolygonArea, unionAll } from '../server/src/pipeline/recognize/geom-clip.ts';
import { renderSheet, scaledPng } from '../server/src/pipeline/render.ts';
import { detectScale } from '../server/src/pipeline/scale.ts';
import { assembleLines, centreOf } from '../server/src/pipeline/scale/lines.ts';
import { printedRoomSize } from '../server/src/pipeline/scale/room-sizes.ts';
import { readSheetWords } from '../server/src/pipeline/words.ts';
import type { SheetWord } from '../server/src/pipeline/types.ts';
import { extractPrimitives } from '../server/src/pipeline/vectors.ts';
import { generateSheet, suiteOptions, type SheetTruth } from './synth/generate.ts';
import { withOutlinedText } from '../server/test/support/outlined.ts';
import { realPage, realplans } from '../server/test/support/realplans.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'bench/out');
const renderDir = path.join(outDir, 'accuracy');
const DPI = 150;
const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;
/** Largest side of the overlay PNGs: enough to read room labels on an ARCH D sheet. */
const RENDER_MAX_SIDE = 3200;

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    renders: { type: 'string', default: '4' },
    'area-plans': { type: 'string', default: '4' },
    outlined: { type: 'string', default: '6' },
  },
});
const COUNT = Number(values.count);
const SEED = Number(values.seed);
const RENDERS = Number(values.renders);
const AREA_PLANS = Number(values['area-plans']);
const OUTLINED = Number(values.outlined);
if (![COUNT, SEED, RENDERS, AREA_PLANS, OUTLINED].every(Number.isInteger) || COUNT < 0 || RENDERS < 0 || AREA_PLANS < 0 || OUTLINED < 0) {
  console.error('usage: accuracy.ts [--count N] [--seed S] [--renders K] [--area-plans P] [--outlined O]');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// The pipeline

interface PipelineRun {
  words: SheetWord[];
  scale: Scale | null;
  geojson: BlueprintFeatureCollection;
  linkedWords: BlueprintWord[];
  warnings: string[];
  seconds: Record<string, number>;
}

async function timed<T>(seconds: Record<string, number>, stage: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const value = await work();
  seconds[stage] = (performance.now() - start) / 1000;
  return value;
}

/** Runs every stage on page 1; `render` draws the result over the sheet once the clock has stopped. */
async function runPipeline(pdf: Uint8Array, render?: (sheet: OpenSheet, run: PipelineRun) => Promise<void>): Promise<PipelineRun> {
  const seconds: Record<string, number> = {};
  const sheet = await timed(seconds, 'open', () => openSheet(pdf, DPI));
  try {
    const words = await timed(seconds, 'text', async () => readSheetWords(sheet, async (dpi) => scaledPng(await renderSheet(sheet, dpi))));
    const primitives = await timed(seconds, 'vectors', () => extractPrimitives(sheet));
    const detection = await timed(seconds, 'scale', () => detectScale({ words, primitives, info: sheet.info }));
    const result = await timed(seconds, 'recognize', () => recognizeSheet({ info: sheet.info, primitives, words, scale: detection.scale, sizeScale: detection.sizeScale }));
    const geojson = await timed(seconds, 'measure', () => withMeasurements(result.geojson, result.scale, DPI));
    seconds.total = Object.values(seconds).reduce((sum, s) => sum + s, 0);
    const run: PipelineRun = { words, scale: result.scale, geojson, linkedWords: result.words, warnings: result.warnings, seconds };
    if (render) await render(sheet, run);
    return run;
  } finally {
    await sheet.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Geometry and matching

type Rings = Position[][];

function featuresOf(geojson: BlueprintFeatureCollection, test: (feature: BlueprintFeature) => boolean): BlueprintFeature[] {
  return geojson.features.filter((feature) => feature.geometry?.type === 'Polygon' && test(feature));
}

function ringsOf(feature: BlueprintFeature): Rings {
  if (feature.geometry?.type !== 'Polygon') throw new Error(`${feature.properties.id} has no polygon`);
  return feature.geometry.coordinates;
}

function iou(a: Rings, b: Rings): number {
  const [ax0, ay0, ax1, ay1] = ringBBox(a[0]);
  const [bx0, by0, bx1, by1] = ringBBox(b[0]);
  if (ax0 > bx1 || bx0 > ax1 || ay0 > by1 || by0 > ay1) return 0;
  const common = multiPolygonArea(intersectionOf([a], [b]));
  const union = polygonArea(a) + polygonArea(b) - common;
  return union > 0 ? common / union : 0;
}

function centre(rings: Rings): Position {
  const [x0, y0, x1, y1] = ringBBox(rings[0]);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}


/** One-to-one pairs, best score first; `score` returns null for pairs that cannot match. */
function matchGreedy<T, D>(truths: T[], detections: D[], score: (truth: T, detection: D) => number | null): [number, number][] {
  const pairs: [number, number, number][] = [];
  truths.forEach((truth, t) =>
    detections.forEach((detection, d) => {
      const s = score(truth, detection);
      if (s !== null) pairs.push([s, t, d]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const usedTruths = new Set<number>();
  const usedDetections = new Set<number>();
  const matched: [number, number][] = [];
  for (const [, t, d] of pairs) {
    if (usedTruths.has(t) || usedDetections.has(d)) continue;
    usedTruths.add(t);
    usedDetections.add(d);
    matched.push([t, d]);
  }
  return matched;
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

function addCounts(into: Counts, truths: number, detections: number, matched: number): void {
  into.tp += matched;
  into.fp += detections - matched;
  into.fn += truths - matched;
}

function scores({ tp, fp, fn }: Counts): { precision: number | null; recall: number | null; f1: number | null } & Counts {
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  const recall = tp + fn > 0 ? tp / (tp + fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { tp, fp, fn, precision, recall, f1 };
}

function quantile(values: number[], share: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

function areaM2(feature: BlueprintFeature): number | null {
  return feature.properties.measurements?.area_m2 ?? null;
}

// ---------------------------------------------------------------------------------------------
// Overlays

function svgPoints(ring: Position[]): string {
  return ring.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

function svgText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const OVERLAY_STYLE: Record<string, string> = {
  room: 'fill="rgba(66,133,244,0.28)" stroke="rgb(25,80,200)" stroke-width="2"',
  wall: 'fill="rgba(240,60,60,0.35)" stroke="none"',
  opening: 'fill="rgba(255,140,0,0.7)" stroke="rgb(200,90,0)" stroke-width="1.5"',
  footprint: 'fill="none" stroke="rgb(46,160,50)" stroke-width="4" stroke-dasharray="18 8"',
  other: 'fill="rgba(0,170,170,0.3)" stroke="rgb(0,120,130)" stroke-width="2.5"',
};

/** The part of the sheet worth looking at: around everything detected or true, else all of it. */
function regionOfInterest(geojson: BlueprintFeatureCollection, truthRooms: Position[][], width: number, height: number): Region {
  const rings = [...geojson.features.flatMap((f) => (f.geometry?.type === 'Polygon' ? [f.geometry.coordinates[0]] : [])), ...truthRooms];
  if (rings.length === 0) return { left: 0, top: 0, width, height };
  const boxes = rings.map((ring) => ringBBox(ring));
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[2]));
  const y1 = Math.max(...boxes.map((b) => b[3]));
  const margin = Math.max(100, 0.08 * Math.max(x1 - x0, y1 - y0));
  const left = Math.max(0, Math.floor(x0 - margin));
  const top = Math.max(0, Math.floor(y0 - margin));
  return { left, top, width: Math.min(width, Math.ceil(x1 + margin)) - left, height: Math.min(height, Math.ceil(y1 + margin)) - top };
}

/** The detections drawn over the rendered sheet: rooms blue, walls red, openings orange,
 * fixtures teal, wall surfaces purple (magenta across openings), footprint green, truth rooms
 * (generated sheets) dashed black; cropped to what was found. */
async function renderOverlay(sheet: OpenSheet, geojson: BlueprintFeatureCollection, truthRooms: Position[][], file: string): Promise<void> {
  const raster = await renderSheet(sheet);
  const shapes: string[] = [];
  const labels: string[] = [];
  const fontSize = Math.max(14, Math.round(raster.width / 250));
  for (const cls of ['footprint', 'room', 'wall', 'opening', 'other']) {
    for (const feature of featuresOf(geojson, (f) => f.properties.class === cls)) {
      const rings = ringsOf(feature);
      shapes.push(`<path d="${rings.map((ring) => `M${svgPoints(ring)}Z`).join('')}" fill-rule="evenodd" ${OVERLAY_STYLE[cls]}/>`);
      const label = cls === 'room' ? feature.properties.name : cls === 'other' ? feature.properties.sub_class : null;
      if (label) {
        const [x, y] = centre(rings);
        const area = areaM2(feature);
        const text = cls === 'room' && area !== null ? `${label} ${area.toFixed(1)} m²` : label;
        labels.push(`<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${fontSize}" text-anchor="middle" fill="rgb(10,30,120)" stroke="white" stroke-width="3" paint-order="stroke">${svgText(text)}</text>`);
      }
    }
  }
  for (const feature of geojson.features) {
    if (feature.geometry?.type !== 'LineString') continue;
    const colour = feature.properties.class === 'wall_surface' ? 'rgb(123,31,162)' : feature.properties.class === 'wall_surface_with_opening' ? 'rgb(230,20,140)' : null;
    if (colour) shapes.push(`<polyline points="${svgPoints(feature.geometry.coordinates)}" fill="none" stroke="${colour}" stroke-width="2"/>`);
  }
  for (const ring of truthRooms) shapes.push(`<polygon points="${svgPoints(ring)}" fill="none" stroke="black" stroke-width="1.5" stroke-dasharray="6 5"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${raster.width}" height="${raster.height}">${shapes.join('')}${labels.join('')}</svg>`;
  const composed = await sharp(raster.rgba, { raw: { width: raster.width, height: raster.height, channels: 4 } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  await sharp(composed)
    .extract(regionOfInterest(geojson, truthRooms, raster.width, raster.height))
    .resize({ width: RENDER_MAX_SIDE, height: RENDER_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).png({ compressionLevel: 6 }).toFile(file);
}

// ---------------------------------------------------------------------------------------------
// Generated sheets

interface SheetScore {
  sheet: string;
  description: string;
  scale: { truth: string | null; detected: string | null; verdict: ScaleVerdict };
  counts: Record<'rooms' | 'openings' | 'fixtures', Counts>;
  fixtureCounts: Record<string, Counts>;
  openingSubClass: { right: number; matched: number };
  roomNames: { right: number; matched: number };
  /** Matched rooms whose name is not the one printed, as "TRUE read as DETECTED". */
  misnamed: string[];
  roomAreaErrors: number[];
  /** The same with the true scale: how well the polygons alone fit. */
  roomShapeErrors: number[];
  unmeasuredRooms: number;
  walls: { precision: number | null; recall: number | null };
  footprint: { iou: number | null; areaError: number | null };
  relations: ReturnType<typeof scoreRelations>;
  warnings: string[];
  seconds: Record<string, number>;
}

type ScaleVerdict = 'right' | 'wrong' | 'flagged' | 'missing' | 'none, right' | 'none, flagged' | 'none, inferred right' | 'none, inferred wrong';

/** Right by the brief: the printed scale, or no trusted scale where none is printed. */
const SCALE_RIGHT: ReadonlySet<ScaleVerdict> = new Set(['right', 'none, right', 'none, flagged']);

function scaleVerdict(truth: SheetTruth, detected: Scale | null): ScaleVerdict {
  const mpu = metresPerUnit(detected, DPI);
  const valueRight = mpu !== null && Math.abs(mpu / truth.metresPerUnit - 1) <= 0.005;
  if (truth.scale === null) {
    if (detected === null) return 'none, right';
    if (mpu === null) return 'none, flagged';
    return valueRight ? 'none, inferred right' : 'none, inferred wrong';
  }
  if (detected === null) return 'missing';
  if (mpu === null) return 'flagged';
  return valueRight ? 'right' : 'wrong';
}

function scaleLabel(scale: Scale | null): string | null {
  if (scale === null) return null;
  return `${scale.label ?? `${scale.drawing}:${scale.real} ${scale.units}`}${scale.manual_scaling_needed ? ' (manual)' : ''}`;
}

function describeSheet({ sheet }: SheetTruth): string {
  return `${sheet.pageSize} ${sheet.units} ${sheet.wallStyle} ${sheet.program}`;
}

/** True rooms paired one to one with detected ones at IoU ≥ 0.5, best pairs first. */
function matchRooms(truth: SheetTruth, rooms: BlueprintFeature[]): [number, number][] {
  return matchGreedy(truth.rooms, rooms, (t, d) => {
    const overlap = iou([t.polygon], ringsOf(d));
    return overlap >= 0.5 ? overlap : null;
  });
}

function scoreSheet(truth: SheetTruth, run: PipelineRun): SheetScore {
  const { geojson } = run;
  const rooms = featuresOf(geojson, (f) => f.properties.class === 'room');
  const roomPairs = matchRooms(truth, rooms);
  const roomAreaErrors: number[] = [];
  const roomShapeErrors: number[] = [];
  let unmeasuredRooms = 0;
  for (const [t, d] of roomPairs) {
    const trueArea = truth.rooms[t].area_m2;
    const measured = areaM2(rooms[d]);
    if (measured === null) unmeasuredRooms++;
    else roomAreaErrors.push(Math.abs(measured - trueArea) / trueArea);
    roomShapeErrors.push(Math.abs(polygonArea(ringsOf(rooms[d])) * truth.metresPerUnit ** 2 - trueArea) / trueArea);
  }

  const misnamed = roomPairs.filter(([t, d]) => rooms[d].properties.name !== truth.rooms[t].name).map(([t, d]) => `${truth.rooms[t].name} read as ${JSON.stringify(rooms[d].properties.name)}`);
  const roomNames = { right: roomPairs.length - misnamed.length, matched: roomPairs.length };

  const openings = featuresOf(geojson, (f) => f.properties.class === 'opening');
  const openingPairs = matchGreedy(truth.openings, openings, (t, d) => {
    const rings = ringsOf(d);
    const overlap = iou([t.polygon], rings);
    const [cx, cy] = centre(rings);
    const offset = Math.hypot(cx - t.center[0], cy - t.center[1]);
    const halfWidth = (0.5 * t.width_m) / truth.metresPerUnit;
    // Pairs by IoU first, then by closeness of centres.
    if (overlap >= 0.5) return 1 + overlap;
    return offset <= halfWidth ? 1 - offset / halfWidth : null;
  });
  const openingSubClass = { right: openingPairs.filter(([t, d]) => openings[d].properties.sub_class === truth.openings[t].sub_class).length, matched: openingPairs.length };

  const fixtures = featuresOf(geojson, (f) => f.properties.kind === 'object');
  const fixturePairs = matchGreedy(truth.fixtures, fixtures, (t, d) => {
    if (d.properties.sub_class !== t.sub_class) return null;
    const rings = ringsOf(d);
    const overlap = iou([bboxRing(t.bbox)], rings);
    const [cx, cy] = centre(rings);
    const reach = 0.5 * Math.min(t.bbox[2] - t.bbox[0], t.bbox[3] - t.bbox[1]);
    const offset = Math.hypot(cx - (t.bbox[0] + t.bbox[2]) / 2, cy - (t.bbox[1] + t.bbox[3]) / 2);
    if (overlap >= 0.5) return 1 + overlap;
    return offset <= reach ? 1 - offset / reach : null;
  });
  const fixtureCounts: Record<string, Counts> = {};
  const countFor = (subClass: string) => (fixtureCounts[subClass] ??= { tp: 0, fp: 0, fn: 0 });
  for (const t of truth.fixtures) countFor(t.sub_class).fn++;
  for (const d of fixtures) countFor(String(d.properties.sub_class)).fp++;
  for (const [t] of fixturePairs) {
    const c = countFor(truth.fixtures[t].sub_class);
    c.fn--;
    c.fp--;
    c.tp++;
  }

  const walls = featuresOf(geojson, (f) => f.properties.class === 'wall').map(ringsOf);
  // True wall pieces run through their openings; the wall material is what the openings leave.
  const trueWalls = differenceOf(unionAll(truth.walls.map((w) => [w.polygon])), truth.openings.map((o) => [o.polygon]));
  const foundWalls = unionAll(walls);
  const wallOverlap = multiPolygonArea(intersectionOf(trueWalls, foundWalls));
  const foundArea = multiPolygonArea(foundWalls);
  const trueArea = multiPolygonArea(trueWalls);

  const footprint = featuresOf(geojson, (f) => f.properties.class === 'footprint')[0];
  const footprintArea = footprint ? areaM2(footprint) : null;

  const relations = scoreRelations(truth, geojson, { rooms, roomPairs, openings, openingPairs, fixtures, fixturePairs });

  const counts = { rooms: { tp: 0, fp: 0, fn: 0 }, openings: { tp: 0, fp: 0, fn: 0 }, fixtures: { tp: 0, fp: 0, fn: 0 } };
  addCounts(counts.rooms, truth.rooms.length, rooms.length, roomPairs.length);
  addCounts(counts.openings, truth.openings.length, openings.length, openingPairs.length);
  addCounts(counts.fixtures, truth.fixtures.length, fixtures.length, fixturePairs.length);
  return {
    sheet: truth.pdf,
    description: describeSheet(truth),
    scale: { truth: scaleLabel(truth.scale), detected: scaleLabel(run.scale), verdict: scaleVerdict(truth, run.scale) },
    counts,
    fixtureCounts,
    openingSubClass,
    roomNames,
    misnamed,
    roomAreaErrors,
    roomShapeErrors,
    unmeasuredRooms,
    walls: { precision: foundArea > 0 ? wallOverlap / foundArea : null, recall: trueArea > 0 ? wallOverlap / trueArea : null },
    footprint: {
      iou: footprint ? iou([truth.footprint.polygon], ringsOf(footprint)) : null,
      areaError: footprintArea === null ? null : Math.abs(footprintArea - truth.footprint.area_m2) / truth.footprint.area_m2,
    },
    relations,
    warnings: run.warnings,
    seconds: run.seconds,
  };
}

interface Tally {
  right: number;
  total: number;
}

const WET_FIXTURES = new Set(['toilet', 'shower', 'bathtub', 'sink']);

function lineLengthOf(positions: Position[]): number {
  let length = 0;
  for (let i = 1; i < positions.length; i++) length += Math.hypot(positions[i][0] - positions[i - 1][0], positions[i][1] - positions[i - 1][1]);
  return length;
}

/**
 * What features.ts derives, checked on the matched features: the rooms each opening joins and
 * each fixture stands in, which rooms are wet, and how much of each room's outline its wall
 * surfaces cover (1 when every stretch of boundary runs along a wall or across an opening).
 */
function scoreRelations(
  truth: SheetTruth,
  geojson: BlueprintFeatureCollection,
  found: {
    rooms: BlueprintFeature[];
    roomPairs: [number, number][];
    openings: BlueprintFeature[];
    openingPairs: [number, number][];
    fixtures: BlueprintFeature[];
    fixturePairs: [number, number][];
  },
): { openingRooms: Tally; fixtureRooms: Tally; wetRooms: Tally; surfaceCoverage: number[] } {
  const byId = new Map(geojson.features.map((f) => [f.properties.id, f]));
  const trueName = new Map(found.roomPairs.map(([t, d]) => [found.rooms[d].properties.id, truth.rooms[t].name]));
  const related = (feature: BlueprintFeature, classes: string[]) =>
    (feature.properties.relations ?? []).map((id) => byId.get(id)!).filter((f) => classes.includes(f.properties.class));
  const roomNames = (feature: BlueprintFeature) =>
    related(feature, ['room'])
      .map((room) => trueName.get(room.properties.id) ?? '(unmatched room)')
      .sort();
  const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => name === b[i]);

  const openingRooms = { right: 0, total: found.openingPairs.length };
  for (const [t, d] of found.openingPairs) if (sameNames(roomNames(found.openings[d]), [...truth.openings[t].room_names].sort())) openingRooms.right++;
  const fixtureRooms = { right: 0, total: found.fixturePairs.length };
  for (const [t, d] of found.fixturePairs) if (sameNames(roomNames(found.fixtures[d]), [truth.fixtures[t].room_name])) fixtureRooms.right++;
  const wet = new Set(truth.fixtures.filter((f) => WET_FIXTURES.has(f.sub_class)).map((f) => f.room_name));
  const wetRooms = { right: 0, total: found.roomPairs.length };
  for (const [t, d] of found.roomPairs) if ((found.rooms[d].properties.sub_class === 'wet room') === wet.has(truth.rooms[t].name)) wetRooms.right++;
  const surfaceCoverage = found.roomPairs.map(([, d]) => {
    const room = found.rooms[d];
    const surfaces = related(room, ['wall_surface', 'wall_surface_with_opening']);
    const covered = surfaces.reduce((sum, f) => sum + (f.geometry?.type === 'LineString' ? lineLengthOf(f.geometry.coordinates) : 0), 0);
    const perimeter = ringsOf(room).reduce((sum, ring) => sum + lineLengthOf(ring), 0);
    return covered / perimeter;
  });
  return { openingRooms, fixtureRooms, wetRooms, surfaceCoverage };
}

async function benchGenerated(): Promise<SheetScore[]> {
  const results: SheetScore[] = [];
  for (let i = 0; i < COUNT; i++) {
    const { pdf, truth } = await generateSheet(suiteOptions(i, SEED));
    const render =
      i < RENDERS
        ? (sheet: OpenSheet, run: PipelineRun) => renderOverlay(sheet, run.geojson, truth.rooms.map((r) => r.polygon), path.join(renderDir, `synth-${truth.pdf.replace(/\.pdf$/, '')}.png`))
        : undefined;
    const run = await runPipeline(pdf, render);
    results.push(scoreSheet(truth, run));
    logSheetScore(results[results.length - 1], run);
  }
  return results;
}

function logSheetScore(score: SheetScore, run: PipelineRun): void {
  const c = score.counts;
  console.log(
    `  ${score.sheet} ${score.description.padEnd(36)} rooms ${c.rooms.tp}/${c.rooms.tp + c.rooms.fn} (+${c.rooms.fp})  openings ${c.openings.tp}/${c.openings.tp + c.openings.fn} (+${c.openings.fp})  fixtures ${c.fixtures.tp}/${c.fixtures.tp + c.fixtures.fn} (+${c.fixtures.fp})  scale ${score.scale.verdict}  ${run.seconds.total.toFixed(2)} s`,
  );
}

/** Whether Ghostscript, which outlines the lettering of the `--outlined` sheets, is installed. */
function hasGhostscript(): boolean {
  try {
    execFileSync('gs', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The first suite sheets again with their lettering outlined (no text layer): words come from OCR. */
async function benchOutlined(): Promise<SheetScore[]> {
  const results: SheetScore[] = [];
  for (let i = 0; i < OUTLINED; i++) {
    const { pdf, truth } = await generateSheet(suiteOptions(i, SEED));
    const run = await runPipeline(withOutlinedText(pdf));
    results.push(scoreSheet(truth, run));
    logSheetScore(results[results.length - 1], run);
  }
  return results;
}

interface AreaPlanScore {
  sheet: string;
  description: string;
  rooms: number;
  /** |measured − printed gross| / printed gross of each matched, measured room. */
  errors: number[];
  /** Rooms more than 3 % off: name, printed and measured m². */
  worst: { room: string; printed: number; measured: number }[];
}

/** Area plans: the suite's first sheets with each room labelled with its gross area. */
async function benchAreaPlans(): Promise<AreaPlanScore[]> {
  const results: AreaPlanScore[] = [];
  for (let i = 0; i < AREA_PLANS; i++) {
    const options = suiteOptions(i, SEED);
    const { truth, pdf } = await generateSheet({ ...options, grossAreas: true, name: `area-plan-${options.name}` });
    const run = await runPipeline(pdf);
    const rooms = featuresOf(run.geojson, (f) => f.properties.class === 'room');
    const measured = matchRooms(truth, rooms).flatMap(([t, d]) => {
      const area = areaM2(rooms[d]);
      return area === null ? [] : [{ room: truth.rooms[t].name, printed: truth.rooms[t].gross_area_m2, measured: area }];
    });
    const errors = measured.map((m) => Math.abs(m.measured - m.printed) / m.printed);
    const score = { sheet: truth.pdf, description: describeSheet(truth), rooms: truth.rooms.length, errors, worst: measured.filter((m) => Math.abs(m.measured - m.printed) > 0.03 * m.printed) };
    results.push(score);
    console.log(`  ${score.sheet} ${score.description.padEnd(36)} rooms ${errors.length}/${score.rooms} measured, median error ${pc(quantile(errors, 0.5), 2)}, worst ${pc(Math.max(0, ...errors), 2)}`);
  }
  return results;
}

/** Share of relative errors at most `limit`; null where there are none. */
function shareWithin(values: number[], limit: number): number | null {
  return values.length ? values.filter((v) => v <= limit).length / values.length : null;
}

function share(tallies: Tally[]): number | null {
  const total = tallies.reduce((sum, t) => sum + t.total, 0);
  return total ? tallies.reduce((sum, t) => sum + t.right, 0) / total : null;
}

function summariseGenerated(sheets: SheetScore[]) {
  const total = (key: 'rooms' | 'openings' | 'fixtures') => {
    const sum: Counts = { tp: 0, fp: 0, fn: 0 };
    for (const s of sheets) {
      sum.tp += s.counts[key].tp;
      sum.fp += s.counts[key].fp;
      sum.fn += s.counts[key].fn;
    }
    return scores(sum);
  };
  const bySubClass: Record<string, Counts> = {};
  for (const s of sheets) {
    for (const [subClass, c] of Object.entries(s.fixtureCounts)) {
      const into = (bySubClass[subClass] ??= { tp: 0, fp: 0, fn: 0 });
      into.tp += c.tp;
      into.fp += c.fp;
      into.fn += c.fn;
    }
  }
  const errors = sheets.flatMap((s) => s.roomAreaErrors);
  const shapeErrors = sheets.flatMap((s) => s.roomShapeErrors);
  const verdicts: Record<string, number> = {};
  for (const s of sheets) verdicts[s.scale.verdict] = (verdicts[s.scale.verdict] ?? 0) + 1;
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const stageNames = Object.keys(sheets[0]?.seconds ?? {});
  const openingMatched = sheets.reduce((sum, s) => sum + s.openingSubClass.matched, 0);
  const roomsMatched = sheets.reduce((sum, s) => sum + s.roomNames.matched, 0);
  return {
    sheets: sheets.length,
    rooms: { ...total('rooms'), nameAccuracy: roomsMatched ? sheets.reduce((sum, s) => sum + s.roomNames.right, 0) / roomsMatched : null },
    openings: { ...total('openings'), subClassAccuracy: openingMatched ? sheets.reduce((sum, s) => sum + s.openingSubClass.right, 0) / openingMatched : null },
    fixtures: { ...total('fixtures'), bySubClass: Object.fromEntries(Object.entries(bySubClass).sort().map(([k, c]) => [k, scores(c)])) },
    roomArea: {
      matchedRooms: errors.length,
      unmeasuredRooms: sheets.reduce((sum, s) => sum + s.unmeasuredRooms, 0),
      medianError: quantile(errors, 0.5),
      p90Error: quantile(errors, 0.9),
      within1pc: shareWithin(errors, 0.01),
      within3pc: shareWithin(errors, 0.03),
      withTrueScale: { medianError: quantile(shapeErrors, 0.5), p90Error: quantile(shapeErrors, 0.9), maxError: quantile(shapeErrors, 1) },
    },
    walls: { meanPrecision: mean(present(sheets.map((s) => s.walls.precision))), meanRecall: mean(present(sheets.map((s) => s.walls.recall))) },
    footprint: {
      found: sheets.filter((s) => s.footprint.iou !== null).length,
      meanIoU: mean(present(sheets.map((s) => s.footprint.iou))),
      medianAreaError: quantile(present(sheets.map((s) => s.footprint.areaError)), 0.5),
    },
    scale: { verdicts, right: sheets.length ? sheets.filter((s) => SCALE_RIGHT.has(s.scale.verdict)).length / sheets.length : null },
    secondsPerSheet: Object.fromEntries(stageNames.map((stage) => [stage, { mean: mean(sheets.map((s) => s.seconds[stage])), max: Math.max(...sheets.map((s) => s.seconds[stage])) }])),
    derived: {
      openingRooms: share(sheets.map((s) => s.relations.openingRooms)),
      fixtureRooms: share(sheets.map((s) => s.relations.fixtureRooms)),
      wetRooms: share(sheets.map((s) => s.relations.wetRooms)),
      surfaceCoverage: { median: quantile(sheets.flatMap((s) => s.relations.surfaceCoverage), 0.5), min: quantile(sheets.flatMap((s) => s.relations.surfaceCoverage), 0) },
    },
    sheetsWithWarnings: sheets.filter((s) => s.warnings.length > 0).map((s) => ({ sheet: s.sheet, warnings: s.warnings })),
  };
}

// ---------------------------------------------------------------------------------------------
// Real drawings

interface RoomComparison {
  room: string;
  printed: number;
  unit: 'sq ft' | 'SF' | 'm²';
  measured: number | null;
  error: number | null;
  /** The detected room the label lies in, or null when it lies in none. */
  featureId: string | null;
}

function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const keys = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [keys[i], value])));
}

function compareRoomAt(run: PipelineRun, wordIndex: number, room: string, printed: number, unit: RoomComparison['unit']): RoomComparison {
  const roomId = run.linkedWords[wordIndex].room_id ?? null;
  const feature = roomId === null ? undefined : run.geojson.features.find((f) => f.properties.id === roomId);
  const area = feature ? areaM2(feature) : null;
  const measured = area === null ? null : unit === 'm²' ? area : area / SQUARE_METRES_PER_SQUARE_FOOT;
  return { room, printed, unit, measured, error: measured === null ? null : (measured - printed) / printed, featureId: roomId };
}

function withinShare(rows: RoomComparison[], share: number): number {
  return rows.length ? rows.filter((row) => row.error !== null && Math.abs(row.error) <= share).length / rows.length : 0;
}

function renderTo(name: string) {
  return (sheet: OpenSheet, run: PipelineRun) => renderOverlay(sheet, run.geojson, [], path.join(renderDir, `${name}.png`));
}

/**
 * An asheville page: each room of the floors it draws is found by its printed label, "NAME  W x L
 * N sq ft" (a floor drawn turned on its own page prints "L x W"). Page 1 draws every floor; pages
 * 2 to 4 draw one floor each, larger, with a scale bar of their own.
 */
async function benchAsheville(page: number, floors: string[]) {
  const run = await runPipeline(realPage('asheville/floorplan.pdf', page), page === 1 ? renderTo('asheville') : undefined);
  const rows = readCsv(path.join(realplans, 'asheville/printed_room_areas.csv')).filter((row) => row.dims_printed !== '' && floors.includes(row.floor));
  const texts = run.words.map((w) => w.text);
  const comparisons = rows.map((row) => {
    const [width, length] = row.dims_printed.split(' x ');
    const labelled = (i: number, a: string, b: string) => texts[i] === a && texts[i + 1] === 'x' && texts[i + 2] === b && texts[i + 3] === row.area_sqft;
    const at = texts.findIndex((_, i) => labelled(i, width, length) || labelled(i, length, width));
    if (at < 0) throw new Error(`asheville page ${page}: no printed label for ${row.floor} ${row.room} ${row.dims_printed}`);
    return compareRoomAt(run, at + 1, `${row.floor} ${row.room} ${row.dims_printed}`, Number(row.area_sqft), 'sq ft');
  });
  return { page, scale: scaleLabel(run.scale), seconds: run.seconds, warnings: run.warnings, fixtures: fixtureCounts(run.geojson), rooms: comparisons, within3pc: withinShare(comparisons, 0.03) };
}

/** Weak truth: polygons traced by another tool and reviewed by eye, in pixels at 144 dpi. */
interface ReviewedProbe {
  name: string;
  golden?: Position[];
}

async function benchVa() {
  const run = await runPipeline(new Uint8Array(readFileSync(path.join(realplans, 'va-finish-plan/sample-finish-plan.pdf'))), renderTo('va-finish-plan'));
  const pointsToUnits = DPI / 72;
  const tags = readCsv(path.join(realplans, 'va-finish-plan/printed_room_areas.csv')).map((row) => {
    const at: Position = [Number(row.pdf_x_pt) * pointsToUnits, Number(row.pdf_y_pt) * pointsToUnits];
    // The tag is "<area> SF"; of the words reading so, the one nearest the recorded place.
    let best = -1;
    let bestDistance = Infinity;
    run.words.forEach((word, i) => {
      if (word.text !== row.area_sf_printed || run.words[i + 1]?.text !== 'SF' || !word.geometry) return;
      const [cx, cy] = centre(word.geometry.coordinates);
      const d = Math.hypot(cx - at[0], cy - at[1]);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    if (best < 0) throw new Error(`va-finish-plan: no "${row.area_sf_printed} SF" tag for ${row.room_name} ${row.room_tag}`);
    return compareRoomAt(run, best, `${row.room_tag} ${row.room_name}`, Number(row.area_sf_printed), 'SF');
  });

  const reviewed = JSON.parse(readFileSync(path.join(realplans, 'va-finish-plan/va-finish-plan.json'), 'utf8')) as { ptPerFt: number; scale: number; probes: ReviewedProbe[] };
  const probeToUnits = DPI / (72 * reviewed.scale);
  const rooms = featuresOf(run.geojson, (f) => f.properties.class === 'room');
  const probes = reviewed.probes
    .filter((probe) => probe.golden)
    .map((probe) => {
      const golden = probe.golden!.map(([x, y]): Position => [x * probeToUnits, y * probeToUnits]);
      const goldenSqFt = polygonArea([golden]) / (reviewed.ptPerFt * probeToUnits) ** 2;
      // The detected room that fits the trace best (its seed can sit a hair inside a wall face).
      const closed = [...golden, golden[0]];
      let room: BlueprintFeature | undefined;
      let best = 0;
      for (const candidate of rooms) {
        const overlap = iou([closed], ringsOf(candidate));
        if (overlap > best) {
          best = overlap;
          room = candidate;
        }
      }
      const area = room ? areaM2(room) : null;
      const measured = area === null ? null : area / SQUARE_METRES_PER_SQUARE_FOOT;
      return {
        probe: probe.name,
        reviewedSqFt: goldenSqFt,
        measuredSqFt: measured,
        iou: room ? best : null,
        featureId: room?.properties.id ?? null,
      };
    });
  return { scale: scaleLabel(run.scale), seconds: run.seconds, warnings: run.warnings, fixtures: fixtureCounts(run.geojson), rooms: tags, within3pc: withinShare(tags, 0.03), reviewedPolygons: probes, toiletRooms: toiletRooms(run.geojson) };
}

/**
 * Weak truth for fixtures on a real sheet: each room the sheet labels TOILET holds one toilet
 * (true of every such room on va-finish-plan, checked by eye), and toilets stand nowhere else.
 */
function toiletRooms(geojson: BlueprintFeatureCollection) {
  const rooms = featuresOf(geojson, (f) => f.properties.class === 'room' && /TOILET/.test(f.properties.name ?? ''));
  const toilets = featuresOf(geojson, (f) => f.properties.sub_class === 'toilet').map((f) => centre(ringsOf(f)));
  const held = rooms.filter((room) => toilets.some((at) => pointInPolygon(at, ringsOf(room))));
  const elsewhere = toilets.filter((at) => !rooms.some((room) => pointInPolygon(at, ringsOf(room))));
  return { rooms: rooms.length, withToilet: held.length, toiletsElsewhere: elsewhere.length };
}

/** Fixtures found on a sheet, by sub-class. */
function fixtureCounts(geojson: BlueprintFeatureCollection): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of geojson.features) if (f.properties.class === 'other' && f.properties.sub_class) counts[f.properties.sub_class] = (counts[f.properties.sub_class] ?? 0) + 1;
  return counts;
}

/**
 * Sheets that stamp each room with its area in m² (ArchiCAD zones "A: 31.28 m²", Revit area plans
 * "66.3 m²"): every stamp on the sheet, found by its number followed by "m²" (a font may set the
 * squared sign as another glyph, or the "2" as a word of its own), beside the room it lies in.
 * These are the architects' figures, whatever convention they measure by (zeidler's are gross).
 */
async function benchStamped(file: string, name: string) {
  const run = await runPipeline(new Uint8Array(readFileSync(path.join(realplans, file))), renderTo(name));
  const texts = run.words.map((w) => w.text);
  const rooms: RoomComparison[] = [];
  texts.forEach((text, i) => {
    if (!/^\d+[.,]\d+$/.test(text) || !/^m([²2]|[^\x00-\x7F])?$/.test(texts[i + 1] ?? '')) return;
    const linked = run.linkedWords[i].room_id;
    const feature = linked ? run.geojson.features.find((f) => f.properties.id === linked) : undefined;
    rooms.push(compareRoomAt(run, i, feature?.properties.name ?? `(${text} m² stamp)`, Number(text.replace(',', '.')), 'm²'));
  });
  return { scale: scaleLabel(run.scale), seconds: run.seconds, warnings: run.warnings, fixtures: fixtureCounts(run.geojson), rooms, within3pc: withinShare(rooms, 0.03), within10pc: withinShare(rooms, 0.1) };
}

async function benchFirstFloor() {
  const run = await runPipeline(new Uint8Array(readFileSync(path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf'))), renderTo('first-floor'));
  const footprint = featuresOf(run.geojson, (f) => f.properties.class === 'footprint')[0];
  const area = footprint ? areaM2(footprint) : null;
  const measured = area === null ? null : area / SQUARE_METRES_PER_SQUARE_FOOT;
  const truth = 32 * 16;
  return {
    scale: scaleLabel(run.scale),
    seconds: run.seconds,
    warnings: run.warnings,
    fixtures: fixtureCounts(run.geojson),
    footprint: { printedSqFt: truth, measuredSqFt: measured, error: measured === null ? null : (measured - truth) / truth },
    rooms: featuresOf(run.geojson, (f) => f.properties.class === 'room').map((f) => {
      const a = areaM2(f);
      return { name: f.properties.name ?? null, measuredSqFt: a === null ? null : a / SQUARE_METRES_PER_SQUARE_FOOT };
    }),
  };
}

/**
 * nithish: an Indian house plan that prints no scale but each room's size under its name
 * (`Bed Room 11' x 10'`). The scale its rooms suggest is offered flagged; taken as confirmed, each
 * sized room's area is set beside its printed width times length.
 */
async function benchRoomSizes() {
  const run = await runPipeline(new Uint8Array(readFileSync(path.join(realplans, 'nithish/floorplan.pdf'))), renderTo('nithish'));
  const confirmed = run.scale && metresPerUnit({ ...run.scale, manual_scaling_needed: false }, DPI);
  const lines = assembleLines(run.words);
  const rooms: RoomComparison[] = featuresOf(run.geojson, (f) => f.properties.class === 'room').flatMap((room) => {
    const rings = ringsOf(room);
    const sizes = lines.flatMap((line) => (pointInPolygon(centreOf(line), rings) ? (printedRoomSize(line.text) ?? []) : []));
    if (sizes.length !== 1) return [];
    const [a, b] = sizes[0].sides;
    const printed = Number(((a * b) / SQUARE_METRES_PER_SQUARE_FOOT).toFixed(1));
    const measured = confirmed ? (polygonArea(rings) * confirmed ** 2) / SQUARE_METRES_PER_SQUARE_FOOT : null;
    return [{ room: room.properties.name ?? '?', printed, unit: 'sq ft' as const, measured, error: measured === null ? null : (measured - printed) / printed, featureId: room.properties.id }];
  });
  return { scale: scaleLabel(run.scale), rooms, within3pc: withinShare(rooms, 0.03) };
}

/** Sheets of the real sets that draw no plan, and what they draw instead. */
const NO_PLAN_SHEETS: [file: string, page: number, draws: string][] = [
  ['purdue-lilyhall/drawings.pdf', 1, 'cover sheet: an axonometric view'],
  ['purdue-lilyhall/drawings.pdf', 2, 'general notes'],
  ['purdue-lilyhall/drawings.pdf', 14, 'schedules'],
  ['polimi-qms3/A201.pdf', 1, 'elevations'],
  ['polimi-qms3/A301.pdf', 1, 'sections'],
  ['measurex/kirkland-sample-plans.pdf', 5, 'elevations, lettering read by OCR'],
  ['measurex/kirkland-sample-plans.pdf', 6, 'sections, lettering read by OCR'],
];

async function benchNoPlanSheets() {
  const sheets = [];
  for (const [file, page, draws] of NO_PLAN_SHEETS) {
    const run = await runPipeline(realPage(file, page));
    const count = (test: (feature: BlueprintFeature) => boolean) => run.geojson.features.filter(test).length;
    sheets.push({
      sheet: `${file} p${page}`,
      draws,
      rooms: count((f) => f.properties.class === 'room'),
      walls: count((f) => f.properties.class === 'wall'),
      fixtures: count((f) => f.properties.class === 'other' && f.properties.kind === 'object'),
    });
  }
  return sheets;
}

// ---------------------------------------------------------------------------------------------
// Report

const pc = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? '—' : `${(100 * value).toFixed(digits)}%`);
const num = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => cells[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of rows) console.log(line(cells));
}

function roomTable(rows: RoomComparison[]): void {
  table(
    ['room', 'printed', 'measured', 'error'],
    rows.map((row) => [row.room, `${row.printed} ${row.unit}`, row.measured === null ? (row.featureId === null ? 'no room' : 'unmeasured') : row.measured.toFixed(1), row.error === null ? '—' : `${(100 * row.error).toFixed(1)}%`]),
  );
}

mkdirSync(renderDir, { recursive: true });
console.log(`Generated sheets (bench/synth suite, seed ${SEED}):`);
const generatedSheets = await benchGenerated();
const generated = summariseGenerated(generatedSheets);
console.log(`Generated area plans (the first ${AREA_PLANS} suite sheets, labelled with gross areas):`);
const areaPlans = await benchAreaPlans();
const ghostscript = hasGhostscript();
console.log(`Generated sheets with their lettering outlined, read by OCR (the first ${OUTLINED} suite sheets)${ghostscript ? ':' : ': skipped, Ghostscript (gs) is not installed'}`);
const outlinedSheets = ghostscript ? await benchOutlined() : [];
const outlined = outlinedSheets.length > 0 ? summariseGenerated(outlinedSheets) : null;
console.log('Real drawings: asheville, va-finish-plan, first-floor, archicad-atrium, zeidler-a214, nithish');
const asheville = await benchAsheville(1, ['Main', '2nd', 'Basement']);
const ashevilleFloors = [await benchAsheville(2, ['Main']), await benchAsheville(3, ['2nd']), await benchAsheville(4, ['Basement'])];
const va = await benchVa();
const firstFloor = await benchFirstFloor();
const stamped = { archicad: await benchStamped('archicad-atrium/floor-plan.pdf', 'archicad-atrium'), zeidler: await benchStamped('zeidler-a214/floorplan.pdf', 'zeidler-a214') };
const roomSizes = await benchRoomSizes();
const noPlan = await benchNoPlanSheets();

/** Per-class detection counts and scores, one row a class. */
function classTable(rows: [string, ReturnType<typeof scores>][]): void {
  table(
    ['class', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'],
    rows.map(([name, s]) => [name, String(s.tp), String(s.fp), String(s.fn), pc(s.precision), pc(s.recall), pc(s.f1)]),
  );
}

function verdictCounts(verdicts: Record<string, number>): string {
  return Object.entries(verdicts).map(([verdict, count]) => `${verdict} ${count}`).join(', ');
}

console.log(`\nGenerated sheets: ${generated.sheets}`);
const classRows: [string, ReturnType<typeof scores>][] = [
  ['rooms', generated.rooms],
  ['openings', generated.openings],
  ['fixtures', generated.fixtures],
  ...Object.entries(generated.fixtures.bySubClass).map(([k, v]): [string, ReturnType<typeof scores>] => [`  ${k}`, v]),
];
classTable(classRows);
console.log(
  `\nRoom area error over ${generated.roomArea.matchedRooms} matched rooms (${generated.roomArea.unmeasuredRooms} unmeasured): median ${pc(generated.roomArea.medianError, 2)}, p90 ${pc(generated.roomArea.p90Error, 2)}, within 1% ${pc(generated.roomArea.within1pc)}, within 3% ${pc(generated.roomArea.within3pc)}`,
);
console.log(
  `Room area error with the true scale (polygons alone): median ${pc(generated.roomArea.withTrueScale.medianError, 2)}, p90 ${pc(generated.roomArea.withTrueScale.p90Error, 2)}, max ${pc(generated.roomArea.withTrueScale.maxError, 2)}`,
);
console.log(`Room names right among matched rooms: ${pc(generated.rooms.nameAccuracy)}`);
console.log(`Opening sub-class right among matched openings: ${pc(generated.openings.subClassAccuracy)}`);
console.log(
  `Derived, on matched features: openings joined to the right rooms ${pc(generated.derived.openingRooms)}, fixtures in the right room ${pc(generated.derived.fixtureRooms)}, wet room right ${pc(generated.derived.wetRooms)}, wall surfaces cover a median ${pc(generated.derived.surfaceCoverage.median)} of a room's outline (least ${pc(generated.derived.surfaceCoverage.min)})`,
);
console.log(`Walls by area: precision ${pc(generated.walls.meanPrecision)}, recall ${pc(generated.walls.meanRecall)} (mean over sheets)`);
console.log(`Footprint: found on ${generated.footprint.found}/${generated.sheets}, mean IoU ${num(generated.footprint.meanIoU, 3)}, median area error ${pc(generated.footprint.medianAreaError, 2)}`);
console.log(`Scale: right on ${pc(generated.scale.right)} (${verdictCounts(generated.scale.verdicts)})`);
console.log(`Seconds per sheet: ${Object.entries(generated.secondsPerSheet).map(([stage, s]) => `${stage} ${num(s.mean, 2)} (max ${num(s.max, 2)})`).join(', ')}`);
for (const { sheet, warnings } of generated.sheetsWithWarnings) console.log(`  warnings on ${sheet}: ${warnings.join('; ')}`);

const planErrors = areaPlans.flatMap((plan) => plan.errors);
console.log(
  `\nArea plans: ${planErrors.length} of ${areaPlans.reduce((sum, plan) => sum + plan.rooms, 0)} rooms matched and measured; error against the printed gross area median ${pc(quantile(planErrors, 0.5), 2)}, p90 ${pc(quantile(planErrors, 0.9), 2)}, within 1% ${pc(shareWithin(planErrors, 0.01))}, within 3% ${pc(shareWithin(planErrors, 0.03))}`,
);

if (outlined) {
  console.log(`\nOutlined sheets: ${outlined.sheets}, words read by OCR`);
  classTable((['rooms', 'openings', 'fixtures'] as const).map((name) => [name, outlined[name]]));
  console.log(
    `Room area error over ${outlined.roomArea.matchedRooms} matched rooms (${outlined.roomArea.unmeasuredRooms} unmeasured): median ${pc(outlined.roomArea.medianError, 2)}, within 1% ${pc(outlined.roomArea.within1pc)}; scale right on ${pc(outlined.scale.right)} (${verdictCounts(outlined.scale.verdicts)})`,
  );
}

console.log(`\nasheville page 1 (scale ${asheville.scale}): ${pc(asheville.within3pc)} of ${asheville.rooms.length} rooms within 3% of the printed area`);
roomTable(asheville.rooms);
for (const floor of ashevilleFloors) {
  console.log(`\nasheville page ${floor.page} (one floor, scale ${floor.scale}): ${pc(floor.within3pc)} of ${floor.rooms.length} rooms within 3% of the printed area`);
  roomTable(floor.rooms);
}
console.log(`\nva-finish-plan (scale ${va.scale}): ${pc(va.within3pc)} of ${va.rooms.length} printed SF tags within 3%`);
roomTable(va.rooms);
console.log('\nva-finish-plan reviewed polygons (third-party traces, weak truth):');
table(
  ['probe', 'reviewed SF', 'measured SF', 'IoU'],
  va.reviewedPolygons.map((p) => [p.probe, p.reviewedSqFt.toFixed(1), p.measuredSqFt === null ? (p.featureId === null ? 'no room' : 'unmeasured') : p.measuredSqFt.toFixed(1), num(p.iou, 3)]),
);
console.log(
  `\nfirst-floor (scale ${firstFloor.scale}): footprint ${num(firstFloor.footprint.measuredSqFt)} SF vs ${firstFloor.footprint.printedSqFt} SF (${firstFloor.footprint.error === null ? 'no footprint' : pc(firstFloor.footprint.error, 2)}); rooms: ${firstFloor.rooms.map((r) => `${r.name ?? '?'} ${num(r.measuredSqFt, 0)}`).join(', ')}`,
);
for (const [name, sheet] of Object.entries(stamped)) {
  console.log(`\n${name} (scale ${sheet.scale}): ${sheet.rooms.length} m² stamps; ${pc(sheet.within3pc)} within 3% of the room they lie in, ${pc(sheet.within10pc)} within 10%`);
  roomTable(sheet.rooms);
}
console.log(
  `\nnithish (no scale printed; offered from its rooms' sizes: ${roomSizes.scale ?? 'none'}): at that scale ${pc(roomSizes.within3pc)} of ${roomSizes.rooms.length} sized rooms within 3% of width × length`,
);
roomTable(roomSizes.rooms);
console.log(
  `\nva-finish-plan fixtures (weak truth: one toilet in each room labelled TOILET): toilets in ${va.toiletRooms.withToilet} of ${va.toiletRooms.rooms} such rooms, ${va.toiletRooms.toiletsElsewhere} elsewhere`,
);
console.log('Fixtures found on the real drawings:');
for (const [name, real] of [['asheville', asheville], ['va-finish-plan', va], ['first-floor', firstFloor], ...Object.entries(stamped)] as const) {
  console.log(`  ${name}: ${Object.entries(real.fixtures).map(([subClass, n]) => `${subClass} ${n}`).join(', ') || 'none'}`);
}
for (const [name, real] of [['asheville', asheville], ['va-finish-plan', va], ['first-floor', firstFloor], ...Object.entries(stamped)] as const) {
  if (real.warnings.length) console.log(`  warnings on ${name}: ${real.warnings.join('; ')}`);
}

const falseRooms = noPlan.reduce((sum, sheet) => sum + sheet.rooms, 0);
console.log(`\nSheets that draw no plan: ${falseRooms} rooms found on ${noPlan.length} sheets (every one a false room)`);
table(
  ['sheet', 'draws', 'rooms', 'walls', 'fixtures'],
  noPlan.map((sheet) => [sheet.sheet, sheet.draws, String(sheet.rooms), String(sheet.walls), String(sheet.fixtures)]),
);

writeFileSync(
  path.join(outDir, 'accuracy.json'),
  JSON.stringify({ dpi: DPI, generatedAt: new Date().toISOString(), seed: SEED, generated: { summary: generated, sheets: generatedSheets }, areaPlans, outlined: outlined && { summary: outlined, sheets: outlinedSheets }, real: { asheville, ashevilleFloors, va, firstFloor, stamped, roomSizes, noPlan } }, null, 2),
);
console.log(`\nReport: bench/out/accuracy.json; overlays: bench/out/accuracy/*.png`);
