// The footprint as the drawing dimensions it. Exterior walls are often drawn with a cladding layer
// outside the face the plan is dimensioned to (framing plans dimension to the face of studs or
// sheathing). Where an extension line of the sheet's dimensions continues an outline edge a little
// inside it, the edge moves onto it, so the footprint measures what the printed overall
// dimensions measure.
import type { Position } from '../../../../core/src/types.ts';
import { boxesOverlap, closeRing, interiorPoint, pointInRing, ringBBox, signedArea2 } from './geom-basics.ts';
import { unionAll } from './geom-clip.ts';
import type { PolygonRings, Ring } from './model.ts';
import { toFrame } from './geom-frame.ts';
import type { Line } from './topology-evidence.ts';
import type { WallRun } from './walls.ts';

const PARALLEL_SINE = Math.sin((2 * Math.PI) / 180);
/** Outline vertices this close to a straight edge are rounding, not corners, blueprint units. */
const HAIR = 0.1;

interface Edge {
  a: Position;
  b: Position;
  /** Unit direction and outward unit normal. */
  ux: number;
  uy: number;
  nx: number;
  ny: number;
}

/**
 * Thickness of the wall whose outer face an edge is: the runs lying along the edge just inside it.
 */
function wallBehind(edge: Edge, runs: readonly WallRun[]): number | null {
  const length = Math.hypot(edge.b[0] - edge.a[0], edge.b[1] - edge.a[1]);
  const middle: Position = [(edge.a[0] + edge.b[0]) / 2 - edge.nx, (edge.a[1] + edge.b[1]) / 2 - edge.ny];
  let thickest: number | null = null;
  for (const run of runs) {
    if (Math.abs(run.ux * edge.uy - run.uy * edge.ux) > PARALLEL_SINE) continue;
    const [s, o] = toFrame(run, middle);
    if (s < run.s0 - length / 2 || s > run.s1 + length / 2 || o < run.o0 - 1 || o > run.o1 + 1) continue;
    thickest = Math.max(thickest ?? 0, run.thickness);
  }
  return thickest;
}

/**
 * How far (≥ 0) an edge moves inward: onto the nearest extension line parallel to it, at most
 * `maxShift` inside it, that lies on the edge's line beyond one of its ends within `reach`.
 */
function inwardShift(edge: Edge, extensions: Line[], maxShift: number, reach: number): number {
  const length = Math.hypot(edge.b[0] - edge.a[0], edge.b[1] - edge.a[1]);
  const offset = edge.nx * edge.a[0] + edge.ny * edge.a[1];
  let best = 0;
  for (const line of extensions) {
    if (Math.abs(edge.ux * line.uy - edge.uy * line.ux) > PARALLEL_SINE) continue;
    const shift = offset - (edge.nx * (line.a[0] + line.b[0]) + edge.ny * (line.a[1] + line.b[1])) / 2;
    if (shift <= 0 || shift > maxShift || (best > 0 && shift >= best)) continue;
    const along = [line.a, line.b].map((p) => (p[0] - edge.a[0]) * edge.ux + (p[1] - edge.a[1]) * edge.uy);
    const before = Math.max(...along) <= reach && Math.max(...along) >= -reach && Math.min(...along) < 0;
    const after = Math.min(...along) >= length - reach && Math.min(...along) <= length + reach && Math.max(...along) > length;
    if (before || after) best = shift;
  }
  return best;
}

/** Vertices without repeats and without points within a hair of the straight line through their neighbours. */
function simplified(points: Position[]): Position[] {
  let current = points;
  for (let changed = true; changed && current.length > 3; ) {
    changed = false;
    const kept: Position[] = [];
    for (let k = 0; k < current.length; k++) {
      const p = kept.length > 0 ? kept[kept.length - 1] : current[current.length - 1];
      const q = current[k];
      const r = current[(k + 1) % current.length];
      const span = Math.hypot(r[0] - p[0], r[1] - p[1]);
      const offLine = span > 0 ? Math.abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) / span : 0;
      if (Math.hypot(q[0] - p[0], q[1] - p[1]) < 1e-6 || offLine < HAIR) {
        changed = true;
        continue;
      }
      kept.push(q);
    }
    current = kept;
  }
  return current;
}

