// Clipping paths that are not rectangles. CAD exports (Revit's and AutoCAD's hatches, area tints,
// greyed-out "no work" zones) paint one big rectangle and clip it to the outline of the area it
// belongs to. Taken by its box, such a rectangle would cover the walls and rooms around the area,
// so a clip that is not an axis-aligned rectangle is applied to the geometry itself: a fill becomes
// the part of it inside the clip, a stroke is cut where it leaves the clip. A rectangular clip is
// a box, applied only to the paths that run out of it, and kept on those (`VectorPath.clip`).
import Flatbush from 'flatbush';
import type { Position } from '../../../core/src/types.ts';
import { pointInPolygon } from '../../../core/src/geometry.ts';
import { cubicPoint, flattenCubic, subpathPolyline } from './curves.ts';
import { ringBBox } from './recognize/geom-basics.ts';
import { intersectionOf, paintedRegion, type MultiPolygon } from './recognize/geom-clip.ts';
import type { BBox, Segment, SubPath } from './types.ts';

/** Curves of a clip outline become chords within this many blueprint units. */
const CURVE_TOLERANCE = 0.25;

export interface ClipRegion {
  polygons: MultiPolygon;
  /** Edges of the region's rings, indexed: most paths cross none, and are kept or dropped whole. */
  edges: [Position, Position][];
  edgeIndex: Flatbush;
}

function isAxisRectangle(ring: Position[]): boolean {
  const corners = ring.length === 5 && ring[0][0] === ring[4][0] && ring[0][1] === ring[4][1] ? ring.slice(0, 4) : ring;
  if (corners.length !== 4) return false;
  const tolerance = 1e-6 * (1 + Math.max(...corners.map(([x, y]) => Math.abs(x) + Math.abs(y))));
  return corners.every(([x, y], i) => {
    const [nx, ny] = corners[(i + 1) % 4];
    return Math.abs(x - nx) <= tolerance || Math.abs(y - ny) <= tolerance;
  });
}

/** The region a clipping path keeps, or null when it is a plain rectangle (or keeps nothing): its box is enough. */
export function clipRegionOf(subpaths: SubPath[], evenOdd: boolean): ClipRegion | null {
  const rings = subpaths.filter((subpath) => subpath.segments.length > 0).map((subpath) => subpathPolyline(subpath, CURVE_TOLERANCE)).filter((ring) => ring.length >= 3);
  if (rings.length === 0 || (rings.length === 1 && isAxisRectangle(rings[0]))) return null;
  return regionOf(paintedRegion(rings, evenOdd));
}

/**
 * A rectangular clip as a region, for the paths it cuts: a stroke running on past the box is
 * shown only inside it, and Cairo, say, keeps a hatch's lines whole and clips each one to the box
 * of its visible part.
 */
export function boxRegion([x0, y0, x1, y1]: BBox): ClipRegion {
  return regionOf([[[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]])!;
}

function regionOf(polygons: MultiPolygon): ClipRegion | null {
  const edges: [Position, Position][] = [];
  for (const polygon of polygons) for (const ring of polygon) for (let i = 1; i < ring.length; i++) edges.push([ring[i - 1], ring[i]]);
  if (edges.length === 0) return null;
  const edgeIndex = new Flatbush(edges.length);
  for (const [a, b] of edges) edgeIndex.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  edgeIndex.finish();
  return { polygons, edges, edgeIndex };
}

export function regionHolds(region: ClipRegion, point: Position): boolean {
  return region.polygons.some((polygon) => pointInPolygon(point, polygon));
}

function crossesEdges(region: ClipRegion, box: BBox): boolean {
  return region.edgeIndex.search(box[0], box[1], box[2], box[3]).length > 0;
}

/** The part of a fill inside every region; the same array when no region's outline crosses it. */
export function clipFill(subpaths: SubPath[], evenOdd: boolean, regions: ClipRegion[]): { subpaths: SubPath[]; evenOdd: boolean } {
  let current = { subpaths, evenOdd };
  for (const region of regions) {
    const rings = current.subpaths.filter((subpath) => subpath.segments.length > 0).map((subpath) => subpathPolyline(subpath, CURVE_TOLERANCE));
    const points = rings.flat();
    if (points.length === 0) return { subpaths: [], evenOdd };
    if (!crossesEdges(region, ringBBox(points))) {
      if (!regionHolds(region, points[0])) return { subpaths: [], evenOdd };
      continue;
    }
    const kept = intersectionOf(paintedRegion(rings.filter((ring) => ring.length >= 3), current.evenOdd), region.polygons);
    // Holes come out as rings inside their outer ring, which even-odd filling paints as holes.
    current = { subpaths: kept.flatMap((polygon) => polygon.map(ringSubpath)), evenOdd: true };
  }
  return current;
}

function ringSubpath(ring: Position[]): SubPath {
  const open = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
  return { segments: open.map((from, i) => ({ kind: 'line', from, to: open[(i + 1) % open.length] })), closed: true };
}

/** Parameters along a→b where it crosses one of the region's edges, strictly inside (0, 1). */
function crossings(region: ClipRegion, a: Position, b: Position): number[] {
  const found: number[] = [];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  for (const k of region.edgeIndex.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]))) {
    const [p, q] = region.edges[k];
    const ex = q[0] - p[0];
    const ey = q[1] - p[1];
    const denominator = dx * ey - dy * ex;
    if (denominator === 0) continue;
    const t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / denominator;
    const u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / denominator;
    if (t > 0 && t < 1 && u >= 0 && u <= 1) found.push(t);
  }
  return found.sort((x, y) => x - y);
}

