// Closed outlines of fixture symbols whose strokes do not chain: Revit and AutoCAD exports often
// write a toilet bowl or a basin rim as dozens of short pieces, duplicated, overlapping and with
// hairline gaps, so no end meets the next. Drawn onto a fine raster with a pen a little wider
// than the gaps, those pieces enclose the symbol's faces again; each convex face (a bowl, a
// basin, a tray) comes back as a ring just inside the strokes that bound it.
//
// Written here rather than with OpenCV: the windows are a few rooms, and the work is stamping
// strokes and one flood fill, less than loading OpenCV's 10 MB of WebAssembly into every job.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox, SheetPrimitives } from '../types.ts';
import { flattenSegments } from '../vectors.ts';
import { convexHull, signedArea2 } from './geom-basics.ts';
import { isInk } from './topology-evidence.ts';

export interface FaceOptions {
  /** Strokes closer than this (units) join: the widest hairline gap an export leaves. */
  gap: number;
  /** Faces outside this range of areas (square units) are specks or floors, not symbol parts. */
  minArea: number;
  maxArea: number;
}

/** Raster cells per unit: fine enough that a drain-sized gap stays open between two rims. */
const CELLS_PER_UNIT = 2;
/** The most cells one window may take; a larger room is read at a coarser cell. */
const MAX_CELLS = 4_000_000;
/** A face filling this share of its hull is convex: symbol parts are; floor between fixtures is not. */
const MIN_CONVEXITY = 0.93;
/** Curves (a bowl's rim) are flattened to within half a raster cell. */
const FLATTEN_TOLERANCE = 0.25;

interface PenSegment {
  from: Position;
  to: Position;
  /** Half the pen's width plus half the gap it must close, units. */
  radius: number;
}

/** The convex faces enclosed by the ink strokes within each window, as rings (first point not repeated). */
export function strokeFaces(primitives: SheetPrimitives, windows: BBox[], options: FaceOptions): Position[][] {
  if (windows.length === 0) return [];
  const touches = (box: BBox) => windows.some(([x0, y0, x1, y1]) => box[0] <= x1 && box[2] >= x0 && box[1] <= y1 && box[3] >= y0);
  const strokes = primitives.paths.filter((path) => path.stroke !== null && isInk(path.stroke.color) && touches(path.bbox));
  const penOf = new Map(strokes.map((path) => [path.index, path.stroke!.width]));
  const segments: PenSegment[] = flattenSegments(strokes, { curveTolerance: FLATTEN_TOLERANCE }).map((segment) => ({
    from: segment.from,
    to: segment.to,
    radius: (penOf.get(segment.pathIndex) ?? 0) / 2 + options.gap / 2,
  }));
  if (segments.length === 0) return [];
  const index = new Flatbush(segments.length);
  for (const { from, to, radius } of segments) {
    index.add(Math.min(from[0], to[0]) - radius, Math.min(from[1], to[1]) - radius, Math.max(from[0], to[0]) + radius, Math.max(from[1], to[1]) + radius);
  }
  index.finish();
  return windows.flatMap((window) => facesInWindow(index.search(...window).map((k) => segments[k]), window, options));
}

function facesInWindow(segments: PenSegment[], [x0, y0, x1, y1]: BBox, options: FaceOptions): Position[][] {
  const cellsPerUnit = Math.min(CELLS_PER_UNIT, Math.sqrt(MAX_CELLS / Math.max(1, (x1 - x0) * (y1 - y0))));
  const cell = 1 / cellsPerUnit;
  const width = Math.ceil((x1 - x0) * cellsPerUnit) + 1;
  const height = Math.ceil((y1 - y0) * cellsPerUnit) + 1;
  if (width < 3 || height < 3) return [];
  const inked = new Uint8Array(width * height);
  for (const { from, to, radius } of segments) stamp(inked, width, height, [x0, y0], cellsPerUnit, from, to, radius);
  const faces: Position[][] = [];
  for (const cells of labelOpenCells(inked, width, height, Math.ceil(options.maxArea * cellsPerUnit * cellsPerUnit))) {
    // A drain or a tap drawn inside a basin is a hole in its face, not a dent in its outline.
    const area = withHoles(cells, width) * cell * cell;
    if (area < options.minArea || area > options.maxArea) continue;
    const hull = convexHull(rowEndCorners(cells, width, [x0, y0], cell));
    if (area < (MIN_CONVEXITY * Math.abs(signedArea2(hull))) / 2) continue;
    // The pen was widened by half the gap on each side: widen the face back to the strokes' edge.
    faces.push(offsetConvex(hull, options.gap / 2));
  }
  return faces;
}

/**
 * The corners of the first and last cell of each row of a component: its convex hull is theirs,
 * since the cells between them lie on the segments joining them. Hulling every cell's corners
 * made this most of recognition on sheets with large fixtures.
 */
