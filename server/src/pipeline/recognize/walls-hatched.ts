// Walls shown cut by hatching. Drafting marks what the plan's cut passes through either by a heavy
// pen or by hatching (or poché) between the faces; a plan may draw its walls in a hairline and
// hatch them, while its annotation (grid bubbles, dimensions) and furniture take heavier pens.
// Hatching here is strokes that run slantwise across the band between two paired faces, each from
// one face to the other, at a spacing of a few thicknesses: stair treads and the rungs of other
// ladders run square across, and a room's floor pattern does not stop at a pair of faces.
import Flatbush from 'flatbush';
import { fromFrame, toFrame } from './geom-frame.ts';
import { lineBBox, type Line } from './topology-evidence.ts';
import type { LinePair } from './walls.ts';

/** Hatching leans between these angles to the faces; square rungs are treads, not hatching. */
const LEAST_SLANT_COS = Math.cos((75 * Math.PI) / 180);
const MOST_SLANT_COS = Math.cos((15 * Math.PI) / 180);
/** A hatch stroke ends on a face within this share of the wall's thickness (or a unit). */
const FACE_TOLERANCE = 0.2;
/**
 * Nor, in a thin band, more than this share of its thickness: the frame posts of a small window,
 * tiny boxes crossed corner to corner between its sashes, ended within a unit of both faces of
 * the window's outline and read as its hatching.
 */
const THINNEST_BAND_TOLERANCE = 0.3;
/** A hatched stretch has strokes at least this often, in wall thicknesses. */
const WIDEST_HATCH_SPACING = 3;
/** A stretch needs this many strokes across it to be hatched. */
const FEWEST_HATCH_STROKES = 3;

/** Strokes across the band of `pair` from one face to the other, slantwise. */
function hatchStrokes(pair: LinePair, index: Flatbush, lines: Line[]): number {
  const { i, d, s0, s1 } = pair;
  const gap = Math.abs(d);
  const tolerance = Math.min(Math.max(1, FACE_TOLERANCE * gap), THINNEST_BAND_TOLERANCE * gap);
  const o0 = Math.min(i.offset, i.offset + d);
  const o1 = Math.max(i.offset, i.offset + d);
  const corners = [fromFrame(i, s0, o0), fromFrame(i, s1, o0), fromFrame(i, s1, o1), fromFrame(i, s0, o1)];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  let count = 0;
  for (const k of index.search(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys))) {
    const line = lines[k];
    const cos = Math.abs(line.ux * i.ux + line.uy * i.uy);
    if (cos < LEAST_SLANT_COS || cos > MOST_SLANT_COS) continue;
    const [sa, oa] = toFrame(i, line.a);
    const [sb, ob] = toFrame(i, line.b);
    if (Math.min(sa, sb) < s0 - tolerance || Math.max(sa, sb) > s1 + tolerance) continue;
    const [low, high] = oa < ob ? [oa, ob] : [ob, oa];
    if (Math.abs(low - o0) <= tolerance && Math.abs(high - o1) <= tolerance) count += 1;
  }
  return count;
}

/** The strokes hatching may be drawn in, indexed once for every pen's pairs. */
export class HatchIndex {
  private readonly index: Flatbush | null;

  constructor(private readonly lines: Line[]) {
    if (lines.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(lines.length);
    for (const line of lines) this.index.add(...lineBBox(line));
    this.index.finish();
  }

  /** The length of `pairs` whose band is hatched. */
  hatchedLength(pairs: LinePair[]): number {
    let hatched = 0;
    if (this.index === null) return hatched;
    for (const pair of pairs) {
      const length = pair.s1 - pair.s0;
      const strokes = hatchStrokes(pair, this.index, this.lines);
      if (strokes >= FEWEST_HATCH_STROKES && length / strokes <= WIDEST_HATCH_SPACING * Math.abs(pair.d)) hatched += length;
    }
    return hatched;
  }
}
