// Open plans parted by their area stamps. ArchiCAD zones, Revit rooms and area plans print each
// room's area in its stamp ("A: 31.28 m²", "411 SF"). Where one space of the wall network holds
// two such stamps and no drawn line or neck parts them (a kitchen open to the living room), the
// stamps still say how its floor divides: along the straight line across the space that leaves
// each stamp its printed share. That holds only where the two printed areas add up to the space,
// so the space is those two rooms and nothing else.
import type { Position } from '../../../../core/src/types.ts';
import { closeRing, pointInRing, ringBBox, ringPerimeter, signedArea2 } from './geom-basics.ts';
import { intersectionOf } from './geom-clip.ts';
import type { Ring } from './model.ts';
import type { SpaceLimits } from './topology-fills.ts';

/** A room tag's anchor with the area its stamp prints, square metres. */
export interface AreaStamp {
  at: Position;
  areaM2: number;
}

/** The printed areas must add up to the space within this share of it. */
const TOTAL_AGREEMENT = 0.08;
/** Bisection steps for the dividing line: far below a unit on any sheet. */
const STEPS = 40;

/** Area of the part of a ring on the low side of x = c (axis 0) or y = c (axis 1). */
function areaBelow(ring: Ring, axis: 0 | 1, c: number): number {
  const clipped: Position[] = [];
  for (let k = 0; k < ring.length; k++) {
    const p = ring[k];
    const q = ring[(k + 1) % ring.length];
    const pIn = p[axis] <= c;
    const qIn = q[axis] <= c;
    if (pIn) clipped.push(p);
    if (pIn !== qIn) {
      const t = (c - p[axis]) / (q[axis] - p[axis]);
      clipped.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  // Sutherland–Hodgman leaves a concave ring's separate parts joined by edges along the line,
  // which enclose nothing: the area is exact.
  return clipped.length >= 3 ? Math.abs(signedArea2(clipped)) / 2 : 0;
}

/**
 * The ring cut in two along the axis-parallel line that leaves each of two stamps its printed
 * share of the floor, or null where the stamps do not account for the space, the line would
 * not run between them, or a side would fall apart or be no room.
 */
export function splitAtStamps(ring: Ring, stamps: AreaStamp[], unitsPerMetre: number, limits: SpaceLimits): Ring[] | null {
  if (stamps.length !== 2) return null;
  const total = Math.abs(signedArea2(ring)) / 2;
  const printed = (stamps[0].areaM2 + stamps[1].areaM2) * unitsPerMetre ** 2;
  if (Math.abs(printed - total) > TOTAL_AGREEMENT * total) return null;
  const dx = Math.abs(stamps[0].at[0] - stamps[1].at[0]);
  const dy = Math.abs(stamps[0].at[1] - stamps[1].at[1]);
  const axis: 0 | 1 = dx >= dy ? 0 : 1;
  const [low, high] = stamps[0].at[axis] <= stamps[1].at[axis] ? stamps : [stamps[1], stamps[0]];
  const target = (low.areaM2 / (low.areaM2 + high.areaM2)) * total;
  // The line keeps clear of both stamps' anchors by a room's least width.
  let lo = low.at[axis] + limits.minWidth;
  let hi = high.at[axis] - limits.minWidth;
  if (lo >= hi || areaBelow(ring, axis, lo) > target || areaBelow(ring, axis, hi) < target) return null;
  for (let step = 0; step < STEPS; step++) {
    const mid = (lo + hi) / 2;
    if (areaBelow(ring, axis, mid) < target) lo = mid;
    else hi = mid;
  }
  const cut = (lo + hi) / 2;
  const [minX, minY, maxX, maxY] = ringBBox(ring);
  const [x0, y0, x1, y1] = [minX - 1, minY - 1, maxX + 1, maxY + 1];
  const halves: Position[][] =
    axis === 0
      ? [[[x0, y0], [cut, y0], [cut, y1], [x0, y1], [x0, y0]], [[cut, y0], [x1, y0], [x1, y1], [cut, y1], [cut, y0]]]
      : [[[x0, y0], [x1, y0], [x1, cut], [x0, cut], [x0, y0]], [[x0, cut], [x1, cut], [x1, y1], [x0, y1], [x0, cut]]];
  const pieces: Ring[] = [];
  for (const [k, half] of halves.entries()) {
    const parts = intersectionOf([[ring]], [[half]]);
    if (parts.length !== 1) return null;
    const piece = closeRing(parts[0][0] as Position[]);
    const area = Math.abs(signedArea2(piece)) / 2;
    if (area < limits.minArea || (2 * area) / ringPerimeter(piece) < limits.minWidth) return null;
    if (!pointInRing([low, high][k].at, piece)) return null;
    pieces.push(piece);
  }
  return pieces;
}
