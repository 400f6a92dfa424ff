// Random but valid building layouts in model coordinates (whole millimetres or inches, x right,
// y down). Rooms come from recursive rectangle splits (plus a few merged into L shapes); walls sit
// on the cell boundaries, so every number the ground truth needs follows exactly from the layout.
import { DRAFTING, MODEL_UNIT_METRES, type UnitSystem } from './catalog.ts';
import {
  boundsOf,
  difference,
  intersection,
  polygonArea,
  rectArea,
  rectCenter,
  rectHeight,
  rectInsideRing,
  rectRing,
  rectsOverlap,
  rectWidth,
  totalArea,
  union,
  type Point,
  type Polygon,
  type Rect,
  type Ring,
} from './geometry.ts';
import { Furnisher, furnishRoom, type FixtureKind, type FurnitureKind, type PlacedItem } from './furnish.ts';
import type { Random } from './random.ts';

export type Program = 'residential' | 'commercial';
export type OpeningKind = 'single swing door' | 'double swing door' | 'sliding door' | 'window';
export type DoorKind = Exclude<OpeningKind, 'window'>;
export type RoomKind =
  | 'living'
  | 'kitchen'
  | 'dining'
  | 'bedroom'
  | 'bath'
  | 'wc'
  | 'closet'
  | 'laundry'
  | 'hall'
  | 'stair'
  | 'office'
  | 'conference'
  | 'lobby'
  | 'corridor'
  | 'storage'
  | 'elevator';

export const OPENING_KINDS: readonly OpeningKind[] = ['single swing door', 'double swing door', 'sliding door', 'window'];

/** 'h': the wall runs along x at y = `at`; 'v': along y at x = `at`. */
export type Axis = 'h' | 'v';

/** Marks the outside of the building where a room index is expected. */
const OUTSIDE = -1;

export interface LabelSize {
  width: number;
  height: number;
}

export interface LayoutParams<L extends LabelSize> {
  units: UnitSystem;
  program: Program;
  /** Largest building the sheet has room for, metres, outer faces included. */
  maxWidthM: number;
  maxDepthM: number;
  wantStairs: boolean;
  wantElevator: boolean;
  entryDoor: 'single swing door' | 'double swing door';
  patioDoor: boolean;
  /** Text block of a room's label, in model units, no wider than `maxWidth` where possible. */
  fitLabel: (name: string, areaM2: number, maxWidth: number) => L;
  /** Labels print each room's gross area (an area plan's) rather than its floor's. */
  grossAreas?: boolean;
}

export interface PlanRoom<L extends LabelSize> {
  name: string;
  kind: RoomKind;
  /** Clear interior bounded by wall faces; doorways are closed along the wall face. */
  polygon: Ring;
  areaM2: number;
  /** Measured gross: to the centre lines of the walls it shares, to the outer face of the exterior walls. */
  grossAreaM2: number;
  /** `upward`: lettered up the sheet, along a narrow room, as drafters label corridors and closets. */
  label: { center: Point; box: Rect; fit: L; upward: boolean };
}

export interface PlanWall {
  axis: Axis;
  at: number;
  from: number;
  to: number;
  exterior: boolean;
  thickness: number;
  /** How far the solid runs past each centreline end, to the far face of the walls it meets. */
  extendFrom: number;
  extendTo: number;
}

/** The part of a wall that no earlier wall already covers, so pieces tile the wall material. */
export interface WallPiece {
  wall: number;
  polygon: Ring;
  centerline: [Point, Point];
}

export interface PlanOpening {
  kind: OpeningKind;
  axis: Axis;
  at: number;
  center: number;
  width: number;
  thickness: number;
  exterior: boolean;
  rooms: number[];
  /** Side of the wall (−1: toward smaller coordinates) that the leaves swing into. */
  swingSide: 1 | -1;
  hingeAtLow: boolean;
}

export interface Plan<L extends LabelSize> {
  units: UnitSystem;
  unitM: number;
  rooms: PlanRoom<L>[];
  walls: PlanWall[];
  pieces: WallPiece[];
  openings: PlanOpening[];
  fixtures: PlacedItem<FixtureKind>[];
  furniture: PlacedItem<FurnitureKind>[];
  footprint: Ring;
}

interface ProgramShape {
  /** Long and short side of the building, metres (centrelines). */
  long: [number, number];
  short: [number, number];
  minCell: number;
  maxCell: number;
  maxCellArea: number;
  minRooms: number;
}

const PROGRAMS: Record<Program, ProgramShape> = {
  residential: { long: [10, 18], short: [7.5, 12], minCell: 2.1, maxCell: 6, maxCellArea: 30, minRooms: 6 },
  commercial: { long: [15, 34], short: [10, 18], minCell: 2.4, maxCell: 7.5, maxCellArea: 42, minRooms: 8 },
};

/** The smallest building a programme is drawn with, metres between outer faces (long, short). */
export function smallestBuilding(program: Program): [number, number] {
  const shape = PROGRAMS[program];
  return [shape.long[0] + 0.4, shape.short[0] + 0.4];
}

const CORRIDOR_WIDTH_M = 1.8;
const WALKWAY_M = 0.6;

export function pointOn(axis: Axis, along: number, across: number): Point {
  return axis === 'h' ? [along, across] : [across, along];
}

export function spanRect(axis: Axis, along0: number, along1: number, across0: number, across1: number): Rect {
  const [a0, a1] = [Math.min(along0, along1), Math.max(along0, along1)];
  const [c0, c1] = [Math.min(across0, across1), Math.max(across0, across1)];
  return axis === 'h' ? { x0: a0, x1: a1, y0: c0, y1: c1 } : { x0: c0, x1: c1, y0: a0, y1: a1 };
}

export function wallRect(wall: PlanWall): Rect {
  return spanRect(wall.axis, wall.from - wall.extendFrom, wall.to + wall.extendTo, wall.at - wall.thickness / 2, wall.at + wall.thickness / 2);
}

