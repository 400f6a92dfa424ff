// Planar helpers for the generator. Rings here are open (the first point is not repeated) unless a
// function says otherwise; polygon-clipping wants closed rings, so conversions happen at its door.
import polygonClipping from 'polygon-clipping';
import type { MultiPolygon, Polygon as ClipPolygon, Ring as ClipRing } from 'polygon-clipping';
import { ringArea } from '../../core/src/measure.ts';

export type Point = [number, number];
export type Ring = Point[];
/** Outer ring first, holes after. */
export type Polygon = Ring[];

/** Axis-aligned rectangle with x0 < x1 and y0 < y1. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function rectRing(r: Rect): Ring {
  return [
    [r.x0, r.y0],
    [r.x1, r.y0],
    [r.x1, r.y1],
    [r.x0, r.y1],
  ];
}

export function rectWidth(r: Rect): number {
  return r.x1 - r.x0;
}

export function rectHeight(r: Rect): number {
  return r.y1 - r.y0;
}

export function rectArea(r: Rect): number {
  return rectWidth(r) * rectHeight(r);
}

export function rectCenter(r: Rect): Point {
  return [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
}

export function rectsOverlap(a: Rect, b: Rect, margin = 0): boolean {
  return a.x0 < b.x1 + margin && b.x0 < a.x1 + margin && a.y0 < b.y1 + margin && b.y0 < a.y1 + margin;
}

export function boundsOf(points: readonly Point[]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

function closeRing(ring: Ring): ClipRing {
  return [...ring.map((p): [number, number] => [p[0], p[1]]), [ring[0][0], ring[0][1]]];
}

function toClip(polygon: Polygon): ClipPolygon {
  return polygon.map(closeRing);
}

/** Drops the repeated closing point, duplicate points and vertices on a straight run. */
export function cleanRing(ring: readonly Point[]): Ring {
  let result = ring.filter((p, i) => {
    const prev = ring[(i + ring.length - 1) % ring.length];
    return !(p[0] === prev[0] && p[1] === prev[1]);
  });
  let changed = true;
  while (changed && result.length > 3) {
    changed = false;
    for (let i = 0; i < result.length; i++) {
      const a = result[(i + result.length - 1) % result.length];
      const b = result[i];
      const c = result[(i + 1) % result.length];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (Math.abs(cross) < 1e-9 * (1 + Math.abs(b[0]) + Math.abs(b[1]))) {
        result = [...result.slice(0, i), ...result.slice(i + 1)];
        changed = true;
        break;
      }
    }
  }
  return result;
}

function fromClip(multi: MultiPolygon): Polygon[] {
  return multi
    .map((polygon) => polygon.map((ring) => cleanRing(ring as Point[])))
    .filter((polygon) => polygon.length > 0 && polygon[0].length >= 3);
}

export function union(polygons: readonly Polygon[]): Polygon[] {
  if (polygons.length === 0) return [];
  const [first, ...rest] = polygons.map(toClip);
  return fromClip(polygonClipping.union(first, ...rest));
}

export function difference(subject: Polygon, clips: readonly Polygon[]): Polygon[] {
  if (clips.length === 0) return fromClip([toClip(subject)]);
  return fromClip(polygonClipping.difference(toClip(subject), ...clips.map(toClip)));
}

export function intersection(a: Polygon, b: Polygon): Polygon[] {
  return fromClip(polygonClipping.intersection(toClip(a), toClip(b)));
}

export function polygonArea(polygon: Polygon): number {
  return polygon.reduce((sum, ring, i) => sum + (i === 0 ? ringArea(ring) : -ringArea(ring)), 0);
}

export function totalArea(polygons: readonly Polygon[]): number {
  return polygons.reduce((sum, polygon) => sum + polygonArea(polygon), 0);
}


export { pointInPolygon, pointInRing } from '../../core/src/geometry.ts';

/** Whether the rectangle lies inside the ring (touching its boundary allowed). */
export function rectInsideRing(rect: Rect, ring: Ring): boolean {
  const inside = totalArea(intersection([rectRing(rect)], [ring]));
  return inside >= rectArea(rect) * (1 - 1e-9);
}

/**
 * The parts of a family of parallel lines that fall inside `polygons`: each line is
 * {p : normal·p = offset} for offsets `phase + k·spacing`, the direction at `angle` radians.
 * Crossings use the half-open rule, so a line through a vertex is neither doubled nor lost.
 */
export function hatchSegments(polygons: readonly Polygon[], angle: number, spacing: number, phase: number): [Point, Point][] {
  const direction: Point = [Math.cos(angle), Math.sin(angle)];
  const normal: Point = [-direction[1], direction[0]];
  const project = (p: Point, axis: Point) => p[0] * axis[0] + p[1] * axis[1];
  const rings = polygons.flat();
  const offsets = rings.flat().map((p) => project(p, normal));
  const first = Math.ceil((Math.min(...offsets) - phase) / spacing);
  const last = Math.floor((Math.max(...offsets) - phase) / spacing);
  const segments: [Point, Point][] = [];
  for (let k = first; k <= last; k++) {
    const offset = phase + k * spacing;
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i];
        const b = ring[(i + 1) % ring.length];
        const na = project(a, normal);
        const nb = project(b, normal);
        if (na > offset === nb > offset) continue;
        const t = (offset - na) / (nb - na);
        crossings.push(project([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], direction));
      }
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const at = (s: number): Point => [normal[0] * offset + direction[0] * s, normal[1] * offset + direction[1] * s];
      segments.push([at(crossings[i]), at(crossings[i + 1])]);
    }
  }
  return segments;
}
