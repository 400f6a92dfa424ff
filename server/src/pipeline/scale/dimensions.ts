// Dimension strings measured against their dimension lines. A dimension states a real length
// (`12'-6"`, `3'-0 1/2"`, `3600`, `3.60`) and sits on a line drawn between two marks (ticks,
// arrowheads, extension lines); the paper distance between the marks divided into the stated length
// is the scale the sheet was really printed at, whatever its note says.
import type { BBox } from '../types.ts';
import { normalizeTypography } from './normalize.ts';
import { bboxOf, corners, readByOcr, spanBox, type FramedBox, type TextLine } from './lines.ts';
import { endMarksAlong, PARALLEL_STEEPNESS, segmentInFrame, SQUARE_STEEPNESS, type SegmentIndex } from './segments.ts';
import { METRES_PER_INCH } from './ratio.ts';

/** How a printed number is read: feet and inches, or a bare metric number in one of its units. */
export type DimensionUnit = 'feet-inches' | 'm' | 'cm' | 'mm';

export interface DimensionReading {
  unit: DimensionUnit;
  metres: number;
}

export interface DimensionText {
  /** The dimension as printed. */
  text: string;
  box: FramedBox;
  fontSize: number;
  /** A bare integer may be millimetres or centimetres, so it has two readings. */
  readings: DimensionReading[];
}

export interface DimensionMeasurement {
  text: string;
  bbox: BBox;
  readings: DimensionReading[];
  /** Blueprint units between the marks at the two ends of the dimension line. */
  paperLength: number;
}

