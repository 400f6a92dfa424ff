// Fixture symbols (toilets, sinks, bathtubs, showers, cooktops, stairs, elevators) found in the
// sheet's linework.
//
// 1. Parts: every stroked subpath (solid dark fills are poché, columns or arrowheads, never a
//    symbol), plus open strokes chained end to end (CAD exports often write a rectangle as four
//    separate lines; strokes of one pen chain first; a chain that stops a hair short of its
//    start, a rim trimmed where a tap crosses it, is closed across its gap), plus, in rooms whose
//    names say they are plumbed, the convex faces the strokes enclose (fixture-faces.ts: rims cut
//    into fragments),
//    classified by shape against their minimum-area rectangle: rectangle, ellipse (circle),
//    rounded rectangle, other polygon, straight segment, other polyline. Rotation never matters.
// 2. Symbols from parts, by the conventions of plan symbols:
//    - a rectangle holding 4–6 circles, one in each quarter: cooktop (burners as rings, or as dots
//      where the pan supports cross, which need the box's size to confirm them);
//    - a square-ish rectangle with a centre drain: shower (≈ 0.7–1.3 m); with both diagonals and
//      no drain, a shower only where its room or a word says so, or an elevator (≈ 1–3.2 m);
//      filled by one rounded tray with a drain or a slope line: shower; a floor drain standing in
//      no tray, slope lines drawn through it toward the wet floor's corners, in a room whose name
//      says toilet or shower: a roll-in shower;
//    - a rectangle holding one large rounded basin, long and narrow: bathtub (≈ 0.7 × 1.5–1.8 m);
//      a quarter disc holding its basin: corner bath (1.2–1.8 m a side); holding a drain: a
//      quadrant shower tray (0.7–1 m);
//    - a rectangle holding one or two rounded basins, or a small one with a drain at its centre:
//      sink; a lone basin with a drain (in the bowl, or a pop-up on the rim at the back between
//      the taps), or two side by side: sink; never a basin crossed by
//      strokes through its centre (a planter's spokes, a lamp's cross), nor one whose inside is
//      full of strokes (a telephone's keys);
//    - an oval bowl with a box-like tank across one end of its long axis (beyond it, drawn over
//      it, or off it on the pedestal's drawn neck): toilet (≈ 0.4 × 0.7 m); an oval bowl alone,
//      square to a wall it stands at, in a room whose name says toilet (or, unnamed, whose shower
//      or bath says bathroom): a wall-hung toilet;
//    - 5 to 24 equally spaced parallel treads of equal length, ends aligned, not crossed like a
//      tile grid: stairs.
//    With a scale the sizes must be real-world plausible. Without one the sizes are judged against
//    the scale the toilets imply (a toilet is ≈ 0.7 m deep) when there are toilets, else against
//    one the sheet suggests (a scale awaiting confirmation, or its door swings'), otherwise by
//    shape alone, and matches that only size could confirm need a word to be kept.
// 3. Repetition: a CAD block is drawn identically many times, so candidates with the same
//    geometry (up to translation, rotation and mirroring) form a group classified once, with the
//    words printed by any member (WC, SHOWER, ELEV, UP/DN...) and the names of the rooms they stand
//    in as evidence for the whole group; a room's name also speaks against what it would not hold.
// 4. Overlapping results keep the best scored; each fixture's polygon is its rotated outline.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox, SheetInfo, SheetPrimitives, SheetWord, SubPath, VectorPath } from '../types.ts';
import { flattenSegments } from '../vectors.ts';
import type { FixtureDetection, FixtureSubClass, RoomDetection, Ring } from './model.ts';
import { overlapArea } from './features.ts';
import { cellKey, convexHull, cross, distance, distanceToSegment, pointInPolygon, pointInRing, ringBBox, signedArea2 } from './geom-basics.ts';
import { strokeFaces } from './fixture-faces.ts';
import { byDegree, treadRuns } from './stair-treads.ts';

export interface FixtureInput {
  primitives: SheetPrimitives;
  words: SheetWord[];
  info: SheetInfo;
  metresPerUnit: number | null;
  rooms?: RoomDetection[];
  /**
   * On a sheet without a trusted scale, blueprint units per metre from what it suggests: a scale
   * awaiting confirmation, or the one its door swings imply.
   */
  estimatedUnitsPerMetre?: number | null;
}

// ---------------------------------------------------------------------------------------------
// Oriented frames

/** A rotated rectangle: centre, unit axis `u` along the long side, half extents. */
interface Frame {
  centre: Position;
  u: Position;
  halfLong: number;
  halfShort: number;
}

function toFrame(frame: Frame, [x, y]: Position): Position {
  const dx = x - frame.centre[0];
  const dy = y - frame.centre[1];
  return [dx * frame.u[0] + dy * frame.u[1], -dx * frame.u[1] + dy * frame.u[0]];
}

function fromFrame(frame: Frame, along: number, across: number): Position {
  const [ux, uy] = frame.u;
  return [frame.centre[0] + along * ux - across * uy, frame.centre[1] + along * uy + across * ux];
}

function frameRing(frame: Frame): Ring {
  const { halfLong: a, halfShort: b } = frame;
  const corners = [fromFrame(frame, -a, -b), fromFrame(frame, a, -b), fromFrame(frame, a, b), fromFrame(frame, -a, b)];
  return [...corners, corners[0]];
}

function frameHolds(frame: Frame, point: Position, margin: number): boolean {
  const [along, across] = toFrame(frame, point);
  return Math.abs(along) <= frame.halfLong + margin && Math.abs(across) <= frame.halfShort + margin;
}

/** The minimum-area rectangle around the points (one side lies along a hull edge). */
function minAreaFrame(points: Position[]): Frame {
  const hull = convexHull(points);
  const directions: Position[] = [];
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length > 0) directions.push([(b[0] - a[0]) / length, (b[1] - a[1]) / length]);
  }
  if (directions.length === 0) directions.push([1, 0]);
  let best: Frame | null = null;
  let bestArea = Infinity;
  for (const [ux, uy] of directions) {
    let a0 = Infinity;
    let a1 = -Infinity;
    let c0 = Infinity;
    let c1 = -Infinity;
    for (const [x, y] of hull) {
      const along = x * ux + y * uy;
      const across = -x * uy + y * ux;
      a0 = Math.min(a0, along);
      a1 = Math.max(a1, along);
      c0 = Math.min(c0, across);
      c1 = Math.max(c1, across);
    }
    const area = (a1 - a0) * (c1 - c0);
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const ma = (a0 + a1) / 2;
      const mc = (c0 + c1) / 2;
      const centre: Position = [ma * ux - mc * uy, ma * uy + mc * ux];
      best =
        a1 - a0 >= c1 - c0
          ? { centre, u: [ux, uy], halfLong: (a1 - a0) / 2, halfShort: (c1 - c0) / 2 }
          : { centre, u: [-uy, ux], halfLong: (c1 - c0) / 2, halfShort: (a1 - a0) / 2 };
    }
  }
  return best!;
}

/**
 * The rectangle around the points along the principal axes of the polygon's area. A flattened
 * ellipse has no hull edge square to its axes, so its minimum-area rectangle can be tilted by half
 * a chord's angle; its moments of area are not.
 */
function principalFrame(points: Position[]): Frame {
  const [ox, oy] = points[0];
  let area = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < points.length; i++) {
    const x0 = points[i][0] - ox;
    const y0 = points[i][1] - oy;
    const x1 = points[(i + 1) % points.length][0] - ox;
    const y1 = points[(i + 1) % points.length][1] - oy;
    const c = x0 * y1 - x1 * y0;
    area += c / 2;
    sx += ((x0 + x1) * c) / 6;
    sy += ((y0 + y1) * c) / 6;
    sxx += (c * (x0 * x0 + x0 * x1 + x1 * x1)) / 12;
    syy += (c * (y0 * y0 + y0 * y1 + y1 * y1)) / 12;
    sxy += (c * (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0)) / 24;
  }
  if (area === 0) return minAreaFrame(points);
  const cx = sx / area;
  const cy = sy / area;
  const muXX = sxx / area - cx * cx;
  const muYY = syy / area - cy * cy;
  const muXY = sxy / area - cx * cy;
  const angle = Math.atan2(2 * muXY, muXX - muYY) / 2;
  const u: Position = [Math.cos(angle), Math.sin(angle)];
  let a0 = Infinity;
  let a1 = -Infinity;
  let c0 = Infinity;
  let c1 = -Infinity;
  for (const [x, y] of points) {
    const along = x * u[0] + y * u[1];
    const across = -x * u[1] + y * u[0];
    a0 = Math.min(a0, along);
    a1 = Math.max(a1, along);
    c0 = Math.min(c0, across);
    c1 = Math.max(c1, across);
  }
  const ma = (a0 + a1) / 2;
  const mc = (c0 + c1) / 2;
  const centre: Position = [ma * u[0] - mc * u[1], ma * u[1] + mc * u[0]];
  return a1 - a0 >= c1 - c0
    ? { centre, u, halfLong: (a1 - a0) / 2, halfShort: (c1 - c0) / 2 }
    : { centre, u: [-u[1], u[0]], halfLong: (c1 - c0) / 2, halfShort: (a1 - a0) / 2 };
}

function shoelace(points: Position[]): number {
  return Math.abs(signedArea2(points)) / 2;
}

