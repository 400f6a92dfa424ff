// What a sheet draws around the building it is about. A site plan or a Revit sheet shows the
// neighbouring buildings, an earlier phase ("not part of this application") or a linked model
// screened, in a light grey halftone, beside the building drawn in full ink; their walls close
// rooms as well as any, but nobody prices them. Where some building's walls are in ink, the
// buildings whose walls are nearly all screened are dropped (and so their walls, openings and
// fixtures); a sheet drawn wholly in grey keeps its buildings. Paint on the site or a roof terrace
// (a planting bed, a lawn, a pool) lies within a building's extent yet clear of its walls: only
// rooms within or against a building's outline are rooms. A cover sheet's axonometric view closes
// "rooms" too, between walls drawn in projection: a plan's walls run square to each other (in any
// orientation, with a few angled ones), a projection's two main directions meet at another angle.
import type { Position } from '../../../../core/src/types.ts';
import { boxesOverlap, distanceToRing, interiorPoint, median, pointInRing, ringBBox } from './geom-basics.ts';
import { multiPolygonArea } from './geom-clip.ts';
import { fromFrame } from './geom-frame.ts';
import type { Ring } from './model.ts';
import type { FoundRoom, RoomFindings } from './rooms.ts';
import { styleLuminance } from './topology-evidence.ts';
import type { WallRun } from './walls.ts';

/** Ink at least this light is screened; paper is lighter still (topology-evidence.ts). */
const SCREENED_LUMINANCE = 200;
/** A building is context where this share of its walls' length is screened... */
const CONTEXT_SHARE = 0.8;
/** ...and another building's walls are in ink, screened no more than this share. */
const SUBJECT_SHARE = 0.5;

/** The wall runs lying in each building. */
function runsByBuilding(buildings: Ring[], runs: readonly WallRun[]): WallRun[][] {
  const lying: WallRun[][] = buildings.map(() => []);
  for (const run of runs) {
    const centre = fromFrame(run, (run.s0 + run.s1) / 2, (run.o0 + run.o1) / 2);
    const k = buildings.findIndex((ring) => pointInRing(centre, ring));
    if (k >= 0) lying[k].push(run);
  }
  return lying;
}

const lengthOf = (runs: readonly WallRun[]) => runs.reduce((sum, run) => sum + run.s1 - run.s0, 0);

/** The share of a building's wall length drawn screened (null: it has no walls). */
function screenedShare(runs: readonly WallRun[]): number | null {
  const all = lengthOf(runs);
  return all > 0 ? lengthOf(runs.filter((run) => styleLuminance(run.style) >= SCREENED_LUMINANCE)) / all : null;
}

/** Wall directions are told apart to this many degrees. */
const DIRECTION_BIN_DEGREES = 5;
/** Directions within this many degrees of square to the main one are its square partners... */
const OFF_SQUARE_DEGREES = 10;
/** ...directions this near the main one run along it (a wall a little off square)... */
const SAME_DIRECTION_DEGREES = 20;
/** ...and a building is drawn in projection where its square partners hold less than this share of its walls and another direction this share or more. */
const SQUARE_PARTNER_SHARE = 0.1;
const SECOND_DIRECTION_SHARE = 0.2;

/** Whether a building's walls run in two main directions that are not square to each other. */
function drawnInProjection(runs: readonly WallRun[]): boolean {
  const lengthByBin = new Map<number, number>();
  for (const run of runs) {
    const degrees = ((((Math.atan2(run.uy, run.ux) * 180) / Math.PI) % 180) + 180) % 180;
    const bin = (Math.round(degrees / DIRECTION_BIN_DEGREES) * DIRECTION_BIN_DEGREES) % 180;
    lengthByBin.set(bin, (lengthByBin.get(bin) ?? 0) + run.s1 - run.s0);
  }
  const total = lengthOf(runs);
  const bins = [...lengthByBin].sort((a, b) => b[1] - a[1]);
  if (bins.length < 2) return false;
  const apart = (a: number, b: number) => Math.min(Math.abs(a - b), 180 - Math.abs(a - b));
  const [first] = bins[0];
  const offSquare = (bin: number) => Math.abs(apart(bin, first) - 90);
  const square = bins.filter(([bin]) => offSquare(bin) <= OFF_SQUARE_DEGREES).reduce((sum, [, length]) => sum + length, 0);
  const other = bins.find(([bin]) => apart(bin, first) >= SAME_DIRECTION_DEGREES && offSquare(bin) > OFF_SQUARE_DEGREES);
  return square < SQUARE_PARTNER_SHARE * total && other !== undefined && other[1] >= SECOND_DIRECTION_SHARE * total;
}

/**
 * The buildings that are context (screened beside one in ink) or drawn in projection. Walls at
 * 0°, 60° and 120° are a hexagonal plan as well as an isometric view: a building one of whose
 * rooms is named is a plan whatever its walls' directions (a view in projection names none).
 */
