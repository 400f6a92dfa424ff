// Dashed lines written as loose dashes. A dashed line is hidden or overhead (a roof's overhang, a
// soffit, a wall to be demolished), never a wall's face, and a line with a dash pattern is left out
// of the walls' evidence for that. Some CAD exports write the pattern out instead: each dash a
// solid stroke of its own, in a row along one line. Paired with a wall face, such a row read as a
// wall as thick as the overhang is deep (kirkland's garage roof line, 16 pt out). The rows are
// found here from their rhythm, dashes and gaps of even length as a line type repeats them, and
// from their loose ends: a wall face broken at doors in a row has a rhythm too, but each of its
// pieces ends on the wall's end cap or on the next wall's face.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { distance, median } from './geom-basics.ts';
import type { Line } from './topology-evidence.ts';

/** Lines this close to parallel (radians) and to one line (paper mm) are pieces of one line. */
const ANGLE_TOLERANCE = 0.005;
const OFFSET_TOLERANCE_MM = 0.1;
/** Keys of the hash lines are grouped in: directions in [0, π) and offsets on either side of the origin (a sheet spans far fewer tolerances). */
const ANGLE_BUCKETS = Math.ceil(Math.PI / ANGLE_TOLERANCE) + 2;
const OFFSET_BUCKETS = 2 ** 24;
/** A line type's gap, paper mm: wider than the joints CAD leaves between the pieces of one stroke, narrower than a door. */
const MIN_GAP_MM = 0.4;
const MAX_GAP_MM = 4;
/** A row's gaps and dashes within this share of their medians; a few may be broken by a stroke that happens to lie on the line (lettering set against it). */
const GAP_EVENNESS = 0.3;
const DASH_EVENNESS = 0.3;
const EVEN_SHARE = 2 / 3;
/** A line type's dash is at most this many gaps long (ISO's long dash is 4, a centre line's 5); a face broken by columns or partitions is far longer between its breaks. */
const MAX_DASH_GAPS = 6;
/** A centre line's long dash is up to 8 gaps long (ISO 128's long-dashed dotted line, AutoCAD's ACAD_ISO04W100), 5 in AutoCAD's CENTER. */
const MAX_CENTRE_DASH_GAPS = 10;
/** A row this short is a hatch's joints (brick's, across a wall), not a line drawn dashed. */
const MIN_DASHES = 4;
const MIN_ROW_MM = 20;
/** A dash's end is loose where no other line ends within this, paper mm; most of a dashed row's ends are. */
const JOINT_MM = 0.25;
const LOOSE_ENDS_SHARE = 2 / 3;

interface Piece {
  line: Line;
  t0: number;
  t1: number;
}

/** Ids of the lines written out dash by dash: of dashed lines (`dashed`) and of centre lines (`axes`). */
export function explodedDashLineIds(lines: readonly Line[], unitsPerPaperMm: number): { dashed: Set<number>; axes: Set<number> } {
  const found = { dashed: new Set<number>(), axes: new Set<number>() };
  // Built at the first row that keeps a line type's rhythm: most sheets have none.
  let ends: LineEnds | null = null;
  for (const row of collinearGroups(lines, unitsPerPaperMm)) {
    for (const { pieces, rhythm } of evenRuns(row, unitsPerPaperMm)) {
      ends ??= new LineEnds(lines, JOINT_MM * unitsPerPaperMm);
      if (mostlyLoose(pieces, ends)) for (const piece of pieces) found[rhythm].add(piece.line.id);
    }
  }
  return found;
}

/** Where lines end, indexed for the search round one dash's end. */
class LineEnds {
  private readonly index: Flatbush;

  constructor(
    private readonly lines: readonly Line[],
    private readonly tolerance: number,
  ) {
    this.index = new Flatbush(2 * lines.length);
    for (const { a, b } of lines) {
      this.index.add(a[0], a[1], a[0], a[1]);
      this.index.add(b[0], b[1], b[0], b[1]);
    }
    this.index.finish();
  }

