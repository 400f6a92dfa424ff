// Walls from vector linework. Three kinds of evidence: pairs of parallel lines a wall thickness
// apart (outlined walls, and the edges of filled poché), ink fills that are long and thin (poché
// itself), and strokes as wide as a wall. Which pens draw walls is read from the sheet (walls are
// cut, so drawn heaviest), and walls are paired among those pens only: furniture, glazing and the
// layer lines inside a wall then neither make walls nor split them. Stair treads, hatching,
// decking and table rows are parallel lines at a steady spacing, so regular "ladders" are thrown
// out; dimension lines, the text boxes and tag frames around words and the strokes of outlined
// lettering are not walls either. Pieces drawn apart from the walls they join (columns, corner
// blocks) are filled in as joints. Existing walls drawn in a lighter pen (renovation plans) are
// read on request (walls-lighter.ts).
import Flatbush from 'flatbush';
import { boxContainsPoint, extent, linkedGroups, median, pointInPolygon, ringBBox, ringPerimeter, signedArea2, unionBox, weightedQuantile } from './geom-basics.ts';
import { differenceOf, multiPolygonArea, type MultiPolygon, type Polygon } from './geom-clip.ts';
import { RectIndex, fromFrame, parallel, rectBBox, rectCorners, rectIn, rectRing, toFrame, type FrameRect } from './geom-frame.ts';
import type { BBox, RGBA, VectorPath } from '../types.ts';
import type { Position } from '../../../../core/src/types.ts';
import { dimensionMarks, type DimensionMarks } from './topology-dimensions.ts';
import { fillPolygons, isLettering, lineBBox, luminance, makeLine, readSurely, runsBetween, styleKey, styleLuminance, type Evidence, type FillRegion, type Line, type Outline } from './topology-evidence.ts';
import { letteringLineIds } from './topology-lettering.ts';
import { namesRoomUse } from './rooms.ts';
import { HatchIndex } from './walls-hatched.ts';
import { lighterWalls, touchingWall, type LighterLimits } from './walls-lighter.ts';
import { curvedWalls, type CurvedWall } from './walls-curved.ts';
import { preWalls, type StandingEdge } from './walls-pre.ts';
import { edgesByOutline, fittingsOf, holdsFittingEdge, type Fittings } from './walls-fittings.ts';
import { byDegree, treadRuns } from './stair-treads.ts';

/**
 * Two lines pair only where they overlap by this share of their distance apart: strictly while
 * every pen is in play (short parallel scraps abound), loosely among wall pens, where a stub of
 * wall between an opening and a corner can be shorter than the wall is thick.
 */
const PEN_OVERLAP_SHARE = 0.75;
const WALL_OVERLAP_SHARE = 0.3;
/** Across poché any overlap longer than this (blueprint units) is wall. */
const POCHE_OVERLAP = 1;
/** Line ids stay below this, so two ids make one numeric key. */
const PAIR_KEY = 2 ** 26;
/** Width of the direction buckets parallel lines are looked up in, radians (wider than PARALLEL_SINE's angle). */
const PARALLEL_BUCKET = (2 * Math.PI) / 180;
/** Lines this close to parallel (sine of the angle) can be the two faces of one wall. */
const PARALLEL_SINE = Math.sin((1.5 * Math.PI) / 180);
/** Wall thicknesses drawn on real plans, metres: a 2" partition to a 24" masonry wall. */
const THICKNESS_METRES: [number, number] = [0.05, 0.62];
/**
 * Blueprint units a drawn thickness may fall short of the thinnest wall by: exports round their
 * coordinates, and a 5 cm partition at 1:200 (0.7087 pt of paper) written to a thousandth of a
 * point is 0.708 pt across, 0.0015 units short.
 */
const COORDINATE_ROUNDING_UNITS = 0.01;
/** Without a scale: thicknesses in blueprint units that cover 1:20 to 1:200 plans at 150 dpi. */
const THICKNESS_UNITS_UNSCALED: [number, number] = [2, 60];
/** Share of a thickness mode a wall's thickness may differ by (drawings round, pens vary). */
const MODE_TOLERANCE = 0.16;
/** A regular run of this many parallel layers is a ladder (treads, hatch, decking, table rows). */
const LADDER_LAYERS = 5;
/** No door or window is narrower than this, metres; gaps between wall ends shorter than it are joints. */
const SHORTEST_OPENING_METRES = 0.3;
/** Ink fills darker than this can be poché. */
const POCHE_LUMINANCE = 215;
/** Poché is this share of the thinnest wall wide at least, on average as painted and as seen. */
const THINNEST_POCHE = 0.4;
/** A colour is a floor's tint where rooms' names lie on fills holding this share of its paint or more. */
const LETTERED_FLOOR_SHARE = 0.25;

export interface WallScale {
  /** Blueprint units per metre of the building, when known or estimated from door swings. */
  unitsPerMetre: number | null;
  /** Range of plausible wall thicknesses, blueprint units. */
  minThickness: number;
  maxThickness: number;
}

/** A straight stretch of wall of one thickness: the unit walls, openings and rooms refer to. */
export interface WallRun extends FrameRect {
  thickness: number;
  /** Lines whose pairing made this run. */
  lineIds: number[];
  /** The style most of its lines' length is drawn in. */
  style: string;
}

/** A fill accepted as poché, with the region it visibly covers. */
export interface PocheRegion extends FillRegion {
  polygons: MultiPolygon;
}

export interface WallEvidence {
  scale: WallScale;
  /** Thicknesses most wall length is drawn at, blueprint units, most common first. */
  thicknessModes: number[];
  /** The stroke lines of the evidence followed by the edges of accepted poché, indexed by id. */
  lines: Line[];
  runs: WallRun[];
  /** Pre-walls the fittings stand on (walls-pre.ts): walls for the rooms and in the report, but no door is hung in them. */
  preWalls: WallRun[];
  /** Walls drawn as concentric arcs, with the closures across the openings in them. */
  curved: CurvedWall[];
  /** Poché fills accepted as wall, exactly as painted. */
  poche: PocheRegion[];
  /** Everything that is wall, as polygons (runs as rectangles, poché as painted). */
  pieces: Polygon[];
  /**
   * Wall-pen pairs of a thickness no wall on the sheet is drawn at: a counter or shelf edge, or a
   * short stub of odd thickness beside a door. Wall only where an opening's jamb stands on one.
   */
  oddThicknessQuads: FrameRect[];
  /** Extension lines of the sheet's dimensions: where the drawing says its faces are. */
  extensionLines: Line[];
  /** Dark pens lighter than the wall pens that pair as much as they do: existing walls, or furniture. */
  lighterPens: string[];
  /**
   * Whether the heaviest pen, which set the wall pens' least width, pairs too little to be one of
   * the sheet's main pens: a reading with `widthFromMainPens` then takes other pens.
   */
  minorHeaviestPen: boolean;
}

/** Which pens a reading of the walls takes. */
export interface WallReading {
  /** Walls in `lighterPens` that carry on from the walls found are walls too (walls-lighter.ts). */
  withLighterPens: boolean;
  /** The wall pens' least width is set by the heaviest of the main pens, not by any heavier minor one. */
  widthFromMainPens: boolean;
}

export function wallScale(unitsPerMetre: number | null): WallScale {
  if (unitsPerMetre === null) {
    return { unitsPerMetre: null, minThickness: THICKNESS_UNITS_UNSCALED[0], maxThickness: THICKNESS_UNITS_UNSCALED[1] };
  }
  return {
    unitsPerMetre,
    minThickness: Math.max(1.2, THICKNESS_METRES[0] * unitsPerMetre - COORDINATE_ROUNDING_UNITS),
    maxThickness: THICKNESS_METRES[1] * unitsPerMetre,
  };
}

// ---------------------------------------------------------------------------------------------
// Parallel pairs
//
// The loops here run over every line and its neighbours, the hottest in recognition.

interface PairCandidate {
  other: Line;
  /** Signed distance from this line to the other, along this line's normal. */
  d: number;
  /** Overlap along this line's direction. */
  s0: number;
  s1: number;
}

/** A face-to-face pairing, in the frame of line `i`: `d` the signed distance from `i` to `j` along its normal, `s0`–`s1` the stretch both share. */
export interface LinePair {
  i: Line;
  j: Line;
  d: number;
  s0: number;
  s1: number;
}

/**
 * Lines indexed by direction: parallel candidates come from the line's own direction bucket and
 * its two neighbours, so a plan crowded with furniture curves at every angle stays cheap.
 */
class ParallelIndex {
  private readonly buckets = new Map<number, { lines: Line[]; index: Flatbush }>();
  private readonly bucketCount = Math.ceil(Math.PI / PARALLEL_BUCKET);

  constructor(lines: Line[]) {
    const grouped = new Map<number, Line[]>();
    for (const line of lines) {
      const bucket = this.bucketOf(line);
      const group = grouped.get(bucket) ?? [];
      group[group.length] = line;
      grouped.set(bucket, group);
    }
    for (const [bucket, group] of grouped) {
      const index = new Flatbush(group.length);
      for (const line of group) index.add(...lineBBox(line));
      index.finish();
      this.buckets.set(bucket, { lines: group, index });
    }
  }

  private bucketOf(line: Line): number {
    return Math.min(this.bucketCount - 1, Math.floor(Math.atan2(line.uy, line.ux) / PARALLEL_BUCKET));
  }

  /** Lines in `line`'s direction and the neighbouring ones whose boxes meet the expanded box. */
  near(line: Line, reach: number): Line[] {
    const bucket = this.bucketOf(line);
    const found: Line[] = [];
    for (const b of [bucket - 1, bucket, bucket + 1]) {
      const entry = this.buckets.get((b + this.bucketCount) % this.bucketCount);
      if (!entry) continue;
      const hits = entry.index.search(
        Math.min(line.a[0], line.b[0]) - reach,
        Math.min(line.a[1], line.b[1]) - reach,
        Math.max(line.a[0], line.b[0]) + reach,
        Math.max(line.a[1], line.b[1]) + reach,
      );
      for (const k of hits) found[found.length] = entry.lines[k];
    }
    return found;
  }
}