/** The gap an opening cuts through its wall. */
export function openingGap(opening: PlanOpening): Rect {
  const { axis, at, center, width, thickness } = opening;
  return spanRect(axis, center - width / 2, center + width / 2, at - thickness / 2, at + thickness / 2);
}

// ---------------------------------------------------------------------------------------------
// Cells: the footprint cut into rectangles by recursive splits.

interface Cell extends Rect {
  corridor: boolean;
}

class Snapper {
  constructor(
    readonly unitM: number,
    readonly grid: number,
  ) {}

  /** Metres to model units on the grid. */
  model(metres: number): number {
    return Math.round(metres / this.unitM / this.grid) * this.grid;
  }

  metres(model: number): number {
    return model * this.unitM;
  }
}

function splitCell(rng: Random, cell: Cell, shape: ProgramShape, snap: Snapper): Cell[] {
  const width = rectWidth(cell);
  const height = rectHeight(cell);
  const minSide = snap.model(shape.minCell);
  const canSplitX = width >= 2 * minSide;
  const canSplitY = height >= 2 * minSide;
  if (!canSplitX && !canSplitY) return [cell];
  const areaM2 = snap.metres(width) * snap.metres(height);
  const mustSplit = Math.max(snap.metres(width), snap.metres(height)) > shape.maxCell || areaM2 > shape.maxCellArea;
  // Big cells are split more eagerly than middling ones, so rooms come in a spread of sizes.
  const splitChance = (areaM2 - 2.5 * shape.minCell ** 2) / (shape.maxCellArea - 2.5 * shape.minCell ** 2);
  if (!mustSplit && !rng.chance(splitChance)) return [cell];
  let splitX = width > height * 1.2 ? true : height > width * 1.2 ? false : rng.chance(0.5);
  if (splitX && !canSplitX) splitX = false;
  if (!splitX && !canSplitY) splitX = true;
  const [lo, hi] = splitX ? [cell.x0, cell.x1] : [cell.y0, cell.y1];
  const grid = snap.grid;
  const first = Math.ceil((lo + minSide) / grid) * grid;
  const last = Math.floor((hi - minSide) / grid) * grid;
  const at = first + Math.floor(rng.next() * ((last - first) / grid + 1)) * grid;
  const [a, b]: [Cell, Cell] = splitX
    ? [{ ...cell, x1: at }, { ...cell, x0: at }]
    : [{ ...cell, y1: at }, { ...cell, y0: at }];
  return [...splitCell(rng, a, shape, snap), ...splitCell(rng, b, shape, snap)];
}

function makeCells(rng: Random, params: LayoutParams<LabelSize>, snap: Snapper, exteriorThickness: number): Cell[] {
  const shape = PROGRAMS[params.program];
  const outerM = snap.metres(exteriorThickness);
  const landscape = params.maxWidthM >= params.maxDepthM;
  const longRoom = Math.max(params.maxWidthM, params.maxDepthM) - outerM;
  const shortRoom = Math.min(params.maxWidthM, params.maxDepthM) - outerM;
  // Buildings fill a fair share of the space the sheet gives them, as a drafter picks the scale.
  const pick = ([lo, hi]: [number, number], room: number) => rng.range(Math.min(Math.max(lo, 0.45 * room), hi, room), Math.min(hi, room));
  const long = snap.model(pick(shape.long, longRoom));
  const short = snap.model(pick([shape.short[0], Math.min(shape.short[1], snap.metres(long))], shortRoom));
  const [width, depth] = landscape ? [long, short] : [short, long];
  const minSide = snap.model(shape.minCell);

  let regions: Cell[];
  if (params.program === 'commercial') {
    // A double-loaded corridor: the usual office parti, and a hub that every room opens onto.
    const corridor = snap.model(CORRIDOR_WIDTH_M);
    if (landscape) {
      const y = snap.model(snap.metres(depth) * rng.range(0.42, 0.58) - CORRIDOR_WIDTH_M / 2);
      regions = [
        { x0: 0, y0: 0, x1: width, y1: y, corridor: false },
        { x0: 0, y0: y, x1: width, y1: y + corridor, corridor: true },
        { x0: 0, y0: y + corridor, x1: width, y1: depth, corridor: false },
      ];
    } else {
      const x = snap.model(snap.metres(width) * rng.range(0.42, 0.58) - CORRIDOR_WIDTH_M / 2);
      regions = [
        { x0: 0, y0: 0, x1: x, y1: depth, corridor: false },
        { x0: x, y0: 0, x1: x + corridor, y1: depth, corridor: true },
        { x0: x + corridor, y0: 0, x1: width, y1: depth, corridor: false },
      ];
    }
  } else if (rng.chance(0.45)) {
    // L-shaped footprint: a notch out of the top-right corner (mirrored below).
    const notchW = snap.model(snap.metres(width) * rng.range(0.3, 0.48));
    const notchD = snap.model(snap.metres(depth) * rng.range(0.3, 0.48));
    if (notchW < minSide || width - notchW < minSide || notchD < minSide || depth - notchD < minSide) {
      regions = [{ x0: 0, y0: 0, x1: width, y1: depth, corridor: false }];
    } else if (rng.chance(0.5)) {
      regions = [
        { x0: 0, y0: 0, x1: width - notchW, y1: depth, corridor: false },
        { x0: width - notchW, y0: notchD, x1: width, y1: depth, corridor: false },
      ];
    } else {
      regions = [
        { x0: 0, y0: 0, x1: width - notchW, y1: notchD, corridor: false },
        { x0: 0, y0: notchD, x1: width, y1: depth, corridor: false },
      ];
    }
  } else {
    regions = [{ x0: 0, y0: 0, x1: width, y1: depth, corridor: false }];
  }

  const cells = regions.flatMap((region) => (region.corridor ? [region] : splitCell(rng, region, shape, snap)));
  const flipX = rng.chance(0.5);
  const flipY = rng.chance(0.5);
  return cells.map((c) => ({
    x0: flipX ? width - c.x1 : c.x0,
    x1: flipX ? width - c.x0 : c.x1,
    y0: flipY ? depth - c.y1 : c.y0,
    y1: flipY ? depth - c.y0 : c.y1,
    corridor: c.corridor,
  }));
}

