// Spaces that neither a wall nor a drawn line separates: an elevator lobby opening onto a
// corridor, an office open to the hall outside it. The architect prints a room tag in the middle
// of each, and the floor narrows between them, where a corridor leaves the lobby or a wall ends.
// A region still holding several tags is cut across its most pronounced such neck: a straight
// span from a corner where the region turns inward (a wall end, the mouth of a corridor), along a
// wall face or square to it, to the opposite boundary. Only a span far shorter than both pieces
// and than the space it opens into is a neck: a corridor narrowing at a column, or an opening as
// wide as the rooms it joins, is left whole. Where the tags print their areas, the span that
// leaves each its printed area is cut rather than the most pronounced neck.
import type { Position } from '../../../../core/src/types.ts';
import { distance, pointInRing, ringPerimeter, signedArea2 } from './geom-basics.ts';
import type { Ring } from './model.ts';

export interface NeckLimits {
  minArea: number;
  minWidth: number;
}

/**
 * A neck is at most this share of the width of the space it opens into, measured along the cut
 * beyond it, and of the size (square root of the area) of either piece: where a corridor leaves a
 * lobby or meets another corridor, not where a corridor narrows at a column or a wide opening
 * joins two parts of one room.
 */
const NECK_SHARE = 0.6;
/** How far beyond a cut, in cut lengths, the width of the space on each side is probed. */
const PROBE_OFFSETS = [0.5, 1];

interface Cut {
  /** Far narrower than both pieces and than the space it opens into. */
  neck: boolean;
  /** How many times wider than the cut the space is on its wider side. */
  opening: number;
  pieces: [Ring, Ring];
  areas: [number, number];
}

function ringArea(ring: Ring): number {
  return Math.abs(signedArea2(ring)) / 2;
}

/** The ring's corners without the repeated last one. */
function openRing(ring: Ring): Position[] {
  const last = ring[ring.length - 1];
  return last[0] === ring[0][0] && last[1] === ring[0][1] ? ring.slice(0, -1) : ring.slice();
}

/**
 * Where a ray from a point first meets the boundary: the edge it meets and the distance along the
 * ray. A ray from corner `from` skips the two edges meeting there: they start it, not end it.
 */
function castRay(corners: Position[], [ax, ay]: Position, ux: number, uy: number, from = -1): { edge: number; t: number } | null {
  const n = corners.length;
  let best: { edge: number; t: number } | null = null;
  for (let k = 0; k < n; k++) {
    if (from >= 0 && (k === from || (k + 1) % n === from)) continue;
    const p = corners[k];
    const q = corners[(k + 1) % n];
    const ex = q[0] - p[0];
    const ey = q[1] - p[1];
    const denom = ux * ey - uy * ex;
    if (Math.abs(denom) < 1e-12) continue;
    const t = ((p[0] - ax) * ey - (p[1] - ay) * ex) / denom;
    const s = ((p[0] - ax) * uy - (p[1] - ay) * ux) / denom;
    if (t > 1e-6 && s >= 0 && s <= 1 && (!best || t < best.t)) best = { edge: k, t };
  }
  return best;
}

/** Directions to cut from a corner: on along either wall face that meets there, and square to each. */
function cutDirections(previous: Position, corner: Position, next: Position): [number, number][] {
  const directions: [number, number][] = [];
  for (const [from, to] of [
    [previous, corner],
    [next, corner],
  ] as const) {
    const length = distance(from, to);
    if (length === 0) continue;
    const ux = (to[0] - from[0]) / length;
    const uy = (to[1] - from[1]) / length;
    directions.push([ux, uy], [-uy, ux], [uy, -ux]);
  }
  return directions;
}

/**
 * The width of the space on one side of a cut, along the cut: the least span through the probes
 * beyond its middle (zero where a probe leaves the space).
 */
function spaceWidth(corners: Position[], middle: Position, ux: number, uy: number, side: number, length: number): number {
  let least = Infinity;
  for (const offset of PROBE_OFFSETS) {
    const probe: Position = [middle[0] - side * uy * offset * length, middle[1] + side * ux * offset * length];
    const ahead = castRay(corners, probe, ux, uy);
    const behind = castRay(corners, probe, -ux, -uy);
    if (!ahead || !behind || !pointInRing(probe, corners)) return 0;
    least = Math.min(least, ahead.t + behind.t);
  }
  return least;
}

/**
 * Every straight span from an inward-turning corner to the boundary that splits the ring into two
 * pieces, each room-sized and holding a tag; a neck where each piece is far larger than the span
 * is long and the space beyond it far wider.
 */
