// Spaces that no wall separates: an open corridor running into a lobby, zones of one open floor.
// The architect still tells them apart, by a room tag in each and by a line drawn between them
// (a Revit room separation line, an ArchiCAD zone boundary, a finish change across a corridor,
// a dashed limit). A region of the wall network that holds several room tags is cut along such
// lines: a drawn straight line whose inside part runs from the region's boundary to its boundary,
// keeping only cuts that leave a tag in every piece, so an alcove or a sliver is never cut off.
// A line that runs on through the region's wall into the next space (the rule between a door
// marker's width and height, a leader through a doorway) belongs to something else.
import type { Position } from '../../../../core/src/types.ts';
import type { RGBA, SheetPrimitives } from '../types.ts';
import Flatbush from 'flatbush';
import { distance, pointInRing, ringBBox, signedArea2 } from './geom-basics.ts';
import { differenceOf } from './geom-clip.ts';
import type { Ring } from './model.ts';
import { isInk } from './topology-evidence.ts';

export interface Segment2 {
  a: Position;
  b: Position;
}

/**
 * Every straight piece of ink stroke on the sheet (of the strokes `drawnIn` keeps by their colour),
 * dashed ones included: the walls' step reads only solid strokes, but a separation line is as
 * often dashed as solid.
 */
export function strokeSegments(primitives: SheetPrimitives, drawnIn: (color: RGBA) => boolean = isInk): Segment2[] {
  const segments: Segment2[] = [];
  for (const path of primitives.paths) {
    if (!path.stroke || !drawnIn(path.stroke.color)) continue;
    for (const subpath of path.subpaths) {
      for (const segment of subpath.segments) if (segment.kind === 'line') segments.push({ a: segment.from, b: segment.to });
      const first = subpath.segments[0]?.from;
      const last = subpath.segments[subpath.segments.length - 1]?.to;
      if (subpath.closed && first && last) segments.push({ a: last, b: first });
    }
  }
  return segments;
}

export interface SeparatorLimits {
  /** How far a drawn line may stop short of the region's boundary and still close it, units. */
  reach: number;
  /** Whether a point is wall material (or a door closed across its gap). */
  isSolid: (p: Position) => boolean;
  minArea: number;
  minWidth: number;
}

interface Chord {
  a: Position;
  b: Position;
  length: number;
}

/** Parameters along a→b where it crosses the ring's edges. */
function crossings(a: Position, b: Position, ring: Ring, edges: Flatbush): number[] {
  const ts: number[] = [];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  for (const k of edges.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]))) {
    const p = ring[k];
    const q = ring[k + 1];
    const ex = q[0] - p[0];
    const ey = q[1] - p[1];
    const denom = dx * ey - dy * ex;
    if (Math.abs(denom) < 1e-12) continue;
    const t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / denom;
    const s = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / denom;
    if (t > 0 && t < 1 && s >= 0 && s <= 1) ts.push(t);
  }
  return ts.sort((x, y) => x - y);
}

/**
 * The inside parts of a drawn line, lengthened by `reach` at both ends, that run from the ring's
 * boundary to its boundary: a line that stops in the open floor closes nothing.
 */
function chordsOf(segment: Segment2, ring: Ring, edges: Flatbush, reach: number, isSolid: (p: Position) => boolean): Chord[] {
  const length = distance(segment.a, segment.b);
  if (length === 0) return [];
  if ([segment.a, segment.b].some((end) => !pointInRing(end, ring) && !isSolid(end))) return [];
  const ux = (segment.b[0] - segment.a[0]) / length;
  const uy = (segment.b[1] - segment.a[1]) / length;
  const a: Position = [segment.a[0] - ux * reach, segment.a[1] - uy * reach];
  const b: Position = [segment.b[0] + ux * reach, segment.b[1] + uy * reach];
  const at = (t: number): Position => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const ts = crossings(a, b, ring, edges);
  const chords: Chord[] = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const from = at(ts[i]);
    const to = at(ts[i + 1]);
    const chordLength = distance(from, to);
    // Most of the chord must be drawn: the lengthened ends only bridge a gap at the wall face.
    if (chordLength <= 2 * reach) continue;
    if (!pointInRing(at((ts[i] + ts[i + 1]) / 2), ring)) continue;
    chords.push({ a: from, b: to, length: chordLength });
  }
  return chords;
}

