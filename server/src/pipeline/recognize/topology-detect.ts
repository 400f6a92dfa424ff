// Wall, opening and room recognition on a vector sheet: the entry point of the topology steps.
// Evidence → walls (wall runs and poché) → openings (doors, windows, sliding doors, passages) →
// rooms (the enclosed regions of walls with every opening closed) → detections with stable ids
// and relations.
import type { Position } from '../../../../core/src/types.ts';
import type { SheetInfo, SheetPrimitives, SheetWord } from '../types.ts';
import Flatbush from 'flatbush';
import { boxContainsPoint, closeRing, interiorPoint, median, pointInPolygon, pointInRing, ringBBox } from './geom-basics.ts';
import { fromFrame, pointsBeside, rectCorners, rectRing, type FrameRect } from './geom-frame.ts';
import type { OpeningDetection, PolygonRings, RoomDetection, WallDetection } from './model.ts';
import { detectOpenings, type FoundOpening } from './openings.ts';
import { detectRooms, footprintOutlines, type FoundRoom, type RoomInput } from './rooms.ts';
import { segmentIndexOf, strokeSegments } from './topology-separators.ts';
import { withoutContext } from './topology-context.ts';
import { collectEvidence, lineBBox, runsBetween, type Arc, type Evidence } from './topology-evidence.ts';
import { snapToDimensions, withAdjoiningRooms } from './topology-footprint.ts';
import { drawsFacade, stampedOutlines } from './topology-gross.ts';
import { detectWallEvidence, wallCandidates, wallScale, type WallCandidates, type WallReading, type WallRun } from './walls.ts';
import { curveCenterline, curveMiddle, curvePointsBeside } from './walls-curved.ts';

export interface TopologyInput {
  info: SheetInfo;
  primitives: SheetPrimitives;
  words: SheetWord[];
  /** Metres of building per blueprint unit; null when the sheet's scale is unknown. */
  metresPerUnit: number | null;
}

export interface TopologyResult {
  walls: WallDetection[];
  openings: OpeningDetection[];
  rooms: RoomDetection[];
  footprints: PolygonRings[];
  /** Blueprint units per metre the plan was read at: the sheet's scale, or the one its door swings imply, or null. */
  unitsPerMetre: number | null;
}

/** A door leaf is about this wide, metres; door swings calibrate a sheet whose scale is unknown. */
const TYPICAL_LEAF_METRES = 0.82;

/**
 * A door's swing is drawn this large on paper at least, millimetres (a 0.6 m leaf at 1:500):
 * smaller quarter turns with a stroke from their centre are lettering (an SHX font's 6 or 9) or
 * a piece of furniture's small print.
 */
const SMALLEST_SWING_MM = 1.2;

/**
 * Radii of door swings: arcs sweeping a quarter turn with a straight leaf from the centre to one
 * end, ending at both. Rounded corners and fixture outlines sweep quarter turns too but have no
 * leaf; section and grid bubbles are whole circles, drawn as several arcs round one centre.
 */
function doorSwingRadii(evidence: Evidence): number[] {
  const radii: number[] = [];
  if (evidence.lines.length === 0) return radii;
  const index = new Flatbush(evidence.lines.length);
  for (const line of evidence.lines) index.add(...lineBBox(line));
  index.finish();
  const circleKey = (arc: Arc) => `${Math.round(arc.center[0])},${Math.round(arc.center[1])},${Math.round(arc.radius)}`;
  // CAD exports draw some arcs twice over: one arc drawn twice is still one arc of its circle.
  const arcsPerCircle = new Map<string, Set<string>>();
  for (const arc of evidence.arcs) {
    const arcs = arcsPerCircle.get(circleKey(arc)) ?? new Set<string>();
    arcs.add([...arc.start, ...arc.end].map(Math.round).join());
    arcsPerCircle.set(circleKey(arc), arcs);
  }
  for (const arc of evidence.arcs) {
    if (arc.radius < SMALLEST_SWING_MM * evidence.unitsPerPaperMm) continue;
    // A single cubic drawn for a quarter turn reads a few degrees short when fitted by three points.
    if (Math.abs(arc.sweep - Math.PI / 2) > (15 * Math.PI) / 180 || arcsPerCircle.get(circleKey(arc))!.size > 1) continue;
    const near = 0.1 * arc.radius;
    const [cx, cy] = arc.center;
    // The leaf ends at the hinge: a line running on through the centre is no leaf (a shrub's stem
    // drawn through its quarter turn, a dozen of them in a garden beside one door).
    const leaf = index.search(cx - near, cy - near, cx + near, cy + near).some((k) => [arc.start, arc.end].some((end) => runsBetween(evidence.lines[k], arc.center, end, near)));
    if (leaf) radii.push(arc.radius);
  }
  return radii;
}