  /** Whether a line not running along `line` ends within the tolerance of `at`. */
  joined(at: Position, line: Line): boolean {
    const t = this.tolerance;
    const near = this.index.search(at[0] - t, at[1] - t, at[0] + t, at[1] + t, (k) => {
      const other = this.lines[k >> 1];
      if (Math.abs(other.ux * line.uy - other.uy * line.ux) < ANGLE_TOLERANCE) return false;
      return distance(k & 1 ? other.b : other.a, at) <= t;
    });
    return near.length > 0;
  }
}

/** Whether most of a run's dash ends are loose: no other line meets them. Hatches' rows, joined at every end, are told early. */
function mostlyLoose(run: Piece[], ends: LineEnds): boolean {
  const joinedAllowed = (1 - LOOSE_ENDS_SHARE) * 2 * run.length;
  let joined = 0;
  for (const { line } of run) {
    for (const at of [line.a, line.b]) if (ends.joined(at, line) && ++joined > joinedAllowed) return false;
  }
  return true;
}

/**
 * Stroked lines short enough to be dashes, grouped by pen and supporting line, each group sorted
 * along its line. Lines are hashed on their pen, direction and offset, each to the tolerance:
 * the dashes of one row share their line to rounding, and a sheet holds hundreds of thousands of
 * strokes (zeidler's hatches), too many to sort against each other.
 */
function collinearGroups(lines: readonly Line[], unitsPerPaperMm: number): Piece[][] {
  const offsetTolerance = OFFSET_TOLERANCE_MM * unitsPerPaperMm;
  const longestDash = MAX_DASH_GAPS * MAX_GAP_MM * unitsPerPaperMm;
  const pens = new Map<string, number>();
  const groups = new Map<number, Piece[]>();
  for (const line of lines) {
    if (line.source !== 'stroke' || line.length > longestDash) continue;
    let pen = pens.get(line.style);
    if (pen === undefined) pens.set(line.style, (pen = pens.size));
    // Directions are kept in [0, π): one just short of π is the direction just past 0, reversed.
    const direction = Math.atan2(line.uy, line.ux);
    const reversed = direction > Math.PI - ANGLE_TOLERANCE;
    const angle = reversed ? direction - Math.PI : direction;
    const offset = reversed ? -line.offset : line.offset;
    const key = (pen * ANGLE_BUCKETS + Math.round(angle / ANGLE_TOLERANCE) + 1) * OFFSET_BUCKETS + Math.round(offset / offsetTolerance) + OFFSET_BUCKETS / 2;
    const piece = reversed ? { line, t0: -line.t1, t1: -line.t0 } : { line, t0: line.t0, t1: line.t1 };
    const group = groups.get(key);
    if (group) group.push(piece);
    else groups.set(key, [piece]);
  }
  return [...groups.values()].filter((group) => group.length >= MIN_DASHES).map((group) => group.sort((p, q) => p.t0 - q.t0));
}

