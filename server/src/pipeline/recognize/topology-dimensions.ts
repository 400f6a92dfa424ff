// Dimension strings: which lines are dimension lines (they measure, they are not walls) and which
// are their extension lines (they point at the faces the drawing measures).
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { assembleLines } from '../scale/lines.ts';
import { printedAreaM2 } from './printed-area.ts';
import { lineBBox, type Line, type WordBox } from './topology-evidence.ts';

function lineIndex(lines: Line[]): Flatbush | null {
  if (lines.length === 0) return null;
  const index = new Flatbush(lines.length);
  for (const line of lines) {
    index.add(...lineBBox(line));
  }
  index.finish();
  return index;
}

export interface DimensionMarks {
  /** Ids of dimension lines. */
  dimensionIds: Set<number>;
  /** Extension lines: the perpendicular lines crossing dimension lines, which point at the faces measured. */
  extensions: Line[];
  /**
   * Dimension lines with no figure printed along them, on a sheet that writes its figures: such a
   * line in a wall pen is a wall face that thinner walls cross the way extension lines do.
   */
  unfigured: Set<number>;
  /**
   * The same read loosely: lines of dimension rows along which no measurement is printed (a tag
   * or a room's area beside a face is no dimension's figure), ending on square strokes of any pen
   * and beside at most one other such line of their pen (the wall's other face). Walls drawn in one
   * outline pen whose faces run on through the joints cross each other's faces like this, and a
   * face broken by columns is a row. Read so, a window's glazing and a stair's treads pass too,
   * so the walls take these only in their commonest pen and at their commonest thickness. Read
   * for one pen at a time, as only one is asked for.
   */
  loosely: (style: string) => Set<number>;
  /** Figures printed along dimension lines, in their direction, giving their spans' lengths: never a room's number. */
  figures: Set<WordBox>;
}

/** A dimension line broken for its text leaves a gap up to this long, paper mm. */
const DIMENSION_TEXT_GAP_MM = 20;

/** Collinear pieces of one pen with gaps no longer than `maxGap` between them, in order along. */
function collinearChains(lines: Line[], maxGap: number): Line[][] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    if (line.source !== 'stroke') continue;
    const key = `${line.style}|${Math.round(Math.atan2(line.uy, line.ux) * 200)}|${Math.round(line.offset)}`;
    const group = groups.get(key) ?? [];
    group.push(line);
    groups.set(key, group);
  }
  const chains: Line[][] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.t0 - b.t0);
    let chain: Line[] = [];
    let end = -Infinity;
    for (const line of group) {
      if (chain.length > 0 && line.t0 - end > maxGap) {
        chains.push(chain);
        chain = [];
      }
      chain.push(line);
      end = Math.max(end, line.t1);
    }
    if (chain.length > 0) chains.push(chain);
  }
  return chains;
}

/**
 * CAD breaks a dimension line where other lines cross it (AutoCAD's dimension breaks), leaving
 * gaps up to this long, paper mm: the crossing lies in the gap, not on either piece.
 */
const DIMENSION_BREAK_MM = 1.5;

/** A break is centred on the line crossing it: within this share of its length either way of its middle. */
const BREAK_CENTRED_SHARE = 0.15;
/**
 * A piece a break ends is many times longer than the break: a dashed line written out dash by
 * dash leaves gaps as long as half its dashes, and lines cross some of them in the middle.
 */
const BROKEN_PIECE_GAPS = 4;

/**
 * Where along its direction each piece of a row is crossed, besides on itself (give or take a
 * coordinate rounding): in the middle of a break to the next piece of its row, where the line
 * crossing is both pieces' (the face a broken dimension measures to lies in its break). A wall's
 * face stopping short of a door's jamb leaves a gap too, but the jamb stands at its far end.
 */