/**
 * Blueprint units per metre: the sheet's scale when known, otherwise what door swings say (most
 * of them within a third of their median radius, so a few stray arcs cannot set the scale).
 */
export function resolveUnitsPerMetre(metresPerUnit: number | null, evidence: Evidence): number | null {
  if (metresPerUnit !== null && metresPerUnit > 0) return 1 / metresPerUnit;
  const radii = doorSwingRadii(evidence);
  if (radii.length < 3) return null;
  const typical = median(radii);
  const consistent = radii.filter((r) => Math.abs(r - typical) <= typical / 3).length;
  return consistent >= radii.length / 2 ? typical / TYPICAL_LEAF_METRES : null;
}

function rectCenter(rect: FrameRect): Position {
  return fromFrame(rect, (rect.s0 + rect.s1) / 2, (rect.o0 + rect.o1) / 2);
}

/**
 * The thickest cladding layer drawn outside a dimensioned face, as a share of the wall's
 * thickness: well short of a half, where walls dimensioned to their centre lines would be.
 */
const CLADDING_SHARE = 0.42;

/** Where a wall's faces are probed for what lies beside them. */
const FACE_SHARES = [0.1, 0.3, 0.5, 0.7, 0.9];

function byPosition<T>(items: T[], at: (item: T) => Position): T[] {
  return items
    .map((item) => ({ item, p: at(item) }))
    .sort((a, b) => Math.round(a.p[1]) - Math.round(b.p[1]) || Math.round(a.p[0]) - Math.round(b.p[0]))
    .map(({ item }) => item);
}

/** Walls, openings and rooms, of the walls in the pens `reading` takes. */
function interpret(input: TopologyInput, candidates: WallCandidates, separators: RoomInput['separators'], unitsPerMetre: number | null, reading: WallReading) {
  const { evidence } = candidates;
  const walls = detectWallEvidence(candidates, reading);
  const found = detectOpenings(evidence, walls);
  const thickness = walls.thicknessModes[0] ?? walls.scale.minThickness * 3;
  const roomFindings = detectRooms({
    info: input.info,
    wallPieces: [...walls.pieces, ...found.jambStubs.map((stub) => [rectRing(stub)])],
    closures: found.openings.map((o) => o.rect),
    passages: found.passages,
    words: evidence.words,
    dimensionFigures: candidates.dimensions.figures,
    separators,
    fills: evidence.fills,
    tints: evidence.tints,
    unitsPerMetre,
    thickness,
  });
  // Pre-walls join the walls reported once the openings are found: no door is hung in one.
  return { walls: { ...walls, runs: [...walls.runs, ...walls.preWalls] }, found, thickness, roomFindings };
}

/**
 * Another reading of the pens is taken where it lets the plan's labels name more rooms: on a
 * renovation plan, with lighter-pen walls the existing rooms close and their names fall inside
 * them; on a plan whose lighter pen draws furniture, the rooms gain no names (a label in a
 * wardrobe is rare), so the reading of the wall pens alone stands.
 */
const NAMED_GAIN = 3;
const NAMED_RATIO = 1.5;

function namedRooms(rooms: FoundRoom[]): number {
  return rooms.filter((room) => room.name !== null).length;
}

function namesMore(other: ReturnType<typeof interpret>, reading: ReturnType<typeof interpret>): boolean {
  const [before, after] = [namedRooms(reading.roomFindings.rooms), namedRooms(other.roomFindings.rooms)];
  return after >= before + NAMED_GAIN && after >= NAMED_RATIO * before;
}

