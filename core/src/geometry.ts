// Planar point/polygon predicates shared by recognition, the benchmarks and the widget.
import type { Position } from './types.ts';

export function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** Twice the signed area of a ring (positive when counter-clockwise in a y-up frame); the closing segment is implied. */
export function signedArea2(ring: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/**
 * Even-odd point-in-ring test; the closing segment is implied, boundary points may fall either way.
 * Indexed rather than destructured: recognition calls this millions of times on rings of thousands
 * of vertices, and array destructuring allocated an iterator per vertex (gigabytes of garbage on a
 * hospital sheet).
 */
export function pointInRing(point: readonly number[], ring: readonly (readonly number[])[]): boolean {
  const x = point[0];
  const y = point[1];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
export function pointInPolygon(point: readonly number[], rings: readonly (readonly (readonly number[])[])[]): boolean {
  if (rings.length === 0 || !pointInRing(point, rings[0])) return false;
  for (let i = 1; i < rings.length; i++) if (pointInRing(point, rings[i])) return false;
  return true;
}

/** The closed ring of an axis-aligned box [minX, minY, maxX, maxY]. */
export function bboxRing([x0, y0, x1, y1]: readonly [number, number, number, number]): Position[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
}
