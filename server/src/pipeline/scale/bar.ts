// Graphic scale bars: a row of increasing numbers (`0 6 12 ft`, `5 10 15 20 FEET`, `0 1 2 5 m`)
// printed over or under a bar of ticks or alternating blocks. A bar is drawn with the drawing, so
// it stays right when a sheet is printed shrunk; its tick spacing gives the scale directly.
import type { BBox, SheetWord } from '../types.ts';
import { coveredLength } from '../recognize/geom-basics.ts';
import { normalizeTypography } from './normalize.ts';
import { angleDifference, bboxOf, boxInFrame, corners, frameOf, type FramedBox } from './lines.ts';
import { PARALLEL_STEEPNESS, segmentInFrame, SQUARE_STEEPNESS, type SegmentIndex } from './segments.ts';
import { METRES_PER_FOOT, METRES_PER_INCH } from './ratio.ts';

export interface ScaleBar {
  /** Real length per paper length. */
  ratio: number;
  /** The bar's labels as printed, e.g. `0 6 12 ft`. */
  text: string;
  bbox: BBox;
  /** Whether the bar counts feet (or inches) rather than metric units. */
  imperial: boolean;
}

const UNIT_METRES: Record<string, number> = {
  "'": METRES_PER_FOOT, ft: METRES_PER_FOOT, feet: METRES_PER_FOOT, foot: METRES_PER_FOOT,
  '"': METRES_PER_INCH, in: METRES_PER_INCH, inch: METRES_PER_INCH, inches: METRES_PER_INCH,
  m: 1, meter: 1, meters: 1, metre: 1, metres: 1, cm: 0.01, mm: 0.001,
};
const UNIT = String.raw`(?:'|"|ft|feet|foot|in|inch|inches|m|meters?|metres?|cm|mm)`;
const NUMBER_LABEL = new RegExp(String.raw`^(\d+(?:\.\d+)?)\s*(${UNIT})?\.?$`, 'i');
const UNIT_WORD = new RegExp(String.raw`^(${UNIT})\.?$`, 'i');

interface Label {
  word: SheetWord;
  box: FramedBox;
  value: number;
  unit: string | null;
}

/** Same direction, size and baseline: two labels of one bar. */
function sameRow(a: Label, b: Label): boolean {
  const h = a.word.fontSize;
  if (angleDifference(a.word.angle, b.word.angle) > 0.05 || Math.abs(b.word.fontSize - h) > 0.15 * h) return false;
  const bInA = boxInFrame(a.box.frame, corners(b.box));
  return Math.abs((bInA.across[0] + bInA.across[1]) / 2 - (a.box.across[0] + a.box.across[1]) / 2) < 0.3 * h;
}

function centreAlong(box: FramedBox): number {
  return (box.along[0] + box.along[1]) / 2;
}

/** The unit of a bar: on one of its labels, or a unit word printed just after or around the row. */
function barUnit(row: Label[], unitWords: Label[]): string | null {
  const attached = row.find((label) => label.unit)?.unit;
  if (attached) return attached.toLowerCase();
  const first = row[0];
  const last = row[row.length - 1];
  const h = first.word.fontSize;
  const frame = first.box.frame;
  for (const candidate of unitWords) {
    const box = boxInFrame(frame, corners(candidate.box));
    const alongOk = box.along[0] >= first.box.along[0] - 2 * h && box.along[1] <= boxInFrame(frame, corners(last.box)).along[1] + 4 * h;
    const acrossOk = box.across[1] >= first.box.across[0] - 3 * h && box.across[0] <= first.box.across[1] + 3 * h;
    if (alongOk && acrossOk) return candidate.unit;
  }
  return null;
}

/**
 * Where the bar's ticks and block edges stand: strokes square to the label row, within three font
 * sizes over or under it, and not crossing the labels themselves.
 */
function tickPositions(row: Label[], segments: SegmentIndex): number[] {
  const first = row[0].box;
  const frame = first.frame;
  const h = row[0].word.fontSize;
  const lastAlong = boxInFrame(frame, corners(row[row.length - 1].box)).along[1];
  const along: [number, number] = [first.along[0] - 2 * h, lastAlong + 2 * h];
  const across: [number, number] = [first.across[0] - 3 * h, first.across[1] + 3 * h];
  const positions: number[] = [];
  for (const i of segments.searchInFrame(frame, along, across)) {
    const segment = segmentInFrame(frame, segments.segments[i]);
    if (segment.steepness < SQUARE_STEEPNESS || segment.length > 3 * h) continue;
    const low = Math.min(segment.c0, segment.c1);
    const high = Math.max(segment.c0, segment.c1);
    if (high > first.across[0] && low < first.across[1]) continue;
    if (low < across[0] || high > across[1]) continue;
    positions.push((segment.a0 + segment.a1) / 2);
  }
  return positions;
}

/** A bar's line or blocks run along this share of the span between its first and last ticks. */
const BAR_ALONG_SHARE = 0.9;

/**
 * Whether a bar is drawn along the labels' ticks: a line, or the edges of blocks end to end, running
 * along the row within three font sizes over or under it from the first tick to the last. A grid's
 * bubbles (`1 2 3` at the ends of its axes, square to them) are numbered and ticked as a bar's
 * labels are, but nothing runs along them.
 */
