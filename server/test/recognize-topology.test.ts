// Wall, opening and room recognition on vector sheets: real drawings parsed for real (printed
// areas and dimensions as the reference) and generated sheets with exact ground truth.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import polygonClipping from 'polygon-clipping';
import type { Geom, Pair } from 'polygon-clipping';
import { PDFDocument, PDFName, PDFOperator, PDFOperatorNames, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { metresPerUnit, polygonArea } from '../../core/src/measure.ts';
import type { Position } from '../../core/src/types.ts';
import { generateSheet, suiteOptions, type SheetOptions } from '../../bench/synth/generate.ts';
import { openSheet } from '../src/pipeline/pdf.ts';
import { interiorPoint, median, pointInPolygon, pointInRing, ringBBox, signedArea2 } from '../src/pipeline/recognize/geom-basics.ts';
import { bboxRing } from '../../core/src/geometry.ts';
import { closeSlits, multiPolygonArea, paintedRegion, unionAll } from '../src/pipeline/recognize/geom-clip.ts';
import { textLines } from '../src/pipeline/recognize/rooms.ts';
import { splitAtStamps } from '../src/pipeline/recognize/topology-stamps.ts';
import { detectTopology, type TopologyResult } from '../src/pipeline/recognize/topology-detect.ts';
import { isFurnitureLayer } from '../src/pipeline/recognize/topology-evidence.ts';
import { detectScale } from '../src/pipeline/scale.ts';
import { extractWords } from '../src/pipeline/text.ts';
import type { SheetInfo, SheetPrimitives, SheetWord } from '../src/pipeline/types.ts';
import { extractPrimitives } from '../src/pipeline/vectors.ts';
import { sheetWords } from '../src/pipeline/ocr.ts';
import { renderSheet, scaledPng } from '../src/pipeline/render.ts';
import { withOutlinedText } from './support/outlined.ts';
import { realPage, realplans } from './support/realplans.ts';

const DPI = 150;
const SQUARE_FEET = 0.09290304;

interface ParsedSheet {
  info: SheetInfo;
  primitives: SheetPrimitives;
  words: SheetWord[];
}

async function parse(bytes: Uint8Array): Promise<ParsedSheet> {
  const sheet = await openSheet(bytes, DPI);
  try {
    return { info: sheet.info, primitives: await extractPrimitives(sheet), words: await extractWords(sheet) };
  } finally {
    await sheet.close();
  }
}

const squareFeet = (rings: Position[][], mpu: number) => (polygonArea(rings) * mpu * mpu) / SQUARE_FEET;

/** Metres per blueprint unit of a plan drawn at 1:50. */
const MPU_AT_1_TO_50 = metresPerUnit({ drawing: 1, real: 50, units: 'si', type: 'metric' }, DPI)!;

/** An A3 landscape sheet drawn at 1:`ratio` for a constructed plan: its page, a font, and paper points for metres of building. */
async function a3At(ratio: number) {
  const MM = 72 / 25.4;
  const doc = await PDFDocument.create();
  const page = doc.addPage([420 * MM, 297 * MM]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const metres = (v: number) => ((v * 1000) / ratio) * MM;
  return { doc, page, font, MM, metres };
}

const a3At1To50 = () => a3At(50);

/**
 * A constructed plan at 1:50 on A3 drawn in metres from a corner 150 pt in, as a Swiss rental plan
 * draws it: `at` and `rect` place points and rectangles, `pen` is its grey 0.3 pt hairline.
 */
async function greyPlanAt1To50() {
  const sheet = await a3At1To50();
  const [left, top] = [150, 150];
  const at = (x: number, y: number) => `${left + sheet.metres(x)} ${top + sheet.metres(y)}`;
  const rect = (x0: number, y0: number, x1: number, y1: number) => `M ${at(x0, y0)} L ${at(x1, y0)} L ${at(x1, y1)} L ${at(x0, y1)} Z`;
  const grey = rgb(0.47, 0.47, 0.47);
  const pen = { x: 0, y: sheet.page.getHeight(), borderColor: grey, borderWidth: 0.3 };
  return { ...sheet, left, top, at, rect, grey, pen };
}

type GreyPlan = Awaited<ReturnType<typeof greyPlanAt1To50>>;

/**
 * The same plan drawn black: `poche` paints wall boxes [x0, y0, x1, y1], metres, with no outline,
 * `line` is the path of a stroke between two points and `blackPen` a 0.25 pt black hairline;
 * `finished` names the rooms at their points, titles the plan below `depth` and saves it.
 */
async function blackPenPlanAt1To50() {
  const sheet = await greyPlanAt1To50();
  const { doc, page, font, metres, left, top, at, rect } = sheet;
  const frame = { x: 0, y: page.getHeight() };
  const line = (x0: number, y0: number, x1: number, y1: number) => `M ${at(x0, y0)} L ${at(x1, y1)}`;
  const poche = (walls: [number, number, number, number][]) => {
    for (const wall of walls) page.drawSvgPath(rect(...wall), { ...frame, color: rgb(0, 0, 0) });
  };
  const finished = (names: [string, number, number][], depth: number) => {
    for (const [name, x, y] of names) page.drawText(name, { x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(depth) + 60), size: 10, font });
    return doc.save();
  };
  return { ...sheet, line, poche, finished, blackPen: { ...frame, borderColor: rgb(0, 0, 0), borderWidth: 0.25 } };
}

/**
 * The wall boxes of rooms in a row, `widths` wide and `depth` deep, metres, from the inner face of
 * the west wall: outer walls 0.25 m thick (the west one `westWall`), 0.12 m partitions between.
 */
function rowOfRooms(widths: number[], depth: number, westWall = 0.25): [number, number, number, number][] {
  const [outer, partition] = [0.25, 0.12];
  const east = widths.reduce((sum, width) => sum + width, 0) + partition * (widths.length - 1);
  const boxes: [number, number, number, number][] = [
    [-westWall, -outer, east + outer, 0],
    [-westWall, depth, east + outer, depth + outer],
    [-westWall, 0, 0, depth],
    [east, 0, east + outer, depth],
  ];
  let x = 0;
  for (const width of widths.slice(0, -1)) {
    x += width;
    boxes.push([x, 0, x + partition, depth]);
    x += partition;
  }
  return boxes;
}

/**
 * A grey plan at 1:50 whose walls are filled boxes [x0, y0, x1, y1], metres, with what `furnish`
 * draws in their outline pen, each room named at a point and the title below the plan's depth.
 */
async function greyFilledPlan(walls: [number, number, number, number][], furnish: (sheet: GreyPlan) => void, names: [string, number, number][], depth: number): Promise<Uint8Array> {
  const sheet = await greyPlanAt1To50();
  const { doc, page, font, metres, left, top, rect, grey, pen } = sheet;
  for (const wall of walls) page.drawSvgPath(rect(...wall), { ...pen, color: grey });
  furnish(sheet);
  for (const [name, x, y] of names) page.drawText(name, { x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 9, font });
  page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(depth) + 60), size: 10, font });
  return doc.save();
}

/**
 * A dimension string 1 m north of a grey plan, ticked at `stops` (metres east) with each span's
 * figure printed over it: a sheet that writes its dimensions' figures, as rental plans do.
 */
function dimensionsAlongNorth({ page, font, left, top, metres, at, pen }: GreyPlan, stops: number[]) {
  page.drawSvgPath(`M ${at(stops[0] - 0.25, -1)} L ${at(stops[stops.length - 1] + 0.25, -1)}`, pen);
  for (const x of stops) page.drawSvgPath(`M ${at(x - 0.1, -0.9)} L ${at(x + 0.1, -1.1)}`, pen);
  stops.slice(1).forEach((x, k) => {
    const span = x - stops[k];
    page.drawText(span < 1 ? String(Math.round(span * 100)) : span.toFixed(2), { x: left + metres(stops[k] + 0.05), y: page.getHeight() - (top + metres(-1.1)), size: 7, font });
  });
}

/**
 * Rooms at 1:50 on A3 whose black poché is painted box by box with no outline, as a rental plan
 * exports it: `walls` [x0, y0, x1, y1] in metres, what `furnish` draws over them and `underlay`
 * under them, with labels, `depth` deep.
 */
async function blackWalledPlan(
  walls: [number, number, number, number][],
  furnish: (sheet: GreyPlan) => void,
  names: [string, number, number][],
  depth: number,
  underlay: (sheet: GreyPlan) => void = () => {},
): Promise<Uint8Array> {
  const sheet = await greyPlanAt1To50();
  const { doc, page, font, metres, left, top, rect, pen } = sheet;
  underlay(sheet);
  for (const wall of walls) page.drawSvgPath(rect(...wall), { ...pen, color: rgb(0, 0, 0), borderWidth: 0 });
  furnish(sheet);
  for (const [name, x, y] of names) page.drawText(name, { x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 9, font });
  page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(depth + 0.25) + 60), size: 10, font });
  return doc.save();
}

/** The topology of a plan drawn at 1:50, and its rooms as [name, m²] sorted by name. */
async function roomsAt1To50(pdf: Uint8Array) {
  const mpu = MPU_AT_1_TO_50;
  const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: mpu });
  return { result, rooms: result.rooms.map((room) => [room.name, Number((polygonArea(room.polygon) * mpu * mpu).toFixed(2))]).sort() };
}

describe('first-floor.pdf (construction plan, 1/4" = 1\'-0")', () => {
  const mpu = metresPerUnit({ drawing: 0.25, real: 1, units: 'imperial', type: 'architectural' }, DPI)!;
  let sheet: ParsedSheet;
  let result: TopologyResult;

  it('measures the footprint the plan dimensions, 32\' × 16\' = 512 SF, within 2%', async () => {
    sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf'))));
    result = detectTopology({ ...sheet, metresPerUnit: mpu });
    expect(result.footprints).toHaveLength(1);
    expect(squareFeet(result.footprints[0], mpu)).toBeGreaterThan(512 * 0.98);
    expect(squareFeet(result.footprints[0], mpu)).toBeLessThan(512 * 1.02);
  });

  it('finds the labelled rooms inside the building and nothing on the porch, in the title block or the details', () => {
    const names = result.rooms.map((room) => room.name);
    // The kitchen and the dining area are one open room: its name says both, in reading order.
    expect(names).toEqual(expect.arrayContaining(['LIVING ROOM', 'WC', 'KITCHEN / DINING']));
    for (const room of result.rooms) expect(pointInPolygon(interiorPoint(room.polygon), result.footprints[0])).toBe(true);
  });

  it('relates doors to their walls and to the rooms they join', () => {
    const doors = result.openings.filter((opening) => opening.subClass === 'single swing door');
    expect(doors.length).toBeGreaterThanOrEqual(4);
    const wallIds = new Set(result.walls.map((wall) => wall.id));
    for (const door of doors) {
      expect(door.wallIds.length).toBeGreaterThan(0);
      for (const id of door.wallIds) expect(wallIds.has(id)).toBe(true);
    }
    const living = result.rooms.find((room) => room.name === 'LIVING ROOM')!;
    expect(living.wallIds.length).toBeGreaterThanOrEqual(4);
  });

  it('finds its windows, whose sills stand proud of both wall faces, at their widths between jambs', () => {
    // Two 2'-0" windows in the north wall, two 2'-6" in the south wall and one 2'-6" in the east
    // wall, each glazed with two lines between jambs and with a sill line a little outside each
    // face of the 6" wall.
    const windows = result.openings.filter((opening) => opening.subClass === 'window');
    const feet = windows.map((window) => (window.widthUnits * mpu) / 0.3048).sort((a, b) => a - b);
    expect(feet).toEqual([2, 2, 2.5, 2.5, 2.5].map((width) => expect.closeTo(width, 1)));
    const living = result.rooms.find((room) => room.name === 'LIVING ROOM')!;
    expect(windows.filter((window) => living.openingIds.includes(window.id))).toHaveLength(2);
  });

  it('keeps the closets its doors open into, smaller than a room though they are', () => {
    // UTILITY (2'-6" × 2'-5") and COATS (2'-6" × 2'), each behind a door off the dining room.
    for (const name of ['UTILITY', 'COATS']) {
      const closet = result.rooms.find((room) => room.name === name);
      expect(closet, name).toBeDefined();
      const m2 = squareFeet(closet!.polygon, mpu) * SQUARE_FEET;
      expect(m2).toBeGreaterThan(0.4);
      expect(m2).toBeLessThan(0.6);
      expect(closet!.openingIds.length).toBeGreaterThan(0);
    }
  });
});

describe('asheville floorplan.pdf page 1 (real-estate plan, three floors)', () => {
  it('finds the printed rooms within 3% of their printed areas', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'asheville/floorplan.pdf'))));
    const scale = detectScale({ words: sheet.words, primitives: sheet.primitives, info: sheet.info }).scale;
    const mpu = metresPerUnit(scale, DPI);
    expect(mpu).not.toBeNull();
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    const printed = readFileSync(path.join(realplans, 'asheville/printed_room_areas.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(','))
      .filter(([, room]) => !/TOTAL|GRADE/i.test(room))
      .map(([, room, , area]) => ({ name: room.toUpperCase(), area: Number(area) }));
    expect(printed).toHaveLength(13);
    const unused = [...result.rooms];
    let within = 0;
    for (const { name, area } of printed) {
      // An open plan's room joins its spaces' labels ("LIVING / FOYER").
      const match = unused.findIndex((room) => (room.name?.toUpperCase().split(' / ') ?? []).includes(name) && Math.abs(squareFeet(room.polygon, mpu!) - area) <= 0.03 * area);
      if (match < 0) continue;
      within++;
      unused.splice(match, 1);
    }
    expect(within).toBe(13);
    // Labels are the room's own words: the kitchen's name word and its W×L and area lines are inside it.
    const kitchen = result.rooms.find((room) => room.name === 'KITCHEN')!;
    const kitchenWord = sheet.words.find((word) => kitchen.labelWordIds.includes(word.id))!;
    expect(kitchenWord.text).toBe('KITCHEN');
    // Each floor's plan is a building of its own, largest first: the basement, the main floor and
    // the second floor, whose printed totals (ANSI Z765, to the outside of the exterior walls) are
    // 1600.79, 1275.98 and 763.20 + 24.70 unfinished SF: each is measured within 50 SF of it.
    expect(result.footprints.map((footprint) => squareFeet(footprint, mpu!))).toEqual([
      expect.closeTo(1600.79, -2),
      expect.closeTo(1275.98, -2),
      expect.closeTo(787.9, -2),
    ]);
    const floorOf = (name: string) => result.footprints.findIndex((footprint) => pointInPolygon(interiorPoint(result.rooms.find((room) => room.name === name)!.polygon), footprint));
    expect([floorOf('STORAGE'), floorOf('KITCHEN'), floorOf('FAMILY')]).toEqual([0, 1, 2]);
  });
});

describe('asheville floorplan.pdf page 2 (the main floor, each room painted)', () => {
  const recognized = (async () => {
    const sheet = await parse(realPage('asheville/floorplan.pdf', 2));
    const mpu = metresPerUnit(detectScale({ words: sheet.words, primitives: sheet.primitives, info: sheet.info }).scale, DPI)!;
    return { sheet, result: detectTopology({ ...sheet, metresPerUnit: mpu }) };
  })();

  it('takes the hall from its near-white paint and keeps the pantry its paint runs beside', async () => {
    const { sheet, result } = await recognized;
    const at = (x: number, y: number): Position => [(x * DPI) / 72, (y * DPI) / 72];
    // The hall below the kitchen is painted cream (luminance 249), lighter than any ink; its paint
    // stops at the stair and the wall faces, where the walls alone let it run on.
    const hallLabel = at(430, 300);
    const outline = (path: (typeof sheet.primitives.paths)[number]) => path.subpaths[0].segments.map((segment) => segment.from);
    const hallPaint = sheet.primitives.paths.find((path) => path.fill && path.fill.color.join() === '255,249,227,1' && pointInRing(hallLabel, outline(path)))!;
    expect(hallPaint).toBeDefined();
    const paintArea = polygonArea([outline(hallPaint)]);
    const hall = result.rooms.filter((room) => pointInPolygon(hallLabel, room.polygon));
    expect(hall.map((room) => room.name)).toEqual(['HALL']);
    expect(polygonArea(hall[0].polygon) / paintArea).toBeCloseTo(1, 2);
    // The pantry beside it (0.48 m², smaller than a room but entered by a door) is still a room:
    // the hall's paint runs under their wall into the pantry's outline, and trims it no more.
    const pantry = result.rooms.filter((room) => pointInPolygon(at(414, 251), room.polygon));
    expect(pantry.map((room) => room.name)).toEqual(['PNTR']);
    expect(pantry[0].openingIds).toHaveLength(1);
  });

  it('seats each door in its wall though its arc ends 4° off it, and reads the gap\'s fill as no window besides', async () => {
    const { result } = await recognized;
    const pt = (units: number) => (units * 72) / DPI;
    // iGUIDE draws its door swings a few degrees short of a quarter turn and paints each doorway
    // grey. Read along the drawn leaf, a door missed its wall and stood half in the hall, and
    // the grey doorway was reported again as a window.
    const boxes = result.openings.map((opening) => ({ subClass: opening.subClass, box: ringBBox(opening.polygon).map(pt) }));
    const overlap = (a: number[], b: number[]) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
    const doors = boxes.filter((opening) => opening.subClass === 'single swing door');
    expect(boxes.filter((opening) => opening.subClass === 'window' && doors.some((door) => overlap(door.box, opening.box)))).toEqual([]);
    // The bedroom's door, between the hall's east face (x 458.2 pt) and the bedroom's west face (463.6).
    const bedroomDoor = doors.filter(({ box }) => box[0] < 461 && box[2] > 461 && box[1] < 218 && box[3] > 218);
    expect(bedroomDoor).toHaveLength(1);
    expect(bedroomDoor[0].box[0]).toBeCloseTo(458.2, 0);
    expect(bedroomDoor[0].box[2]).toBeCloseTo(463.6, 0);
  });
});

describe('va-finish-plan page 1 (hospital wing, corridors and lobby not separated by walls)', () => {
  const recognizedVa = (async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'va-finish-plan/sample-finish-plan.pdf'))));
    const scale = detectScale({ words: sheet.words, primitives: sheet.primitives, info: sheet.info }).scale;
    const mpu = metresPerUnit(scale, DPI)!;
    return { sheet, mpu, result: detectTopology({ ...sheet, metresPerUnit: mpu }) };
  })();
  /** The room holding the room tag printed as `text`. */
  const taggedRoom = async (text: string) => {
    const { sheet, result } = await recognizedVa;
    const tag = sheet.words.find((word) => word.text === text && word.geometry)!;
    return result.rooms.find((room) => pointInPolygon(interiorPoint(tag.geometry!.coordinates), room.polygon))!;
  };
  /** A room's south edge, pt. */
  const southEdge = (room: { polygon: Position[][] }) => (ringBBox(room.polygon[0])[3] * 72) / DPI;
  it('cuts the open circulation along the drawn lines between its room tags', async () => {
    const { sheet, mpu, result } = await recognizedVa;
    // Each printed "<area> SF" tag of the lobby and the corridors, by its recorded place on the sheet.
    const tagRoom = (areaText: string, pdfX: number, pdfY: number) => {
      const at: Position = [(pdfX * DPI) / 72, (pdfY * DPI) / 72];
      const tag = sheet.words
        .filter((word, i) => word.text === areaText && sheet.words[i + 1]?.text === 'SF' && word.geometry)
        .map((word) => interiorPoint(word.geometry!.coordinates))
        .sort((a, b) => Math.hypot(a[0] - at[0], a[1] - at[1]) - Math.hypot(b[0] - at[0], b[1] - at[1]))[0];
      return result.rooms.findIndex((room) => pointInPolygon(tag, room.polygon));
    };
    const lobby = tagRoom('640', 1225.1, 730.4);
    const corridors = [tagRoom('411', 1700.4, 612.7), tagRoom('250', 2030.0, 420.3), tagRoom('706', 1713.1, 866.8), tagRoom('557', 2047.0, 1209.9)];
    expect([lobby, ...corridors].every((room) => room >= 0)).toBe(true);
    // Before the cuts all five tags fell in one 4,350 SF region; drawn lines part the wing's
    // corridors (CE-2, CE-5) from the lobby, CE-4 is apart from both behind its doors (swings
    // drawn as loose pieces whose ends do not meet), and CE-3, which no drawn line closes, is cut
    // from the lobby at a neck of the corridor. Where exactly is the architect's choice and is
    // not drawn: the printed 640 / 706 SF split is not asserted.
    expect(new Set([lobby, ...corridors]).size).toBeGreaterThanOrEqual(4);
    expect(lobby).not.toBe(corridors[0]);
    expect(corridors[1]).not.toBe(corridors[0]);
    expect(lobby).not.toBe(corridors[2]);
    for (const room of new Set([lobby, ...corridors])) expect(squareFeet(result.rooms[room].polygon, mpu)).toBeLessThan(2500);
  });

  it('names a room by its tag\'s name and the bare number under it, not by a finish tag set beside the name', async () => {
    const { sheet, result } = await recognizedVa;
    // PATIENT ROOM over 144, its "P-2" wall-finish tag set 6 pt before PATIENT on about its
    // baseline: the room was "P-2 PATIENT ROOM", and the figure read as a dimension.
    const number = sheet.words.find((word) => word.text === '144' && word.geometry)!;
    expect(result.rooms.filter((room) => pointInPolygon(interiorPoint(number.geometry!.coordinates), room.polygon)).map((room) => room.name)).toEqual(['PATIENT ROOM 144']);
  });

  it('names the wing\'s circulation by its room tag, not by the finish tags printed over it', async () => {
    const { result } = await recognizedVa;
    // "CG" (corner guard) and "CPT-2" (carpet) mark finishes on this plan; the space they and the
    // CE-5 tag stand in is the corridor.
    const at: Position = [(2047 * DPI) / 72, (1195 * DPI) / 72];
    expect(result.rooms.filter((room) => pointInPolygon(at, room.polygon)).map((room) => room.name)).toEqual(['CORRIDOR CE-5']);
    expect(result.rooms.filter((room) => /^(CG|CPT-\d|VCT-\d|PT-\d|\s)+$/.test(room.name ?? ''))).toEqual([]);
    // The note "ALIGN CPT TO WALL" is printed larger, and nearer the middle of the south
    // corridor, than its tag; the tag's line says what the space is.
    const southCorridor: Position = [(1713.1 * DPI) / 72, (866.8 * DPI) / 72];
    expect(result.rooms.filter((room) => pointInPolygon(southCorridor, room.polygon)).map((room) => room.name)).toEqual(['CORRIDOR CE-3']);
  });

  it('parts two toilet rooms by the wall between them, thicker than any the sheet draws often', async () => {
    const { mpu } = await recognizedVa;
    // TOILET 145A and the toilet below it share a 7 pt wall (480.8–487.8 pt) in the wall pen, a
    // thickness that is no peak of the sheet's walls (3.1–9.7 pt): read as a counter's edge, it
    // left one 143 SF "toilet" holding both. It joins walls at both ends, as a counter does not.
    const toilet = await taggedRoom('145A');
    expect(toilet.name).toBe('TOILET 145A');
    expect(Math.abs(southEdge(toilet) - 480.8)).toBeLessThan(1);
    expect(squareFeet(toilet.polygon, mpu)).toBeLessThan(70);
  });

  it('closes a toilet room at its wall face, though chase walls cross that face as extension lines cross a dimension', async () => {
    const { mpu } = await recognizedVa;
    // TOILET 137A's south wall is two strokes of the wall pen, 588.5 and 591.8 pt. The chase's
    // thinner walls below cross the lower one near both ends, so it read as a dimension line, and
    // the room ran on into the 2 ft chase: 87 SF. No figure is printed along it, and it ends on
    // the faces of the walls it spans between, as a dimension line does not.
    const toilet = await taggedRoom('137A');
    expect(toilet.name).toBe('TOILET 137A');
    expect(Math.abs(southEdge(toilet) - 588.5)).toBeLessThan(1);
    // Its floor between the faces, 1282.0–1341.4 by 501.1–588.5 pt, less the notch at its door.
    expect(squareFeet(toilet.polygon, mpu)).toBeGreaterThan(50);
    expect(squareFeet(toilet.polygon, mpu)).toBeLessThan(64.1);
  });

  it('takes no wall from a room-number box drawn as four loose strokes against a closet wall', async () => {
    const { mpu } = await recognizedVa;
    // STORAGE 134A: 5.74 ft between its wall faces (1225.5 and 1277.2 pt, read off a poppler
    // render) less a column in one corner; printed 16 SF. Its "134A" box touches the west wall,
    // and paired with that wall's face it made a 3 pt "wall" that took 2 SF (14.0 SF) of a 16 SF room.
    const closet = await taggedRoom('134A');
    const [x0] = ringBBox(closet.polygon[0]);
    expect(Math.abs((x0 * 72) / DPI - 1225.5)).toBeLessThan(0.5);
    expect(squareFeet(closet.polygon, mpu)).toBeGreaterThan(15);
  });

  it('keeps the walls under a tint clipped to the existing building, and closes a door hung in a stub partition', async () => {
    const { sheet, result } = await recognizedVa;
    // The existing wing is tinted by one page-wide grey rectangle clipped to the wing's outline.
    // Read by its box, that rectangle covered the grey poché of the connecting corridor's west
    // wall (973.3–983.2 pt) and its south wall, and T1 leaked out of the building. Its north end
    // is a door whose far jamb is a 6.4 pt partition stub, a thickness no other wall has.
    const tag = sheet.words.find((word) => word.text === 'T1' && word.geometry)!;
    const corridor = result.rooms.find((room) => pointInPolygon(interiorPoint(tag.geometry!.coordinates), room.polygon));
    expect(corridor?.name).toBe('CONNECTING CORRIDOR T1');
    const [x0, y0, , y1] = ringBBox(corridor!.polygon[0]).map((value) => (value * 72) / DPI);
    expect(Math.abs(x0 - 983.2)).toBeLessThan(0.5);
    expect(Math.abs(y0 - 352.7)).toBeLessThan(1);
    // South: closed by the existing wall at 649.3 pt (and the passage east of it at 654.5 pt).
    expect(y1).toBeGreaterThan(649);
    expect(y1).toBeLessThan(655);
  });

  it('takes no tile hatch for a corner window: the toilets stay whole', async () => {
    const { sheet, mpu, result } = await recognizedVa;
    // Two tile-hatch lines in the band from a partition's end to the wall across read as the
    // two glazing lines of a window in that corner, and cut each toilet in two.
    for (const number of ['139A', '138A', '161A']) {
      const word = sheet.words.find((w) => w.text === number && w.geometry)!;
      const room = result.rooms.find((candidate) => pointInPolygon(interiorPoint(word.geometry!.coordinates), candidate.polygon));
      expect(room?.name, number).toBe(`ABA TOILET ${number}`);
      expect(squareFeet(room!.polygon, mpu), number).toBeGreaterThan(55);
    }
  });

  it('closes the doors of the rooms off the corridors: exploded swings, jambs thicker than their wall', async () => {
    const { sheet, mpu, result } = await recognizedVa;
    // Each tag (name over number) lies in a room of its own named by both, the size of an office,
    // not in a corridor that swallowed the room.
    for (const [name, number] of [['OFFICE', '149'], ['LAUNDRY', '153'], ['PATIENT ROOM', '147'], ['ELECTRICAL ROOM', '133']]) {
      const rooms = sheet.words
        .filter((word) => word.text === number && word.geometry)
        .map((word) => result.rooms.find((room) => pointInPolygon(interiorPoint(word.geometry!.coordinates), room.polygon)))
        .filter((room) => room?.name === `${name} ${number}`);
      expect(rooms, `${name} ${number}`).toHaveLength(1);
      expect(squareFeet(rooms[0]!.polygon, mpu), `${name} ${number}`).toBeGreaterThan(40);
      expect(squareFeet(rooms[0]!.polygon, mpu), `${name} ${number}`).toBeLessThan(300);
    }
  });
});

const iou = (a: Position[][] | Geom, b: Position[][] | Geom) => {
  const inter = polygonClipping.intersection(a as Geom, b as Geom).reduce((sum, p) => sum + polygonArea(p), 0);
  if (inter === 0) return 0;
  return inter / polygonClipping.union(a as Geom, b as Geom).reduce((sum, p) => sum + polygonArea(p), 0);
};

describe('nithish floorplan.pdf (house inside a compound wall, no scale note)', () => {
  it('keeps a room that a double-outlined table stands in, and makes no room of the yard the compound wall encloses', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'nithish/floorplan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    const roomOf = (text: string) => {
      const word = sheet.words.find((w) => w.text === text && w.geometry)!;
      return result.rooms.find((room) => pointInPolygon(interiorPoint(word.geometry!.coordinates), room.polygon));
    };
    // The table's two outlines enclose a "room" of their own; the drawing room around it was
    // thrown out as a box drawn around another building.
    // The dining area is open to it (no wall between), so its name joins both labels.
    expect(roomOf('Drawing')?.name).toBe('Dining / Drawing Room');
    expect(roomOf('Kitchen')?.name).toBe('Kitchen');
    expect(roomOf('Parking')).toBeUndefined();
  });

  it('takes no wall from a bed\'s frame, a stair\'s treads or a window\'s glazing drawn in the pen of its walls', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'nithish/floorplan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // One pen draws the walls' outlines, the beds, the stair and the windows. A bed's frame, a
    // stair's treads and a window's glazing are crossed at both ends as dimension lines are, and
    // carry no figure; paired at whatever spacing they are drawn, they walled a bed in as a room.
    const roomsIn = ([x0, y0, x1, y1]: number[]) =>
      result.rooms.filter((room) => {
        const [x, y] = interiorPoint(room.polygon).map((v) => (v * 72) / DPI);
        return x > x0 && x < x1 && y > y0 && y < y1;
      });
    const bedroom = roomsIn([175, 171, 300, 307]);
    expect(bedroom.map((room) => room.name)).toEqual(['Bed Room']);
    expect(roomsIn([306, 171, 368, 270])).toHaveLength(1);
  });

  it('sizes the plan by its door swings, not by the quarter turns a leaf\'s stroke meets in its furniture\'s small print', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'nithish/floorplan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // Four doors swing 74–86 units; arcs of 1–3 units (0.2–0.5 mm of paper) with a stroke from
    // their centre outnumbered them, and the plan was read at no size at all. The compound wall
    // its 50' dimension spans runs 1295 units: 85 units per metre.
    expect(Math.abs(result.unitsPerMetre! / (1295 / (50 * 0.3048)) - 1)).toBeLessThan(0.1);
  });
});