export function detectTopology(input: TopologyInput): TopologyResult {
  const evidence = collectEvidence(input.primitives, input.words, input.info.dpi);
  const unitsPerMetre = resolveUnitsPerMetre(input.metresPerUnit, evidence);
  const segments = strokeSegments(input.primitives);
  const separators = { segments, index: segmentIndexOf(segments) };
  const candidates = wallCandidates(evidence, wallScale(unitsPerMetre));
  const read = (pens: WallReading) => interpret(input, candidates, separators, unitsPerMetre, pens);
  let pens: WallReading = { withLighterPens: false, widthFromMainPens: false };
  let reading = read(pens);
  // A heavy pen that pairs little (a scope outline, the sheet's frame) can set the wall pens' width
  // above the pen most walls are drawn in; where the heaviest pens close next to no named rooms,
  // the main pens' widths are tried instead, and taken where they name more, or name any where
  // the heaviest close no room at all (a student's lab plan: two named rooms, where a dimension's
  // figure had passed for a third).
  if (reading.walls.minorHeaviestPen && namedRooms(reading.roomFindings.rooms) < NAMED_GAIN) {
    const mainPens = { ...pens, widthFromMainPens: true };
    const main = read(mainPens);
    const nothingElse = reading.roomFindings.rooms.length === 0 && namedRooms(main.roomFindings.rooms) > 0;
    if (nothingElse || namesMore(main, reading)) [pens, reading] = [mainPens, main];
  }
  if (reading.walls.lighterPens.length > 0) {
    const lighter = read({ ...pens, withLighterPens: true });
    if (namesMore(lighter, reading)) reading = lighter;
  }
  const { walls, found, thickness } = reading;
  const roomFindings = withoutContext(reading.roomFindings, walls.runs, thickness, unitsPerMetre);
  const inBuilding = (p: Position) => roomFindings.buildings.some((ring) => pointInRing(p, ring));
  const roomBoxes = roomFindings.rooms.map((room) => ringBBox(room.polygon[0]));
  const roomAt = (p: Position) => roomFindings.rooms.findIndex((room, k) => boxContainsPoint(roomBoxes[k], p) && pointInPolygon(p, room.polygon));

  // Walls: runs of the buildings, not furniture standing in a room.
  const keptRuns = byPosition(
    walls.runs.map((run, index) => ({ run, index })).filter(({ run }) => inBuilding(rectCenter(run)) && roomAt(rectCenter(run)) < 0),
    ({ run }) => rectCenter(run),
  );
  const wallIdOfRun = new Map<number, string>();
  keptRuns.forEach(({ index }, k) => wallIdOfRun.set(index, `wall-${k}`));
  const faceOffset = Math.max(1, 0.25 * thickness);
  const leavesBuildings = (points: Position[]) => points.some((p) => !inBuilding(p));
  const keptCurves = walls.curved.filter((wall) => {
    const middle = curveMiddle(wall);
    return wall.joins.length === 0 && inBuilding(middle) && roomAt(middle) < 0;
  });
  const curveIds = keptCurves.map((_, k) => `wall-${keptRuns.length + k}`);
  // Points just off both faces of each kept wall: whether it is exterior, and the rooms along it.
  const runFaces = keptRuns.map(({ run }) => {
    const { below, above } = pointsBeside(run, faceOffset, FACE_SHARES);
    return [below, above];
  });
  const curveFaces = keptCurves.map((wall) => {
    const { inside, outside } = curvePointsBeside(wall, faceOffset, FACE_SHARES);
    return [inside, outside];
  });
  const exterior = (faces: Position[][]) => faces.some(leavesBuildings);
  const wallDetections: WallDetection[] = [
    ...keptRuns.map(({ run, index }, k) => toWallDetection(run, wallIdOfRun.get(index)!, exterior(runFaces[k]))),
    ...keptCurves.map((wall, k) => ({ id: curveIds[k], polygon: [wall.ring], centerline: curveCenterline(wall), thickness: wall.outer - wall.inner, exterior: exterior(curveFaces[k]) })),
  ];

  // Openings that join a room to another room or to the outside. A "window" between two rooms
  // is a divider drawn as a filled block: it closes the rooms but is no opening.
  const reported = found.openings
    .map((opening, k) => ({ opening, sides: roomFindings.closureSides[k] }))
    .filter(({ opening, sides }) => {
      if (sides[0] < 0 && sides[1] < 0) return false;
      return !(opening.subClass === 'window' && sides[0] >= 0 && sides[1] >= 0 && sides[0] !== sides[1]);
    });
  const keptOpenings = byPosition(reported, ({ opening }) => rectCenter(opening.rect));
  const openingDetections: OpeningDetection[] = keptOpenings.map(({ opening }, k) => toOpeningDetection(opening, `opening-${k}`, wallIdOfRun));
  // Windows in curved walls: the glazed closures between two kept pieces, facing a room.
  const curvedWindows = walls.curved
    .filter((closure) => closure.glazed && closure.joins.every((wall) => keptCurves.includes(wall)))
    .map((closure) => {
      const { inside, outside } = curvePointsBeside(closure, faceOffset, [0.5]);
      return { closure, sides: [roomAt(inside[0]), roomAt(outside[0])] };
    })
    .filter(({ sides }) => sides.some((room) => room >= 0));
  curvedWindows.forEach(({ closure }, k) => {
    const middle = (closure.inner + closure.outer) / 2;
    openingDetections.push({
      id: `opening-${keptOpenings.length + k}`,
      subClass: 'window',
      polygon: closure.ring,
      widthUnits: 2 * middle * Math.sin(closure.sweep / 2),
      wallIds: closure.joins.map((wall) => curveIds[keptCurves.indexOf(wall)]).sort(byNumber),
    });
  });

  // Rooms, with the walls and openings along their boundary.
  const roomOrder = byPosition(
    roomFindings.rooms.map((room, index) => ({ room, index })),
    ({ room }) => interiorPoint(room.polygon),
  );
  const roomIdOfIndex = new Map<number, string>();
  roomOrder.forEach(({ index }, k) => roomIdOfIndex.set(index, `room-${k}`));
  const wallsOfRoom = new Map<number, Set<string>>();
  const openingsOfRoom = new Map<number, Set<string>>();
  const relate = (target: Map<number, Set<string>>, room: number, id: string) => {
    if (room < 0) return;
    if (!target.has(room)) target.set(room, new Set());
    target.get(room)!.add(id);
  };
  keptRuns.forEach(({ index }, k) => {
    for (const p of runFaces[k].flat()) relate(wallsOfRoom, roomAt(p), wallIdOfRun.get(index)!);
  });
  keptCurves.forEach((_, k) => {
    for (const p of curveFaces[k].flat()) relate(wallsOfRoom, roomAt(p), curveIds[k]);
  });
  keptOpenings.forEach(({ sides }, k) => sides.forEach((room) => relate(openingsOfRoom, room, `opening-${k}`)));
  curvedWindows.forEach(({ sides }, k) => sides.forEach((room) => relate(openingsOfRoom, room, `opening-${keptOpenings.length + k}`)));
  // Rooms as the sheet's stamps measure them (topology-gross.ts); only a printed scale can say.
  const outlines =
    input.metresPerUnit !== null && unitsPerMetre !== null
      ? stampedOutlines(roomFindings.rooms, roomFindings.solids, found.openings.map((opening) => rectRing(opening.rect)), strokeSegments(input.primitives, drawsFacade), unitsPerMetre, walls.scale.maxThickness)
      : null;
  const roomDetections: RoomDetection[] = roomOrder.map(({ room, index }) =>
    toRoomDetection(room, outlines?.[index] ?? room.polygon, roomIdOfIndex.get(index)!, [...(wallsOfRoom.get(index) ?? [])].sort(byNumber), [...(openingsOfRoom.get(index) ?? [])].sort(byNumber)),
  );

  const roomShapes = roomDetections.map((room) => room.polygon);
  const footprints = footprintOutlines(roomFindings.buildings.map((outline) => withAdjoiningRooms(outline, roomShapes))).map((outline): PolygonRings => [
    snapToDimensions(outline, walls.extensionLines, walls.runs, CLADDING_SHARE, thickness + 3 * evidence.unitsPerPaperMm),
  ]);
  return {
    walls: wallDetections,
    openings: openingDetections,
    rooms: roomDetections,
    footprints,
    unitsPerMetre,
  };
}