function breaksCrossed(chains: Line[][], longestBreak: number): Map<number, [number, number][]> {
  const breaks = new Map<number, [number, number][]>();
  const add = (line: Line, zone: [number, number]) => breaks.set(line.id, [...(breaks.get(line.id) ?? []), zone]);
  for (const chain of chains) {
    for (let k = 1; k < chain.length; k++) {
      const [before, after] = [chain[k - 1], chain[k]];
      const gap = after.t0 - before.t1;
      if (gap <= 0 || gap > longestBreak) continue;
      const middle = (before.t1 + after.t0) / 2;
      const slack = Math.max(1, BREAK_CENTRED_SHARE * gap);
      for (const piece of [before, after]) if (!piece.dashed && piece.length >= BROKEN_PIECE_GAPS * gap) add(piece, [middle - slack, middle + slack]);
    }
  }
  return breaks;
}

/** Architectural ticks are short oblique strokes: up to this long, paper mm. */
const LONGEST_TICK_MM = 3;
/** A tick leans across its dimension line at 30° to 75° (|cos| of the angle between them). */
const TICK_COS: [number, number] = [0.26, 0.87];

/** How a chain's ends are marked. */
interface ChainMarks {
  chain: Line[];
  startCrossed: boolean;
  endCrossed: boolean;
  crossing: number[];
  /** Where extension lines and ticks cross it, along its direction: the stops its spans run between. */
  stops: number[];
}

/** A tick crossing a chain near one of its ends, and how far that end runs past it. */
interface TickClaim {
  chain: number;
  tick: number;
  end: 'start' | 'end';
  overshoot: number;
}

/**
 * Dimension lines: crossed near both ends by perpendicular extension lines that run on past
 * them, or ended at both ends by ticks, the short oblique strokes CAD draws where a dimension
 * meets the face it measures (a line broken for its text counts as one). Wall faces meet the
 * faces of other walls but are not crossed by them, and hatching stops at a face rather than
 * crossing it. A tick sits where its dimension line meets the measured face, so it crosses that
 * face too: it ends only the line that stops nearest to it, which is the dimension (the face
 * runs on to its corner). A tick marks no face of its own, so ticks are no extension lines.
 */
