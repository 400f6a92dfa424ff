// Curved walls: two concentric arcs of a wall pen, a wall's thickness apart (a bay, a round room,
// a curved façade). Walls are otherwise paired from straight lines, which never see them, so the
// room behind such a wall leaked out of the building and was lost. A curved wall's run of arcs
// broken by a door or a window is closed across the break, as a straight wall's gap is; where
// glazing arcs span the break, it is a window.
import type { Position } from '../../../../core/src/types.ts';
import { distance } from './geom-basics.ts';
import type { Ring } from './model.ts';
import type { Arc } from './topology-evidence.ts';

export interface CurvedWall {
  center: Position;
  inner: number;
  outer: number;
  /** Start angle and positive sweep (radians, the direction atan2 turns in blueprint coordinates). */
  from: number;
  sweep: number;
  /** The annular sector, closed. */
  ring: Ring;
  /** For a closure across an opening in the curve: the two pieces of wall it joins; empty for drawn wall. */
  joins: CurvedWall[];
  /** For a closure: glazing (arcs between the faces) spans it, so the opening is a window. */
  glazed: boolean;
}

export interface CurvedWallLimits {
  /** Whether a thickness is one the sheet draws its walls at. */
  wallThickness: (thickness: number) => boolean;
  /** The widest door or window a curve is closed across, blueprint units. */
  widestOpening: number;
}

const TURN = 2 * Math.PI;
/** Sectors are drawn with a vertex at least every this many radians (5°). */
const SAMPLE_STEP = Math.PI / 36;
/** The least sweep two arcs share to be one wall, radians (10°). */
const MIN_SHARED_SWEEP = Math.PI / 18;
/** A curved wall bends gently: its outer radius is at least this many thicknesses. */
const MIN_RADIUS_THICKNESSES = 3;

/** Pieces of one wall: one circle, the same faces. */
function sameCircle(a: CurvedWall, b: CurvedWall): boolean {
  const thickness = a.outer - a.inner;
  return distance(a.center, b.center) <= Math.max(1, 0.02 * a.outer) && Math.abs(a.inner - b.inner) <= 0.1 * thickness && Math.abs(a.outer - b.outer) <= 0.1 * thickness;
}

/** Angle from `from` to `to` turning the positive way, in [0, 2π). */
function positiveTurn(from: number, to: number): number {
  return (((to - from) % TURN) + TURN) % TURN;
}

function angleOf(center: Position, p: Position): number {
  return Math.atan2(p[1] - center[1], p[0] - center[0]);
}

/** The arc as a start angle and a positive sweep, whichever way it was drawn. */
function span(arc: Arc): { from: number; sweep: number } {
  const [start, mid, end] = [arc.start, arc.mid, arc.end].map((p) => angleOf(arc.center, p));
  if (positiveTurn(start, mid) <= positiveTurn(start, end)) return { from: start, sweep: positiveTurn(start, end) || TURN };
  return { from: end, sweep: positiveTurn(end, start) || TURN };
}

/** The stretch two spans share, if any. */
function sharedSpan(a: { from: number; sweep: number }, b: { from: number; sweep: number }): { from: number; sweep: number } | null {
  const bStart = positiveTurn(a.from, b.from);
  const aStart = positiveTurn(b.from, a.from);
  if (bStart <= a.sweep) {
    const sweep = Math.min(a.sweep - bStart, b.sweep);
    return sweep > 0 ? { from: b.from, sweep } : null;
  }
  if (aStart <= b.sweep) {
    const sweep = Math.min(b.sweep - aStart, a.sweep);
    return sweep > 0 ? { from: a.from, sweep } : null;
  }
  return null;
}

function sectorRing(center: Position, inner: number, outer: number, from: number, sweep: number): Ring {
  const steps = Math.max(1, Math.ceil(sweep / SAMPLE_STEP));
  const at = (radius: number, k: number): Position => {
    const angle = from + (sweep * k) / steps;
    return [center[0] + radius * Math.cos(angle), center[1] + radius * Math.sin(angle)];
  };
  const ring: Ring = [];
  for (let k = 0; k <= steps; k++) ring.push(at(outer, k));
  for (let k = steps; k >= 0; k--) ring.push(at(inner, k));
  ring.push(ring[0]);
  return ring;
}