function notPlans(buildings: Ring[], runs: readonly WallRun[], rooms: readonly RoomAt[], unitsPerMetre: number | null): Set<Ring> {
  const lying = runsByBuilding(buildings, runs);
  const shares = lying.map(screenedShare);
  const inkBeside = shares.some((share) => share !== null && share <= SUBJECT_SHARE);
  const named = (ring: Ring) => rooms.some(({ room, at }) => room.name !== null && pointInRing(at, ring));
  const otherScale = drawnAtAnotherScale(buildings, rooms, unitsPerMetre);
  return new Set(buildings.filter((ring, k) => (inkBeside && (shares[k] ?? 0) >= CONTEXT_SHARE) || (drawnInProjection(lying[k]) && !named(ring)) || otherScale.has(ring)));
}

/** A building's stamped rooms measure this close to their printed areas (as a ratio, either way) where it is drawn at the sheet's scale... */
const AT_SCALE_RATIO = 1.25;
/** ...and beyond this ratio either way where it is drawn at another (a key plan, an enlarged detail). */
const OTHER_SCALE_RATIO = 2;
/** Stamped rooms a building needs for its areas to tell its scale. */
const STAMPED_ROOMS = 2;

/**
 * Buildings drawn at another scale than the sheet's: a key plan beside a rental plan (the flat
 * again at a third of its size, its stamps printed as in the plan), an enlarged detail. Their
 * stamped rooms measure, at the sheet's scale, a fraction (or a multiple) of the areas they print,
 * where another building's rooms measure what theirs print.
 */
function drawnAtAnotherScale(buildings: Ring[], rooms: readonly RoomAt[], unitsPerMetre: number | null): Set<Ring> {
  if (unitsPerMetre === null) return new Set();
  const stamped = rooms.filter(({ room }) => room.printedAreaM2 !== null && room.printedAreaM2 > 0);
  // The median of measured over printed area of each building's stamped rooms, where it has enough.
  const ratios = buildings.map((ring) => {
    const own = stamped.filter(({ at }) => pointInRing(at, ring));
    return own.length < STAMPED_ROOMS ? null : median(own.map(({ room }) => multiPolygonArea([room.polygon]) / unitsPerMetre ** 2 / room.printedAreaM2!));
  });
  const within = (ratio: number | null, factor: number) => ratio !== null && ratio <= factor && ratio >= 1 / factor;
  if (!ratios.some((ratio) => within(ratio, AT_SCALE_RATIO))) return new Set();
  return new Set(buildings.filter((_, k) => ratios[k] !== null && !within(ratios[k], OTHER_SCALE_RATIO)));
}

/** A room with a point inside it. */
interface RoomAt {
  room: FoundRoom;
  at: Position;
}

/** Whether a room lies in a building's outline or within `reach` of it. */
function ofBuilding({ room, at }: RoomAt, outline: Ring, reach: number): boolean {
  const ring = room.polygon[0];
  if (!boxesOverlap(ringBBox(ring), ringBBox(outline), reach)) return false;
  if (pointInRing(at, outline)) return true;
  return ring.some((p) => distanceToRing(p, outline) <= reach) || outline.some((p) => distanceToRing(p, ring) <= reach);
}

/**
 * The findings without the buildings drawn for context or in projection, without rooms that
 * stand more than `reach` (about a wall's thickness) clear of every building left, and without
 * buildings left with no room.
 */
export function withoutContext(findings: RoomFindings, runs: readonly WallRun[], reach: number, unitsPerMetre: number | null): RoomFindings {
  const placed = findings.rooms.map((room) => ({ room, at: interiorPoint(room.polygon) }));
  const dropped = notPlans(findings.buildings, runs, placed, unitsPerMetre);
  const plans = findings.buildings.filter((ring) => !dropped.has(ring));
  const newIndex: number[] = [];
  let count = 0;
  const housing = new Set<Ring>();
  const kept = placed.filter((room, k) => {
    const homes = plans.filter((outline) => ofBuilding(room, outline, reach));
    for (const outline of homes) housing.add(outline);
    newIndex[k] = homes.length > 0 ? count++ : -1;
    return homes.length > 0;
  });
  const rooms = kept.map(({ room }) => room);
  // A drawing left with no room (a box of notes with a heavy frame) is no building.
  const buildings = plans.filter((outline) => housing.has(outline));
  if (rooms.length === findings.rooms.length && buildings.length === findings.buildings.length) return findings;
  const remap = (room: number) => (room < 0 ? room : newIndex[room]);
  return { rooms, buildings, solids: findings.solids, closureSides: findings.closureSides.map(([a, b]) => [remap(a), remap(b)]) };
}