export function dimensionMarks(lines: Line[], unitsPerPaperMm: number, words: readonly WordBox[], unitsPerMetre: number | null): DimensionMarks {
  const dimensionIds = new Set<number>();
  const extensionIds = new Set<number>();
  const index = lineIndex(lines);
  if (!index) return { dimensionIds, extensions: [], unfigured: new Set(), loosely: () => new Set(), figures: new Set() };
  const beyond = 0.5 * unitsPerPaperMm;
  const nearEnd = 3 * unitsPerPaperMm;
  // Extension lines are drawn out from the measured face; arrowheads, dots and ticks are shorter.
  const shortestExtension = 2 * unitsPerPaperMm;
  const longestTick = LONGEST_TICK_MM * unitsPerPaperMm;
  const tickReach = 0.25 * unitsPerPaperMm;
  const marks: ChainMarks[] = [];
  const claims: TickClaim[] = [];
  // A row of dimensions along one line chains up; each of them is ticked at its own ends.
  const chains = collinearChains(lines, DIMENSION_TEXT_GAP_MM * unitsPerPaperMm);
  const rowOf = new Map(chains.filter((chain) => chain.length > 1).flatMap((chain) => chain.map((line) => [line.id, chain] as const)));
  const breaks = breaksCrossed(chains, DIMENSION_BREAK_MM * unitsPerPaperMm);
  for (const chain of [...chains, ...chains.filter((chain) => chain.length > 1).flatMap((chain) => chain.map((line) => [line]))]) {
    const t0 = Math.min(...chain.map((line) => line.t0));
    const t1 = Math.max(...chain.map((line) => line.t1));
    if (t1 - t0 < 2 * nearEnd) continue;
    const mark: ChainMarks = { chain, startCrossed: false, endCrossed: false, crossing: [], stops: [] };
    for (const line of chain) {
      const nx = -line.uy;
      const ny = line.ux;
      const onLine: [number, number] = [line.t0 - 1, line.t1 + 1];
      const zones = [onLine, ...(breaks.get(line.id) ?? [])];
      const margin = Math.max(1, ...zones.map(([from, to]) => Math.max(line.t0 - from, to - line.t1)));
      for (const k of index.search(
        Math.min(line.a[0], line.b[0]) - margin,
        Math.min(line.a[1], line.b[1]) - margin,
        Math.max(line.a[0], line.b[0]) + margin,
        Math.max(line.a[1], line.b[1]) + margin,
      )) {
        const other = lines[k];
        if (other === line || other.source !== 'stroke' || other.axis) continue;
        const cos = Math.abs(line.ux * other.ux + line.uy * other.uy);
        const tick = other.length <= longestTick && cos >= TICK_COS[0] && cos <= TICK_COS[1];
        if (!tick && (other.length < shortestExtension || cos > 0.17)) continue;
        const da = nx * other.a[0] + ny * other.a[1] - line.offset;
        const db = nx * other.b[0] + ny * other.b[1] - line.offset;
        if (da * db >= 0 || Math.min(Math.abs(da), Math.abs(db)) < (tick ? tickReach : beyond)) continue;
        const t = da / (da - db);
        const at = line.ux * (other.a[0] + t * (other.b[0] - other.a[0])) + line.uy * (other.a[1] + t * (other.b[1] - other.a[1]));
        // A tick is drawn on its line; only a line it measures to is broken for.
        if (!(tick ? [onLine] : zones).some(([from, to]) => at >= from && at <= to)) continue;
        mark.stops.push(at);
        if (tick) {
          if (at <= t0 + nearEnd) claims.push({ chain: marks.length, tick: other.id, end: 'start', overshoot: at - t0 });
          if (at >= t1 - nearEnd) claims.push({ chain: marks.length, tick: other.id, end: 'end', overshoot: t1 - at });
          continue;
        }
        mark.crossing.push(other.id);
        if (at <= t0 + nearEnd) mark.startCrossed = true;
        if (at >= t1 - nearEnd) mark.endCrossed = true;
      }
    }
    marks.push(mark);
  }
  const nearestEnd = new Map<number, number>();
  for (const claim of claims) nearestEnd.set(claim.tick, Math.min(nearestEnd.get(claim.tick) ?? Infinity, claim.overshoot));
  const ticked = new Set<string>();
  for (const claim of claims) {
    if (claim.overshoot <= nearestEnd.get(claim.tick)! + 1) ticked.add(`${claim.chain}|${claim.end}`);
  }
  const figures = sheetFigures(words);
  const unfigured: Line[] = [];
  const loosely = new Set<Line>();
  const dimensionFigures = new Set<WordBox>();
  marks.forEach(({ chain, startCrossed, endCrossed, crossing, stops }, k) => {
    if (!(startCrossed || ticked.has(`${k}|start`)) || !(endCrossed || ticked.has(`${k}|end`))) return;
    for (const line of chain) dimensionIds.add(line.id);
    for (const id of crossing) extensionIds.add(id);
    if (!figures) return;
    // Only a single unbroken stroke can be a face: a row of pieces is a dimension string's.
    const row = rowOf.get(chain[0].id);
    if (unitsPerMetre !== null) for (const figure of spanFigures(chain, stops, figures.measures, unitsPerMetre)) dimensionFigures.add(figure);
    if (chain.length === 1 && !row && !carriesFigure(chain, figures.any, unitsPerPaperMm)) unfigured.push(chain[0]);
    if (!carriesFigure(row ?? chain, figures.measures, unitsPerPaperMm)) for (const line of chain) loosely.add(line);
  });
  return {
    dimensionIds,
    extensions: lines.filter((line) => extensionIds.has(line.id) && !dimensionIds.has(line.id)),
    unfigured: besideFewLayers(
      unfigured.filter((line) => endsOnFaces(line, lines, index, unitsPerPaperMm, true)),
      0,
      unitsPerPaperMm,
    ),
    loosely: (style) =>
      besideFewLayers(
        [...loosely].filter((line) => line.style === style && endsOnFaces(line, lines, index, unitsPerPaperMm, false)),
        1,
        unitsPerPaperMm,
      ),
    figures: dimensionFigures,
  };
}

/** A sheet whose words hold fewer figures than this has its dimension text drawn, not written. */
const FEWEST_FIGURES = 5;
/** A dimension's figure is printed along its line, at most this far off it, paper mm. */
const FIGURE_OFFSET_MM = 6;