describe('kumar-g2 ground floor plan (AutoCAD: walls as solid-hatch triangles, columns as dark blocks)', () => {
  it('reads walls painted as pairs of triangles and columns at their corners, so the rooms close', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'kumar-g2-residential/ground-floor-plan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // Each wall is one fill of two triangles turning opposite ways; read as an outer ring and a
    // hole, it painted nothing. The rooms then leaked past the columns (13 × 9 pt dark blocks).
    for (const [label, name] of [['BEDROOM', 'BEDROOM'], ['MASTER', 'MASTER BEDROOM'], ['DINING', 'DINING'], ['C.TLT', 'C.TLT']]) {
      const word = sheet.words.find((w, i) => w.text === label && sheet.words[i - 1]?.text !== 'MASTER' && w.geometry)!;
      const room = result.rooms.find((candidate) => pointInPolygon(interiorPoint(word.geometry!.coordinates), candidate.polygon));
      expect(room?.name, label).toBe(name);
    }
  });

  it('closes the living room at W3, glazed from the face of one wall to the face of another, and at W2, glazed from a column', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'kumar-g2-residential/ground-floor-plan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // W3's four glazing lines run between the bay's bottom wall and the wall below it; no wall runs
    // along the window's own line, so the living room ran out through it and was no room at all.
    const word = sheet.words.find((w) => w.text === 'LIVING' && w.geometry)!;
    const living = result.rooms.filter((candidate) => pointInPolygon(interiorPoint(word.geometry!.coordinates), candidate.polygon));
    expect(living.map((room) => room.name)).toEqual(['LIVING ROOM']);
    // It stops at the glazing (x ≈ 190 pt): the sill outside it is no floor of the room.
    expect(pointInPolygon([(182 * DPI) / 72, (430 * DPI) / 72], living[0].polygon)).toBe(false);
    expect(pointInPolygon([(200 * DPI) / 72, (430 * DPI) / 72], living[0].polygon)).toBe(true);
    // W2 in its south wall is glazed from a column's face (no wall of its own there) to the end of
    // the wall running on in its line, at y ≈ 483–487 pt: the room stops there too, short of the
    // ledge in the recess outside it.
    expect(pointInPolygon([(250 * DPI) / 72, (480 * DPI) / 72], living[0].polygon)).toBe(true);
    expect(pointInPolygon([(250 * DPI) / 72, (486 * DPI) / 72], living[0].polygon)).toBe(false);
  });

  it('finds no window across the bedroom\'s hatched niche, between the ends of the walls either side of it', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'kumar-g2-residential/ground-floor-plan.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // The niche (x ≈ 230–290 pt, y ≈ 46–63 pt) opens off the bedroom's north side between two
    // walls' ends; each end, read across, pairs as a block as thick as the niche is deep, and the
    // two faced each other like a window's jambs, the hatch's strokes its glazing. The niche is
    // the bedroom's floor.
    const inNiche = (p: Position) => p[0] > (232 * DPI) / 72 && p[0] < (290 * DPI) / 72 && p[1] > (46 * DPI) / 72 && p[1] < (63 * DPI) / 72;
    expect(result.openings.filter((opening) => inNiche(interiorPoint([opening.polygon])))).toEqual([]);
    const word = sheet.words.find((w, i) => w.text === 'BEDROOM' && sheet.words[i - 1]?.text !== 'MASTER' && w.geometry)!;
    const bedroom = result.rooms.find((candidate) => pointInPolygon(interiorPoint(word.geometry!.coordinates), candidate.polygon))!;
    expect(pointInPolygon([(260 * DPI) / 72, (55 * DPI) / 72], bedroom.polygon)).toBe(true);
  });
});

describe('polimi-qms3 A101 (AutoCAD plot, no room labels)', () => {
  it('closes a window that runs from a wall end to the face of the wall across its line', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'polimi-qms3/A101.pdf'))));
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // The living room's south façade is one window from the west wall's face to the end of the
    // bedroom's wall: no wall stub faces that end, so the living room leaked outside.
    const at = (x: number, y: number): Position => [(x * DPI) / 72, (y * DPI) / 72];
    const living = result.rooms.filter((room) => pointInPolygon(at(633, 633), room.polygon));
    expect(living).toHaveLength(1);
    expect(pointInPolygon(at(1033, 700), living[0].polygon)).toBe(false);
    // Inside the 9.14 × 6.05 m building (657 × 435 pt at the sheet's 1:39.37), not the sheet.
    const [x0, y0, x1, y1] = ringBBox(living[0].polygon[0]).map((value) => (value * 72) / DPI);
    expect(x1 - x0).toBeLessThan(660);
    expect(y1 - y0).toBeLessThan(440);
    // With no scale trusted, its four door swings (each a single cubic that reads 80° when fitted
    // by three points) tell the size of a metre: 150 units at the 1:39.37 its dimensions measure.
    expect(Math.abs(result.unitsPerMetre! / 150 - 1)).toBeLessThan(0.15);
  });
});

describe('a plan with no scale whose garden\'s shrubs outnumber its doors', () => {
  // Three rooms in a row at 1:50 on A3, walls 0.2 m drawn as outlines, each entered by a door of
  // 0.9 m: a quarter turn with its leaf from the hinge to the arc's end. In the garden south of
  // the house twelve shrubs, each a quarter turn of 0.2 m with its stem stroked from the arc's end
  // through the centre and 0.1 m on past it, as Awaiskamboh's layout plan draws its lawns. The
  // stems pass the centre as a leaf's hinge does, and the shrubs set the size of a metre: a fifth
  // of the doors', and at that size no wall on the sheet was thin enough to be one.
  const MM = 72 / 25.4;
  const at = (x: number, y: number): [number, number] => [100 + ((x * 1000) / 50) * MM, 150 + ((y * 1000) / 50) * MM];
  const quarter = (cx: number, cy: number, r: number, from: number) => {
    const polar = (degrees: number) => at(cx + r * Math.cos((degrees * Math.PI) / 180), cy - r * Math.sin((degrees * Math.PI) / 180));
    const k = (4 / 3) * Math.tan(Math.PI / 8) * r;
    const handle = (degrees: number, sign: number) => {
      const a = (degrees * Math.PI) / 180;
      return at(cx + r * Math.cos(a) - sign * k * Math.sin(a), cy - r * Math.sin(a) - sign * k * Math.cos(a));
    };
    return `M ${polar(from).join(' ')} C ${handle(from, 1).join(' ')} ${handle(from + 90, -1).join(' ')} ${polar(from + 90).join(' ')}`;
  };

  it('sizes the plan by its doors', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pen = { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 };
    const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y], k) => `${k === 0 ? 'M' : 'L'} ${at(x, y).join(' ')}`).join(' ') + ' Z';
    page.drawSvgPath([box(-0.2, -0.2, 12.2, 5.2), box(0, 0, 3.9, 5), box(4.1, 0, 8, 5), box(8.2, 0, 12, 5)].join(' '), pen);
    for (const [x, name] of [[0.5, 'OFFICE'], [4.6, 'STORE'], [8.7, 'LIBRARY']] as const) {
      page.drawSvgPath(`${quarter(x, 4.9, 0.9, 0)} M ${at(x, 4.9).join(' ')} L ${at(x + 0.9, 4.9).join(' ')}`, pen);
      const [px, py] = at(x + 1, 2.5);
      page.drawText(name, { x: px, y: page.getHeight() - py, size: 9, font });
    }
    for (let k = 0; k < 12; k++) {
      const [cx, cy] = [0.5 + k, 6.5];
      page.drawSvgPath(`${quarter(cx, cy, 0.2, 0)} M ${at(cx + 0.2, cy).join(' ')} L ${at(cx - 0.1, cy).join(' ')}`, pen);
    }
    const result = detectTopology({ ...(await parse(await doc.save())), metresPerUnit: null });
    // Leaves of 0.9 m read as the typical 0.82 m: 9.8 % over the 118.1 units a metre is at 1:50.
    expect(result.unitsPerMetre! * MPU_AT_1_TO_50).toBeCloseTo(0.9 / 0.82, 2);
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['LIBRARY', 'OFFICE', 'STORE']);
  });
});

describe('archicad-atrium (ArchiCAD export, M 1:50, dimensions ended by ticks)', () => {
  it('takes no wall from a dimension line ticked at both ends, so rooms reach their wall faces', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'archicad-atrium/floor-plan.pdf'))));
    const detection = detectScale({ words: sheet.words, primitives: sheet.primitives, info: sheet.info });
    const mpu = metresPerUnit(detection.scale!, DPI)!;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    const at = (x: number, y: number): Position => [(x * DPI) / 72, (y * DPI) / 72];
    // The bedroom's "239" dimension runs 14 pt above its south wall, ticked where it meets the
    // wall faces; paired with the wall's face it made a 26 cm "wall" and cut the room short of
    // its stamp "A: 12.98 m²".
    const bedroom = result.rooms.filter((room) => pointInPolygon(at(420, 650), room.polygon));
    expect(bedroom.map((room) => room.name)).toEqual(['SPALNICA']);
    expect(polygonArea(bedroom[0].polygon) * mpu * mpu).toBeCloseTo(12.98, 1);
    // The bathroom beside it, whose east face a dimension's tick also crosses, stays closed.
    const bathroom = result.rooms.filter((room) => pointInPolygon(at(720, 600), room.polygon));
    expect(bathroom.map((room) => room.name)).toEqual(['KOPALNICA']);
    expect(polygonArea(bathroom[0].polygon) * mpu * mpu).toBeCloseTo(9.0, 1);
    // The strip between the dimension chains under the building is no room.
    expect(result.rooms.filter((room) => pointInPolygon(at(450, 1000), room.polygon))).toEqual([]);
  });

  it('parts the open kitchen and living room where their stamps say, no line being drawn between them', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'archicad-atrium/floor-plan.pdf'))));
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    const at = (x: number, y: number): Position => [(x * DPI) / 72, (y * DPI) / 72];
    // Stamped "A: 31.28 m²" and "A: 27.68 m²", the "2" set small and raised; together the
    // space measures 59.9 m².
    const kitchen = result.rooms.filter((room) => pointInPolygon(at(1050, 500), room.polygon));
    const living = result.rooms.filter((room) => pointInPolygon(at(1050, 800), room.polygon));
    expect(kitchen.map((room) => room.name)).toEqual(['KUHINJA IN JEDILNICA']);
    expect(living.map((room) => room.name)).toEqual(['DNEVNA SOBA']);
    expect(Math.abs(polygonArea(kitchen[0].polygon) * mpu * mpu - 31.28)).toBeLessThan(0.03 * 31.28);
    expect(Math.abs(polygonArea(living[0].polygon) * mpu * mpu - 27.68)).toBeLessThan(0.03 * 27.68);
  });

  it('measures each zone as its zone fill paints it: all 13 stamps within 1 %, the corridors\' too', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'archicad-atrium/floor-plan.pdf'))));
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // ArchiCAD paints each zone in its floor finish's shade (parquet 96 % grey, tiles 70 %) along
    // the boundary its stamp measures. The corridors HODNIK 1 and 2 take in door reveals and run on
    // to the far face of the wall ends where they open onto the kitchen and the living room, which
    // no drawn line shows: read from the walls they measured 7.54 m² (printed 9.04) and 3.66 m² (4.14).
    const stamps = sheet.words.flatMap((word, i) =>
      /^\d+\.\d\d$/.test(word.text) && /^m/.test(sheet.words[i + 1]?.text ?? '') ? [{ printed: Number(word.text), at: interiorPoint(word.geometry!.coordinates) }] : [],
    );
    const measured = stamps.flatMap(({ printed, at }) => {
      const rooms = result.rooms.filter((room) => pointInPolygon(at, room.polygon));
      return rooms.length === 1 ? [{ name: rooms[0].name, printed, error: (polygonArea(rooms[0].polygon) * mpu * mpu) / printed - 1 }] : [];
    });
    // The schedule's total (143.39 m²) lies in no room.
    expect(measured).toHaveLength(13);
    for (const room of measured) expect(Math.abs(room.error), `${room.name} ${room.printed} m²`).toBeLessThan(0.01);
    expect(measured.map((room) => room.name)).toEqual(expect.arrayContaining(['HODNIK 1', 'HODNIK 2', 'GARDEROBA']));
  });

  it('reads the wardrobe\'s barn door, a leaf hung just off the wall beside its gap, as a sliding door', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'archicad-atrium/floor-plan.pdf'))));
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // The 0.90 m gap between SPALNICA and GARDEROBA, x 544–556 pt, y 604–655 pt; its leaf is drawn
    // slid part-open 1.4 pt off the bedroom's face, nothing inside the gap.
    const at: Position = [(550 * DPI) / 72, (630 * DPI) / 72];
    const door = result.openings.filter((opening) => pointInPolygon(at, [opening.polygon]));
    expect(door.map((opening) => opening.subClass)).toEqual(['sliding door']);
    expect(door[0].widthUnits * mpu).toBeCloseTo(0.9, 1);
    expect(result.openings.filter((opening) => opening.subClass === 'sliding door')).toHaveLength(1);
  });

  it('does not cut a corridor along the rule of a door marker that runs on through the doorway', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'archicad-atrium/floor-plan.pdf'))));
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // The hall's door prints "0.90 / 2.10" either side of a rule at x = 804.3 pt that runs from
    // inside the hall (y 398), through the doorway, to 10 pt short of the corridor's far wall.
    // The corridor HODNIK 1 goes on past it to where the walls beside it end.
    const corridor = result.rooms.filter((room) => room.name === 'HODNIK 1');
    expect(corridor).toHaveLength(1);
    expect((ringBBox(corridor[0].polygon[0])[2] * 72) / DPI).toBeGreaterThan(820);
  });
});

describe('splitAtStamps', () => {
  const limits = { minArea: 4, minWidth: 1 };
  const square: Position[] = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
  const mpu = 1; // one unit per metre

  it('parts a space between two stamps so each keeps its printed share', () => {
    const pieces = splitAtStamps(square, [{ at: [5, 2], areaM2: 30 }, { at: [5, 8], areaM2: 70 }], mpu, limits)!;
    expect(pieces).toHaveLength(2);
    expect(polygonArea([pieces[0]])).toBeCloseTo(30, 3);
    expect(polygonArea([pieces[1]])).toBeCloseTo(70, 3);
  });

  it('leaves a space alone whose stamps do not add up to it, or whose share would put the line past a stamp', () => {
    expect(splitAtStamps(square, [{ at: [5, 2], areaM2: 20 }, { at: [5, 8], areaM2: 30 }], mpu, limits)).toBeNull();
    expect(splitAtStamps(square, [{ at: [5, 2], areaM2: 60 }, { at: [5, 4], areaM2: 40 }], mpu, limits)).toBeNull();
  });
});

describe('purdue-lilyhall A121 (Revit lab plan whose room tags print numbers only)', () => {
  it('names each room by the number in its tag, not by a keynote, a count or a section bubble', async () => {
    const sheet = await parse(realPage('purdue-lilyhall/drawings.pdf', 5));
    const mpu = metresPerUnit({ drawing: 0.25, real: 1, units: 'imperial', type: 'architectural' }, DPI)!;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // The lab holds "5 TYP" keynotes, "3 UNITS" notes and "A121" section bubbles round its tag.
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['1-129', '1-130', '1-131', '1-132', '1-133']);
    const lab = result.rooms.find((room) => room.name === '1-129')!;
    expect(polygonArea(lab.polygon) * mpu * mpu).toBeGreaterThan(100);
  });

  it('reads the ceiling plan\'s tags ("C1 / EXISTING / 3 TYP") as no room names, so the lab stays whole', async () => {
    const sheet = await parse(realPage('purdue-lilyhall/drawings.pdf', 6));
    const mpu = metresPerUnit({ drawing: 0.25, real: 1, units: 'imperial', type: 'architectural' }, DPI)!;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // Read as names, the four ceiling tags cut the lab into four rooms named EXISTING along the
    // ceiling's bulkhead lines; its floor is the 120 m² the floor plans measure.
    expect(result.rooms.filter((room) => /EXISTING/.test(room.name ?? ''))).toEqual([]);
    const areas = result.rooms.map((room) => polygonArea(room.polygon) * mpu * mpu);
    expect(areas.filter((area) => area > 100)).toHaveLength(1);
  });
});

/** OCR reads a sheet three times, tile by tile, on a core it shares with the other suites. */
const OCR_TEST_TIMEOUT_MS = 300_000;

describe('kirkland sample plans, cover sheet (outlined text read by OCR)', () => {
  it('reads no room on the site plan: not the box of notes, nor the new garage drawn as a hatched outline inside its roof line', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(realplans, 'measurex/kirkland-sample-plans.pdf')));
    const sheet = await openSheet(bytes, DPI);
    try {
      const words = await sheetWords(await extractWords(sheet), async (dpi) => scaledPng(await renderSheet(sheet, dpi)), sheet.info);
      const result = detectTopology({ info: sheet.info, primitives: await extractPrimitives(sheet), words, metresPerUnit: null });
      // The boxed note "These drawings for individuals preparing drawings for permit submittal…"
      // encloses floor of its own, and its sentences are no room's name. The garage is a heavy
      // outline, hatched, its roof's edge dashed outside it dash by dash: read as wall faces, the
      // dashes made it two rooms.
      expect(words.some((word) => word.text === 'submittal.')).toBe(true);
      expect(result.rooms.map((room) => room.name)).toEqual([]);
    } finally {
      await sheet.close();
    }
  }, OCR_TEST_TIMEOUT_MS);

  describe('floor plans (A3): an existing house in a light pen, the addition in a heavy one', () => {
    let words: SheetWord[];
    let result: TopologyResult;
    beforeAll(async () => {
      const sheet = await openSheet(realPage('measurex/kirkland-sample-plans.pdf', 3), DPI);
      try {
        words = await sheetWords(await extractWords(sheet), async (dpi) => scaledPng(await renderSheet(sheet, dpi)), sheet.info);
        result = detectTopology({ info: sheet.info, primitives: await extractPrimitives(sheet), words, metresPerUnit: null });
      } finally {
        await sheet.close();
      }
    }, OCR_TEST_TIMEOUT_MS);
    const roomsAt = (word: SheetWord) => result.rooms.filter((room) => pointInPolygon(interiorPoint(word.geometry!.coordinates), room.polygon));

    it('takes no wall from the strokes of outlined lettering OCR read', () => {
      // "OVERALL DIMENSION" over the patio: its letters' strokes paired into walls that closed a
      // "room" round the label, named after it.
      const label = words.find((word) => word.text === 'OVERALL' && word.geometry && interiorPoint(word.geometry.coordinates)[0] > (600 * DPI) / 72)!;
      expect(label).toBeDefined();
      expect(roomsAt(label)).toEqual([]);
      expect(result.rooms.some((room) => room.name === 'GARAGE')).toBe(true);
    });

    it('reads the small lettering of the upper floor\'s notes, finer than the blueprint\'s own pixels', () => {
      // At 150 dpi the 11×17 sheet's notes are 12 px high and OCR read five scraps of the upper
      // floor plan; read at 300 dpi, its stair and window notes are words whose strokes make no walls.
      const upperFloor = words.filter((word) => {
        const [x, y] = interiorPoint(word.geometry!.coordinates);
        return x > (880 * DPI) / 72 && x < (1060 * DPI) / 72 && y > (170 * DPI) / 72 && y < (310 * DPI) / 72;
      });
      const texts = upperFloor.map((word) => word.text);
      for (const note of ['STAIR', 'WINDOW', 'TYPE']) expect(texts).toContain(note);
      expect(upperFloor.length).toBeGreaterThanOrEqual(15);
    });

    it('reads the existing walls drawn in the lighter pen, so the rooms of the house close round their names', () => {
      // Drawn at half the addition's pen width, the existing walls were no walls: not one room
      // of the existing house was found. (Bedroom 1 still runs into the bathroom and the hall:
      // its closet's walls are drawn thinner still.)
      const bedrooms = words.filter((word) => word.text === 'BEDROOM' && word.geometry);
      expect(bedrooms.length).toBe(3);
      // A room's name joins the labels it holds ("BEDROOM / CLOSET" where a closet's bifold front
      // leaves it open to the bedroom): each bedroom's room holds one BEDROOM label, its own, with
      // the number OCR reads after it.
      const labelsOf = (name: string | null) => (name ?? '').split(' / ');
      expect(bedrooms.filter((word) => roomsAt(word).map((room) => labelsOf(room.name).filter((label) => /^BEDROOM \d$/.test(label)).length).join() === '1').length).toBeGreaterThanOrEqual(2);
      expect(result.rooms.flatMap((room) => labelsOf(room.name))).toContain('LIVING ROOM');
    });

    it('takes no wall from the strokes of lettering OCR leaves unread, told by their shape', () => {
      // The upper floor's MASTER BEDROOM (910–984 × 369–384 pt): OCR reads MASTER, not BEDROOM,
      // whose letters' legs paired into nine walls. Its notes' unread words walled off the hall
      // between the baths and the bedrooms (at 959, 287 pt), which was no room.
      const toUnits = DPI / 72;
      const [x0, y0, x1, y1] = [910, 369, 984, 384].map((pt) => pt * toUnits);
      const inLabel = result.walls.filter((wall) => {
        const [a, b, c, d] = ringBBox(wall.polygon[0]);
        return a >= x0 && b >= y0 && c <= x1 && d <= y1;
      });
      expect(inLabel.map((wall) => wall.id)).toEqual([]);
      const hall: Position = [959 * toUnits, 287 * toUnits];
      expect(result.rooms.filter((room) => pointInPolygon(hall, room.polygon))).toHaveLength(1);
    });

    it('reads a swing its export wrote in four steps as a door, and none in the curves of its outlined lettering', () => {
      // The upper floor's closet door stands 45° open, its swing four straight steps from the
      // leaf's tip (967, 291 pt) to the jamb (981, 297 pt).
      const toUnits = DPI / 72;
      const closetDoor = result.openings.find((opening) => {
        const [x0, y0, x1, y1] = ringBBox(opening.polygon);
        return opening.subClass === 'single swing door' && x0 < 983 * toUnits && x1 > 983 * toUnits && y0 < 290 * toUnits && y1 > 290 * toUnits;
      });
      expect(closetDoor).toBeDefined();
      // The sheet's scale is flagged, so the door swings set the units per metre: at 1/8" = 1'-0"
      // (11×17, half its size) 61.5. The bowls of its lettering, written as coarsely, are swings
      // of 1–5 pt: taken for arcs, some read as doors and the swings said 49.
      expect(result.unitsPerMetre).toBeGreaterThan(0.85 * 61.5);
      expect(result.unitsPerMetre).toBeLessThan(1.15 * 61.5);
    });

    it('names rooms without the scraps of linework OCR reads into a word\'s edge', () => {
      // The upper floor's closet was named "CLOSET]": the bracket is its wall.
      expect(result.rooms.some((room) => room.name === 'CLOSET')).toBe(true);
      for (const room of result.rooms) expect(room.name ?? '').not.toMatch(/[\]|}~]$|^[[|{~]/);
    });

    it('names the office whose label a centre line strikes through, and reads the family room\'s label', () => {
      // The addition's OFFICE, struck at its E by a dash of a centre line, was read as noise and
      // the room took the name of a note beside it ("WINDOW TYPE"); the rules are painted out of
      // the fine render before it is read.
      const office = words.filter((word) => word.text === 'OFFICE');
      expect(office).toHaveLength(1);
      expect(roomsAt(office[0]).map((room) => room.name)).toEqual(['OFFICE']);
      // FAMILY, read in a tile but not over the whole sheet, left its room named "ROOM". No wall
      // parts the family room from the stair hall, nor the hall from the living room: the walls
      // that closed it were the strokes of the "DOOR SIZE & TYPE" note lettered up its west side.
      const family = words.filter((word) => word.text === 'FAMILY');
      expect(family).toHaveLength(1);
      const rooms = roomsAt(family[0]);
      expect(rooms).toHaveLength(1);
      expect((rooms[0].name ?? '').split(' / ')).toContain('LIVING ROOM');
    });
  });
});

describe('ufpr-mapabloco (outlined lettering set inside the rooms, 1:75)', () => {
  let sheet: ParsedSheet;
  const mpu = metresPerUnit({ drawing: 1, real: 75, units: 'si', type: 'metric' }, DPI)!;
  beforeAll(async () => {
    const opened = await openSheet(new Uint8Array(readFileSync(path.join(realplans, 'ufpr-mapabloco/planta.pdf'))), DPI);
    try {
      const words = await sheetWords(await extractWords(opened), async (dpi) => scaledPng(await renderSheet(opened, dpi)), opened.info);
      sheet = { info: opened.info, primitives: await extractPrimitives(opened), words };
    } finally {
      await opened.close();
    }
  }, OCR_TEST_TIMEOUT_MS);
  const area = (room: TopologyResult['rooms'][number]) => polygonArea(room.polygon) * mpu * mpu;

  it('takes no wall from the strokes of the words OCR read, so each office closes along its own walls', () => {
    // The title block's 1:75 is set in italic outlined digits OCR misreads, so the sheet is read
    // as the service reads it, with no scale; the areas are measured at 1:75.
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    // The west range holds eight offices, each printed "GABINETE 18,18m²" in grey lettering
    // run up the sheet. Paired with each other and with the walls, the letters' strokes made
    // walls across the offices, and only three of them closed as rooms.
    const offices = result.rooms.filter((room) => {
      const [x] = interiorPoint(room.polygon);
      return x > (120 * DPI) / 72 && x < (330 * DPI) / 72 && Math.abs(area(room) - 18.18) <= 0.03 * 18.18;
    });
    expect(offices.length).toBeGreaterThanOrEqual(8);
    // The electrical panel QD.EEN.02 is tagged in the west corridor, whose own label OCR misses:
    // a tag is no room's name.
    expect(sheet.words.some((word) => /^(QD\.)?EEN\.02$/.test(word.text))).toBe(true);
    for (const room of result.rooms) expect(room.name ?? '').not.toMatch(/EEN\.02/);
  });

  it('takes the wall between two column blocks for wall, not for a window between jambs', () => {
    // The north wing's classrooms are each printed "SALA DE AULA 77,01m²". Their corridor wall
    // runs in the 0.75 pt pen between column blocks drawn in the 1.13 pt pen, each about as long
    // as the wall is thick; read as the jambs of an opening, they made the wall between them its
    // glazing, and the classrooms ran into the corridor.
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    const classrooms = result.rooms.filter((room) => room.name === 'SALA DE AULA' && Math.abs(area(room) / 77.01 - 1) < 0.03);
    expect(classrooms.length).toBeGreaterThanOrEqual(3);
  });

  it('takes a wall face crossed at both ends by the faces running on through its joints for a face, not a dimension line', () => {
    // The westmost classroom (426–711, 664–1049 pt) is walled off from the offices west of it by
    // a wall whose east face runs unbroken from the north wall to the south one, and both of those
    // run on through the joint, as the faces of an outline plan often do. Crossed near both ends,
    // the face read as a dimension line, the more so as the panel tag QD.EEL.02A printed beside
    // it passed for its figure; its west face, broken by two column blocks, read as a row of
    // dimensions. The classroom ran into the offices and out of the building.
    const result = detectTopology({ ...sheet, metresPerUnit: null });
    const west = result.rooms.filter((room) => {
      const [x, y] = interiorPoint(room.polygon).map((v) => (v * 72) / DPI);
      return room.name === 'SALA DE AULA' && x > 426 && x < 711 && y > 664 && y < 1049;
    });
    expect(west).toHaveLength(1);
    expect(Math.abs(area(west[0]) / 77.01 - 1)).toBeLessThan(0.03);
    // The east wing's PET room (1410–1548, 1204–1491 pt) has such a face along its façade, and the
    // glazing of the façade's windows, in the 1.13 pt pen, is crossed by the jambs the same way.
    // Only faces in the pen most walls are drawn in are read so: the glazing, nearer, would take
    // the face as its partner at no wall's thickness, and the room would stay open.
    const pet = result.rooms.filter((room) => {
      const [x, y] = interiorPoint(room.polygon).map((v) => (v * 72) / DPI);
      return x > 1410 && x < 1548 && y > 1204 && y < 1491;
    });
    expect(pet.map((room) => room.name)).toEqual(['PET']);
  });

  it('names a room from both lines of a name lettered up the sheet', () => {
    // The plan lies across the sheet, so its two-line names ("GABINETE" over "DIRETOR") stand
    // side by side on it: stacked by their boxes on the sheet, only one line was taken.
    const names = detectTopology({ ...sheet, metresPerUnit: null }).rooms.map((room) => room.name);
    expect(names).toContain('GABINETE DIRETOR');
    expect(names).toContain('SECRETARIA DEPTO');
  });

  it('keeps the walls of its main pen at 1:75, though a heavier scope outline sets the pens\' width there: each office measures its printed area', () => {
    // Its walls are drawn in 0.75 and 1.13 pt black; the labs of the project's scope and the
    // sheet's frame are outlined in 3 pt, which pairs a tenth as much. Read at 1:75, not at the
    // scale its door swings suggest, that pen paired just enough to set the width wall pens are
    // held to, and the sheet gave 2 rooms. Each office of the west range prints its area under its
    // name: "18,18m²". (The block north of them parts its offices by hairlines 4.5 cm apart,
    // thinner than any wall, and is read as a few spaces that hold an office's stamp each.)
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    const printed = (room: TopologyResult['rooms'][number]) =>
      sheet.words
        .filter((word) => /^\d+,\d+m/.test(word.text) && pointInPolygon(interiorPoint(word.geometry!.coordinates), room.polygon))
        .map((word) => Number(word.text.match(/^(\d+),(\d+)/)!.slice(1).join('.')));
    const offices = result.rooms.filter((room) => room.name === 'GABINETE' && printed(room).length === 1 && printed(room)[0] === 18.18);
    expect(offices.length).toBeGreaterThanOrEqual(5);
    for (const office of offices) expect(Math.abs(area(office) / printed(office)[0] - 1)).toBeLessThan(0.03);
  });
});

describe('textLines', () => {
  it('joins the words of text running up the sheet in the order they read', () => {
    // "ROOM DIMENSION" lettered up a wall: ROOM below, DIMENSION above it, one column of text.
    const rising = (text: string, bbox: [number, number, number, number]) => {
      const word: SheetWord = { id: text, text, confidence: 0.9, geometry: null, fontSize: 10, angle: -Math.PI / 2, room_id: null, wall_id: null };
      return { word, bbox, center: [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2] as Position };
    };
    const lines = textLines([rising('DIMENSION', [100, 200, 110, 290]), rising('ROOM', [100, 300, 110, 340])]);
    expect(lines.map((line) => line.text)).toEqual(['ROOM DIMENSION']);
    expect(lines[0].bbox).toEqual([100, 200, 110, 340]);
  });
});