function candidatesOf(line: Line, index: ParallelIndex, scale: WallScale, overlapShare: number): PairCandidate[] {
  const found: PairCandidate[] = [];
  const nx = -line.uy;
  const ny = line.ux;
  for (const other of index.near(line, scale.maxThickness)) {
    if (other === line) continue;
    // Poché faces pair only across their own fill: lines inside solid poché are not faces.
    if ((line.source === 'fill' || other.source === 'fill') && (line.source !== other.source || line.pathIndex !== other.pathIndex)) continue;
    if (Math.abs(line.ux * other.uy - line.uy * other.ux) > PARALLEL_SINE) continue;
    const da = nx * other.a[0] + ny * other.a[1] - line.offset;
    const db = nx * other.b[0] + ny * other.b[1] - line.offset;
    if (Math.sign(da) !== Math.sign(db)) continue;
    const d = (da + db) / 2;
    if (line.fillSide !== 0 && Math.sign(d) !== line.fillSide) continue;
    if (other.fillSide !== 0 && Math.sign(d) === other.fillSide * sideOf(line, other)) continue;
    const gap = Math.abs(d);
    if (gap < scale.minThickness || gap > scale.maxThickness) continue;
    if (Math.abs(da - db) > 0.1 * gap + 0.5) continue;
    const sa = line.ux * other.a[0] + line.uy * other.a[1];
    const sb = line.ux * other.b[0] + line.uy * other.b[1];
    const s0 = Math.max(line.t0, Math.min(sa, sb));
    const s1 = Math.min(line.t1, Math.max(sa, sb));
    // Across solid poché any overlap is wall (a pier between two openings is shorter than thick).
    const minOverlap = line.source === 'fill' ? POCHE_OVERLAP : Math.max(overlapShare * gap, 0.05 * Math.min(line.length, other.length));
    if (s1 - s0 < minOverlap) continue;
    found[found.length] = { other, d, s0, s1 };
  }
  return found;
}

/** +1 when two parallel lines' normals point the same way, −1 when opposite. */
function sideOf(a: Line, b: Line): 1 | -1 {
  return a.ux * b.ux + a.uy * b.uy >= 0 ? 1 : -1;
}

/** Uncovered parts of [s0, s1] given sorted, disjoint covered intervals. */
function uncovered(s0: number, s1: number, covered: [number, number][]): [number, number][] {
  const parts: [number, number][] = [];
  let from = s0;
  for (const [c0, c1] of covered) {
    if (c1 <= from) continue;
    if (c0 >= s1) break;
    if (c0 > from) parts[parts.length] = [from, c0];
    from = Math.max(from, c1);
  }
  if (from < s1) parts[parts.length] = [from, s1];
  return parts;
}

/** `covered` (sorted, disjoint) with [s0, s1] added. */
function cover(covered: [number, number][], s0: number, s1: number): [number, number][] {
  const merged: [number, number][] = [];
  let pending = true;
  for (const interval of covered) {
    if (pending && s0 < interval[0]) {
      appendMerged(merged, s0, s1);
      pending = false;
    }
    appendMerged(merged, interval[0], interval[1]);
  }
  if (pending) appendMerged(merged, s0, s1);
  return merged;
}

function appendMerged(merged: [number, number][], a: number, b: number): void {
  const last = merged[merged.length - 1];
  if (last && a <= last[1]) last[1] = Math.max(last[1], b);
  else merged[merged.length] = [a, b];
}

function coversLine(covered: [number, number][], line: Line): boolean {
  return covered.length === 1 && covered[0][0] <= line.t0 && covered[0][1] >= line.t1;
}

/**
 * Each line's nearest parallel neighbour on each side, stretch by stretch: a face pairs with the
 * face opposite, not with lines beyond it. Kept only when both lines chose each other.
 */
function findPairs(lines: Line[], scale: WallScale, overlapShare: number): LinePair[] {
  const index = new ParallelIndex(lines);
  const chosen = new Map<number, { i: Line; j: Line; d: number; spans: Map<number, [number, number][]> }>();
  for (const line of lines) {
    const candidates = candidatesOf(line, index, scale, overlapShare);
    for (const side of [-1, 1]) {
      const sideCandidates = candidates.filter((c) => Math.sign(c.d) === side).sort((a, b) => Math.abs(a.d) - Math.abs(b.d));
      let covered: [number, number][] = [];
      // Lines at the same distance (a face and a fixture's edge drawn on it) share a stretch;
      // only nearer lines hide farther ones.
      let tier: [number, number][] = [];
      let tierDistance = -Infinity;
      for (const candidate of sideCandidates) {
        const distanceHere = Math.abs(candidate.d);
        if (distanceHere > tierDistance + Math.max(0.5, 0.03 * distanceHere)) {
          for (const [t0, t1] of tier) covered = cover(covered, t0, t1);
          // Nothing farther can show past a line hidden all along its length.
          if (coversLine(covered, line)) break;
          tier = [];
          tierDistance = distanceHere;
        }
        const parts = uncovered(candidate.s0, candidate.s1, covered).filter(([p0, p1]) => p1 - p0 >= (line.source === 'fill' ? POCHE_OVERLAP : overlapShare * distanceHere));
        tier[tier.length] = [candidate.s0, candidate.s1];
        if (parts.length === 0) continue;
        const [first, second] = line.id < candidate.other.id ? [line, candidate.other] : [candidate.other, line];
        const key = first.id * PAIR_KEY + second.id;
        let entry = chosen.get(key);
        if (!entry) {
          const d = first === line ? candidate.d : -candidate.d;
          entry = { i: first, j: second, d, spans: new Map() };
          chosen.set(key, entry);
        }
        // Spans are kept in the frame of the pair's first line.
        const spans = parts.map(([p0, p1]): [number, number] => {
          if (first === line) return [p0, p1];
          const q0 = alongOther(line, p0, first);
          const q1 = alongOther(line, p1, first);
          return [Math.min(q0, q1), Math.max(q0, q1)];
        });
        const known = entry.spans.get(line.id);
        if (known) for (const span of spans) known[known.length] = span;
        else entry.spans.set(line.id, spans);
      }
    }
  }
  const pairs: LinePair[] = [];
  for (const { i, j, d, spans } of chosen.values()) {
    const fromI = spans.get(i.id);
    const fromJ = spans.get(j.id);
    if (!fromI || !fromJ) continue;
    for (const [a0, a1] of fromI) {
      for (const [b0, b1] of fromJ) {
        const s0 = Math.max(a0, b0);
        const s1 = Math.min(a1, b1);
        if (s1 - s0 >= (i.source === 'fill' ? POCHE_OVERLAP : overlapShare * Math.abs(d))) pairs.push({ i, j, d, s0, s1 });
      }
    }
  }
  return pairs;
}

/** The pairs among `lines` that may be a wall's faces: all of them but those holding a fitting's edge (`holdsFittingEdge`). */
function wallPairs(lines: Line[], scale: WallScale, fittings: Fittings): LinePair[] {
  return findPairs(lines, scale, WALL_OVERLAP_SHARE).filter((pair) => !holdsFittingEdge(pair, fittings));
}

/** Position `s` along `line`, re-measured along `frame`'s direction. */
function alongOther(line: Line, s: number, frame: Line): number {
  const x = line.ux * s - line.uy * line.offset;
  const y = line.uy * s + line.ux * line.offset;
  return frame.ux * x + frame.uy * y;
}

// ---------------------------------------------------------------------------------------------
// Ladders

/** A stair's going (the step from one tread to the next), metres, and its treads' widths. */
const TREAD_GOING_METRES: [number, number] = [0.2, 0.35];
const TREAD_WIDTH_METRES: [number, number] = [0.6, 2.5];

/**
 * Ids of the lines that are a stair's treads: runs of `treadRuns` (five parallel lines or more of
 * one length, their ends in line, at a steady spacing) whose going is a stair's. A wall's layers
 * and a window frame's profile run on along the wall, never in such a short, even flight. None
 * unscaled.
 */
function treadLineIds(lines: Line[], scale: WallScale): Set<number> {
  const treads = new Set<number>();
  if (scale.unitsPerMetre === null) return treads;
  const [shortestGoing, longestGoing] = TREAD_GOING_METRES.map((metres) => metres * scale.unitsPerMetre!);
  const [narrowest, widest] = TREAD_WIDTH_METRES.map((metres) => metres * scale.unitsPerMetre!);
  const treadLike = lines.filter((line) => line.length >= narrowest && line.length <= widest);
  for (const group of byDegree(treadLike, (line) => [line.ux, line.uy]).values()) {
    const frame = group[0];
    const items = group
      .map((line) => {
        const [a, b] = [toFrame(frame, line.a), toFrame(frame, line.b)];
        return { line, offset: (a[1] + b[1]) / 2, start: Math.min(a[0], b[0]), end: Math.max(a[0], b[0]) };
      })
      .sort((p, q) => p.offset - q.offset);
    for (const run of treadRuns(items)) {
      const going = (items[run[run.length - 1]].offset - items[run[0]].offset) / (run.length - 1);
      if (going >= shortestGoing && going <= longestGoing) for (const k of run) treads.add(items[k].line.id);
    }
  }
  return treads;
}

/**
 * Pairs that belong to a regular ladder: at least LADDER_LAYERS parallel layers, evenly spaced
 * and of like length, linked by pairs. A wall's two faces never form one, even where a face is
 * broken into many pieces (pieces at one offset count as one layer).
 */
function ladderPairs(pairs: LinePair[]): Set<LinePair> {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { i, j } of pairs) {
    if (!parent.has(i.id)) parent.set(i.id, i.id);
    if (!parent.has(j.id)) parent.set(j.id, j.id);
    const ri = find(i.id);
    const rj = find(j.id);
    if (ri !== rj) parent.set(ri, rj);
  }
  const groups = new Map<number, LinePair[]>();
  for (const pair of pairs) {
    const root = find(pair.i.id);
    const group = groups.get(root);
    if (group) group.push(pair);
    else groups.set(root, [pair]);
  }
  const ladder = new Set<LinePair>();
  for (const group of groups.values()) {
    if (group.length < LADDER_LAYERS - 1) continue;
    const frame = group[0].i;
    const lines = new Map<number, Line>();
    for (const { i, j } of group) {
      lines.set(i.id, i);
      lines.set(j.id, j);
    }
    const spacing = median(group.map((pair) => Math.abs(pair.d)));
    const layerOf = new Map<number, number>();
    const layers: { offset: number; length: number }[] = [];
    const sorted = [...lines.values()]
      .map((line) => ({ line, offset: -frame.uy * (line.a[0] + line.b[0]) / 2 + frame.ux * (line.a[1] + line.b[1]) / 2 }))
      .sort((a, b) => a.offset - b.offset);
    for (const { line, offset } of sorted) {
      const last = layers[layers.length - 1];
      if (last && offset - last.offset < 0.3 * spacing) {
        last.length += line.length;
      } else {
        layers.push({ offset, length: line.length });
      }
      layerOf.set(line.id, layers.length - 1);
    }
    if (layers.length < LADDER_LAYERS) continue;
    // Runs of layers with steady spacing and like lengths.
    const inLadder = new Array<boolean>(layers.length).fill(false);
    let start = 0;
    for (let k = 1; k <= layers.length; k++) {
      const steady =
        k < layers.length &&
        k - start >= 1 &&
        similar(layers[k].length, layers[k - 1].length, 0.35) &&
        (k - start < 2 || similar(layers[k].offset - layers[k - 1].offset, layers[k - 1].offset - layers[k - 2].offset, 0.2));
      if (!steady) {
        if (k - start >= LADDER_LAYERS) for (let m = start; m < k; m++) inLadder[m] = true;
        start = k;
      }
    }
    for (const pair of group) if (inLadder[layerOf.get(pair.i.id)!] && inLadder[layerOf.get(pair.j.id)!]) ladder.add(pair);
  }
  return ladder;
}