function ringArea(ring: Ring): number {
  return Math.abs(signedArea2(ring)) / 2;
}

function edgeIndex(ring: Ring): Flatbush {
  const index = new Flatbush(Math.max(1, ring.length - 1));
  for (let k = 0; k + 1 < ring.length; k++) {
    const p = ring[k];
    const q = ring[k + 1];
    index.add(Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1]));
  }
  if (ring.length < 2) index.add(0, 0, 0, 0);
  index.finish();
  return index;
}

/** The ring cut along a chord into its pieces, or null when a piece is a sliver or has no tag. */
function cutAlong(ring: Ring, chord: Chord, tags: Position[], limits: SeparatorLimits): Ring[] | null {
  const ux = (chord.b[0] - chord.a[0]) / chord.length;
  const uy = (chord.b[1] - chord.a[1]) / chord.length;
  // A hairline cut, reaching past both ends so the ring is cut through.
  const half = 0.1;
  const ext = limits.reach;
  const a: Position = [chord.a[0] - ux * ext, chord.a[1] - uy * ext];
  const b: Position = [chord.b[0] + ux * ext, chord.b[1] + uy * ext];
  const nx = -uy * half;
  const ny = ux * half;
  const blade: Ring = [
    [a[0] + nx, a[1] + ny],
    [b[0] + nx, b[1] + ny],
    [b[0] - nx, b[1] - ny],
    [a[0] - nx, a[1] - ny],
    [a[0] + nx, a[1] + ny],
  ];
  const pieces = differenceOf([[ring]], [[blade]]).map((polygon) => polygon[0] as Ring);
  if (pieces.length < 2) return null;
  for (const piece of pieces) {
    const area = ringArea(piece);
    if (area < limits.minArea) return null;
    let perimeter = 0;
    for (let k = 0; k + 1 < piece.length; k++) perimeter += distance(piece[k], piece[k + 1]);
    if ((2 * area) / perimeter < limits.minWidth) return null;
    if (!tags.some((tag) => pointInRing(tag, piece))) return null;
  }
  return pieces;
}

/**
 * The region cut along drawn lines until every piece holds one tag or no drawn line separates its
 * tags. Shorter cuts go first: a line across a corridor or a doorway before one along a room.
 */
export function splitAtSeparators(ring: Ring, tags: Position[], segments: Segment2[], segmentIndex: Flatbush, limits: SeparatorLimits): Ring[] {
  const inside = tags.filter((tag) => pointInRing(tag, ring));
  if (inside.length < 2) return [ring];
  const box = ringBBox(ring);
  const edges = edgeIndex(ring);
  const chords: Chord[] = [];
  for (const k of segmentIndex.search(box[0], box[1], box[2], box[3])) chords.push(...chordsOf(segments[k], ring, edges, limits.reach, limits.isSolid));
  chords.sort((x, y) => x.length - y.length);
  let pieces: Ring[] = [ring];
  for (const chord of chords) {
    const middle: Position = [(chord.a[0] + chord.b[0]) / 2, (chord.a[1] + chord.b[1]) / 2];
    const k = pieces.findIndex((piece) => pointInRing(middle, piece));
    if (k < 0) continue;
    const pieceTags = inside.filter((tag) => pointInRing(tag, pieces[k]));
    if (pieceTags.length < 2) continue;
    const cut = cutAlong(pieces[k], chord, pieceTags, limits);
    if (cut) pieces = [...pieces.slice(0, k), ...cut, ...pieces.slice(k + 1)];
  }
  return pieces;
}

export function segmentIndexOf(segments: Segment2[]): Flatbush {
  const index = new Flatbush(Math.max(1, segments.length));
  for (const { a, b } of segments) index.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  if (segments.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  return index;
}