describe('paintedRegion', () => {
  it('paints both triangles of a non-zero fill that turn opposite ways side by side, and cuts a nested one out', () => {
    const first: Position[] = [[10, 0], [0, 0], [10, 100]];
    const second: Position[] = [[0, 0], [10, 100], [0, 100]];
    expect(multiPolygonArea(paintedRegion([first, second], false))).toBeCloseTo(1000, 6);
    const outer: Position[] = [[0, 0], [100, 0], [100, 100], [0, 100]];
    const hole: Position[] = [[20, 20], [20, 40], [40, 40], [40, 20]];
    expect(multiPolygonArea(paintedRegion([outer, hole], false))).toBeCloseTo(10000 - 400, 6);
  });
});

describe('closeSlits', () => {
  // A 100 × 100 room walled 10 thick, its east wall painted `gap` east of where the north wall ends.
  const walledRoom = (gap: number) =>
    unionAll([
      [bboxRing([-10, -10, 100, 0])],
      [bboxRing([100 + gap, -10, 110, 110])],
      [bboxRing([-10, 100, 110, 110])],
      [bboxRing([-10, 0, 0, 100])],
    ]);
  const holes = (solid: ReturnType<typeof unionAll>) => solid.flatMap((polygon) => polygon.slice(1)).map((ring) => Math.abs(signedArea2(ring as Position[])) / 2);

  it('fills a slit between two pieces that miss each other by a rounding error, so the room is enclosed', () => {
    expect(holes(walledRoom(0.03))).toEqual([]);
    expect(holes(closeSlits(walledRoom(0.03), 0.3))).toEqual([expect.closeTo(100.03 * 100, -1)]);
  });

  it('leaves a gap wider than the slits it fills open', () => {
    expect(holes(closeSlits(walledRoom(1), 0.3))).toEqual([]);
  });

  // Two rooms 100 × 100 walled 10 thick; the wall between them runs down from the north wall to a
  // column 10 square set `gap` east of its end, the column's corner touching the wall's corner.
  const columnOffCorner = (gap: number) =>
    unionAll([
      [bboxRing([-10, -10, 210, 0])],
      [bboxRing([-10, 100, 210, 110])],
      [bboxRing([-10, 0, 0, 100])],
      [bboxRing([200, 0, 210, 100])],
      [bboxRing([95, 0, 105, 50])],
      [bboxRing([105 + gap, 50, 115 + gap, 60])],
      [bboxRing([105 + gap, 60, 115 + gap, 100])],
    ]);

  it('bridges a pinch where a column stands a hair off the corner of its wall, so both rooms are enclosed', () => {
    expect(holes(columnOffCorner(0.3))).toHaveLength(1);
    expect(holes(closeSlits(columnOffCorner(0.3), 0.1, 0.6)).sort((a, b) => a - b)).toEqual([expect.closeTo(8985, 0), expect.closeTo(95 * 50 + 105.3 * 50, 0)]);
    expect(holes(closeSlits(columnOffCorner(1), 0.1, 0.6))).toHaveLength(1);
  });

  it('leaves the short edges of a curve as they are: a corner is no pinch with the next edges of its own ring', () => {
    const round: Position[] = Array.from({ length: 400 }, (_, k) => [100 + 20 * Math.cos((k * Math.PI) / 200), 100 + 20 * Math.sin((k * Math.PI) / 200)]);
    const column = unionAll([[round]]);
    expect(multiPolygonArea(closeSlits(column, 0.1, 0.6))).toBeCloseTo(multiPolygonArea(column), 6);
  });

  it('leaves a box standing a hair off the face of a wall apart from it: its corners face no corner', () => {
    const boxByWall = unionAll([[bboxRing([0, 0, 100, 10])], [bboxRing([40, 10.3, 60, 30])]]);
    expect(closeSlits(boxByWall, 0.1, 0.6)).toHaveLength(2);
  });
});

describe('zeidler-a214 (Revit area plan, 1 : 200, units painted in pale colours)', () => {
  it('finds every painted unit of the two residential wings as one room along its fill', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'zeidler-a214/floorplan.pdf'))));
    const mpu = metresPerUnit({ drawing: 1, real: 200, units: 'si', type: 'metric' }, DPI)!;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // The two wings, blueprint units at 150 dpi: the north wing (11 units) and the south wing
    // (11 units and the multi-purpose room).
    const wings = [
      [1150, 1200, 1800, 2450],
      [1100, 3270, 2300, 3880],
    ];
    const inWing = ([x0, y0, x1, y1]: number[]) => wings.some(([wx0, wy0, wx1, wy1]) => x0 >= wx0 && y0 >= wy0 && x1 <= wx1 && y1 <= wy1);
    // Paint lighter than this is paper-white on a print: the corridors' cream and the background.
    const luminance = ([r, g, b]: number[]) => 0.299 * r + 0.587 * g + 0.114 * b;
    const units = sheet.primitives.paths
      .filter((p) => p.fill && !p.stroke && luminance(p.fill.color) < 235 && inWing(p.bbox))
      .map((p) => {
        const [outline, ...others] = p.subpaths.map((sub): Pair[][] => [sub.segments.map((segment) => segment.from as Pair)]);
        return polygonClipping.xor(outline, ...others);
      })
      .filter((painted) => painted.reduce((sum, polygon) => sum + polygonArea(polygon), 0) * mpu * mpu >= 20);
    expect(units).toHaveLength(23);
    const matched = new Set<number>();
    for (const painted of units) {
      const room = result.rooms.findIndex((candidate) => iou(painted, candidate.floor) >= 0.97);
      expect(room).toBeGreaterThanOrEqual(0);
      matched.add(room);
    }
    expect(matched.size).toBe(23);
    // Each unit prints its type, number and area ("3BD / 502 / 92.1 m² / 992 ft²", the squared
    // sign set as "č" by the font): the area names no unit.
    const names = [...matched].map((k) => result.rooms[k].name ?? '');
    expect(names.filter((name) => /\d\s*(ft|m)/i.test(name))).toEqual([]);
    expect(names.filter((name) => /^(\d?BD|S_)/.test(name)).length).toBeGreaterThanOrEqual(20);
    // A washroom whose stamp's figure falls outside its outline keeps its name, not the unit's.
    expect(result.rooms.filter((room) => /^(ft|m)\S?$/i.test(room.name ?? ''))).toEqual([]);
    const washroom = result.rooms.filter((room) => room.name === 'W/C');
    expect(washroom).toHaveLength(1);
    // Its grey paint is left off under the toilet and the vanity set against its wall (4.31 m² of
    // paint in a 2.27 × 2.39 m box): the notches are its floor. The toilet bowl stands at about
    // (623.8, 1662.8) pt.
    const toilet: Position = [(623.8 * DPI) / 72, (1662.8 * DPI) / 72];
    expect(pointInPolygon(toilet, washroom[0].floor)).toBe(true);
    const washroomM2 = polygonArea(washroom[0].floor) * mpu * mpu;
    expect(washroomM2).toBeGreaterThan(4.9);
    expect(washroomM2).toBeLessThan(5.41);
    // Unit 503's paint is left off round the "FD" tag circle by its door: floor all the same.
    const tagCentre: Position = [(686.7 * DPI) / 72, (696.4 * DPI) / 72];
    expect(result.rooms.filter((room) => pointInPolygon(tagCentre, room.polygon)).map((room) => room.name)).toEqual(['2BD 503']);
    // The two buildings of phase 1 beside it, "NOT PART OF THIS APPLICATION", are drawn screened
    // in a light grey: none of their spaces is a room, none of their walls a wall (94 rooms and
    // 1,300 walls were). They span about 1229–1499 × 430–1012 pt and 1913–2192 × 430–1385 pt.
    const phaseOne = [[1229, 430, 1499, 1012], [1913, 430, 2192, 1385]].map((box) => box.map((pt) => (pt * DPI) / 72));
    const inPhaseOne = ([x, y]: Position) => phaseOne.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
    expect(result.rooms.filter((room) => inPhaseOne(interiorPoint(room.floor))).length).toBe(0);
    expect(result.walls.filter((wall) => inPhaseOne(interiorPoint(wall.polygon))).length).toBe(0);
    // The amenity terrace between the wings is paved and planted: its planting bed, painted
    // within the south wing's extent but standing clear of its walls, is no room (268.7 m² was).
    const [tx0, ty0, tx1, ty1] = [598, 1190, 825, 1570].map((pt) => (pt * DPI) / 72);
    expect(result.rooms.filter((room) => ringBBox(room.floor[0]).every((v, k) => v >= [tx0, ty0, tx0, ty0][k] && v <= [tx1, ty1, tx1, ty1][k]))).toEqual([]);
    // Their note across the plans names no room of this one either.
    const noteWords = /\b(NOT|PART|APPLICATION|REFER|SITE|PLAN|FILE|NUMBER)\b/;
    expect(result.rooms.filter((room) => noteWords.test(room.name ?? '')).map((room) => room.name)).toEqual([]);
    // The amenity terrace's planting bed holds only roof-drain tags ("RD"): two letters that are
    // no room's name. Its two-letter unit types with a figure ("2BD") still name units.
    expect(result.rooms.filter((room) => /^[A-Z]{2}$/.test(room.name ?? '') && room.name !== 'WC').map((room) => room.name)).toEqual([]);
  });

  it('measures the units as their stamps do, gross: to the centre lines of walls between units, the far face of exterior, corridor and stair walls', async () => {
    const sheet = await parse(new Uint8Array(readFileSync(path.join(realplans, 'zeidler-a214/floorplan.pdf'))));
    const mpu = metresPerUnit({ drawing: 1, real: 200, units: 'si', type: 'metric' }, DPI)!;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    // Ontario suite areas, printed in each unit ("44.6 m²" over "480 ft²"); read to the wall faces
    // every unit came out 7 to 13 % short of its stamp.
    const units = result.rooms.filter((room) => /^(\d?BD|S_)/.test(room.name ?? ''));
    expect(units.length).toBeGreaterThanOrEqual(20);
    for (const unit of units) expect(polygonArea(unit.polygon)).toBeGreaterThan(polygonArea(unit.floor));
    // Unit 503 of the south wing ("82.8 m²"), with exterior walls on two sides and a stair beside it.
    const corner = result.rooms.filter((room) => pointInPolygon([(600 * DPI) / 72, (1780 * DPI) / 72], room.polygon));
    expect(corner.map((room) => room.name)).toEqual(['3BD 503']);
    expect(Math.abs((polygonArea(corner[0].polygon) * mpu * mpu) / 82.8 - 1)).toBeLessThan(0.02);
    // The middle units of the south wing, between two demising walls: "44.6 m²" each.
    for (const x of [774, 855]) {
      const unit = result.rooms.filter((room) => pointInPolygon([(x * DPI) / 72, (1800 * DPI) / 72], room.polygon));
      expect(unit.map((room) => room.name)).toEqual([x === 774 ? '1BD+ 505' : '1BD+ 506']);
      expect(Math.abs((polygonArea(unit[0].polygon) * mpu * mpu) / 44.6 - 1)).toBeLessThan(0.02);
    }
    // Unit 501 of the north side ("39.9 m²"): a railing beyond its window wall closes a strip
    // that is no room, and the unit runs to the wall's far face all the same (to its middle it
    // came out 3.4 % short). Unit 510 of the tower ("44.0 m²") has a stair on two sides, whose
    // walls are the unit's (to their middle it came out 3.2 % short). Unit 508 of the tower
    // ("65.0 m²") opens onto its terrace through a window wall with a door in it, no wall beside
    // the door: the façade's lines beyond the door count (with the look beside the door that
    // met no wall taken for the façade's line, it came out 1.1 % short). Unit 501, its neighbour
    // S_BF 502 ("35.2 m²") and the multi-purpose room C501 ("48.5 m²") have an orange and blue
    // property line 0.1 m beyond their curtain wall, which is no layer of the façade (taken for
    // one, they came out 2.0, 3.2 and 1.1 % over).
    const podium = [[774, 1646, '1BD 501', 39.9, 0.015], [702, 1646, 'S_BF 502', 35.2, 0.03], [596, 1637, 'MULTI-PURPOSE ROOM C501', 48.5, 0.01]] as const;
    for (const [x, y, name, printed, within] of [...podium, [781, 1016, '1BD 510', 44.0, 0.02], [640, 1100, '2BD 508', 65.0, 0.01]] as const) {
      const unit = result.rooms.filter((room) => pointInPolygon([(x * DPI) / 72, (y * DPI) / 72], room.polygon));
      expect(unit.map((room) => room.name)).toEqual([name]);
      expect(Math.abs((polygonArea(unit[0].polygon) * mpu * mpu) / printed - 1)).toBeLessThan(within);
    }
    // Each wing's footprint takes in its units, though the walls leave some of them open where
    // glazing stands (the multi-purpose room's two window walls, the tower's): the outline of the
    // walls alone cut round those units, through the wings (405 and 281 m² for wings of about
    // 710). A unit may run past its footprint by the cladding the footprint's edges leave outside
    // on the dimensioned line.
    expect(result.footprints).toHaveLength(2);
    for (const unit of units) {
      const within = result.footprints.map((footprint) => multiPolygonArea(polygonClipping.intersection(unit.polygon as Geom, footprint as Geom)));
      expect(Math.max(...within)).toBeGreaterThan(0.98 * polygonArea(unit.polygon));
    }
    // Within the wings' extents (blueprint units at 150 dpi): no corner between two all but
    // parallel edges thrown out as a spike where the outline moves onto a dimensioned line.
    const wings = [
      [1150, 1200, 1800, 2450],
      [1100, 3270, 2300, 3880],
    ];
    for (const footprint of result.footprints) {
      expect(polygonArea(footprint) * mpu * mpu).toBeGreaterThan(650);
      const [x0, y0, x1, y1] = ringBBox(footprint[0]);
      expect(wings.some(([wx0, wy0, wx1, wy1]) => x0 >= wx0 && y0 >= wy0 && x1 <= wx1 && y1 <= wy1)).toBe(true);
    }
    // Grown units meet along the centre lines: where they overlap, by slivers (0.2 % of their area).
    const separately = units.reduce((sum, unit) => sum + polygonArea(unit.polygon), 0);
    const together = multiPolygonArea(polygonClipping.union(units[0].polygon as Geom, ...units.slice(1).map((unit) => unit.polygon as Geom)));
    expect(separately - together).toBeLessThan(0.002 * separately);
  });
});

describe('a generated area plan, each room labelled with its gross area', () => {
  // Two sheets drawn for these tests and the fourth of the benchmark's suite (a building that
  // steps back at its kitchen), each with the rooms allowed more than 0.5 % off its label: on
  // the first, a bath whose corner meets a junction of walls at the façade comes out 1.2 % short.
  const sheets: [Partial<SheetOptions>, number][] = [
    [{ seed: 7, units: 'metric', wallStyle: 'poche', windowSills: true }, 1],
    [{ seed: 7, units: 'imperial', wallStyle: 'outline', program: 'commercial', windowSills: true }, 0],
    [suiteOptions(3, 1), 0],
  ];
  it('measures every room as its label does: to the centre lines of shared walls and the outer face of the exterior walls', async () => {
    for (const [options, offAllowed] of sheets) {
      const { pdf, truth } = await generateSheet({ seed: 1, ...options, grossAreas: true });
      const sheet = await parse(pdf);
      const mpu = truth.metresPerUnit;
      const result = detectTopology({ ...sheet, metresPerUnit: mpu });
      const errors = truth.rooms.map((room) => {
        const found = result.rooms.filter((candidate) => pointInPolygon(interiorPoint([room.polygon]), candidate.polygon));
        expect(found, `${truth.pdf} ${room.name}`).toHaveLength(1);
        return (polygonArea(found[0].polygon) * mpu * mpu) / room.gross_area_m2 - 1;
      });
      // Net, the rooms come out 5 to 25 % short of their labels. Read gross, nearly all are
      // exact: a rule off at every junction of a wall with the façade shows as a steady shortfall
      // of about 0.5 %, window sills standing proud of the façade taken for its face as rooms up
      // to 2 % over, and probes up a wall along its length outvoting the one that reads the
      // façade beyond as a kitchen 1.5 % short where the building steps back.
      expect(Math.max(...errors.map(Math.abs)), truth.pdf).toBeLessThan(0.02);
      expect(Math.abs(median(errors)), truth.pdf).toBeLessThan(0.001);
      expect(errors.filter((error) => Math.abs(error) > 0.005).length, truth.pdf).toBeLessThanOrEqual(offAllowed);
    }
  });
});

describe('an open plan whose two stamped tags are lettered up the sheet', () => {
  // 10 m × 4 m of floor with no wall across it, walls 0.2 m, at 1:50 on A3. Its two tags run up
  // the sheet, each a name, a number and an area, and the areas add up to the floor: 16 + 24 m².
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  async function openPlan(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [left, top, t] = [150, 150, metres(0.2)];
    const [width, depth] = [metres(10), metres(4)];
    const rect = (x: number, y: number, w: number, h: number) => `M ${x} ${y} L ${x + w} ${y} L ${x + w} ${y + h} L ${x} ${y + h} Z`;
    page.drawSvgPath(`${rect(left, top, width, depth)} ${rect(left - t, top - t, width + 2 * t, depth + 2 * t)}`, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    const size = 9;
    // A line lettered up the sheet: the next line of a tag stands to its right.
    const upward = (text: string, x: number, cy: number) => page.drawText(text, { x, y: page.getHeight() - cy - font.widthOfTextAtSize(text, size) / 2, size, font, rotate: degrees(90) });
    for (const [lines, at] of [[['KITCHEN', '101', '16.00 m\u00b2'], 2], [['DINING', '102', '24.00 m\u00b2'], 7]] as const) {
      lines.forEach((text, k) => upward(text, left + metres(at) + k * 1.4 * size, top + depth / 2));
    }
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }

  it('parts the floor between the tags as their printed areas say', async () => {
    const sheet = await parse(await openPlan());
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    const rooms = result.rooms.map((room) => ({ name: room.name, m2: polygonArea(room.polygon) * mpu * mpu })).sort((a, b) => a.m2 - b.m2);
    expect(rooms).toEqual([
      { name: expect.stringMatching(/^KITCHEN/), m2: expect.closeTo(16, 1) },
      { name: expect.stringMatching(/^DINING/), m2: expect.closeTo(24, 1) },
    ]);
  });
});

describe('a building drawn screened beside the building the sheet is about', () => {
  // Two buildings of two rooms each, 8 m × 5 m, walls 0.2 m drawn as outlines, at 1:50 on A3:
  // the first in ink, the second 8 m east of it in the light grey a Revit sheet screens a
  // neighbouring building or an earlier phase in ("not part of this application").
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  async function twoBuildings(inks: [number, number]): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [top, t, width, depth] = [200, metres(0.2), metres(8), metres(5)];
    const rect = (x: number, y: number, w: number, h: number) => `M ${x} ${y} L ${x + w} ${y} L ${x + w} ${y + h} L ${x} ${y + h} Z`;
    inks.forEach((grey, k) => {
      const left = 120 + k * metres(16);
      const half = (width - t) / 2;
      const outlines = `${rect(left - t, top - t, width + 2 * t, depth + 2 * t)} ${rect(left, top, half, depth)} ${rect(left + half + t, top, half, depth)}`;
      page.drawSvgPath(outlines, { x: 0, y: page.getHeight(), borderColor: rgb(grey, grey, grey), borderWidth: 0.7 });
      ['OFFICE', 'STORE'].forEach((name, n) => page.drawText(`${name} ${k + 1}0${n + 1}`, { x: left + n * (half + t) + 20, y: page.getHeight() - (top + depth / 2), size: 9, font, color: rgb(grey, grey, grey) }));
    });
    page.drawText('LEVEL 1 PLAN   SCALE 1:50', { x: 120, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }
  const mpu = MPU_AT_1_TO_50;
  const names = (result: TopologyResult) => result.rooms.map((room) => room.name).sort();

  it('finds the rooms, walls and footprint of the building in ink only', async () => {
    const result = detectTopology({ ...(await parse(await twoBuildings([0, 0.87]))), metresPerUnit: mpu });
    expect(names(result)).toEqual(['OFFICE 101', 'STORE 102']);
    expect(result.footprints).toHaveLength(1);
    const eastOfInk = (120 + metres(10)) * (DPI / 72);
    expect(result.walls.filter((wall) => wall.centerline.some(([x]) => x > eastOfInk))).toEqual([]);
  });

  it('keeps both where the whole sheet is drawn in that grey', async () => {
    const result = detectTopology({ ...(await parse(await twoBuildings([0.87, 0.87]))), metresPerUnit: mpu });
    expect(names(result)).toEqual(['OFFICE 101', 'OFFICE 201', 'STORE 102', 'STORE 202']);
    expect(result.footprints).toHaveLength(2);
  });
});

describe('a plan whose grid lines run along its walls\' axes, written out dash by dash', () => {
  // A 7.85 m × 5.05 m room at 1:50 on A3, walls 0.15 m outlined, axes 8 m and 5.2 m apart. Grid
  // lines 1 and 2 run along the axes of the end walls as a centre line's long and short dashes,
  // each a stroke of its own (AutoCAD plots them so): their long dashes cross the outer faces of
  // the walls along the top and bottom near both ends, as extension lines cross a dimension line.
  async function gridPlan(): Promise<Uint8Array> {
    const { doc, page, font, MM, metres } = await a3At1To50();
    const [left, top, half, spanX, spanY] = [200, 200, metres(0.075), metres(8), metres(5.2)];
    const draw = (d: string, borderWidth: number) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth });
    const rect = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y0} L ${x1} ${y1} L ${x0} ${y1} Z`;
    draw(rect(left - half, top - half, left + spanX + half, top + spanY + half), 0.7);
    draw(rect(left + half, top + half, left + spanX - half, top + spanY - half), 0.7);
    // Long dashes of 5 mm centred on the wall axes' crossings, 1 mm gaps and 1 mm short dashes: 8 mm
    // a period. Halfway down, where CAD split each line, a long dash runs on into its short one.
    for (const x of [left, left + spanX]) {
      for (let k = -4; k <= 17; k++) {
        const centre = top + k * 8 * MM;
        if (k === 6) {
          draw(`M ${x} ${centre - 2.5 * MM} L ${x} ${centre + 4.5 * MM}`, 0.25);
          continue;
        }
        draw(`M ${x} ${centre - 2.5 * MM} L ${x} ${centre + 2.5 * MM}`, 0.25);
        draw(`M ${x} ${centre + 3.5 * MM} L ${x} ${centre + 4.5 * MM}`, 0.25);
      }
    }
    page.drawText('STUDIO', { x: left + metres(3.5), y: page.getHeight() - (top + metres(2.6)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + spanY + 120), size: 10, font });
    return doc.save();
  }

  it('keeps the walls whose faces the grid lines cross: the room closes at its faces', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await gridPlan())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name)).toEqual(['STUDIO']);
    expect(polygonArea(result.rooms[0].polygon) * mpu * mpu).toBeCloseTo(7.85 * 5.05, 0);
  });
});

describe('a façade whose pilasters stand on its inner face either side of its windows', () => {
  // A laboratory 6 × 4 m at 1:50, walls 0.25 m in outline, its south façade broken by two windows
  // of 1.2 m: their glazing thin lines in the wall's band, a sash between ticks, and its outer face
  // drawn on across them, the inner face left open. Two pilasters stand on that face 3.6 m apart, each a plinth
  // 0.55 × 0.1 m with a 0.25 m square on it, as Casa Energia (an ArchiCAD export) draws them. The
  // plinths' backs pair with the face as 0.1 m of wall, and the bare gap between them, wider than
  // a passage, had claimed the façade's band: its windows were not read and the room ran outside.
  it('reads the windows between them and closes the room', async () => {
    const { page, at, rect, line, finished, blackPen, left, top, metres } = await blackPenPlanAt1To50();
    const wallPen = { ...blackPen, borderWidth: 0.5 };
    const windows: [number, number][] = [[1.5, 2.7], [3.3, 4.5]];
    const polyline = (points: [number, number][]) => 'M ' + points.map(([x, y]) => at(x, y)).join(' L ');
    page.drawSvgPath(polyline([[4.5, 4.25], [6.25, 4.25], [6.25, -0.25], [-0.25, -0.25], [-0.25, 4.25], [1.5, 4.25]]), wallPen);
    page.drawSvgPath(polyline([[4.5, 4], [6, 4], [6, 0], [0, 0], [0, 4], [1.5, 4]]), wallPen);
    page.drawSvgPath([line(2.7, 4, 3.3, 4), line(2.7, 4.25, 3.3, 4.25)].join(' '), wallPen);
    for (const [from, to] of windows) {
      page.drawSvgPath([line(from, 4, from, 4.25), line(to, 4, to, 4.25)].join(' '), wallPen);
      page.drawSvgPath([4.063, 4.092, 4.25].map((y) => line(from, y, to, y)).join(' '), blackPen);
      page.drawSvgPath([line(from + 0.06, 4.078, to - 0.06, 4.078), ...[0.03, 0.06, -0.03, -0.06].map((d) => line((d > 0 ? from : to) + d, 4.063, (d > 0 ? from : to) + d, 4.092))].join(' '), blackPen);
    }
    for (const x of [0.85, 4.95]) page.drawSvgPath([rect(x, 3.9, x + 0.55, 4), rect(x + 0.15, 3.65, x + 0.4, 3.9)].join(' '), wallPen);
    const result = detectTopology({ ...(await parse(await finished([['LABORATORIO', 2.2, 2]], 4.25))), metresPerUnit: MPU_AT_1_TO_50 });
    const laboratory = result.rooms.filter((room) => room.name === 'LABORATORIO');
    expect(laboratory).toHaveLength(1);
    const outside: Position = [((left + metres(3)) * DPI) / 72, ((top + metres(4.6)) * DPI) / 72];
    expect(pointInPolygon(outside, laboratory[0].polygon)).toBe(false);
    // 24 m², less what the pilasters stand on.
    const area = polygonArea(laboratory[0].polygon) * MPU_AT_1_TO_50 ** 2;
    expect(area).toBeLessThan(24);
    expect(area).toBeGreaterThan(23.5);
    expect(result.openings.filter((opening) => opening.subClass === 'window')).toHaveLength(2);
  });
});

describe('a small plan whose windows\' frame posts are tiny crossed boxes', () => {
  // A house 9 × 6 m at 1:300 on A3 (a plan plotted small on its sheet), two rooms: walls 0.14 m,
  // each face a 0.84 pt grey stroke, broken at the windows. Each window is drawn in a 0.36 pt blue
  // pen, as an AutoCAD residential plan draws them: its outline across the wall, three sash lines
  // and, at each end of its 0.9 m sections, a post: a box 2.5 cm wide between the sashes, crossed
  // corner to corner in a blue hairline. Ending within a unit of both faces of the window's
  // outline, 0.14 m deep, the crosses read as hatching, and the blue pen as walls shown cut by it.
  async function plan(): Promise<Uint8Array> {
    const { doc, page, font, metres } = await a3At(300);
    const [left, top] = [150, 150];
    const at = (x: number, y: number) => `${left + metres(x)} ${top + metres(y)}`;
    const frame = { x: 0, y: page.getHeight() };
    const wallPen = { ...frame, borderColor: rgb(0.33, 0.33, 0.33), borderWidth: 0.84 };
    const windowPen = { ...frame, borderColor: rgb(0, 0.5, 1), borderWidth: 0.36 };
    const hairline = { ...windowPen, borderWidth: 0 };
    const stroke = (x0: number, y0: number, x1: number, y1: number, pen: typeof wallPen) => page.drawSvgPath(`M ${at(x0, y0)} L ${at(x1, y1)}`, pen);
    const t = 0.14;
    // A horizontal wall from x0 to x1 with its outer face at y (its inner face `inward` of it),
    // windows [from, to] in it; its inner face stops where the partition joins it at 4.5 m.
    const wall = (x0: number, x1: number, y: number, inward: 1 | -1, windows: [number, number][]) => {
      let from = x0;
      for (const [w0, w1] of [...windows, [x1, x1] as [number, number]]) {
        if (w0 > from) {
          stroke(from, y, w0, y, wallPen);
          for (const [f0, f1] of [[from, Math.min(w0, 4.5)], [Math.max(from, 4.64), w0]]) if (f1 > f0) stroke(f0, y + inward * t, f1, y + inward * t, wallPen);
        }
        from = w1;
      }
      for (const [w0, w1] of windows) {
        for (let s = w0; s < w1 - 0.01; s += 0.9) {
          const e = Math.min(s + 0.9, w1);
          const depth = (share: number) => y + inward * share * t;
          for (const share of [0, 0.36, 0.47, 0.64, 1]) stroke(s, depth(share), e, depth(share), windowPen);
          for (const x of [s, e]) stroke(x, depth(0), x, depth(1), windowPen);
          for (const [p0, p1] of [[s, s + 0.025], [e - 0.025, e]]) {
            stroke(p0, depth(0.34), p1, depth(0.66), hairline);
            stroke(p0, depth(0.66), p1, depth(0.34), hairline);
          }
        }
      }
    };
    // The same, vertical: faces at x and x + inward × t.
    const side = (y0: number, y1: number, x: number, inward: 1 | -1) => {
      for (const face of [x, x + inward * t]) stroke(face, y0, face, y1, wallPen);
    };
    wall(0, 9, 0, 1, [[0.6, 2.4], [5.1, 7.8]]);
    wall(0, 9, 6, -1, [[1.2, 3.9], [5.7, 7.5]]);
    side(0, 6, 0, 1);
    side(0, 6, 9, -1);
    for (const face of [4.5, 4.64]) stroke(face, t, face, 6 - t, wallPen);
    page.drawText('LIVING', { x: left + metres(1.5), y: page.getHeight() - (top + metres(3)), size: 6, font });
    page.drawText('BEDROOM', { x: left + metres(6), y: page.getHeight() - (top + metres(3)), size: 6, font });
    return doc.save();
  }

  it('takes the walls from their heavy pen and closes both rooms', async () => {
    const mpu = metresPerUnit({ drawing: 1, real: 300, units: 'si', type: 'metric' }, DPI)!;
    const result = detectTopology({ ...(await parse(await plan())), metresPerUnit: mpu });
    const rooms = result.rooms.map((room) => [room.name, Number((polygonArea(room.polygon) * mpu * mpu).toFixed(1))]).sort();
    expect(rooms).toEqual([['BEDROOM', expect.closeTo(4.22 * 5.72, 0)], ['LIVING', expect.closeTo(4.36 * 5.72, 0)]]);
  });
});

describe('a plan whose walls are hairlines shown cut by hatching, its furniture in a heavier pen', () => {
  // Two rooms of 4 m × 5 m side by side at 1:50 on A3, walls 0.15 m: faces in a red hairline, the
  // band between them hatched at 45° every 2.5 mm in green. Kitchen counters, wardrobes and a bed
  // with a frame are drawn in a 0.7 pt black pen: the heaviest on the sheet, pairing at 0.6 m
  // and 8 cm (a student plan from the Politecnico di Milano is drawn so).
  async function hatchedPlan(): Promise<Uint8Array> {
    const { doc, page, font, MM, metres } = await a3At1To50();
    const [left, top, t, width, depth] = [150, 150, metres(0.15), metres(4), metres(5)];
    const [middle, right, bottom] = [left + width, left + 2 * width + t, top + depth];
    const draw = (d: string, borderWidth: number, colour = rgb(0, 0, 0)) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: colour, borderWidth });
    const rect = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y0} L ${x1} ${y1} L ${x0} ${y1} Z`;
    draw([rect(left - t, top - t, right + t, bottom + t), rect(left, top, middle, bottom), rect(middle + t, top, right, bottom)].join(' '), 0.1, rgb(1, 0, 0));
    // Strokes along x − y = c, clipped to each wall's band.
    const hatch = ([x0, y0, x1, y1]: number[]) => {
      const strokes: string[] = [];
      for (let c = x0 - y1; c <= x1 - y0; c += 2.5 * MM) {
        const [from, to] = [Math.max(x0, y0 + c), Math.min(x1, y1 + c)];
        if (to - from > 0.5) strokes.push(`M ${from} ${from - c} L ${to} ${to - c}`);
      }
      return strokes.join(' ');
    };
    const bands = [
      [left - t, top - t, right + t, top],
      [left - t, bottom, right + t, bottom + t],
      [left - t, top, left, bottom],
      [right, top, right + t, bottom],
      [middle, top, middle + t, bottom],
    ];
    draw(bands.map(hatch).join(' '), 0.35, rgb(0, 0.6, 0));
    const furniture = [
      rect(left, top, left + metres(3), top + metres(0.6)),
      rect(middle + t, top, middle + t + metres(3), top + metres(0.6)),
      rect(left + metres(1), bottom - metres(0.6), left + metres(3), bottom),
      rect(middle + t + metres(1), bottom - metres(2.6), middle + t + metres(2.6), bottom - metres(0.6)),
      rect(middle + t + metres(1.08), bottom - metres(2.52), middle + t + metres(2.52), bottom - metres(0.68)),
    ];
    draw(furniture.join(' '), 0.7);
    page.drawText('SOGGIORNO', { x: left + metres(1.2), y: page.getHeight() - (top + metres(2.4)), size: 9, font });
    page.drawText('CAMERA', { x: middle + t + metres(0.2), y: page.getHeight() - (top + metres(1.2)), size: 9, font });
    page.drawText('PIANTA PIANO TERRA   SCALA 1:50', { x: left, y: page.getHeight() - (bottom + 60), size: 10, font });
    return doc.save();
  }

  it('reads the hatched hairlines as the walls: both rooms closed, 20 m² each', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await hatchedPlan())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['CAMERA', 'SOGGIORNO']);
    for (const room of result.rooms) expect(polygonArea(room.polygon) * mpu * mpu, room.name ?? '').toBeCloseTo(20, 1);
  });
});