/** Two cells whose union is an L: one's full side lies on the other's side from a shared corner. */
function formsL(a: Rect, b: Rect): boolean {
  const check = (a0: number, a1: number, b0: number, b1: number) => {
    const contains = (a0 <= b0 && b1 <= a1) || (b0 <= a0 && a1 <= b1);
    return contains && (a0 === b0) !== (a1 === b1);
  };
  if (a.x1 === b.x0 || b.x1 === a.x0) return check(a.y0, a.y1, b.y0, b.y1);
  if (a.y1 === b.y0 || b.y1 === a.y0) return check(a.x0, a.x1, b.x0, b.x1);
  return false;
}

function groupCells(rng: Random, cells: Cell[], shape: ProgramShape): number[][] {
  const groups = cells.map((_, i) => [i]);
  const merges = rng.pick([0, 1, 1, 2]);
  for (let m = 0; m < merges && groups.length > shape.minRooms; m++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const [a, b] = [groups[i], groups[j]];
        if (a.length === 1 && b.length === 1 && !cells[a[0]].corridor && !cells[b[0]].corridor && formsL(cells[a[0]], cells[b[0]])) pairs.push([i, j]);
      }
    }
    if (pairs.length === 0) break;
    const [i, j] = rng.pick(pairs);
    groups[i] = [...groups[i], ...groups[j]];
    groups.splice(j, 1);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Walls: every stretch of cell boundary with different rooms (or the outside) on its two sides.

interface EdgeSegment {
  axis: Axis;
  at: number;
  from: number;
  to: number;
  /** Rooms on the smaller-coordinate side and on the larger one; OUTSIDE outside. */
  sides: [number, number];
}

function edgeSegments(cells: Rect[], roomOfCell: number[]): EdgeSegment[] {
  const xs = [...new Set(cells.flatMap((c) => [c.x0, c.x1]))].sort((a, b) => a - b);
  const ys = [...new Set(cells.flatMap((c) => [c.y0, c.y1]))].sort((a, b) => a - b);
  // Coordinates are whole grid units, so half a unit away from a line is always inside one cell.
  const probe = 0.5;
  const roomAt = (x: number, y: number) => {
    const index = cells.findIndex((c) => c.x0 < x && x < c.x1 && c.y0 < y && y < c.y1);
    return index < 0 ? OUTSIDE : roomOfCell[index];
  };
  const segments: EdgeSegment[] = [];
  for (const y of ys) {
    for (let i = 0; i + 1 < xs.length; i++) {
      const mid = (xs[i] + xs[i + 1]) / 2;
      const sides: [number, number] = [roomAt(mid, y - probe), roomAt(mid, y + probe)];
      if (sides[0] !== sides[1]) segments.push({ axis: 'h', at: y, from: xs[i], to: xs[i + 1], sides });
    }
  }
  for (const x of xs) {
    for (let i = 0; i + 1 < ys.length; i++) {
      const mid = (ys[i] + ys[i + 1]) / 2;
      const sides: [number, number] = [roomAt(x - probe, mid), roomAt(x + probe, mid)];
      if (sides[0] !== sides[1]) segments.push({ axis: 'v', at: x, from: ys[i], to: ys[i + 1], sides });
    }
  }
  return segments;
}

/** Joins consecutive segments on one line that `sameRun` says belong together. */
function mergeRuns<T extends EdgeSegment>(segments: T[], sameRun: (a: T, b: T) => boolean): { first: T; from: number; to: number }[] {
  const sorted = [...segments].sort((a, b) => (a.axis === b.axis ? (a.at === b.at ? a.from - b.from : a.at - b.at) : a.axis < b.axis ? -1 : 1));
  const runs: { first: T; last: T; from: number; to: number }[] = [];
  for (const segment of sorted) {
    const run = runs[runs.length - 1];
    if (run && run.last.axis === segment.axis && run.last.at === segment.at && run.to === segment.from && sameRun(run.last, segment)) {
      run.to = segment.to;
      run.last = segment;
    } else {
      runs.push({ first: segment, last: segment, from: segment.from, to: segment.to });
    }
  }
  return runs.map(({ first, from, to }) => ({ first, from, to }));
}

const isExterior = (segment: EdgeSegment) => segment.sides.includes(OUTSIDE);

/** Thickest wall crossing the other axis at the node (`along` on a wall of `axis` at `across`). */
function thicknessAcross(walls: PlanWall[], axis: Axis, along: number, across: number): number {
  let thickness = 0;
  for (const w of walls) if (w.axis !== axis && w.at === along && w.from <= across && across <= w.to) thickness = Math.max(thickness, w.thickness);
  return thickness;
}

function buildWalls(segments: EdgeSegment[], exteriorThickness: number, interiorThickness: number): PlanWall[] {
  const walls: PlanWall[] = mergeRuns(segments, (a, b) => isExterior(a) === isExterior(b)).map(({ first, from, to }) => ({
    axis: first.axis,
    at: first.at,
    from,
    to,
    exterior: isExterior(first),
    thickness: isExterior(first) ? exteriorThickness : interiorThickness,
    extendFrom: 0,
    extendTo: 0,
  }));
  for (const wall of walls) {
    wall.extendFrom = thicknessAcross(walls, wall.axis, wall.from, wall.at) / 2;
    wall.extendTo = thicknessAcross(walls, wall.axis, wall.to, wall.at) / 2;
  }
  return walls;
}