function drawnAlong(row: Label[], first: number, last: number, segments: SegmentIndex): boolean {
  const { frame, across } = row[0].box;
  const h = row[0].word.fontSize;
  const window: [number, number] = [across[0] - 3 * h, across[1] + 3 * h];
  const covered: [number, number][] = [];
  for (const i of segments.searchInFrame(frame, [first, last], window)) {
    const segment = segmentInFrame(frame, segments.segments[i]);
    // The search goes by boxes on the sheet, wider than the window for a row lettered at a slant.
    if (segment.steepness > PARALLEL_STEEPNESS || Math.max(segment.c0, segment.c1) < window[0] || Math.min(segment.c0, segment.c1) > window[1]) continue;
    const [low, high] = [Math.max(first, Math.min(segment.a0, segment.a1)), Math.min(last, Math.max(segment.a0, segment.a1))];
    if (high > low) covered.push([low, high]);
  }
  return coveredLength(covered) >= BAR_ALONG_SHARE * (last - first);
}

function nearestWithin(positions: number[], target: number, tolerance: number): number | null {
  let nearest: number | null = null;
  for (const position of positions) {
    const distance = Math.abs(position - target);
    if (distance <= tolerance && (nearest === null || distance < Math.abs(nearest - target))) nearest = position;
  }
  return nearest;
}

/** Fits position = offset + slope·value; null unless every label sits on the line within `tolerance`. */
function fitLine(values: number[], positions: number[], tolerance: number): number | null {
  const n = values.length;
  const meanValue = values.reduce((s, v) => s + v, 0) / n;
  const meanPosition = positions.reduce((s, p) => s + p, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    covariance += (values[i] - meanValue) * (positions[i] - meanPosition);
    variance += (values[i] - meanValue) ** 2;
  }
  if (variance === 0) return null;
  const slope = covariance / variance;
  const offset = meanPosition - slope * meanValue;
  const fits = values.every((value, i) => Math.abs(offset + slope * value - positions[i]) <= tolerance);
  return fits && slope > 0 ? slope : null;
}

/**
 * A bar that prints no unit is read in metres where the sheet's scale note is metric (`Massstab
 * 1:100` over `0 1 2 5`), and only where that reading lies within this factor of the note's ratio:
 * a plot printed on paper a few sizes smaller than drawn, not a bar counting centimetres.
 */
const UNITLESS_BAR_FACTOR = 4;

function withinFactor(ratio: number, of: number, factor: number): boolean {
  return ratio <= factor * of && ratio >= of / factor;
}

/**
 * Graphic scale bars of the sheet whose ticks could be found under their labels. `metricNoteRatios`:
 * the ratios of the sheet's metric scale notes, which a bar printing no unit is read against.
 */
export function findScaleBars(words: SheetWord[], segments: SegmentIndex, dpi: number, metricNoteRatios: readonly number[] = []): ScaleBar[] {
  const labels: Label[] = [];
  const unitWords: Label[] = [];
  for (const word of words) {
    const ring = word.geometry?.coordinates[0];
    if (!ring || !(word.fontSize > 0)) continue;
    const text = normalizeTypography(word.text).text.trim();
    const box = boxInFrame(frameOf(word.angle), ring);
    const number = NUMBER_LABEL.exec(text);
    if (number) labels.push({ word, box, value: Number(number[1]), unit: number[2] ?? null });
    else if (UNIT_WORD.test(text)) unitWords.push({ word, box, value: 0, unit: text.replace(/\.$/, '').toLowerCase() });
  }

  const bars: ScaleBar[] = [];
  const used = new Set<Label>();
  // Leftmost labels first, so a bar is read from its first label, not from one in its middle.
  labels.sort((a, b) => a.box.along[0] - b.box.along[0]);
  for (const seed of labels) {
    if (used.has(seed)) continue;
    const h = seed.word.fontSize;
    const row = labels
      .filter((label) => label === seed || (sameRow(seed, label) && boxInFrame(seed.box.frame, corners(label.box)).along[0] > seed.box.along[1]))
      .map((label) => ({ label, along: centreAlong(boxInFrame(seed.box.frame, corners(label.box))) }))
      .filter(({ along }) => along - centreAlong(seed.box) <= 60 * h)
      .sort((a, b) => a.along - b.along);
    // Labels read left to right in increasing order; the bar ends where that stops.
    const run = [row[0]];
    for (const next of row.slice(1)) {
      if (next.label.value <= run[run.length - 1].label.value) break;
      run.push(next);
    }
    if (run.length < 3) continue;
    const barLabels = run.map(({ label }) => label);
    const printedUnit = barUnit(barLabels, unitWords);
    if (!printedUnit && metricNoteRatios.length === 0) continue;
    const unit = printedUnit ?? 'm';

    // Labels are centred on their ticks only roughly; the ticks themselves give the spacing.
    const ticks = tickPositions(barLabels, segments);
    const positions = run.map(({ along }) => nearestWithin(ticks, along, 0.6 * h));
    if (!positions.every((position): position is number => position !== null)) continue;
    const values = barLabels.map((label) => label.value);
    const span = positions[positions.length - 1] - positions[0];
    const slope = fitLine(values, positions, Math.max(0.5, 0.005 * span));
    if (slope === null) continue;
    // A unit printed by the labels says they measure; without one, only a bar drawn along them does.
    if (!printedUnit && !drawnAlong(barLabels, positions[0], positions[positions.length - 1], segments)) continue;

    const ratio = UNIT_METRES[unit] / ((slope / dpi) * METRES_PER_INCH);
    if (!printedUnit && !metricNoteRatios.some((noteRatio) => withinFactor(ratio, noteRatio, UNITLESS_BAR_FACTOR))) continue;
    for (const label of barLabels) used.add(label);
    bars.push({
      ratio,
      text: `${barLabels.map((label) => label.word.text).join(' ')}${barLabels.some((label) => label.unit) ? '' : ` ${unit}`}`,
      bbox: bboxOf(barLabels.flatMap((label) => corners(label.box))),
      imperial: UNIT_METRES[unit] === METRES_PER_FOOT || UNIT_METRES[unit] === METRES_PER_INCH,
    });
  }
  return bars;
}