function cornerSpans(ring: Ring, tags: Position[], limits: NeckLimits): Cut[] {
  const corners = openRing(ring);
  const n = corners.length;
  const orientation = Math.sign(signedArea2(ring));
  const cuts: Cut[] = [];
  for (let i = 0; i < n; i++) {
    const previous = corners[(i + n - 1) % n];
    const corner = corners[i];
    const next = corners[(i + 1) % n];
    const turn = (corner[0] - previous[0]) * (next[1] - corner[1]) - (corner[1] - previous[1]) * (next[0] - corner[0]);
    // A corner turning against the ring's orientation points into the space: a wall end or jamb.
    if (Math.sign(turn) !== -orientation || turn === 0) continue;
    for (const [ux, uy] of cutDirections(previous, corner, next)) {
      const hit = castRay(corners, corner, ux, uy, i);
      if (!hit) continue;
      const middle: Position = [corner[0] + (ux * hit.t) / 2, corner[1] + (uy * hit.t) / 2];
      if (!pointInRing(middle, ring)) continue;
      const end: Position = [corner[0] + ux * hit.t, corner[1] + uy * hit.t];
      const one: Position[] = [corner];
      for (let k = (i + 1) % n; k !== (hit.edge + 1) % n; k = (k + 1) % n) one.push(corners[k]);
      one.push(end, corner);
      const other: Position[] = [end];
      for (let k = (hit.edge + 1) % n; k !== i; k = (k + 1) % n) other.push(corners[k]);
      other.push(corner, end);
      const pieces: [Ring, Ring] = [one, other];
      const areas: [number, number] = [ringArea(one), ringArea(other)];
      const fits = pieces.every((piece, k) => areas[k] >= limits.minArea && (2 * areas[k]) / ringPerimeter(piece) >= limits.minWidth && tags.some((tag) => pointInRing(tag, piece)));
      if (!fits) continue;
      const narrow = areas.every((area) => hit.t <= NECK_SHARE * Math.sqrt(area));
      const opening = Math.max(...[1, -1].map((side) => spaceWidth(corners, middle, ux, uy, side, hit.t))) / hit.t;
      cuts.push({ opening, pieces, areas, neck: narrow && opening >= 1 / NECK_SHARE });
    }
  }
  return cuts;
}

/** A room tag's anchor with the area its stamp prints, square blueprint units (null where it prints none). */
export interface NeckTag {
  at: Position;
  area: number | null;
}

/**
 * Where the floor narrows at a neck and two tags print their areas, a span that leaves each piece
 * within this share of its tag's area is the architect's boundary, neck or not: stepcube's laundry
 * niche, as wide as it is deep, opens onto its entrance hall, and the neck where the hall narrows
 * past it had given the niche the hall's end (Waschen 7.32 m² for 4.67 printed, Entrée 4.44 for
 * 7.37). A space with no neck is an open plan, parted where its stamps say (topology-stamps.ts).
 */
const STAMPED_SPAN_AGREEMENT = 0.05;

/** How far the pieces of a cut are off the areas their tags print (the worse of the two); infinite where a piece holds no single stamped tag. */
function stampDisagreement(cut: Cut, tags: NeckTag[]): number {
  let worst = 0;
  for (const [k, piece] of cut.pieces.entries()) {
    const held = tags.filter((tag) => pointInRing(tag.at, piece));
    if (held.length !== 1 || held[0].area === null) return Infinity;
    worst = Math.max(worst, Math.abs(cut.areas[k] - held[0].area) / held[0].area);
  }
  return worst;
}

/**
 * The region cut, while it narrows at a neck, along the span whose pieces fit their tags' printed
 * areas or else at its most pronounced neck, until every piece holds one tag or no neck separates
 * its tags.
 */
export function splitAtNecks(ring: Ring, tags: NeckTag[], limits: NeckLimits): Ring[] {
  const inside = tags.filter((tag) => pointInRing(tag.at, ring));
  if (inside.length < 2) return [ring];
  const cuts = cornerSpans(ring, inside.map((tag) => tag.at), limits);
  const necks = cuts.filter((cut) => cut.neck);
  if (necks.length === 0) return [ring];
  const stamped = cuts.map((cut) => ({ cut, off: stampDisagreement(cut, inside) })).filter(({ off }) => off <= STAMPED_SPAN_AGREEMENT);
  const cut = stamped.length > 0 ? stamped.reduce((best, next) => (next.off < best.off ? next : best)).cut : necks.reduce((best, next) => (next.opening > best.opening ? next : best));
  return cut.pieces.flatMap((piece) => splitAtNecks(piece, inside, limits));
}
