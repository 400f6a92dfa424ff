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
import { boxesOverlap, distanceToRing, interiorPoint, pointInRing, ringBBox } from './geom-basics.ts';
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

/** The share of the wall length in each building that is drawn screened (null: no walls in it). */
function screenedShares(buildings: Ring[], runs: readonly WallRun[]): (number | null)[] {
  const totals = buildings.map(() => ({ screened: 0, all: 0 }));
  for (const run of runs) {
    const centre = fromFrame(run, (run.s0 + run.s1) / 2, (run.o0 + run.o1) / 2);
    const k = buildings.findIndex((ring) => pointInRing(centre, ring));
    if (k < 0) continue;
    const length = run.s1 - run.s0;
    totals[k].all += length;
    if (styleLuminance(run.style) >= SCREENED_LUMINANCE) totals[k].screened += length;
  }
  return totals.map(({ screened, all }) => (all > 0 ? screened / all : null));
}

function contextBuildings(buildings: Ring[], runs: readonly WallRun[]): Set<Ring> {
  const shares = screenedShares(buildings, runs);
  if (!shares.some((share) => share !== null && share <= SUBJECT_SHARE)) return new Set();
  return new Set(buildings.filter((_, k) => (shares[k] ?? 0) >= CONTEXT_SHARE));
}

/** Wall directions are told apart to this many degrees. */
const DIRECTION_BIN_DEGREES = 5;
/** Two directions this near each other, degrees, are one (a wall a little off square)... */
const SAME_DIRECTION_DEGREES = 20;
/** ...and two directions this far off square, degrees, are a projection's, where the second holds this share of the walls. */
const OFF_SQUARE_DEGREES = 10;
const SECOND_DIRECTION_SHARE = 0.2;

/** Whether the walls in `outline` run in two main directions that are not square to each other. */
function drawnInProjection(outline: Ring, runs: readonly WallRun[]): boolean {
  const lengthByBin = new Map<number, number>();
  let total = 0;
  for (const run of runs) {
    if (!pointInRing(fromFrame(run, (run.s0 + run.s1) / 2, (run.o0 + run.o1) / 2), outline)) continue;
    const degrees = (((Math.atan2(run.uy, run.ux) * 180) / Math.PI) % 180 + 180) % 180;
    const bin = (Math.round(degrees / DIRECTION_BIN_DEGREES) * DIRECTION_BIN_DEGREES) % 180;
    lengthByBin.set(bin, (lengthByBin.get(bin) ?? 0) + run.s1 - run.s0);
    total += run.s1 - run.s0;
  }
  const bins = [...lengthByBin].sort((a, b) => b[1] - a[1]);
  if (bins.length < 2) return false;
  const apart = (a: number, b: number) => Math.min(Math.abs(a - b), 180 - Math.abs(a - b));
  const [first] = bins[0];
  const second = bins.find(([bin]) => apart(bin, first) >= SAME_DIRECTION_DEGREES);
  return second !== undefined && second[1] >= SECOND_DIRECTION_SHARE * total && Math.abs(apart(second[0], first) - 90) > OFF_SQUARE_DEGREES;
}

/** Whether a room lies in a building's outline or within `reach` of it. */
function ofBuilding(room: FoundRoom, outline: Ring, reach: number): boolean {
  const ring = room.polygon[0];
  if (!boxesOverlap(ringBBox(ring), ringBBox(outline), reach)) return false;
  if (pointInRing(interiorPoint(room.polygon), outline)) return true;
  return ring.some((p) => distanceToRing(p, outline) <= reach) || outline.some((p) => distanceToRing(p, ring) <= reach);
}

/**
 * The findings without the buildings drawn for context or in projection, and without rooms that
 * stand more than `reach` (about a wall's thickness) clear of every building left.
 */
export function withoutContext(findings: RoomFindings, runs: readonly WallRun[], reach: number): RoomFindings {
  const context = contextBuildings(findings.buildings, runs);
  const buildings = findings.buildings.filter((ring) => !context.has(ring) && !drawnInProjection(ring, runs));
  const newIndex: number[] = [];
  let count = 0;
  const rooms = findings.rooms.filter((room, k) => {
    const kept = buildings.some((outline) => ofBuilding(room, outline, reach));
    newIndex[k] = kept ? count++ : -1;
    return kept;
  });
  if (rooms.length === findings.rooms.length && buildings.length === findings.buildings.length) return findings;
  const remap = (room: number) => (room < 0 ? room : newIndex[room]);
  return { rooms, buildings, solids: findings.solids, closureSides: findings.closureSides.map(([a, b]) => [remap(a), remap(b)]) };
}
