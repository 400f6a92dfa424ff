// Buildings drawn for context. A site plan or a Revit sheet shows the neighbouring buildings, an
// earlier phase ("not part of this application") or a linked model screened, in a light grey
// halftone, beside the building it is about, drawn in full ink. Their walls close rooms as well as
// any, but nobody prices them: where some building's walls are in ink, the buildings whose walls
// are nearly all screened are dropped with their rooms (and so their walls, openings and fixtures).
// A sheet drawn wholly in grey keeps its buildings.
import { interiorPoint, pointInRing } from './geom-basics.ts';
import { fromFrame } from './geom-frame.ts';
import type { Ring } from './model.ts';
import type { RoomFindings } from './rooms.ts';
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

/** The findings without the buildings drawn for context, nor the rooms in them. */
export function withoutContextBuildings(findings: RoomFindings, runs: readonly WallRun[]): RoomFindings {
  const shares = screenedShares(findings.buildings, runs);
  if (!shares.some((share) => share !== null && share <= SUBJECT_SHARE)) return findings;
  const context = findings.buildings.filter((_, k) => (shares[k] ?? 0) >= CONTEXT_SHARE);
  if (context.length === 0) return findings;
  const newIndex: number[] = [];
  const rooms = findings.rooms.filter((room, k) => {
    const kept = !context.some((ring) => pointInRing(interiorPoint(room.polygon), ring));
    newIndex[k] = kept ? newIndex.filter((n) => n >= 0).length : -1;
    return kept;
  });
  const remap = (room: number) => (room < 0 ? room : newIndex[room]);
  return {
    rooms,
    buildings: findings.buildings.filter((ring) => !context.includes(ring)),
    solids: findings.solids,
    closureSides: findings.closureSides.map(([a, b]) => [remap(a), remap(b)]),
  };
}