describe('room tags as plans in other conventions set them', () => {
  // Two rooms of 4 m × 5 m side by side at 1:50 on A3, walls 0.2 m outlined, each with its tag's
  // lines set one under the other.
  async function taggedPlan(tags: string[][], { partitioned = true } = {}): Promise<Uint8Array> {
    const { doc, page, font, metres } = await a3At1To50();
    const [left, top, t, width, depth] = [150, 150, metres(0.2), metres(4), metres(5)];
    const rect = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y0} L ${x1} ${y1} L ${x0} ${y1} Z`;
    const rooms = partitioned ? [rect(left, top, left + width, top + depth), rect(left + width + t, top, left + 2 * width + t, top + depth)] : [rect(left, top, left + 2 * width + t, top + depth)];
    const faces = [rect(left - t, top - t, left + 2 * width + 2 * t, top + depth + t), ...rooms];
    page.drawSvgPath(faces.join(' '), { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    tags.forEach((lines, k) => {
      lines.forEach((text, row) => page.drawText(text, { x: left + k * (width + t) + metres(1.5), y: page.getHeight() - (top + metres(1.5) + row * 9), size: 7, font }));
    });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }
  const namesOf = async (tags: string[][], options?: { partitioned: boolean }) =>
    detectTopology({ ...(await parse(await taggedPlan(tags, options))), metresPerUnit: MPU_AT_1_TO_50 }).rooms.map((room) => room.name).sort();

  it('names a room by the line that heads the fields listed under it, in mixed case (a German construction plan)', async () => {
    // As Allplan sets them: the name, fields for the finished and rough floor levels (left blank),
    // the ceiling and the floor finish, then the area, all in one lettering.
    const tags = [
      ['Bad', 'FFB=', 'RFB=', 'D: Q3 + A', 'B: Fliesen', '20.00 m²'],
      ['Schlafen', 'FFB=', 'RFB=', 'D + W: Q3 + A', 'B: Parkett', '20.00 m²'],
    ];
    expect(await namesOf(tags)).toEqual(['Bad', 'Schlafen']);
  });

  it('takes no tag keying a wall, a window or a fixture to its type for a name (a construction drawing\'s, a permit set\'s)', async () => {
    // A UK construction drawing tags each wall with its type in the room it faces, and a permit
    // set its windows and fixtures: "WALL TYPE 1" had named a space of wardrobes.
    expect(await namesOf([['WALL TYPE 1'], ['BATHROOM', 'FIXTURE TYPE']])).toEqual(['BATHROOM', null]);
    expect(await namesOf([['WINDOW SIZE & TYPE'], ['DOOR TYPE D2']])).toEqual([null, null]);
  });

  it('names a room by an abbreviation of two-letter words heading its fields, Wo / Es / Ko (a Swiss rental plan)', async () => {
    // Living, dining and cooking in one room, over its floor area; no word runs to three letters.
    const tags = [
      ['Wo / Es / Ko', 'BF: 31.89'],
      ['Du', 'BF: 5.78'],
    ];
    expect(await namesOf(tags)).toEqual(['Du', 'Wo / Es / Ko']);
  });

  it('parts an open plan where its two tags print their floor areas as fields with no unit, BF: (a Swiss rental plan)', async () => {
    // A studio: sleeping and living by the window, dining and cooking by the door, one floor of
    // 8.2 m × 5 m with no line between them; Bodenfläche is m² by convention.
    const sheet = await parse(await taggedPlan([['Schlafen / Wo', 'BF: 16.40'], ['Es / Ko', 'BF: 24.60']], { partitioned: false }));
    const rooms = detectTopology({ ...sheet, metresPerUnit: MPU_AT_1_TO_50 }).rooms.map((room) => ({ name: room.name, m2: polygonArea(room.polygon) * MPU_AT_1_TO_50 ** 2 }));
    expect(rooms.sort((a, b) => a.m2 - b.m2)).toEqual([
      { name: 'Schlafen / Wo', m2: expect.closeTo(16.4, 1) },
      { name: 'Es / Ko', m2: expect.closeTo(24.6, 1) },
    ]);
  });

  it('names a cellar compartment by the unit number over its area, 12.302 or 12b.2, and no room by a level alone', async () => {
    expect(await namesOf([['12.302', '20 m2'], ['12b.2', '20 m2']])).toEqual(['12.302', '12b.2']);
    expect(await namesOf([['0.000'], ['12.302', '20 m2']])).toEqual(['12.302', null]);
  });

  it('names a room by a word whose letters are not all ASCII, Büro (a German plan)', async () => {
    // "Büro" holds no three ASCII letters in a row.
    expect(await namesOf([['Büro'], ['Lager']])).toEqual(['Büro', 'Lager']);
  });

  it('names such a room by its tag\'s first line alone, not with the line under it that describes it', async () => {
    // The basement's tags put the floor slab's state between the name and the fields.
    const tags = [
      ['Abstellraum', 'Bodenplatte alt', 'FFB=', 'RFB=', '20.00 m²'],
      ['Waschküche', 'Bodenplatte neu', 'FFB=', 'RFB=', 'B: Fliesen', '20.00 m²'],
    ];
    expect(await namesOf(tags)).toEqual(['Abstellraum', 'Waschküche']);
  });

  it('joins the labels of an open plan lettered in French, as it joins KITCHEN and DINING', async () => {
    expect(await namesOf([['cuisine'], ['séjour']], { partitioned: false })).toEqual(['cuisine / séjour']);
  });

  it('names rooms numbered by their kind, BED-1 and BED-2, not taking them for finish tags', async () => {
    expect(await namesOf([['BED-1', '13\'-2"X16\'-5"'], ['BED-2', '13\'-2"X16\'-5"']])).toEqual(['BED-1', 'BED-2']);
  });

  it('names a room by an abbreviation joined with an ampersand, T&B (toilet and bath)', async () => {
    expect(await namesOf([['T&B'], ['M&E']])).toEqual(['M&E', 'T&B']);
  });
});

describe('a small room\'s tag set in the larger room beside it', () => {
  // A living room 5 m × 4 m at 1:50 on A3 and, across a 0.2 m wall, a bathroom and a store room
  // 2 m wide, walls outlined. Each tag prints its room's area; the bathroom's is set in the living
  // room near their shared wall, where it has space, and the store room's outside the building,
  // beside it, as rental plans set a small room's tag.
  async function plan(tags: { at: [number, number]; rows: [string, string?][] }[]): Promise<Uint8Array> {
    const { doc, page, font, metres, left, top, at, rect } = await greyPlanAt1To50();
    const faces = [rect(-0.2, -0.2, 7.4, 4.2), rect(0, 0, 5, 4), rect(5.2, 0, 7.2, 2), rect(5.2, 2.2, 7.2, 4)];
    page.drawSvgPath(faces.join(' '), { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    for (const { at: [x, y], rows } of tags) {
      rows.forEach(([field, value], row) => {
        const baseline = page.getHeight() - (top + metres(y) + row * 9);
        page.drawText(field, { x: left + metres(x), y: baseline, size: 7, font });
        if (value) page.drawText(value, { x: left + metres(x) + 30, y: baseline, size: 7, font });
      });
    }
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(4.2) + 60), size: 10, font });
    return doc.save();
  }

  it.each([
    [
      'name and area one under the other',
      [
        { at: [1, 1.5], rows: [['LIVING'], ['20.00 m²']] },
        { at: [3.4, 0.8], rows: [['BATH'], ['4.00 m²']] },
        { at: [8, 3], rows: [['STORE'], ['3.60 m²']] },
      ],
      [
        ['BATH', 4],
        ['LIVING', 20],
        ['STORE', 3.6],
      ],
    ],
    [
      'fields in one column, their values in the next',
      [
        { at: [1, 1.5], rows: [['Wohnen'], ['NF:', '20.0 m2'], ['RH:', '2.50 m']] },
        { at: [3.4, 0.8], rows: [['Bad'], ['NF:', '4.0 m2'], ['RH:', '2.40 m']] },
        { at: [8, 3], rows: [['Lager'], ['NF:', '3.6 m2'], ['RH:', '2.40 m']] },
      ],
      [
        ['Bad', 4],
        ['Lager', 3.6],
        ['Wohnen', 20],
      ],
    ],
  ] as [string, { at: [number, number]; rows: [string, string?][] }[], [string, number][]][])(
    'gives a tag set outside its room to the room nearby whose floor its area fits, and the larger room keeps its own name: %s',
    async (_, tags, rooms) => {
      const result = detectTopology({ ...(await parse(await plan(tags))), metresPerUnit: MPU_AT_1_TO_50 });
      const m2 = (rings: Position[][]) => polygonArea(rings) * MPU_AT_1_TO_50 ** 2;
      expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(1))]).sort()).toEqual(rooms);
    },
  );
});

describe('a plan whose heaviest pen draws a little and closes no room', () => {
  // Two rooms of 4 × 5 m at 1:50, walls 0.15 m outlined in a 0.5 pt pen, one named OFFICE and
  // one STORE; below the plan a beam 5 m long is drawn as two strokes of a 1.5 pt pen 0.2 m apart,
  // pairing a sixth as much as the walls' pen. Held to that pen's width no wall is read and no room
  // closes; read in the main pen's the two rooms close, but naming two, too few to count as
  // naming more, they had been left unread (a student's lab plan, whose heavy pen outlines a
  // scope, lost its two named rooms so).
  it('reads its rooms in the main pen', async () => {
    const { doc, page, font, metres } = await a3At1To50();
    const [left, top, t, width, depth] = [150, 150, metres(0.15), metres(4), metres(5)];
    const pen = (borderWidth: number) => ({ x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth });
    const rect = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y0} L ${x1} ${y1} L ${x0} ${y1} Z`;
    const [middle, right, bottom] = [left + width, left + 2 * width + t, top + depth];
    page.drawSvgPath([rect(left - t, top - t, right + t, bottom + t), rect(left, top, middle, bottom), rect(middle + t, top, right, bottom)].join(' '), pen(0.5));
    const beam = bottom + metres(2);
    page.drawSvgPath(`M ${left} ${beam} L ${left + metres(5)} ${beam} M ${left} ${beam + metres(0.2)} L ${left + metres(5)} ${beam + metres(0.2)}`, pen(1.5));
    page.drawText('OFFICE', { x: left + metres(1.5), y: page.getHeight() - (top + metres(2.5)), size: 9, font });
    page.drawText('STORE', { x: middle + t + metres(1.5), y: page.getHeight() - (top + metres(2.5)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (beam + 60), size: 10, font });
    const result = detectTopology({ ...(await parse(await doc.save())), metresPerUnit: MPU_AT_1_TO_50 });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
  });
});

describe('a sheet whose border frame, drawn double, leaves wide margins above and below it', () => {
  // A plan of two rooms at 1:50 on A3 in a frame of two rules 2 mm apart (0.1 m at 1:50), 10 mm in from the
  // sides and 27 mm from the top and the bottom (95 % of the sheet's width, 82 % of its height,
  // as an Indian MEP sheet frames its ducting layout), the client's name lettered in the frame's
  // corner. The plan fills under a quarter of the frame, so the frame was a room of the whole sheet.
  it('takes the frame for no room', async () => {
    const { page, MM, poche, finished, blackPen } = await blackPenPlanAt1To50();
    const rule = (inset: number) => {
      const [x0, y0, x1, y1] = [(10 + inset) * MM, (27 + inset) * MM, (410 - inset) * MM, (270 - inset) * MM];
      return `M ${x0} ${y0} L ${x1} ${y0} L ${x1} ${y1} L ${x0} ${y1} Z`;
    };
    page.drawSvgPath(`${rule(0)} ${rule(2)}`, { ...blackPen, borderWidth: 0.5 });
    poche(rowOfRooms([4, 4], 5));
    page.drawText('AUDITORIUM', { x: 330 * MM, y: page.getHeight() - 250 * MM, size: 14 });
    const result = detectTopology({ ...(await parse(await finished([['OFFICE', 1.5, 2.5], ['STORE', 5.6, 2.5]], 5.25))), metresPerUnit: MPU_AT_1_TO_50 });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
  });
});