function lerp(a: Position, b: Position, t: number): Position {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** The pieces of one segment inside the region, in order. */
function segmentInside(region: ClipRegion, segment: Segment): Segment[] {
  const box = segment.kind === 'line' ? ringBBox([segment.from, segment.to]) : ringBBox([segment.from, segment.c1, segment.c2, segment.to]);
  if (!crossesEdges(region, box)) {
    const middle: Position =
      segment.kind === 'line'
        ? lerp(segment.from, segment.to, 0.5)
        : [cubicPoint(segment.from[0], segment.c1[0], segment.c2[0], segment.to[0], 0.5), cubicPoint(segment.from[1], segment.c1[1], segment.c2[1], segment.to[1], 0.5)];
    return regionHolds(region, middle) ? [segment] : [];
  }
  // A curve crossing the outline is cut as its chords: only where it leaves the clip.
  const chords: [Position, Position][] = [];
  if (segment.kind === 'line') chords.push([segment.from, segment.to]);
  else {
    let from = segment.from;
    for (const to of flattenCubic(segment.from, segment.c1, segment.c2, segment.to, CURVE_TOLERANCE)) {
      chords.push([from, to]);
      from = to;
    }
  }
  const pieces: Segment[] = [];
  for (const [a, b] of chords) {
    const cuts = [0, ...crossings(region, a, b), 1];
    for (let i = 1; i < cuts.length; i++) {
      if (cuts[i] - cuts[i - 1] < 1e-9) continue;
      if (regionHolds(region, lerp(a, b, (cuts[i - 1] + cuts[i]) / 2))) pieces.push({ kind: 'line', from: lerp(a, b, cuts[i - 1]), to: lerp(a, b, cuts[i]) });
    }
  }
  return pieces;
}

/** The parts of a stroke inside every region; the same array when nothing is cut away. */
export function clipStroke(subpaths: SubPath[], regions: ClipRegion[]): SubPath[] {
  let current = subpaths;
  for (const region of regions) {
    const next: SubPath[] = [];
    let changed = false;
    for (const subpath of current) {
      if (subpath.segments.length === 0) continue;
      const first = subpath.segments[0].from;
      const last = subpath.segments[subpath.segments.length - 1].to;
      const segments: Segment[] = subpath.closed && (first[0] !== last[0] || first[1] !== last[1]) ? [...subpath.segments, { kind: 'line', from: last, to: first }] : subpath.segments;
      const kept = segments.map((segment) => segmentInside(region, segment));
      if (kept.every((pieces, i) => pieces.length === 1 && pieces[0] === segments[i])) {
        next.push(subpath);
        continue;
      }
      changed = true;
      let run: Segment[] = [];
      for (const piece of kept.flat()) {
        const end = run[run.length - 1]?.to;
        if (end && (end[0] !== piece.from[0] || end[1] !== piece.from[1])) {
          next.push({ segments: run, closed: false });
          run = [];
        }
        run.push(piece);
      }
      if (run.length > 0) next.push({ segments: run, closed: false });
    }
    if (changed) current = next;
  }
  return current;
}
