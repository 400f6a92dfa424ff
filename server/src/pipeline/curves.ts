// Bézier curves of PDF paths as points: CAD curves are flattened wherever lengths, areas or
// crossings are measured.
import type { Position } from '../../../core/src/types.ts';
import type { SubPath } from './types.ts';

export function cubicPoint(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/** Points along a cubic, close enough that chords stay within `tolerance` of the curve (Wang's formula). */
export function flattenCubic(from: Position, c1: Position, c2: Position, to: Position, tolerance: number): Position[] {
  const dd1 = Math.hypot(from[0] - 2 * c1[0] + c2[0], from[1] - 2 * c1[1] + c2[1]);
  const dd2 = Math.hypot(c1[0] - 2 * c2[0] + to[0], c1[1] - 2 * c2[1] + to[1]);
  const steps = Math.min(1000, Math.max(1, Math.ceil(Math.sqrt((0.75 * Math.max(dd1, dd2)) / tolerance))));
  const points: Position[] = [];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    points.push([cubicPoint(from[0], c1[0], c2[0], to[0], t), cubicPoint(from[1], c1[1], c2[1], to[1], t)]);
  }
  points.push(to);
  return points;
}

/** A subpath as a polyline: its start, then the end of every chord. */
export function subpathPolyline(subpath: SubPath, curveTolerance: number): Position[] {
  const points: Position[] = [subpath.segments[0].from];
  for (const segment of subpath.segments) {
    if (segment.kind === 'line') points.push(segment.to);
    else points.push(...flattenCubic(segment.from, segment.c1, segment.c2, segment.to, curveTolerance));
  }
  return points;
}
