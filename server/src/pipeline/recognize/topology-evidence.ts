// The sheet's linework as the wall, opening and room steps read it: straight lines (strokes and
// the edges of ink fills), circular arcs (door swings), ink fill regions (poché) and word boxes.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox, RGBA, Segment, SheetPrimitives, SheetWord, StrokeStyle, SubPath, VectorPath } from '../types.ts';
import { subpathsBBox } from '../vectors.ts';
import { cellKey, closeRing, distance, interiorPoint, pointInRing, ringBBox, ringPerimeter, signedArea2 } from './geom-basics.ts';
import { paintedRegion, type MultiPolygon } from './geom-clip.ts';
import { explodedDashLineIds } from './topology-dashes.ts';
import { textFrameLineIds } from './topology-frames.ts';

/** A straight piece of linework with its direction normalised to an angle in [0, π). */
export interface Line {
  id: number;
  a: Position;
  b: Position;
  length: number;
  /** Unit direction and the unit normal (−uy, ux). */
  ux: number;
  uy: number;
  /** Offset of the line from the origin along its normal. */
  offset: number;
  /** Extent along the direction: `t0 = u·a`, `t1 = u·b`, t0 < t1. */
  t0: number;
  t1: number;
  /** Stroke width in blueprint units; 0 for the edge of a fill. */
  width: number;
  /** For the edge of a fill: the side of the line (sign along its normal) the fill lies on. */
  fillSide: 1 | -1 | 0;
  source: 'stroke' | 'fill';
  /** Pen or paint the line was drawn with: lines of one wall share it. */
  style: string;
  pathIndex: number;
  /**
   * A dash of a dashed line written out dash by dash (topology-dashes.ts): it tells its pen's
   * share of the sheet like any stroke, but is never a wall's face.
   */
  dashed?: true;
  /**
   * A dash of a centre line written out dash by dash (a grid line through a wall): it may run
   * through a wall's faces, but is no extension line that makes a face a dimension line.
   */
  axis?: true;
  /**
   * A door's leaf (`doorLeafIds`): a stroke from a swing's centre to an end of its arc. Drawn open,
   * it may run along a wall a jamb's width off its face, but it is never a wall's face.
   */
  leaf?: true;
  /**
   * Drawn on a CAD layer named for furniture, fittings or planting (`A-FURN`, `FURNITURE`,
   * `Arredi`, `MOBILIARIO`, `A-SANITARY`): the drawing says it is no wall, so it is never a wall's face.
   */
  furniture?: true;
  /** For an edge of a closed outline (a box, a fitting, a short wall), stroked as one subpath or as pieces joined into a ring: that outline. */
  outline?: Outline;
}

/** A closed subpath of a stroke, or a ring of open ones (`explodedLoops`), by its box. */
export interface Outline {
  bbox: BBox;
}

/** A circular arc painted as part of a stroke, from Bézier curves or a fine polyline. */
export interface Arc {
  center: Position;
  radius: number;
  start: Position;
  /** A point on the arc halfway along it: which way it turns from `start` to `end`. */
  mid: Position;
  end: Position;
  /** Absolute sweep in radians. */
  sweep: number;
  pathIndex: number;
  /** Pen the arc was drawn with (as `Line.style`). */
  style: string;
  /** Joined from the dashes of a dashed linetype, written out one by one. */
  dashed?: boolean;
}

/** An arc as its points fit it, before its pen is known. */
type ArcShape = Omit<Arc, 'style'>;

/**
 * An ink fill with its colour. Its exact region (`fillPolygons`) takes boolean operations, which
 * only the few fills that can be poché are worth; area and perimeter are read from its rings.
 */
export interface FillRegion {
  path: VectorPath;
  pathIndex: number;
  /** Outlines of its subpaths as painted, not closed. */
  rings: Position[][];
  /** Covered area when holes turn against the outline (as CAD writes them), square units. */
  area: number;
  perimeter: number;
  color: RGBA;
  bbox: BBox;
  /** Also outlined by a solid stroke of the same path, whose lines are already among the strokes. */
  stroked: boolean;
}

export interface WordBox {
  word: SheetWord;
  bbox: BBox;
  center: Position;
}

/** OCR reads scraps of linework as short words ("ig" over a wall's end, "wc" in a hatch); a word it is this sure of, or this long, is lettering. */
const SURE_READING = 0.9;
const SURE_WORD_LETTERS = 4;

/** Whether a word is surely what is printed: a text layer's word, or one OCR read surely. */
export function readSurely(word: SheetWord): boolean {
  const confidence = word.confidence ?? 1;
  return confidence >= SURE_READING || (word.text.match(/\p{L}/gu)?.length ?? 0) >= SURE_WORD_LETTERS;
}

/**
 * Whether a word is lettering that linework may be read around (its frame, its strokes): a text
 * layer's word, or one OCR read surely with two letters or digits at least. OCR keeps a lone
 * digit only for a scale bar's labels, and reads one out of a wall's hatch as surely.
 */