/** Stretches along one line whose dashes (pieces joined where they touch or overlap) keep a line type's rhythm, and which. */
function evenRuns(pieces: Piece[], unitsPerPaperMm: number): { pieces: Piece[]; rhythm: 'dashed' | 'axes' }[] {
  const minGap = MIN_GAP_MM * unitsPerPaperMm;
  const maxGap = MAX_GAP_MM * unitsPerPaperMm;
  const dashes: Dash[] = [];
  for (const piece of pieces) {
    const last = dashes[dashes.length - 1];
    // Pieces closer than a gap are one stroke: CAD's duplicates, a line drawn in two pieces.
    if (last && piece.t0 - last.t1 < minGap) {
      last.t1 = Math.max(last.t1, piece.t1);
      last.pieces.push(piece);
    } else dashes.push({ t0: piece.t0, t1: piece.t1, pieces: [piece] });
  }
  const runs: { pieces: Piece[]; rhythm: 'dashed' | 'axes' }[] = [];
  let first = 0;
  for (let k = 1; k <= dashes.length; k++) {
    if (k < dashes.length && dashes[k].t0 - dashes[k - 1].t1 <= maxGap) continue;
    for (const run of brokenAtLongDashes(dashes.slice(first, k))) {
      const rhythm = isRowOfDashes(run, MAX_DASH_GAPS, unitsPerPaperMm) && isDashedRow(run) ? 'dashed' : isRowOfDashes(run, MAX_CENTRE_DASH_GAPS, unitsPerPaperMm) && isCentreLineRow(run) ? 'axes' : null;
      if (rhythm) runs.push({ pieces: run.flatMap((dash) => dash.pieces), rhythm });
    }
    first = k;
  }
  return runs;
}

/**
 * The stretches between dashes longer than the row's long dashes: a line type keeps its rhythm on
 * either side of a stroke that happens to lie on its line, or of two dashes CAD drew touching
 * where it split the line (a grid line drawn along a wall's axis, broken at the wall's end).
 */
function brokenAtLongDashes(run: Dash[]): Dash[][] {
  const lengths = run.map((dash) => dash.t1 - dash.t0);
  const typical = median(lengths);
  const longest = (1 + DASH_EVENNESS) * median(lengths.filter((length) => length >= typical));
  const stretches: Dash[][] = [[]];
  for (const dash of run) {
    if (dash.t1 - dash.t0 > longest) stretches.push([]);
    else stretches[stretches.length - 1].push(dash);
  }
  return stretches.filter((stretch) => stretch.length > 0);
}

interface Dash {
  t0: number;
  t1: number;
  pieces: Piece[];
}

/** A row long enough, with gaps of even length and no dash longer than `maxDashGaps` gaps: a line type's rhythm. */
function isRowOfDashes(run: Dash[], maxDashGaps: number, unitsPerPaperMm: number): boolean {
  if (run.length < MIN_DASHES || run[run.length - 1].t1 - run[0].t0 < MIN_ROW_MM * unitsPerPaperMm) return false;
  const gaps = run.slice(1).map((dash, k) => dash.t0 - run[k].t1);
  const gap = median(gaps);
  if (gaps.filter((g) => Math.abs(g - gap) <= GAP_EVENNESS * gap).length < EVEN_SHARE * gaps.length) return false;
  return !run.some((dash) => dash.t1 - dash.t0 > maxDashGaps * gap);
}

/** Lengths of a run's dashes but its end ones, which may be cut short where the line meets another. */
function innerLengths(run: Dash[]): number[] {
  return run.slice(1, -1).map((dash) => dash.t1 - dash.t0);
}

function evenShare(lengths: number[]): boolean {
  const typical = median(lengths);
  return lengths.filter((length) => Math.abs(length - typical) <= DASH_EVENNESS * typical).length >= EVEN_SHARE * lengths.length;
}

/** A hidden line's dashes are of one length. */
function isDashedRow(run: Dash[]): boolean {
  return evenShare(innerLengths(run));
}

/** A centre line's long dash is at least this many times its short one. */
const CENTRE_LINE_DASHES = 2;

/**
 * A centre line's dashes alternate long and short, each kind of one length: it marks an axis (a
 * grid line, a wall's centre) and runs through walls and doorways rather than beside them.
 */
function isCentreLineRow(run: Dash[]): boolean {
  const inner = innerLengths(run);
  const [odd, even] = [inner.filter((_, k) => k % 2 === 1), inner.filter((_, k) => k % 2 === 0)];
  if (odd.length < 2 || even.length < 2 || !evenShare(odd) || !evenShare(even)) return false;
  const [long, short] = [median(odd), median(even)].sort((a, b) => b - a);
  return long >= CENTRE_LINE_DASHES * short;
}