function similar(a: number, b: number, share: number): boolean {
  return Math.abs(a - b) <= share * Math.max(a, b);
}

// ---------------------------------------------------------------------------------------------
// Pens and thickness modes

/** Pens drawing less than this share of the strongest pen's paired length are never wall pens. */
const WALL_PEN_SHARE = 0.1;
/** Among those, wall pens are at least this share of the heaviest one's width (walls are cut: drawn heaviest). */
const WALL_PEN_WIDTH = 0.5;
/** A main pen pairs at least this share of the strongest pen's length. */
const MAIN_PEN_SHARE = 0.25;
/**
 * A lighter pen may draw walls where it pairs this share of the strongest pen's length, in ink this
 * dark. Plans that draw partitions lighter than the outer walls pair less in them where the rooms
 * are few: five rooms in a row, 40 %.
 */
const LIGHTER_PEN_SHARE = 0.25;
const LIGHTER_PEN_LUMINANCE = 100;
/** Lighter walls are followed across doors and windows up to this wide, metres. */
const WIDEST_WALL_GAP_METRES = 2.5;
/** A wall of odd thickness is at most this many times the thickest mode. */
export const ODD_WALL_RATIO = 1.25;
/** The shortest piece of lighter wall taken, metres. */
const SHORTEST_LIGHTER_WALL_METRES = 0.4;
/** Where poché pairs this share of the strongest pen's length, walls are poché and a stroke pen must pair as much to draw walls too (the poché's outline). */
const STROKED_POCHE_SHARE = 0.5;

interface PenWeight {
  style: string;
  source: Line['source'];
  width: number;
  /** Length paired, counted on each line of a pair. */
  paired: number;
}

/** Each pen's paired length, and the pen that pairs most. */
function penWeights(pairs: LinePair[]): { entries: PenWeight[]; strongest: PenWeight | null } {
  const weight = new Map<string, PenWeight>();
  for (const { i, j, s0, s1 } of pairs) {
    for (const line of [i, j]) {
      const entry = weight.get(line.style) ?? { style: line.style, source: line.source, width: line.width, paired: 0 };
      entry.paired += s1 - s0;
      weight.set(line.style, entry);
    }
  }
  const entries = [...weight.values()];
  const strongest = entries.reduce((best, e) => (best === null || e.paired > best.paired ? e : best), null as PenWeight | null);
  return { entries, strongest };
}

/** A pen whose own pairs are hatched over this share of their length shows walls cut by hatching. */
const HATCHED_PEN_SHARE = 0.5;

/**
 * Stroke pens that pair enough to draw walls and whose pairs, among their own lines, are mostly
 * hatched across (walls-hatched.ts). Paired among themselves, a pen's faces are not hidden from
 * each other by the grid lines and hatching drawn between them in other pens. Hatching changes
 * the reading only where a pen lighter than the heaviest is hatched, so the heavier pens are
 * looked at only then (a heavy hatched pen keeps the heavy reading).
 */
function hatchedPens(pairs: LinePair[], faceCandidates: Line[], lines: Line[], scale: WallScale): Set<string> {
  const { entries, strongest } = penWeights(pairs);
  const hatched = new Set<string>();
  if (!strongest) return hatched;
  const heaviest = Math.max(0, ...entries.filter((e) => e.source === 'stroke' && e.paired >= WALL_PEN_SHARE * strongest.paired).map((e) => e.width));
  const main = entries.filter((e) => e.source === 'stroke' && e.paired >= MAIN_PEN_SHARE * strongest.paired);
  const light = main.filter((e) => e.width < WALL_PEN_WIDTH * heaviest);
  const hatching = new HatchIndex(lines);
  const isHatched = (pen: PenWeight) => {
    const own = findPairs(
      faceCandidates.filter((line) => line.style === pen.style),
      scale,
      PEN_OVERLAP_SHARE,
    );
    const ladder = ladderPairs(own);
    const faced = own.filter((pair) => !ladder.has(pair));
    const length = faced.reduce((sum, pair) => sum + pair.s1 - pair.s0, 0);
    return length > 0 && hatching.hatchedLength(faced) >= HATCHED_PEN_SHARE * length;
  };
  for (const pen of light) if (isHatched(pen)) hatched.add(pen.style);
  if (hatched.size === 0) return hatched;
  for (const pen of main) if (!light.includes(pen) && isHatched(pen)) hatched.add(pen.style);
  return hatched;
}

/**
 * The pens walls are drawn with. By drafting convention what the plan's cut passes through is
 * drawn heaviest, so of the pens that pair a good share of lines, the wall pens are the heaviest
 * ones; furniture, fixtures, glazing, dimensions and decking are drawn lighter. Fills count as
 * wall paint when they pair at all; on poché plans a stroke pen must also pair about as much as
 * the poché (as its outline would) to count. A plan may instead show its cut by hatching walls
 * drawn in a light pen: where every hatched pen is lighter than the heaviest, the hatched pens
 * draw the walls and the heavier ones are annotation or furniture.
 */
function wallStyles(pairs: LinePair[], widthFromMainPens: boolean, hatched: Set<string>): { pens: Set<string>; lighter: Set<string>; minorHeaviest: boolean; strongest: string | null } {
  const { entries, strongest } = penWeights(pairs);
  if (!strongest) return { pens: new Set(), lighter: new Set(), minorHeaviest: false, strongest: null };
  const candidates = entries.filter((e) => e.paired >= WALL_PEN_SHARE * strongest.paired);
  const poche = Math.max(0, ...entries.filter((e) => e.source === 'fill').map((e) => e.paired));
  const strokes = poche >= STROKED_POCHE_SHARE * strongest.paired ? candidates.filter((e) => e.paired >= STROKED_POCHE_SHARE * strongest.paired) : candidates;
  const stroked = strokes.filter((e) => e.source === 'stroke');
  const widest = (pens: PenWeight[]) => Math.max(0, ...pens.map((e) => e.width));
  const heaviestOfAll = widest(stroked);
  const heaviestMain = widest(stroked.filter((e) => e.paired >= MAIN_PEN_SHARE * strongest.paired));
  const heavy = (e: PenWeight, heaviest: number) => e.width >= WALL_PEN_WIDTH * heaviest;
  const heaviest = widthFromMainPens ? heaviestMain : heaviestOfAll;
  const hatchedStrokes = stroked.filter((e) => hatched.has(e.style));
  const cutByHatching = hatchedStrokes.length > 0 && !hatchedStrokes.some((e) => heavy(e, heaviest));
  const wallPen = (e: PenWeight) => (cutByHatching ? hatched.has(e.style) : heavy(e, heaviest));
  // Existing walls on a renovation plan: a dark pen that pairs about as much as any.
  const lighter = (e: PenWeight) => e.paired >= LIGHTER_PEN_SHARE * strongest.paired && styleLuminance(e.style) < LIGHTER_PEN_LUMINANCE;
  return {
    pens: new Set([...candidates.filter((e) => e.source === 'fill'), ...stroked.filter(wallPen)].map((e) => e.style)),
    lighter: new Set(stroked.filter((e) => !wallPen(e) && !heavy(e, heaviest) && lighter(e)).map((e) => e.style)),
    minorHeaviest: !cutByHatching && stroked.some((e) => heavy(e, heaviestMain) && !heavy(e, heaviestOfAll)),
    strongest: strongest.style,
  };
}

/** Peaks of the length-weighted histogram of thicknesses, strongest first. */
function thicknessPeaks(thicknesses: number[], weights: number[], scale: WallScale): number[] {
  if (thicknesses.length === 0) return [];
  const ratio = 1.04;
  const binOf = (t: number) => Math.floor(Math.log(t / scale.minThickness) / Math.log(ratio));
  const binCount = binOf(scale.maxThickness) + 2;
  const histogram = new Array<number>(binCount).fill(0);
  thicknesses.forEach((t, k) => {
    const bin = binOf(t);
    if (bin >= 0 && bin < binCount) histogram[bin] += weights[k];
  });
  const smooth = histogram.map((_, b) => (histogram[b - 1] ?? 0) + 2 * histogram[b] + (histogram[b + 1] ?? 0));
  const strongest = Math.max(...smooth);
  const peaks: { t: number; weight: number }[] = [];
  for (let b = 0; b < binCount; b++) {
    if (smooth[b] < 0.12 * strongest) continue;
    if (smooth[b] < (smooth[b - 1] ?? 0) || smooth[b] < (smooth[b + 1] ?? 0)) continue;
    if (smooth[b] === (smooth[b - 1] ?? -1)) continue;
    // Refine to the weighted median of the thicknesses inside the peak's bins.
    const inside = thicknesses.map((t, k) => ({ t, w: weights[k] })).filter(({ t }) => Math.abs(binOf(t) - b) <= 1);
    const t = weightedQuantile(inside.map((x) => x.t), inside.map((x) => x.w), 0.5);
    peaks.push({ t, weight: smooth[b] });
  }
  return peaks.sort((a, b) => b.weight - a.weight).map((peak) => peak.t);
}

export function nearMode(thickness: number, modes: number[]): boolean {
  return modes.some((mode) => Math.abs(thickness - mode) <= MODE_TOLERANCE * mode + 0.6);
}

// ---------------------------------------------------------------------------------------------
// Quads and runs

/**
 * The rectangle between two paired lines. It reaches on past the overlap as far as the longer of
 * the two lines goes, up to one and a half thicknesses: that fills the corner square of an L and
 * the joint of a T, where one face runs on and the other stops.
 */
function pairQuad(pair: LinePair): FrameRect {
  const { i, j, d } = pair;
  const gap = Math.abs(d);
  const jStart = Math.min(alongOther(j, j.t0, i), alongOther(j, j.t1, i));
  const jEnd = Math.max(alongOther(j, j.t0, i), alongOther(j, j.t1, i));
  // Poché corners are in the mask as painted; only outlined walls need their corners filled, and
  // a stub shorter than the wall is thick is the end of a wall, not a stretch to carry on.
  const reach = i.source === 'fill' || pair.s1 - pair.s0 < gap ? 0 : 1.5 * gap;
  const s0 = pair.s0 - Math.min(reach, Math.max(0, pair.s0 - Math.min(i.t0, jStart)));
  const s1 = pair.s1 + Math.min(reach, Math.max(0, Math.max(i.t1, jEnd) - pair.s1));
  return { ux: i.ux, uy: i.uy, s0, s1, o0: Math.min(i.offset, i.offset + d), o1: Math.max(i.offset, i.offset + d) };
}

interface QuadSource {
  quad: FrameRect;
  lineIds: number[];
}