export function isLettering(word: SheetWord): boolean {
  return readSurely(word) && ((word.confidence ?? 1) >= 1 || (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2);
}

export interface Evidence {
  /** Straight pieces of solid strokes (dashed lines are hidden or overhead: never a wall face). */
  lines: Line[];
  arcs: Arc[];
  fills: FillRegion[];
  /**
   * Fills too light to be ink yet not white (ArchiCAD paints a parquet zone 96 % grey): they draw
   * nothing a wall is read from, but may paint a room.
   */
  tints: FillRegion[];
  /** Every opaque fill, paper-coloured ones too: what they cover is hidden from view. */
  opaqueFills: VectorPath[];
  words: WordBox[];
  /** Median stroke width of solid strokes, the sheet's ordinary pen. */
  typicalStrokeWidth: number;
  /** Blueprint units per millimetre of paper. */
  unitsPerPaperMm: number;
  /** The closed outlines of solid strokes, which their edges' `outline` refers to. */
  outlines: Outline[];
}

/**
 * Words of a layer's name (split at anything but letters) that name furniture, fittings,
 * equipment or planting, in the layer conventions of AIA (`A-FURN`, `A-FLOR-FIXT`, `A-EQPM`) and
 * of plans in English, German, French, Spanish and Italian. `PLANTA` (a plan) is no planting.
 */
const FURNITURE_LAYER_WORD = /^(\p{L}*furn\p{L}*|fur|mobil\p{L}*|m(ö|o|oe)bel\p{L}*|muebles?|arred[io]|sanit\p{L}*|sanfit|fixt\p{L}*|\p{L}*fixtures?|eqpm|equip\p{L}*|casework|beds?|sofas?|chairs?|tables?|toilets?|kitchen|plants|planting|vegetation|trees?|cars?)$/iu;

/** Whether a layer's name says it holds furniture, fittings or planting (never walls). */
export function isFurnitureLayer(layer: string | null): boolean {
  return layer !== null && layer.split(/[^\p{L}]+/u).some((word) => FURNITURE_LAYER_WORD.test(word));
}

/** Pieces of an exploded arc are short: a door swing in 16 steps at 1:50 is under this, paper mm. */
const EXPLODED_PIECE_MM = 3;
/** Pieces of one exploded arc meet within this, paper mm: exports round each piece's ends apart. */
const EXPLODED_JOINT_MM = 0.05;

/** Paint this light cannot be told from paper on a print; white fills mask, they draw nothing. */
const PAPER_LUMINANCE = 235;
/** Paint lighter than ink but darker than this is a tint a room may be painted in; lighter is white. */
const WHITE_LUMINANCE = 250;

export function luminance(color: RGBA): number {
  return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2];
}

/** Paint more transparent than this shows too faintly to draw anything. */
const VISIBLE_ALPHA = 0.2;

export function isInk(color: RGBA): boolean {
  return color[3] > VISIBLE_ALPHA && luminance(color) < PAPER_LUMINANCE;
}

function isTint(color: RGBA): boolean {
  const shade = luminance(color);
  return color[3] > VISIBLE_ALPHA && shade >= PAPER_LUMINANCE && shade < WHITE_LUMINANCE;
}

export function styleKey(source: Line['source'], width: number, color: RGBA): string {
  return `${source}|${width.toFixed(2)}|${color.slice(0, 3).join(',')}`;
}

/** The luminance of the paint a style key names. */
export function styleLuminance(style: string): number {
  const [r, g, b] = style.split('|')[2].split(',').map(Number);
  return luminance([r, g, b, 255]);
}

/** The box a line's two ends span. */
export function lineBBox({ a, b }: Line): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

export function makeLine(id: number, a: Position, b: Position, width: number, source: Line['source'], style: string, pathIndex: number): Line | null {
  const length = distance(a, b);
  if (!(length > 0)) return null;
  let ux = (b[0] - a[0]) / length;
  let uy = (b[1] - a[1]) / length;
  let from = a;
  let to = b;
  if (uy < 0 || (uy === 0 && ux < 0)) {
    ux = -ux;
    uy = -uy;
    from = b;
    to = a;
  }
  return {
    id,
    a: from,
    b: to,
    length,
    ux,
    uy,
    offset: -uy * from[0] + ux * from[1],
    t0: ux * from[0] + uy * from[1],
    t1: ux * to[0] + uy * to[1],
    width,
    fillSide: 0,
    source,
    style,
    pathIndex,
  };
}

function cubicAt(s: Extract<Segment, { kind: 'cubic' }>, t: number): Position {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [
    a * s.from[0] + b * s.c1[0] + c * s.c2[0] + d * s.to[0],
    a * s.from[1] + b * s.c1[1] + c * s.c2[1] + d * s.to[1],
  ];
}

/** Centre of the circle through three points, or null when they are (nearly) collinear. */
function circumcenter(p: Position, q: Position, r: Position): Position | null {
  const d = 2 * (p[0] * (q[1] - r[1]) + q[0] * (r[1] - p[1]) + r[0] * (p[1] - q[1]));
  if (Math.abs(d) < 1e-9) return null;
  const p2 = p[0] * p[0] + p[1] * p[1];
  const q2 = q[0] * q[0] + q[1] * q[1];
  const r2 = r[0] * r[0] + r[1] * r[1];
  return [(p2 * (q[1] - r[1]) + q2 * (r[1] - p[1]) + r2 * (p[1] - q[1])) / d, (p2 * (r[0] - q[0]) + q2 * (p[0] - r[0]) + r2 * (q[0] - p[0])) / d];
}

/** Points further off the fitted circle than this share of its radius are not on an arc. */
const ARC_FIT = 0.02;

function angleBetween(center: Position, a: Position, b: Position): number {
  const a0 = Math.atan2(a[1] - center[1], a[0] - center[0]);
  const a1 = Math.atan2(b[1] - center[1], b[0] - center[0]);
  let sweep = Math.abs(a1 - a0);
  if (sweep > Math.PI) sweep = 2 * Math.PI - sweep;
  return sweep;
}

/** The circle a run of points lies on, checked at every point; null when they do not. */
function fitArc(points: Position[], pathIndex: number): ArcShape | null {
  if (points.length < 3) return null;
  const start = points[0];
  const end = points[points.length - 1];
  const center = circumcenter(start, points[points.length >> 1], end);
  if (!center) return null;
  const radius = distance(center, start);
  if (!(radius > 0)) return null;
  for (const p of points) if (Math.abs(distance(center, p) - radius) > ARC_FIT * radius) return null;
  // The sweep is measured through the middle point, so arcs over 180° are not folded back.
  const mid = points[points.length >> 1];
  const sweep = angleBetween(center, start, mid) + angleBetween(center, mid, end);
  return { center, radius, start, mid, end, sweep, pathIndex };
}