describe('a plan cropped to its own extent (a figure, a plot to extents)', () => {
  // Three rooms of 4 m × 5 m in a row at 1:100, walls 0.2 m outlined, on a page 3 mm larger than
  // the building all round: the outer wall spans the sheet as a border frame does.
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 100) * MM;
  const names = ['OFFICE', 'STORE', 'LAB'];
  const mpu = metresPerUnit({ drawing: 1, real: 100, units: 'si', type: 'metric' }, DPI)!;

  async function croppedPlan(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const [margin, t, width, depth] = [3 * MM, metres(0.2), metres(4), metres(5)];
    const outerWidth = names.length * (width + t) + t;
    const page = doc.addPage([outerWidth + 2 * margin, depth + 2 * t + 2 * margin]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const draw = (d: string) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    const rect = (x: number, y: number, w: number, h: number) => `M ${x} ${y} L ${x + w} ${y} L ${x + w} ${y + h} L ${x} ${y + h} Z`;
    draw(rect(margin, margin, outerWidth, depth + 2 * t));
    names.forEach((name, k) => {
      const left = margin + t + k * (width + t);
      draw(rect(left, margin + t, width, depth));
      page.drawText(name, { x: left + metres(1.5), y: page.getHeight() - (margin + t + depth / 2), size: 7, font });
    });
    return doc.save();
  }

  it('reads its rooms: the building is no border frame, for no room is most of what it encloses', async () => {
    const result = detectTopology({ ...(await parse(await croppedPlan())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual([...names].sort());
    for (const room of result.rooms) expect(polygonArea(room.polygon) * mpu * mpu, room.name ?? '').toBeCloseTo(20, 0);
  });
});

describe('a door whose swing is written as a chord, a Bézier and a chord (a print driver\'s arc)', () => {
  // Two rooms of 4 m × 5 m at 1:50 on A3, walls 0.15 m outlined; the partition between them has a
  // 0.9 m door. Its swing is one subpath: a 10° chord from the leaf's tip, 70° of cubic, a 10°
  // chord to the far jamb, as a lab plan's PostScript driver wrote every door.
  async function twoRoomsAndADoor({ storeNamedByTheDoor = false, underTheName = '900', storeTaggedOnly = [] as string[] } = {}): Promise<Uint8Array> {
    const { doc, page, font, metres } = await a3At1To50();
    const [left, top, t, width, depth, leaf] = [150, 150, metres(0.15), metres(4), metres(5), metres(0.9)];
    const draw = (d: string) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    const right = left + 2 * width + t;
    const [partitionLeft, partitionRight] = [left + width, left + width + t];
    const [doorTop, doorBottom] = [top + metres(2), top + metres(2) + leaf];
    draw(`M ${left - t} ${top - t} L ${right + t} ${top - t} L ${right + t} ${top + depth + t} L ${left - t} ${top + depth + t} Z`);
    draw(`M ${left} ${top} L ${partitionLeft} ${top} L ${partitionLeft} ${doorTop} L ${partitionRight} ${doorTop} L ${partitionRight} ${top} L ${right} ${top} L ${right} ${top + depth} L ${partitionRight} ${top + depth} L ${partitionRight} ${doorBottom} L ${partitionLeft} ${doorBottom} L ${partitionLeft} ${top + depth} L ${left} ${top + depth} Z`);
    // Hinged at the partition's east face, bottom jamb; the leaf stands open into the east room.
    const [hx, hy] = [partitionRight, doorBottom];
    const polar = (degrees: number): [number, number] => [hx + leaf * Math.cos((degrees * Math.PI) / 180), hy - leaf * Math.sin((degrees * Math.PI) / 180)];
    const k = (4 / 3) * Math.tan((70 * Math.PI) / 180 / 4) * leaf;
    const tangent = (degrees: number, sign: number): [number, number] => {
      const [x, y] = polar(degrees);
      const r = (degrees * Math.PI) / 180;
      return [x + sign * k * Math.sin(r), y + sign * k * Math.cos(r)];
    };
    const [p10, p80, p0, p90] = [polar(10), polar(80), polar(0), polar(90)];
    const [c1, c2] = [tangent(10, -1), tangent(80, 1)];
    draw(`M ${p0[0]} ${p0[1]} L ${p10[0]} ${p10[1]} C ${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${p80[0]} ${p80[1]} L ${p90[0]} ${p90[1]}`);
    draw(`M ${hx} ${hy} L ${p0[0]} ${p0[1]}`);
    page.drawText('OFFICE', { x: left + metres(1.5), y: page.getHeight() - (top + metres(1)), size: 9, font });
    if (storeNamedByTheDoor) {
      // The name set by the door, a figure right under it (the door's width in millimetres, or
      // the room's number), in one lettering.
      page.drawText('STORE', { x: partitionRight + metres(0.2), y: page.getHeight() - (top + metres(2.4)), size: 9, font });
      page.drawText(underTheName, { x: partitionRight + metres(0.2), y: page.getHeight() - (top + metres(2.4) + 10), size: 9, font });
    } else if (storeTaggedOnly.length > 0) {
      // No name, only figures, each line under the last.
      storeTaggedOnly.forEach((text, line) => page.drawText(text, { x: partitionRight + metres(1.5), y: page.getHeight() - (top + metres(4) + 10 * line), size: 9, font }));
    } else page.drawText('STORE', { x: partitionRight + metres(1.5), y: page.getHeight() - (top + metres(4)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }

  it('finds the door at its leaf\'s width, so the two rooms stay apart', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await twoRoomsAndADoor())), metresPerUnit: mpu });
    const doors = result.openings.filter((opening) => opening.subClass === 'single swing door');
    expect(doors.map((door) => door.widthUnits * mpu)).toEqual([expect.closeTo(0.9, 1)]);
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
    for (const room of result.rooms) expect(polygonArea(room.polygon) * mpu * mpu, room.name ?? '').toBeCloseTo(20, 0);
  });

  it('takes the door\'s width printed by it, "900", for no room number of the name above it', async () => {
    const result = detectTopology({ ...(await parse(await twoRoomsAndADoor({ storeNamedByTheDoor: true }))), metresPerUnit: MPU_AT_1_TO_50 });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
  });

  it('keeps a room number set there that is no round width, "912" (0.912 m)', async () => {
    const result = detectTopology({ ...(await parse(await twoRoomsAndADoor({ storeNamedByTheDoor: true, underTheName: '912' }))), metresPerUnit: MPU_AT_1_TO_50 });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE 912']);
  });

  it('takes a door\'s size tag, "90" over "210" (width and height in centimetres), for no room number', async () => {
    // Casa Energia tags each door so, and a toilet cubicle holding no name but its door's tag had
    // been named "210". The same figure alone is the room's number.
    const named = async (storeTaggedOnly: string[]) =>
      detectTopology({ ...(await parse(await twoRoomsAndADoor({ storeTaggedOnly }))), metresPerUnit: MPU_AT_1_TO_50 }).rooms.map((room) => room.name ?? '-').sort();
    expect(await named(['90', '210'])).toEqual(['-', 'OFFICE']);
    expect(await named(['210'])).toEqual(['210', 'OFFICE']);
  });
});

describe('a plan whose partitions are drawn lighter and thinner than its outer walls', () => {
  // Five rooms of 4 m × 5 m in a row at 1:50 on A3: outer walls 0.3 m outlined in a 0.7 pt pen,
  // their inner faces broken where the partitions meet them, as CAD cleans a tee; partitions
  // 0.12 m outlined in a 0.25 pt pen, a drafting convention (heavy outer walls, light partitions).
  // The partitions pair 40 % of what the outer walls pair, at a thickness the outer walls never have.
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  const names = ['OFFICE 101', 'STORE 102', 'KITCHEN 103', 'BEDROOM 104', 'BATH 105'];
  async function rowOfRooms(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [left, top, outer, partition, width, depth] = [150, 150, metres(0.3), metres(0.12), metres(4), metres(5)];
    const roomLeft = (k: number) => left + k * (width + partition);
    const right = roomLeft(names.length) - partition;
    const line = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y1}`;
    const draw = (d: string, borderWidth: number) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth });
    const innerFaces = names.flatMap((_, k) => [line(roomLeft(k), top, roomLeft(k) + width, top), line(roomLeft(k), top + depth, roomLeft(k) + width, top + depth)]);
    const outerFace = `M ${left - outer} ${top - outer} L ${right + outer} ${top - outer} L ${right + outer} ${top + depth + outer} L ${left - outer} ${top + depth + outer} Z`;
    draw([outerFace, ...innerFaces, line(left, top, left, top + depth), line(right, top, right, top + depth)].join(' '), 0.7);
    const partitions = names.slice(1).flatMap((_, k) => [line(roomLeft(k + 1) - partition, top, roomLeft(k + 1) - partition, top + depth), line(roomLeft(k + 1), top, roomLeft(k + 1), top + depth)]);
    draw(partitions.join(' '), 0.25);
    names.forEach((name, k) => page.drawText(name, { x: roomLeft(k) + metres(1), y: page.getHeight() - (top + depth / 2), size: 9, font }));
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }

  it('reads the partitions as walls: every room closed and named, 20 m² each', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await rowOfRooms())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual([...names].sort());
    for (const room of result.rooms) expect(polygonArea(room.polygon) * mpu * mpu, room.name ?? '').toBeCloseTo(20, 1);
  });

  // Four bedrooms of 3 m × 3 m along the north wall of a 17 m × 6 m house, the living room below
  // them and round their east end: the partition in front of the bedrooms, a 0.9 m doorway into
  // each, runs on 0.6 m past the last bedroom's side wall and ends there in the open room, as a
  // hall's wall ends where it opens onto a living room (kirkland's A3).
  const bedrooms = ['BEDROOM 1', 'BEDROOM 2', 'BEDROOM 3', 'BEDROOM 4'];
  async function bedroomsOffAnOpenPlan(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [left, top, outer, partition] = [150, 150, metres(0.3), metres(0.12)];
    const [width, depth, bay, front, reach] = [metres(17), metres(6), metres(3), metres(3), metres(0.6)];
    const x = (k: number) => left + k * (bay + partition);
    const sideWalls = bedrooms.map((_, k) => x(k + 1) - partition);
    const line = (x0: number, y0: number, x1: number, y1: number) => `M ${x0} ${y0} L ${x1} ${y1}`;
    const draw = (d: string, borderWidth: number) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth });
    const [right, bottom] = [left + width, top + depth];
    const outerFace = `M ${left - outer} ${top - outer} L ${right + outer} ${top - outer} L ${right + outer} ${bottom + outer} L ${left - outer} ${bottom + outer} Z`;
    // Inner faces broken where the partitions meet them, as CAD cleans a tee.
    const northFace = [left, ...sideWalls.flatMap((at) => [at, at + partition]), right];
    const north = northFace.flatMap((at, k) => (k % 2 === 0 ? [line(at, top, northFace[k + 1], top)] : []));
    draw([outerFace, ...north, line(left, top, left, top + front), line(left, top + front + partition, left, bottom), line(right, top, right, bottom), line(left, bottom, right, bottom)].join(' '), 0.7);
    const sides = sideWalls.flatMap((at) => [line(at, top, at, top + front), line(at + partition, top, at + partition, top + front)]);
    // The front partition in pieces between the doorways, each outlined; the last ends in the open.
    const doorways = bedrooms.map((_, k) => [x(k) + metres(1), x(k) + metres(1.9)]);
    const ends = [left, ...doorways.flat(), sideWalls[sideWalls.length - 1] + partition + reach];
    const pieces = ends.flatMap((at, k) => (k % 2 === 0 ? [`M ${at} ${top + front} L ${ends[k + 1]} ${top + front} L ${ends[k + 1]} ${top + front + partition} L ${at} ${top + front + partition}${k === 0 ? '' : ' Z'}`] : []));
    draw([...sides, ...pieces].join(' '), 0.25);
    bedrooms.forEach((name, k) => page.drawText(name, { x: x(k) + metres(0.8), y: page.getHeight() - (top + front / 2), size: 9, font }));
    page.drawText('LIVING ROOM', { x: left + metres(5), y: page.getHeight() - (top + front + metres(1.5)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (bottom + 60), size: 10, font });
    return doc.save();
  }

  it('takes the partition a bedroom wall stands on for wall, though it ends in the open room: every bedroom closed, 9 m² each', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await bedroomsOffAnOpenPlan())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual([...bedrooms, 'LIVING ROOM'].sort());
    for (const room of result.rooms.filter((candidate) => candidate.name?.startsWith('BEDROOM'))) expect(polygonArea(room.polygon) * mpu * mpu, room.name ?? '').toBeCloseTo(9, 1);
  });

  // A 12 m × 9 m house: three bedrooms north of a partition from wall to wall at 3 m; south of it
  // a utility room (5.12–8 m × 3.12–5 m) beside the store, and the living room round it. The
  // utility's west wall stands on its front partition, which runs on 1 m past it into the living
  // room and ends there; east of the front's doorway the front meets the store's wall (kirkland's
  // utility: its side wall stands only on that front and on another partition, no outer wall).
  async function utilityOffAnOpenPlan(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [left, top, outer] = [150, 150, metres(0.3)];
    const at = (x: number, y: number) => `${left + metres(x)} ${top + metres(y)}`;
    const lines = (segments: [number, number, number, number][]) => segments.map(([x0, y0, x1, y1]) => `M ${at(x0, y0)} L ${at(x1, y1)}`).join(' ');
    const draw = (d: string, borderWidth: number) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth });
    const outerFace = `M ${left - outer} ${top - outer} L ${left + metres(12) + outer} ${top - outer} L ${left + metres(12) + outer} ${top + metres(9) + outer} L ${left - outer} ${top + metres(9) + outer} Z`;
    // Inner faces broken where the partitions meet them, as CAD cleans a tee.
    const innerFaces = lines([[0, 0, 4, 0], [4.12, 0, 8, 0], [8.12, 0, 12, 0], [0, 9, 8, 9], [8.12, 9, 12, 9], [0, 0, 0, 3], [0, 3.12, 0, 9], [12, 0, 12, 3], [12, 3.12, 12, 9]]);
    draw(`${outerFace} ${innerFaces}`, 0.7);
    const partitions = lines([
      [4, 0, 4, 3], [4.12, 0, 4.12, 3], [8, 0, 8, 3], [8.12, 0, 8.12, 3],
      [0, 3, 4, 3], [4.12, 3, 8, 3], [8.12, 3, 12, 3], [0, 3.12, 5, 3.12], [5.12, 3.12, 8, 3.12], [8.12, 3.12, 12, 3.12],
      [5, 3.12, 5, 5], [5.12, 3.12, 5.12, 5],
      [8, 3.12, 8, 5], [8, 5.12, 8, 9], [8.12, 3.12, 8.12, 9],
      [4, 5, 5, 5], [5.12, 5, 6, 5], [4, 5.12, 6, 5.12], [4, 5, 4, 5.12], [6, 5, 6, 5.12],
      [6.9, 5, 8, 5], [6.9, 5.12, 8, 5.12], [6.9, 5, 6.9, 5.12],
    ]);
    draw(partitions, 0.25);
    const label = (text: string, x: number, y: number) => page.drawText(text, { x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 9, font });
    [['BEDROOM 1', 1, 1.5], ['BEDROOM 2', 5, 1.5], ['BEDROOM 3', 9, 1.5], ['UTILITY', 6, 4], ['STORE', 9, 6], ['LIVING ROOM', 2, 7.5]].forEach(([text, x, y]) => label(text as string, x as number, y as number));
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(9) + 60), size: 10, font });
    return doc.save();
  }

  it('closes a utility room whose side wall stands on its front, the front running on into the open room: 5.41 m²', async () => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await utilityOffAnOpenPlan())), metresPerUnit: mpu });
    const utility = result.rooms.filter((room) => room.name === 'UTILITY');
    expect(utility).toHaveLength(1);
    expect(polygonArea(utility[0].polygon) * mpu * mpu).toBeCloseTo(2.88 * 1.88, 1);
  });
});

describe('generated plans with their lettering drawn as outlines, read by OCR', () => {
  /** A benchmark sheet with its text outlined by Ghostscript: words by OCR, scale and rooms as a job reads them. */
  async function outlinedSheet(index: number, seed = 1) {
    const { pdf, truth } = await generateSheet(suiteOptions(index, seed));
    const sheet = await openSheet(withOutlinedText(pdf), DPI);
    try {
      const layer = await extractWords(sheet);
      const words = await sheetWords(layer, async (dpi) => scaledPng(await renderSheet(sheet, dpi)), sheet.info);
      const primitives = await extractPrimitives(sheet);
      const { scale } = detectScale({ words, primitives, info: sheet.info });
      const result = detectTopology({ info: sheet.info, primitives, words, metresPerUnit: scale === null ? null : metresPerUnit(scale, DPI) });
      return { truth, layer, scale, result };
    } finally {
      await sheet.close();
    }
  }
  /** The found room each true room's floor lies in, and whether its area is the true one within 1 %. */
  const matches = (truth: Awaited<ReturnType<typeof outlinedSheet>>['truth'], result: TopologyResult) =>
    truth.rooms.map((room) => {
      const found = result.rooms.filter((candidate) => pointInPolygon(interiorPoint([room.polygon]), candidate.polygon));
      return found.length === 1 && Math.abs(polygonArea(found[0].polygon) / polygonArea([room.polygon]) - 1) < 0.01;
    });

  it('reads the scale note whose foot mark OCR loses (1/4" = 1-0") and closes every room (the first sheet)', async () => {
    const { truth, layer, scale, result } = await outlinedSheet(0);
    expect(layer).toEqual([]);
    expect(scale?.label).toBe(truth.scale!.label);
    expect(scale?.manual_scaling_needed).toBe(false);
    expect(matches(truth, result).every(Boolean)).toBe(true);
  }, OCR_TEST_TIMEOUT_MS);

  it('takes no wall for a frame of the letters OCR reads out of its hatch, nor of a lone digit (the third sheet, hatched walls)', async () => {
    // OCR reads a hatched wall's piece between two windows as "WN" (0.78) or "7X" (0.70), and a
    // piece of the east wall as "7" (0.95): each took the piece for a box framing a word, and the
    // conference room, an office and the break room leaked out through the gaps.
    const { truth, scale, result } = await outlinedSheet(2);
    expect(matches(truth, result).every(Boolean)).toBe(true);
    expect(result.openings.length).toBe(truth.openings.length);
    // OCR reads its note 3/16"=1' as 3/16"=1", a scale no plan is drawn at; read in feet, the
    // dimensions confirm it.
    expect(scale?.label).toBe(truth.scale!.label);
    expect(scale?.manual_scaling_needed).toBe(false);
  }, OCR_TEST_TIMEOUT_MS);

  it('reads a scale note whose building side OCR leaves a bare number (3/16"=1), confirmed by the dimensions (seed 31, the third sheet)', async () => {
    // The only note OCR reads is the title block's, as "3/16\"=1" (0.92): no note sets paper inches
    // equal to a bare number, so it is 3/16"=1', and eight of its ten measured dimensions agree.
    const { truth, scale } = await outlinedSheet(2, 31);
    expect(scale?.label).toBe(truth.scale!.label);
    expect(scale?.manual_scaling_needed).toBe(false);
  }, OCR_TEST_TIMEOUT_MS);

  it('takes a partition for wall where OCR reads the door swing beside it as a word (the fifth sheet)', async () => {
    // OCR read the swing of BEDROOM 4's door and the partition beside it as "of" (0.72); the
    // partition lay within the word and was taken for its strokes: BEDROOM 4, BATH and BATH 2 merged.
    const { truth, scale, result } = await outlinedSheet(4);
    expect(result.rooms.length).toBe(truth.rooms.length);
    // Its note, read by OCR, is trusted once its dimensions confirm it: they are measured between
    // ticks longer than their digits are tall, which OCR's ink-high words had sized too short.
    expect(scale?.label).toBe(truth.scale!.label);
    expect(scale?.manual_scaling_needed).toBe(false);
    expect(matches(truth, result).every(Boolean)).toBe(true);
    // The rooms' numbers, lone digits after their names, name them too (BEDROOM 4 was BEDROOM).
    expect(result.rooms.map((room) => room.name).sort()).toEqual(truth.rooms.map((room) => room.name).sort());
  }, OCR_TEST_TIMEOUT_MS);
});

describe('generated plans whose partitions are drawn in the pen of their fixtures, under half their outer walls\'', () => {
  it('closes the laundry apart from the bedroom beside it (the fifth sheet of the benchmark): the stub of partition between a corner and a door\'s jamb is wall', async () => {
    const { pdf, truth } = await generateSheet(suiteOptions(4, 1));
    expect(truth.sheet.wallStyle).toBe('partitioned');
    const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: truth.metresPerUnit });
    // LAUNDRY's east wall runs a short way from the building's north wall to the jamb of its door
    // into BEDROOM 3: too short to be told from lettering alone, it was left open and the rooms merged.
    for (const name of ['LAUNDRY', 'BEDROOM 3']) {
      const room = truth.rooms.find((candidate) => candidate.name === name)!;
      const found = result.rooms.filter((candidate) => pointInPolygon(interiorPoint([room.polygon]), candidate.polygon));
      expect(found.map((candidate) => candidate.name)).toEqual([name]);
      expect(polygonArea(found[0].polygon) / polygonArea([room.polygon])).toBeCloseTo(1, 1);
    }
  });

  it('takes the piece of partition at a T between two doors as wall (the 23rd sheet of seed 31): every room closes', async () => {
    const { pdf, truth } = await generateSheet(suiteOptions(22, 31));
    expect(truth.sheet.wallStyle).toBe('partitioned');
    const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: truth.metresPerUnit });
    // The partition between BEDROOM 2 and KITCHEN ends on a piece of the great room's partition
    // that runs from a bedroom's door to the kitchen's double door: ending at no wall, it was
    // pruned, the partition ending on it went too, and five rooms merged into one.
    expect(result.rooms.map((room) => room.name).sort()).toEqual(truth.rooms.map((room) => room.name).sort());
  });

  it('takes no wall between a partition and the sofa in front of it (the eleventh sheet): a wall\'s two faces are of one pen', async () => {
    const { pdf, truth } = await generateSheet(suiteOptions(10, 1));
    expect(truth.sheet.wallStyle).toBe('partitioned');
    const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: truth.metresPerUnit });
    // The sofa's back, in the furniture's grey pen, stands a partition's thickness off the living
    // room's east wall: paired with the wall's face it made a wall and took 2.6 % off the room.
    const living = truth.rooms.find((room) => room.name === 'LIVING ROOM')!;
    const found = result.rooms.filter((room) => pointInPolygon(interiorPoint([living.polygon]), room.polygon));
    expect(found.map((room) => room.name)).toEqual(['LIVING ROOM']);
    expect(Math.abs(polygonArea(found[0].polygon) / polygonArea([living.polygon]) - 1)).toBeLessThan(0.01);
  });

  it('takes no wall inside a piece of furniture on a plan that leaves its walls unfilled (the 23rd sheet): every room measures true and every window is found', async () => {
    const { pdf, truth } = await generateSheet(suiteOptions(22, 1));
    expect(truth.sheet.wallStyle).toBe('partitioned');
    const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: truth.metresPerUnit });
    // The family room's bookcase, 0.8 m deep and drawn as a closed box in the furniture's grey pen,
    // its back on the wall's face, holds a line 0.2 m in from its back, a wall's thickness; the two
    // paired as a wall, which took 4.9 % off the room and hid the window behind the bookcase. The
    // living room's sofa, a box with its back drawn 0.2 m in from the wall it stands against, took
    // 3.1 % off that room. Only plans that fill their walls had their furniture told from walls.
    for (const room of truth.rooms) {
      const found = result.rooms.filter((candidate) => pointInPolygon(interiorPoint([room.polygon]), candidate.polygon));
      expect(found.map((candidate) => candidate.name)).toEqual([room.name]);
      expect(Math.abs(polygonArea(found[0].polygon) / polygonArea([room.polygon]) - 1), room.name).toBeLessThan(0.01);
    }
    expect(result.openings.length).toBe(truth.openings.length);
  });

  it('closes the bathroom apart from the bedroom across a cross of partitions, and takes no wall of the toilets\' tanks (the fifth sheet)', async () => {
    const { pdf, truth } = await generateSheet(suiteOptions(4, 1));
    const result = detectTopology({ ...(await parse(pdf)), metresPerUnit: truth.metresPerUnit });
    // BATH 2's partition with BEDROOM 4 runs from a cross of partitions a thickness long to the
    // jamb of BEDROOM 4's door: touching no wall (the cross's square is filled in later) it was
    // left open and the two rooms merged. Each toilet's tank, drawn in the partitions' pen against
    // a partition, redraws a stretch of its face and paired with it as a wall the tank's depth,
    // taking 5 % off BATH.
    for (const name of ['BEDROOM 4', 'BATH 2', 'BATH']) {
      const room = truth.rooms.find((candidate) => candidate.name === name)!;
      const found = result.rooms.filter((candidate) => pointInPolygon(interiorPoint([room.polygon]), candidate.polygon));
      expect(found.map((candidate) => candidate.name)).toEqual([name]);
      expect(Math.abs(polygonArea(found[0].polygon) / polygonArea([room.polygon]) - 1), name).toBeLessThan(0.01);
    }
  });
});

describe('a building drawn in projection', () => {
  // Two rooms of 3.9 m × 5 m side by side, walls 0.2 m drawn as outlines, at 1:50 on A3, their
  // corners put through `place` (metres in the plan to points on the page).
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  async function twoRooms(place: (x: number, y: number) => Position, named = true): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const outline = (x0: number, y0: number, x1: number, y1: number) =>
      [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y], k) => `${k === 0 ? 'M' : 'L'} ${place(x, y).join(' ')}`).join(' ') + ' Z';
    page.drawSvgPath(`${outline(-0.2, -0.2, 8.2, 5.2)} ${outline(0, 0, 3.9, 5)} ${outline(4.1, 0, 8, 5)}`, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    for (const [name, x] of named ? ([['OFFICE', 1.2], ['STORE', 5.3]] as const) : []) {
      const [px, py] = place(x, 2.5);
      page.drawText(name, { x: px, y: page.getHeight() - py, size: 9, font });
    }
    page.drawText('LEVEL 1 PLAN   SCALE 1:50', { x: 100, y: 60, size: 10, font });
    return doc.save();
  }
  const mpu = MPU_AT_1_TO_50;
  const turned = (degrees: number) => (x: number, y: number): Position => {
    const a = (degrees * Math.PI) / 180;
    return [500 + metres(x * Math.cos(a) - y * Math.sin(a)), 250 + metres(x * Math.sin(a) + y * Math.cos(a))];
  };

  it('reads the rooms of a plan turned 30° on the sheet: its walls are still square to each other', async () => {
    const result = detectTopology({ ...(await parse(await twoRooms(turned(30)))), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
    for (const room of result.rooms) expect(polygonArea(room.polygon) * mpu * mpu).toBeCloseTo(3.9 * 5, 1);
  });

  const axonometric = (x: number, y: number): Position => {
    const [cos, sin] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    return [600 + metres(x * cos - y * cos), 250 + metres(x * sin + y * sin)];
  };

  it('reads no rooms from the same plan drawn as an axonometric view, its axes at 30° and 150°, its rooms unnamed', async () => {
    const result = detectTopology({ ...(await parse(await twoRooms(axonometric, false))), metresPerUnit: mpu });
    expect(result.rooms).toEqual([]);
    expect(result.footprints).toEqual([]);
  });

  it('keeps the rooms of a plan whose walls meet at 60° where they are named (a plan on a skewed grid, a hexagon)', async () => {
    const result = detectTopology({ ...(await parse(await twoRooms(axonometric))), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
  });

  it('reads no rooms from the axonometric view of purdue-lilyhall\'s cover sheet', async () => {
    const result = detectTopology({ ...(await parse(realPage('purdue-lilyhall/drawings.pdf', 1))), metresPerUnit: null });
    expect(result.rooms).toEqual([]);
    expect(result.walls).toEqual([]);
  });
});

describe('a room glazed along one side, 7 m between its walls (a balcony\'s or a shopfront\'s façade)', () => {
  // A 9 m × 5 m room, walls 0.2 m drawn as one outline, at 1:50 on A3. Its south wall stops 1 m
  // from each corner; between the stubs three glazing lines (the frame's faces and the glass) run
  // 7 m, longer than any door or plain gap between wall ends.
  const MM = 72 / 25.4;
  const at = (x: number, y: number) => `${100 + ((x * 1000) / 50) * MM} ${150 + ((y * 1000) / 50) * MM}`;
  const mpu = MPU_AT_1_TO_50;

  /**
   * The lounge glazed by `sashes`, each [from, to, tracks]: glazing lines from x = from to x = to
   * at each y of its tracks, metres. `gardenDoor`: a 1 m door hung at the east stub between x = 7
   * and 8, its leaf standing open into the room and its swing drawn to the glazing's end.
   * `casement`: the 1 m sash at the west end drawn opening into the room, its leaf and its swing
   * dashed, each dash a chord of its own (1 mm dashes, 0.7 mm gaps), as Swiss plans draw them.
   */
  async function loungeGlazedBy(sashes: [number, number, number[]][], gardenDoor = false, casement = false): Promise<TopologyResult> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const wall: [number, number][] = [[1, 5.2], [-0.2, 5.2], [-0.2, -0.2], [9.2, -0.2], [9.2, 5.2], [8, 5.2], [8, 5], [9, 5], [9, 0], [0, 0], [0, 5], [1, 5]];
    page.drawSvgPath(wall.map(([x, y], k) => `${k === 0 ? 'M' : 'L'} ${at(x, y)}`).join(' ') + ' Z', { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    for (const [from, to, tracks] of sashes) for (const y of tracks) page.drawSvgPath(`M ${at(from, y)} L ${at(to, y)}`, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.25 });
    if (gardenDoor) {
      // A quarter turn about the hinge (8, 5), from the leaf's tip (8, 4) to the glazing's end (7, 5), as one cubic.
      const k = 0.5523;
      const swing = `M ${at(8, 5)} L ${at(8, 4)} C ${at(8 - k, 4)} ${at(7, 5 - k)} ${at(7, 5)}`;
      page.drawSvgPath(swing, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.35 });
    }
    if (casement) {
      const dash = (from: [number, number], to: [number, number]) =>
        page.drawSvgPath(`M ${at(...from)} L ${at(...to)}`, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.25 });
      // 1 mm of paper is 5 cm at 1:50: on the 1 m swing a dash is 2.9° and a gap 2°.
      for (let y = 5; y > 4; y -= 0.085) dash([1, y], [1, Math.max(4, y - 0.05)]);
      const polar = (degrees: number): [number, number] => [1 + Math.sin((degrees * Math.PI) / 180), 5 - Math.cos((degrees * Math.PI) / 180)];
      for (let degrees = 0; degrees < 90; degrees += 4.9) dash(polar(degrees), polar(Math.min(90, degrees + 2.9)));
    }
    const [nameX, nameY] = at(4, 2.5).split(' ').map(Number);
    page.drawText('LOUNGE', { x: nameX, y: page.getHeight() - nameY, size: 9, font });
    page.drawText('LEVEL 1 PLAN   SCALE 1:50', { x: 100, y: 60, size: 10, font });
    return detectTopology({ ...(await parse(await doc.save())), metresPerUnit: mpu });
  }

  function expectClosedAtItsWindow(result: TopologyResult, windowMetres = 7): void {
    expect(result.rooms.map((room) => room.name)).toEqual(['LOUNGE']);
    expect(polygonArea(result.rooms[0].polygon) * mpu * mpu).toBeCloseTo(45, 0);
    const windows = result.openings.filter((opening) => opening.subClass === 'window');
    expect(windows.map((window) => window.widthUnits * mpu)).toEqual([expect.closeTo(windowMetres, 1)]);
  }

  it('closes the room along its glazing and reports the window at its width', async () => {
    expectClosedAtItsWindow(await loungeGlazedBy([[1, 8, [5, 5.1, 5.2]]]));
  });

  it('closes it along glazing whose fixed middle light is set out from the casements either side', async () => {
    // As kellerroman's ground floor glazes its garden front: two casements of 2.3 m, each drawn
    // with two lines 5.04 and 5.08 m down, and between them a fixed light of 2.3 m drawn 5.06 and
    // 5.1 m down. No line runs along three quarters of the gap, so no one track glazed it and the
    // room ran out through it.
    expectClosedAtItsWindow(
      await loungeGlazedBy([
        [1, 3.3, [5.04, 5.08]],
        [3.35, 5.65, [5.06, 5.1]],
        [5.7, 8, [5.04, 5.08]],
      ]),
    );
  });

  it('takes the dashed swing of a casement opening into the room for no door', async () => {
    // Read as a door, its closed position was the leaf's tip in the room, and the door cut a strip
    // out of the room along the leaf.
    const result = await loungeGlazedBy([[1, 8, [5, 5.1, 5.2]]], false, true);
    expectClosedAtItsWindow(result);
    expect(result.openings.map((opening) => opening.subClass)).toEqual(['window']);
  });

  it('closes it along glazing that runs on from a garden door hung in the same gap', async () => {
    // As a sales plan's living room opens on its balcony: a door at one end of the glazed front,
    // between the same two wall ends. Its swing claimed the gap, and the glazing beside it was
    // never read: the room ran out through it.
    const result = await loungeGlazedBy([[1, 7, [5, 5.1, 5.2]]], true);
    expectClosedAtItsWindow(result, 6);
    const doors = result.openings.filter((opening) => opening.subClass === 'single swing door');
    expect(doors.map((door) => door.widthUnits * mpu)).toEqual([expect.closeTo(1, 1)]);
  });
});

describe('a bedroom whose closet is shut by folding doors (a pair of leaves folded out from each jamb)', () => {
  // A 5 m × 4 m bedroom, its walls 0.15 m drawn as outlines in one pen, at 1:50 on A3. The closet, 2 m × 0.7 m in its north-east corner: its front partition runs 0.4 m
  // from the east wall, and its side partition ends in line with the front's far face, so the
  // 1.6 m gap runs from a wall's end to the end of a wall square to it, as on kirkland's A3.
  const MM = 72 / 25.4;
  const at = (x: number, y: number) => `${100 + ((x * 1000) / 50) * MM} ${150 + ((y * 1000) / 50) * MM}`;
  const mpu = MPU_AT_1_TO_50;
  async function bedroom(withLeaves: boolean): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const draw = (points: [number, number][], closed: boolean, width = 0.5) =>
      page.drawSvgPath(points.map(([x, y], k) => `${k === 0 ? 'M' : 'L'} ${at(x, y)}`).join(' ') + (closed ? ' Z' : ''), { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: width });
    draw([[-0.15, -0.15], [5.15, -0.15], [5.15, 4.15], [-0.15, 4.15]], true);
    draw([[0, 0], [2.85, 0], [2.85, 0.85], [3, 0.85], [3, 0]], false);
    draw([[3, 0], [5, 0], [5, 0.7], [4.6, 0.7], [4.6, 0.85], [5, 0.85], [5, 4], [0, 4], [0, 0]], false);
    if (withLeaves) {
      // Each pair of leaves 0.42 m long, folded out 45° into the bedroom from its jamb.
      const fold = 0.42 * Math.SQRT1_2;
      for (const [jamb, toward] of [[3, 1], [4.6, -1]] as const) draw([[jamb, 0.85], [jamb + toward * fold, 0.85 + fold], [jamb + toward * 2 * fold, 0.85]], false, 0.25);
    }
    const name = (text: string, x: number, y: number, size: number) => {
      const [px, py] = at(x, y).split(' ').map(Number);
      page.drawText(text, { x: px, y: page.getHeight() - py, size, font });
    };
    name('BEDROOM', 2, 2.5, 9);
    name('CLOSET', 3.5, 0.45, 6);
    page.drawText('UPPER FLOOR PLAN   SCALE 1:50', { x: 100, y: 60, size: 10, font });
    return doc.save();
  }

  it('closes the closet at its doors and reports them as an opening of no sub-class, 1.6 m wide', async () => {
    const result = detectTopology({ ...(await parse(await bedroom(true))), metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['BEDROOM', 'CLOSET']);
    const closet = result.rooms.find((room) => room.name === 'CLOSET')!;
    expect(polygonArea(closet.polygon) * mpu * mpu).toBeCloseTo(1.4, 1);
    expect(result.openings.map((opening) => [opening.subClass, opening.widthUnits * mpu])).toEqual([[null, expect.closeTo(1.6, 1)]]);
  });

  it('leaves the closet part of the bedroom where no leaves are drawn in its front', async () => {
    const result = detectTopology({ ...(await parse(await bedroom(false))), metresPerUnit: mpu });
    expect(result.rooms.length).toBe(1);
    // 20 m² less the closet's two pieces of partition.
    expect(polygonArea(result.rooms[0].polygon) * mpu * mpu).toBeCloseTo(19.81, 1);
    expect(result.openings).toEqual([]);
  });
});

describe('a room whose east wall is a semicircular bay (walls drawn as outlines, the bay as concentric arcs)', () => {
  // 5 m × 4 m with a bay of 2 m inner radius, walls 0.2 m, at 1:50 on A3: 20 + π·2²/2 = 26.28 m²
  // of floor, and a footprint of 5.2 × 4.4 + π·2.2²/2 = 30.48 m².
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  async function bayPlan(windowInBay: boolean): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [left, top, t, width, depth, radius] = [150, 150, metres(0.2), metres(5), metres(4), metres(2)];
    const [cx, cy] = [left + width, top + depth / 2];
    const [doorTop, doorBottom] = [top + metres(1.5), top + metres(2.4)];
    const polar = (r: number, degrees: number) => `${cx + r * Math.cos((degrees * Math.PI) / 180)} ${cy + r * Math.sin((degrees * Math.PI) / 180)}`;
    // One face of the walls: along the north side, round the bay (broken by a window from -20° to 20°), back along the south side.
    const face = (r: number, inset: number) => {
      const bay = windowInBay ? `A ${r} ${r} 0 0 1 ${polar(r, -20)} M ${polar(r, 20)} A ${r} ${r} 0 0 1 ${cx} ${cy + r}` : `A ${r} ${r} 0 0 1 ${cx} ${cy + r}`;
      return `M ${left - inset} ${doorTop} L ${left - inset} ${top - inset} L ${cx} ${top - inset} ${bay} L ${left - inset} ${top + depth + inset} L ${left - inset} ${doorBottom}`;
    };
    const jambs = `M ${left - t} ${doorTop} L ${left} ${doorTop} M ${left - t} ${doorBottom} L ${left} ${doorBottom}`;
    const windowJambs = windowInBay ? ` M ${polar(radius, -20)} L ${polar(radius + t, -20)} M ${polar(radius, 20)} L ${polar(radius + t, 20)}` : '';
    const svg = { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0) };
    page.drawSvgPath(`${face(radius, 0)} ${face(radius + t, t)} ${jambs}${windowJambs}`, { ...svg, borderWidth: 0.5 });
    if (windowInBay) {
      const glass = (r: number) => `M ${polar(r, -20)} A ${r} ${r} 0 0 1 ${polar(r, 20)}`;
      page.drawSvgPath(`${glass(radius + t / 3)} ${glass(radius + (2 * t) / 3)}`, { ...svg, borderWidth: 0.18 });
    }
    const leaf = metres(0.9);
    page.drawSvgPath(`M ${left} ${doorBottom} L ${left + leaf} ${doorBottom} A ${leaf} ${leaf} 0 0 0 ${left} ${doorTop}`, { ...svg, borderWidth: 0.25 });
    page.drawText('LIVING', { x: left + width / 2 - 20, y: page.getHeight() - cy, size: 12, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + depth + 60), size: 10, font });
    return doc.save();
  }
  const mpu = MPU_AT_1_TO_50;
  const squareMetres = (rings: Position[][]) => polygonArea(rings) * mpu * mpu;

  it('closes the room round the curve and measures its floor and its footprint', async () => {
    const sheet = await parse(await bayPlan(false));
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    expect(result.rooms.map((room) => room.name)).toEqual(['LIVING']);
    expect(squareMetres(result.rooms[0].polygon)).toBeCloseTo(20 + 2 * Math.PI, 1);
    expect(squareMetres(result.footprints[0])).toBeCloseTo(5.2 * 4.4 + (Math.PI * 2.2 ** 2) / 2, 1);
    // The bay is one wall of the room, its axis following the curve at 2.1 m from the centre.
    const bay = result.walls.find((wall) => wall.centerline.length > 2)!;
    expect(bay.thickness * mpu).toBeCloseTo(0.2, 2);
    expect(result.rooms[0].wallIds).toContain(bay.id);
  });

  it('closes the curve across a window in it and reports the window, its width the chord between its jambs', async () => {
    const sheet = await parse(await bayPlan(true));
    const result = detectTopology({ ...sheet, metresPerUnit: mpu });
    expect(result.rooms).toHaveLength(1);
    expect(squareMetres(result.rooms[0].polygon)).toBeCloseTo(20 + 2 * Math.PI, 1);
    const windows = result.openings.filter((opening) => opening.subClass === 'window');
    expect(windows).toHaveLength(1);
    expect(windows[0].widthUnits * mpu).toBeCloseTo(2 * 2.1 * Math.sin(Math.PI / 9), 2);
    expect(windows[0].wallIds).toHaveLength(2);
    expect(result.rooms[0].openingIds).toContain(windows[0].id);
  });
});

describe('generated sheets with exact ground truth', () => {

  const cases: { title: string; options: SheetOptions; scaled: boolean }[] = [
    { title: 'poché walls, room schedule and key plan', options: { seed: 301, wallStyle: 'poche', legend: 'room schedule', keyPlan: true }, scaled: true },
    { title: 'outlined walls, commercial, door schedule', options: { seed: 302, wallStyle: 'outline', program: 'commercial', legend: 'door schedule' }, scaled: true },
    { title: 'hatched walls with no scale known', options: { seed: 303, wallStyle: 'hatched', require: { openings: ['sliding door', 'double swing door'] } }, scaled: false },
    // The primary bedroom's exterior wall has a pier between two windows in line with the end of
    // the den's wall: the pier's jambs, paired as if they were faces, read as a wall running up to
    // meet it, and the bedroom was cut in two across the 2.3 m between them.
    { title: 'poché walls, a pier between two windows in line with a wall end', options: suiteOptions(12, 7), scaled: true },
  ];

  for (const { title, options, scaled } of cases) {
    it(`${title}: rooms, areas and openings match the truth, nothing off the building is a room`, async () => {
      const { pdf, truth } = await generateSheet(options);
      const sheet = await parse(pdf);
      const result = detectTopology({ ...sheet, metresPerUnit: scaled ? truth.metresPerUnit : null });

      const unmatched = new Set(result.rooms.map((_, k) => k));
      const areaErrors: number[] = [];
      for (const room of truth.rooms) {
        const best = [...unmatched].map((k) => ({ k, overlap: iou([room.polygon], result.rooms[k].polygon) })).sort((a, b) => b.overlap - a.overlap)[0];
        if (!best || best.overlap < 0.5) continue;
        unmatched.delete(best.k);
        areaErrors.push(Math.abs(polygonArea(result.rooms[best.k].polygon) / polygonArea([room.polygon]) - 1));
      }
      const matched = areaErrors.length;
      const roomF1 = (2 * matched) / (truth.rooms.length + result.rooms.length);
      expect(roomF1).toBeGreaterThanOrEqual(0.97);
      expect(unmatched.size).toBe(0);
      areaErrors.sort((a, b) => a - b);
      expect(areaErrors[areaErrors.length >> 1]).toBeLessThanOrEqual(0.01);

      const free = new Set(result.openings.map((_, k) => k));
      let openingsMatched = 0;
      for (const opening of truth.openings) {
        const k = [...free].find((m) => result.openings[m].subClass === opening.sub_class && iou([opening.polygon], [result.openings[m].polygon]) >= 0.3);
        if (k === undefined) continue;
        free.delete(k);
        openingsMatched++;
      }
      expect((2 * openingsMatched) / (truth.openings.length + result.openings.length)).toBeGreaterThanOrEqual(0.95);

      expect(result.footprints).toHaveLength(1);
      const footprintArea = polygonArea(result.footprints[0]);
      expect(Math.abs(footprintArea / polygonArea([truth.footprint.polygon]) - 1)).toBeLessThan(0.01);
    });
  }
});

describe('linework CAD exports piece by piece', () => {
  // An office and a store of 3.9 m × 5 m side by side, walls 0.2 m drawn as outlines in one pen,
  // at 1:50 on A3; the door between them 0.9 m wide.
  const MM = 72 / 25.4;
  const metres = (v: number) => ((v * 1000) / 50) * MM;
  const [left, top] = [150, 200];
  const at = (x: number, y: number) => `${left + metres(x)} ${top + metres(y)}`;
  const outline = (x0: number, y0: number, x1: number, y1: number) => `M ${at(x0, y0)} L ${at(x1, y0)} L ${at(x1, y1)} L ${at(x0, y1)} Z`;
  async function twoRooms(draw: (path: (d: string) => void) => void, [doorFrom, doorTo]: [number, number] = [2, 2.9]): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const path = (d: string) => page.drawSvgPath(d, { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    // The partition at 3.9–4.1 m stops at `doorFrom` m from the north face and takes up again at
    // `doorTo`; from 0, the doorway runs from the partition's end to the outer wall.
    const northStub = doorFrom > 0 ? `L ${at(3.9, 0)} L ${at(3.9, doorFrom)} L ${at(4.1, doorFrom)} L ${at(4.1, 0)} ` : '';
    path(`${outline(-0.2, -0.2, 8.2, 5.2)} M ${at(0, 0)} ${northStub}L ${at(8, 0)} L ${at(8, 5)} L ${at(4.1, 5)} L ${at(4.1, doorTo)} L ${at(3.9, doorTo)} L ${at(3.9, 5)} L ${at(0, 5)} Z`);
    draw(path);
    ['OFFICE', 'STORE'].forEach((name, k) => page.drawText(name, { x: left + metres(1.2 + 4.1 * k), y: page.getHeight() - (top + metres(4)), size: 9, font }));
    page.drawText('LEVEL 1 PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(6.5)), size: 10, font });
    return doc.save();
  }
  const mpu = MPU_AT_1_TO_50;
  const m2 = (rings: Position[][]) => polygonArea(rings) * mpu * mpu;

  it('takes a dashed roof line written dash by dash for no wall face: the footprint stays on the walls', async () => {
    // The roof's edge 0.4 m outside the walls, in the walls' pen, each dash (0.3 m, gaps 0.15 m) a
    // stroke of its own, as kirkland's plans draw it: paired with the walls' outer faces it read
    // as a wall 0.4 m thick round the building.
    const result = detectTopology({
      ...(await parse(
        await twoRooms((path) => {
          const dashes: string[] = [];
          for (let s = -0.6; s < 8.6; s += 0.45) dashes.push(`M ${at(s, -0.6)} L ${at(Math.min(s + 0.3, 8.6), -0.6)} M ${at(s, 5.6)} L ${at(Math.min(s + 0.3, 8.6), 5.6)}`);
          for (let s = -0.6; s < 5.6; s += 0.45) dashes.push(`M ${at(-0.6, s)} L ${at(-0.6, Math.min(s + 0.3, 5.6))} M ${at(8.6, s)} L ${at(8.6, Math.min(s + 0.3, 5.6))}`);
          for (const dash of dashes) path(dash);
        }),
      )),
      metresPerUnit: mpu,
    });
    expect(result.rooms.map((room) => room.name).sort()).toEqual(['OFFICE', 'STORE']);
    expect(result.footprints).toHaveLength(1);
    expect(m2(result.footprints[0])).toBeCloseTo(8.4 * 5.4, 0);
    for (const wall of result.walls) expect(wall.thickness * mpu).toBeLessThan(0.3);
  });

  // Revit writes a quarter swing in six steps of 15°; a print driver flattening curves to a
  // coarse tolerance writes a small one in four steps of 22.5°.
  it.each([
    ['six straight steps of 15° (Revit)', 6],
    ['four straight steps of 22.5° (a coarse print driver)', 4],
  ])('reads a door swing written as %s as a door that closes its doorway', async (_, stepCount) => {
    // The leaf stands open in the store, hinged on the partition's south jamb; the swing runs
    // from its tip to the north jamb. Unread, the doorway left the office and the store one room.
    const result = detectTopology({
      ...(await parse(
        await twoRooms((path) => {
          const [hx, hy, r] = [4.1, 2.9, 0.9];
          path(`M ${at(hx, hy)} L ${at(hx + r, hy)}`);
          // Coordinates written to a tenth of a point, as Revit does, make the steps a hair over their angle.
          const tenth = (x: number, y: number) => at(x, y).split(' ').map((v) => Number(v).toFixed(1)).join(' ');
          const steps = Array.from({ length: stepCount + 1 }, (_, k) => (k * Math.PI) / (2 * stepCount)).map((a) => tenth(hx + r * Math.cos(a), hy - r * Math.sin(a)));
          path(`M ${steps[0]} ${steps.slice(1).map((p) => `L ${p}`).join(' ')}`);
        }),
      )),
      metresPerUnit: mpu,
    });
    expect(result.openings.map((opening) => opening.subClass)).toEqual(['single swing door']);
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(1))]).sort()).toEqual([
      ['OFFICE', 19.5],
      ['STORE', 19.5],
    ]);
  });

  // A dashed linetype the CAD program writes out dash by dash: each dash its own path, 22° of the
  // quarter turn with 12° gaps, as a Politecnico course's plan draws its dining room's door. A
  // dash alone sweeps too little to be a door's swing, even one drawn ajar. A print driver
  // flattening the dashed arc writes each dash as one straight chord instead, 1 mm long with
  // 0.7 mm gaps, its ends rounded to 0.1 pt, and a dash split where the pattern starts again in two
  // chords and a stub of a tenth of a point, as an ArchiCAD plan's doors are written.
  // The doorway runs from the partition's end to the outer wall, so only the swing closes it.
  it.each([
    ['straight steps', 'steps'],
    ['Bézier curves', 'curves'],
    ['single chords a print driver rounded', 'chords'],
  ] as const)('reads a door swing drawn dashed, each dash a path of %s, as a door that closes its doorway', async (_, drawn) => {
    const [hx, hy, r] = [4.1, 0.9, 0.9];
    const polar = (degrees: number): [number, number] => [hx + r * Math.cos((degrees * Math.PI) / 180), hy - r * Math.sin((degrees * Math.PI) / 180)];
    const rounded = (degrees: number) => at(...polar(degrees)).split(' ').map((v) => Number(v).toFixed(1)).join(' ');
    const chords = (path: (d: string) => void) => {
      // 1 mm of paper is 1/18 of the 0.9 m radius at 1:50: 3.2° a dash, 2.2° a gap.
      const [dash, gap] = [3.2, 2.2];
      for (let from = 0, k = 0; from < 90; from += dash + gap, k++) {
        const to = Math.min(90, from + dash);
        if (k !== 7) {
          path(`M ${rounded(from)} L ${rounded(to)}`);
          continue;
        }
        const split = (from + to) / 2;
        path(`M ${rounded(from)} L ${rounded(split)}`);
        path(`M ${rounded(split)} L ${rounded(split + 0.11)}`);
        path(`M ${rounded(split + 0.11)} L ${rounded(to)}`);
      }
    };
    const dash = ([from, to]: [number, number]) => {
      if (drawn === 'steps') {
        const steps = Math.ceil((to - from) / 5);
        return `M ${at(...polar(from))} ${Array.from({ length: steps }, (_, k) => `L ${at(...polar(from + ((k + 1) * (to - from)) / steps))}`).join(' ')}`;
      }
      // A cubic's control points for a circular arc lie along its ends' tangents, 4/3·tan(sweep/4)·r out.
      const k = (4 / 3) * Math.tan(((to - from) * Math.PI) / 180 / 4) * r;
      const tangent = (degrees: number, sign: number): [number, number] => {
        const [x, y] = polar(degrees);
        const a = (degrees * Math.PI) / 180;
        return [x - sign * k * Math.sin(a), y - sign * k * Math.cos(a)];
      };
      return `M ${at(...polar(from))} C ${at(...tangent(from, 1))} ${at(...tangent(to, -1))} ${at(...polar(to))}`;
    };
    const result = detectTopology({
      ...(await parse(
        await twoRooms((path) => {
          path(`M ${at(hx, hy)} L ${at(hx + r, hy)}`);
          if (drawn === 'chords') chords(path);
          else for (const piece of [[0, 22], [34, 56], [68, 90]] as [number, number][]) path(dash(piece));
        }, [0, 0.9]),
      )),
      metresPerUnit: mpu,
    });
    expect(result.openings.map((opening) => opening.subClass)).toEqual(['single swing door']);
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(1))]).sort()).toEqual([
      ['OFFICE', 19.5],
      ['STORE', 19.5],
    ]);
  });

  it('counts a door drawn swinging into both rooms, as a double-acting door is, once', async () => {
    // Hung on a pivot in the partition's middle, its leaf drawn open into each room with a quarter
    // swing from the one closed position, as VA's corridor doors are (one swing of each dashed).
    const [hx, hy, r] = [4.0, 2.9, 0.9];
    const k = 0.5523 * r;
    const result = detectTopology({
      ...(await parse(
        await twoRooms((path) => {
          for (const side of [1, -1]) {
            path(`M ${at(hx, hy)} L ${at(hx + side * r, hy)}`);
            path(`M ${at(hx, hy - r)} C ${at(hx + side * k, hy - r)} ${at(hx + side * r, hy - k)} ${at(hx + side * r, hy)}`);
          }
        }),
      )),
      metresPerUnit: mpu,
    });
    expect(result.openings.map((opening) => [opening.subClass, Number((opening.widthUnits * mpu).toFixed(1))])).toEqual([['single swing door', 0.9]]);
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(1))]).sort()).toEqual([
      ['OFFICE', 19.5],
      ['STORE', 19.5],
    ]);
  });
});

describe('fittings drawn with their rims, in the pen of the poché walls\' outlines', () => {
  // A bathroom 1.75 m × 2.7 m beside a bedroom at 1:50 on A3, as a Swiss rental plan draws them:
  // grey poché walls (0.25 m outer, 0.36 m at the bathroom's end, a 0.12 m partition) outlined in a
  // 0.3 pt grey pen, and the fittings in that same pen, each an outline with its basin's or bowl's
  // inside it: a tub 0.75 m deep along the end wall, its basin 0.12 m in from its front; under it a
  // toilet and a washbasin, a quarter metre off the tub and off each other, the outer walls'
  // thickness; and a second basin against the front wall, as wide as the end wall is thick, its bowl
  // as wide as the outer walls: each outline's own sides face each other at a wall's thickness; and
  // a hand basin 0.46 m by 0.28 against the side wall, its bowl a third of its box. Exploded, as CAD
  // writes a block it has broken up, every side is a stroke of its own and the inner outline's
  // rounded corners are short polylines of their own.
  const bathAndBedroom = (exploded: boolean) =>
    greyFilledPlan(
      rowOfRooms([1.75, 3.5], 2.7, 0.36),
      (sheet) => drawFittings(sheet, exploded),
      [['BATH', 0.5, 2.2], ['BEDROOM', 3, 1.3]],
      3,
    );

  function drawFittings({ page, at, rect, pen }: GreyPlan, exploded: boolean): void {
    // The sheet's frame, a closed outline round everything drawn, is no fitting's.
    const [pageWidth, pageHeight] = [page.getWidth(), page.getHeight()];
    page.drawSvgPath(`M 28 28 L ${pageWidth - 28} 28 L ${pageWidth - 28} ${pageHeight - 28} L 28 ${pageHeight - 28} Z`, pen);
    const fittings: { outer: [number, number, number, number]; inset: [number, number, number, number] }[] = [
      { outer: [0, 0, 1.7, 0.75], inset: [0.05, 0.05, 0.2, 0.12] },
      { outer: [0.2, 1, 0.6, 1.6], inset: [0.05, 0.05, 0.05, 0.1] },
      { outer: [0.85, 1, 1.45, 1.45], inset: [0.06, 0.06, 0.06, 0.06] },
      { outer: [1.2, 2.1, 1.56, 2.7], inset: [0.05, 0.05, 0.05, 0.2] },
      { outer: [0, 1.95, 0.28, 2.41], inset: [0.07, 0.08, 0.07, 0.07] },
    ];
    const sides = (x0: number, y0: number, x1: number, y1: number) => [`M ${at(x0, y0)} L ${at(x1, y0)}`, `M ${at(x1, y0)} L ${at(x1, y1)}`, `M ${at(x1, y1)} L ${at(x0, y1)}`, `M ${at(x0, y1)} L ${at(x0, y0)}`];
    const radius = 0.04;
    // A rounded rectangle's sides and corners, clockwise from the top left corner's end.
    const roundedPieces = (x0: number, y0: number, x1: number, y1: number) => {
      const corner = (cx: number, cy: number, fromDegrees: number) =>
        'M ' + [0, 30, 60, 90].map((step) => at(cx + radius * Math.cos(((fromDegrees + step) * Math.PI) / 180), cy + radius * Math.sin(((fromDegrees + step) * Math.PI) / 180))).join(' L ');
      return [
        `M ${at(x0 + radius, y0)} L ${at(x1 - radius, y0)}`,
        corner(x1 - radius, y0 + radius, 270),
        `M ${at(x1, y0 + radius)} L ${at(x1, y1 - radius)}`,
        corner(x1 - radius, y1 - radius, 0),
        `M ${at(x1 - radius, y1)} L ${at(x0 + radius, y1)}`,
        corner(x0 + radius, y1 - radius, 90),
        `M ${at(x0, y1 - radius)} L ${at(x0, y0 + radius)}`,
        corner(x0 + radius, y0 + radius, 180),
      ];
    };
    for (const { outer: [x0, y0, x1, y1], inset: [l, t, r, b] } of fittings) {
      if (!exploded) {
        page.drawSvgPath(rect(x0, y0, x1, y1), pen);
        page.drawSvgPath(rect(x0 + l, y0 + t, x1 - r, y1 - b), pen);
        continue;
      }
      for (const piece of [...sides(x0, y0, x1, y1), ...roundedPieces(x0 + l, y0 + t, x1 - r, y1 - b)]) page.drawSvgPath(piece, pen);
    }
  }

  it.each([
    ['each outline one closed path', false],
    ['exploded into separate strokes', true],
  ])('measures the bathroom with its fittings in it, %s: no rim and no gap between fittings is a wall', async (_, exploded) => {
    const mpu = MPU_AT_1_TO_50;
    const bytes = await bathAndBedroom(exploded);
    const result = detectTopology({ ...(await parse(bytes)), metresPerUnit: mpu });
    const m2 = (rings: Position[][]) => polygonArea(rings) * mpu * mpu;
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(2))]).sort()).toEqual([
      ['BATH', expect.closeTo(1.75 * 2.7, 1)],
      ['BEDROOM', expect.closeTo(3.5 * 2.7, 1)],
    ]);
  });
});

describe('sanitary ware whose outer rim is a wall\'s face, and a toilet painted as a silhouette', () => {
  // A shower room 1 m × 2.7 m beside a bedroom at 1:50, as a Swiss rental plan draws it: grey poché
  // walls outlined in a 0.3 pt grey pen (0.25 m outer, a 0.12 m partition), the fittings in that
  // pen. A shower tray fills the room's end: its front is a line from wall to wall, its outer rim
  // the walls' faces, so only its inner rim closes, with rounded corners, a partition's thickness
  // in from the walls and the front, its drain and its falls inside. A washbasin stands against
  // the partition, its outline closed along the partition's face with its front corners rounded,
  // its bowl's side at the wall broken for the tap: the bowl's sides face each other at the outer
  // walls' thickness, and its side faces the partition at a partition's. The printed area counts
  // the floor under both, 2.7 m².
  /** A rectangle's outline as paper points, clockwise from the top left, each corner where rounded a quarter circle in three straight pieces. */
  const roundedRing = (at: GreyPlan['at'], [x0, y0, x1, y1]: number[], radius: number, corners: [boolean, boolean, boolean, boolean]) => {
    const points: [number, number][] = [];
    const point = (x: number, y: number) => points.push(at(x, y).split(' ').map(Number) as [number, number]);
    const corner = (cx: number, cy: number, fromDegrees: number) =>
      [0, 30, 60, 90].forEach((step) => point(cx + radius * Math.cos(((fromDegrees + step) * Math.PI) / 180), cy + radius * Math.sin(((fromDegrees + step) * Math.PI) / 180)));
    if (corners[0]) corner(x0 + radius, y0 + radius, 180);
    else point(x0, y0);
    if (corners[1]) corner(x1 - radius, y0 + radius, 270);
    else point(x1, y0);
    if (corners[2]) corner(x1 - radius, y1 - radius, 0);
    else point(x1, y1);
    if (corners[3]) corner(x0 + radius, y1 - radius, 90);
    else point(x0, y1);
    return points;
  };
  const closedPath = (points: [number, number][]) => `M ${points.map(([x, y]) => `${x} ${y}`).join(' L ')} Z`;
  /**
   * A ring of four rounded corners exploded into its eight pieces, as CAD writes a block it has
   * broken up, each piece's end and the next one's start a ten-thousandth of a point either side
   * of x = (k + ½)·0.05 blueprint units, where joints were once rounded into different cells.
   */
  const explodedPieces = (ring: [number, number][]) => {
    const toUnits = 150 / 72;
    const split = ([x, y]: [number, number]): [[number, number], [number, number]] => {
      const edge = ((Math.round((x * toUnits) / 0.05 - 0.5) + 0.5) * 0.05) / toUnits;
      return [
        [edge - 0.0001, y],
        [edge + 0.0001, y],
      ];
    };
    return [0, 1, 2, 3].flatMap((k) => {
      const arc = ring.slice(4 * k, 4 * k + 4);
      const [arcStart, arcEnd] = [split(arc[0]), split(arc[3])];
      const [sideEnd] = split(ring[(4 * k + 4) % 16]);
      return [
        [arcStart[1], ...arc.slice(1, 3), arcEnd[0]],
        [arcEnd[1], sideEnd],
      ].map((piece) => `M ${piece.map(([x, y]) => `${x} ${y}`).join(' L ')}`);
    });
  };
  /**
   * The pieces of `explodedPieces` with a hair of each rounded corner, a hundredth of a point long,
   * as a piece of its own at the corner's end: its two ends lie in one joint.
   */
  const withHairs = (ring: [number, number][]) =>
    explodedPieces(ring).flatMap((piece, k) => {
      if (k % 2 === 1) return [piece];
      const [x, y] = piece.split(' ').slice(-2).map(Number);
      return [piece, `M ${x} ${y} L ${x + 0.01} ${y}`];
    });
  /** A toilet against the back wall, its tank 0.48 m by 0.18 and its bowl 0.38 m by 0.42, `inset` in from its outline. */
  const toiletSilhouette = (at: GreyPlan['at'], inset: number) =>
    `M ${at(0.26 + inset, inset)} L ${at(0.74 - inset, inset)} L ${at(0.74 - inset, 0.18 - inset)} L ${at(0.69 - inset, 0.18 - inset)} ` +
    `L ${at(0.69 - inset, 0.6 - inset)} L ${at(0.31 + inset, 0.6 - inset)} L ${at(0.31 + inset, 0.18 - inset)} L ${at(0.26 + inset, 0.18 - inset)} Z`;
  const showerRoom = (fittings: 'shower and basin' | 'exploded shower' | 'shower with hairs' | 'toilet silhouette' | 'tinted floor') =>
    greyFilledPlan(
      rowOfRooms([1, 3], 2.7),
      ({ page, at, rect, pen, grey }) => {
        const paint = { x: 0, y: page.getHeight() };
        if (fittings === 'toilet silhouette') {
          // A toilet against the back wall painted as its silhouette in the walls' grey, then its face
          // in white a hairline smaller, as some exports draw symbols: its shape is a short wall's.
          page.drawSvgPath(toiletSilhouette(at, 0), { ...paint, color: grey });
          page.drawSvgPath(toiletSilhouette(at, 0.01), { ...paint, color: rgb(1, 1, 1) });
          return;
        }
        if (fittings === 'tinted floor') {
          // The bedroom's floor tinted beige, darker than a light poché; in the shower room the
          // toilet painted in that tint, as over a tinted floor, and a shaft in the corner painted
          // so too, crossed corner to corner.
          const tint = { ...paint, color: rgb(198 / 255, 183 / 255, 164 / 255) };
          page.drawSvgPath(rect(1.12, 0, 4.12, 2.7), tint);
          page.drawSvgPath(toiletSilhouette(at, 0), tint);
          page.drawSvgPath(rect(0.7, 2.4, 1, 2.7), tint);
          page.drawSvgPath(`M ${at(0.7, 2.4)} L ${at(1, 2.7)} M ${at(1, 2.4)} L ${at(0.7, 2.7)}`, pen);
          return;
        }
        page.drawSvgPath(`M ${at(0, 1.7)} L ${at(1, 1.7)}`, pen);
        const tray = roundedRing(at, [0.12, 1.82, 0.88, 2.58], 0.06, [true, true, true, true]);
        const pieces = { 'exploded shower': explodedPieces, 'shower with hairs': withHairs, 'shower and basin': (ring: [number, number][]) => [closedPath(ring)] }[fittings];
        for (const piece of pieces(tray)) page.drawSvgPath(piece, pen);
        const drain = [...Array(12).keys()].map((k) => at(0.5 + 0.04 * Math.cos((k * Math.PI) / 6), 2.46 + 0.04 * Math.sin((k * Math.PI) / 6)));
        page.drawSvgPath(`M ${drain.join(' L ')} Z`, pen);
        page.drawSvgPath(`M ${at(0.2, 1.9)} L ${at(0.47, 2.42)}`, pen);
        page.drawSvgPath(`M ${at(0.8, 1.9)} L ${at(0.53, 2.42)}`, pen);
        page.drawSvgPath(closedPath(roundedRing(at, [0.6, 0.7, 1, 1.2], 0.04, [true, false, false, true])), pen);
        page.drawSvgPath(`M ${at(0.88, 0.92)} L ${at(0.88, 0.75)} L ${at(0.63, 0.75)} L ${at(0.63, 1.15)} L ${at(0.88, 1.15)} L ${at(0.88, 0.98)}`, pen);
      },
      [['SHOWER', 0.2, 1.4], ['BEDROOM', 2.4, 1.3]],
      2.95,
    );

  it.each([
    ['a shower tray and a washbasin whose outer rims are the walls\' faces', 'shower and basin' as const, 2.7],
    ['a shower tray exploded into pieces whose ends miss by a hair', 'exploded shower' as const, 2.7],
    ['a shower tray exploded with a hair of each corner a piece of its own', 'shower with hairs' as const, 2.7],
    ['a toilet painted as a grey silhouette under a white face', 'toilet silhouette' as const, 2.7],
    ['a toilet painted in the floor\'s tint, beside a crossed shaft', 'tinted floor' as const, 2.7 - 0.09],
  ])('measures the shower room with the floor under %s', async (_, fittings, showerM2) => {
    // The tray's rim paired with the walls' faces, the bowl's sides with each other and with the
    // partition (Trivista's WC/DU, 1.82 m² for 2.65 printed); the silhouette was poché; a hair in
    // one joint left the tray no outline (nidum's vanities); the tinted toilet was a column
    // (nidum's WCs). A shaft is no floor.
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await showerRoom(fittings))), metresPerUnit: mpu });
    const m2 = (rings: Position[][]) => polygonArea(rings) * mpu * mpu;
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(2))]).sort()).toEqual([
      ['BEDROOM', expect.closeTo(3 * 2.7, 1)],
      ['SHOWER', expect.closeTo(showerM2, 1)],
    ]);
  });
});

describe('doors hung in the partition between a shower room and a bedroom', () => {
  // Four rooms in a row at 1:50 in grey poché (0.25 m outer walls, 0.12 m partitions, enough of
  // them for 0.12 m to be one of the sheet's wall thicknesses), as a Swiss rental plan draws them.
  // The partition between the first two is drawn in `pieces`, with the door `furnish` draws.
  const rowWithDoor = (pieces: [number, number, number, number][], furnish: (sheet: GreyPlan) => void) =>
    greyFilledPlan(
      [...rowOfRooms([2.4, 3, 1.5, 1.5], 3.5).filter(([x0]) => x0 !== 2.4), ...pieces],
      furnish,
      [['SHOWER', 0.6, 2.6], ['BEDROOM', 3.6, 2.6], ['STORE', 5.8, 2.6], ['CLOSET', 7.4, 2.6]],
      3.75,
    );
  const leafRadius = (metres: number) => metres * (72 / 25.4) * 20;
  const roomsOf = (shower: number, bedroom: number) => [
    ['BEDROOM', expect.closeTo(bedroom, 1)],
    ['CLOSET', expect.closeTo(1.5 * 3.5, 1)],
    ['SHOWER', expect.closeTo(shower, 1)],
    ['STORE', expect.closeTo(1.5 * 3.5, 1)],
  ];

  // The doorway starts 0.12 m from the north wall, and its door, hinged at that jamb, swings 0.8 m
  // into the shower room: the open leaf, a single stroke from the hinge to the swing's end, runs
  // along the north wall a partition's thickness off its face, as Spiserstrasse's shower room
  // draws it. It is a door leaf, and the strip behind it is floor.
  it.each([
    ['with its open leaf', true],
    ['with its swing alone', false],
  ])('measures the room a door beside its corner swings into whole, %s', async (_, withLeaf) => {
    // The leaf paired with the wall's face as a partition 0.12 m thick, and the strip behind it
    // was wall (Spiserstrasse's Dusche / WC lost 0.1 m² so).
    const pdf = await rowWithDoor([
      [2.4, 0, 2.52, 0.12],
      [2.4, 0.92, 2.52, 3.5],
    ], ({ page, at, pen }) => {
      const leaf = leafRadius(0.8);
      page.drawSvgPath(`M ${at(2.4, 0.92)} A ${leaf} ${leaf} 0 0 1 ${at(1.6, 0.12)}`, pen);
      if (withLeaf) page.drawSvgPath(`M ${at(2.4, 0.12)} L ${at(1.6, 0.12)}`, pen);
    });
    const { result, rooms } = await roomsAt1To50(pdf);
    expect(rooms).toEqual(roomsOf(2.4 * 3.5, 3 * 3.5));
    expect(result.openings.map((opening) => opening.subClass)).toEqual(['single swing door']);
  });

  // The doorway 1.01–1.83 m from the north wall, its door hung in a frame drawn as paper-white
  // strips 4 cm wide inside the jambs, as stepcube's bedroom doors are. North of the doorway the
  // partition is a thin wall set back from the door's line (a wardrobe's back, 2.25–2.31 m) ending
  // in a dark block 0.21 × 0.22 m, a column at the doorway and no run of wall the door's band can
  // find; south of it the partition runs on to the south wall.
  it('closes a doorway to the column its door\'s frame stands 4 cm off', async () => {
    // Closed from the hinge to the swing's end, the doorway left a 4 cm slit at the column, and
    // the two rooms were one (stepcube's bedroom beside its living room).
    const pdf = await rowWithDoor([
      [2.25, 0, 2.31, 0.97],
      [2.4, 1.87, 2.52, 3.5],
    ], ({ page, at, rect, pen }) => {
      page.drawSvgPath(rect(2.31, 0.75, 2.52, 0.97), { x: 0, y: page.getHeight(), color: rgb(0.2, 0.2, 0.2) });
      for (const [y0, y1] of [[0.97, 1.01], [1.83, 1.87]]) page.drawSvgPath(rect(2.4, y0, 2.52, y1), { ...pen, color: rgb(1, 1, 1) });
      const leaf = leafRadius(0.82);
      page.drawSvgPath(`M ${at(2.4, 1.83)} A ${leaf} ${leaf} 0 0 1 ${at(1.58, 1.01)} L ${at(2.4, 1.01)}`, pen);
    });
    expect((await roomsAt1To50(pdf)).rooms).toEqual(roomsOf(2.4 * 3.5 - 0.15 * 0.97, 3 * 3.5 + 0.21 * 0.75));
  });
});

describe('a pre-wall the fittings stand on', () => {
  // A bathroom 2 m × 2.5 m beside a bedroom at 1:50, grey poché walls (0.25 m outer, a 0.12 m
  // partition) outlined in a 0.3 pt grey pen, as a Swiss rental plan draws them. A line runs from
  // wall to wall 0.2 m in front of the back wall: the face of the installation wall that hides the
  // pipes, and a toilet and a washbasin, each an outline with its bowl's inside it, stand against
  // it. The room's printed area stops at that face, and the pre-wall is one of its walls. Without
  // fittings on it, the same line (a step, a change of floor) is no wall.
  const bathWithPreWall = (withFittings: boolean) =>
    greyFilledPlan(
      rowOfRooms([2, 2.25], 2.5),
      ({ page, at, rect, pen }) => {
        page.drawSvgPath(`M ${at(0, 2.3)} L ${at(2, 2.3)}`, pen);
        if (!withFittings) return;
        for (const [x0, y0, x1, y1, l, t, r, b] of [
          [0.3, 1.75, 0.66, 2.3, 0.04, 0.05, 0.04, 0.15],
          [1.0, 1.85, 1.55, 2.3, 0.06, 0.06, 0.06, 0.1],
        ]) {
          page.drawSvgPath(rect(x0, y0, x1, y1), pen);
          page.drawSvgPath(rect(x0 + l, y0 + t, x1 - r, y1 - b), pen);
        }
      },
      [['BATH', 0.3, 1], ['BEDROOM', 2.6, 1.3]],
      2.75,
    );

  it.each([
    ['with a toilet and a washbasin against it, measures the bathroom to its face', true, 2 * 2.3],
    ['with nothing against it, measures the bathroom to the wall', false, 2 * 2.5],
  ])('a line in front of the back wall, %s', async (_, withFittings, bathM2) => {
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await bathWithPreWall(withFittings))), metresPerUnit: mpu });
    const m2 = (rings: Position[][]) => polygonArea(rings) * mpu * mpu;
    expect(result.rooms.map((room) => [room.name, Number(m2(room.polygon).toFixed(2))]).sort()).toEqual([
      ['BATH', expect.closeTo(bathM2, 1)],
      ['BEDROOM', expect.closeTo(2.25 * 2.5, 1)],
    ]);
    // The pre-wall is reported as a wall of the bathroom, 0.2 m deep.
    const preWalls = result.walls.filter((wall) => Math.abs(wall.thickness * mpu - 0.2) < 0.02);
    expect(preWalls).toHaveLength(withFittings ? 1 : 0);
    const bath = result.rooms.find((room) => room.name === 'BATH')!;
    for (const wall of preWalls) expect(bath.wallIds).toContain(wall.id);
  });
});

describe('built-ins drawn as boxes on a plan whose walls are filled', () => {
  // Three rooms at 1:50 on A3 with grey poché walls outlined in a 0.3 pt grey pen (0.25 m outer,
  // 0.12 m partitions). In the same pen, built-ins 0.6 m deep stand against the back wall: a
  // kitchen counter (its front and end as open strokes), a wardrobe (a closed box with a cross, and
  // a shelf inside it as far off the wall as the outer walls are thick) and a washing machine (a
  // closed box). Each room's area is its floor to the walls' faces, the floor under the built-ins
  // included, as a printed room area counts it.
  const flatWithBuiltIns = (besides: (sheet: GreyPlan) => void = () => {}, depth = 3.25) =>
    greyFilledPlan(
      rowOfRooms([2.5, 1.68, 1.58], 3),
      (sheet) => {
        const { page, at, rect, pen } = sheet;
        page.drawSvgPath(`M ${at(0, 0.6)} L ${at(2, 0.6)} L ${at(2, 0)}`, pen);
        page.drawSvgPath(rect(2.62, 0, 3.82, 0.5), pen);
        page.drawSvgPath(`M ${at(2.82, 0.25)} L ${at(3.62, 0.25)}`, pen);
        page.drawSvgPath(rect(4.42, 0, 5.02, 0.6), pen);
        besides(sheet);
      },
      [['KITCHEN', 0.8, 1.8], ['BEDROOM', 2.9, 1.8], ['STORE', 4.8, 1.8]],
      depth,
    );
  /** The three rooms 3 m deep, their widths [kitchen, bedroom, store], as [name, m²] sorted by name. */
  const rowOf = ([kitchen, bedroom, store]: number[]) => [
    ['BEDROOM', expect.closeTo(bedroom * 3, 1)],
    ['KITCHEN', expect.closeTo(kitchen * 3, 1)],
    ['STORE', expect.closeTo(store * 3, 1)],
  ];

  it('measures each room to its walls with the floor under its built-ins', async () => {
    expect((await roomsAt1To50(await flatWithBuiltIns())).rooms).toEqual(rowOf([2.5, 1.68, 1.58]));
  });

  // The same flat with a schedule ruled beside it in the same pen: 8 double rules 8 m long, 0.3 m
  // apart, which pair as 64 m of unfilled "walls", more than the filled walls' length. Only the pairs
  // among the filled walls tell whether the plan fills its walls (stepcube's upper floor, whose
  // axonometric view and schedule outweighed its plan: its furniture stayed wall).
  it('measures the rooms with the floor under their built-ins beside a ruled schedule', async () => {
    const ruled = ({ page, at, pen }: GreyPlan) => {
      for (let k = 0; k < 16; k++) page.drawSvgPath(`M ${at(9, Math.floor(k / 2) + (k % 2) * 0.3)} L ${at(17, Math.floor(k / 2) + (k % 2) * 0.3)}`, pen);
    };
    const { rooms } = await roomsAt1To50(await flatWithBuiltIns(ruled, 8));
    expect(rooms.filter(([name]) => name !== null)).toEqual(rowOf([2.5, 1.68, 1.58]));
  });

  // Rooms with a bed's row of bedside tables and pillows by each long wall, drawn as stepcube draws
  // them in the poché's outline pen: closed boxes 0.4 m deep, shallower than a wardrobe, standing
  // a headboard's width (8 cm) off the wall. Drawn so by every wall, 0.4 m is one of the
  // thicknesses the sheet pairs most, and the boxes were walls; each room is measured with the
  // floor under them.
  it('measures bedrooms with the floor under the bedside tables and pillows along their walls', async () => {
    const withBeds = await greyFilledPlan(
      rowOfRooms([2.5, 3.2, 1.58], 3),
      ({ page, rect, pen }) => {
        for (const [x0, x1] of [[0.7, 1.8], [3.3, 5.1]]) {
          page.drawSvgPath(rect(x0, 0.08, x1, 0.48), pen);
          page.drawSvgPath(rect(x0, 2.52, x1, 2.92), pen);
        }
      },
      [['KITCHEN', 0.8, 1.8], ['BEDROOM', 3.5, 1.8], ['STORE', 6.3, 1.8]],
      3.25,
    );
    expect((await roomsAt1To50(withBeds)).rooms).toEqual(rowOf([2.5, 3.2, 1.58]));
  });

  // A hall 3 m × 2.5 m and a room beside it, as Spiserstrasse 10.201's "Entrée" draws its
  // wardrobe: a closed box 0.56 m deep against the north wall, its rail along the middle from side
  // to side. Rail and box meet end to end, so the box's back and front face each other nowhere
  // but past the rail: each pairs with the rail instead, at the outer walls' thickness. The plan
  // prints its dimensions (a chain along the south side), so a line crossed at both ends with no
  // figure along it, as the rail is by the box's sides, is no dimension line. The hall's printed
  // area counts the floor under the wardrobe.
  const hallWithWardrobe = () => {
    const chain = [-0.25, 0, 3, 3.12, 6.12, 6.37];
    return greyFilledPlan(
      rowOfRooms([3, 3], 2.5),
      ({ page, at, rect, pen }) => {
        page.drawSvgPath(rect(0.6, 0, 1.8, 0.56), pen);
        page.drawSvgPath(`M ${at(0.6, 0.28)} L ${at(1.8, 0.28)}`, pen);
        page.drawSvgPath(`M ${at(-0.25, 3.3)} L ${at(6.37, 3.3)}`, pen);
        for (const x of chain) page.drawSvgPath(`M ${at(x - 0.05, 3.35)} L ${at(x + 0.05, 3.25)}`, pen);
      },
      [['HALL', 1.2, 1.6], ['ROOM', 4.5, 1.6], ...chain.slice(1).map((x, k): [string, number, number] => [(x - chain[k]).toFixed(2), (x + chain[k]) / 2 - 0.1, 3.25])],
      3.5,
    );
  };

  it('measures a hall with the floor under a wardrobe whose rail runs from side to side', async () => {
    // The rail paired with the wall's face and with the box's front as two walls 0.28 m thick
    // (Spiserstrasse's Entrée, 6.01 m² for 6.7 printed).
    expect((await roomsAt1To50(await hallWithWardrobe())).rooms).toEqual([
      ['HALL', expect.closeTo(3 * 2.5, 1)],
      ['ROOM', expect.closeTo(3 * 2.5, 1)],
    ]);
  });

  // A bedroom 5 m × 3.2 m with a wardrobe 0.6 m deep along its end wall (a box with its doors'
  // line inside), as Trivista's plans draw it: the poché of the walls either side is cut into a
  // separate block over the wardrobe, so the two blocks' ends face each other across the room
  // like the jambs of a 3.2 m opening 0.6 m deep. The printed area counts the floor under the
  // wardrobe.
  const bedroomWithWardrobe = () =>
    greyFilledPlan(
      [
        [-0.25, -0.12, 4.4, 0],
        [4.4, -0.12, 5, 0],
        [-0.25, 3.2, 4.4, 3.45],
        [4.4, 3.2, 5, 3.45],
        [-0.25, 0, 0, 3.2],
        [5, -0.12, 5.25, 3.45],
      ],
      ({ page, at, rect, pen }) => {
        page.drawSvgPath(rect(4.4, 0, 5, 3.2), pen);
        page.drawSvgPath(`M ${at(4.45, 0)} L ${at(4.45, 3.2)}`, pen);
      },
      [['BEDROOM', 2, 1.6]],
      3.45,
    );

  it('measures a bedroom with the floor under its wardrobe where the walls\' poché is cut at the wardrobe\'s front', async () => {
    // The blocks' ends paired as walls 0.6 m thick, and the wardrobe's lines between them read
    // as glazing: a window cut the wardrobe off the room (Trivista's ELTERN, 13.61 m² for 14.90).
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await bedroomWithWardrobe())), metresPerUnit: mpu });
    expect(result.rooms.map((room) => [room.name, Number((polygonArea(room.polygon) * mpu * mpu).toFixed(2))])).toEqual([['BEDROOM', expect.closeTo(5 * 3.2, 1)]]);
    expect(result.openings).toEqual([]);
  });

  // A store room 2.1 m × 1.15 m between its walls, and a room beside it (Spiserstrasse 10.201's
  // "Reduit"): a washing machine's box, 0.6 m square, stands 0.27 m off the north wall, its east
  // side on a lining drawn from wall to wall 0.27 m in front of the east wall, the duct behind it.
  // The store's printed area runs to the lining, 1.83 m × 1.15 m = 2.1 m².
  const storeWithAWasher = (depth = 0.6, names: [string, number, number][] = []) =>
    greyFilledPlan(
      rowOfRooms([2.1, 2.88], 1.15),
      ({ page, at, rect, pen }) => {
        page.drawSvgPath(rect(1.23, 0.27, 1.83, 0.27 + depth), pen);
        page.drawSvgPath(`M ${at(1.83, 0)} L ${at(1.83, 1.15)}`, pen);
      },
      [['STORE', 0.2, 0.7], ['ROOM', 3.2, 0.7], ...names],
      1.4,
    );

  it('measures a store room to the lining its washing machine stands against, with the floor between the machine and the wall', async () => {
    // The strip between the machine's back and the north wall paired as a wall as thick as the
    // outer walls (1.62 m² on Spiserstrasse); the lining, no fitting's rim standing on it, was floor.
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await storeWithAWasher())), metresPerUnit: mpu });
    const store = result.rooms.find((room) => room.name === 'STORE')!;
    expect(polygonArea(store.polygon) * mpu * mpu).toBeCloseTo(1.83 * 1.15, 1);
  });

  it('takes the floor behind a labelled washing machine a centimetre deeper than it is wide as floor too', async () => {
    // Lettered `WM` inside, the box's sides frame a word and make no pair; it is known by its
    // outline's longer sides, and its sides along the wall are then its shorter ones: stepcube's
    // shower rooms lost the strip behind the machine (5.39 m² for 5.78).
    const mpu = MPU_AT_1_TO_50;
    const result = detectTopology({ ...(await parse(await storeWithAWasher(0.61, [['WM', 1.4, 0.6]]))), metresPerUnit: mpu });
    const store = result.rooms.find((room) => room.name === 'STORE')!;
    expect(polygonArea(store.polygon) * mpu * mpu).toBeCloseTo(1.83 * 1.15, 1);
  });
});

describe('floors painted in a tint round their furniture', () => {
  // Three rooms 4 × 3 m at 1:50 with black poché walls, as a rental plan paints them: each floor in
  // a beige tint (luminance 185, darker than the palest poché) that leaves off eighteen round
  // stools 0.4 m across, each outlined in a hairline. With its holes' edges, a floor's paint is as
  // long and thin on average (twice its area over its perimeter) as a wall, and the three floors
  // hold more such paint than the walls do.
  const tintedFlat = async () => {
    const sheet = await greyPlanAt1To50();
    const { doc, page, font, metres, left, top, rect, at, pen } = sheet;
    const widths = [4, 4, 4];
    for (const wall of rowOfRooms(widths, 3)) page.drawSvgPath(rect(...wall), { ...pen, color: rgb(0, 0, 0), borderWidth: 0 });
    const radius = metres(0.2);
    const stools = (x0: number) => Array.from({ length: 18 }, (_, k) => [x0 + 0.35 + (k % 6) * 0.66, 0.5 + Math.floor(k / 6) * 1] as const);
    // A circle from its leftmost point, turning against the floor's outline so that the non-zero fill leaves it unpainted.
    const circle = (x: number, y: number) => `M ${at(x - 0.2, y)} a ${radius} ${radius} 0 1 0 ${2 * radius} 0 a ${radius} ${radius} 0 1 0 ${-2 * radius} 0 Z`;
    widths.forEach((_, room) => {
      const x0 = room * 4.12;
      const holes = stools(x0).map(([x, y]) => circle(x, y));
      page.drawSvgPath(`${rect(x0, 0, x0 + 4, 3)} ${holes.join(' ')}`, { x: 0, y: page.getHeight(), color: rgb(198 / 255, 183 / 255, 164 / 255) });
      for (const [x, y] of stools(x0)) page.drawSvgPath(circle(x, y), pen);
      page.drawText(['KITCHEN', 'BEDROOM', 'STUDY'][room], { x: left + metres(x0 + 1.5), y: page.getHeight() - (top + metres(1.2)), size: 9, font });
    });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(3.25) + 60), size: 10, font });
    return doc.save();
  };

  it('takes the walls for the poché and measures each room to them, the floor under its furniture included', async () => {
    const { rooms } = await roomsAt1To50(await tintedFlat());
    expect(rooms).toEqual([
      ['BEDROOM', expect.closeTo(12, 1)],
      ['KITCHEN', expect.closeTo(12, 1)],
      ['STUDY', expect.closeTo(12, 1)],
    ]);
  });
});

describe('a vestibule painted in one colour with the corridor it opens onto', () => {
  // A vestibule 2 × 3 m at 1:50 with black poché walls, its door (1 m, swing drawn) opening onto a
  // corridor 6 m long. As zeidler's plan paints them, one tint covers the vestibule, the doorway and
  // the corridor's first 2.88 m; a second colour paints the lobby at the corridor's end. The tint
  // holds only the vestibule whole, so it was taken for one painted room through the door.
  const paintedThroughDoor = async () => {
    const sheet = await greyPlanAt1To50();
    const { doc, page, font, metres, left, top, rect, at, pen } = sheet;
    const walls: [number, number, number, number][] = [[-0.25, -0.25, 8.37, 0], [-0.25, 3, 8.37, 3.25], [-0.25, 0, 0, 3], [8.12, 0, 8.37, 3], [2, 0, 2.12, 1], [2, 2, 2.12, 3]];
    for (const wall of walls) page.drawSvgPath(rect(...wall), { ...pen, color: rgb(0, 0, 0), borderWidth: 0 });
    const tint = `M ${at(0, 0)} L ${at(2, 0)} L ${at(2, 1)} L ${at(2.12, 1)} L ${at(2.12, 0)} L ${at(5, 0)} L ${at(5, 3)} L ${at(2.12, 3)} L ${at(2.12, 2)} L ${at(2, 2)} L ${at(2, 3)} L ${at(0, 3)} Z`;
    page.drawSvgPath(tint, { x: 0, y: page.getHeight(), color: rgb(0.78, 0.9, 0.88) });
    page.drawSvgPath(rect(5, 0, 8.12, 3), { x: 0, y: page.getHeight(), color: rgb(0.95, 0.85, 0.7) });
    page.drawSvgPath(`M ${at(2.12, 1)} L ${at(3.12, 1)} A ${metres(1)} ${metres(1)} 0 0 1 ${at(2.12, 2)}`, pen);
    for (const [name, x] of [['VESTIBULE', 0.4], ['CORRIDOR', 3], ['LOBBY', 6]] as const) {
      page.drawText(name, { x: left + metres(x), y: page.getHeight() - (top + metres(2.5)), size: 9, font });
    }
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(3.25) + 60), size: 10, font });
    return doc.save();
  };

  it('cuts the tint at the door and measures the vestibule to its walls', async () => {
    const { rooms } = await roomsAt1To50(await paintedThroughDoor());
    expect(rooms).toEqual([
      ['CORRIDOR', expect.closeTo(2.88 * 3, 1)],
      ['LOBBY', expect.closeTo(3.12 * 3, 1)],
      ['VESTIBULE', expect.closeTo(2 * 3, 1)],
    ]);
  });
});

describe('balconies of two flats, one walled space, painted in each flat\'s translucent colour', () => {
  // Two flats of two rooms 3 × 4 m each at 1:50, black poché walls, and below them one balcony
  // 1.5 m deep along both, with nothing drawn between the flats' halves. As luppmenpark's rental
  // plan does, each flat is painted with its balcony in its own colour at 40 % opacity: a dark
  // teal (luminance 61 as specified, 177 as it shows on paper) and an orange.
  const flatsWithBalcony = () => {
    const paint = ({ page, rect }: GreyPlan) => {
      page.drawSvgPath(rect(-0.25, -0.25, 6.18, 5.85), { x: 0, y: page.getHeight(), color: rgb(0, 0.36, 0.14), opacity: 0.4 });
      page.drawSvgPath(rect(6.18, -0.25, 12.61, 5.85), { x: 0, y: page.getHeight(), color: rgb(0.9, 0.5, 0.1), opacity: 0.4 });
    };
    const balcony: [number, number, number, number][] = [[-0.25, 4.25, 0, 5.75], [12.36, 4.25, 12.61, 5.75], [-0.25, 5.75, 12.61, 5.85]];
    const names: [string, number, number][] = [['ZIMMER', 1, 2], ['KUECHE', 4, 2], ['WOHNEN', 7, 2], ['BAD', 10, 2], ['BALKON', 1, 5], ['BALKON', 8, 5]];
    return blackWalledPlan([...rowOfRooms([3, 3, 3, 3], 4), ...balcony], () => {}, names, 5.85, paint);
  };

  it('parts the balcony where the flats\' colours meet', async () => {
    const { rooms } = await roomsAt1To50(await flatsWithBalcony());
    expect(rooms).toEqual([
      ['BAD', expect.closeTo(12, 1)],
      ['BALKON', expect.closeTo(6.18 * 1.5, 1)],
      ['BALKON', expect.closeTo(6.18 * 1.5, 1)],
      ['KUECHE', expect.closeTo(12, 1)],
      ['WOHNEN', expect.closeTo(12, 1)],
      ['ZIMMER', expect.closeTo(12, 1)],
    ]);
  });
});

describe('a balcony whose posts line up with pieces of the façade\'s outer layer', () => {
  // A room 6 × 4 m at 1:50 with black poché walls and a balcony 2 m deep outside its south wall,
  // 35 cm thick. Its outer layer, 5 cm, is filled again over the wall's fill, in pieces cut where
  // two posts of the balustrade (8 × 20 cm, 10 cm apart) line up with it, as luppmenpark's façade
  // is: each 8 cm piece pairs as a wall 5 cm long, and facing a post 1.95 m away across the
  // balcony it made a passage.
  const balconyWithPosts = () => {
    const cuts = [-0.25, 2.9, 2.98, 3.08, 3.16, 6.25];
    const layer = cuts.slice(1).map((x, k): [number, number, number, number] => [cuts[k], 4.3, x, 4.35]);
    const walls: [number, number, number, number][] = [
      [-0.25, -0.25, 6.25, 0], [-0.25, 0, 0, 4], [6, 0, 6.25, 4], [-0.25, 4, 6.25, 4.35], ...layer,
      [-0.25, 4.35, 0, 6.35], [6, 4.35, 6.25, 6.35], [-0.25, 6.35, 6.25, 6.45], [2.9, 6.3, 2.98, 6.5], [3.08, 6.3, 3.16, 6.5],
    ];
    return blackWalledPlan(walls, () => {}, [['ZIMMER', 1, 2], ['BALKON', 1, 5.2]], 6.5);
  };

  it('keeps the balcony one room', async () => {
    const { rooms } = await roomsAt1To50(await balconyWithPosts());
    expect(rooms).toEqual([
      ['BALKON', expect.closeTo(12, 1)],
      ['ZIMMER', expect.closeTo(24, 1)],
    ]);
  });
});

/**
 * The rooms of a 4 × 4 m room named `name` beside a 3 × 4 m store at 1:50, their walls filled and
 * outlined in the pen `furnish` draws the room's furniture in, as stepcube's plans are.
 */
async function furnishedBesideAStore(name: string, furnish: (sheet: GreyPlan) => void) {
  return (await roomsAt1To50(await greyFilledPlan(rowOfRooms([4, 3], 4), furnish, [[name, 2.4, 3], ['STORE', 4.5, 2]], 4))).rooms;
}

describe('a bed\'s pillows side by side', () => {
  it('makes no wall of the gap between them', async () => {
    // A 4 × 4 m bedroom at 1:50 whose walls are filled and outlined in the pen its furniture is
    // drawn in, as stepcube's plans are: a double bed against the north wall with two pillows
    // 0.69 × 0.42 m, 12 cm apart. Their facing ends paired as a partition 12 cm thick; on
    // stepcube's upper floor that stub, lined up with a window's reveal across the room, made a
    // passage that parted a bedroom in two (6.84 and 7.58 m² for 14.92 printed).
    const bed = ({ page, rect, pen }: GreyPlan) => {
      page.drawSvgPath(rect(1.2, 0, 2.8, 2), pen);
      page.drawSvgPath(rect(1.25, 0.05, 1.94, 0.47), pen);
      page.drawSvgPath(rect(2.06, 0.05, 2.75, 0.47), pen);
    };
    expect(await furnishedBesideAStore('BEDROOM', bed)).toEqual([
      ['BEDROOM', expect.closeTo(16, 2)],
      ['STORE', expect.closeTo(12, 2)],
    ]);
  });
});

/**
 * The rooms of a 4 × 4 m bedroom beside a 3 × 4 m store at 1:50, the walls' faces drawn stroke by
 * stroke in the black pen the furniture is drawn in (outer walls 0.3 m, the partition 0.12 m), with
 * `furniture`'s strokes [x0, y0, x1, y1], metres, in the bedroom.
 */
async function strokedBedroomBesideAStore(furniture: [number, number, number, number][]) {
  const sheet = await blackPenPlanAt1To50();
  const { page, line, blackPen } = sheet;
  const walls: [number, number, number, number][] = [
    [-0.3, -0.3, 7.42, -0.3], [7.42, -0.3, 7.42, 4.3], [7.42, 4.3, -0.3, 4.3], [-0.3, 4.3, -0.3, -0.3],
    [0, 0, 4, 0], [4.12, 0, 7.12, 0], [0, 4, 4, 4], [4.12, 4, 7.12, 4], [0, 0, 0, 4], [7.12, 0, 7.12, 4], [4, 0, 4, 4], [4.12, 0, 4.12, 4],
  ];
  for (const stroke of [...walls, ...furniture]) page.drawSvgPath(line(...stroke), blackPen);
  return (await roomsAt1To50(await sheet.finished([['BEDROOM', 2.4, 3], ['STORE', 4.5, 2]], 4.3))).rooms;
}

describe('a bed standing off its wall, clear of the walls at its head and foot', () => {
  it('makes no wall of the floor between its side and the wall', async () => {
    // A bed 1.6 × 2 m drawn stroke by stroke, its side 0.2 m off the west wall and 1 m clear of the
    // north and south walls. Its side paired with the wall's face at a thickness no wall on the
    // sheet has and, facing wall across the floor at both ends, was taken for a wall joining walls:
    // stepcube's beds, 0.31 m off their window walls, cut 0.7 m² from each bedroom (9.19 m² for
    // 9.58 printed).
    const bed: [number, number, number, number][] = [[0.2, 1, 0.2, 3], [1.8, 1, 1.8, 3], [0.2, 1, 1.8, 1], [0.2, 3, 1.8, 3]];
    expect(await strokedBedroomBesideAStore(bed)).toEqual([
      ['BEDROOM', expect.closeTo(16, 2)],
      ['STORE', expect.closeTo(12, 2)],
    ]);
  });
});

describe('two cabinets in a row standing off their wall, clear of the walls at either end', () => {
  it('makes no wall of the floor behind them, though each one\'s strip meets the other\'s', async () => {
    // Two cabinets 0.8 m deep and 1 m long in a row along the west wall, 1 m clear of the north and
    // south walls, one standing 0.2 m off the wall and the other 0.22 m. Each back pairs with the
    // wall's face at a thickness no wall has, and the two strips touch end to end: each touched the
    // other, as if it were wall, and the floor behind both was taken for wall (the bedroom
    // 15.42 m²). Only a strip reached from the walls by touching is wall.
    const cabinets: [number, number, number, number][] = [
      [0.2, 1, 0.2, 2], [0.2, 1, 1, 1], [1, 1, 1, 2], [0.2, 2, 1, 2],
      [0.22, 2, 0.22, 3], [0.22, 3, 1, 3], [1, 2, 1, 3], [0.22, 2, 1, 2],
    ];
    expect(await strokedBedroomBesideAStore(cabinets)).toEqual([
      ['BEDROOM', expect.closeTo(16, 2)],
      ['STORE', expect.closeTo(12, 2)],
    ]);
  });
});

describe('a bed drawn stroke by stroke, its bedside tables against its sides', () => {
  it('makes no walls of its pillows and tables, though three strokes meet at the bed\'s corners', async () => {
    // A 4 × 4 m bedroom at 1:50 whose walls are filled and outlined in the pen its furniture is
    // drawn in, every piece of furniture a stroke of its own, as stepcube's plans draw them: a
    // double bed 1.6 × 2 m standing 6 cm off the north wall, a bedside table 0.4 × 0.4 m either
    // side drawn with three strokes (the bed's side is its fourth), the table's edge along the wall
    // ending where the bed's headboard does, and two pillows 0.68 × 0.28 m, 6 cm in from its sides. With three strokes to a corner the
    // bed was no closed outline, so its pillows paired with its sides, and the tables with them
    // and the wall, as walls: stepcube's bedrooms measured 10.80 m² for 11.53 printed.
    const bed = ({ page, at, pen }: GreyPlan) => {
      const strokes: [number, number, number, number][] = [
        [1.2, 0.06, 2.8, 0.06], [2.8, 0.06, 2.8, 2.06], [2.8, 2.06, 1.2, 2.06], [1.2, 2.06, 1.2, 0.06],
        [0.8, 0.06, 1.2, 0.06], [0.8, 0.06, 0.8, 0.46], [0.8, 0.46, 1.2, 0.46],
        [2.8, 0.06, 3.2, 0.06], [3.2, 0.06, 3.2, 0.46], [3.2, 0.46, 2.8, 0.46],
        ...[1.26, 2.06].flatMap((x): [number, number, number, number][] => [[x, 0.11, x + 0.68, 0.11], [x + 0.68, 0.11, x + 0.68, 0.39], [x + 0.68, 0.39, x, 0.39], [x, 0.39, x, 0.11]]),
      ];
      for (const [x0, y0, x1, y1] of strokes) page.drawSvgPath(`M ${at(x0, y0)} L ${at(x1, y1)}`, pen);
    };
    expect(await furnishedBesideAStore('BEDROOM', bed)).toEqual([
      ['BEDROOM', expect.closeTo(16, 2)],
      ['STORE', expect.closeTo(12, 2)],
    ]);
  });
});

describe('a sofa drawn in the walls\' pen', () => {
  it('makes no walls of its back and arms', async () => {
    // A 4 × 4 m living room at 1:50 whose walls are filled and outlined in the pen its furniture
    // is drawn in, as stepcube's plans are, with its dimensions' figures printed: a sofa 2 × 0.9 m
    // against the west wall, its back and arms 12 cm deep and its seat parted in three, and an
    // armchair 25 cm beyond its back. Back and arms paired with the sofa's outline as partitions
    // standing on the wall, the sofa's back with the armchair as a wall as thick as the outer
    // ones, and they took their floor from the room: stepcube's sofas walled their seats off and
    // its living rooms measured 8-15 % small.
    const sofa = (sheet: GreyPlan) => {
      const { page, at, rect, pen } = sheet;
      page.drawSvgPath(rect(0, 1.5, 2, 2.4), pen);
      page.drawSvgPath(rect(0, 0.65, 1, 1.25), pen);
      for (const [x0, y0, x1, y1] of [[0.12, 1.5, 0.12, 2.4], [1.88, 1.5, 1.88, 2.4], [0.12, 1.62, 1.88, 1.62], [0.71, 1.62, 0.71, 2.4], [1.29, 1.62, 1.29, 2.4]]) {
        page.drawSvgPath(`M ${at(x0, y0)} L ${at(x1, y1)}`, pen);
      }
      dimensionsAlongNorth(sheet, [0, 1, 2, 4, 4.12, 7.12]);
    };
    expect(await furnishedBesideAStore('LIVING', sofa)).toEqual([
      ['LIVING', expect.closeTo(16, 2)],
      ['STORE', expect.closeTo(12, 2)],
    ]);
  });
});

describe('a room with no name that a dimension runs across', () => {
  // Two rooms of 4 × 5 m at 1:50, black poché, the east one named by nothing but a dimension
  // drawn through it, ticked 3.4 m apart with its figure, `3400`, over it
  // (a lab plan dimensions its rooms in millimetres so, and the room had been named "2400").
  it('takes the dimension\'s figure for no room number', async () => {
    const across = (sheet: GreyPlan) => {
      const { page, font, left, top, metres, at, pen } = sheet;
      dimensionsAlongNorth(sheet, [0, 1, 2, 4, 4.12, 8.12]);
      page.drawSvgPath(`M ${at(4.32, 2.5)} L ${at(7.92, 2.5)}`, pen);
      for (const x of [4.42, 7.82]) page.drawSvgPath(`M ${at(x - 0.04, 2.54)} L ${at(x + 0.04, 2.46)}`, pen);
      page.drawText('3400', { x: left + metres(5.8), y: page.getHeight() - (top + metres(2.45)), size: 7, font });
    };
    const result = detectTopology({ ...(await parse(await blackWalledPlan(rowOfRooms([4, 4], 5), across, [['OFFICE', 1.5, 2.5]], 5))), metresPerUnit: MPU_AT_1_TO_50 });
    expect(result.rooms.map((room) => room.name ?? '-').sort()).toEqual(['-', 'OFFICE']);
  });
});

describe('a room that a dimension broken at the faces it measures runs across', () => {
  // Two rooms of 4 × 5 m at 1:50, walls outlined in the grey hairline and dimensioned along the
  // north, the east one named by nothing but a vertical dimension through it, `500` set up the
  // sheet beside it: the line is broken 0.3 mm of paper either side of each face it crosses and
  // dotted at them (AutoCAD's dimension breaks, as an Italian lab plan draws it, whose toilet
  // cubicle was named "256"), and a basin's back edge crosses it 0.4 m inside the room.
  it('takes the dimension\'s figure for no room number', async () => {
    const across = (sheet: GreyPlan) => {
      const { page, font, left, top, metres, at, pen } = sheet;
      dimensionsAlongNorth(sheet, [0, 1, 2, 4, 4.12, 8.12]);
      const x = 6;
      const faces = [-0.25, 0, 5, 5.25];
      const breakHalf = 0.015;
      const ends = [-1, ...faces.flatMap((y) => [y - breakHalf, y + breakHalf]), 6.25];
      for (let k = 0; k < ends.length; k += 2) page.drawSvgPath(`M ${at(x, ends[k])} L ${at(x, ends[k + 1])}`, pen);
      for (const y of [0, 5]) page.drawCircle({ x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 1, color: rgb(0, 0, 0) });
      page.drawSvgPath(`M ${at(5.6, 0.4)} L ${at(6.4, 0.4)}`, pen);
      page.drawText('500', { x: left + metres(x - 0.08), y: page.getHeight() - (top + metres(2.8)), size: 7, font, rotate: degrees(90) });
    };
    const { rooms } = await roomsAt1To50(await greyFilledPlan(rowOfRooms([4, 4], 5), across, [['OFFICE', 1.5, 2.5]], 5));
    expect(rooms.map(([name]) => name ?? '-').sort()).toEqual(['-', 'OFFICE']);
  });
});

describe('a door hung in one layer of a wall drawn as two', () => {
  // Two rooms of 4 × 5 m at 1:50, walls outlined in the grey hairline and dimensioned along the
  // north; the wall between them is drawn as two layers, 0.22 m against room A and 0.25 m against
  // room B, each its own outline, and a 0.9 m door opens through both, hung on room A's face and
  // swinging into it, as Casa Energia hangs its doors: its corridor took in the reveals of the
  // inner layer (7.83 m² for 7.20).
  it('closes the door across the whole wall, leaving the reveal to neither room', async () => {
    const [thin, thick] = [0.22, 0.25];
    const east = 4 + thin + thick + 4;
    const walls: [number, number, number, number][] = [
      [-0.25, -0.25, east + 0.25, 0], [-0.25, 5, east + 0.25, 5.25], [-0.25, 0, 0, 5], [east, 0, east + 0.25, 5],
      [4, 0, 4 + thin, 2], [4, 2.9, 4 + thin, 5], [4 + thin, 0, 4 + thin + thick, 2], [4 + thin, 2.9, 4 + thin + thick, 5],
    ];
    const outlinesAndDoor = (sheet: GreyPlan) => {
      const { page, at, rect, pen } = sheet;
      for (const wall of walls) page.drawSvgPath(rect(...wall), pen);
      dimensionsAlongNorth(sheet, [0, 4, 4 + thin, 4 + thin + thick, east]);
      const k = 0.5523 * 0.9;
      page.drawSvgPath(`M ${at(4, 2)} L ${at(3.1, 2)} C ${at(3.1, 2 + k)} ${at(4 - k, 2.9)} ${at(4, 2.9)}`, pen);
    };
    const { result, rooms } = await roomsAt1To50(await greyFilledPlan([], outlinesAndDoor, [['ROOM A', 1.5, 2.5], ['ROOM B', 6, 2.5]], 5.25));
    expect(rooms).toEqual([
      ['ROOM A', expect.closeTo(20, 1)],
      ['ROOM B', expect.closeTo(20, 1)],
    ]);
    expect(result.openings.filter((opening) => opening.subClass === 'single swing door')).toHaveLength(1);
  });
});

describe('a living room stamped with the hall it opens onto', () => {
  it('takes in the unnamed hall beyond a doorway with no door, where together they fit the stamp', async () => {
    // A 4 × 4 m living room at 1:50 open through a doorway 1 m wide, with no door, onto a hall
    // 2 × 4 m that prints no name; the living room's tag prints 24.10 m², the two together with
    // the doorway, as stepcube's flats stamp their living rooms (Wo / Es / Ko 28.13 m² for 31.89,
    // and beside it an unnamed 3.24 m²). A second flat's hall, its living room stamped for the
    // room alone, stays a space of its own.
    const [outer, partition] = [0.25, 0.12];
    const flat = (x: number): [number, number, number, number][] => [
      [x - outer, -outer, x + 6.12 + outer, 0], [x - outer, 4, x + 6.12 + outer, 4 + outer], [x - outer, 0, x, 4], [x + 6.12, 0, x + 6.12 + outer, 4],
      [x + 4, 0, x + 4 + partition, 1.5], [x + 4, 2.5, x + 4 + partition, 4],
    ];
    const names: [string, number, number][] = [['WOHNEN', 1, 2], ['24.10 m²', 1, 2.4], ['ZIMMER', 8, 2], ['16.00 m²', 8, 2.4]];
    const { rooms } = await roomsAt1To50(await greyFilledPlan([...flat(0), ...flat(6.12 + 2 * outer)], () => {}, names, 4));
    expect(rooms).toEqual([
      [null, expect.closeTo(8, 2)],
      ['WOHNEN', expect.closeTo(24.12, 2)],
      ['ZIMMER', expect.closeTo(16, 2)],
    ]);
  });
});

describe('a glazed front whose frame line runs past a room\'s area stamp', () => {
  // Two rooms 3 × 4 m at 1:50, walls outlined in one grey hairline, open to the south through a
  // glazed front instead of a wall: a frame band 25 cm deep and the glass band outside it, drawn
  // in the walls' pen between the side walls, whose faces carry on across both bands, as
  // Trivista's rental plan draws its façades. Crossed at both ends by those faces, the frame's
  // inner line reads like a dimension line; the rooms' areas, `12.00 m²`, printed just inside it
  // were taken for its figure, so it was no face, and each room ran on to the glass (12.75 m²).
  const glazedFront = () => {
    const walls: [number, number, number, number][] = [[-0.25, -0.25, 6.5, 0], [-0.25, 0, 0, 4.5], [6.25, 0, 6.5, 4.5], [3, 0, 3.25, 4.25]];
    const outlines = (sheet: GreyPlan) => {
      const { page, at, rect, pen } = sheet;
      for (const wall of walls) page.drawSvgPath(rect(...wall), pen);
      for (const y of [4, 4.25, 4.5]) page.drawSvgPath(`M ${at(0, y)} L ${at(6.25, y)}`, pen);
      dimensionsAlongNorth(sheet, [0, 3, 3.25, 6.25]);
    };
    return greyFilledPlan([], outlines, [['ROOM A', 1, 2], ['12.00 m²', 1, 3.85], ['ROOM B', 4, 2], ['12.00 m²', 4, 3.85]], 4.5);
  };

  it('closes each room at the frame, where its printed area says', async () => {
    const { rooms } = await roomsAt1To50(await glazedFront());
    expect(rooms).toEqual([
      ['ROOM A', expect.closeTo(12, 1)],
      ['ROOM B', expect.closeTo(12, 1)],
    ]);
  });
});

describe('a rental plan painted in pieces', () => {
  it('takes a bed painted under the room\'s label for furniture, not for the room', async () => {
    // A 4 × 4 m bedroom whose double bed, 1.6 × 2 m against its north wall, is painted a light
    // grey-green (luminance 173) with the room's name and area printed on it.
    const bed = ({ page, rect, pen }: GreyPlan) => page.drawSvgPath(rect(1.2, 0, 2.8, 2), { ...pen, color: rgb(164 / 255, 178 / 255, 175 / 255), borderColor: rgb(0, 0, 0) });
    const { rooms } = await roomsAt1To50(await blackWalledPlan(rowOfRooms([4, 2], 4), bed, [['BEDROOM', 1.4, 1], ['16 m2', 1.4, 1.3], ['STORE', 4.5, 2]], 4));
    expect(rooms).toEqual([
      ['BEDROOM', expect.closeTo(16, 1)],
      ['STORE', expect.closeTo(8, 1)],
    ]);
  });

  it('takes a row of wardrobe modules painted dark against a wall for furniture, and a lone block so painted for a column', async () => {
    // The bedroom's wardrobe, four modules 0.6 m square against its north wall, is painted module
    // by module in a dark grey-green (luminance 108) with hairlines between them, as the Suhr
    // factsheet paints its wardrobes; the store has a column 0.3 m square in that paint against
    // its south wall. Each module alone is a column's block: the bedroom lost 1.44 m² to them.
    const sheet = await blackPenPlanAt1To50();
    const { page, rect, line, blackPen } = sheet;
    sheet.poche(rowOfRooms([4, 2], 4));
    const paint = { x: 0, y: page.getHeight(), color: rgb(86 / 255, 120 / 255, 104 / 255), borderWidth: 0 };
    for (const x of [0.4, 1, 1.6, 2.2]) page.drawSvgPath(rect(x, 0, x + 0.6, 0.6), paint);
    for (const x of [1, 1.6, 2.2]) page.drawSvgPath(line(x, 0, x, 0.6), blackPen);
    page.drawSvgPath(rect(5, 3.7, 5.3, 4), paint);
    const { rooms } = await roomsAt1To50(await sheet.finished([['BEDROOM', 1.4, 2], ['STORE', 4.5, 2]], 4));
    expect(rooms).toEqual([
      ['BEDROOM', expect.closeTo(16, 1)],
      ['STORE', expect.closeTo(8 - 0.09, 1)],
    ]);
  });
});

describe('a laundry niche opening onto its entrance hall, both stamped', () => {
  // A niche 1.5 m wide and 2 m deep at 1:50 opens onto a hall 5 × 1 m along its foot, nothing drawn
  // between them, as stepcube's flats have them: the niche is `LAUNDRY` over `3.00 m2`, the hall
  // `HALL` over `5.00 m2`. Where the hall narrows past the niche's corner it reads as a neck of
  // 1 m, which gave the niche the hall's end (4.5 m² and 3.5).
  const nicheAndHall = () => {
    const walls: [number, number, number, number][] = [
      [-0.25, -0.25, 0, 3.25], [0, -0.25, 1.75, 0], [1.5, 0, 1.75, 2], [1.5, 1.75, 5.25, 2], [-0.25, 3, 5.25, 3.25], [5, 2, 5.25, 3],
    ];
    const names: [string, number, number][] = [['LAUNDRY', 0.1, 0.8], ['3.00 m2', 0.1, 1.2], ['HALL', 3, 2.4], ['5.00 m2', 3, 2.8]];
    return blackWalledPlan(walls, () => {}, names, 3.25);
  };

  it('parts them where each takes its printed area, along the hall\'s wall', async () => {
    const { result, rooms } = await roomsAt1To50(await nicheAndHall());
    expect(rooms).toEqual([
      ['HALL', expect.closeTo(5, 1)],
      ['LAUNDRY', expect.closeTo(3, 1)],
    ]);
    const laundry = result.rooms.find((room) => room.name === 'LAUNDRY')!;
    const ys = laundry.polygon[0].map(([, y]) => y);
    expect((Math.max(...ys) - Math.min(...ys)) * MPU_AT_1_TO_50).toBeCloseTo(2, 1);
  });
});

describe('cellar compartments parted by the thinnest walls', () => {
  // Four compartments 2 × 4 m at 1:200 on A3 inside 0.25 m black walls, each outlined in a grey
  // hairline, so that the 5 cm slatted partitions between them are pairs of hairlines `gapPt`
  // apart. 5 cm at 1:200 is 0.7087 pt of paper; an export writing its coordinates to a thousandth
  // of a point draws them 0.708 pt apart.
  const compartments = async (gapPt: number) => {
    const { doc, page, font, metres } = await a3At(200);
    const [left, top] = [300, 300];
    const x = (v: number) => Number((left + metres(v)).toFixed(3));
    const y = (v: number) => Number((top + metres(v)).toFixed(3));
    const box = (x0: number, y0: number, x1: number, y1: number) => `M ${x(x0)} ${y(y0)} L ${x(x1)} ${y(y0)} L ${x(x1)} ${y(y1)} L ${x(x0)} ${y(y1)} Z`;
    const frame = { x: 0, y: page.getHeight() };
    const hairline = { ...frame, borderColor: rgb(0.55, 0.55, 0.55), borderWidth: 0.3 };
    const east = 4 * 2 + 3 * 0.05;
    for (const wall of [box(-0.25, -0.25, east + 0.25, 0), box(-0.25, 4, east + 0.25, 4.25), box(-0.25, 0, 0, 4), box(east, 0, east + 0.25, 4)]) page.drawSvgPath(wall, { ...frame, color: rgb(0, 0, 0) });
    page.drawSvgPath(box(-0.25, -0.25, east + 0.25, 4.25), hairline);
    // Compartment k runs from the east face of the partition before it to the west face of the next.
    const westFaceOfPartition = (k: number) => x(k * 2.05 + 2);
    for (let k = 0; k < 4; k++) {
      const from = k === 0 ? x(0) : Number((westFaceOfPartition(k - 1) + gapPt).toFixed(3));
      const to = k === 3 ? x(east) : westFaceOfPartition(k);
      page.drawSvgPath(`M ${from} ${y(0)} L ${to} ${y(0)} L ${to} ${y(4)} L ${from} ${y(4)} Z`, hairline);
    }
    page.drawText('UNTERGESCHOSS   1:200', { x: left, y: page.getHeight() - y(4.25) - 40, size: 10, font });
    return doc.save();
  };
  const mpu = metresPerUnit({ drawing: 1, real: 200, units: 'si', type: 'metric' }, DPI)!;
  const roomsOf = async (pdf: Uint8Array) =>
    detectTopology({ ...(await parse(pdf)), metresPerUnit: mpu })
      .rooms.map((room) => polygonArea(room.polygon) * mpu * mpu);

  it('takes partitions drawn a rounding under 5 cm for walls', async () => {
    expect(await roomsOf(await compartments(0.708))).toEqual(Array(4).fill(expect.closeTo(8, 1)));
  });

  it('takes no pair of lines under 5 cm apart beyond that for a wall', async () => {
    expect((await roomsOf(await compartments(0.68))).length).toBe(1);
  });
});

describe('a wardrobe drawn on a CAD layer named for furniture', () => {
  // A 4 × 4 m bedroom and a 2 × 4 m store at 1:50, walls drawn as outlines in a 0.5 pt black pen,
  // with a wardrobe 3 × 0.6 m against the bedroom's north wall in the same pen, its rail along its
  // middle, drawn on the layer `layerName`: its front and back pair at a wall's thickness.
  const bedroomWithWardrobe = async (layerName: string) => {
    const { doc, page, font, metres, left, top, at, rect } = await greyPlanAt1To50();
    const pen = { x: 0, y: page.getHeight(), borderColor: rgb(0, 0, 0), borderWidth: 0.5 };
    page.drawSvgPath(`${rect(-0.25, -0.25, 6.37, 4.25)} ${rect(0, 0, 4, 4)} ${rect(4.12, 0, 6.12, 4)}`, pen);
    const layer = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of(layerName) }));
    doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [layer], D: { ON: [layer] } }));
    page.node.Resources()!.set(PDFName.of('Properties'), doc.context.obj({ L0: layer }));
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('OC'), PDFName.of('L0')]));
    page.drawSvgPath(`${rect(0.5, 0, 3.5, 0.6)} M ${at(0.5, 0.3)} L ${at(3.5, 0.3)}`, pen);
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    for (const [name, x] of [['BEDROOM', 1.5], ['STORE', 4.8]] as const) page.drawText(name, { x: left + metres(x), y: page.getHeight() - (top + metres(2)), size: 9, font });
    page.drawText('GROUND FLOOR PLAN   SCALE 1:50', { x: left, y: page.getHeight() - (top + metres(4.25) + 60), size: 10, font });
    return doc.save();
  };

  it('measures the room to its walls, the floor under the wardrobe included, where the layer says furniture', async () => {
    const { rooms } = await roomsAt1To50(await bedroomWithWardrobe('A-FURN'));
    expect(rooms).toEqual([
      ['BEDROOM', expect.closeTo(16, 1)],
      ['STORE', expect.closeTo(8, 1)],
    ]);
  });

  it('tells furniture layers by the words of their names', () => {
    const furniture = ['A-FURN', 'I-FURN-FREE', '$-LOOSEFURN', 'Interior - Furniture ', 'FUR', 'MOBILIARIO', '10-MUEBLES', 'Arredi', 'Möbel', 'A-FLOR-FIXT', 'illustr-TOILET FIXTURE', 'A-SANITARY', 'Bed', 'Sofa', 'PLANTS'];
    const other = ['A-WALL', 'Muri interni', 'WALL-1', 'A-WALL-FURR', 'FURRING', 'PLANTA', 'A-DOOR', 'Hatch', 'Structural - Bearing', 'A_KONS_zid zunanji', '0'];
    expect(furniture.filter((name) => !isFurnitureLayer(name))).toEqual([]);
    expect(other.filter((name) => isFurnitureLayer(name))).toEqual([]);
    expect(isFurnitureLayer(null)).toBe(false);
  });

  it('reads the same lines as walls on a layer named otherwise', async () => {
    const { rooms } = await roomsAt1To50(await bedroomWithWardrobe('A-WALL'));
    expect(rooms.find(([name]) => name === 'BEDROOM')![1]).toBeLessThan(15);
  });
});

describe('a window whose mullion is drawn as a small box across its glazing', () => {
  // A 1.5 m store and a 2.45 m study, 3 m deep, at 1:50: black poché walls, a 5 cm partition
  // between the rooms drawn as two strokes, and in the study's 0.32 m east wall a 2 m window of
  // three glazing lines, the inner one broken by a mullion drawn as a 7 × 5 cm box across it.
  // The box pairs as 5 cm of wall (the partition's thickness), standing in the window's gap.
  const plan = async () => {
    const { page, rect, line, poche, finished, blackPen: pen } = await blackPenPlanAt1To50();
    poche([[-0.25, -0.25, 4.32, 0], [-0.25, 3, 4.32, 3.25], [-0.25, 0, 0, 3], [4, 0, 4.32, 0.5], [4, 2.5, 4.32, 3]]);
    page.drawSvgPath(`${line(1.5, 0, 1.5, 3)} ${line(1.55, 0, 1.55, 3)}`, pen);
    for (const [y0, y1] of [[0.5, 1.2], [1.25, 2.5]]) page.drawSvgPath(line(4.1, y0, 4.1, y1), pen);
    for (const x of [4.16, 4.22]) page.drawSvgPath(line(x, 0.5, x, 2.5), pen);
    page.drawSvgPath(rect(4.08, 1.2, 4.15, 1.25), pen);
    return finished([['STORE', 0.4, 1.5], ['STUDY', 2.5, 1.5]], 3.25);
  };

  it('reads one window across the whole gap, so the study closes at its wall', async () => {
    const { rooms, result } = await roomsAt1To50(await plan());
    expect(rooms).toEqual([
      ['STORE', expect.closeTo(4.5, 1)],
      ['STUDY', expect.closeTo(7.35, 1)],
    ]);
    const windows = result.openings.filter((opening) => opening.subClass === 'window');
    expect(windows.map((opening) => opening.widthUnits * MPU_AT_1_TO_50)).toEqual([expect.closeTo(2, 1)]);
  });
});

describe('a wardrobe whose front lines up with a mullion drawn across a façade\'s glazing', () => {
  // A bedroom 4 × 4 m at 1:50 with black poché walls and a built-in wardrobe 0.55 m deep along its
  // south wall. Its east façade is glazed for 3.3 m: three lines, the middle one broken by a mullion
  // drawn as a 7 × 9 cm box across the frame's lines, level with the wardrobe's front; the west
  // wall is painted in pieces, one 9 cm piece in line with that front too, as Trivista draws a
  // door's jamb. The mullion paired as 7 cm of wall, and with the piece 4 m across it made a
  // window along the wardrobe's front that cut the wardrobe off the bedroom.
  const plan = async () => {
    const { page, rect, line, poche, finished, blackPen: pen } = await blackPenPlanAt1To50();
    const front = 3.45;
    poche([
      [-0.25, -0.25, 4.25, 0], [-0.25, 4, 4.25, 4.25], [-0.25, 0, 0, front - 0.045], [-0.25, front - 0.045, 0, front + 0.045], [-0.25, front + 0.045, 0, 4],
      [4, 0, 4.25, 0.5], [4, 3.8, 4.25, 4],
    ]);
    for (const x of [4.05, 4.12]) page.drawSvgPath(line(x, 0.5, x, 3.8), pen);
    for (const [y0, y1] of [[0.5, front - 0.045], [front + 0.045, 3.8]]) page.drawSvgPath(line(4.085, y0, 4.085, y1), pen);
    page.drawSvgPath(line(4.2, 0.5, 4.2, 3.8), pen);
    page.drawSvgPath(rect(4.05, front - 0.045, 4.12, front + 0.045), pen);
    page.drawSvgPath(rect(0, front, 4, 4), pen);
    return finished([['BEDROOM', 1.5, 1.5]], 4.25);
  };

  it('keeps the wardrobe in the bedroom', async () => {
    const { rooms } = await roomsAt1To50(await plan());
    expect(rooms).toEqual([['BEDROOM', expect.closeTo(16, 0)]]);
  });
});

describe('a stair whose treads are tinted in its hall', () => {
  // A stair hall 6 × 3 m at 1:50 with black poché walls; along its north wall a flight of seven
  // treads 0.26 m deep, 1.2 m long, ended by a balustrade's line, the treads painted a pale green
  // as Trivista tints its stairs. The pale paint names no room, yet was taken for a room's paint:
  // the flight was a room of its own beside its hall (on Trivista's second flat, TREPPENHAUS
  // 12.66 m² and 2.42 unnamed for 15.00 printed).
  const plan = async () => {
    const { page, rect, line, poche, finished, blackPen } = await blackPenPlanAt1To50();
    poche([[-0.25, -0.25, 6.25, 0], [-0.25, 3, 6.25, 3.25], [-0.25, 0, 0, 3], [6, 0, 6.25, 3]]);
    page.drawSvgPath(rect(1, 0, 2.82, 1.2), { x: 0, y: page.getHeight(), color: rgb(0.84, 0.91, 0.89) });
    for (let k = 0; k <= 7; k++) page.drawSvgPath(line(1 + 0.26 * k, 0, 1 + 0.26 * k, 1.2), blackPen);
    page.drawSvgPath(line(1, 1.2, 2.82, 1.2), blackPen);
    return finished([['STAIR HALL', 3.5, 2]], 3.25);
  };

  it('takes the flight into the hall', async () => {
    const { rooms } = await roomsAt1To50(await plan());
    expect(rooms).toEqual([['STAIR HALL', expect.closeTo(18, 0)]]);
  });
});

describe('a flight whose treads are drawn in the walls\' pen', () => {
  // A stair hall 6 × 3 m at 1:50 in grey poché outlined in its pen, as Trivista draws it. Along the
  // north wall a flight: its edge and six treads 0.264 m apart, 1.2 m long from the wall's face,
  // and a shorter riser after the last, all in the walls' pen; a handrail crosses the four inner
  // treads' ends. Crossed at both ends like dimension lines, those four are no wall faces, so the
  // first and the last tread were left to pair with the edge and the riser as walls of the
  // commonest thickness (Trivista's TREPPENHAUS, 12.27 m² and a flight of 2.42 apart, for 15.00).
  const plan = () =>
    greyFilledPlan(
      rowOfRooms([6], 3),
      ({ page, at, pen }) => {
        const stroke = (x0: number, y0: number, x1: number, y1: number) => page.drawSvgPath(`M ${at(x0, y0)} L ${at(x1, y1)}`, pen);
        const treads = [0, 1, 2, 3, 4, 5].map((k) => 1.264 + 0.264 * k);
        for (const x of [1, ...treads]) stroke(x, 0, x, 1.2);
        stroke(treads[5] + 0.264, 0.25, treads[5] + 0.264, 1.2);
        stroke(treads[1] - 0.1, 1.2, treads[4] + 0.1, 1.2);
      },
      [['STAIR HALL', 4.5, 2.2]],
      3.25,
    );

  it('leaves the flight\'s floor to its hall', async () => {
    const { rooms } = await roomsAt1To50(await plan());
    expect(rooms).toEqual([['STAIR HALL', expect.closeTo(18, 1)]]);
  });
});

describe('door jambs level with each other across a room', () => {
  // Three rooms in a row at 1:50 with black poché walls: a dining room 2.4 m wide between two 10 cm
  // partitions, each with a doorway 0.88 m wide and, at the doorway's head, a jamb block 24 cm
  // wide jutting out on both sides of its partition, as luppmenpark draws them. The two blocks
  // stand level across the dining room, 2.26 m apart, and each reads across as a piece of wall
  // 24 cm long: the two made a passage that cut the dining room in two.
  const plan = async () => {
    const { poche, finished } = await blackPenPlanAt1To50();
    poche([[-0.25, -0.25, 8.85, 0], [-0.25, 5, 8.85, 5.25], [-0.25, 0, 0, 5], [8.6, 0, 8.85, 5]]);
    // Each block painted as luppmenpark paints it: a strip either side of the partition's own.
    for (const x of [3, 5.5]) poche([[x, 0, x + 0.1, 2], [x - 0.07, 2, x, 2.32], [x, 2, x + 0.1, 2.32], [x + 0.1, 2, x + 0.17, 2.32], [x, 3.2, x + 0.1, 5]]);
    return finished([['BEDROOM', 1, 1], ['DINING', 4, 1], ['HALL', 7, 1]], 5.25);
  };

  it('keeps the room between them whole', async () => {
    const { rooms } = await roomsAt1To50(await plan());
    expect(rooms).toEqual([['BEDROOM', expect.closeTo(15, 0)], ['DINING', expect.closeTo(12, 0)], ['HALL', expect.closeTo(15, 0)]]);
  });
});

describe('a partition ending in jamb blocks at both ends', () => {
  // The same three rooms, the dining room's partitions each ending at the north wall in a block
  // 12 cm deep and, at the doorway's head, in one 32 cm deep, both 24 cm wide and painted in three
  // slices, as luppmenpark draws them. Along each face of a partition, its two blocks' slices face
  // each other 1.88 m apart: read as windows flanking the partition, each took a strip 7 cm wide
  // off the room beside it.
  const plan = async () => {
    const { poche, finished } = await blackPenPlanAt1To50();
    poche([[-0.25, -0.25, 8.85, 0], [-0.25, 5, 8.85, 5.25], [-0.25, 0, 0, 5], [8.6, 0, 8.85, 5]]);
    const block = (x: number, y0: number, y1: number) => poche([[x - 0.07, y0, x, y1], [x, y0, x + 0.1, y1], [x + 0.1, y0, x + 0.17, y1]]);
    for (const x of [3, 5.5]) {
      block(x, 0, 0.12);
      block(x, 2, 2.32);
      poche([[x, 0.12, x + 0.1, 2], [x, 3.2, x + 0.1, 5]]);
    }
    return finished([['BEDROOM', 1, 1], ['DINING', 4, 1], ['HALL', 7, 1]], 5.25);
  };

  it('finds no window along the partitions and leaves the rooms whole', async () => {
    const { result, rooms } = await roomsAt1To50(await plan());
    expect(result.openings.filter((opening) => opening.subClass === 'window')).toEqual([]);
    // Less the blocks' slices jutting 7 cm into each room.
    expect(rooms).toEqual([['BEDROOM', expect.closeTo(14.97, 1)], ['DINING', expect.closeTo(11.94, 1)], ['HALL', expect.closeTo(14.97, 1)]]);
  });
});

describe('a door schedule drawn beside the plan', () => {
  // An office 4 × 3 m at 1:50 with black poché walls and, beside it, a door schedule of eight doors
  // ruled in thin black fills as a CAD export paints a table's grid: three columns 2.4, 2 and 2 m
  // wide, rows 0.32 m tall, each cell lettered in one line of 9 pt. The sheet prints no scale (a
  // schedule's sheet has none), so sizes are judged from the drawing: every cell closed like a
  // room, named "D03" or "0.90".
  const plan = async () => {
    const { poche, finished } = await blackPenPlanAt1To50();
    poche([[-0.25, -0.25, 4.25, 0], [-0.25, 3, 4.25, 3.25], [-0.25, 0, 0, 3], [4, 0, 4.25, 3]]);
    const [left, top, row, rule] = [6, 0, 0.32, 0.011];
    const columns = [left, left + 2.4, left + 4.4, left + 6.4];
    const rows = 9;
    for (let k = 0; k <= rows; k++) poche([[left - rule, top + k * row - rule, columns[3] + rule, top + k * row + rule]]);
    for (const x of columns) poche([[x - rule, top - rule, x + rule, top + rows * row + rule]]);
    const cells: [string, number, number][] = ['DOOR', 'WIDTH', 'HEIGHT'].map((text, k) => [text, columns[k] + 0.1, top + 0.24]);
    for (let door = 1; door < rows; door++) {
      const baseline = top + door * row + 0.24;
      cells.push([`D0${door}`, columns[0] + 0.1, baseline], [door % 2 ? '0.90' : '0.80', columns[1] + 0.1, baseline], ['2.10', columns[2] + 0.1, baseline]);
    }
    return finished([['OFFICE', 1.5, 1.5], ...cells], 3.25);
  };

  it('finds the office and no room in the schedule', async () => {
    const result = detectTopology({ ...(await parse(await plan())), metresPerUnit: null });
    expect(result.rooms.map((room) => room.name)).toEqual(['OFFICE']);
  });
});

describe('a lift opening off the end of a stair hall wider than a passage', () => {
  // A stair hall 2.8 × 4 m at 1:50 between two flats, black poché walls painted box by box. Each
  // of its side walls opens 0.85 m into a flat and then runs 0.15 m on to the lift's wall, the
  // lift's door a plain gap 1.2 m wide in it, as echt3D's Aesch sales plan draws its landing. Read
  // across the hall, the two short pieces of side wall face each other 2.8 m apart along the lift
  // wall's face: too wide for a passage, that span still claimed the band, so the lift's doorway
  // in the wall beside it was never read, and the lift was part of the hall.
  const hallAndLift = () => {
    // Drawn from the west flat's inner face; the hall runs from 4 to 6.8 m east.
    const walls: [number, number, number, number][] = [
      [-0.25, -0.25, 11.25, 0], [-0.25, 5.75, 11.25, 6], [-0.25, 0, 0, 5.75], [11, 0, 11.25, 5.75],
      [3.75, 0, 4, 3], [3.75, 3.85, 4, 4], [6.8, 0, 7.05, 3], [6.8, 3.85, 7.05, 4],
      [3.75, 4, 4.8, 4.25], [6, 4, 7.05, 4.25], [3.75, 4.25, 4, 5.75], [6.8, 4.25, 7.05, 5.75],
    ];
    const names: [string, number, number][] = [['STAIR HALL', 4.5, 1.5], ['LIFT', 5, 5], ['FLAT 1', 1, 2], ['FLAT 2', 8, 2]];
    return blackWalledPlan(walls, () => {}, names, 6);
  };

  it('closes the lift at its doorway', async () => {
    const { rooms } = await roomsAt1To50(await hallAndLift());
    expect(rooms).toEqual([
      ['FLAT 1', expect.closeTo(21.56, 1)],
      ['FLAT 2', expect.closeTo(22.71, 1)],
      ['LIFT', expect.closeTo(4.2, 1)],
      ['STAIR HALL', expect.closeTo(11.2, 1)],
    ]);
  });
});

describe('a court glazed from wall face to wall face on both its open sides', () => {
  // A light court 4 m wide between two walls 3.5 m long at 1:50, black poché painted box by box,
  // glazed across both its ends from the face of one wall to the face of the other (three lines
  // each, the frame's faces and the glass), as hueningerstrasse's flats draw their Lichthof. The
  // two windows have the same extent: taken for one band of glazing 3 m across, they were none,
  // and the court lay open.
  const court = async () => {
    const { page, rect, line, blackPen, finished } = await blackPenPlanAt1To50();
    const frame = { x: 0, y: page.getHeight() };
    for (const wall of [rect(0, 0, 0.25, 3.5), rect(4.25, 0, 4.5, 3.5)]) page.drawSvgPath(wall, { ...frame, color: rgb(0, 0, 0), borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    for (const y of [0.1, 0.13, 0.16, 3.34, 3.37, 3.4]) page.drawSvgPath(line(0.25, y, 4.25, y), blackPen);
    return finished([['COURT', 1.5, 1.7]], 3.5);
  };

  it('closes the court at both windows', async () => {
    const { result, rooms } = await roomsAt1To50(await court());
    expect(rooms).toEqual([['COURT', expect.closeTo(12.72, 1)]]);
    const windows = result.openings.filter((opening) => opening.subClass === 'window');
    expect(windows.map((window) => window.widthUnits * MPU_AT_1_TO_50)).toEqual([expect.closeTo(4, 1), expect.closeTo(4, 1)]);
  });
});

describe('a stair hall lettered with the flats its doors lead to', () => {
  // A Swiss sales plan's stair hall, 3 × 5 m at 1:50: its name `Treppenhaus` near the top, and by
  // each door, in larger lettering, the flat it leads to (`Whg. 103`). The flat's number, the
  // largest lettering in the hall, named it.
  const stairHall = () => {
    const flats = ({ page, font, left, top, metres }: GreyPlan) => {
      for (const [text, x, y] of [['Whg. 103', 0.2, 2.5], ['Whg. 102', 0.2, 4.5]] as const) page.drawText(text, { x: left + metres(x), y: page.getHeight() - (top + metres(y)), size: 11, font });
    };
    return blackWalledPlan([[-0.25, -0.25, 3.25, 0], [-0.25, 5, 3.25, 5.25], [-0.25, 0, 0, 5], [3, 0, 3.25, 5]], flats, [['Treppenhaus', 0.8, 0.6]], 5);
  };

  it('names it by the word that says what it is', async () => {
    const { rooms } = await roomsAt1To50(await stairHall());
    expect(rooms).toEqual([['Treppenhaus', expect.closeTo(15, 1)]]);
  });
});

describe('an office whose electrical note is lettered larger than its name', () => {
  // A 4 × 3 m office at 1:50 named `OFFICE`, with `2-GANG BOX` lettered larger beside a switch. A
  // corridor is `Gang` in Swiss German, yet no English room is named by its switch box.
  it('names it OFFICE', async () => {
    const note = ({ page, font, left, top, metres }: GreyPlan) => page.drawText('2-GANG BOX', { x: left + metres(2), y: page.getHeight() - (top + metres(2.4)), size: 11, font });
    const { rooms } = await roomsAt1To50(await blackWalledPlan([[-0.25, -0.25, 4.25, 0], [-0.25, 3, 4.25, 3.25], [-0.25, 0, 0, 3], [4, 0, 4.25, 3]], note, [['OFFICE', 0.8, 0.8]], 3));
    expect(rooms).toEqual([['OFFICE', expect.closeTo(12, 1)]]);
  });
});