/** Quads of one wall joined into runs: parallel, same faces, overlapping or touching along. */
function mergeRuns(sources: QuadSource[], lines: Line[]): WallRun[] {
  const index = new RectIndex(sources.map((source) => source.quad));
  const parent = sources.map((_, k) => k);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  sources.forEach(({ quad }, k) => {
    const tolerance = Math.max(0.75, 0.12 * (quad.o1 - quad.o0));
    const [x0, y0, x1, y1] = ringBBox(rectCorners(quad));
    for (const m of index.search([x0 - tolerance, y0 - tolerance, x1 + tolerance, y1 + tolerance])) {
      if (m <= k || find(m) === find(k)) continue;
      const other = sources[m].quad;
      if (!parallel(quad, other, PARALLEL_SINE)) continue;
      const seen = rectIn(quad, other);
      if (Math.abs(seen.o0 - quad.o0) > tolerance || Math.abs(seen.o1 - quad.o1) > tolerance) continue;
      if (seen.s0 > quad.s1 + tolerance || seen.s1 < quad.s0 - tolerance) continue;
      parent[find(m)] = find(k);
    }
  });
  const groups = new Map<number, QuadSource[]>();
  sources.forEach((source, k) => {
    const root = find(k);
    const group = groups.get(root);
    if (group) group.push(source);
    else groups.set(root, [source]);
  });
  const runs: WallRun[] = [];
  for (const group of groups.values()) {
    // The longest quad sets the frame; the run spans every member and takes their median faces.
    const frame = group.reduce((best, s) => (s.quad.s1 - s.quad.s0 > best.quad.s1 - best.quad.s0 ? s : best)).quad;
    const seen = group.map(({ quad }) => rectIn(frame, quad));
    const weights = seen.map((rect) => rect.s1 - rect.s0);
    const o0 = weightedQuantile(seen.map((rect) => rect.o0), weights, 0.5);
    const o1 = weightedQuantile(seen.map((rect) => rect.o1), weights, 0.5);
    const lineIds = [...new Set(group.flatMap((source) => source.lineIds))];
    runs.push({
      ux: frame.ux,
      uy: frame.uy,
      s0: Math.min(...seen.map((rect) => rect.s0)),
      s1: Math.max(...seen.map((rect) => rect.s1)),
      o0,
      o1,
      thickness: o1 - o0,
      lineIds,
      style: dominantStyle(lineIds.map((id) => lines[id])),
    });
  }
  return runs;
}

function dominantStyle(lines: Line[]): string {
  const lengthByStyle = new Map<string, number>();
  for (const line of lines) lengthByStyle.set(line.style, (lengthByStyle.get(line.style) ?? 0) + line.length);
  let best = '';
  for (const [style, length] of lengthByStyle) if (!best || length > lengthByStyle.get(best)!) best = style;
  return best;
}

/** A window's sill or frame is at most this many times as thick as its wall. */
const SILL_RATIO = 1.6;
/** The wall beside an opening runs at least this many times its thickness. */
const JAMB_LENGTH = 1.5;

/**
 * Runs that are the glazing, frame or panels of an opening rather than wall: inside the band of
 * the runs they continue, touching such a run at both ends, and either thinner than both or drawn
 * in another pen than both (window lines and opening frames drawn between two jambs pair up like
 * a piece of wall), or a little thicker than both in another pen (a sill or frame standing
 * proud of the wall's faces). Runs from `lighterFrom` on are lighter walls (walls-lighter.ts).
 */
function openingContentRuns(runs: WallRun[], lighterFrom: number): Set<number> {
  const index = new RectIndex(runs);
  const content = new Set<number>();
  runs.forEach((run, k) => {
    const tolerance = Math.max(1, 0.2 * run.thickness);
    let touchesStart = false;
    let touchesEnd = false;
    const [x0, y0, x1, y1] = ringBBox(rectCorners(run));
    for (const m of index.search([x0 - tolerance, y0 - tolerance, x1 + tolerance, y1 + tolerance])) {
      const other = runs[m];
      // A run shorter than it is thick may be a joint read across: no band to measure against.
      // One not much longer is a column or a post in the wall's line, and no jamb of an opening.
      if (m === k || other.s1 - other.s0 < JAMB_LENGTH * other.thickness || !parallel(run, other, PARALLEL_SINE)) continue;
      // Lighter walls run on from the wall pens' walls; they are no jambs of those.
      if (k < lighterFrom && m >= lighterFrom) continue;
      const seen = rectIn(run, other);
      const thinner = other.thickness >= 1.25 * run.thickness;
      const otherPen = other.style !== run.style;
      const withinBand = seen.o0 <= run.o0 + tolerance && seen.o1 >= run.o1 - tolerance;
      // A window's sill and frame stand proud of both faces: a band a little wider than the wall's.
      const aroundBand = otherPen && run.thickness <= SILL_RATIO * other.thickness && seen.o0 >= run.o0 - tolerance && seen.o1 <= run.o1 + tolerance;
      const likeBand = withinBand && (thinner || (otherPen && other.thickness >= 0.8 * run.thickness));
      if (!likeBand && !aroundBand) continue;
      if (Math.abs(seen.s1 - run.s0) <= tolerance || (seen.s0 < run.s0 && seen.s1 > run.s0 && seen.s1 < run.s1)) touchesStart = true;
      if (Math.abs(seen.s0 - run.s1) <= tolerance || (seen.s0 < run.s1 && seen.s1 > run.s1 && seen.s0 > run.s0)) touchesEnd = true;
    }
    if (touchesStart && touchesEnd) content.add(k);
  });
  return content;
}

/**
 * Joints drawn apart from the walls they join (columns and corner blocks in their own pen):
 * where two runs stop short of each other, by less than any opening is wide, the space between
 * them is wall. In line with each other the gap between their ends is filled; at a corner, the
 * square where their bands cross.
 */
function jointPieces(runs: WallRun[], shortestOpening: number): FrameRect[] {
  const index = new RectIndex(runs);
  const joints: FrameRect[] = [];
  runs.forEach((run, k) => {
    const margin = 0.2 * run.thickness;
    const reach = Math.min(shortestOpening, 1.5 * run.thickness);
    for (const direction of [1, -1] as const) {
      const from = direction === 1 ? run.s1 : run.s0;
      const hit = index.cast(run, from + direction * 0.01, direction, reach, run.o0 + margin, run.o1 - margin, new Set([k]));
      if (hit && Math.abs(hit.at - from) > 0.01) {
        joints.push({ ...run, s0: Math.min(from, hit.at), s1: Math.max(from, hit.at) });
      }
    }
    const [x0, y0, x1, y1] = rectBBox(run);
    const near = 1.5 * run.thickness;
    for (const m of index.search([x0 - near, y0 - near, x1 + near, y1 + near])) {
      if (m <= k) continue;
      const other = runs[m];
      if (Math.abs(run.ux * other.ux + run.uy * other.uy) > 0.05) continue;
      // The square where the two bands cross (in this run's frame), reaching both runs' ends.
      const square: FrameRect = { ...run, ...crossingAlong(run, other) };
      const runGap = Math.max(square.s0 - run.s1, run.s0 - square.s1);
      const seen = rectIn(other, square);
      const otherGap = Math.max(seen.s0 - other.s1, other.s0 - seen.s1);
      const touches = runGap >= -0.01 && runGap <= 0.5 * run.thickness && otherGap >= -0.01 && otherGap <= 0.5 * other.thickness;
      if (!touches || covered(index, square)) continue;
      if (square.s0 > run.s1) square.s0 = run.s1;
      else if (square.s1 < run.s0) square.s1 = run.s0;
      for (const end of [other.s0, other.s1]) {
        const across = toFrame(run, fromFrame(other, end, (other.o0 + other.o1) / 2))[1];
        if (across > square.o1 && across - square.o1 <= otherGap + 0.01) square.o1 = across;
        if (across < square.o0 && square.o0 - across <= otherGap + 0.01) square.o0 = across;
      }
      joints.push(square);
    }
  });
  return joints;
}

/** Whether some run already covers the middle of `rect`. */
function covered(index: RectIndex<WallRun>, rect: FrameRect): boolean {
  const middle = fromFrame(rect, (rect.s0 + rect.s1) / 2, (rect.o0 + rect.o1) / 2);
  return index.search([middle[0], middle[1], middle[0], middle[1]]).some((k) => {
    const run = index.rects[k];
    const [s, o] = toFrame(run, middle);
    return s > run.s0 && s < run.s1 && o > run.o0 && o < run.o1;
  });
}

/** Along-extent, in `run`'s frame, of the band of a perpendicular `other` run. */
function crossingAlong(run: FrameRect, other: FrameRect): { s0: number; s1: number } {
  const corners = [fromFrame(other, 0, other.o0), fromFrame(other, 0, other.o1)].map((p) => toFrame(run, p)[0]);
  return { s0: Math.min(...corners), s1: Math.max(...corners) };
}

// ---------------------------------------------------------------------------------------------
// Poché and wide strokes

/** Mean width of a region (2·area / perimeter): a wall's thickness for a long thin fill. */
function meanWidth({ area, perimeter }: { area: number; perimeter: number }): number {
  return perimeter > 0 ? (2 * area) / perimeter : 0;
}

function colorKey(color: RGBA): string {
  return color.slice(0, 3).map((channel) => Math.round(channel / 16)).join(',');
}

/**
 * Dark fills that are long and thin, in the colour most such fill area is painted in: other
 * colours in the wall line are windows or door leaves drawn as fills, not wall. A floor's tint is
 * none: where furniture stands on a tinted floor, the strips of floor between the pieces, and a
 * floor painted round its furniture (its holes' edges count in its perimeter), are as long and
 * thin on average as walls, and may outweigh the walls' poché.
 */
function pocheFills(fills: FillRegion[], floorTint: (color: RGBA) => boolean, scale: WallScale): PocheRegion[] {
  const thin = fills.filter((fill) => {
    const width = meanWidth(fill);
    const [x0, y0, x1, y1] = fill.bbox;
    return luminance(fill.color) <= POCHE_LUMINANCE && width >= THINNEST_POCHE * scale.minThickness && width <= scale.maxThickness && Math.max(x1 - x0, y1 - y0) >= 2.5 * width;
  });
  const thinArea = areaByColor(thin);
  const colourOf = new Map(thin.map((fill) => [colorKey(fill.color), fill.color]));
  let dominant: string | null = null;
  for (const [key, area] of thinArea) {
    if (floorTint(colourOf.get(key)!)) continue;
    if (dominant === null || area > thinArea.get(dominant)!) dominant = key;
  }
  return thin.filter((fill) => colorKey(fill.color) === dominant).map((fill) => ({ ...fill, polygons: fillPolygons(fill.path) }));
}

/**
 * Whether a colour is a floor's tint: a share of its paint carries rooms' names. Rooms are named
 * on their floors, never on their walls (a dimension's figure may stand on a wall). Worked out per
 * colour when first asked.
 */