function centreOf(points: Position[]): Position {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

// ---------------------------------------------------------------------------------------------
// Parts

type PartKind = 'rect' | 'ellipse' | 'roundrect' | 'polygon' | 'segment' | 'polyline';

interface Part {
  kind: PartKind;
  /** Closed parts: the ring without its closing repeat; open parts: the points in order. */
  points: Position[];
  frame: Frame;
  /** Enclosed area of a closed part, 0 for an open one. */
  area: number;
  /** A closed part that is convex (within 3 % of its hull's area). */
  convex: boolean;
  bbox: BBox;
}

/** Share of its frame a closed part fills: 1 for a rectangle, π/4 for an ellipse. */
function fillOf(part: Part): number {
  return part.area / (4 * part.frame.halfLong * part.frame.halfShort);
}

function isClosedKind(kind: PartKind): boolean {
  return kind !== 'segment' && kind !== 'polyline';
}

function isCircle(part: Part): boolean {
  return part.kind === 'ellipse' && part.frame.halfLong <= 1.15 * part.frame.halfShort;
}

/** A circle, or a small one written as a polygon of six sides or more (CAD exports facet tiny circles). */
function isRound(part: Part): boolean {
  if (isCircle(part)) return true;
  return part.kind === 'polygon' && part.points.length >= 6 && part.convex && fillOf(part) >= 0.6 && part.frame.halfLong <= 1.15 * part.frame.halfShort;
}

/** Vertices left after Douglas–Peucker simplification of a closed ring. */
function simplifiedCorners(ring: Position[], tolerance: number): number {
  // Split the ring at the vertex farthest from the first so both halves are open polylines.
  let far = 0;
  for (let i = 1; i < ring.length; i++) if (distance(ring[i], ring[0]) > distance(ring[far], ring[0])) far = i;
  const keep = (from: number, to: number, points: Position[]): number => {
    const a = points[from];
    const b = points[to];
    const length = distance(a, b);
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = length === 0 ? distance(points[i], a) : Math.abs(cross(a, b, points[i])) / length;
      if (d > worstDistance) {
        worstDistance = d;
        worst = i;
      }
    }
    return worst < 0 ? 0 : keep(from, worst, points) + 1 + keep(worst, to, points);
  };
  const closed = [...ring, ring[0]];
  return 2 + keep(0, far, closed) + keep(far, closed.length - 1, closed);
}

const QUARTER_PI = Math.PI / 4;

function classifyClosed(points: Position[]): { kind: PartKind; frame: Frame; convex: boolean } {
  const rectangle = minAreaFrame(points);
  if (rectangle.halfShort <= 0) return { kind: 'polygon', frame: rectangle, convex: false };
  const { halfLong: a, halfShort: b } = rectangle;
  const area = shoelace(points);
  const fill = area / (4 * a * b);
  const convexity = area / Math.max(shoelace(convexHull(points)), 1e-12);
  if (convexity < 0.97) return { kind: 'polygon', frame: rectangle, convex: false };
  if (fill >= 0.96 && simplifiedCorners(points, 0.03 * b) === 4) return { kind: 'rect', frame: rectangle, convex: true };
  if (Math.abs(fill - QUARTER_PI) <= 0.045) {
    const axes = principalFrame(points);
    const onEllipse = points.every((p) => {
      const [x, y] = toFrame(axes, p);
      const r = (x / axes.halfLong) ** 2 + (y / axes.halfShort) ** 2;
      return r >= 0.85 && r <= 1.15;
    });
    if (onEllipse) return { kind: 'ellipse', frame: axes, convex: true };
  }
  // Rounded corners turn a little at every vertex; a notched or stepped outline turns square.
  // Convex outlines other than rectangles are mostly symmetric (ovals, rounded boxes): their axes
  // of area are their axes of symmetry, which a hull edge of a flattened curve need not be.
  const axes = principalFrame(points);
  if (fill >= 0.83 && sharpestTurn(points) <= MAX_ROUNDED_TURN) return { kind: 'roundrect', frame: axes, convex: true };
  return { kind: 'polygon', frame: axes, convex: true };
}

const MAX_ROUNDED_TURN = Math.PI / 3;

/** The largest change of direction, radians, at any vertex of a closed ring. */
function sharpestTurn(ring: Position[]): number {
  let sharpest = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[(i + ring.length - 1) % ring.length];
    const b = ring[i];
    const c = ring[(i + 1) % ring.length];
    const turn = Math.abs(Math.atan2(cross(a, b, c), (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])));
    sharpest = Math.max(sharpest, turn);
  }
  return sharpest;
}

function makePart(points: Position[], closed: boolean): Part {
  if (closed) {
    const ring = withoutIdleVertices(points);
    return { ...classifyClosed(ring), points: ring, area: shoelace(ring), bbox: ringBBox(ring) };
  }
  const frame = minAreaFrame(points);
  const straight = frame.halfShort <= Math.max(0.02 * frame.halfLong, 0.05);
  return { kind: straight ? 'segment' : 'polyline', points, frame, area: 0, convex: false, bbox: ringBBox(points) };
}

/** A ring turning by less than this sine at a vertex (or turning right back) does not turn there. */
const IDLE_SINE = 0.02;
/** Endpoints closer than this (units) are one point; CAD exports round coordinates. */
const JOIN_TOLERANCE = 0.6;
const MAX_JUNCTION_ENDS = 6;
/** Turns at a node are alike when their cosines round to the same multiple of this. */
const TURN_TIE = 0.05;
/** Curves are flattened finely enough that a 2-unit drain circle still reads as a circle. */
const CURVE_TOLERANCE = 0.1;

function subpathPoints(path: VectorPath, subpath: SubPath): Position[] {
  const segments = flattenSegments([{ ...path, subpaths: [{ ...subpath, closed: false }] }], { curveTolerance: CURVE_TOLERANCE });
  if (segments.length === 0) return [];
  return [segments[0].from, ...segments.map((segment) => segment.to)];
}

/**
 * A ring with only the vertices where it turns. Where two lines of a box run on past its corner
 * (CAD overshoots) and the chain through their ends comes back along the same line, the outline
 * holds a spike of no width, and the pieces of a side drawn as several strokes leave vertices on a
 * straight line: either makes a rectangle read as a notched polygon.
 */
function withoutIdleVertices(ring: Position[]): Position[] {
  const out = [...ring];
  for (let k = 0; out.length > 3 && k < out.length; ) {
    const prev = out[(k + out.length - 1) % out.length];
    const next = out[(k + 1) % out.length];
    const [ax, ay] = [out[k][0] - prev[0], out[k][1] - prev[1]];
    const [bx, by] = [next[0] - out[k][0], next[1] - out[k][1]];
    if (Math.abs(ax * by - ay * bx) <= IDLE_SINE * Math.hypot(ax, ay) * Math.hypot(bx, by)) {
      out.splice(k, 1);
      k = Math.max(0, k - 1);
    } else k++;
  }
  return out;
}

function withoutRepeats(points: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of points) if (out.length === 0 || distance(out[out.length - 1], p) > 1e-6) out.push(p);
  return out;
}

/**
 * Open strokes joined end to end. Where more than two ends meet (a frame's corner where its
 * diagonal also ends, a T) the ends pair up straightest first: two sides of a corner continue
 * each other more than a side and the diagonal do. A chain that comes back to its start is
 * returned as a closed ring, with the indices of the strokes it consumed.
 */
