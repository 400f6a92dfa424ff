// What a sheet draws around the building it is about. A site plan or a Revit sheet shows the
// neighbouring buildings, an earlier phase ("not part of this application") or a linked model
// screened, in a light grey halftone, beside the building drawn in full ink; their walls close
// rooms as well as any, but nobody prices them. Where some building's walls are in ink, the
// buildings whose walls are nearly all screened are dropped (and so their walls, openings and
// fixtures); a sheet drawn wholly in grey keeps its buildings. Paint on the site or a roof terrace
// (a planting bed, a lawn, a pool) lies within a building's extent yet clear of its walls: only
// rooms within or against a building's outline are rooms.
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

/** Whether a room lies in a building's outline or within `reach` of it. */
function ofBuilding(room: FoundRoom, outline: Ring, reach: number): boolean {
  const ring = room.polygon[0];
  if (!boxesOverlap(ringBBox(ring), ringBBox(outline), reach)) return false;
  if (pointInRing(interiorPoint(room.polygon), outline)) return true;
  return ring.some((p) => distanceToRing(p, outline) <= reach) || outline.some((p) => distanceToRing(p, ring) <= reach);
}

/**
 * The findings without the buildings drawn for context and without rooms that stand more than
 * `reach` (about a wall's thickness) clear of every building left.
 */
export function withoutContext(findings: RoomFindings, runs: readonly WallRun[], reach: number): RoomFindings {
  const context = contextBuildings(findings.buildings, runs);
  const buildings = findings.buildings.filter((ring) => !context.has(ring));
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