/** Samples of a cubic that pin down whether it is a circular arc. */
function cubicSamples(segment: Extract<Segment, { kind: 'cubic' }>): Position[] {
  return [0, 0.25, 0.5, 0.75, 1].map((t) => cubicAt(segment, t));
}

/**
 * A polyline of this many steps or more, turning this much or less at each, may be an arc: Revit
 * writes a door's quarter swing in six steps of 15°, and a print driver flattening curves to a
 * coarse tolerance writes a small swing in four of 22.5°. An octagon, turning 45°, is no arc.
 */
const POLYLINE_ARC_MIN_STEPS = 4;
const POLYLINE_ARC_STEP = (24 * Math.PI) / 180;
/**
 * A run of fewer steps than this is an arc only with a radius of `COARSE_ARC_MIN_RADIUS_MM` of
 * paper or more: the curves of outlined lettering come flattened as coarsely and are smaller
 * (kirkland's 2–3 mm lettering gave 600 of them), while a door swing is 3 mm or more even at 1:200.
 */
const FINE_POLYLINE_ARC_STEPS = 6;
const COARSE_ARC_MIN_RADIUS_MM = 3;

function isPolylineArc(arc: ArcShape, steps: number, unitsPerPaperMm: number): boolean {
  return arc.sweep / steps <= POLYLINE_ARC_STEP && (steps >= FINE_POLYLINE_ARC_STEPS || arc.radius >= COARSE_ARC_MIN_RADIUS_MM * unitsPerPaperMm);
}

/**
 * Arcs of one subpath: consecutive cubics on one circle join into one arc; so do runs of at
 * least `POLYLINE_ARC_MIN_STEPS` short straight steps turning the same way (arcs exported as
 * polylines). A run with a cubic in it also takes the short steps on its circle before and after
 * it: a print driver writes a swing's ends as chords beside one Bézier (a lab plan's doors, as
 * chord, 70° of cubic, chord), and the cubic alone is not the quarter turn the door swings.
 */
function subpathArcs(subpath: SubPath, pathIndex: number, unitsPerPaperMm: number): ArcShape[] {
  const arcs: ArcShape[] = [];
  let run: Position[] = [];
  let cubics = 0;
  let steps = 0;
  let longestStep = 0;
  const flush = () => {
    if (cubics > 0 || steps >= POLYLINE_ARC_MIN_STEPS) {
      const arc = fitArc(run, pathIndex);
      if (arc && (cubics > 0 || isPolylineArc(arc, steps, unitsPerPaperMm))) arcs.push(arc);
    }
    run = [];
    cubics = 0;
    steps = 0;
    longestStep = 0;
  };
  const add = (segment: Segment) => {
    if (segment.kind === 'cubic') cubics++;
    else {
      steps++;
      longestStep = Math.max(longestStep, distance(segment.from, segment.to));
    }
  };
  for (const segment of subpath.segments) {
    const points = segment.kind === 'cubic' ? cubicSamples(segment) : [segment.from, segment.to];
    if (run.length > 0) {
      const candidate = [...run, ...points.slice(1)];
      const arc = fitArc(candidate, pathIndex);
      const step = segment.kind === 'line' ? distance(segment.from, segment.to) : 0;
      // Lines join lines and cubics cubics; mixed, every straight step is a short chord of the arc.
      const mixed = segment.kind === 'cubic' ? steps > 0 : cubics > 0;
      const joins = arc !== null && (!mixed || Math.max(longestStep, step) <= longestArcStep(arc));
      if (joins && ((segment.kind === 'cubic' && steps === 0) || turnsSameWay(candidate))) {
        run = candidate;
        add(segment);
        continue;
      }
      flush();
    }
    if (segment.kind === 'cubic' && !fitArc(points, pathIndex)) continue;
    run = points;
    add(segment);
  }
  flush();
  return arcs;
}

/** The chord of a polyline arc's largest step on `arc`: a straight step no longer may be part of the curve. */
function longestArcStep(arc: ArcShape): number {
  return 2 * arc.radius * Math.sin(POLYLINE_ARC_STEP / 2);
}

/** Cosine of the angle between the directions p → q and r → s. */
function cosineBetween(p: Position, q: Position, r: Position, s: Position): number {
  return ((q[0] - p[0]) * (s[0] - r[0]) + (q[1] - p[1]) * (s[1] - r[1])) / (distance(p, q) * distance(r, s));
}

