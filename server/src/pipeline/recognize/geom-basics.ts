// Plane geometry shared by the wall, opening and room steps, in blueprint units.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox } from '../types.ts';
import type { Ring } from './model.ts';

import { distance, signedArea2 } from '../../../../core/src/geometry.ts';

export { distance, signedArea2 };

/**
 * One number naming the grid cell (cx, cy), for spatial hashes over integer cell coordinates up to
 * 2^25 either way: a string key ("cx,cy") built for every probe made them the slowest step of
 * recognition on sheets with hundreds of thousands of strokes.
 */
export function cellKey(cx: number, cy: number): number {
  return (cx + CELL_OFFSET) * CELL_STRIDE + (cy + CELL_OFFSET);
}
const CELL_OFFSET = 2 ** 25;
const CELL_STRIDE = 2 ** 26;

export function ringPerimeter(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) sum += distance(ring[i], ring[(i + 1) % n]);
  return sum;
}

/** A ring with its first position repeated last, as GeoJSON and the output model want. */
export function closeRing(points: readonly Position[]): Ring {
  const ring = points.map((p): Position => [p[0], p[1]]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring;
}


export { pointInPolygon, pointInRing } from '../../../../core/src/geometry.ts';

/** Where the point of segment `a`–`b` nearest to `p` lies along it: 0 at `a`, 1 at `b`. */
export function segmentParameter(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  return lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
}

export function distanceToSegment(p: Position, a: Position, b: Position): number {
  const t = segmentParameter(p, a, b);
  return Math.hypot(p[0] - (a[0] + t * (b[0] - a[0])), p[1] - (a[1] + t * (b[1] - a[1])));
}

export function distanceToRing(p: Position, ring: readonly Position[]): number {
  let best = Infinity;
  for (let i = 0, n = ring.length; i < n; i++) best = Math.min(best, distanceToSegment(p, ring[i], ring[(i + 1) % n]));
  return best;
}

export function unionBox(boxes: readonly BBox[]): BBox {
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

/** A box's longer side. */
export function extent(box: BBox): number {
  return Math.max(box[2] - box[0], box[3] - box[1]);
}

/** Groups of items that `linked` joins, directly or through others, as lists of indices. */
export function linkedGroups(boxes: BBox[], reach: number, linked: (i: number, j: number) => boolean): number[][] {
  if (boxes.length === 0) return [];
  const index = new Flatbush(boxes.length);
  for (const [x0, y0, x1, y1] of boxes) index.add(x0, y0, x1, y1);
  index.finish();
  const parent = boxes.map((_, k) => k);
  const root = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]];
    return k;
  };
  boxes.forEach(([x0, y0, x1, y1], k) => {
    // Items already joined need no test (hatching links thousands of short strokes).
    for (const j of index.search(x0 - reach, y0 - reach, x1 + reach, y1 + reach)) if (j > k && root(j) !== root(k) && linked(k, j)) parent[root(j)] = root(k);
  });
  const groups = new Map<number, number[]>();
  boxes.forEach((_, k) => {
    const group = groups.get(root(k));
    if (group) group.push(k);
    else groups.set(root(k), [k]);
  });
  return [...groups.values()];
}

export function ringBBox(ring: readonly Position[]): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

export function boxesOverlap(a: BBox, b: BBox, margin = 0): boolean {
  return a[0] <= b[2] + margin && b[0] <= a[2] + margin && a[1] <= b[3] + margin && b[1] <= a[3] + margin;
}

export function boxContainsPoint(box: BBox, [x, y]: Position, margin = 0): boolean {
  return x >= box[0] - margin && x <= box[2] + margin && y >= box[1] - margin && y <= box[3] + margin;
}

/**
 * A point well inside a ring (not on its boundary), for labelling and containment tests: the
 * middle of the widest horizontal run through the ring at a few heights.
 */
export function interiorPoint(rings: readonly (readonly Position[])[]): Position {
  const [x0, y0, x1, y1] = ringBBox(rings[0]);
  let best: Position = [(x0 + x1) / 2, (y0 + y1) / 2];
  let bestWidth = -1;
  for (const share of [0.5, 0.3, 0.7, 0.15, 0.85, 0.4, 0.6]) {
    const y = y0 + (y1 - y0) * share;
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 0, n = ring.length; i < n; i++) {
        const [ax, ay] = ring[i];
        const [bx, by] = ring[(i + 1) % n];
        if (ay > y !== by > y) crossings.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const width = crossings[i + 1] - crossings[i];
      if (width > bestWidth) {
        bestWidth = width;
        best = [(crossings[i] + crossings[i + 1]) / 2, y];
      }
    }
  }
  return best;
}

/** Length of the union of intervals along one line. */
export function coveredLength(intervals: readonly (readonly [number, number])[]): number {
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Value below which `share` of the total weight lies. */
export function weightedQuantile(values: readonly number[], weights: readonly number[], share: number): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let running = 0;
  for (const i of order) {
    running += weights[i];
    if (running >= share * total) return values[i];
  }
  return values[order[order.length - 1]] ?? NaN;
}

/** Twice the signed area of the triangle o, a, b: positive when a→b turns left about o. */
export function cross(o: Position, a: Position, b: Position): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** The convex hull, counter-clockwise in a y-up sense (Andrew's monotone chain), its first point not repeated. */
export function convexHull(points: Position[]): Position[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Position[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Position[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