/** The curved walls the arcs of the wall pens draw, with closures across the openings in them. */
export function curvedWalls(arcs: Arc[], glazing: Arc[], limits: CurvedWallLimits): CurvedWall[] {
  const walls: CurvedWall[] = [];
  const spans = arcs.map(span);
  arcs.forEach((a, i) => {
    for (let j = i + 1; j < arcs.length; j++) {
      const b = arcs[j];
      const [inner, outer] = a.radius < b.radius ? [a.radius, b.radius] : [b.radius, a.radius];
      const thickness = outer - inner;
      if (distance(a.center, b.center) > Math.max(1, 0.02 * outer) || !limits.wallThickness(thickness) || outer < MIN_RADIUS_THICKNESSES * thickness) continue;
      const shared = sharedSpan(spans[i], spans[j]);
      if (!shared || shared.sweep < MIN_SHARED_SWEEP || shared.sweep * (inner + thickness / 2) < 2 * thickness) continue;
      const wall = { center: a.center, inner, outer, ...shared, ring: sectorRing(a.center, inner, outer, shared.from, shared.sweep), joins: [], glazed: false };
      // CAD exports draw some arcs twice over: a piece another already covers is that piece.
      const covering = (other: CurvedWall) => sameCircle(wall, other) && positiveTurn(other.from, wall.from) + wall.sweep <= other.sweep + 1e-6;
      if (!walls.some(covering)) walls.push(wall);
    }
  });
  return [...walls, ...closuresAcrossOpenings(walls, glazing, limits.widestOpening)];
}

/** Pieces of one curved wall (same circle, same faces) that stop a door's width or less apart: the opening between them, closed. */
function closuresAcrossOpenings(walls: CurvedWall[], glazing: Arc[], widestOpening: number): CurvedWall[] {
  const closures: CurvedWall[] = [];
  walls.forEach((wall, k) => {
    const end = wall.from + wall.sweep;
    const middle = (wall.inner + wall.outer) / 2;
    // The nearest piece starting after this one ends, the positive way round.
    let next: CurvedWall | null = null;
    let gap = Infinity;
    walls.forEach((other, m) => {
      if (m === k || !sameCircle(wall, other)) return;
      const turn = positiveTurn(end, other.from);
      if (turn < gap) [next, gap] = [other, turn];
    });
    if (next === null || gap <= 0 || gap * middle > widestOpening) return;
    const opening = { from: end, sweep: gap };
    // Glazing: an arc on the wall's circle between its faces, across most of the opening.
    const glazed = glazing.some((arc) => {
      if (distance(arc.center, wall.center) > Math.max(1, 0.02 * wall.outer) || arc.radius <= wall.inner || arc.radius >= wall.outer) return false;
      const across = sharedSpan(span(arc), opening);
      return across !== null && across.sweep >= 0.5 * gap;
    });
    closures.push({ ...wall, ...opening, ring: sectorRing(wall.center, wall.inner, wall.outer, end, gap), joins: [wall, next], glazed });
  });
  return closures;
}

function pointAt(wall: CurvedWall, radius: number, share: number): Position {
  const angle = wall.from + share * wall.sweep;
  return [wall.center[0] + radius * Math.cos(angle), wall.center[1] + radius * Math.sin(angle)];
}

/** The point halfway along the wall's axis. */
export function curveMiddle(wall: CurvedWall): Position {
  return pointAt(wall, (wall.inner + wall.outer) / 2, 0.5);
}

/** The wall's axis, halfway between its faces, as a polyline. */
export function curveCenterline(wall: CurvedWall): Position[] {
  const steps = Math.max(1, Math.ceil(wall.sweep / SAMPLE_STEP));
  const middle = (wall.inner + wall.outer) / 2;
  return Array.from({ length: steps + 1 }, (_, k) => pointAt(wall, middle, k / steps));
}

/** Points `offset` off the wall's inner and outer faces at the given shares of its sweep. */
export function curvePointsBeside(wall: CurvedWall, offset: number, shares: number[]): { inside: Position[]; outside: Position[] } {
  return { inside: shares.map((share) => pointAt(wall, wall.inner - offset, share)), outside: shares.map((share) => pointAt(wall, wall.outer + offset, share)) };
}