function rowEndCorners(cells: number[], width: number, [x0, y0]: Position, cell: number): Position[] {
  const ends = new Map<number, [number, number]>();
  for (const k of cells) {
    const i = k % width;
    const j = (k - i) / width;
    const row = ends.get(j);
    if (!row) ends.set(j, [i, i]);
    else if (i < row[0]) row[0] = i;
    else if (i > row[1]) row[1] = i;
  }
  const corners: Position[] = [];
  for (const [j, [first, last]] of ends) {
    const top = y0 + j * cell - cell / 2;
    const bottom = top + cell;
    corners.push([x0 + first * cell - cell / 2, top], [x0 + first * cell - cell / 2, bottom], [x0 + last * cell + cell / 2, top], [x0 + last * cell + cell / 2, bottom]);
  }
  return corners;
}

/** Marks the cells within `radius` of the segment a→b. */
function stamp(inked: Uint8Array, width: number, height: number, [ox, oy]: Position, cellsPerUnit: number, a: Position, b: Position, radius: number): void {
  const r = radius * cellsPerUnit;
  const ax = (a[0] - ox) * cellsPerUnit;
  const ay = (a[1] - oy) * cellsPerUnit;
  const bx = (b[0] - ox) * cellsPerUnit;
  const by = (b[1] - oy) * cellsPerUnit;
  const i0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
  const i1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r));
  const j0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
  const j1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r));
  if (i0 > i1 || j0 > j1) return;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((i - ax) * dx + (j - ay) * dy) / length2));
      const ex = i - (ax + t * dx);
      const ey = j - (ay + t * dy);
      if (ex * ex + ey * ey <= r * r) inked[j * width + i] = 1;
    }
  }
}

/** How many cells the component's outer outline encloses: its own and those of its holes. */
function withHoles(cells: number[], width: number): number {
  let [i0, j0, i1, j1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const k of cells) {
    const i = k % width;
    const j = (k - i) / width;
    [i0, j0, i1, j1] = [Math.min(i0, i), Math.min(j0, j), Math.max(i1, i), Math.max(j1, j)];
  }
  // Flood the box's other cells from its rim, one cell wider all round: what stays dry is inside.
  const w = i1 - i0 + 3;
  const h = j1 - j0 + 3;
  const state = new Uint8Array(w * h);
  for (const k of cells) {
    const i = k % width;
    state[((k - i) / width - j0 + 1) * w + (i - i0 + 1)] = 1;
  }
  let outside = 0;
  const stack = [0];
  state[0] = 2;
  while (stack.length > 0) {
    const k = stack.pop()!;
    outside++;
    const i = k % w;
    for (const n of [i > 0 ? k - 1 : -1, i < w - 1 ? k + 1 : -1, k - w, k + w]) {
      if (n >= 0 && n < state.length && state[n] === 0) {
        state[n] = 2;
        stack.push(n);
      }
    }
  }
  return w * h - outside;
}

/**
 * The 4-connected components of open cells that do not reach the window's edge, of at most
 * `maxCells` cells (larger ones, the floor around the symbols, are flooded but not kept).
 */
function labelOpenCells(inked: Uint8Array, width: number, height: number, maxCells: number): number[][] {
  const seen = new Uint8Array(width * height);
  const components: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < inked.length; start++) {
    if (inked[start] || seen[start]) continue;
    const cells: number[] = [];
    let keep = true;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const k = stack.pop()!;
      const i = k % width;
      const j = (k - i) / width;
      if (i === 0 || j === 0 || i === width - 1 || j === height - 1 || cells.length >= maxCells) keep = false;
      if (keep) cells.push(k);
      for (const n of [i > 0 ? k - 1 : -1, i < width - 1 ? k + 1 : -1, j > 0 ? k - width : -1, j < height - 1 ? k + width : -1]) {
        if (n >= 0 && !inked[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (keep) components.push(cells);
  }
  return components;
}

/** A convex ring moved outward by `by`, its corners kept sharp (each vertex along its bisector). */
function offsetConvex(ring: Position[], by: number): Position[] {
  const n = ring.length;
  const sign = signedArea2(ring) > 0 ? 1 : -1;
  return ring.map((p, i) => {
    const a = ring[(i + n - 1) % n];
    const b = ring[(i + 1) % n];
    // Outward normals of the edges a→p and p→b.
    const normal = (from: Position, to: Position): Position => {
      const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
      return [(sign * (to[1] - from[1])) / length, (-sign * (to[0] - from[0])) / length];
    };
    const [n1, n2] = [normal(a, p), normal(p, b)];
    const mx = n1[0] + n2[0];
    const my = n1[1] + n2[1];
    const cos = (mx * n1[0] + my * n1[1]) / (Math.hypot(mx, my) || 1);
    const scale = by / Math.max(cos, 0.2) / (Math.hypot(mx, my) || 1);
    return [p[0] + mx * scale, p[1] + my * scale];
  });
}