function floorTints(fills: FillRegion[], words: Evidence['words'], wordIndex: Flatbush | null): (color: RGBA) => boolean {
  const byColour = new Map<string, FillRegion[]>();
  for (const fill of fills) {
    const key = colorKey(fill.color);
    const own = byColour.get(key);
    if (own) own.push(fill);
    else byColour.set(key, [fill]);
  }
  const known = new Map<string, boolean>();
  return (color) => {
    const key = colorKey(color);
    let tint = known.get(key);
    if (tint === undefined) {
      const painted = byColour.get(key) ?? [];
      const area = (of: FillRegion[]) => of.reduce((sum, fill) => sum + fill.area, 0);
      tint = painted.length > 0 && area(painted.filter((fill) => carriesRoomName(fill, words, wordIndex))) >= LETTERED_FLOOR_SHARE * area(painted);
      known.set(key, tint);
    }
    return tint;
  };
}

function areaByColor(fills: FillRegion[]): Map<string, number> {
  const areas = new Map<string, number>();
  for (const fill of fills) areas.set(colorKey(fill.color), (areas.get(colorKey(fill.color)) ?? 0) + fill.area);
  return areas;
}

/** Whether a room's name is printed on the paint of a fill (not in a hole it leaves). */
function carriesRoomName(fill: FillRegion, words: Evidence['words'], wordIndex: Flatbush | null): boolean {
  if (!wordIndex) return false;
  const on = wordIndex
    .search(...fill.bbox)
    .map((k) => words[k])
    .filter(({ word, center }) => readSurely(word) && namesRoomUse(word.text) && boxContainsPoint(fill.bbox, center));
  if (on.length === 0) return false;
  const polygons = fillPolygons(fill.path);
  return on.some(({ center }) => polygons.some((polygon) => pointInPolygon(center, polygon)));
}

/**
 * What opaque paint laid later in another colour hides of a fill: CAD exports often paint the wall
 * solid first and then door and window blocks over it in white or another colour, and some draw a
 * symbol by painting its silhouette dark and its face over it in white.
 */
function paintedOver(opaqueFills: VectorPath[]): (fill: FillRegion) => Polygon[] {
  if (opaqueFills.length === 0) return () => [];
  const index = new Flatbush(opaqueFills.length);
  for (const { bbox } of opaqueFills) index.add(bbox[0], bbox[1], bbox[2], bbox[3]);
  index.finish();
  return (fill) =>
    index
      .search(...fill.bbox)
      .map((k) => opaqueFills[k])
      .filter((path) => path.index > fill.pathIndex && colorKey(path.fill!.color) !== colorKey(fill.color))
      .flatMap((path) => fillPolygons(path));
}

/**
 * Poché as seen, what is painted over it cut away. A fill that the paint on top leaves a hairline
 * of is a symbol painted as a silhouette (a toilet drawn so has the shape of a short wall), and no
 * poché.
 */
function visiblePoche(poche: PocheRegion[], hidden: (fill: FillRegion) => Polygon[], scale: WallScale): PocheRegion[] {
  return poche.flatMap((fill) => {
    const covers = hidden(fill);
    if (covers.length === 0) return [fill];
    const polygons = differenceOf(fill.polygons, covers);
    const seen = { area: multiPolygonArea(polygons), perimeter: polygons.flat().reduce((sum, ring) => sum + ringPerimeter(ring), 0) };
    return meanWidth(seen) < THINNEST_POCHE * scale.minThickness ? [] : [{ ...fill, polygons }];
  });
}

/** A sheet fills its walls where poché lies under this share of the wall-pen pairs' length around it, built-ins aside. */
const FILLED_WALLS_SHARE = 0.5;
/** The thickest filled walls: this quantile of the filled pairs' thicknesses, weighted by length. */
const THICKEST_FILLED_QUANTILE = 0.95;
/**
 * Built-ins stand about 0.6 m deep (a counter, a wardrobe, a washing machine), deeper than all
 * but the thickest walls; a window's reveal, left unfilled on some sheets and a little thicker
 * than the filled walls beside it, is far shallower.
 */
export const BUILT_IN_DEPTH_METRES = 0.45;
/**
 * A closed box is furniture from this depth: a bedside table or a pillow by a wall (0.3-0.4 m;
 * stepcube's bedrooms lost 0.9 m² of 15 to them). Its four sides tell what it is, where a pair of
 * open strokes as shallow may be a reveal or a layer of a wall.
 */
const SHALLOWEST_CLOSED_BOX_METRES = 0.3;
/**
 * A closed rectangle deeper than any wall and no longer than this is a piece of furniture (a
 * sofa, a bed, a table), and the lines drawn in it (a sofa's back and arms, 15 cm deep) pair as
 * its parts, not as walls: stepcube's sofas walled off their seats.
 */
const FURNITURE_METRES = 2.5;

/**
 * The built-in boxes of a plan that fills its walls (null where it does not, or fills none):
 * unfilled pairs thicker than the filled walls, and closed rectangles from a bedside table's depth
 * up to the thickest a wall may be.
 */
function boxesOnFilledPlan(pairs: LinePair[], rectangles: LinePair[], inPoche: (p: Position) => boolean, scale: WallScale, unitsPerMetre: number): LinePair[] | null {
  const unfilled: LinePair[] = [];
  const filledThicknesses: number[] = [];
  const filledLengths: number[] = [];
  const filledMiddles: Position[] = [];
  for (const pair of pairs) {
    const middle = pairMiddle(pair);
    if (pair.i.source === 'stroke' && pair.j.source === 'stroke' && !inPoche(middle)) {
      unfilled.push(pair);
      continue;
    }
    filledThicknesses.push(Math.abs(pair.d));
    filledLengths.push(pair.s1 - pair.s0);
    filledMiddles.push(middle);
  }
  if (filledLengths.length === 0) return null;
  const filledExtent = ringBBox(filledMiddles);
  const thickestFilled = (1 + MODE_TOLERANCE) * weightedQuantile(filledThicknesses, filledLengths, THICKEST_FILLED_QUANTILE);
  const thickest = Math.max(thickestFilled, BUILT_IN_DEPTH_METRES * unitsPerMetre);
  const shallowestClosedBox = Math.max(thickestFilled, SHALLOWEST_CLOSED_BOX_METRES * unitsPerMetre);
  const filled = filledLengths.reduce((sum, length) => sum + length, 0);
  // The fill is weighed against the unfilled walls of the plan it fills: an axonometric view or a
  // schedule's rules beside the plan are no walls it leaves empty, and nor are the boxes.
  const leftEmpty = unfilled
    .filter((pair) => Math.abs(pair.d) <= thickest && boxContainsPoint(filledExtent, pairMiddle(pair)))
    .reduce((sum, pair) => sum + pair.s1 - pair.s0, 0);
  if (filled < FILLED_WALLS_SHARE * (filled + leftEmpty)) return null;
  return [
    ...unfilled.filter((pair) => Math.abs(pair.d) > thickest),
    ...rectangles.filter((pair) => Math.abs(pair.d) > shallowestClosedBox && Math.abs(pair.d) <= scale.maxThickness && !inPoche(pairMiddle(pair))),
  ];
}

/**
 * Built-ins drawn as boxes against a wall: a wardrobe, a kitchen counter, a washing machine, 60 cm
 * deep. Their sides pair with each other or with the wall's face as a wall of the box's depth,
 * and the room loses the floor under them, which its printed area counts. Where a sheet fills its
 * walls (poché lies under half its wall pairs or more within the box the filled pairs span, the
 * boxes aside), a pair of strokes with nothing filled between them that is thicker than the filled
 * walls is such a box: a plan that fills its walls leaves thin ones empty (partitions drawn as two
 * lines beside filled concrete) but not its thickest; so is an unfilled closed rectangle among
 * `rectangles` thicker than the filled walls, from a bedside table's depth up to the thickest a
 * wall may be. What is drawn inside a box (a shelf, a rail, a cross) pairs at a wall's
 * thickness with its sides and is the box's too. Returns whether a pair lies in a box (a box's or
 * its contents') or in a piece of furniture, between a box and the wall it stands clear of,
 * between two boxes' ends, or against a piece of furniture's side, and the boxes' sides. Pieces of
 * furniture are told on any plan (a bookcase's line 0.2 m in from its back, against an outlined
 * wall, paired with the wall's face as a wall), the boxes only where the walls are filled.
 */
function builtInBoxes(pairs: LinePair[], rectangles: LinePair[], inPoche: (p: Position) => boolean, scale: WallScale): BuiltIns {
  const none = { holds: () => false, sides: [] };
  if (scale.unitsPerMetre === null) return none;
  const filledPlanBoxes = boxesOnFilledPlan(pairs, rectangles, inPoche, scale, scale.unitsPerMetre);
  const boxes = filledPlanBoxes ?? [];
  const longestFurniture = FURNITURE_METRES * scale.unitsPerMetre;
  const pieces = rectangles.filter((pair) => Math.abs(pair.d) > scale.maxThickness && pair.s1 - pair.s0 <= longestFurniture && !inPoche(pairMiddle(pair)));
  const furniture = new RectIndex(pieces.map(boxRect));
  if (boxes.length === 0 && furniture.rects.length === 0) return none;
  const rects = new RectIndex(boxes.map(boxRect));
  // Any side of a closed box is one: a washing machine's box is as wide as it is deep, and its
  // pair may be the other two sides.
  const sideOfBoxAt = (side: Line, p: Position) =>
    rects.holding(p).some((k) => boxes[k].i.id === side.id || boxes[k].j.id === side.id || (side.outline !== undefined && side.outline === boxes[k].i.outline));
  // A box standing clear of a wall (a washing machine a hand's width off it): its back pairs with
  // a face of the wall at a wall's thickness, though what lies between the box and the wall is
  // floor. Beyond the box's side lies its box all along the pair, beside it floor, and at the
  // pair's far line poché. A box set against a panel or a lining is drawn on that line, which runs
  // on past it: the strip behind the panel is no floor.
  // Points along a pair at which what lies beside its lines is looked up, worked out once per pair.
  const beside = (pair: LinePair) => {
    const step = Math.sign(pair.d) * Math.max(1, 0.1 * Math.abs(pair.d));
    const length = pair.s1 - pair.s0;
    const along = [pair.s0 + 0.1 * length, pair.s0 + 0.5 * length, pair.s1 - 0.1 * length];
    const at = (offset: number, s = along[1]) => fromFrame(pair.i, s, pair.i.offset + offset);
    return { step, along, at };
  };
  type Beside = ReturnType<typeof beside>;
  const standsOff = (pair: LinePair, { step, along, at }: Beside) => {
    const boxAt = (side: Line, outward: number, inward: number, far: number[]) =>
      side.source === 'stroke' && along.every((s) => sideOfBoxAt(side, at(outward, s))) && !inPoche(at(inward)) && far.some((offset) => inPoche(at(offset)));
    return boxAt(pair.i, -step, step, [pair.d - step, pair.d + step]) || boxAt(pair.j, pair.d + step, pair.d - step, [step, -step]);
  };
  // Two boxes end to end (pillows side by side on a bed, cabinets in a row): their ends pair
  // across the gap between them, at a partition's thickness. Boxes back to back along a wall
  // run along its faces; these run away from the pair's lines.
  const betweenEnds = (pair: LinePair, { step, along, at }: Beside) => {
    const endOfBox = (outward: number) => along.every((s) => rects.holding(at(outward, s)).some((k) => !parallel(rects.rects[k], pair.i, PARALLEL_SINE)));
    return endOfBox(-step) && endOfBox(pair.d + step);
  };
  // A piece of furniture's side is no wall's face: what pairs with it across the floor is a wall
  // it stands off, or another piece (an armchair facing a sofa).
  const besideFurniture = (pair: LinePair, { step, along, at }: Beside) => {
    const sideOf = (side: Line, outward: number) =>
      side.outline !== undefined && along.every((s) => furniture.holding(at(outward, s)).some((k) => pieces[k].i.outline === side.outline));
    return sideOf(pair.i, -step) || sideOf(pair.j, pair.d + step);
  };
  const holds = (pair: LinePair) => {
    const around = beside(pair);
    if (standsOff(pair, around)) return true;
    if (pair.i.source !== 'stroke' || pair.j.source !== 'stroke') return false;
    const middle = pairMiddle(pair);
    if (furniture.holding(middle).length > 0 && !inPoche(middle)) return true;
    // A small room outlined as one closed ring of its walls' faces has a piece of furniture's size:
    // on a plan that leaves its walls empty, what lies beside such a ring may be its walls.
    if (filledPlanBoxes === null) return false;
    return rects.holding(middle).length > 0 || (!inPoche(middle) && (betweenEnds(pair, around) || besideFurniture(pair, around)));
  };
  const sides = boxes.flatMap((box, k) => {
    const rect = rects.rects[k];
    const centre = fromFrame(rect, (rect.s0 + rect.s1) / 2, (rect.o0 + rect.o1) / 2);
    return [box.i, box.j].map((line) => ({ line, centre }));
  });
  return { holds, sides };
}