function closeChains(strokes: Position[][], pens: string[]): { rings: Position[][]; consumed: Set<number> } {
  const ends = strokes.length * 2;
  const endPoint = (end: number) => {
    const stroke = strokes[end >> 1];
    return end & 1 ? stroke[stroke.length - 1] : stroke[0];
  };
  /** Unit direction from an end into its stroke. */
  const inward = (end: number): Position => {
    const stroke = strokes[end >> 1];
    const [a, b] = end & 1 ? [stroke[stroke.length - 1], stroke[stroke.length - 2]] : [stroke[0], stroke[1]];
    const length = distance(a, b) || 1;
    return [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  };
  const lengths = strokes.map((stroke) => stroke.reduce((sum, p, k) => (k === 0 ? 0 : sum + distance(stroke[k - 1], p)), 0));
  const partner = new Int32Array(ends).fill(-1);
  for (const node of endNodes(ends, endPoint)) {
    // Symbol outlines meet two to four strokes at a corner. A node of many ends is hatching or
    // dense linework chained together end to end; pairing all its ends is quadratic and says
    // nothing about symbols.
    if (node.length > MAX_JUNCTION_ENDS) continue;
    const pairs: [number, number, number, number, number][] = [];
    for (let i = 0; i < node.length; i++) {
      for (let j = i + 1; j < node.length; j++) {
        // A stroke's own two ends meeting make it closed on its own, which the caller handles.
        if (node[i] >> 1 === node[j] >> 1) continue;
        const [ux, uy] = inward(node[i]);
        const [vx, vy] = inward(node[j]);
        const samePen = pens[node[i] >> 1] === pens[node[j] >> 1] ? 0 : 1;
        pairs.push([samePen, ux * vx + uy * vy, Math.min(lengths[node[i] >> 1], lengths[node[j] >> 1]), node[i], node[j]]);
      }
    }
    // A symbol's outline is drawn in one pen: strokes of one pen pair first (the hatching of the
    // wall a box stands against ends at its corner too). Then the most opposed inward directions:
    // the straightest way through the node; among turns alike (a wall's stub ending at the corner
    // of a box), long strokes before short ones.
    pairs.sort((p, q) => p[0] - q[0] || Math.round(p[1] / TURN_TIE) - Math.round(q[1] / TURN_TIE) || q[2] - p[2]);
    for (const [, , , a, b] of pairs) {
      if (partner[a] >= 0 || partner[b] >= 0) continue;
      partner[a] = b;
      partner[b] = a;
    }
  }
  const rings: Position[][] = [];
  const consumed = new Set<number>();
  const visited = new Uint8Array(strokes.length);
  for (let start = 0; start < strokes.length; start++) {
    if (visited[start] || partner[start * 2] < 0 || partner[start * 2 + 1] < 0) continue;
    // Walk from the start stroke's far end until the chain returns or breaks.
    const order: { stroke: number; reversed: boolean }[] = [{ stroke: start, reversed: false }];
    const seen = new Set([start]);
    let end = start * 2 + 1;
    let closed = false;
    for (;;) {
      const next = partner[end];
      if (next < 0 || partner[next] !== end) break;
      const stroke = next >> 1;
      if (stroke === start) {
        closed = next === start * 2;
        break;
      }
      if (seen.has(stroke)) break;
      seen.add(stroke);
      const reversed = (next & 1) === 1;
      order.push({ stroke, reversed });
      end = reversed ? stroke * 2 : stroke * 2 + 1;
    }
    for (const { stroke } of order) visited[stroke] = 1;
    if (!closed || order.length < 2) continue;
    rings.push(withoutRepeats(chainPoints(strokes, order).slice(0, -1)));
    for (const { stroke } of order) consumed.add(stroke);
  }
  rings.push(...closeTrimmedChains(strokes, partner, consumed));
  return { rings, consumed };
}

/** The points of strokes walked end to end, each in the direction it was walked. */
function chainPoints(strokes: Position[][], order: { stroke: number; reversed: boolean }[]): Position[] {
  const points: Position[] = [];
  for (const { stroke, reversed } of order) {
    const walked = reversed ? [...strokes[stroke]].reverse() : strokes[stroke];
    points.push(...(points.length === 0 ? walked : walked.slice(1)));
  }
  return points;
}

/** Widest gap (units, 1.2 mm of paper) a chain may stop short of its start by and still be one outline. */
const TRIMMED_GAP = 7;
/** ... when the outline is at least this many times longer than the gap. */
const TRIMMED_GAP_SHARE = 15;

/**
 * Chains that end a hair short of where they begin: a basin's rim trimmed where the tap drawn
 * across it runs, a circle drawn as one arc that stops short. Each is closed across its gap.
 * Walks every chain not yet consumed from one free end to the other; adds to `consumed`.
 */
function closeTrimmedChains(strokes: Position[][], partner: Int32Array, consumed: Set<number>): Position[][] {
  const rings: Position[][] = [];
  const walked = new Uint8Array(strokes.length);
  for (const stroke of consumed) walked[stroke] = 1;
  for (let first = 0; first < strokes.length; first++) {
    const startFree = partner[first * 2] < 0;
    if (walked[first] || (!startFree && partner[first * 2 + 1] >= 0)) continue;
    // Leave by the partnered end, or by the far end of a stroke alone.
    const order = [{ stroke: first, reversed: !startFree }];
    walked[first] = 1;
    let end = startFree ? first * 2 + 1 : first * 2;
    for (;;) {
      const next = partner[end];
      if (next < 0 || partner[next] !== end || walked[next >> 1]) break;
      const stroke = next >> 1;
      walked[stroke] = 1;
      const reversed = (next & 1) === 1;
      order.push({ stroke, reversed });
      end = reversed ? stroke * 2 : stroke * 2 + 1;
    }
    const chain = chainPoints(strokes, order);
    const gap = distance(chain[0], chain[chain.length - 1]);
    const length = chain.reduce((sum, p, k) => (k === 0 ? 0 : sum + distance(chain[k - 1], p)), 0);
    if (gap > TRIMMED_GAP || length < TRIMMED_GAP_SHARE * gap || chain.length < 4) continue;
    rings.push(withoutRepeats(gap <= JOIN_TOLERANCE ? chain.slice(0, -1) : chain));
    for (const { stroke } of order) consumed.add(stroke);
  }
  return rings;
}

function paintedDark([r, g, b, alpha]: [number, number, number, number]): boolean {
  return alpha >= 0.5 && 0.299 * r + 0.587 * g + 0.114 * b < 200;
}

/** Stroke ends grouped into nodes: ends within JOIN_TOLERANCE of each other, transitively. */
function endNodes(ends: number, endPoint: (end: number) => Position): number[][] {
  const cell = JOIN_TOLERANCE;
  const grid = new Map<number, number[]>();
  for (let end = 0; end < ends; end++) {
    const p = endPoint(end);
    const k = cellKey(Math.round(p[0] / cell), Math.round(p[1] / cell));
    const list = grid.get(k);
    if (list) list.push(end);
    else grid.set(k, [end]);
  }
  const parent = Int32Array.from({ length: ends }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let end = 0; end < ends; end++) {
    const p = endPoint(end);
    const gx = Math.round(p[0] / cell);
    const gy = Math.round(p[1] / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of grid.get(cellKey(gx + dx, gy + dy)) ?? []) {
          if (other > end && distance(endPoint(other), p) <= JOIN_TOLERANCE) parent[find(other)] = find(end);
        }
      }
    }
  }
  const nodes = new Map<number, number[]>();
  for (let end = 0; end < ends; end++) {
    const root = find(end);
    const node = nodes.get(root);
    if (node) node.push(end);
    else nodes.set(root, [end]);
  }
  return [...nodes.values()].filter((node) => node.length >= 2);
}

function collectParts(primitives: SheetPrimitives, maxSize: number): Part[] {
  const parts: Part[] = [];
  const strokes: Position[][] = [];
  const pens: string[] = [];
  for (const path of primitives.paths) {
    // Symbols are line work; a path painted solid and dark is poche, a column or an arrowhead.
    if (path.stroke === null || (path.fill !== null && paintedDark(path.fill.color))) continue;
    const [x0, y0, x1, y1] = path.bbox;
    const pathFits = Math.max(x1 - x0, y1 - y0) <= maxSize;
    for (const subpath of path.subpaths) {
      if (subpath.segments.length === 0) continue;
      if (!pathFits) {
        const box = subpathExtent(subpath);
        if (Math.max(box[2] - box[0], box[3] - box[1]) > maxSize) continue;
      }
      const points = withoutRepeats(subpathPoints(path, subpath));
      if (points.length < 2) continue;
      const endsMeet = distance(points[0], points[points.length - 1]) <= JOIN_TOLERANCE;
      if ((subpath.closed || endsMeet) && points.length >= 3) {
        const ring = endsMeet ? points.slice(0, -1) : points;
        if (ring.length >= 3) parts.push(makePart(ring, true));
      } else {
        strokes.push(points);
        pens.push(`${path.stroke.width}|${path.stroke.color.join()}`);
      }
    }
  }
  const { rings, consumed } = closeChains(strokes, pens);
  for (const ring of rings) if (ring.length >= 3) parts.push(makePart(ring, true));
  strokes.forEach((points, i) => {
    if (!consumed.has(i)) parts.push(makePart(points, false));
  });
  // Specks (dots, text-sized marks) carry no symbol geometry.
  return parts.filter((part) => part.frame.halfLong >= 0.5);
}

function subpathExtent(subpath: SubPath): BBox {
  const points: Position[] = [];
  for (const segment of subpath.segments) {
    points.push(segment.from, segment.to);
    if (segment.kind === 'cubic') points.push(segment.c1, segment.c2);
  }
  return ringBBox(points);
}

// ---------------------------------------------------------------------------------------------
// Sizes

/**
 * Real-world size checks. `unitsPerMetre` is the sheet's scale, or one estimated from toilets
 * (then with wider slack), or null: then every size check answers null, "cannot tell".
 */
class Ruler {
  constructor(
    readonly unitsPerMetre: number | null,
    private readonly slack: number,
  ) {}

  fits(units: number, minMetres: number, maxMetres: number): boolean | null {
    if (this.unitsPerMetre === null) return null;
    const metres = units / this.unitsPerMetre;
    return metres >= minMetres / this.slack && metres <= maxMetres * this.slack;
  }

  /** Blueprint units of `metres` of the building, or null without a scale. */
  units(metres: number): number | null {
    return this.unitsPerMetre === null ? null : metres * this.unitsPerMetre;
  }
}

/** Both checks must pass; unknown only when neither fails. */
function allFit(...checks: (boolean | null)[]): boolean | null {
  if (checks.some((check) => check === false)) return false;
  return checks.every((check) => check === true) ? true : null;
}

/** Geometric score of a match whose sizes `fit`: confirmed 1, unknown `unknown`, failed none. */
function sized(fit: boolean | null, unknown: number): number | null {
  return fit === true ? 1 : fit === null ? unknown : null;
}

// ---------------------------------------------------------------------------------------------
// Candidates

interface Candidate {
  frame: Frame;
  /** Parts the symbol is made of; a part belongs to one fixture at most. */
  parts: number[];
  /** Geometric score per sub-class the geometry allows. */
  options: Map<FixtureSubClass, number>;
}

const ACCEPT = 0.9;
const WORD_BONUS = 0.6;
const ROOM_BONUS = 0.3;
/** A toilet, bowl to tank, is about this deep: the yardstick of sheets without a scale. */
const TOILET_DEPTH_M = 0.7;

class PartIndex {
  private readonly index: Flatbush | null;