/** Whether a run of points turns one way throughout, ignoring turns whose sine is `noise` or less. */
function turnsSameWay(points: Position[], noise = 0): boolean {
  let sign = 0;
  for (let i = 2; i < points.length; i++) {
    const [ax, ay] = points[i - 2];
    const [bx, by] = points[i - 1];
    const [cx, cy] = points[i];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (Math.abs(cross) <= Math.max(1e-9, noise * distance(points[i - 2], points[i - 1]) * distance(points[i - 1], points[i]))) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * Pieces indexed by their ends on a grid of `cell` units: the pieces with an end in the cells a
 * box overlaps (some twice); by default the box reaches a cell round the point asked about.
 */
function endGrid(ends: Position[][], cell: number): (at: Position, box?: BBox) => number[] {
  const cells = new Map<number, number[]>();
  ends.forEach((points, k) => {
    for (const p of points) {
      const key = cellKey(Math.floor(p[0] / cell), Math.floor(p[1] / cell));
      const list = cells.get(key) ?? [];
      list.push(k);
      cells.set(key, list);
    }
  });
  return (at, [x0, y0, x1, y1] = [at[0] - cell, at[1] - cell, at[0] + cell, at[1] + cell]) => {
    const found: number[] = [];
    for (let cx = Math.floor(x0 / cell); cx <= Math.floor(x1 / cell); cx++) {
      for (let cy = Math.floor(y0 / cell); cy <= Math.floor(y1 / cell); cy++) found.push(...(cells.get(cellKey(cx, cy)) ?? []));
    }
    return found;
  };
}

/** The gap between two dashes of one arc is at most this share of the longer dash beside it. */
const DASH_GAP_SHARE = 1.5;
/** Two pieces lie on one circle when their centres and radii agree within this share of the radius. */
const SAME_CIRCLE = 0.1;
/** No dashed linetype leaves a gap this long on paper (ISO's longest dash is 24 mm): it bounds the search. */
const DASH_GAP_MAX_MM = 15;
/** A dash's gap is at least this long on paper: pieces that meet are one curve drawn in parts (a letter's bowl), no dashes. */
const DASH_GAP_MIN_MM = 0.3;
/** A dash carries a chain on only where it lies ahead of the last: gap and dash within 30° of its direction. */
const DASH_AHEAD_COS = Math.cos(Math.PI / 6);
/**
 * Sine of the turns a dashed chain may make against its bend: its pieces are short, and the rounding
 * of their ends (to 0.1 unit on an ArchiCAD export) turns a 0.6 mm dash by up to 2° either way.
 */
const DASH_TURN_NOISE = Math.sin((3 * Math.PI) / 180);
/** A chain that crosses dash gaps is an arc only where it turns this far: dashes in a row that bend a little are a line. */
const DASHED_ARC_MIN_SWEEP = Math.PI / 6;

interface StraightPiece {
  a: Position;
  b: Position;
  pathIndex: number;
}

/** How far a chain of pieces may reach across gaps to the next piece: dashes' gaps, never more. */
interface DashReach {
  /** Longest gap looked across: dash-length gaps, and no linetype's longest. */
  reach: number;
  minGap: number;
}

/**
 * Arcs exported as loose straight pieces, one path each (CAD "exploded" polylines): pieces of one
 * pen joined end to end, bending the same way and gently, form a chain; a chain on a circle is
 * an arc. A dashed arc flattened by a print driver comes as such pieces with the linetype's gaps
 * between them (an ArchiCAD plan's door swings, 0.6 mm dashes and gaps, some dashes split in
 * two where the pattern starts again): the pieces no arc took join across dash-sized gaps.
 */
function explodedArcs(paths: VectorPath[], maxPiece: number, joint: number, unitsPerPaperMm: number): ArcShape[] {
  const byStyle = new Map<string, StraightPiece[]>();
  for (const path of paths) {
    if (!path.stroke || path.stroke.dash || path.fill || path.subpaths.length !== 1) continue;
    const segments = path.subpaths[0].segments;
    if (segments.length !== 1 || segments[0].kind !== 'line') continue;
    const { from, to } = segments[0];
    const length = distance(from, to);
    // A piece no longer than the joint (a dash split where the pattern starts again leaves a stub
    // of 0.1 unit) is no more than its neighbours' joint.
    if (!(length > joint) || length > maxPiece) continue;
    const key = styleKey('stroke', path.stroke.width, path.stroke.color);
    const list = byStyle.get(key) ?? [];
    list.push({ a: from, b: to, pathIndex: path.index });
    byStyle.set(key, list);
  }
  const dashes: DashReach = { reach: Math.min(DASH_GAP_MAX_MM * unitsPerPaperMm, DASH_GAP_SHARE * maxPiece), minGap: DASH_GAP_MIN_MM * unitsPerPaperMm };
  return [...byStyle.values()].flatMap((pieces) => {
    const polylines = chainedArcs(pieces, joint, null);
    const left = pieces.filter((_, k) => !polylines.taken.has(k));
    return [...polylines.arcs, ...chainedArcs(left, joint, dashes).arcs];
  });
}

/**
 * Arcs of chains of pieces: each chain grows from a piece through the one other piece meeting
 * its end, or, with `dashes`, where none meets, through the nearest piece ahead across a gap.
 * Returns the arcs and the pieces they took.
 */
function chainedArcs(pieces: StraightPiece[], joint: number, dashes: DashReach | null): { arcs: ArcShape[]; taken: Set<number> } {
  const arcs: ArcShape[] = [];
  const taken = new Set<number>();
  const ends = pieces.map((piece) => [piece.a, piece.b]);
  const around = endGrid(ends, joint);
  // A quarter of the reach: the cone ahead of a chain's end is searched, not the square round it.
  const aroundGap = dashes ? endGrid(ends, dashes.reach / 4) : null;
  const piecesMeeting = (at: Position) => [...new Set(around(at).filter((k) => distance(pieces[k].a, at) <= joint || distance(pieces[k].b, at) <= joint))];
  const used = new Set<number>();
  const lengths = pieces.map((piece) => distance(piece.a, piece.b));
  const otherEnd = (k: number, at: Position) => (distance(pieces[k].a, at) <= distance(pieces[k].b, at) ? pieces[k].b : pieces[k].a);
  // The nearest piece ahead of `at`, the end of piece `k`, across a dash's gap; the chain heads from `behind()` to `at`.
  const dashAhead = (k: number, at: Position, behindOf: () => Position): number | null => {
    if (!dashes || !aroundGap) return null;
    let best: number | null = null;
    let bestGap = Infinity;
    const behind = behindOf();
    const heading = distance(behind, at);
    // The box round the cone within which a dash ahead may begin: a sheet's hatching holds
    // thousands of short strokes, and kumar's square round each chain's end held 1400 of them.
    const [hx, hy] = [(at[0] - behind[0]) / heading, (at[1] - behind[1]) / heading];
    const cone = [0, 1, -1].map((side): Position => {
      const [sin, cos] = [side * Math.sin(Math.PI / 6), side === 0 ? 1 : Math.cos(Math.PI / 6)];
      return [at[0] + dashes.reach * (hx * cos - hy * sin), at[1] + dashes.reach * (hx * sin + hy * cos)];
    });
    const [x0, y0, x1, y1] = ringBBox([at, ...cone]);
    // The cone's arc bulges past its corners by up to (1 − cos 30°) of the reach.
    const bulge = 0.14 * dashes.reach;
    for (const m of aroundGap(at, [x0 - bulge, y0 - bulge, x1 + bulge, y1 + bulge])) {
      if (m === k || used.has(m)) continue;
      const { a, b } = pieces[m];
      const toA = (a[0] - at[0]) ** 2 + (a[1] - at[1]) ** 2;
      const toB = (b[0] - at[0]) ** 2 + (b[1] - at[1]) ** 2;
      const gap = Math.sqrt(Math.min(toA, toB));
      if (gap < dashes.minGap || gap >= bestGap || gap > Math.min(dashes.reach, DASH_GAP_SHARE * Math.max(lengths[k], lengths[m]))) continue;
      const [near, far] = toA <= toB ? [a, b] : [b, a];
      if (cosineBetween(behind, at, at, near) < DASH_AHEAD_COS || cosineBetween(behind, at, near, far) < DASH_AHEAD_COS) continue;
      best = m;
      bestGap = gap;
    }
    return best;
  };
  // From `at`, the one other piece meeting there (a vertex of degree two); where none meets, a dash ahead.
  const next = (k: number, at: Position, behind: () => Position): { step: number; across: boolean } | null => {
    const meeting = piecesMeeting(at).filter((m) => m !== k);
    if (meeting.length > 0) return meeting.length === 1 && !used.has(meeting[0]) ? { step: meeting[0], across: false } : null;
    const dash = dashAhead(k, at, behind);
    return dash === null ? null : { step: dash, across: true };
  };
  pieces.forEach((start, k) => {
    if (used.has(k)) return;
    used.add(k);
    const points: Position[] = [start.a, start.b];
    const chain = [k];
    let gaps = 0;
    // A point of the chain a gap's length back from its growing end: the heading there is the
    // chain's, where a piece split off a dash may be a hair long and point anywhere.
    const behind = (forward: boolean) => {
      const run = forward ? points : [...points].reverse();
      const end = run[run.length - 1];
      for (let i = run.length - 2; i > 0; i--) if (distance(run[i], end) >= (dashes?.minGap ?? 0)) return run[i];
      return run[0];
    };
    for (const forward of [true, false]) {
      let current = k;
      let at = forward ? start.b : start.a;
      const heading = () => behind(forward);
      for (let link = next(current, at, heading); link !== null; link = next(current, at, heading)) {
        const far = otherEnd(link.step, at);
        const added = link.across ? [otherEnd(link.step, far), far] : [far];
        const candidate = forward ? [...points, ...added] : [...added.reverse(), ...points];
        if (!turnsSameWay(candidate, dashes ? DASH_TURN_NOISE : 0) || sharpTurn(candidate, forward)) break;
        used.add(link.step);
        chain.push(link.step);
        if (link.across) gaps++;
        points.splice(0, points.length, ...candidate);
        current = link.step;
        at = far;
      }
    }
    if (points.length < 6) return;
    const arc = fitArc(points, start.pathIndex);
    if (!arc || arc.sweep / (points.length - 1) >= Math.PI / 12 || (gaps > 0 && arc.sweep < DASHED_ARC_MIN_SWEEP)) return;
    arcs.push(gaps > 0 ? { ...arc, dashed: true } : arc);
    for (const piece of chain) taken.add(piece);
  });
  return { arcs, taken };
}

/** A piece of a dashed arc sweeps this much or less: a dash, not a curve of its own. */
const DASH_PIECE_SWEEP = Math.PI / 4;

/**
 * Arcs drawn in a dashed linetype that the CAD program wrote out dash by dash, each dash a short
 * arc of its own (a door swing in three pieces of 16–32° with gaps as long as the dashes): pieces
 * of one pen on one circle, turning the same way with dash-sized gaps between them, join into one
 * arc. Pieces that join nothing stay as they are.
 */
function joinDashedArcs(arcs: Arc[], unitsPerPaperMm: number): Arc[] {
  const pieces = arcs.filter((arc) => arc.sweep <= DASH_PIECE_SWEEP);
  if (pieces.length < 2) return arcs;
  const chord = (arc: Arc) => distance(arc.start, arc.end);
  const reach = Math.min(DASH_GAP_MAX_MM * unitsPerPaperMm, Math.max(...pieces.map((arc) => DASH_GAP_SHARE * chord(arc))));
  const minGap = DASH_GAP_MIN_MM * unitsPerPaperMm;
  const around = endGrid(pieces.map((arc) => [arc.start, arc.end]), reach);
  const sameCircle = (a: Arc, b: Arc) => distance(a.center, b.center) <= SAME_CIRCLE * a.radius && Math.abs(a.radius - b.radius) <= SAME_CIRCLE * a.radius;
  const used = new Set<number>();
  // The piece that carries the chain on from `at` (the end of `last`), as its points from `at` on.
  const next = (last: Arc, at: Position): { k: number; points: Position[] } | null => {
    let best: { k: number; points: Position[]; off: number } | null = null;
    for (const k of around(at)) {
      const piece = pieces[k];
      if (used.has(k) || piece.style !== last.style || !sameCircle(last, piece)) continue;
      const fromStart = distance(piece.start, at) <= distance(piece.end, at);
      const near = fromStart ? piece.start : piece.end;
      const gap = distance(near, at);
      if (gap < minGap || gap > Math.min(reach, DASH_GAP_SHARE * Math.max(chord(last), chord(piece)))) continue;
      const off = distance(piece.center, last.center);
      if (!best || off < best.off) best = { k, points: fromStart ? [piece.start, piece.mid, piece.end] : [piece.end, piece.mid, piece.start], off };
    }
    return best;
  };
  const joined: Arc[] = [];
  pieces.forEach((start, k) => {
    if (used.has(k)) return;
    used.add(k);
    let points: Position[] = [start.start, start.mid, start.end];
    const chain = [k];
    for (const forward of [true, false]) {
      const end = () => (forward ? points[points.length - 1] : points[0]);
      let last = start;
      for (let step = next(last, end()); step; step = next(last, end())) {
        const candidate = forward ? [...points, ...step.points] : [...step.points.reverse(), ...points];
        if (!turnsSameWay(candidate)) break;
        used.add(step.k);
        chain.push(step.k);
        points = candidate;
        last = pieces[step.k];
      }
    }
    const arc = chain.length > 1 ? fitArc(points, start.pathIndex) : null;
    if (arc) {
      joined.push({ ...arc, style: start.style, dashed: true });
      return;
    }
    // Pieces off any one circle were no dashed arc: each stays as drawn and may yet join another chain.
    for (const m of chain.slice(1)) used.delete(m);
    joined.push(start);
  });
  return [...arcs.filter((arc) => arc.sweep > DASH_PIECE_SWEEP), ...joined];
}

/** Whether the newest corner of a chain (at its growing end) turns by more than 40°. */
function sharpTurn(points: Position[], atEnd: boolean): boolean {
  const [p, q, r] = atEnd ? points.slice(-3) : points.slice(0, 3).reverse();
  const a = Math.atan2(q[1] - p[1], q[0] - p[0]);
  const b = Math.atan2(r[1] - q[1], r[0] - q[0]);
  let turn = Math.abs(b - a);
  if (turn > Math.PI) turn = 2 * Math.PI - turn;
  return turn > (40 * Math.PI) / 180;
}

function subpathPoints(subpath: SubPath): Position[] {
  const points: Position[] = [subpath.segments[0].from];
  for (const segment of subpath.segments) {
    if (segment.kind === 'cubic') points.push(...cubicSamples(segment).slice(1));
    else points.push(segment.to);
  }
  return points;
}

/** Area inside rings where a ring inside an odd number of others is a hole (even-odd nesting). */
function nestedArea(rings: Position[][]): number {
  const sized = rings.map((ring) => ({ ring, area: Math.abs(signedArea2(ring)) / 2, box: ringBBox(ring) })).sort((a, b) => b.area - a.area);
  let area = 0;
  sized.forEach(({ ring, area: ringArea }, k) => {
    let depth = 0;
    // A point well inside the ring: its corners may lie on a neighbour's edge (a solid hatch
    // written as triangles), which says nothing about nesting.
    const inside = interiorPoint([ring]);
    const [x, y] = inside;
    for (let m = 0; m < k; m++) {
      const outer = sized[m];
      if (x >= outer.box[0] && x <= outer.box[2] && y >= outer.box[1] && y <= outer.box[3] && pointInRing(inside, outer.ring)) depth++;
    }
    area += depth % 2 === 0 ? ringArea : -ringArea;
  });
  return area;
}

function fillRings(path: VectorPath): Position[][] {
  return path.subpaths.map(subpathPoints).filter((ring) => ring.length >= 3 && Math.abs(signedArea2(ring)) > 1e-6);
}

/** The region a fill paints, holes cut out. */
export function fillPolygons(path: VectorPath): MultiPolygon {
  const rings = fillRings(path);
  return rings.length === 1 ? [[closeRing(rings[0])]] : paintedRegion(rings, path.fill?.evenOdd ?? false);
}

function wordBox(word: SheetWord): WordBox | null {
  const ring = word.geometry?.coordinates[0];
  if (!ring || ring.length < 3) return null;
  const bbox = ringBBox(ring);
  return { word, bbox, center: [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2] };
}

/** An open stroked subpath: a piece of an outline CAD may have exploded into separate strokes. */
interface OpenPiece {
  style: string;
  subpath: SubPath;
  /** Its straight segments' range in the evidence's lines, end excluded. */
  lines: [number, number];
}

/** Pieces meet where their ends lie this close, blueprint units (under a hundredth of a millimetre of paper at 150 dpi, far below any drawn gap). */
const PIECE_JOINT = 0.05;

/** Where the pieces' ends meet: the ends of one pen within PIECE_JOINT of each other share a joint. */
interface PieceJoints {
  /** The joint of each piece end (end = piece·2 + 0 for its first point, + 1 for its last). */
  ofEnd: Int32Array;
  /** The piece ends at each joint, in the pieces' order. */
  ends: number[][];
}

function pieceJoints(pieces: OpenPiece[]): PieceJoints {
  const jointsOfPen = new Map<string, Map<number, number[]>>();
  const points: Position[] = [];
  const ends: number[][] = [];
  // A joint is found in its grid cell or a neighbouring one: ends a ten-thousandth apart may round either side of a cell's edge.
  const jointAt = (joints: Map<number, number[]>, point: Position): number => {
    const [cx, cy] = [Math.floor(point[0] / PIECE_JOINT), Math.floor(point[1] / PIECE_JOINT)];
    const nearIn = (cell: number) => joints.get(cell)?.find((joint) => distance(points[joint], point) <= PIECE_JOINT);
    const key = cellKey(cx, cy);
    let near = nearIn(key);
    for (let k = 0; near === undefined && k < 9; k++) if (k !== 4) near = nearIn(cellKey(cx + (k % 3) - 1, cy + Math.floor(k / 3) - 1));
    if (near !== undefined) return near;
    const joint = points.length;
    const own = joints.get(key);
    if (own) own.push(joint);
    else joints.set(key, [joint]);
    points.push(point);
    ends.push([]);
    return joint;
  };
  const ofEnd = new Int32Array(pieces.length * 2);
  pieces.forEach((piece, p) => {
    let joints = jointsOfPen.get(piece.style);
    if (!joints) jointsOfPen.set(piece.style, (joints = new Map()));
    const { segments } = piece.subpath;
    [segments[0].from, segments[segments.length - 1].to].forEach((point, end) => {
      const joint = jointAt(joints, point);
      ofEnd[p * 2 + end] = joint;
      ends[joint].push(p * 2 + end);
    });
  });
  return { ofEnd, ends };
}

/**
 * Outlines drawn as separate strokes: pieces of one pen that join end to end into a ring, every
 * joint the end of exactly two of them (a shower tray's four sides and four rounded corners,
 * exploded from the CAD block). Where walls, swings or other linework meet a joint there are
 * three ends or more, so the lines of a plan's rooms and walls make no such ring. Marks the
 * pieces taken in `taken`.
 */
function explodedLoops(pieces: OpenPiece[], joints: PieceJoints, taken: Uint8Array): OpenPiece[][] {
  const jointOfEnd = joints.ofEnd;
  // A piece whose two ends fall in one joint (a hair of a rounded corner, flattened finer than
  // the joint's reach) joins nothing: it rides with the loop through its joint.
  const speck = (p: number) => jointOfEnd[p * 2] === jointOfEnd[p * 2 + 1];
  const specksAt = (joint: number) => joints.ends[joint].filter((end) => end % 2 === 0 && speck(end >> 1)).map((end) => end >> 1);
  // The ends of the pieces that join at a joint.
  const joiningAt = (joint: number) => joints.ends[joint].filter((end) => !speck(end >> 1));
  const visited = Uint8Array.from(pieces, (_, p) => (speck(p) ? 1 : 0));
  const withSpecks = (loop: number[]) => {
    const jointsOfLoop = new Set(loop.flatMap((k) => [jointOfEnd[k * 2], jointOfEnd[k * 2 + 1]]));
    const all = [...loop, ...[...jointsOfLoop].flatMap(specksAt)];
    for (const k of all) taken[k] = 1;
    return all.map((k) => pieces[k]);
  };
  const loops: OpenPiece[][] = [];
  for (let start = 0; start < pieces.length; start++) {
    if (visited[start]) continue;
    const loop = [start];
    visited[start] = 1;
    let end = start * 2 + 1;
    for (;;) {
      const ends = joiningAt(jointOfEnd[end]);
      if (ends.length !== 2) break;
      const next = ends[0] === end ? ends[1] : ends[0];
      if (next >> 1 === start) {
        if (next === start * 2 && loop.length >= 2) loops.push(withSpecks(loop));
        break;
      }
      if (visited[next >> 1]) break;
      visited[next >> 1] = 1;
      loop.push(next >> 1);
      end = next ^ 1;
    }
  }
  return loops;
}

/**
 * A rectangle's corner may be reached by one stroke more than its two sides: a bed's bedside
 * table drawn against its headboard ends where the bed's side does, so the bed's four strokes
 * make no ring of their own (`explodedLoops`), and its pillows then pair with its sides as walls.
 * A hatch's grid meets four ends at a node.
 */
const RECTANGLE_CORNER_ENDS = 3;
/** A rectangle's sides meet square within 1.5°: the cosine of the angle between them is at most this. */
const SQUARE_COSINE = Math.sin((1.5 * Math.PI) / 180);

/**
 * Rectangles drawn as four straight strokes of one pen, end to end, among the pieces no loop took,
 * where other strokes of the pen end at their corners too. Marks the pieces taken in `taken`.
 */
function cornerSharedRectangles(pieces: OpenPiece[], joints: PieceJoints, taken: Uint8Array): OpenPiece[][] {
  const direction = pieces.map((piece, p) => {
    const { segments } = piece.subpath;
    if (taken[p] || segments.length !== 1 || segments[0].kind !== 'line' || joints.ofEnd[p * 2] === joints.ofEnd[p * 2 + 1]) return null;
    const { from, to } = segments[0];
    const length = distance(from, to);
    return length > 0 ? [(to[0] - from[0]) / length, (to[1] - from[1]) / length] : null;
  });
  const square = (a: number, b: number) => Math.abs(direction[a]![0] * direction[b]![0] + direction[a]![1] * direction[b]![1]) <= SQUARE_COSINE;
  const cornerAt = (joint: number) => joints.ends[joint].length <= RECTANGLE_CORNER_ENDS;
  // The straight free pieces leaving joint `joint` at a right angle to piece `from`, each with the joint at its far end.
  const turns = (from: number, joint: number) => {
    if (!cornerAt(joint)) return [];
    return joints.ends[joint].filter((end) => end >> 1 !== from && direction[end >> 1] !== null && !taken[end >> 1] && square(from, end >> 1)).map((end) => ({ piece: end >> 1, far: joints.ofEnd[end ^ 1] }));
  };
  const rectangles: OpenPiece[][] = [];
  pieces.forEach((_, first) => {
    const [start, corner] = [joints.ofEnd[first * 2], joints.ofEnd[first * 2 + 1]];
    // Each of the four corners is checked: the turns check the three the search walks through.
    if (direction[first] === null || taken[first] || !cornerAt(start)) return;
    for (const second of turns(first, corner))
      for (const third of turns(second.piece, second.far))
        for (const fourth of turns(third.piece, third.far)) {
          if (fourth.far !== start || third.piece === first || fourth.piece === second.piece) continue;
          const sides = [first, second.piece, third.piece, fourth.piece];
          for (const side of sides) taken[side] = 1;
          rectangles.push(sides.map((side) => pieces[side]));
          return;
        }
  });
  return rectangles;
}

/** A leaf's ends lie within this share of its swing's radius of the swing's centre and of its arc's end. */
const LEAF_END_SHARE = 0.1;

/** Whether `line` runs from `hinge` to `tip`, each of its ends within `tolerance` of one: a door's leaf from its swing's centre to an end of the arc. */
export function runsBetween(line: Line, hinge: Position, tip: Position, tolerance: number): boolean {
  const { a, b } = line;
  return (distance(a, hinge) <= tolerance && distance(b, tip) <= tolerance) || (distance(b, hinge) <= tolerance && distance(a, tip) <= tolerance);
}

/**
 * Indices of the lines drawn as a door's leaf, from the centre of its swing (the hinge) to an end of the arc:
 * open, or shut across the doorway. Where a door hangs beside a corner its open leaf runs along
 * the wall it meets a jamb's width off that wall's face, a partition's thickness (Spiserstrasse's
 * shower room), and would pair with the face as a wall.
 */
function doorLeafIds(lines: Line[], arcs: Arc[]): Set<number> {
  const leaves = new Set<number>();
  if (lines.length === 0 || arcs.length === 0) return leaves;
  const index = new Flatbush(lines.length);
  for (const line of lines) index.add(...lineBBox(line));
  index.finish();
  for (const arc of arcs) {
    const near = LEAF_END_SHARE * arc.radius;
    const [cx, cy] = arc.center;
    for (const k of index.search(cx - near, cy - near, cx + near, cy + near)) {
      if (runsBetween(lines[k], arc.center, arc.start, near) || runsBetween(lines[k], arc.center, arc.end, near)) leaves.add(k);
    }
  }
  return leaves;
}

export function collectEvidence(primitives: SheetPrimitives, words: SheetWord[], dpi: number): Evidence {
  const lines: Line[] = [];
  const arcs: Arc[] = [];
  const fills: FillRegion[] = [];
  const tints: FillRegion[] = [];
  const opaqueFills: VectorPath[] = [];
  const strokeWidths: number[] = [];
  const outlines: Outline[] = [];
  const pieces: OpenPiece[] = [];
  const unitsPerPaperMm = dpi / 25.4;
  // The outline drawn by `subpaths`, whose edges are the lines in `lineRanges` (end excluded).
  const addOutline = (subpaths: SubPath[], lineRanges: [number, number][]) => {
    const outline: Outline = { bbox: subpathsBBox(subpaths) };
    outlines.push(outline);
    for (const [from, to] of lineRanges) for (let k = from; k < to; k++) lines[k].outline = outline;
  };
  const addLine = (a: Position, b: Position, stroke: StrokeStyle, pathIndex: number) => {
    const line = makeLine(lines.length, a, b, stroke.width, 'stroke', styleKey('stroke', stroke.width, stroke.color), pathIndex);
    if (line) lines.push(line);
  };
  for (const path of primitives.paths) {
    const stroke = path.stroke && isInk(path.stroke.color) ? path.stroke : null;
    const fill = path.fill && isInk(path.fill.color) ? path.fill : null;
    if (path.fill && path.fill.color[3] >= 0.99) opaqueFills.push(path);
    if (stroke && !stroke.dash) {
      strokeWidths.push(stroke.width);
      for (const subpath of path.subpaths) {
        const firstLine = lines.length;
        for (const segment of subpath.segments) if (segment.kind === 'line') addLine(segment.from, segment.to, stroke, path.index);
        const first = subpath.segments[0].from;
        const last = subpath.segments[subpath.segments.length - 1].to;
        if (subpath.closed) addLine(last, first, stroke, path.index);
        const style = styleKey('stroke', stroke.width, stroke.color);
        if (subpath.closed || distance(first, last) < 1e-6) addOutline([subpath], [[firstLine, lines.length]]);
        else pieces.push({ style, subpath, lines: [firstLine, lines.length] });
        arcs.push(...subpathArcs(subpath, path.index, unitsPerPaperMm).map((arc) => ({ ...arc, style })));
      }
    }
    const tint = path.fill && isTint(path.fill.color) ? path.fill : null;
    const paint = fill ?? tint;
    if (paint) {
      const rings = fillRings(path);
      if (rings.length > 0) {
        const area = nestedArea(rings);
        const perimeter = rings.reduce((sum, ring) => sum + ringPerimeter(ring), 0);
        (fill ? fills : tints).push({ path, pathIndex: path.index, rings, area, perimeter, color: paint.color, bbox: path.bbox, stroked: stroke !== null });
      }
    }
  }
  const joints = pieceJoints(pieces);
  const taken = new Uint8Array(pieces.length);
  for (const ring of [...explodedLoops(pieces, joints, taken), ...cornerSharedRectangles(pieces, joints, taken)]) {
    addOutline(ring.map((piece) => piece.subpath), ring.map((piece) => piece.lines));
  }
  strokeWidths.sort((a, b) => a - b);
  const wordBoxes = words.map(wordBox).filter((box): box is WordBox => box !== null);
  // A word OCR reads unsurely inside a box may be the box's own hatch read as letters ("7X" in a
  // hatched wall piece): only lettering has frames.
  const framed = textFrameLineIds(lines, wordBoxes.filter(({ word }) => isLettering(word)));
  const unframed = lines.filter((line) => !framed.has(line.id));
  const dashes = explodedDashLineIds(unframed, unitsPerPaperMm);
  const strokeStyle = (pathIndex: number) => {
    const { stroke } = primitives.paths[pathIndex];
    return stroke ? styleKey('stroke', stroke.width, stroke.color) : '';
  };
  arcs.push(...explodedArcs(primitives.paths, EXPLODED_PIECE_MM * unitsPerPaperMm, EXPLODED_JOINT_MM * unitsPerPaperMm, unitsPerPaperMm).map((arc) => ({ ...arc, style: strokeStyle(arc.pathIndex) })));
  const joinedArcs = joinDashedArcs(arcs, unitsPerPaperMm);
  const leaves = doorLeafIds(unframed, joinedArcs);
  const onFurnitureLayer = primitives.paths.map((path) => isFurnitureLayer(path.layer));
  return {
    // Ids become the lines' indices.
    lines: unframed.map((line, id) => {
      const marked: Line = { ...line, id };
      if (dashes.dashed.has(line.id)) marked.dashed = true;
      else if (dashes.axes.has(line.id)) marked.axis = true;
      if (leaves.has(id)) marked.leaf = true;
      if (onFurnitureLayer[line.pathIndex]) marked.furniture = true;
      return marked;
    }),
    arcs: joinedArcs,
    fills,
    tints,
    opaqueFills,
    words: wordBoxes,
    typicalStrokeWidth: strokeWidths.length > 0 ? strokeWidths[strokeWidths.length >> 1] : 1,
    unitsPerPaperMm,
    outlines,
  };
}