function intersect(p: Position, u: [number, number], q: Position, v: [number, number]): Position | null {
  const det = u[0] * v[1] - u[1] * v[0];
  if (Math.abs(det) < 1e-9) return null;
  const t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / det;
  return [p[0] + t * u[0], p[1] + t * u[1]];
}

/**
 * `ring` with each edge that an extension line continues moved onto that line, by less than
 * `claddingShare` of the thickness of the wall behind the edge (centre lines lie at a half).
 */
export function snapToDimensions(ring: Ring, extensions: Line[], runs: readonly WallRun[], claddingShare: number, reach: number): Ring {
  if (extensions.length === 0) return ring;
  const points = simplified(ring.slice(0, -1));
  if (points.length < 3) return ring;
  const n = points.length;
  // Outward is to the right of each edge when the interior lies to its left (positive area).
  const outward = signedArea2(points) > 0 ? 1 : -1;
  const edges: Edge[] = points.map((a, k) => {
    const b = points[(k + 1) % n];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const ux = (b[0] - a[0]) / length;
    const uy = (b[1] - a[1]) / length;
    return { a, b, ux, uy, nx: outward * uy, ny: -outward * ux };
  });
  const found = edges.map((edge) => {
    const thickness = wallBehind(edge, runs);
    return thickness === null ? 0 : inwardShift(edge, extensions, claddingShare * thickness, reach);
  });
  const maxShift = Math.max(...found);
  if (found.every((shift) => shift === 0)) return ring;
  // One face of the building is often several edges, with window sills and jogs standing a
  // little proud of it: everything of that face between the old line and a cladding's depth
  // outside it moves onto the dimensioned line.
  const offsets = edges.map((edge) => edge.nx * edge.a[0] + edge.ny * edge.a[1]);
  const shifts = edges.map((edge, k) => {
    let shift = found[k];
    edges.forEach((other, m) => {
      if (found[m] === 0 || edge.nx * other.nx + edge.ny * other.ny < 1 - 1e-6) return;
      const target = offsets[m] - found[m];
      if (offsets[k] >= target && offsets[k] <= offsets[m] + maxShift) shift = Math.max(shift, offsets[k] - target);
    });
    return shift;
  });
  const moved = edges.map((edge, k): Position => [edge.a[0] - shifts[k] * edge.nx, edge.a[1] - shifts[k] * edge.ny]);
  const snapped: Position[] = [];
  for (let k = 0; k < n; k++) {
    const previous = (k + n - 1) % n;
    const corner = intersect(moved[previous], [edges[previous].ux, edges[previous].uy], moved[k], [edges[k].ux, edges[k].uy]);
    // Edges all but parallel (a hair of slant left where outlines were snapped to a grid) meet
    // far off: a spike, not a corner.
    if (corner && Math.hypot(corner[0] - points[k][0], corner[1] - points[k][1]) <= 2 * maxShift + HAIR) {
      snapped.push(corner);
    } else {
      // Collinear neighbours moved by different amounts meet in a step.
      const p = points[k];
      snapped.push([p[0] - shifts[previous] * edges[previous].nx, p[1] - shifts[previous] * edges[previous].ny]);
      snapped.push([p[0] - shifts[k] * edges[k].nx, p[1] - shifts[k] * edges[k].ny]);
    }
  }
  return closeRing(simplified(snapped));
}

/**
 * A building's outline with the rooms that stand against it. A room read from its paint runs on
 * where the plan draws no wall (a curtain wall drawn as glazing), so the outline of the walls alone
 * cuts round it, through the building: the footprint takes in every room it touches.
 */
export function withAdjoiningRooms(outline: Ring, rooms: readonly PolygonRings[]): Ring {
  const box = ringBBox(outline);
  const near = rooms.filter((rings) => boxesOverlap(ringBBox(rings[0]), box));
  if (near.length === 0) return outline;
  const inside = interiorPoint([outline]);
  const piece = unionAll([[outline], ...near.map((rings) => [rings[0]])]).find((polygon) => pointInRing(inside, polygon[0]));
  return piece ? closeRing(piece[0]) : outline;
}