/**
 * Order in which walls claim the material where they overlap: exterior walls first, and a wall
 * that runs through a junction before the walls that end there, so through walls stay in one piece.
 */
function claimOrder(walls: PlanWall[]): number[] {
  const before = walls.map((wall) =>
    walls
      .map((other, j) => ({ other, j }))
      .filter(({ other }) => other.axis !== wall.axis && (other.at === wall.from || other.at === wall.to) && other.from < wall.at && wall.at < other.to)
      .map(({ j }) => j),
  );
  const priority = (i: number) => (walls[i].exterior ? 1e9 : 0) + (walls[i].to - walls[i].from);
  const order: number[] = [];
  const done = new Set<number>();
  while (order.length < walls.length) {
    const pending = walls.map((_, i) => i).filter((i) => !done.has(i));
    const ready = pending.filter((i) => before[i].every((j) => done.has(j)));
    // A cycle cannot come out of guillotine splits; should one appear, priority alone decides.
    const next = (ready.length > 0 ? ready : pending).sort((a, b) => priority(b) - priority(a))[0];
    order.push(next);
    done.add(next);
  }
  return order;
}

function wallPieces(walls: PlanWall[]): WallPiece[] {
  const pieces: WallPiece[] = [];
  const claimed: Polygon[] = [];
  for (const index of claimOrder(walls)) {
    const wall = walls[index];
    const solid: Polygon = [rectRing(wallRect(wall))];
    for (const part of difference(solid, claimed)) {
      const bounds = boundsOf(part[0]);
      const [lo, hi] = wall.axis === 'h' ? [bounds.x0, bounds.x1] : [bounds.y0, bounds.y1];
      pieces.push({ wall: index, polygon: part[0], centerline: [pointOn(wall.axis, lo, wall.at), pointOn(wall.axis, hi, wall.at)] });
    }
    claimed.push(solid);
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Room programme: names and kinds from size and shape.

interface RoomDraft {
  cells: Cell[];
  polygon: Ring;
  areaM2: number;
  neighbours: Set<number>;
}

interface RoomIdentity {
  name: string;
  kind: RoomKind;
}

function cellFits(room: RoomDraft, snap: Snapper, longM: number, shortM: number): boolean {
  return room.cells.some((c) => {
    const [w, h] = [snap.metres(rectWidth(c)), snap.metres(rectHeight(c))];
    return Math.max(w, h) >= longM && Math.min(w, h) >= shortM;
  });
}

function aspect(room: RoomDraft): number {
  const b = boundsOf(room.polygon);
  return Math.max(rectWidth(b), rectHeight(b)) / Math.min(rectWidth(b), rectHeight(b));
}

class Namer {
  readonly identities: (RoomIdentity | null)[];
  private readonly used = new Set<string>();

  constructor(readonly rooms: RoomDraft[]) {
    this.identities = rooms.map(() => null);
  }

  free(): number[] {
    return this.rooms.map((_, i) => i).filter((i) => this.identities[i] === null);
  }

  bySize(ascending: boolean): number[] {
    return this.free().sort((a, b) => (ascending ? 1 : -1) * (this.rooms[a].areaM2 - this.rooms[b].areaM2));
  }

  name(room: number, base: string, kind: RoomKind): void {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base} ${n}`;
    this.used.add(name);
    this.identities[room] = { name, kind };
  }

  has(name: string): boolean {
    return this.used.has(name);
  }
}

function nameResidential(rng: Random, rooms: RoomDraft[], snap: Snapper, wantStairs: boolean): RoomIdentity[] | null {
  const namer = new Namer(rooms);
  const living = namer.bySize(false)[0];
  namer.name(living, rng.pick(['LIVING ROOM', 'LIVING', 'GREAT ROOM']), 'living');
  if (wantStairs) {
    const stair = namer.bySize(true).find((i) => cellFits(rooms[i], snap, 3.9, 2.0));
    if (stair === undefined) return null;
    namer.name(stair, 'STAIR', 'stair');
  }
  const bath = namer.bySize(true).find((i) => rooms[i].areaM2 >= 3.2 && cellFits(rooms[i], snap, 2.1, 1.9));
  if (bath === undefined) return null;
  namer.name(bath, 'BATH', 'bath');
  const kitchen = namer
    .free()
    .filter((i) => rooms[i].areaM2 >= 7 && cellFits(rooms[i], snap, 2.6, 2.1))
    .sort((a, b) => Number(!rooms[a].neighbours.has(living)) - Number(!rooms[b].neighbours.has(living)) || Math.abs(rooms[a].areaM2 - 12) - Math.abs(rooms[b].areaM2 - 12))[0];
  if (kitchen === undefined) return null;
  namer.name(kitchen, 'KITCHEN', 'kitchen');

  let bedrooms = 0;
  for (const i of namer.bySize(false)) {
    const room = rooms[i];
    if (room.areaM2 < 4.5) {
      const small: [string, RoomKind][] = [['CLOSET', 'closet'], ['WC', 'wc'], ['PANTRY', 'closet'], ['LAUNDRY', 'laundry'], ['STORAGE', 'storage']];
      const [name, kind] = small.find(([n]) => !namer.has(n)) ?? ['CLOSET', 'closet'];
      namer.name(i, name, kind);
    } else if (aspect(room) >= 2.6 && !namer.has('HALL')) {
      namer.name(i, 'HALL', 'hall');
    } else if (room.areaM2 < 7.5) {
      const medium: [string, RoomKind][] = rng.shuffle([['BATH', 'bath'], ['LAUNDRY', 'laundry'], [rng.pick(['OFFICE', 'STUDY', 'DEN']), 'office']]);
      const [name, kind] = medium.find(([n]) => !namer.has(n === 'BATH' ? 'BATH 2' : n)) ?? ['STORAGE', 'storage'];
      namer.name(i, name, kind);
    } else if (!namer.has('DINING') && room.neighbours.has(kitchen) && rng.chance(0.5)) {
      namer.name(i, 'DINING', 'dining');
    } else if (bedrooms < 5) {
      bedrooms++;
      namer.name(i, bedrooms === 1 ? rng.pick(['MASTER BEDROOM', 'BEDROOM 1', 'PRIMARY BEDROOM']) : `BEDROOM ${bedrooms}`, 'bedroom');
    } else {
      const extra: [string, RoomKind][] = [['FAMILY ROOM', 'living'], ['GUEST ROOM', 'bedroom'], ['PLAYROOM', 'office'], ['LIBRARY', 'office'], ['MEDIA ROOM', 'living'], ['GYM', 'office']];
      const [name, kind] = extra.find(([n]) => !namer.has(n)) ?? ['STORAGE', 'storage'];
      namer.name(i, name, kind);
    }
  }
  return namer.identities as RoomIdentity[];
}

function nameCommercial(rng: Random, rooms: RoomDraft[], snap: Snapper, wantStairs: boolean, wantElevator: boolean): RoomIdentity[] | null {
  const namer = new Namer(rooms);
  const corridor = rooms.findIndex((r) => r.cells.some((c) => c.corridor));
  namer.name(corridor, 'CORRIDOR', 'corridor');
  const lobby = namer.bySize(false).find((i) => rooms[i].neighbours.has(corridor) && rooms[i].neighbours.has(OUTSIDE));
  if (lobby === undefined) return null;
  namer.name(lobby, 'LOBBY', 'lobby');
  if (wantStairs) {
    const stair = namer.bySize(true).find((i) => cellFits(rooms[i], snap, 3.9, 2.2));
    if (stair === undefined) return null;
    namer.name(stair, 'STAIR 1', 'stair');
  }
  if (wantElevator) {
    const shaft = namer.bySize(true).find((i) => cellFits(rooms[i], snap, 2.4, 2.4) && rooms[i].areaM2 <= 12);
    if (shaft !== undefined) namer.name(shaft, 'ELEV.', 'elevator');
  }
  const restrooms = namer.bySize(true).filter((i) => cellFits(rooms[i], snap, 2.4, 1.9)).slice(0, rng.int(1, 2));
  if (restrooms.length === 0) return null;
  const restroomNames = restrooms.length === 2 ? rng.pick([['MEN', 'WOMEN'], ['RESTROOM', 'RESTROOM']]) : ['RESTROOM'];
  restrooms.forEach((i, k) => namer.name(i, restroomNames[k], 'bath'));
  const kitchen = namer.free().find((i) => rooms[i].areaM2 >= 7 && cellFits(rooms[i], snap, 2.6, 2.1));
  if (kitchen !== undefined) namer.name(kitchen, rng.pick(['BREAK ROOM', 'KITCHENETTE']), 'kitchen');
  let first = true;
  let office = 100 + rng.int(0, 1) * 100;
  for (const i of namer.bySize(false)) {
    const room = rooms[i];
    if (first && room.areaM2 >= 14) namer.name(i, rng.pick(['CONFERENCE', 'CONF. ROOM']), 'conference');
    else if (room.areaM2 < 6) namer.name(i, rng.pick(['STORAGE', 'MECH.', 'IT', 'JAN.']), 'storage');
    else if (room.areaM2 > 34) namer.name(i, 'OPEN OFFICE', 'office');
    else namer.name(i, `OFFICE ${++office}`, 'office');
    first = false;
  }
  return namer.identities as RoomIdentity[];
}

// ---------------------------------------------------------------------------------------------
// Openings.

interface Boundary {
  axis: Axis;
  at: number;
  from: number;
  to: number;
  sides: [number, number];
  wall: number;
  /** Where an opening may go: clear of the walls meeting this one. */
  lo: number;
  hi: number;
}

interface DoorZone {
  room: number;
  rect: Rect;
}

class OpeningPlanner {
  readonly openings: PlanOpening[] = [];
  readonly zones: DoorZone[] = [];
  private readonly occupied = new Map<string, [number, number][]>();

  constructor(
    private readonly rng: Random,
    private readonly rooms: { polygon: Ring; kind: RoomKind }[],
    private readonly snap: Snapper,
  ) {}

  private free(b: Boundary, lo: number, hi: number): boolean {
    const margin = this.snap.model(0.15);
    return (this.occupied.get(`${b.axis}${b.at}`) ?? []).every(([a, z]) => hi + margin <= a || z + margin <= lo);
  }

  /** Rectangles a door needs kept clear: its swing, and a walkway on each room side. */
  private doorZones(b: Boundary, kind: DoorKind, thickness: number, center: number, width: number, swingSide: 1 | -1): DoorZone[] {
    const walkway = this.snap.model(WALKWAY_M);
    const zones: DoorZone[] = [];
    for (const side of [-1, 1] as const) {
      const room = b.sides[side < 0 ? 0 : 1];
      // An elevator's sliding doors open onto its car, which fills the shaft.
      if (room === OUTSIDE || (kind === 'sliding door' && this.rooms[room].kind === 'elevator')) continue;
      const swing = kind === 'sliding door' || side !== swingSide ? 0 : kind === 'double swing door' ? width / 2 : width;
      const face = b.at + (side * thickness) / 2;
      zones.push({ room, rect: spanRect(b.axis, center - width / 2, center + width / 2, face, face + side * Math.max(swing, walkway)) });
    }
    return zones;
  }

  place(b: Boundary, kind: OpeningKind, widths: number[], swingInto: number | null, thickness: number, exterior: boolean): boolean {
    const fitting = widths.filter((w) => w <= b.hi - b.lo);
    if (fitting.length === 0) return false;
    const width = this.rng.pick(fitting);
    const grid = this.snap.grid;
    const slack = Math.floor((b.hi - b.lo - width) / grid);
    // Doors sit near a corner more often than not; windows are centred in their stretch.
    const offsets =
      kind === 'window'
        ? [Math.floor(slack / 2)]
        : this.rng.shuffle([0, slack, this.rng.int(0, slack), Math.min(slack, this.rng.int(1, 3))]);
    for (const offset of offsets) {
      const center = b.lo + offset * grid + width / 2;
      if (!this.free(b, center - width / 2, center + width / 2)) continue;
      const preferred: 1 | -1 = swingInto === null ? (this.rng.chance(0.5) ? 1 : -1) : b.sides[1] === swingInto ? 1 : -1;
      for (const swingSide of kind === 'window' ? [preferred] : [preferred, -preferred as 1 | -1]) {
        const zones = kind === 'window' ? [] : this.doorZones(b, kind, thickness, center, width, swingSide);
        const fits = zones.every(
          (z) => rectInsideRing(z.rect, this.rooms[z.room].polygon) && !this.zones.some((o) => o.room === z.room && rectsOverlap(o.rect, z.rect)),
        );
        if (!fits) continue;
        this.zones.push(...zones);
        const key = `${b.axis}${b.at}`;
        this.occupied.set(key, [...(this.occupied.get(key) ?? []), [center - width / 2, center + width / 2]]);
        this.openings.push({
          kind,
          axis: b.axis,
          at: b.at,
          center,
          width,
          thickness,
          exterior,
          rooms: b.sides.filter((s) => s !== OUTSIDE),
          swingSide,
          hingeAtLow: this.rng.chance(0.5),
        });
        return true;
      }
    }
    return false;
  }
}

function boundariesOf(segments: EdgeSegment[], walls: PlanWall[]): Boundary[] {
  const sameSides = (a: EdgeSegment, b: EdgeSegment) => a.sides[0] === b.sides[0] && a.sides[1] === b.sides[1];
  return mergeRuns(segments, sameSides).map(({ first, from, to }) => {
    const wall = walls.findIndex((w) => w.axis === first.axis && w.at === first.at && w.from <= from && to <= w.to);
    // Half the meeting wall plus a jamb return, so openings never eat into a junction.
    const clearance = (along: number) => thicknessAcross(walls, first.axis, along, first.at) / 2 + walls[wall].thickness;
    return { axis: first.axis, at: first.at, from, to, sides: first.sides, wall, lo: from + clearance(from), hi: to - clearance(to) };
  });
}

const HUB_KINDS: ReadonlySet<RoomKind> = new Set(['corridor', 'hall', 'living', 'lobby']);
const SMALL_KINDS: ReadonlySet<RoomKind> = new Set(['closet', 'storage', 'laundry', 'wc']);

function interiorDoorKind(rng: Random, a: RoomKind, b: RoomKind, length: number, snap: Snapper): DoorKind {
  if (a === 'elevator' || b === 'elevator') return 'sliding door';
  if ((SMALL_KINDS.has(a) || SMALL_KINDS.has(b)) && rng.chance(0.4)) return 'sliding door';
  const wide = snap.metres(length) >= 2.2;
  const social = (k: RoomKind) => k === 'living' || k === 'dining' || k === 'kitchen' || k === 'conference' || k === 'lobby';
  if (wide && social(a) && social(b)) return rng.pick(['double swing door', 'sliding door', 'single swing door']);
  if (wide && (a === 'conference' || b === 'conference') && rng.chance(0.5)) return 'double swing door';
  return 'single swing door';
}

function planOpenings(
  rng: Random,
  params: LayoutParams<LabelSize>,
  rooms: { polygon: Ring; kind: RoomKind }[],
  boundaries: Boundary[],
  walls: PlanWall[],
  snap: Snapper,
): OpeningPlanner | null {
  const drafting = DRAFTING[params.units];
  const widths: Record<OpeningKind, number[]> = {
    'single swing door': drafting.singleDoors,
    'double swing door': drafting.doubleDoors,
    'sliding door': drafting.slidingDoors,
    window: drafting.windows,
  };
  const planner = new OpeningPlanner(rng, rooms, snap);
  const place = (b: Boundary, kind: OpeningKind, swingInto: number | null) =>
    planner.place(b, kind, widths[kind], swingInto, walls[b.wall].thickness, walls[b.wall].exterior);
  const exteriorOf = (room: number) => rng.shuffle(boundaries.filter((b) => b.sides.includes(room) && b.sides.includes(OUTSIDE)));

  // The front door, into the room a visitor arrives in.
  const entryKinds: RoomKind[] = params.program === 'commercial' ? ['lobby', 'corridor'] : ['living', 'hall', 'kitchen'];
  const entryRooms = entryKinds.flatMap((kind) => rooms.map((r, i) => ({ r, i })).filter(({ r }) => r.kind === kind).map(({ i }) => i));
  const entry = entryRooms.find((room) => exteriorOf(room).some((b) => place(b, params.entryDoor, room)));
  if (entry === undefined) return null;

  // A spanning tree of doors from the entry, growing out of hub rooms by preference. An elevator
  // opens only onto a hub; it is no way through to anywhere else.
  const doorable = (b: Boundary) => {
    if (b.sides.includes(OUTSIDE)) return false;
    const [a, c] = b.sides.map((s) => rooms[s].kind);
    return a === 'elevator' ? HUB_KINDS.has(c) : c === 'elevator' ? HUB_KINDS.has(a) : true;
  };
  const reached = new Set([entry]);
  const tried = new Set<Boundary>();
  while (reached.size < rooms.length) {
    const frontier = boundaries.filter((b) => !tried.has(b) && doorable(b) && reached.has(b.sides[0]) !== reached.has(b.sides[1]));
    if (frontier.length === 0) return null;
    const weight = (b: Boundary) => {
      const from = rooms[reached.has(b.sides[0]) ? b.sides[0] : b.sides[1]].kind;
      return HUB_KINDS.has(from) ? 6 : 1;
    };
    const total = frontier.reduce((sum, b) => sum + weight(b), 0);
    let pick = rng.next() * total;
    const chosen = frontier.find((b) => (pick -= weight(b)) < 0) ?? frontier[frontier.length - 1];
    tried.add(chosen);
    const target = reached.has(chosen.sides[0]) ? chosen.sides[1] : chosen.sides[0];
    const kind = interiorDoorKind(rng, rooms[chosen.sides[0]].kind, rooms[chosen.sides[1]].kind, chosen.hi - chosen.lo, snap);
    const swingInto = SMALL_KINDS.has(rooms[target].kind) ? null : target;
    if (place(chosen, kind, swingInto) || (kind !== 'single swing door' && place(chosen, 'single swing door', swingInto))) reached.add(target);
  }

  // A few second doors between rooms already joined, and a patio door.
  const untried = rng.shuffle(boundaries.filter((b) => !tried.has(b) && doorable(b) && !b.sides.some((s) => rooms[s].kind === 'elevator')));
  for (const b of untried.slice(0, rng.int(0, 2))) {
    place(b, interiorDoorKind(rng, rooms[b.sides[0]].kind, rooms[b.sides[1]].kind, b.hi - b.lo, snap), null);
  }
  if (params.patioDoor || rng.chance(0.35)) {
    const patioRooms = rooms.map((r, i) => ({ r, i })).filter(({ r }) => r.kind === 'living' || r.kind === 'dining' || r.kind === 'bedroom' || r.kind === 'lobby');
    patioRooms.some(({ i }) => exteriorOf(i).some((b) => place(b, 'sliding door', i)));
  }

  // Windows along the outside walls of rooms that people stay in.
  for (const [room, r] of rooms.entries()) {
    if (r.kind === 'closet' || r.kind === 'storage' || r.kind === 'stair' || r.kind === 'elevator') continue;
    for (const b of exteriorOf(room)) {
      if (!rng.chance(0.85)) continue;
      const length = snap.metres(b.hi - b.lo);
      const count = length > 7 ? 3 : length > 4 ? 2 : 1;
      const step = (b.hi - b.lo) / count;
      for (let k = 0; k < count; k++) {
        const part = { ...b, lo: b.lo + k * step, hi: b.lo + (k + 1) * step };
        const smallRoom = r.kind === 'bath' || r.kind === 'wc' || r.kind === 'laundry';
        const windowWidths = widths.window.filter((w) => !smallRoom || snap.metres(w) <= 1);
        planner.place(part, 'window', windowWidths, null, walls[b.wall].thickness, true);
      }
    }
  }
  return planner;
}

// ---------------------------------------------------------------------------------------------
// Labels, and the whole plan.

/**
 * A room's cells run to the centre lines of the walls round them, the exterior walls included.
 * Each cell's sides on the exterior walls are carried out by half an exterior wall to the outer
 * face, and its corners where two such sides meet, so the room stays at the centre line of every
 * wall it shares, out to the outer face (two rooms meet there at the centre line of the wall
 * between them, as their cells do).
 */
function grossRegion(cells: readonly Cell[], others: readonly Cell[], building: Polygon, halfExterior: number): Polygon[] {
  const all = [...cells, ...others];
  const inCell = ([x, y]: Point) => all.some((c) => x > c.x0 && x < c.x1 && y > c.y0 && y < c.y1);
  const h = halfExterior;
  const e = h / 4;
  const pieces: Polygon[] = [];
  for (const c of cells) {
    pieces.push([rectRing(c)]);
    const otherCells = all.filter((other) => other !== c).map((other) => [rectRing(other)]);
    for (const side of [
      { x0: c.x0 - h, y0: c.y0, x1: c.x0, y1: c.y1 },
      { x0: c.x1, y0: c.y0, x1: c.x1 + h, y1: c.y1 },
      { x0: c.x0, y0: c.y0 - h, x1: c.x1, y1: c.y0 },
      { x0: c.x0, y0: c.y1, x1: c.x1, y1: c.y1 + h },
    ]) {
      pieces.push(...difference([rectRing(side)], otherCells));
    }
    for (const [x, y, dx, dy] of [
      [c.x0, c.y0, -1, -1],
      [c.x1, c.y0, 1, -1],
      [c.x0, c.y1, -1, 1],
      [c.x1, c.y1, 1, 1],
    ]) {
      // A convex corner of the building: no cell just beyond the corner along either of its sides.
      const besideHorizontally: Point = [x + dx * e, y - dy * e];
      const besideVertically: Point = [x - dx * e, y + dy * e];
      if (inCell(besideHorizontally) || inCell(besideVertically)) continue;
      pieces.push([rectRing({ x0: Math.min(x, x + dx * h), y0: Math.min(y, y + dy * h), x1: Math.max(x, x + dx * h), y1: Math.max(y, y + dy * h) })]);
    }
  }
  return union(pieces).flatMap((piece) => intersection(piece, building));
}

/** A room at least this many times taller than wide may be labelled up its length… */
const LABEL_UPWARD_SHAPE = 1.5;
/** …where its label comes out at least this much larger so, and one this narrow always is (a corridor). */
const LABEL_UPWARD_GAIN = 1.1;
const LABEL_UPWARD_CORRIDOR = 2.5;

function labelPlacement<L extends LabelSize>(room: RoomDraft, name: string, printedM2: number, params: LayoutParams<L>, zones: Rect[]): PlanRoom<L>['label'] {
  // The label goes in the biggest rectangle of clear floor, off the door swings where it can.
  const parts = room.cells
    .flatMap((cell) => intersection([room.polygon], [rectRing(cell)]))
    .map((p) => boundsOf(p[0]))
    .sort((a, b) => rectArea(b) - rectArea(a));
  const space = parts[0];
  const across = params.fitLabel(name, printedM2, rectWidth(space) * 0.85);
  // A room much taller than wide is labelled up its length where the lettering comes out larger
  // so, and a corridor always is, as drafters letter them.
  const along = rectHeight(space) > LABEL_UPWARD_SHAPE * rectWidth(space) ? params.fitLabel(name, printedM2, rectHeight(space) * 0.85) : null;
  const upward = along !== null && (along.width > LABEL_UPWARD_GAIN * across.width || rectHeight(space) > LABEL_UPWARD_CORRIDOR * rectWidth(space));
  const fit = upward ? along : across;
  const [w, h] = upward ? [fit.height, fit.width] : [fit.width, fit.height];
  const boxAt = (c: Point): Rect => ({ x0: c[0] - w / 2, x1: c[0] + w / 2, y0: c[1] - h / 2, y1: c[1] + h / 2 });
  const [cx, cy] = rectCenter(space);
  const dy = (rectHeight(space) - h) / 4;
  const dx = (rectWidth(space) - w) / 4;
  const candidates: Point[] = [
    [cx, cy],
    [cx, cy - dy],
    [cx, cy + dy],
    [cx - dx, cy],
    [cx + dx, cy],
  ];
  const center = candidates.find((c) => !zones.some((z) => rectsOverlap(z, boxAt(c)))) ?? candidates[0];
  return { center, box: boxAt(center), fit, upward };
}

/**
 * One random layout, or null when this draw cannot satisfy the programme (no room fits a bath,
 * the doors cannot reach every room, …): the caller draws again.
 */
export function buildPlan<L extends LabelSize>(rng: Random, params: LayoutParams<L>): Plan<L> | null {
  const drafting = DRAFTING[params.units];
  const snap = new Snapper(MODEL_UNIT_METRES[params.units], drafting.grid);
  const shape = PROGRAMS[params.program];
  const exteriorThickness = rng.pick(drafting.exteriorWalls);
  const interiorThickness = rng.pick(drafting.interiorWalls);

  const cells = makeCells(rng, params, snap, exteriorThickness);
  const groups = groupCells(rng, cells, shape);
  if (groups.length < shape.minRooms) return null;
  const roomOfCell = cells.map((_, i) => groups.findIndex((g) => g.includes(i)));
  const segments = edgeSegments(cells, roomOfCell);
  const walls = buildWalls(segments, exteriorThickness, interiorThickness);
  const wallSolids = union(walls.map((w) => [rectRing(wallRect(w))]));

  const drafts: RoomDraft[] = [];
  for (const group of groups) {
    const roomCells = group.map((i) => cells[i]);
    const area = union(roomCells.map((c) => [rectRing(c)]));
    const clear = difference(area[0], wallSolids);
    if (area.length !== 1 || clear.length !== 1 || clear[0].length !== 1) return null;
    drafts.push({ cells: roomCells, polygon: clear[0][0], areaM2: polygonArea(clear[0]) * snap.unitM ** 2, neighbours: new Set() });
  }
  const outline = union([...cells.map((c) => [rectRing(c)]), ...walls.map((w) => [rectRing(wallRect(w))])]);
  if (outline.length !== 1 || outline[0].length !== 1) return null;
  const grossAreas = drafts.map((draft, i) => {
    const others = drafts.filter((_, j) => j !== i).flatMap((other) => other.cells);
    return totalArea(grossRegion(draft.cells, others, outline[0], exteriorThickness / 2)) * snap.unitM ** 2;
  });
  for (const s of segments) {
    const [a, b] = s.sides;
    if (a !== OUTSIDE) drafts[a].neighbours.add(b);
    if (b !== OUTSIDE) drafts[b].neighbours.add(a);
  }

  const identities =
    params.program === 'residential'
      ? nameResidential(rng, drafts, snap, params.wantStairs)
      : nameCommercial(rng, drafts, snap, params.wantStairs, params.wantElevator);
  if (identities === null) return null;
  const kinds = drafts.map((d, i) => ({ polygon: d.polygon, kind: identities[i].kind }));

  const planner = planOpenings(rng, params, kinds, boundariesOf(segments, walls), walls, snap);
  if (planner === null) return null;
  const elevatorInLobby = params.wantElevator && !identities.some((identity) => identity.kind === 'elevator');

  const rooms: PlanRoom<L>[] = [];
  const fixtures: PlacedItem<FixtureKind>[] = [];
  const furniture: PlacedItem<FurnitureKind>[] = [];
  for (const [i, draft] of drafts.entries()) {
    const zones = planner.zones.filter((z) => z.room === i).map((z) => z.rect);
    const label = labelPlacement(draft, identities[i].name, params.grossAreas ? grossAreas[i] : draft.areaM2, params, zones);
    // Stair and shaft labels are printed over their symbol, as drafters do in rooms that small.
    const labelOverSymbol = identities[i].kind === 'stair' || identities[i].kind === 'elevator';
    const furnisher = new Furnisher(rng, draft.polygon, labelOverSymbol ? zones : [...zones, label.box], snap.model(0.05));
    const items = furnishRoom(rng, i, identities[i].kind, furnisher, 1 / snap.unitM, params.program, elevatorInLobby);
    if (!items.complete) return null;
    fixtures.push(...items.fixtures);
    furniture.push(...items.furniture);
    rooms.push({ ...identities[i], polygon: draft.polygon, areaM2: draft.areaM2, grossAreaM2: grossAreas[i], label });
  }

  return {
    units: params.units,
    unitM: snap.unitM,
    rooms,
    walls,
    pieces: wallPieces(walls),
    openings: planner.openings,
    fixtures,
    furniture,
    footprint: outline[0][0],
  };
}