const FEET_INCHES = /(?<![\w./'"-])(\d{1,4})\s*'\s*(?:-?\s*(\d{1,2})(?:\s*(?:-\s*)?(\d{1,2})\s*\/\s*(\d{1,2}))?\s*")?(?![\w/'"])/g;
const INCHES_ONLY = /(?<![\w./'"-])(\d{1,3})(?:\s*(?:-\s*)?(\d{1,2})\s*\/\s*(\d{1,2}))?\s*"(?![\w/'"])/g;
/**
 * Spacings (`@ 16" OC`), room sizes (`11' x 10'`), radii and the sides of a scale note
 * (`1/8" = 1'`) are lengths without a dimension line.
 */
const NOT_A_DIMENSION_BEFORE = /(?:@|=|\bx|\bBY|\bR|Ø|\bDIA\.?)\s*$/i;
const NOT_A_DIMENSION_AFTER = /^\s*(?:=|x\b|BY\b|O\.?C\.?|RAD|DIA|THK|HIGH|A\.?F\.?F)/i;

const THOUSANDS = /^\d{1,3}(?:,\d{3})+$/;
const DECIMAL = /^\d{1,2}[.,]\d{1,3}$/;
const INTEGER = /^[1-9]\d{1,4}$/;

/** A fraction of an inch as printed (`1/2`), or 0 where none is. */
export function inchFraction(numerator: string | undefined, denominator: string | undefined): number {
  return numerator && denominator && Number(denominator) > 0 ? Number(numerator) / Number(denominator) : 0;
}

function metricReadings(token: string): DimensionReading[] {
  if (THOUSANDS.test(token) || INTEGER.test(token)) {
    const value = Number(token.replace(/,/g, ''));
    return [
      { unit: 'mm', metres: value / 1000 },
      { unit: 'cm', metres: value / 100 },
    ];
  }
  if (DECIMAL.test(token)) return [{ unit: 'm', metres: Number(token.replace(',', '.')) }];
  return [];
}

/**
 * OCR gives a word's height as its ink's: a dimension's digits stand as tall as a capital, about
 * this share of the font's size, which the text layer gives. A line's marks are sized in font
 * sizes, so OCR's height is taken back to one (at the ink's height, a 45° tick 2.3 times as long
 * as the digits are tall was too long to be a mark, and no outlined sheet's dimension measured).
 */
const OCR_INK_SHARE = 0.7;

function fontSizeOf(line: TextLine): number {
  return readByOcr(line) ? line.fontSize / OCR_INK_SHARE : line.fontSize;
}

/** Whether the characters start..end of `line` begin and end on word boundaries. */
function coversWholeWords(line: TextLine, start: number, end: number): boolean {
  return line.wordStarts.some((s) => s === start) && line.words.some((word, i) => line.wordStarts[i] + word.text.length === end);
}

/**
 * Dimension strings of one line. Imperial ones may share a line with other text; a metric number is
 * taken only from a line of bare numbers, since a number among words is a tag, an area or a height.
 */
export function findDimensionTexts(line: TextLine): DimensionText[] {
  const found: DimensionText[] = [];
  if (line.words.every((word) => metricReadings(word.text).length > 0)) {
    return line.words.map((word, i) => ({
      text: word.text,
      box: spanBox(line, line.wordStarts[i], line.wordStarts[i] + word.text.length),
      fontSize: fontSizeOf(line),
      readings: metricReadings(word.text),
    }));
  }

  // Matches are found in the normalised text and mapped back to printed offsets, which words use.
  const normalized = normalizeTypography(line.text);
  const source = normalized.text;
  const taken: [number, number][] = [];
  const consider = (index: number, length: number, inches: number) => {
    const end = index + length;
    if (taken.some(([s, e]) => s < end && index < e)) return;
    if (NOT_A_DIMENSION_BEFORE.test(source.slice(0, index)) || NOT_A_DIMENSION_AFTER.test(source.slice(end))) return;
    const printedStart = normalized.origin[index];
    const printedEnd = normalized.origin[end - 1] + 1;
    if (!coversWholeWords(line, printedStart, printedEnd) || !(inches > 0)) return;
    taken.push([index, end]);
    found.push({
      text: line.text.slice(printedStart, printedEnd),
      box: spanBox(line, printedStart, printedEnd),
      fontSize: fontSizeOf(line),
      readings: [{ unit: 'feet-inches', metres: inches * METRES_PER_INCH }],
    });
  };
  for (const match of source.matchAll(FEET_INCHES)) {
    const inches = Number(match[1]) * 12 + Number(match[2] ?? 0) + inchFraction(match[3], match[4]);
    consider(match.index, match[0].length, inches);
  }
  for (const match of source.matchAll(INCHES_ONLY)) {
    consider(match.index, match[0].length, Number(match[1]) + inchFraction(match[2], match[3]));
  }
  return found;
}

/** Beyond this many font sizes from its text, a parallel segment is not the text's dimension line. */
const LINE_SEARCH_FONT_SIZES = 1.5;

/**
 * The across position of the text's dimension line: one broken around the text, else the nearest
 * under it, else (the rarer drafting style) over it.
 */
function findDimensionLine(dimension: DimensionText, segments: SegmentIndex): number | null {
  const { frame, along, across } = dimension.box;
  const h = dimension.fontSize;
  const middle = (across[0] + across[1]) / 2;
  const centre = (along[0] + along[1]) / 2;
  const throughText = 0.35 * (across[1] - across[0]);
  let best: { across: number; cost: number } | null = null;
  const window: [number, number] = [along[0] - h, along[1] + h];
  const reach: [number, number] = [across[0] - LINE_SEARCH_FONT_SIZES * h, across[1] + LINE_SEARCH_FONT_SIZES * h];
  for (const i of segments.searchInFrame(frame, window, reach)) {
    const segment = segmentInFrame(frame, segments.segments[i]);
    if (segment.steepness > PARALLEL_STEEPNESS || segment.length < h) continue;
    const lineAcross = (segment.c0 + segment.c1) / 2;
    const from = Math.min(segment.a0, segment.a1);
    const to = Math.max(segment.a0, segment.a1);
    if (lineAcross < reach[0] || lineAcross > reach[1] || to < window[0] || from > window[1]) continue;
    let cost: number;
    if (Math.abs(lineAcross - middle) <= throughText) {
      // A line through the text is its dimension line only if it breaks for the text.
      if (from < centre && to > centre) continue;
      cost = Math.abs(lineAcross - middle);
    } else if (lineAcross > middle) {
      cost = Math.abs(lineAcross - (across[1] + 0.3 * h));
    } else {
      cost = Math.abs(lineAcross - (across[0] - 0.3 * h)) + h;
    }
    if (!best || cost < best.cost) best = { across: lineAcross, cost };
  }
  return best?.across ?? null;
}

/** The stretch, along the frame, drawn by collinear pieces of the dimension line around the text. */
function dimensionLineExtent(
  dimension: DimensionText,
  lineAcross: number,
  segments: SegmentIndex,
  reachAlong: number,
): [number, number] {
  const { frame, along } = dimension.box;
  const h = dimension.fontSize;
  const tolerance = 0.15 * h;
  const pieces: [number, number][] = [];
  for (const i of segments.searchInFrame(frame, [along[0] - reachAlong, along[1] + reachAlong], [lineAcross - tolerance, lineAcross + tolerance])) {
    const segment = segmentInFrame(frame, segments.segments[i]);
    if (segment.steepness > PARALLEL_STEEPNESS) continue;
    if (Math.abs(segment.c0 - lineAcross) > tolerance || Math.abs(segment.c1 - lineAcross) > tolerance) continue;
    pieces.push([Math.min(segment.a0, segment.a1), Math.max(segment.a0, segment.a1)]);
  }
  // The text may sit in a gap of the line, so the seed spans the text and one font size either side.
  let start = along[0] - h;
  let end = along[1] + h;
  for (const [a, b] of pieces) {
    if (b >= start && a <= end) {
      start = Math.min(start, a);
      end = Math.max(end, b);
    }
  }
  const joinGap = 0.5 * h;
  for (const [a, b] of [...pieces].sort((p, q) => p[0] - q[0])) if (a <= end + joinGap && b > end) end = b;
  for (const [a, b] of [...pieces].sort((p, q) => q[1] - p[1])) if (b >= start - joinGap && a < start) start = a;
  return [start, end];
}

/**
 * One position for each bunch of positions closer than `gap` to each other: both edges of a thick
 * tick and the extension line through it mark one end, at their middle.
 */
function mergeNearby(positions: number[], gap: number): number[] {
  const sorted = [...positions].sort((a, b) => a - b);
  const merged: number[] = [];
  let bunch: number[] = [];
  for (const position of sorted) {
    if (bunch.length > 0 && position - bunch[bunch.length - 1] > gap) {
      merged.push(bunch.reduce((sum, value) => sum + value, 0) / bunch.length);
      bunch = [];
    }
    bunch.push(position);
  }
  if (bunch.length > 0) merged.push(bunch.reduce((sum, value) => sum + value, 0) / bunch.length);
  return merged;
}

/**
 * The paper length of a dimension: between the nearest marks on either side of its text along the
 * dimension line, or null when the text has no dimension line with marks at both ends.
 */
function measureDimension(dimension: DimensionText, segments: SegmentIndex, reachAlong: number): number | null {
  const lineAcross = findDimensionLine(dimension, segments);
  if (lineAcross === null) return null;
  const { frame, along } = dimension.box;
  const h = dimension.fontSize;
  const [start, end] = dimensionLineExtent(dimension, lineAcross, segments, reachAlong);
  const width = along[1] - along[0];
  const centre = (along[0] + along[1]) / 2;
  // Extension lines never run through their own dimension's text.
  const insideText = (position: number) => position > along[0] + 0.1 * width && position < along[1] - 0.1 * width;
  const crossings = endMarksAlong(segments, frame, lineAcross, [start - 3 * h, end + 3 * h], 0.6 * h, 3 * h, h);
  const marks = mergeNearby(crossings, 0.25 * h).filter((position) => !insideText(position));
  const left = Math.max(...marks.filter((position) => position <= centre));
  const right = Math.min(...marks.filter((position) => position >= centre));
  const length = right - left;
  if (!Number.isFinite(length) || length < 0.5 * width || length <= h) return null;
  return isEnclosedLabel(dimension, lineAcross, [left, right], segments) ? null : length;
}

/**
 * Whether the "dimension line" and its end marks enclose the text with a fourth side across the
 * text from the line: a room or door tag's box, or a table cell.
 */
function isEnclosedLabel(dimension: DimensionText, lineAcross: number, ends: [number, number], segments: SegmentIndex): boolean {
  const { frame, across } = dimension.box;
  const h = dimension.fontSize;
  const middle = (across[0] + across[1]) / 2;
  const otherSide: [number, number] =
    lineAcross > middle ? [across[0] - LINE_SEARCH_FONT_SIZES * h, middle] : [middle, across[1] + LINE_SEARCH_FONT_SIZES * h];
  const tolerance = 0.3 * h;
  const framed = segments.searchInFrame(frame, [ends[0] - tolerance, ends[1] + tolerance], otherSide).map((i) => segmentInFrame(frame, segments.segments[i]));
  return framed.some((side) => {
    if (side.steepness > PARALLEL_STEEPNESS) return false;
    if (Math.min(side.a0, side.a1) > ends[0] + tolerance || Math.max(side.a0, side.a1) < ends[1] - tolerance) return false;
    const sideAcross = (side.c0 + side.c1) / 2;
    const low = Math.min(sideAcross, lineAcross) + tolerance;
    const high = Math.max(sideAcross, lineAcross) - tolerance;
    // Both ends must be closed by strokes running from the line to the far side.
    return ends.every((end) =>
      framed.some(
        (wall) =>
          wall.steepness >= SQUARE_STEEPNESS &&
          Math.abs((wall.a0 + wall.a1) / 2 - end) <= tolerance &&
          Math.min(wall.c0, wall.c1) <= low &&
          Math.max(wall.c0, wall.c1) >= high,
      ),
    );
  });
}

/** Every dimension string of the sheet that could be measured against its dimension line. */
export function measureDimensions(lines: TextLine[], segments: SegmentIndex, reachAlong: number): DimensionMeasurement[] {
  const measurements: DimensionMeasurement[] = [];
  if (segments.segments.length === 0) return measurements;
  for (const line of lines) {
    for (const dimension of findDimensionTexts(line)) {
      const paperLength = measureDimension(dimension, segments, reachAlong);
      if (paperLength !== null) {
        measurements.push({
          text: dimension.text,
          bbox: bboxOf(corners(dimension.box)),
          readings: dimension.readings,
          paperLength,
        });
      }
    }
  }
  return measurements;
}

/** Real length per paper length that one reading of a measured dimension implies. */
export function dimensionRatio(measurement: DimensionMeasurement, reading: DimensionReading, dpi: number): number {
  return reading.metres / ((measurement.paperLength / dpi) * METRES_PER_INCH);
}

export interface DimensionCluster {
  /** Median real-per-paper ratio of the members. */
  ratio: number;
  unit: DimensionUnit;
  members: DimensionMeasurement[];
}

/**
 * Groups measured dimensions whose ratios agree within `tolerance`, largest group first. All members
 * of a group share a reading unit (a sheet dimensions its chains in one unit), and every reading
 * joins one group at most, so bare integers yield twin groups: one in millimetres, one in
 * centimetres.
 */
export function clusterDimensions(measurements: DimensionMeasurement[], dpi: number, tolerance: number): DimensionCluster[] {
  interface Vote {
    measurement: number;
    unit: DimensionUnit;
    logRatio: number;
  }
  const votes: Vote[] = measurements.flatMap((measurement, i) =>
    measurement.readings.map((reading) => ({
      measurement: i,
      unit: reading.unit,
      logRatio: Math.log(dimensionRatio(measurement, reading, dpi)),
    })),
  );
  const width = 2 * Math.log1p(tolerance);
  const clusters: DimensionCluster[] = [];
  const used = new Set<string>();
  const key = (vote: Vote) => `${vote.measurement}:${vote.unit}`;
  for (;;) {
    const open = votes.filter((vote) => !used.has(key(vote))).sort((a, b) => a.logRatio - b.logRatio);
    let best: Vote[] = [];
    for (let i = 0; i < open.length; i++) {
      const window: Vote[] = [];
      const seen = new Set<number>();
      for (let j = i; j < open.length && open[j].logRatio - open[i].logRatio <= width; j++) {
        if (open[j].unit === open[i].unit && !seen.has(open[j].measurement)) {
          seen.add(open[j].measurement);
          window.push(open[j]);
        }
      }
      if (window.length > best.length) best = window;
    }
    // A lone dimension agrees with nobody; it is no group.
    if (best.length < 2) return clusters;
    for (const vote of best) used.add(key(vote));
    const logs = best.map((vote) => vote.logRatio).sort((a, b) => a - b);
    clusters.push({
      ratio: Math.exp(logs[Math.floor(logs.length / 2)]),
      unit: best[0].unit,
      members: best.map((vote) => measurements[vote.measurement]),
    });
  }
}