/** A closed rectangle's long sides overlap along this share of their length at least. */
const RECTANGLE_OVERLAP = 0.9;

/**
 * Each closed rectangle among the outlines' `edges` as the pair of its long sides. A box is found from its sides'
 * pair, but a wardrobe's rail run from side to side along its middle pairs with its back and its
 * front instead, so no pair shows how deep the box is (Spiserstrasse's Entrée).
 */
function rectanglePairs(edges: Map<Outline, Line[]>): LinePair[] {
  const pairs: LinePair[] = [];
  for (const sides of edges.values()) {
    if (sides.length !== 4) continue;
    const [i, ...others] = [...sides].sort((a, b) => b.length - a.length);
    const j = others.find((other) => parallel(i, other, PARALLEL_SINE));
    if (!j) continue;
    const along = [j.a, j.b].map((p) => i.ux * p[0] + i.uy * p[1]);
    const [s0, s1] = [Math.max(i.t0, Math.min(...along)), Math.min(i.t1, Math.max(...along))];
    if (s1 - s0 < RECTANGLE_OVERLAP * i.length) continue;
    const middle: Position = [(j.a[0] + j.b[0]) / 2, (j.a[1] + j.b[1]) / 2];
    pairs.push({ i, j, d: -i.uy * middle[0] + i.ux * middle[1] - i.offset, s0, s1 });
  }
  return pairs;
}

/** Whether a pair lies in a built-in's box (or between a box and a wall) or in a piece of furniture, and the boxes' sides. */
interface BuiltIns {
  holds: (pair: LinePair) => boolean;
  sides: StandingEdge[];
}

/**
 * A built-in's box as far as its shorter side runs (the box's front, where its back is the wall's
 * face): a shelf or a rail inside runs along most of it, and the sides pair at the box's full
 * depth only beyond its ends.
 */
function boxRect({ i, j, d }: LinePair): FrameRect {
  const [front, back] = j.length <= i.length ? [j, i] : [i, j];
  const ends = [alongOther(front, front.t0, i), alongOther(front, front.t1, i)];
  const backEnds = [alongOther(back, back.t0, i), alongOther(back, back.t1, i)];
  return {
    ux: i.ux,
    uy: i.uy,
    s0: Math.max(Math.min(...ends), Math.min(...backEnds)),
    s1: Math.min(Math.max(...ends), Math.max(...backEnds)),
    o0: Math.min(i.offset, i.offset + d),
    o1: Math.max(i.offset, i.offset + d),
  };
}

/** The middle of the stretch two paired lines share, halfway between them. */
function pairMiddle(pair: LinePair): Position {
  return fromFrame(pair.i, (pair.s0 + pair.s1) / 2, pair.i.offset + pair.d / 2);
}

/** A column is about square: its sides differ by at most this factor. */
const COLUMN_ASPECT = 2.5;
/** A column is solid: its paint fills this share of its box (a ring or a symbol's outline does not). */
const SOLID_SHARE = 0.6;

/** Blocks this close, units, touch: side by side, they paint one shape. */
const TOUCHING_BLOCKS = 0.5;

/** Whether a box is a column's: about square, and no wider than the thickest wall. */
function columnSized([x0, y0, x1, y1]: BBox, scale: WallScale): boolean {
  const short = Math.min(x1 - x0, y1 - y0);
  const long = Math.max(x1 - x0, y1 - y0);
  return short >= scale.minThickness && long <= scale.maxThickness && long <= COLUMN_ASPECT * short;
}

/**
 * The box each block fills together with the blocks of its colour it touches: a row of wardrobe
 * or cabinet modules, each a dark square against the wall, is one box longer than any wall is
 * thick (the Suhr factsheet's bedrooms lost their wardrobes' floor to them as columns), where a
 * column or a joint painted in pieces is no larger than one block.
 */
function rowBoxes(blocks: FillRegion[]): Map<FillRegion, BBox> {
  const boxes = new Map<FillRegion, BBox>();
  const colourOf = (block: FillRegion) => block.color.join();
  for (const row of linkedGroups(blocks.map((block) => block.bbox), TOUCHING_BLOCKS, (i, j) => colourOf(blocks[i]) === colourOf(blocks[j]))) {
    const box = unionBox(row.map((k) => blocks[k].bbox));
    for (const k of row) boxes.set(blocks[k], box);
  }
  return boxes;
}

/**
 * Columns painted as dark blocks where walls meet: compact where poché is long and thin, often in
 * a colour of their own. A dark block counts as wall where it stands against a wall, no wider
 * than the thickest wall; dark blocks standing free in a room (symbols, furniture) do not, nor do
 * blocks in a row longer than a column. A block in the floor's tint is a fitting painted to hide
 * the floor under it (nidum's toilets against their shaft), however dark the tint, unless crossed
 * corner to corner as a shaft or a column is.
 */
function columnFills(fills: FillRegion[], floorTint: (color: RGBA) => boolean, lines: Line[], hidden: (fill: FillRegion) => Polygon[], poche: PocheRegion[], runs: WallRun[], scale: WallScale, thickness: number): FillRegion[] {
  const pocheIds = new Set(poche.map((fill) => fill.pathIndex));
  const runIndex = new RectIndex(runs);
  const pocheIndex = new Flatbush(Math.max(1, poche.length));
  for (const { bbox } of poche) pocheIndex.add(bbox[0], bbox[1], bbox[2], bbox[3]);
  if (poche.length === 0) pocheIndex.add(0, 0, 0, 0);
  pocheIndex.finish();
  const reach = 0.5 * thickness;
  const blocks = fills.filter((fill) => {
    if (pocheIds.has(fill.pathIndex) || luminance(fill.color) > POCHE_LUMINANCE || !columnSized(fill.bbox, scale)) return false;
    const [x0, y0, x1, y1] = fill.bbox;
    return fill.area >= SOLID_SHARE * (x1 - x0) * (y1 - y0);
  });
  const rows = rowBoxes(blocks);
  return blocks.filter((fill) => {
    if (extent(rows.get(fill)!) > scale.maxThickness) return false;
    const [x0, y0, x1, y1] = fill.bbox;
    const box: [number, number, number, number] = [x0 - reach, y0 - reach, x1 + reach, y1 + reach];
    if (runIndex.search(box).length === 0 && !(poche.length > 0 && pocheIndex.search(...box).length > 0)) return false;
    if (floorTint(fill.color) && !crossedCornerToCorner(fill.bbox, lines)) return false;
    // As seen: a silhouette with its face painted white over it is a symbol's outline.
    const covers = hidden(fill);
    return covers.length === 0 || multiPolygonArea(differenceOf(fillPolygons(fill.path), covers)) >= SOLID_SHARE * (x1 - x0) * (y1 - y0);
  });
}

/** A box's diagonal ends this close to its corners, as a share of the box's shorter side. */
const DIAGONAL_END_SHARE = 0.1;

/** Whether lines run from corner to corner of a box both ways: a shaft's or a column's cross. */
function crossedCornerToCorner([x0, y0, x1, y1]: BBox, lines: Line[]): boolean {
  const near = DIAGONAL_END_SHARE * Math.min(x1 - x0, y1 - y0);
  const inBox = lines.filter((line) => [line.a, line.b].every(([x, y]) => x >= x0 - near && x <= x1 + near && y >= y0 - near && y <= y1 + near));
  const joins = (p: Position, q: Position) => inBox.some((line) => runsBetween(line, p, q, near));
  return joins([x0, y0], [x1, y1]) && joins([x1, y0], [x0, y1]);
}

/** Edges of poché as lines that know which side the fill is on: a face pairs only across its wall. */
function pocheEdges(poche: PocheRegion[], firstId: number): Line[] {
  const edges: Line[] = [];
  for (const fill of poche) {
    for (const polygon of fill.polygons) {
      polygon.forEach((ring, r) => {
        // Material lies left of edges turning with a positive area on the outer ring, right on holes.
        const materialLeft = (signedArea2(ring) > 0) === (r === 0);
        for (let k = 0; k + 1 < ring.length; k++) {
          const line = makeLine(firstId + edges.length, ring[k], ring[k + 1], 0, 'fill', styleKey('fill', 0, fill.color), fill.pathIndex);
          if (!line) continue;
          const kept = line.a === ring[k];
          line.fillSide = materialLeft === kept ? 1 : -1;
          edges.push(line);
        }
      });
    }
  }
  return edges;
}

/** The thinnest wall drawn as one stroke, metres (3"); heavy pens for outlines stay thinner than that. */
const STROKE_WALL_METRES = 0.075;

/** A stroke as wide as a wall can be a wall drawn as one line. */
function isWideStroke(line: Line, scale: WallScale, typicalStrokeWidth: number): boolean {
  const thinnest = scale.unitsPerMetre === null ? 2 * scale.minThickness : STROKE_WALL_METRES * scale.unitsPerMetre;
  return line.width >= thinnest && line.width >= 4 * typicalStrokeWidth;
}

