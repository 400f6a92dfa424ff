// Frames drawn tight around words: room-number boxes, door and keynote tags. A tag box in a small
// room lies a hair inside the walls (a closet's number box touches both its walls), so its edges
// would pair with a wall face as a wall of their own and eat into the room. CAD exports draw the
// box as one rectangle or as four loose strokes; both are found here from the words they frame.
import Flatbush from 'flatbush';
import type { Line, WordBox } from './topology-evidence.ts';

/**
 * A frame's height is at most this many times the height of the text it holds: a tag box is one
 * or two lines of text tall, a room many.
 */
const FRAME_TEXT_HEIGHTS = 2.6;
/** Lines closer than this to parallel with an axis (sine of the angle) can be a frame's edges. */
const AXIS_SINE = 1e-3;
/** Ends of a frame's edges meet within this share of the text height. */
const CORNER_SHARE = 0.3;

interface AxisLine {
  line: Line;
  /** Fixed coordinate (y of a horizontal line, x of a vertical one) and the extent along it. */
  at: number;
  from: number;
  to: number;
}

function axisLines(lines: Line[], horizontal: boolean): { lines: AxisLine[]; index: Flatbush | null } {
  const kept: AxisLine[] = [];
  for (const line of lines) {
    const along = horizontal ? Math.abs(line.uy) : Math.abs(line.ux);
    if (along > AXIS_SINE) continue;
    const [p, q] = [line.a, line.b];
    kept.push(
      horizontal
        ? { line, at: (p[1] + q[1]) / 2, from: Math.min(p[0], q[0]), to: Math.max(p[0], q[0]) }
        : { line, at: (p[0] + q[0]) / 2, from: Math.min(p[1], q[1]), to: Math.max(p[1], q[1]) },
    );
  }
  if (kept.length === 0) return { lines: kept, index: null };
  const index = new Flatbush(kept.length);
  for (const { at, from, to } of kept) {
    if (horizontal) index.add(from, at, to, at);
    else index.add(at, from, at, to);
  }
  index.finish();
  return { lines: kept, index };
}

/** The nearest line crossing the ray from `origin` (on the cross axis) at `across`, towards `sign`. */
function nearestCrossing(set: { lines: AxisLine[]; index: Flatbush | null }, horizontal: boolean, across: number, origin: number, sign: 1 | -1, reach: number): AxisLine | null {
  if (!set.index) return null;
  const lo = sign > 0 ? origin : origin - reach;
  const hi = sign > 0 ? origin + reach : origin;
  const hits = horizontal ? set.index.search(across, lo, across, hi) : set.index.search(lo, across, hi, across);
  let best: AxisLine | null = null;
  for (const k of hits) {
    const candidate = set.lines[k];
    const gap = (candidate.at - origin) * sign;
    if (gap <= 0) continue;
    if (!best || gap < (best.at - origin) * sign) best = candidate;
  }
  return best;
}

const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

/**
 * Ids of the lines that frame a word: four axis-aligned edges around its centre, at most a few
 * text heights apart across the text, whose ends meet at the corners and go no further (a
 * corridor's walls run on past any word between them).
 */
export function textFrameLineIds(lines: Line[], words: WordBox[]): Set<number> {
  const framed = new Set<number>();
  const horizontals = axisLines(lines, true);
  const verticals = axisLines(lines, false);
  for (const word of words) {
    const [x0, y0, x1, y1] = word.bbox;
    const textHeight = Math.min(x1 - x0, y1 - y0);
    if (!(textHeight > 0)) continue;
    const [cx, cy] = word.center;
    const tolerance = CORNER_SHARE * textHeight;
    const reach = FRAME_TEXT_HEIGHTS * textHeight;
    // Across the text first: the short sides of the frame.
    const wide = x1 - x0 >= y1 - y0;
    const sides = wide ? horizontals : verticals;
    const ends = wide ? verticals : horizontals;
    const [alongCentre, acrossCentre] = wide ? [cx, cy] : [cy, cx];
    const before = nearestCrossing(sides, wide, alongCentre, acrossCentre, -1, reach);
    const after = nearestCrossing(sides, wide, alongCentre, acrossCentre, 1, reach);
    if (!before || !after || after.at - before.at > reach) continue;
    if (!near(before.from, after.from, tolerance) || !near(before.to, after.to, tolerance)) continue;
    const span = Math.max(before.to, after.to) - Math.min(before.from, after.from);
    const first = nearestCrossing(ends, !wide, acrossCentre, alongCentre, -1, span);
    const last = nearestCrossing(ends, !wide, acrossCentre, alongCentre, 1, span);
    if (!first || !last) continue;
    const closes = (end: AxisLine, at: number) =>
      near(end.at, at, tolerance) && near(end.from, before.at, tolerance) && near(end.to, after.at, tolerance);
    if (!closes(first, Math.min(before.from, after.from)) || !closes(last, Math.max(before.to, after.to))) continue;
    for (const edge of [before, after, first, last]) framed.add(edge.line.id);
  }
  return framed;
}
