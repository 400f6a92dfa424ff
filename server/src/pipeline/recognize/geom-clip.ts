// Boolean operations on polygons through polygon-clipping, made dependable for CAD geometry.
// CAD exports are full of vertices that nearly coincide; polygon-clipping's sweep line can fail
// on those ("Unable to complete output ring"), so inputs are snapped to a fine grid first and an
// operation that still fails is retried on a coarser one.
import Flatbush from 'flatbush';
import polygonClipping from 'polygon-clipping';
import type { MultiPolygon, Polygon } from 'polygon-clipping';
import type { Position } from '../../../../core/src/types.ts';
import { boxContainsPoint, interiorPoint, pointInPolygon, pointInRing, ringBBox, segmentParameter, signedArea2 } from './geom-basics.ts';

export type { MultiPolygon, Polygon };

/** Grids tried in turn, in blueprint units: far below any tolerance recognition works with. */
const SNAP_GRIDS = [1 / 256, 1 / 32, 1 / 4];

function snapPolygon(polygon: Polygon, grid: number): Polygon {
  const snapped: Polygon = [];
  for (const ring of polygon) {
    const out: Position[] = [];
    for (const [x, y] of ring) {
      const p: Position = [Math.round(x / grid) * grid, Math.round(y / grid) * grid];
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    if (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
    if (out.length >= 3 && signedArea2(out) !== 0) snapped.push(out);
    else if (snapped.length === 0) return [];
  }
  return snapped;
}

function robust(operation: (grid: number) => MultiPolygon): MultiPolygon {
  let failure: unknown = null;
  for (const grid of SNAP_GRIDS) {
    try {
      return operation(grid);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function snapAll(polygons: readonly Polygon[], grid: number): Polygon[] {
  return polygons.map((polygon) => snapPolygon(polygon, grid)).filter((polygon) => polygon.length > 0);
}

/** Union of any number of polygons; balanced pairwise merging keeps each sweep small. */
export function unionAll(polygons: readonly Polygon[]): MultiPolygon {
  return robust((grid) => {
    let layer: MultiPolygon[] = snapAll(polygons, grid).map((polygon) => [polygon]);
    if (layer.length === 0) return [];
    if (layer.length === 1) return polygonClipping.union(layer[0]);
    while (layer.length > 1) {
      const next: MultiPolygon[] = [];
      for (let i = 0; i < layer.length; i += 8) {
        const group = layer.slice(i, i + 8);
        next.push(group.length === 1 ? group[0] : polygonClipping.union(group[0], ...group.slice(1)));
      }
      layer = next;
    }
    return layer[0];
  });
}

export function differenceOf(subject: MultiPolygon, clips: readonly Polygon[]): MultiPolygon {
  if (subject.length === 0) return [];
  if (clips.length === 0) return subject;
  return robust((grid) => {
    const snappedSubject = snapAll(subject, grid);
    const snappedClips = snapAll(clips, grid);
    if (snappedSubject.length === 0) return [];
    return snappedClips.length === 0 ? polygonClipping.union(snappedSubject) : polygonClipping.difference(snappedSubject, ...snappedClips);
  });
}

export function intersectionOf(a: MultiPolygon, b: MultiPolygon): MultiPolygon {
  if (a.length === 0 || b.length === 0) return [];
  return robust((grid) => {
    const sa = snapAll(a, grid);
    const sb = snapAll(b, grid);
    return sa.length === 0 || sb.length === 0 ? [] : polygonClipping.intersection(sa, sb);
  });
}

export function xorAll(polygons: readonly Polygon[]): MultiPolygon {
  return robust((grid) => {
    const snapped = snapAll(polygons, grid);
    if (snapped.length === 0) return [];
    return snapped.length === 1 ? polygonClipping.union(snapped[0]) : polygonClipping.xor(snapped[0], ...snapped.slice(1));
  });
}

export function multiPolygonArea(multi: MultiPolygon): number {
  let area = 0;
  for (const polygon of multi) {
    area += Math.abs(signedArea2(polygon[0])) / 2;
    for (let i = 1; i < polygon.length; i++) area -= Math.abs(signedArea2(polygon[i])) / 2;
  }
  return area;
}

/**
 * The region painted by filling `rings`. Even-odd fills are the XOR of their rings. Non-zero fills
 * add the rings turning the way the largest one does; a ring turning the other way is a hole
 * where it lies inside one of those (how CAD exports write holes), and is painted too where it
 * lies outside them all (AutoCAD writes a solid hatch as triangles of either turn).
 */
export function paintedRegion(rings: readonly Position[][], evenOdd: boolean): MultiPolygon {
  if (rings.length === 0) return [];
  if (rings.length === 1) return unionAll([[rings[0]]]);
  if (evenOdd) return xorAll(rings.map((ring): Polygon => [ring]));
  const areas = rings.map(signedArea2);
  let largest = 0;
  for (let i = 1; i < rings.length; i++) if (Math.abs(areas[i]) > Math.abs(areas[largest])) largest = i;
  const sign = Math.sign(areas[largest]);
  const added = rings.filter((_, i) => Math.sign(areas[i]) === sign);
  const holes: Polygon[] = [];
  for (const ring of rings.filter((_, i) => Math.sign(areas[i]) !== sign)) {
    const inside = interiorPoint([ring]);
    if (added.some((outer) => pointInRing(inside, outer))) holes.push([ring]);
    else added.push(ring);
  }
  return differenceOf(unionAll(added.map((ring): Polygon => [ring])), holes);
}

/** Two edges facing across a slit run this near parallel (sine of the angle between them). */
const SLIT_SINE = 0.02;

/**
 * A pinch's two sides lie this many pinch widths apart along their ring at least: nearer, they are
 * the two ends of a short edge of a curve's polyline, which the ring itself joins.
 */
const PINCH_RING_WIDTHS = 10;

/** An edge of a ring, with where it starts along the ring. */
interface RingEdge {
  a: Position;
  b: Position;
  length: number;
  ring: number;
  /** Distance along the ring from its first vertex to `a`. */
  along: number;
}

function ringEdges(solid: MultiPolygon): { edges: RingEdge[]; perimeters: number[] } {
  const edges: RingEdge[] = [];
  const perimeters: number[] = [];
  for (const polygon of solid) {
    for (const ring of polygon) {
      let along = 0;
      for (let k = 0; k < ring.length; k++) {
        const a = ring[k] as Position;
        const b = ring[(k + 1) % ring.length] as Position;
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (length === 0) continue;
        edges.push({ a, b, length, ring: perimeters.length, along });
        along += length;
      }
      perimeters.push(along);
    }
  }
  return { edges, perimeters };
}

/**
 * `solid` with every slit narrower than `width` filled: where two pieces of poché painted side by
 * side miss each other by a rounding error (a wall's fill ending at 953.40 and the next block's
 * starting at 953.43), their union keeps a slit between them, and the room beyond it is joined to
 * whatever the slit leads to. A slit is a pair of edges of the union's rings, near parallel and
 * overlapping, under `width` apart, with no solid between them; it is bridged along the overlap.
 * A pinch is two corners under `pinchWidth` apart, each off the end of the other's edges rather
 * than beside one, with no solid between them and far apart along their ring if it is the same
 * (a column set a hair off the corner of the wall it stands at, the two touching corner to corner;
 * a box set by a wall stands beside its face, and stays apart): it is bridged by the box round the
 * shortest way across, grown to reach into the solid on both sides.
 */
export function closeSlits(solid: MultiPolygon, width: number, pinchWidth = width): MultiPolygon {
  const { edges, perimeters } = ringEdges(solid);
  if (edges.length === 0) return solid;
  const index = new Flatbush(edges.length);
  const reach = Math.max(width, pinchWidth);
  for (const { a, b } of edges) index.add(Math.min(a[0], b[0]) - reach, Math.min(a[1], b[1]) - reach, Math.max(a[0], b[0]) + reach, Math.max(a[1], b[1]) + reach);
  index.finish();
  const boxes = solid.map((polygon) => ringBBox(polygon[0] as Position[]));
  const inSolid = (p: Position) => solid.some((polygon, k) => boxContainsPoint(boxes[k], p) && pointInPolygon(p, polygon as Position[][]));
  const bridges: Polygon[] = [];
  edges.forEach(({ a, b, length }, i) => {
    const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    for (const j of index.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]))) {
      if (j <= i) continue;
      const { a: c, b: d, length: other } = edges[j];
      if (Math.abs(ux * (d[1] - c[1]) - uy * (d[0] - c[0])) > SLIT_SINE * other) continue;
      // Both of the other edge's ends measured along this edge and across it.
      const along = [c, d].map((p) => (p[0] - a[0]) * ux + (p[1] - a[1]) * uy);
      const across = [c, d].map((p) => (p[1] - a[1]) * ux - (p[0] - a[0]) * uy);
      const gap = (across[0] + across[1]) / 2;
      if (Math.abs(gap) > width || Math.abs(gap) < 1e-9) continue;
      const from = Math.max(0, Math.min(...along));
      const to = Math.min(length, Math.max(...along));
      if (to - from <= width) continue;
      const at = (s: number, o: number): Position => [a[0] + ux * s - uy * o, a[1] + uy * s + ux * o];
      if (inSolid(at((from + to) / 2, gap / 2))) continue;
      bridges.push([[at(from, 0), at(to, 0), at(to, gap), at(from, gap)]]);
    }
  });
  for (const corner of edges) {
    const [x, y] = corner.a;
    for (const j of index.search(x, y, x, y)) {
      const edge = edges[j];
      const t = segmentParameter(corner.a, edge.a, edge.b);
      const near: Position = [edge.a[0] + t * (edge.b[0] - edge.a[0]), edge.a[1] + t * (edge.b[1] - edge.a[1])];
      const gap = Math.hypot(near[0] - x, near[1] - y);
      if (gap >= pinchWidth || gap < 1e-9 || (t > 0 && t < 1)) continue;
      if (edge.ring === corner.ring) {
        const apart = Math.abs(edge.along + t * edge.length - corner.along);
        if (Math.min(apart, perimeters[edge.ring] - apart) < PINCH_RING_WIDTHS * pinchWidth) continue;
      }
      if (inSolid([(x + near[0]) / 2, (y + near[1]) / 2])) continue;
      const [x0, x1] = [Math.min(x, near[0]) - gap, Math.max(x, near[0]) + gap];
      const [y0, y1] = [Math.min(y, near[1]) - gap, Math.max(y, near[1]) + gap];
      bridges.push([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]);
    }
  }
  return bridges.length === 0 ? solid : unionAll([...solid, ...bridges]);
}