function wideStrokeQuad(line: Line): FrameRect {
  return { ux: line.ux, uy: line.uy, s0: line.t0, s1: line.t1, o0: line.offset - line.width / 2, o1: line.offset + line.width / 2 };
}

/**
 * Wide strokes that are walls: on a plan whose walls are drawn otherwise (pairs, poché), only
 * those joined to that wall network; a key plan, a heavy frame or a bold box stands apart from it.
 * Where nothing else draws walls, every wide stroke does.
 */
function connectedWideQuads(wide: FrameRect[], walls: FrameRect[], reach: number): FrameRect[] {
  if (walls.length === 0) return wide;
  const all = [...walls, ...wide];
  const index = new RectIndex(all);
  const reached = new Set<number>(walls.map((_, k) => k));
  const queue = [...reached];
  while (queue.length > 0) {
    const [x0, y0, x1, y1] = rectBBox(all[queue.pop()!]);
    for (const k of index.search([x0 - reach, y0 - reach, x1 + reach, y1 + reach])) {
      if (reached.has(k)) continue;
      reached.add(k);
      queue.push(k);
    }
  }
  return wide.filter((_, k) => reached.has(walls.length + k));
}

// ---------------------------------------------------------------------------------------------

/**
 * Word boxes a pair of lines frames (tag boxes, underlined or boxed text) are not walls, and
 * neither are pairs inside a word OCR read: the strokes of its lettering, drawn as outlines.
 */
function framesText(quad: FrameRect, words: Evidence['words'], wordIndex: Flatbush | null): boolean {
  if (!wordIndex) return false;
  const [x0, y0, x1, y1] = ringBBox(rectCorners(quad));
  for (const k of wordIndex.search(x0, y0, x1, y1)) {
    const { word } = words[k];
    // A word OCR reads unsurely, or a lone digit, is as often a scrap of the linework it lies on:
    // a wall's hatch read as "WN" or "7", a door's swing and the partition beside it as "of".
    if (!isLettering(word)) continue;
    const [s, o] = toFrame(quad, words[k].center);
    if (s > quad.s0 && s < quad.s1 && o > quad.o0 && o < quad.o1) return true;
    // Only read lettering has strokes; a text layer's words sit over linework they do not draw.
    if ((word.confidence ?? 1) >= 1) continue;
    const [wx0, wy0, wx1, wy1] = words[k].bbox;
    const margin = 0.1 * (wy1 - wy0);
    if (x0 >= wx0 - margin && y0 >= wy0 - margin && x1 <= wx1 + margin && y1 <= wy1 + margin) return true;
  }
  return false;
}

/**
 * What every reading of a sheet's walls starts from, whichever pens it takes: the lines that may
 * be faces and the pairs the pens are told apart on. On a large sheet these cost most of a
 * reading (zeidler: 5 of 5.6 s), so a sheet read twice computes them once.
 */
export interface WallCandidates {
  evidence: Evidence;
  scale: WallScale;
  poche: PocheRegion[];
  /** As `WallEvidence.lines`. */
  lines: Line[];
  dimensions: DimensionMarks;
  wordIndex: Flatbush | null;
  /** `lines` without dashes: a dashed line's dashes count toward their pen, but no dash is a wall's face. */
  faces: Line[];
  /** Faces long enough to pair, neither dimension lines nor strokes of lettering. */
  faceCandidates: Line[];
  /** Pairs among the long candidates, without ladders: what the pens are told apart on. */
  penPairs: LinePair[];
  /** Pens that show walls cut by hatching. */
  hatched: Set<string>;
  /** Fittings drawn with their rims, whose edges and content make no wall with other lines. */
  fittings: Fittings;
  /** Closed rectangles as the pairs of their long sides: built-ins' boxes where as deep. */
  rectangles: LinePair[];
  /** Whether a point lies in the poché as painted. */
  inPoche: (p: Position) => boolean;
  /** What opaque paint laid later hides of a fill (`paintedOver`). */
  hidden: (fill: FillRegion) => Polygon[];
  /** Whether a colour is a floor's tint (`floorTints`). */
  floorTint: (color: RGBA) => boolean;
}

function pointInPoche(poche: PocheRegion[]): (p: Position) => boolean {
  const polygons = poche.flatMap((fill) => fill.polygons);
  if (polygons.length === 0) return () => false;
  const index = new Flatbush(polygons.length);
  for (const polygon of polygons) index.add(...ringBBox(polygon[0]));
  index.finish();
  return (p) => index.search(p[0], p[1], p[0], p[1]).some((k) => pointInPolygon(p, polygons[k]));
}

export function wallCandidates(evidence: Evidence, scale: WallScale): WallCandidates {
  let wordIndex: Flatbush | null = null;
  if (evidence.words.length > 0) {
    wordIndex = new Flatbush(evidence.words.length);
    for (const { bbox } of evidence.words) wordIndex.add(bbox[0], bbox[1], bbox[2], bbox[3]);
    wordIndex.finish();
  }
  const hidden = paintedOver(evidence.opaqueFills);
  const floorTint = floorTints(evidence.fills, evidence.words, wordIndex);
  const poche = visiblePoche(pocheFills(evidence.fills, floorTint, scale), hidden, scale);
  const lines = [...evidence.lines, ...pocheEdges(poche, evidence.lines.length)];
  const dimensions = dimensionMarks(lines, evidence.unitsPerPaperMm, evidence.words, scale.unitsPerMetre);
  const lettering = letteringLineIds(lines, evidence.words, wordIndex);
  const candidates = lines.filter((line) => line.length >= scale.minThickness && !dimensions.dimensionIds.has(line.id) && !lettering.has(line.id));
  // Pens are told apart on every line's pairs; walls are then paired among wall-pen lines only,
  // so the thin layer lines drawn inside a wall (studs, sheathing) do not split it.
  // Pens show on the long lines; the crowd of short strokes in furniture and symbols only costs time.
  const firstPairs = findPairs(candidates.filter((line) => line.length >= 3 * scale.minThickness), scale, PEN_OVERLAP_SHARE);
  const ladder = ladderPairs(firstPairs);
  // Dashed lines, door leaves and furniture layers' strokes are never a wall's face.
  const mayFace = (line: Line) => !line.dashed && !line.leaf && !line.furniture;
  const faces = lines.filter(mayFace);
  const faceCandidates = candidates.filter(mayFace);
  const penPairs = firstPairs.filter((pair) => !ladder.has(pair));
  const hatched = hatchedPens(penPairs, faceCandidates, lines, scale);
  const edges = edgesByOutline(lines);
  return { evidence, scale, poche, lines, dimensions, wordIndex, faces, faceCandidates, penPairs, hatched, fittings: fittingsOf(evidence.outlines, lines, edges, scale), rectangles: rectanglePairs(edges), inPoche: pointInPoche(poche), hidden, floorTint };
}

/** The walls of a sheet, read as `reading` says; which reading is right is the caller's judgement. */
export function detectWallEvidence({ evidence, scale, poche, lines, dimensions, wordIndex, faces, faceCandidates, penPairs, hatched, fittings, rectangles, inPoche, hidden, floorTint }: WallCandidates, reading: WallReading): WallEvidence {
  const { pens, lighter, minorHeaviest, strongest } = wallStyles(penPairs, reading.widthFromMainPens, hatched);
  const unfiguredFaces = faces.filter((line) => dimensions.unfigured.has(line.id) && line.length >= scale.minThickness);
  const wallLines = [...faceCandidates, ...unfiguredFaces].filter((line) => pens.has(line.style));
  const pairs = wallPairs(wallLines, scale, fittings);
  const framesWords = (quad: FrameRect) => framesText(quad, evidence.words, wordIndex);
  // A stair's inner treads, crossed at their ends by the wall's face and a handrail or a balustrade
  // as extension lines cross a dimension line, read as dimension lines: the flight is read with
  // them, or its first and last treads, faces still, pair with its edge and its last riser as walls
  // (Trivista's stair hall). No tread is a wall's face.
  const treads = treadLineIds([...wallLines, ...lines.filter((line) => dimensions.dimensionIds.has(line.id) && pens.has(line.style))], scale);
  const wallLadder = ladderPairs(pairs);
  const framed = pairs
    .filter((pair) => !wallLadder.has(pair))
    .map((pair) => ({ pair, quad: pairQuad(pair) }))
    .filter(({ quad }) => !framesWords(quad));
  const builtIns = builtInBoxes(framed.map(({ pair }) => pair), rectangles, inPoche, scale);
  const inBuiltIn = builtIns.holds;
  const walledOrTreads = framed.filter(({ pair }) => !inBuiltIn(pair));
  const walled = walledOrTreads.filter(({ pair }) => !treads.has(pair.i.id) && !treads.has(pair.j.id));
  // The thickness peaks are still read with the treads' pairs, as before they were told apart:
  // on Trivista's flat, whose outer walls and partitions are drawn about as much, those two pairs
  // are what make the outer walls' thickness the commonest, the one at which its façade's faces
  // crossed like dimension lines pair (see `loosePairs`).
  const modes = thicknessPeaks(
    [...walledOrTreads.map(({ pair }) => Math.abs(pair.d)), ...poche.map(meanWidth)],
    [...walledOrTreads.map(({ pair }) => pair.s1 - pair.s0), ...poche.map((fill) => fill.area / Math.max(1, meanWidth(fill)))],
    scale,
  );
  const ofMode = ({ pair }: (typeof walled)[number]) => (pair.i.source === 'fill' && pair.j.source === 'fill') || nearMode(Math.abs(pair.d), modes);
  const paired: QuadSource[] = walled.filter(ofMode).map(({ pair, quad }) => ({ quad, lineIds: [pair.i.id, pair.j.id] }));
  // Faces crossed like dimension lines and read loosely count in the pen most walls pair in only:
  // the glazing of windows in another pen, crossed by their jambs alike, is a face's nearer partner.
  const looselyFaces = strongest === null ? new Set<number>() : dimensions.loosely(strongest);
  const loose = faces.filter((line) => looselyFaces.has(line.id) && !dimensions.unfigured.has(line.id) && line.length >= scale.minThickness);
  if (loose.length > 0 && modes.length > 0) paired.push(...loosePairs(loose, wallLines, modes[0], scale, fittings, framesWords, inBuiltIn));
  // A wall of a thickness the sheet seldom draws (a thicker plumbing wall between two toilets, a
  // chase) is no thickness mode: in the wall pens, within the range of the sheet's wall
  // thicknesses, it is wall where it joins walls at both ends, touching wall at one of them at
  // least, as a counter, a shelf or a bed does not.
  const withinModes = (thickness: number) => modes.length > 0 && thickness >= 0.8 * Math.min(...modes) && thickness <= ODD_WALL_RATIO * Math.max(...modes);
  const wallQuads = paired.map((source) => source.quad);
  const oddLimits = joinLimits(modes, scale);
  const oddWalls = touchingWall(
    lighterWalls(
      walled.filter((entry) => !ofMode(entry) && withinModes(Math.abs(entry.pair.d))).map(({ pair, quad }) => ({ quad, lineIds: [pair.i.id, pair.j.id] })),
      wallQuads,
      oddLimits,
    ),
    wallQuads,
    oddLimits,
  );
  // A wide stroke that pairs with another line is a face of an outlined wall, not a wall itself.
  const facing = new Set(paired.flatMap((source) => source.lineIds));
  const wide = faces.filter((line) => !facing.has(line.id) && !dimensions.dimensionIds.has(line.id) && isWideStroke(line, scale, evidence.typicalStrokeWidth));
  const wideSources: QuadSource[] = wide.map((line) => ({ quad: wideStrokeQuad(line), lineIds: [line.id] }));
  const keptWide = new Set(connectedWideQuads(wideSources.map((source) => source.quad), paired.map((source) => source.quad), scale.minThickness));
  const sources = [...paired, ...oddWalls, ...wideSources.filter((source) => keptWide.has(source.quad))];
  const heavyRuns = mergeRuns(sources, lines);
  const merged = reading.withLighterPens ? [...heavyRuns, ...mergeRuns(lighterSources(faceCandidates, lighter, sources, modes, scale, fittings, framesWords, inBuiltIn), lines)] : heavyRuns;
  const content = openingContentRuns(merged, heavyRuns.length);
  const runs = merged.filter((_, k) => !content.has(k));
  const joints = jointPieces(runs, scale.unitsPerMetre === null ? 2 * (modes[0] ?? scale.minThickness) : SHORTEST_OPENING_METRES * scale.unitsPerMetre);
  const columns = columnFills(evidence.fills, floorTint, lines, hidden, poche, runs, scale, modes[0] ?? scale.minThickness);
  const curved = curvedWalls(
    evidence.arcs.filter((arc) => pens.has(arc.style)),
    evidence.arcs,
    {
      wallThickness: (thickness) => thickness >= scale.minThickness && thickness <= scale.maxThickness && (modes.length === 0 || nearMode(thickness, modes)),
      widestOpening: scale.unitsPerMetre === null ? 12 * (modes[0] ?? scale.minThickness) : WIDEST_WALL_GAP_METRES * scale.unitsPerMetre,
    },
  );
  // A fitting's or a box's outline stands on the floor with all its sides, though a box may pair
  // one way only (its side drawn over a lining pairs with that line's own partners instead).
  const standingOutlines = new Set([...fittings.outlines, ...builtIns.sides.flatMap(({ line }) => (line.outline ? [line.outline] : []))]);
  const outlineEdges = lines.flatMap((line) => {
    if (!line.outline || !standingOutlines.has(line.outline)) return [];
    const [x0, y0, x1, y1] = line.outline.bbox;
    return [{ line, centre: [(x0 + x1) / 2, (y0 + y1) / 2] as Position }];
  });
  const installation = preWalls(lines, [...outlineEdges, ...builtIns.sides.filter(({ line }) => !line.outline)], runs, scale.unitsPerMetre);
  const pieces: Polygon[] = [...runs, ...joints, ...installation]
    .map((rect) => [rectRing(rect)])
    .concat(poche.flatMap((fill) => fill.polygons))
    .concat(columns.flatMap((fill) => fillPolygons(fill.path)))
    .concat(curved.map((wall) => [wall.ring]));
  const oddThicknessQuads = walled.filter((entry) => !ofMode(entry)).map(({ quad }) => quad);
  return { scale, thicknessModes: modes, lines, runs, preWalls: installation, curved, poche, pieces, oddThicknessQuads, extensionLines: dimensions.extensions, lighterPens: [...lighter], minorHeaviestPen: minorHeaviest };
}