  constructor(readonly parts: Part[]) {
    if (parts.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(parts.length);
    for (const { bbox } of parts) this.index.add(bbox[0], bbox[1], bbox[2], bbox[3]);
    this.index.finish();
  }

  near(box: BBox, margin = 0): number[] {
    if (this.index === null) return [];
    return this.index.search(box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin).sort((a, b) => a - b);
  }

  /** Parts lying wholly inside the frame (closed ones smaller than it). */
  inside(frame: Frame, self: number): number[] {
    const margin = 0.04 * frame.halfShort + 0.5;
    const area = 4 * frame.halfLong * frame.halfShort;
    return this.near(ringBBox(frameRing(frame)), margin).filter((i) => {
      if (i === self) return false;
      const part = this.parts[i];
      if (isClosedKind(part.kind) && part.area >= 0.9 * area) return false;
      return part.points.every((p) => frameHolds(frame, p, margin));
    });
  }
}

function hasBothDiagonals(frame: Frame, segments: Part[]): boolean {
  const ring = frameRing(frame);
  const reach = 0.08 * Math.hypot(frame.halfLong, frame.halfShort);
  const joins = (segment: Part, a: Position, b: Position) => {
    const p = segment.points[0];
    const q = segment.points[segment.points.length - 1];
    return (distance(p, a) <= reach && distance(q, b) <= reach) || (distance(p, b) <= reach && distance(q, a) <= reach);
  };
  return segments.some((s) => joins(s, ring[0], ring[2])) && segments.some((s) => joins(s, ring[1], ring[3]));
}

/** Strokes through a round rim's centre that make it furniture rather than a basin. */
const MIN_SPOKES = 2;
/** A tray crossed by its diagonals, with no drain: short of ACCEPT until its room or a word says shower. */
const UNDRAINED_SHOWER = 0.6;

/**
 * Straight strokes within the basin's reach whose lines run through its centre and that reach into
 * its inner half: a tap's stem drawn at the rim points at the centre too, but stops at the rim.
 */
function spokesOf(basin: Part, segments: Part[]): number {
  const { centre, halfShort } = basin.frame;
  return segments.filter((segment) => {
    const [a, b] = [segment.points[0], segment.points[segment.points.length - 1]];
    const length = distance(a, b);
    if (!frameHolds(basin.frame, a, 0.4 * halfShort) || !frameHolds(basin.frame, b, 0.4 * halfShort)) return false;
    return length > 0 && Math.abs(cross(a, b, centre)) / length <= 0.15 * halfShort && distanceToSegment(centre, a, b) <= 0.5 * halfShort;
  }).length;
}

/** What a rectangle holding other parts can be: cooktop, shower, elevator, bathtub or sink. */
function containerOptions(container: Part, contents: Part[], ruler: Ruler): Map<FixtureSubClass, number> {
  const options = new Map<FixtureSubClass, number>();
  const { frame } = container;
  const long = 2 * frame.halfLong;
  const short = 2 * frame.halfShort;
  const aspect = long / short;
  const segments = contents.filter((part) => part.kind === 'segment');
  const circles = contents.filter(isCircle);
  const basins = contents.filter(
    (part) => (part.kind === 'ellipse' || part.kind === 'roundrect') && part.area >= 0.12 * container.area && part.area <= 0.95 * container.area,
  );
  const set = (subClass: FixtureSubClass, score: number | null) => {
    if (score !== null) options.set(subClass, score);
  };

  // Burners are rings, or (on some blocks) a dot where the pan supports cross: a dot alone says
  // less, so it needs the box's size to confirm it.
  const burners = circles.filter((c) => c.frame.halfLong >= 0.02 * frame.halfShort && c.frame.halfLong <= 0.3 * short);
  const quadrants = new Set(burners.map((c) => toFrame(frame, c.frame.centre).map((v) => Math.sign(v)).join()));
  if (burners.length >= 4 && burners.length <= 6 && quadrants.size === 4 && aspect <= 1.8) {
    const dots = burners.some((c) => c.frame.halfLong < 0.06 * frame.halfShort);
    set('cooktop', sized(allFit(ruler.fits(long, 0.45, 1.0), ruler.fits(short, 0.4, 0.8)), dots ? 0.5 : 1));
    return options;
  }

  const diagonals = hasBothDiagonals(frame, segments);
  const drain = contents.some((c) => isRound(c) && distance(c.frame.centre, frame.centre) <= 0.12 * short && c.frame.halfLong <= 0.125 * short);
  if (basins.length === 0 && (diagonals || drain)) {
    // A square crossed by its diagonals alone also marks a shaft, a tall cupboard or an opening to
    // below: a shower only where its room or a word says so.
    const fit = allFit(ruler.fits(short, 0.65, 1.3), ruler.fits(long, 0.65, 1.5));
    if (aspect <= 1.35) set('shower', drain ? sized(fit, 0.9) : fit === false ? null : UNDRAINED_SHOWER);
    if (diagonals && !drain && aspect <= 1.6) set('elevator', sized(allFit(ruler.fits(short, 1.0, 3.2), ruler.fits(long, 1.0, 3.5)), 0.5));
    // A square-cornered basin (a lab or utility sink) is its own box with the drain in the middle.
    if (drain && !diagonals && aspect <= 1.6) set('sink', sized(allFit(ruler.fits(long, 0.3, 0.9), ruler.fits(short, 0.25, 0.7)), 0.5));
    return options;
  }

  // A shower tray: a square-ish rectangle filled by one rounded tray, with a drain or a slope line.
  const drained = circles.some((c) => c.frame.halfLong <= 0.125 * short) || segments.some((s) => 2 * s.frame.halfLong >= 0.9 * Math.hypot(long, short));
  if (basins.length === 1 && basins[0].area >= 0.6 * container.area && aspect <= 1.35 && drained) {
    const fit = allFit(ruler.fits(short, 0.7, 1.3), ruler.fits(long, 0.7, 1.5));
    set('shower', sized(fit, 0.5));
    if (fit === true) return options;
  }

  // A round pot, a table or a lamp drawn with spokes or a cross through its centre is furniture,
  // however basin-like its rim.
  if (basins.some((basin) => spokesOf(basin, segments) >= MIN_SPOKES)) return options;

  if (basins.length === 1 && basins[0].area >= 0.5 * container.area && aspect >= 1.5 && aspect <= 3.2) {
    const fit = allFit(ruler.fits(long, 1.2, 2.2), ruler.fits(short, 0.55, 1.05));
    set('bathtub', fit === null ? (aspect >= 1.9 ? 0.9 : 0.5) : sized(fit, 0));
  }
  if ((basins.length === 1 || basins.length === 2) && aspect <= 2.4 && !basins.some((basin) => clutteredBasin(basin, contents))) {
    const fit = allFit(ruler.fits(long, 0.3, 1.4), ruler.fits(short, 0.25, 0.8));
    set('sink', fit === null ? (options.has('bathtub') ? 0.5 : 0.9) : sized(fit, 0));
  }
  return options;
}

/** More open strokes than this inside a rounded outline, off its rim, make it a device, not a basin. */
const MAX_BASIN_STROKES = 4;
/** Strokes this close to a basin's outline (share of its half width) are its rim: a double rim, taps, fragments. */
const RIM_SHARE = 0.25;

/**
 * A basin holds its drain and perhaps a tap's line inside its rim; a rounded outline whose inside
 * is full of strokes is a device drawn in detail (a telephone's keypad on a bedside table).
 */
function clutteredBasin(basin: Part, contents: Part[]): boolean {
  const { halfShort } = basin.frame;
  const ring = [...basin.points, basin.points[0]];
  const onRim = (p: Position) => ring.some((q, k) => k > 0 && distanceToSegment(p, ring[k - 1], q) <= RIM_SHARE * halfShort);
  const inside = contents.filter((part) => !isClosedKind(part.kind) && part.points.every((p) => frameHolds(basin.frame, p, 0) && pointInRing(p, basin.points)));
  return inside.filter((part) => !part.points.every(onRim)).length > MAX_BASIN_STROKES;
}

/** How far (share of the bowl's half length) a tank may stand off its bowl when a neck joins them. */
const MAX_NECK = 0.9;

/** Strokes running from the tank's edge to the bowl's end: the sides of a close-coupled pedestal. */
function neckLines(bowl: Part, tank: Part, parts: Part[], index: PartIndex): number {
  const tolerance = 0.1 * bowl.frame.halfShort + 0.5;
  const atTank = (p: Position) => frameHolds(tank.frame, p, tolerance);
  const atBowl = (p: Position) => Math.abs(toFrame(bowl.frame, p)[0]) <= bowl.frame.halfLong + tolerance && frameHolds(bowl.frame, p, bowl.frame.halfLong);
  return index.near(tank.bbox, bowl.frame.halfLong).filter((i) => {
    const part = parts[i];
    if (isClosedKind(part.kind)) return false;
    const [first, last] = [part.points[0], part.points[part.points.length - 1]];
    return (atTank(first) && atBowl(last)) || (atTank(last) && atBowl(first));
  }).length;
}

/** A toilet: oval bowl `bowl` with a tank across one end of its long axis. */
function toiletAt(bowlIndex: number, parts: Part[], index: PartIndex, ruler: Ruler): Candidate | null {
  const bowl = parts[bowlIndex];
  const b = bowl.frame;
  const bowlAspect = b.halfLong / b.halfShort;
  // An oval: an ellipse, or an egg-shaped outline narrowing toward the tank.
  const oval = bowl.convex && fillOf(bowl) >= 0.72 && fillOf(bowl) <= 0.92;
  if (!oval || bowlAspect < 1.1 || bowlAspect > 2.2) return null;
  if (ruler.fits(2 * b.halfLong, 0.3, 0.75) === false) return null;
  for (const tankIndex of index.near(bowl.bbox, b.halfLong)) {
    const tank = parts[tankIndex];
    // Box-like: tanks are drawn with notches and lids, so only how much of its frame it fills counts.
    if (tankIndex === bowlIndex || !isClosedKind(tank.kind) || fillOf(tank) < 0.85) continue;
    const t = tank.frame;
    const across = Math.abs(t.u[0] * b.u[0] + t.u[1] * b.u[1]);
    if (across > 0.2) continue;
    const tankLength = 2 * t.halfLong;
    if (tankLength < 0.8 * 2 * b.halfShort || tankLength > 2 * 2 * b.halfShort) continue;
    if (t.halfShort < 0.2 * t.halfLong || t.halfShort > 0.7 * t.halfLong) continue;
    const [along, lateral] = toFrame(b, t.centre);
    if (Math.abs(lateral) > 0.15 * t.halfLong) continue;
    // The tank sits across the bowl's end: beyond it, or drawn over the bowl's outline there, or
    // further off where the pedestal's neck is drawn from the tank to the bowl.
    const reach = Math.abs(along);
    const gap = reach - b.halfLong - t.halfShort;
    if (reach < b.halfLong - 1.5 * t.halfShort || gap > MAX_NECK * b.halfLong) continue;
    if (gap > 0.35 * b.halfLong && neckLines(bowl, tank, parts, index) < 2) continue;
    const seat = index.inside(b, bowlIndex).filter((i) => isClosedKind(parts[i].kind));
    const members = [bowlIndex, tankIndex, ...seat];
    const frame = minAreaFrame(members.flatMap((i) => parts[i].points));
    const fit = allFit(ruler.fits(2 * frame.halfLong, 0.5, 0.95), ruler.fits(2 * frame.halfShort, 0.3, 0.7));
    const score = sized(fit, 1);
    if (score === null) continue;
    return { frame, parts: members, options: new Map([['toilet', score]]) };
  }
  return null;
}

/** A wall-hung bowl's back stands this close to its wall (the carrier's depth), metres. */
const WALL_HUNG_STAND_OFF_M = 0.3;
/** Rooms that hold toilets; a utility or laundry room's oval is a sluice or a tub as often. */
const TOILET_ROOM = /BATH|WC|W\/C|TOILET|POWDER|ENSUITE|EN-SUITE|RESTROOM|LAV/;
/** Rooms that hold showers. */
const SHOWER_ROOM = /BATH|WC|W\/C|TOILET|SHOWER|ENSUITE|EN-SUITE|RESTROOM/;
/** A symbol that is a fixture only where its room's name says so: ROOM_BONUS lifts it past ACCEPT. */
const ROOM_SAYS_SO = 0.65;

/**
 * A wall-hung toilet: an oval bowl with no tank, no drain and no counter round it, its long axis
 * square to the wall its back end stands at, in a toilet room (`toiletRoomAt`: one whose name says
 * it holds toilets, or, unnamed, one whose shower or bath says it is a bathroom).
 */
function wallHungToiletAt(bowlIndex: number, parts: Part[], index: PartIndex, ruler: Ruler, toiletRoomAt: (point: Position) => RoomDetection | undefined): Candidate | null {
  const bowl = parts[bowlIndex];
  const b = bowl.frame;
  const aspect = b.halfLong / b.halfShort;
  if (!bowl.convex || fillOf(bowl) < 0.72 || fillOf(bowl) > 0.92 || aspect < 1.1 || aspect > 1.8) return null;
  if (allFit(ruler.fits(2 * b.halfLong, 0.35, 0.7), ruler.fits(2 * b.halfShort, 0.28, 0.5)) !== true) return null;
  // An oval set in a counter is a basin.
  const inCounter = index.near(bowl.bbox).some((i) => parts[i].kind === 'rect' && parts[i].area > bowl.area && frameHolds(parts[i].frame, b.centre, 0));
  if (inCounter) return null;
  const inner = index.inside(b, bowlIndex);
  if (inner.some((i) => isCircle(parts[i]) && parts[i].frame.halfLong <= 0.2 * b.halfShort)) return null;
  const room = toiletRoomAt(b.centre);
  if (!room) return null;
  const standOff = ruler.units(WALL_HUNG_STAND_OFF_M)!;
  // Wall faces: the room's outline, or a drawn line at least twice the bowl's width.
  const faces: [Position, Position][] = [];
  const outline = room.polygon[0];
  for (let k = 0; k + 1 < outline.length; k++) faces.push([outline[k], outline[k + 1]]);
  for (const i of index.near(bowl.bbox, standOff + b.halfLong)) {
    const line = parts[i];
    if (line.kind === 'segment' && line.frame.halfLong >= 2 * b.halfShort) faces.push([line.points[0], line.points[line.points.length - 1]]);
  }
  for (const end of [1, -1]) {
    const back = fromFrame(b, end * b.halfLong, 0);
    for (const [p, q] of faces) {
      const length = distance(p, q);
      if (length === 0 || distanceToSegment(back, p, q) > standOff) continue;
      const along = Math.abs(((q[0] - p[0]) * b.u[0] + (q[1] - p[1]) * b.u[1]) / length);
      if (along <= 0.2) return { frame: b, parts: [bowlIndex, ...inner], options: new Map([['toilet', ROOM_SAYS_SO]]) };
    }
  }
  return null;
}

/** A floor's slope lines run this long at least, metres; a drain's own cross-hairs are shorter. */
const SLOPE_LINE_M = 0.6;
/** Slope lines to a floor drain run in different directions by at least this much, radians. */
const SLOPE_SPREAD = Math.PI / 9;

/**
 * A curbless (roll-in) shower: a floor drain, small and round and standing in no basin or tray,
 * with slope lines drawn through it toward the corners of the wet floor, in a room whose name
 * says toilet or shower. Its outline is the square round the drain out to the nearest end of a
 * slope line: the drawing marks the floor's fall, not the shower's edge.
 */
function curblessShowerAt(drainIndex: number, parts: Part[], index: PartIndex, ruler: Ruler, rooms: RoomDetection[]): Candidate | null {
  const drain = parts[drainIndex];
  const d = drain.frame;
  if (!isClosedKind(drain.kind) || !drain.convex || d.halfLong > 1.2 * d.halfShort || fillOf(drain) < 0.65) return null;
  if (ruler.fits(2 * d.halfLong, 0.04, 0.25) !== true) return null;
  const room = roomNamedAt(rooms, d.centre, SHOWER_ROOM);
  if (!room) return null;
  const standsIn = index.near(drain.bbox).some((i) => i !== drainIndex && isClosedKind(parts[i].kind) && parts[i].area > 4 * drain.area && frameHolds(parts[i].frame, d.centre, 0));
  if (standsIn) return null;
  // Slope lines run toward the floor's corners, across the walls' grain; tile joints run with it.
  const outline = room.polygon[0];
  let axis = 0;
  let longest = 0;
  for (let k = 0; k + 1 < outline.length; k++) {
    const length = distance(outline[k], outline[k + 1]);
    if (length > longest) [axis, longest] = [Math.atan2(outline[k + 1][1] - outline[k][1], outline[k + 1][0] - outline[k][0]), length];
  }
  const slopes = index.near(drain.bbox, ruler.units(3)!).filter((i) => {
    const line = parts[i];
    if (line.kind !== 'segment' || ruler.fits(2 * line.frame.halfLong, SLOPE_LINE_M, 8) !== true) return false;
    if (Math.abs(Math.sin(2 * (Math.atan2(line.frame.u[1], line.frame.u[0]) - axis))) < Math.sin(2 * SLOPE_SPREAD)) return false;
    const [a, b] = [line.points[0], line.points[line.points.length - 1]];
    return distanceToSegment(d.centre, a, b) <= Math.max(d.halfLong, 1);
  });
  const angles = slopes.map((i) => Math.atan2(parts[i].frame.u[1], parts[i].frame.u[0]));
  if (!angles.some((p) => angles.some((q) => Math.abs(Math.sin(p - q)) >= Math.sin(SLOPE_SPREAD)))) return null;
  // How far each slope line runs out from the drain: to its nearer end where it passes through,
  // to its far end where it is drawn from the drain.
  const reach = Math.min(
    ...slopes.map((i) => {
      const ends = [parts[i].points[0], parts[i].points[parts[i].points.length - 1]].map((p) => distance(p, d.centre)).sort((a, b) => a - b);
      return ends[0] <= 2 * d.halfLong ? ends[1] : ends[0];
    }),
  );
  const half = reach / Math.SQRT2;
  if (ruler.fits(2 * half, 0.7, 2.5) !== true) return null;
  return { frame: { centre: d.centre, u: [1, 0], halfLong: half, halfShort: half }, parts: [drainIndex, ...slopes], options: new Map([['shower', ROOM_SAYS_SO]]) };
}

/** A quarter disc fills this share of its square (π/4), give or take the polyline's facets. */
const QUARTER_DISC_FILL: [number, number] = [0.73, 0.84];

/**
 * A corner bath or a quadrant shower tray: a quarter disc (two straight sides square to each other
 * along the walls, an arc in front), so three corners of its square lie on its outline and the
 * fourth, behind the arc, does not. A bath holds its basin (a closed outline of a third or more of
 * it); a tray holds its drain. A door's swing is a quarter disc too, but holds neither.
 */
function cornerFixtureAt(partIndex: number, parts: Part[], index: PartIndex, ruler: Ruler): Candidate | null {
  const part = parts[partIndex];
  if (!isClosedKind(part.kind) || part.kind === 'rect' || !part.convex) return null;
  // A part's frame follows its principal axes, which for a quarter disc run along its chord: its
  // square is the minimum-area rectangle.
  const f = minAreaFrame(part.points);
  const fill = part.area / (4 * f.halfLong * f.halfShort);
  if (f.halfLong > 1.12 * f.halfShort || fill < QUARTER_DISC_FILL[0] || fill > QUARTER_DISC_FILL[1]) return null;
  const reach = 0.05 * 2 * f.halfShort;
  const cornersOn = frameRing(f)
    .slice(0, 4)
    .filter((corner) => part.points.some((p) => distance(p, corner) <= reach)).length;
  if (cornersOn !== 3) return null;
  const inner = index.inside(f, partIndex).filter((i) => pointInRing(parts[i].frame.centre, part.points));
  const side = 2 * f.halfLong;
  const options = new Map<FixtureSubClass, number>();
  if (inner.some((i) => isClosedKind(parts[i].kind) && parts[i].area >= 0.3 * part.area)) {
    const score = sized(ruler.fits(side, 1.15, 1.8), 0.5);
    if (score !== null) options.set('bathtub', score);
  } else if (inner.some((i) => isCircle(parts[i]) && parts[i].frame.halfLong <= 0.1 * side)) {
    const score = sized(ruler.fits(side, 0.7, 1.05), 0.5);
    if (score !== null) options.set('shower', score);
  }
  return options.size > 0 ? { frame: f, parts: [partIndex, ...inner], options } : null;
}

/** A basin's drain may sit off its centre (toward the back of a corner basin), by this share of its half width. */
const DRAIN_OFFSET = 0.7;

/** How far a pop-up drain may stand from the bowl's axis, in the bowl's half widths: on the rim round it. */
const POP_UP_REACH = 1.5;

/** A lone basin (oval or rounded) with a small drain inside: a wash basin drawn without a counter. */
function basinAt(basinIndex: number, parts: Part[], index: PartIndex, ruler: Ruler): Candidate | null {
  const basin = parts[basinIndex];
  if (basin.kind !== 'ellipse' && basin.kind !== 'roundrect') return null;
  const f = basin.frame;
  const inner = index.inside(f, basinIndex);
  const round = (part: Part) =>
    (isCircle(part) || (part.convex && isClosedKind(part.kind) && fillOf(part) >= 0.7 && part.frame.halfLong <= 1.25 * part.frame.halfShort)) &&
    part.frame.halfLong <= 0.2 * f.halfShort;
  const inBowl = (i: number) => round(parts[i]) && distance(parts[i].frame.centre, f.centre) <= DRAIN_OFFSET * f.halfShort;
  // A lavatory's pop-up stands on the rim at the back, between the taps, outside the bowl's outline.
  const onRim = (i: number) => {
    if (i === basinIndex || !round(parts[i])) return false;
    const [along, across] = toFrame(f, parts[i].frame.centre);
    return Math.abs(along) <= 0.3 * f.halfLong && Math.abs(across) > f.halfShort && Math.abs(across) <= POP_UP_REACH * f.halfShort;
  };
  const drain = inner.find(inBowl) ?? index.near(basin.bbox, (POP_UP_REACH - 1) * f.halfShort).find(onRim);
  if (drain === undefined) return null;
  const score = sized(allFit(ruler.fits(2 * f.halfLong, 0.3, 0.75), ruler.fits(2 * f.halfShort, 0.25, 0.6)), 0.5);
  if (score === null) return null;
  return { frame: f, parts: [basinIndex, ...inner], options: new Map([['sink', 0.9 * score]]) };
}

/**
 * Stairs: runs of ≥ 5 parallel treads of equal length, equally spaced, ends aligned square to the
 * run. The outline is the rectangle around the run, or the stair's own rectangle when one holds it.
 */
function findStairs(parts: Part[], index: PartIndex, ruler: Ruler, words: WordIndex): Candidate[] {
  const treads = parts
    .map((part, i) => ({ part, i }))
    .filter(({ part }) => part.kind === 'segment' && ruler.fits(2 * part.frame.halfLong, 0.6, 2.5) !== false);
  // Direction buckets of 1°, each tread taken with its own and its neighbour's bucket.
  const buckets = byDegree(treads, ({ part }) => part.frame.u);
  const candidates: Candidate[] = [];
  const used = new Set<number>();
  for (const [bucket, list] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const pool = [...list, ...(buckets.get((bucket + 1) % 180) ?? [])].filter(({ i }) => !used.has(i));
    if (pool.length < 5) continue;
    const angle = (bucket * Math.PI) / 180;
    const u: Position = [Math.cos(angle), Math.sin(angle)];
    const offsetOf = (p: Position) => -p[0] * u[1] + p[1] * u[0];
    const alongOf = (p: Position) => p[0] * u[0] + p[1] * u[1];
    const items = pool
      .map(({ part, i }) => {
        const a = alongOf(part.points[0]);
        const b = alongOf(part.points[part.points.length - 1]);
        return { i, offset: offsetOf(part.frame.centre), start: Math.min(a, b), end: Math.max(a, b) };
      })
      .sort((p, q) => p.offset - q.offset);
    for (const run of treadRuns(items)) {
      const first = items[run[0]];
      const last = items[run[run.length - 1]];
      const length = first.end - first.start;
      const spacing = (last.offset - first.offset) / (run.length - 1);
      const spacingFit = allFit(ruler.fits(spacing, 0.18, 0.4), ruler.fits(length, 0.6, 2.5));
      if (run.length > MAX_TREADS || spacingFit === false || spacing < 0.12 * length || spacing > 0.5 * length) continue;
      const runFrame: Frame = {
        centre: [0, 0],
        u: [-u[1], u[0]],
        halfLong: (last.offset - first.offset) / 2 + spacing / 2,
        halfShort: length / 2,
      };
      const midAlong = (first.start + first.end) / 2;
      const midOffset = (first.offset + last.offset) / 2;
      runFrame.centre = [midAlong * u[0] - midOffset * u[1], midAlong * u[1] + midOffset * u[0]];
      if (crossLines(runFrame, parts, index) >= GRID_CROSS_LINES || !endsBounded(runFrame, parts, index)) continue;
      const memberParts = run.map((k) => items[k].i);
      const enclosing = enclosingStairRect(runFrame, memberParts, parts, index);
      const frame = enclosing ?? normalised(runFrame);
      const word = words.near(frame, Math.max(frame.halfShort, 4)).some((w) => keywordClass(w) === 'stairs');
      const score = sized(spacingFit, word || enclosing !== null ? 0.9 : 0.5);
      if (score === null) continue;
      for (const i of memberParts) used.add(i);
      candidates.push({ frame, parts: memberParts, options: new Map([['stairs', score]]) });
    }
  }
  return candidates;
}

/** Codes cap a flight's rise near 3.7 m, about 20 risers; more parallel lines are boards or a pattern. */
const MAX_TREADS = 24;
/** A stair's treads are crossed by a handrail, a walking line, an arrow; tiles and grids by many more. */
const GRID_CROSS_LINES = 4;

/**
 * How many lines, square to the treads, cross the run: their total length inside it over the
 * run's length, so a tile grid drawn tile by tile counts as fully as one drawn in long strokes.
 */
function crossLines(runFrame: Frame, parts: Part[], index: PartIndex): number {
  const [ux, uy] = runFrame.u;
  const runLength = 2 * runFrame.halfLong;
  let total = 0;
  for (const i of index.near(ringBBox(frameRing(runFrame)))) {
    const part = parts[i];
    if (part.kind !== 'segment' || Math.abs(part.frame.u[0] * ux + part.frame.u[1] * uy) < 0.998) continue;
    const [a0, c0] = toFrame(runFrame, part.points[0]);
    const [a1] = toFrame(runFrame, part.points[part.points.length - 1]);
    if (Math.abs(c0) > runFrame.halfShort) continue;
    total += Math.max(0, Math.min(Math.max(a0, a1), runFrame.halfLong) - Math.max(Math.min(a0, a1), -runFrame.halfLong));
  }
  return total / runLength;
}

/**
 * Treads run from wall (or stringer) to wall: both ends of the run rest on lines along it for
 * most of its length. Tick marks, gauges and hatching stop short on one side.
 */
function endsBounded(runFrame: Frame, parts: Part[], index: PartIndex): boolean {
  const [ux, uy] = runFrame.u;
  const reach = Math.max(1.5, 0.04 * runFrame.halfShort * 2);
  const covered = [0, 0];
  for (const i of index.near(ringBBox(frameRing(runFrame)), reach)) {
    const { points, kind } = parts[i];
    const edges = isClosedKind(kind) ? points.length : points.length - 1;
    for (let k = 0; k < edges; k++) {
      const a = points[k];
      const b = points[(k + 1) % points.length];
      const length = distance(a, b);
      if (length === 0 || Math.abs(((b[0] - a[0]) * ux + (b[1] - a[1]) * uy) / length) < 0.995) continue;
      const [a0, c0] = toFrame(runFrame, a);
      const [a1] = toFrame(runFrame, b);
      const along = Math.max(0, Math.min(Math.max(a0, a1), runFrame.halfLong) - Math.max(Math.min(a0, a1), -runFrame.halfLong));
      for (const [side, end] of [-1, 1].entries()) if (Math.abs(c0 - end * runFrame.halfShort) <= reach) covered[side] += along;
    }
  }
  return covered.every((length) => length >= 0.6 * 2 * runFrame.halfLong);
}

/** A frame with `u` along its longer side. */
function normalised(frame: Frame): Frame {
  if (frame.halfLong >= frame.halfShort) return frame;
  return { centre: frame.centre, u: [-frame.u[1], frame.u[0]], halfLong: frame.halfShort, halfShort: frame.halfLong };
}

/** The rectangle a stair is drawn in: a rect holding most of the run and not much larger than it. */
function enclosingStairRect(runFrame: Frame, treads: number[], parts: Part[], index: PartIndex): Frame | null {
  const midpoints = treads.map((i) => parts[i].frame.centre);
  const box = ringBBox(frameRing(runFrame));
  let best: Frame | null = null;
  for (const i of index.near(box, 2 * runFrame.halfLong)) {
    const part = parts[i];
    if (part.kind !== 'rect') continue;
    const held = midpoints.filter((p) => frameHolds(part.frame, p, 0.5)).length;
    if (held < 0.8 * midpoints.length) continue;
    const areaRatio = (part.frame.halfLong * part.frame.halfShort) / (runFrame.halfLong * runFrame.halfShort);
    if (areaRatio > 2.5) continue;
    if (best === null || part.frame.halfLong * part.frame.halfShort < best.halfLong * best.halfShort) best = part.frame;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Words

const KEYWORDS: [RegExp, FixtureSubClass][] = [
  [/^(WC|W\.C\.?|WCS|TOILETS?)$/, 'toilet'],
  [/^(SINK|LAV|LAV\.|LAVATORY|BASIN|VANITY)$/, 'sink'],
  [/^(TUB|BATHTUB)$/, 'bathtub'],
  [/^(SHOWER|SHWR|SHR)$/, 'shower'],
  [/^(COOKTOP|RANGE|STOVE|HOB|OVEN)$/, 'cooktop'],
  [/^(STAIRS?|STAIRWAY|STAIRWELL|UP|DN|DOWN)$/, 'stairs'],
  [/^(ELEV\.?|ELEVATORS?|LIFTS?)$/, 'elevator'],
];

function keywordClass(text: string): FixtureSubClass | null {
  const word = text.toUpperCase().replace(/[^A-Z.]/g, '');
  for (const [pattern, subClass] of KEYWORDS) if (pattern.test(word)) return subClass;
  return null;
}

/** Room names that say which fixtures stand in the room. */
const ROOM_KEYWORDS: [RegExp, FixtureSubClass[]][] = [
  [/BATH|WC|TOILET|SHOWER|POWDER|ENSUITE|EN-SUITE|RESTROOM|LAV|WASH|LAUNDRY|UTILITY/, ['toilet', 'sink', 'bathtub', 'shower']],
  [/KITCHEN|KITCHENETTE|PANTRY|BREAK/, ['sink', 'cooktop']],
  [/STAIR/, ['stairs']],
  [/ELEV|LIFT/, ['elevator']],
  // Plant rooms (mechanical, boiler, electrical, technical in several languages) hold water heaters
  // and tanks drawn as circles with a connection at the centre: no basin stands there.
  [/MECH|BOILER|PLANT|ELECTRICAL|\bELEC\b|TECHNICAL|TECHNIK|TEHNI|TECNIC|TECHNIQUE|SERVER|TELECOM/, ['stairs', 'elevator']],
];

class WordIndex {
  private readonly index: Flatbush | null;
  private readonly centres: Position[];
  private readonly texts: string[];

  constructor(words: SheetWord[]) {
    const placed = words.filter((word) => word.geometry !== null && keywordClass(word.text) !== null);
    this.centres = placed.map((word) => centreOf(word.geometry!.coordinates[0].slice(0, -1)));
    this.texts = placed.map((word) => word.text);
    if (placed.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(placed.length);
    for (const [x, y] of this.centres) this.index.add(x, y, x, y);
    this.index.finish();
  }

  /** Fixture keywords printed within `margin` of the frame. */
  near(frame: Frame, margin: number): string[] {
    if (this.index === null) return [];
    const [x0, y0, x1, y1] = ringBBox(frameRing(frame));
    return this.index
      .search(x0 - margin, y0 - margin, x1 + margin, y1 + margin)
      .filter((i) => frameHolds(frame, this.centres[i], margin))
      .map((i) => this.texts[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// Grouping, evidence and the final choice

/** The candidate's geometry, invariant to translation, rotation and mirroring: same key, same block. */
function signature(candidate: Candidate, parts: Part[]): string {
  const { frame } = candidate;
  const size = 2 * frame.halfLong;
  const q = (value: number) => Math.round((value / size) * 20);
  const members = candidate.parts
    .map((i) => {
      const part = parts[i];
      const [along, across] = toFrame(frame, part.frame.centre);
      return `${part.kind}:${q(2 * part.frame.halfLong)}:${q(2 * part.frame.halfShort)}:${q(Math.abs(along))}:${q(Math.abs(across))}`;
    })
    .sort();
  return `${Math.round(Math.log(size) / Math.log(1.03))}:${q(2 * frame.halfShort)}|${members.join('|')}`;
}

interface Choice {
  candidate: Candidate;
  subClass: FixtureSubClass;
  score: number;
}

/** The room at `point` whose name matches `pattern`, if any. */
function roomNamedAt(rooms: RoomDetection[], point: Position, pattern: RegExp): RoomDetection | undefined {
  return rooms.find((room) => room.name !== null && pattern.test(room.name.toUpperCase()) && pointInPolygon(point, room.polygon));
}

function roomEvidence(rooms: RoomDetection[], point: Position): Set<FixtureSubClass> {
  const evidence = new Set<FixtureSubClass>();
  for (const room of rooms) {
    if (room.name === null || !pointInPolygon(point, room.polygon)) continue;
    const name = room.name.toUpperCase();
    for (const [pattern, subClasses] of ROOM_KEYWORDS) if (pattern.test(name)) for (const s of subClasses) evidence.add(s);
  }
  return evidence;
}

/** One decision per group of identical candidates, from their mean geometry and everyone's words. */
function chooseByGroup(candidates: Candidate[], parts: Part[], words: WordIndex, rooms: RoomDetection[], ruler: Ruler): Choice[] {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const key = signature(candidate, parts);
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  const choices: Choice[] = [];
  for (const group of groups.values()) {
    const wordHits = new Set<FixtureSubClass>();
    const roomHits = new Set<FixtureSubClass>();
    for (const candidate of group) {
      const margin = Math.max(candidate.frame.halfLong, ruler.units(0.6) ?? 0);
      for (const text of words.near(candidate.frame, margin)) {
        const subClass = keywordClass(text);
        if (subClass !== null) wordHits.add(subClass);
      }
      for (const subClass of roomEvidence(rooms, candidate.frame.centre)) roomHits.add(subClass);
    }
    // Candidates on the same parts are one symbol read two ways (an oval bowl as a toilet and as
    // a basin): one member of the group, with the better score of each reading.
    const members = new Map<string, Map<FixtureSubClass, number>>();
    for (const candidate of group) {
      const key = candidate.parts.join();
      const options = members.get(key) ?? new Map<FixtureSubClass, number>();
      for (const [subClass, score] of candidate.options) options.set(subClass, Math.max(options.get(subClass) ?? 0, score));
      members.set(key, options);
    }
    const totals = new Map<FixtureSubClass, number>();
    for (const options of members.values()) {
      for (const [subClass, score] of options) totals.set(subClass, (totals.get(subClass) ?? 0) + score / members.size);
    }
    let best: FixtureSubClass | null = null;
    let bestScore = -Infinity;
    for (const [subClass, mean] of [...totals].sort((a, b) => a[0].localeCompare(b[0]))) {
      // Options some member lacks are weaker: the mean already counts that member as 0. A room
      // whose name says what it holds speaks against the rest (no shower in a KITCHEN).
      const roomSays = roomHits.size === 0 ? 0 : roomHits.has(subClass) ? ROOM_BONUS : -ROOM_BONUS;
      const score = mean + (wordHits.has(subClass) ? WORD_BONUS : 0) + roomSays;
      if (score > bestScore) {
        bestScore = score;
        best = subClass;
      }
    }
    if (best === null || bestScore < ACCEPT) continue;
    for (const candidate of group) if (candidate.options.has(best)) choices.push({ candidate, subClass: best, score: bestScore });
  }
  return choices;
}

/** Best first; a choice sharing a part with a kept one, or mostly covering it, is dropped. */
function suppressOverlaps(choices: Choice[]): Choice[] {
  const area = (frame: Frame) => 4 * frame.halfLong * frame.halfShort;
  const ordered = [...choices].sort((a, b) => b.score - a.score || area(b.candidate.frame) - area(a.candidate.frame));
  const kept: Choice[] = [];
  const usedParts = new Set<number>();
  for (const choice of ordered) {
    if (choice.candidate.parts.some((i) => usedParts.has(i))) continue;
    const ring = frameRing(choice.candidate.frame);
    const clash = kept.some((other) => {
      const common = overlapArea([ring], [frameRing(other.candidate.frame)]);
      return common > 0.5 * Math.min(area(choice.candidate.frame), area(other.candidate.frame));
    });
    if (clash) continue;
    kept.push(choice);
    for (const i of choice.candidate.parts) usedParts.add(i);
  }
  return kept;
}

/**
 * Lone basins side by side, alike in size and in line, a gap narrower than a basin between them:
 * the bowls of one double sink.
 */
function pairBowls(basins: Candidate[], parts: Part[]): Candidate[] {
  const used = new Set<Candidate>();
  const sinks: Candidate[] = [];
  for (const a of basins) {
    if (used.has(a)) continue;
    const twin = basins.find((b) => {
      if (b === a || used.has(b)) return false;
      const [fa, fb] = [a.frame, b.frame];
      const alike = Math.abs(fa.halfLong - fb.halfLong) <= 0.15 * fa.halfLong && Math.abs(fa.halfShort - fb.halfShort) <= 0.15 * fa.halfShort;
      const gap = distance(fa.centre, fb.centre) - 2 * Math.min(fa.halfLong, fa.halfShort);
      return alike && gap <= 2 * fa.halfShort;
    });
    used.add(a);
    if (!twin) {
      sinks.push(a);
      continue;
    }
    used.add(twin);
    const members = [...a.parts, ...twin.parts];
    sinks.push({ frame: minAreaFrame(members.flatMap((i) => parts[i].points)), parts: members, options: new Map([['sink', Math.max(a.options.get('sink')!, twin.options.get('sink')!)]]) });
  }
  return sinks;
}

/**
 * Two bowls drawn without drains (some kitchen and vanity blocks draw none) make a double sink
 * only where the room or a word says so: two alike rounded outlines side by side are also a bed's
 * pillows or a sofa's cushions.
 */
const UNDRAINED_DOUBLE_BOWL = 0.65;
/** The bowls of one sink are parted by a divider narrower than this share of a bowl's half width. */
const BOWL_DIVIDER = 0.5;

/** A rounded outline sized like a sink's bowl, with no drain in it and not full of strokes. */
function isUndrainedBowl(i: number, parts: Part[], index: PartIndex, ruler: Ruler): boolean {
  const part = parts[i];
  if (part.kind !== 'roundrect' || !part.convex) return false;
  if (allFit(ruler.fits(2 * part.frame.halfLong, 0.3, 0.6), ruler.fits(2 * part.frame.halfShort, 0.2, 0.5)) === false) return false;
  return !clutteredBasin(part, index.inside(part.frame, i).map((k) => parts[k]));
}

/** Undrained bowls alike in size, square to each other and side by side across a thin divider: one double sink. */
function pairUndrainedBowls(bowls: number[], parts: Part[], ruler: Ruler): Candidate[] {
  const sinks: Candidate[] = [];
  const used = new Set<number>();
  for (const a of bowls) {
    if (used.has(a)) continue;
    const fa = parts[a].frame;
    const twin = bowls.find((b) => {
      if (b === a || used.has(b)) return false;
      const fb = parts[b].frame;
      const alike = Math.abs(fa.halfLong - fb.halfLong) <= 0.15 * fa.halfLong && Math.abs(fa.halfShort - fb.halfShort) <= 0.15 * fa.halfShort;
      if (!alike || Math.abs(fa.u[0] * fb.u[0] + fa.u[1] * fb.u[1]) < 0.97) return false;
      const [along, across] = toFrame(fa, fb.centre).map(Math.abs);
      const divider = BOWL_DIVIDER * fa.halfShort;
      const besideAcross = along <= 0.15 * fa.halfLong && across - 2 * fa.halfShort >= 0 && across - 2 * fa.halfShort <= divider;
      const besideAlong = across <= 0.15 * fa.halfShort && along - 2 * fa.halfLong >= 0 && along - 2 * fa.halfLong <= divider;
      return besideAcross || besideAlong;
    });
    if (twin === undefined) continue;
    used.add(a).add(twin);
    const frame = minAreaFrame([...parts[a].points, ...parts[twin].points]);
    const score = sized(allFit(ruler.fits(2 * frame.halfLong, 0.5, 1.1), ruler.fits(2 * frame.halfShort, 0.25, 0.6)), 0.5);
    if (score !== null) sinks.push({ frame, parts: [a, twin], options: new Map([['sink', UNDRAINED_DOUBLE_BOWL * score]]) });
  }
  return sinks;
}

/** Every candidate the parts allow, judged with `ruler`. */
function findCandidates(parts: Part[], index: PartIndex, ruler: Ruler, words: WordIndex, rooms: RoomDetection[]): Candidate[] {
  const candidates: Candidate[] = [];
  const basins: Candidate[] = [];
  const undrained: number[] = [];
  parts.forEach((part, i) => {
    if (part.kind === 'rect' && ruler.fits(2 * part.frame.halfLong, 0.3, 3.5) !== false) {
      const contents = index.inside(part.frame, i);
      const options = containerOptions(part, contents.map((k) => parts[k]), ruler);
      if (options.size > 0) candidates.push({ frame: part.frame, parts: [i, ...contents], options });
    }
    const toilet = toiletAt(i, parts, index, ruler) ?? wallHungToiletAt(i, parts, index, ruler, (p) => roomNamedAt(rooms, p, TOILET_ROOM));
    if (toilet !== null) candidates.push(toilet);
    const basin = basinAt(i, parts, index, ruler);
    if (basin !== null) basins.push(basin);
    else if (isUndrainedBowl(i, parts, index, ruler)) undrained.push(i);
    const shower = curblessShowerAt(i, parts, index, ruler, rooms);
    if (shower !== null) candidates.push(shower);
    const corner = cornerFixtureAt(i, parts, index, ruler);
    if (corner !== null) candidates.push(corner);
  });
  candidates.push(...pairBowls(basins, parts), ...pairUndrainedBowls(undrained, parts, ruler), ...findStairs(parts, index, ruler, words));
  return candidates;
}

/** Hairline gaps an export leaves in one outline, units (about 1 pt at 150 dpi). */
const FACE_GAP = 2;
/** Rooms whose names say they hold plumbing: bathrooms, toilets, kitchens, laundries. */
const PLUMBED_ROOMS = ROOM_KEYWORDS.filter(([, subClasses]) => subClasses.includes('sink')).map(([pattern]) => pattern);

/**
 * Closed parts traced from the faces the strokes enclose, in rooms whose names say they hold
 * plumbing, where the vector outlines themselves did not close (see fixture-faces.ts).
 */
function faceParts(input: FixtureInput, parts: Part[], unitsPerMetre: number | null): Part[] {
  if (unitsPerMetre === null) return [];
  const windows = (input.rooms ?? [])
    .filter((room) => room.name !== null && PLUMBED_ROOMS.some((pattern) => pattern.test(room.name!.toUpperCase())))
    .map((room): BBox => {
      const [x0, y0, x1, y1] = ringBBox(room.polygon[0]);
      return [x0 - FACE_GAP, y0 - FACE_GAP, x1 + FACE_GAP, y1 + FACE_GAP];
    });
  if (windows.length === 0) return [];
  const faces = strokeFaces(input.primitives, windows, { gap: FACE_GAP, minArea: 0.03 * unitsPerMetre ** 2, maxArea: 2.5 * unitsPerMetre ** 2 });
  const closed = parts.filter((part) => isClosedKind(part.kind));
  const tolerance = FACE_GAP + 1;
  const sameBox = (a: BBox, b: BBox) => a.every((v, k) => Math.abs(v - b[k]) <= tolerance);
  // A square-cornered face is the inside of a box some line crosses, never a bowl or a basin.
  return faces
    .map((ring) => makePart(ring, true))
    .filter((face) => face.kind !== 'rect' && !closed.some((part) => sameBox(part.bbox, face.bbox)));
}

/** Fixtures that make a room a bathroom whatever it is called (a sink stands in kitchens too). */
const BATHING: FixtureSubClass[] = ['shower', 'bathtub'];

/**
 * Wall-hung toilets in rooms that print no name but whose shower or bath, found by its shape,
 * says they are bathrooms: plans that label no rooms draw them too.
 */
function bathroomToilets(chosen: Choice[], parts: Part[], index: PartIndex, ruler: Ruler, rooms: RoomDetection[]): Choice[] {
  const bathrooms = rooms.filter(
    (room) => room.name === null && chosen.some((choice) => BATHING.includes(choice.subClass) && pointInPolygon(choice.candidate.frame.centre, room.polygon)),
  );
  if (bathrooms.length === 0) return [];
  const bathroomAt = (p: Position) => bathrooms.find((room) => pointInPolygon(p, room.polygon));
  const toilets: Choice[] = [];
  parts.forEach((part, i) => {
    if (!bathroomAt(part.frame.centre)) return;
    const toilet = wallHungToiletAt(i, parts, index, ruler, bathroomAt);
    if (toilet) toilets.push({ candidate: toilet, subClass: 'toilet', score: ROOM_SAYS_SO + ROOM_BONUS });
  });
  return toilets;
}

/** Units per metre implied by the toilets found by shape alone, or null without any. */
function scaleFromToilets(parts: Part[], index: PartIndex): number | null {
  const unknown = new Ruler(null, 1);
  const depths: number[] = [];
  parts.forEach((_, i) => {
    const toilet = toiletAt(i, parts, index, unknown);
    if (toilet !== null) depths.push(2 * toilet.frame.halfLong);
  });
  if (depths.length === 0) return null;
  depths.sort((a, b) => a - b);
  return depths[depths.length >> 1] / TOILET_DEPTH_M;
}

export function detectFixtures(input: FixtureInput): FixtureDetection[] {
  const { info, metresPerUnit } = input;
  const unitsPerMetre = metresPerUnit !== null && metresPerUnit > 0 ? 1 / metresPerUnit : null;
  // Stairs are the largest symbols (a flight can run 6 m); without a scale, a symbol is small next to the sheet.
  const maxSize = unitsPerMetre !== null ? 7 * unitsPerMetre : 0.2 * Math.hypot(info.widthPx, info.heightPx);
  const parts = collectParts(input.primitives, maxSize);
  parts.push(...faceParts(input, parts, unitsPerMetre));
  const index = new PartIndex(parts);
  const words = new WordIndex(input.words);
  let ruler = new Ruler(unitsPerMetre, 1);
  if (unitsPerMetre === null) {
    // Toilets vary in depth by ±20 %, and door leaves in width nearly as much (0.7–0.9 m), so
    // sizes judged by an estimate get that much more slack.
    const estimate = scaleFromToilets(parts, index) ?? input.estimatedUnitsPerMetre ?? null;
    if (estimate !== null) ruler = new Ruler(estimate, 1.25);
  }
  const rooms = input.rooms ?? [];
  const candidates = findCandidates(parts, index, ruler, words, rooms);
  const chosen = suppressOverlaps(chooseByGroup(candidates, parts, words, rooms, ruler));
  const choices = suppressOverlaps([...chosen, ...bathroomToilets(chosen, parts, index, ruler, rooms)]);
  choices.sort((a, b) => a.candidate.frame.centre[1] - b.candidate.frame.centre[1] || a.candidate.frame.centre[0] - b.candidate.frame.centre[0]);
  return choices.map((choice, i) => ({ id: `fixture-${i + 1}`, subClass: choice.subClass, polygon: frameRing(choice.candidate.frame) }));
}