function byNumber(a: string, b: string): number {
  return Number(a.slice(a.lastIndexOf('-') + 1)) - Number(b.slice(b.lastIndexOf('-') + 1));
}

function toWallDetection(run: WallRun, id: string, exterior: boolean): WallDetection {
  const middle = (run.o0 + run.o1) / 2;
  return {
    id,
    polygon: [rectRing(run)],
    centerline: [fromFrame(run, run.s0, middle), fromFrame(run, run.s1, middle)],
    thickness: run.thickness,
    exterior,
  };
}

function toOpeningDetection(opening: FoundOpening, id: string, wallIdOfRun: Map<number, string>): OpeningDetection {
  const wallIds = [...new Set(opening.runIds.map((run) => wallIdOfRun.get(run)).filter((wallId): wallId is string => wallId !== undefined))].sort(byNumber);
  return { id, subClass: opening.subClass, polygon: closeRing(rectCorners(opening.rect)), widthUnits: opening.widthUnits, wallIds };
}

function toRoomDetection(room: FoundRoom, polygon: PolygonRings, id: string, wallIds: string[], openingIds: string[]): RoomDetection {
  return { id, polygon, floor: room.polygon, name: room.name, labelWordIds: room.labelWords.map((word) => word.id), printedAreaM2: room.printedAreaM2, wallIds, openingIds };
}