/** A word that reads as a measurement: `3515`, `2,40`, `12'-6"`, `3/4"`, `1.20m` (not `QD.02A`, `5,70m²`, `h=2,70m`). */
const MEASUREMENT = /^\(?[\d.,'"’”′″\-/]*\d[\d.,'"’”′″\-/]*(mm|cm|m|ft|in)?\)?$/i;

interface FigureIndex {
  index: Flatbush;
  centers: Position[];
  words: readonly WordBox[];
  /** The largest letter height among them. */
  tallest: number;
}

/**
 * The words with digits in them, and those of them that read as measurements. A room's area
 * (`14.90 m²`, its figure and unit apart) measures no length, though its figure alone reads as one.
 */
function sheetFigures(words: readonly WordBox[]): { any: FigureIndex | null; measures: FigureIndex | null } | null {
  const figures = words.filter(({ word }) => /\d/.test(word.text));
  if (figures.length < FEWEST_FIGURES) return null;
  const areas = new Set(
    assembleLines(words.map(({ word }) => word))
      .filter((line) => printedAreaM2(line.text) !== null)
      .flatMap((line) => line.words),
  );
  return { any: figureIndex(figures), measures: figureIndex(figures.filter(({ word }) => MEASUREMENT.test(word.text) && !areas.has(word))) };
}

function figureIndex(figures: readonly WordBox[]): FigureIndex | null {
  if (figures.length === 0) return null;
  const index = new Flatbush(figures.length);
  for (const { center } of figures) index.add(center[0], center[1], center[0], center[1]);
  index.finish();
  return { index, centers: figures.map(({ center }) => center), words: figures, tallest: Math.max(...figures.map(({ word }) => word.fontSize)) };
}

/** A dimension's figure is set in the line's direction (either way), its middle within this many letter heights of the line. */
const FIGURE_SET_ALONG_HEIGHTS = 1.5;
const FIGURE_SET_ALONG_SINE = 0.1;
/** Stops on either side of a figure its span may run past. */
const SPAN_PASSES_STOPS = 1;
/** A figure gives its span's length within this share, read in metres, centimetres or millimetres. */
const FIGURE_SPAN_AGREES = 0.05;

/** A bare figure (`2400`, `3,35`): a dimension's, or a size tag's width or height. */
export const BARE_FIGURE = /^\d+([.,]\d+)?$/;

/** Whether a bare figure gives a length of `metres` in metres, centimetres or millimetres. */
function givesLength(text: string, metres: number): boolean {
  if (!BARE_FIGURE.test(text) || metres <= 0) return false;
  const value = Number(text.replace(',', '.'));
  return [value, value / 100, value / 1000].some((reading) => Math.abs(reading - metres) <= FIGURE_SPAN_AGREES * metres);
}

/** The figures within `reach` of the chain's box that stand along it (between its ends), with where and how far off it. */
function figuresAlong(chain: Line[], figures: FigureIndex, reach: number): { figure: WordBox; along: number; across: number }[] {
  const [line] = chain;
  const t0 = Math.min(...chain.map((piece) => piece.t0));
  const t1 = Math.max(...chain.map((piece) => piece.t1));
  const ends = chain.flatMap((piece) => [piece.a, piece.b]);
  const xs = ends.map((p) => p[0]);
  const ys = ends.map((p) => p[1]);
  return figures.index.search(Math.min(...xs) - reach, Math.min(...ys) - reach, Math.max(...xs) + reach, Math.max(...ys) + reach).flatMap((k) => {
    const [x, y] = figures.centers[k];
    const along = line.ux * x + line.uy * y;
    return along >= t0 && along <= t1 ? [{ figure: figures.words[k], along, across: Math.abs(-line.uy * x + line.ux * y - line.offset) }] : [];
  });
}

/**
 * The figures printed as the chain's dimension text is: in its direction, right beside it, each
 * giving the length of the span it stands in between two of the chain's stops. A room tag's box
 * reads as a dimension line too (its sides cross it like extension lines), but the number in it
 * (`135`) measures no span of it.
 */
function spanFigures(chain: Line[], stops: number[], figures: FigureIndex | null, unitsPerMetre: number): WordBox[] {
  if (!figures || stops.length < 2) return [];
  const sorted = [...stops].sort((a, b) => a - b);
  const direction = Math.atan2(chain[0].uy, chain[0].ux);
  return figuresAlong(chain, figures, FIGURE_SET_ALONG_HEIGHTS * figures.tallest).flatMap(({ figure, along, across }) => {
    const turned = Math.abs(Math.sin(figure.word.angle - direction));
    if (across > FIGURE_SET_ALONG_HEIGHTS * figure.word.fontSize || turned > FIGURE_SET_ALONG_SINE) return [];
    const end = sorted.findIndex((stop) => stop >= along);
    if (end <= 0) return [];
    // A line of the drawing may cross the span too (a fixture's edge the dimension runs over):
    // the span may run past one stop on either side, where the figure is printed within it (a
    // tiled floor's grid crosses a room's number every few centimetres).
    const corners = [figure.bbox[0], figure.bbox[2]].flatMap((x) => [figure.bbox[1], figure.bbox[3]].map((y) => chain[0].ux * x + chain[0].uy * y));
    const [from, to] = [Math.min(...corners), Math.max(...corners)];
    const spans: [number, number][] = [];
    for (let first = Math.max(0, end - 1 - SPAN_PASSES_STOPS); first < end; first++) {
      for (let last = end; last < Math.min(sorted.length, end + 1 + SPAN_PASSES_STOPS); last++) {
        const adjacent = first === end - 1 && last === end;
        if (adjacent || (sorted[first] <= from && to <= sorted[last])) spans.push([sorted[first], sorted[last]]);
      }
    }
    return spans.some(([start, stop]) => givesLength(figure.word.text, (stop - start) / unitsPerMetre)) ? [figure] : [];
  });
}

/** Whether a figure is printed along the chain (in a gap it leaves for it, too), close across it. */
function carriesFigure(chain: Line[], figures: FigureIndex | null, unitsPerPaperMm: number): boolean {
  if (!figures) return false;
  const reach = FIGURE_OFFSET_MM * unitsPerPaperMm;
  return figuresAlong(chain, figures, reach).some(({ across }) => across <= reach);
}

/** Lines of a hatch or a grid lie this close to a parallel line of their pen, paper mm. */
const HATCH_SPACING_MM = 4;

/**
 * The ids of `lines` beside which at most `layers` others of them in the same pen lie parallel
 * (lines at one offset are one layer): not of a hatch or a grid.
 */
function besideFewLayers(lines: Line[], layers: number, unitsPerPaperMm: number): Set<number> {
  const spacing = HATCH_SPACING_MM * unitsPerPaperMm;
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const key = `${line.style}|${Math.round(Math.atan2(line.uy, line.ux) * 200)}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const kept = new Set<number>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.offset - b.offset);
    group.forEach((line, k) => {
      const offsets = new Set<number>();
      for (const step of [-1, 1]) {
        for (let n = k + step; n >= 0 && n < group.length && Math.abs(group[n].offset - line.offset) <= spacing; n += step) {
          const other = group[n];
          if (Math.abs(other.offset - line.offset) > 0.5 && other.t0 < line.t1 && other.t1 > line.t0) offsets.add(Math.round(other.offset));
        }
      }
      if (offsets.size <= layers) kept.add(line.id);
    });
  }
  return kept;
}

/** A face ends on the faces of the walls it spans between: this close, paper mm. */
const FACE_JOINT_MM = 0.3;

/**
 * Whether both ends of a line meet a stroke square to it, as a wall's face meets the walls it runs
 * between; with `samePen`, a stroke of its own pen.
 */
function endsOnFaces(line: Line, lines: Line[], index: Flatbush, unitsPerPaperMm: number, samePen: boolean): boolean {
  const reach = FACE_JOINT_MM * unitsPerPaperMm + line.width;
  return [line.a, line.b].every(([x, y]) =>
    index.search(x - reach, y - reach, x + reach, y + reach).some((k) => {
      const other = lines[k];
      if (other === line || other.source !== 'stroke' || (samePen && other.style !== line.style) || Math.abs(line.ux * other.ux + line.uy * other.uy) > 0.17) return false;
      const along = other.ux * x + other.uy * y;
      const across = Math.abs(-other.uy * x + other.ux * y - other.offset);
      return across <= reach && along >= other.t0 - reach && along <= other.t1 + reach;
    }),
  );
}