/**
 * Walls with a face that is crossed like a dimension line, read loosely (topology-dimensions.ts):
 * such lines pair among the wall lines around them, and a pair is wall at the sheet's commonest
 * wall thickness only, where glazing and treads in the same pen are spaced otherwise.
 */
function loosePairs(
  loose: Line[],
  wallLines: Line[],
  thickness: number,
  scale: WallScale,
  fittings: Fittings,
  framesWords: (quad: FrameRect) => boolean,
  inBuiltIn: (pair: LinePair) => boolean,
): QuadSource[] {
  const looseIds = new Set(loose.map((line) => line.id));
  // A partner lies about a thickness away, and what it might pair with instead no farther from it.
  const reach = 2 * ((1 + MODE_TOLERANCE) * thickness + 1);
  const pairs = wallPairs([...loose, ...linesNear(loose, wallLines, reach)], scale, fittings).filter(
    (pair) => (looseIds.has(pair.i.id) || looseIds.has(pair.j.id)) && nearMode(Math.abs(pair.d), [thickness]),
  );
  return pairSources(pairs, (pair) => !inBuiltIn(pair), framesWords);
}

/** Quads of the pairs `keep` accepts that belong to no ladder and frame no words. */
function pairSources(pairs: LinePair[], keep: (pair: LinePair) => boolean, framesWords: (quad: FrameRect) => boolean): QuadSource[] {
  const ladder = ladderPairs(pairs);
  return pairs
    .filter((pair) => !ladder.has(pair) && keep(pair))
    .map((pair) => ({ quad: pairQuad(pair), lineIds: [pair.i.id, pair.j.id] }))
    .filter(({ quad }) => !framesWords(quad));
}

/** Lines within `reach` of any of `around`. */
function linesNear(around: Line[], lines: Line[], reach: number): Line[] {
  if (lines.length === 0) return [];
  const index = new Flatbush(lines.length);
  for (const line of lines) index.add(...lineBBox(line));
  index.finish();
  const near = new Set<number>();
  for (const line of around) {
    const [x0, y0, x1, y1] = lineBBox(line);
    for (const k of index.search(x0 - reach, y0 - reach, x1 + reach, y1 + reach)) near.add(k);
  }
  return [...near].map((k) => lines[k]);
}

/** How far apart two strokes may lie and be one, blueprint units. */
const REDRAWN_TOLERANCE = 0.5;

/**
 * Lines without the pieces another line of their pen already draws: a fitting drawn as a closed
 * outline against a wall (a toilet's tank) redraws a stretch of the wall's face, and that piece,
 * paired with the wall's other face, would make a wall of the fitting's depth.
 */
function withoutRedrawnPieces(lines: Line[]): Line[] {
  if (lines.length === 0) return lines;
  const index = new Flatbush(lines.length);
  for (const line of lines) {
    const [x0, y0, x1, y1] = lineBBox(line);
    index.add(x0, y0, x1, y1);
  }
  index.finish();
  const redraws = (line: Line, other: Line) =>
    other !== line &&
    other.style === line.style &&
    (other.length > line.length || (other.length === line.length && other.id < line.id)) &&
    Math.abs(other.ux * line.uy - other.uy * line.ux) < 1e-3 &&
    Math.abs(other.offset - line.offset) <= REDRAWN_TOLERANCE &&
    other.t0 <= line.t0 + REDRAWN_TOLERANCE &&
    other.t1 >= line.t1 - REDRAWN_TOLERANCE;
  return lines.filter((line) => {
    const [x0, y0, x1, y1] = lineBBox(line);
    return !index.search(x0 - REDRAWN_TOLERANCE, y0 - REDRAWN_TOLERANCE, x1 + REDRAWN_TOLERANCE, y1 + REDRAWN_TOLERANCE).some((k) => redraws(line, lines[k]));
  });
}

/**
 * A face that pairs on both its sides is a wall's face on the side it pairs along at least this
 * many times as far: what pairs with it on the other side is set against the wall. Pairs of
 * like length on both sides are a wall drawn in layers (kirkland's existing walls).
 */
const FITTING_RATIO = 3;

/**
 * Pairs without the fittings set against a wall (a toilet's tank drawn in the partitions' pen,
 * a partition's thickness deep, against the partition's face), by FITTING_RATIO.
 */
function withoutFittings(pairs: LinePair[]): LinePair[] {
  // Each face of a pair with the side its partner lies on, along the face's own normal.
  const faces = (pair: LinePair): [Line, number][] => [
    [pair.i, Math.sign(pair.d)],
    [pair.j, -Math.sign(pair.d) * sideOf(pair.i, pair.j)],
  ];
  const longest = new Map<string, number>();
  const key = (line: Line, side: number) => `${line.id}|${side}`;
  for (const pair of pairs) {
    for (const [line, side] of faces(pair)) longest.set(key(line, side), Math.max(longest.get(key(line, side)) ?? 0, pair.s1 - pair.s0));
  }
  return pairs.filter((pair) => faces(pair).every(([line, side]) => (longest.get(key(line, -side)) ?? 0) <= FITTING_RATIO * (pair.s1 - pair.s0)));
}

/**
 * Pairs in the lighter pens that carry on from the sheet's walls, of a wall thickness of the sheet
 * or of one the lighter pens draw often: partitions drawn lighter than the outer walls are thinner
 * than them too (12 cm beside 30 cm).
 */
function lighterSources(
  candidates: Line[],
  lighter: Set<string>,
  walls: QuadSource[],
  modes: number[],
  scale: WallScale,
  fittings: Fittings,
  framesWords: (quad: FrameRect) => boolean,
  inBuiltIn: (pair: LinePair) => boolean,
): QuadSource[] {
  // A partition's two faces are of one pen: a sofa's back in the furniture's pen, standing a
  // partition's thickness off a wall, pairs with the wall's face otherwise.
  const pairs = withoutFittings(wallPairs(withoutRedrawnPieces(candidates.filter((line) => lighter.has(line.style))), scale, fittings).filter((pair) => pair.i.style === pair.j.style));
  // No thicker than the outer walls: a counter or a wardrobe run between two walls pairs deeper.
  const lighterModes = thicknessPeaks(pairs.map((pair) => Math.abs(pair.d)), pairs.map((pair) => pair.s1 - pair.s0), scale).filter((mode) => mode <= Math.max(...modes));
  const quads = pairSources(pairs, (pair) => nearMode(Math.abs(pair.d), [...modes, ...lighterModes]) && !inBuiltIn(pair), framesWords);
  return lighterWalls(
    quads,
    walls.map(({ quad }) => quad),
    joinLimits(modes, scale),
  );
}

/** How walls found beyond the wall pens' thickness modes must join the walls already found. */
function joinLimits(modes: number[], scale: WallScale): LighterLimits {
  const thickness = modes[0] ?? scale.minThickness;
  const upm = scale.unitsPerMetre;
  return {
    reach: Math.max(1, 0.25 * thickness),
    gap: upm === null ? 12 * thickness : WIDEST_WALL_GAP_METRES * upm,
    shortest: upm === null ? 4 * thickness : SHORTEST_LIGHTER_WALL_METRES * upm,
  };
}
