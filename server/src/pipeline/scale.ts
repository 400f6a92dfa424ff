// Scale detection: the scale the sheet's plan is drawn at, and whether it can be trusted. Every
// quantity an estimator reads off the sheet is multiplied by it, so a doubtful scale is returned
// with `manual_scaling_needed: true` (or not at all), never passed off as certain.
//
// Evidence, reduced to one number each, "real length per paper length" (see scale/ratio.ts):
//  - printed notes (`1/4" = 1'-0"`, `1:50`, `SCALE: 1" = 20'`...) in the text layer;
//  - dimension strings measured against their dimension lines (scale/dimensions.ts);
//  - graphic scale bars (scale/bar.ts).
// A garbled text layer (a broken ToUnicode map) gives no evidence at all.
//
// Which note governs, when a sheet holds several drawings:
//  1. notes whose scale could draw the sheet's largest drawing as a building (at least 4 m long)
//     before notes that could not (`1:1`, `3" = 1'-0"` details);
//  2. then by placement: a note printed with a plan title ("FIRST FLOOR PLAN", "LEVEL 2",
//     "GROUND FLOOR"), the larger the drawing above that title the better; then a note labelled
//     SCALE but under no title (the title block's, or a general note); then notes under other
//     titles (details, sections, elevations), larger drawing first; then bare notes;
//  3. then the scale printed most often.
// Never a note: a ratio beside SLOPE, RAMP, PITCH... (a gradient), a bare ratio that is no
// standard scale (`1:12`), times and dates, and three or more different scales printed alike in a
// row or column (print-check rulers in the margin, a legend).
// "NOT TO SCALE" (NTS, N.T.S.) governs when it sits under a plan title or in a SCALE field and
// no note ranks above it.
// The choice is ambiguous when another note with a different scale ranks equal on 1 and 2, its
// drawing is at least half as large and it is printed more than half as often.
//
// Trust:
//  - a governing note is trusted when a graphic bar agrees with it (within 2 %), or, without a
//    bar, when the dimensions do not contradict it (a note read by OCR, when they confirm it). It needs `manual_scaling_needed` when a bar or
//    a consensus of three or more dimensions disagrees by more than 5 % (a sheet printed shrunk or
//    plotted at another scale than its note says), when the choice among notes was ambiguous (a
//    bar or dimension consensus that confirms exactly one of them settles it), or when it could not
//    draw a building;
//  - without a note, a graphic bar gives the scale (a bar is printed scale); failing that, a
//    consensus of two or more dimensions suggests one, snapped to the nearest standard scale within
//    1 %, always with `manual_scaling_needed`: no measurement is passed off as printed when the
//    sheet prints no scale, however well its dimensions agree; none where it would draw the plan
//    smaller than a building (misread figures);
//    A bare ratio that is no standard scale and is not labelled as one (`1:79.90`, a plot fitted to
//    its paper) is no note by itself, but it is trusted where that consensus measures it (within 2 %);
//  - NTS governing: a dimension consensus gives a flagged scale, otherwise there is none;
//  - nothing found: no scale.
import type { Scale } from '../../../core/src/types.ts';
import type { BBox, SheetInfo, SheetPrimitives, SheetWord } from './types.ts';
import { findScaleBars, type ScaleBar } from './scale/bar.ts';
import {
  clusterDimensions,
  dimensionRatio,
  measureDimensions,
  type DimensionCluster,
  type DimensionMeasurement,
  type DimensionUnit,
} from './scale/dimensions.ts';
import { DrawingRegions, findTitles, gapBetween, titleOfNote, type DrawingTitle } from './scale/layout.ts';
import { angleDifference, assembleLines, bboxOf, boxInFrame, corners, readByOcr, spanBox, type FramedBox, type TextLine } from './scale/lines.ts';
import { looksGarbled } from './scale/normalize.ts';
import { findNotToScale, findScaleNotes, mentionsScale, mentionsSlope, UNLABELLED_RATIO } from './scale/notes.ts';
import { asPlotted } from './scale/paper.ts';
import { imperialScaleType, METRES_PER_INCH, nearestStandardScale, ratiosAgree, realPerPaper } from './scale/ratio.ts';
import { indexSegments } from './scale/segments.ts';

export type NotePlacement = 'plan title' | 'scale label' | 'other title' | 'unlabelled';
export type Verdict = 'agrees' | 'disagrees' | 'inconclusive' | 'none';

export interface ScaleCandidate {
  source: 'note' | 'dimensions' | 'bar';
  scale: Scale;
  /** Real length per paper length (1/4" = 1'-0" → 48, 1:100 → 100). */
  ratio: number;
  /** The note as printed, or what the dimensions or bar were. */
  text: string;
  bbox: BBox | null;
  /** The drawing title a note is printed with. */
  title: string | null;
  placement: NotePlacement | null;
  /** Why the candidate cannot be the sheet's scale, or null. */
  rejection: string | null;
  governs: boolean;
}

export interface NotToScaleMark {
  text: string;
  bbox: BBox;
  title: string | null;
  placement: NotePlacement;
  governs: boolean;
}

export interface DimensionCheck {
  /** Dimension strings measured against their dimension lines. */
  measured: number;
  /** The largest group of measured dimensions agreeing with each other within 2 %. */
  consensus: { ratio: number; unit: DimensionUnit; support: number } | null;
  /** Measured dimensions agreeing with the returned scale within 2 %. */
  agreeing: number | null;
  verdict: Verdict;
}

export interface ScaleChecks {
  textLayer: 'ok' | 'garbled' | 'empty';
  notToScale: NotToScaleMark[];
  /** Notes with different scales that the governing rule could not rank apart. */
  conflictingNotes: boolean;
  dimensions: DimensionCheck;
  bars: { ratio: number; text: string; bbox: BBox; verdict: Verdict }[];
  /** How the decision was reached, for people. */
  reason: string;
}

export interface ScaleDetection {
  scale: Scale | null;
  /**
   * The scale recognition judges the drawing's sizes at (a wall's thickness, a door's width): the
   * scale where it is trusted, and where a graphic bar contradicts the note, the bar's, flagged for
   * no one. The bar is measured off the drawing and shrinks with it when a plot is printed smaller,
   * so it tells sizes better than door swings would, which on a sheet with a key plan read the key
   * plan's doors too. Null where nothing but a guess stands.
   */
  sizeScale: Scale | null;
  candidates: ScaleCandidate[];
  checks: ScaleChecks;
}

export interface ScaleInput {
  words: SheetWord[];
  primitives?: SheetPrimitives;
  info: SheetInfo;
}

/** Ratios agreeing this closely are the same scale. */
const SAME_SCALE = 0.005;
const AGREES = 0.02;
/** Beyond this the evidence contradicts a note; between AGREES and this it proves nothing. */
const CONTRADICTS = 0.05;
/**
 * Dimensions contradict a note only where the largest group agreeing among themselves holds this
 * share of those measured. Numbers that are no dimensions (unit numbers in a cellar plan's
 * compartments, parking bays' numbers) measure against whatever line is near them, and a few of
 * dozens agree by chance; dimensions of a plot printed at another scale agree in most.
 */
const CONTRADICTING_SHARE = 0.25;
const SNAP_TO_STANDARD = 0.01;
/** A plan's largest drawing covers at least this much of a building... */
const SMALLEST_BUILDING_METRES = 4;
/** ...when the sheet has a drawing at all: a few lines of text say nothing about it. */
const SMALLEST_PLAN_INCHES = 4;
const GARBLED_SHARE = 0.03;
const GARBLED_MIN_WORDS = 10;

const PLACEMENT_ORDER: Record<NotePlacement, number> = { 'plan title': 0, 'scale label': 1, 'other title': 2, unlabelled: 3 };

interface NoteEvidence {
  candidate: ScaleCandidate;
  box: FramedBox;
  line: TextLine;
  plausible: boolean;
  drawingArea: number;
  frequency: number;
}

function textLayerState(words: SheetWord[]): ScaleChecks['textLayer'] {
  if (words.length === 0) return 'empty';
  const garbled = words.filter((word) => looksGarbled(word.text)).length;
  return garbled >= GARBLED_MIN_WORDS && garbled >= GARBLED_SHARE * words.length ? 'garbled' : 'ok';
}

function isNear(box: FramedBox, line: TextLine, fontSizes: number): boolean {
  return gapBetween(box, line) <= fontSizes * line.fontSize;
}

function placementOf(
  box: FramedBox,
  line: TextLine,
  textBefore: string,
  lines: TextLine[],
  titles: DrawingTitle[],
): { title: DrawingTitle | null; placement: NotePlacement } {
  const title = titleOfNote(box, line, titles);
  if (title) return { title, placement: title.kind === 'plan' ? 'plan title' : 'other title' };
  // A title block puts the SCALE label beside the value or in the corner of its cell above it.
  const labelled = mentionsScale(textBefore) || lines.some((other) => other !== line && mentionsScale(other.text) && isNear(box, other, 3));
  return { title: null, placement: labelled ? 'scale label' : 'unlabelled' };
}

/** Whether a drawing `largestSide` inches long draws at least a building's worth at `ratio`. */
function drawsBuilding(largestSide: number, ratio: number): boolean {
  return largestSide < SMALLEST_PLAN_INCHES || largestSide * METRES_PER_INCH * ratio >= SMALLEST_BUILDING_METRES;
}

function noteEvidence(lines: TextLine[], titles: DrawingTitle[], regions: DrawingRegions, largestSide: number, info: SheetInfo): NoteEvidence[] {
  const pageInches: [number, number] = [info.widthPt / 72, info.heightPt / 72];
  const evidence: NoteEvidence[] = [];
  for (const line of lines) {
    for (const match of findScaleNotes(line.text)) {
      const box = spanBox(line, match.start, match.end);
      const { title, placement } = placementOf(box, line, line.text.slice(0, match.start), lines, titles);
      const slope = mentionsSlope(line.text) || lines.some((other) => other !== line && isNear(box, other, 1.5) && mentionsSlope(other.text));
      const scale = match.paper ? asPlotted(match.scale, match.paper, pageInches) : match.scale;
      const ratio = realPerPaper(scale);
      evidence.push({
        candidate: {
          source: 'note',
          scale,
          ratio,
          text: match.scale.label ?? line.text,
          bbox: bboxOf(corners(box)),
          title: title?.line.text ?? null,
          placement,
          rejection: match.rejection ?? (slope ? 'a slope, not a scale' : null),
          governs: false,
        },
        box,
        line,
        plausible: drawsBuilding(largestSide, ratio),
        drawingArea: title ? regions.drawingAreaAbove(title.line) : 0,
        frequency: 0,
      });
    }
  }
  rejectScaleLists(evidence);
  const valid = evidence.filter((entry) => entry.candidate.rejection === null);
  for (const entry of valid) {
    entry.frequency = valid.filter((other) => ratiosAgree(other.candidate.ratio, entry.candidate.ratio, SAME_SCALE)).length;
  }
  return evidence;
}

/** Two notes printed alike, one after the other on a baseline or one under the other in a column. */
function aligned(a: NoteEvidence, b: NoteEvidence): boolean {
  const size = a.line.fontSize;
  if (angleDifference(a.line.angle, b.line.angle) > 0.05 || Math.abs(b.line.fontSize - size) > 0.1 * size) return false;
  const bInA = boxInFrame(a.box.frame, corners(b.box));
  const sameBaseline = Math.abs(bInA.across[1] - a.box.across[1]) < 0.5 * size;
  const sameColumn = Math.abs(bInA.along[0] - a.box.along[0]) < size;
  return sameBaseline || sameColumn;
}

/**
 * Three or more different scales printed alike in a row or column, under no title, are a list of
 * scales (the print-check rulers in a sheet's margin, a legend), not notes of drawings. A note
 * under a title belongs to that drawing whatever stands beside it.
 */
function rejectScaleLists(evidence: NoteEvidence[]): void {
  const open = evidence.filter(
    (entry) => entry.candidate.rejection === null && (entry.candidate.placement === 'unlabelled' || entry.candidate.placement === 'scale label'),
  );
  const listed = new Set<NoteEvidence>();
  for (const entry of open) {
    const row = open.filter((other) => aligned(entry, other));
    const scales = row.filter(
      (other, i) => row.findIndex((first) => ratiosAgree(first.candidate.ratio, other.candidate.ratio, SAME_SCALE)) === i,
    );
    if (scales.length >= 3) for (const member of row) listed.add(member);
  }
  for (const entry of listed) entry.candidate.rejection = 'one of a list of scales (print-check rulers or a legend), not a drawing note';
}

function notToScaleMarks(lines: TextLine[], titles: DrawingTitle[]): NotToScaleMark[] {
  return lines.flatMap((line) =>
    findNotToScale(line.text).map(({ start, end }) => {
      const box = spanBox(line, start, end);
      const { title, placement } = placementOf(box, line, line.text.slice(0, start), lines, titles);
      return { text: line.text.slice(start, end), bbox: bboxOf(corners(box)), title: title?.line.text ?? null, placement, governs: false };
    }),
  );
}

/** Orders notes by the governing rule (see the top of this file), best first. */
function compareNotes(a: NoteEvidence, b: NoteEvidence): number {
  return (
    Number(b.plausible) - Number(a.plausible) ||
    PLACEMENT_ORDER[a.candidate.placement!] - PLACEMENT_ORDER[b.candidate.placement!] ||
    b.drawingArea - a.drawingArea ||
    b.frequency - a.frequency
  );
}

/**
 * Whether `other`, with another scale, ranks too close to `best` to tell which governs: equal on
 * plausibility and placement, a drawing at least half as large, and at least half as frequent.
 */
function rivals(best: NoteEvidence, other: NoteEvidence): boolean {
  if (ratiosAgree(best.candidate.ratio, other.candidate.ratio, SAME_SCALE)) return false;
  if (best.plausible !== other.plausible || best.candidate.placement !== other.candidate.placement) return false;
  return other.drawingArea >= 0.5 * best.drawingArea && 2 * other.frequency > best.frequency;
}

/** The dimension readings in one measuring system (a metric sheet has no feet, an imperial one no millimetres). */
function inSystem(measurements: DimensionMeasurement[], metric: boolean): DimensionMeasurement[] {
  return measurements
    .map((measurement) => ({
      ...measurement,
      readings: measurement.readings.filter((reading) => (reading.unit === 'feet-inches') !== metric),
    }))
    .filter((measurement) => measurement.readings.length > 0);
}

function agreeingCount(measurements: DimensionMeasurement[], ratio: number, dpi: number): number {
  return measurements.filter((measurement) =>
    measurement.readings.some((reading) => ratiosAgree(dimensionRatio(measurement, reading, dpi), ratio, AGREES)),
  ).length;
}

/**
 * The largest group of agreeing dimensions, read in the unit nearer `ratio` when its numbers read
 * as millimetres and as centimetres: a 1:200 note is checked against the centimetre reading, not
 * against the millimetre one ten times smaller.
 */
function consensusNear(clusters: DimensionCluster[], ratio: number): DimensionCluster | null {
  const largest = clusters[0];
  if (!largest) return null;
  const twin = twinOf(largest, clusters);
  const distance = (cluster: DimensionCluster) => Math.abs(Math.log(cluster.ratio / ratio));
  return twin && distance(twin) < distance(largest) ? twin : largest;
}

function dimensionVerdict(measurements: DimensionMeasurement[], clusters: DimensionCluster[], ratio: number, dpi: number): DimensionCheck {
  const best = consensusNear(clusters, ratio);
  const agreeing = agreeingCount(measurements, ratio, dpi);
  const support = best?.members.length ?? 0;
  let verdict: Verdict;
  if (measurements.length === 0) verdict = 'none';
  else if (agreeing >= 2 && agreeing >= 0.5 * support) verdict = 'agrees';
  else if (best && support >= 3 && support >= CONTRADICTING_SHARE * measurements.length && !ratiosAgree(best.ratio, ratio, CONTRADICTS)) verdict = 'disagrees';
  else verdict = 'inconclusive';
  return {
    measured: measurements.length,
    consensus: best ? { ratio: best.ratio, unit: best.unit, support } : null,
    agreeing,
    verdict,
  };
}

function barVerdict(bar: { ratio: number }, ratio: number): Verdict {
  if (ratiosAgree(bar.ratio, ratio, AGREES)) return 'agrees';
  return ratiosAgree(bar.ratio, ratio, CONTRADICTS) ? 'inconclusive' : 'disagrees';
}

/** A scale measured rather than printed: the standard one within 1 %, else the ratio itself. */
export function measuredScale(ratio: number, imperial: boolean, source: string, manual: boolean): Scale {
  const standard = nearestStandardScale(ratio, imperial ? 'imperial' : 'metric', SNAP_TO_STANDARD);
  if (standard) return { ...standard, label: `${standard.label} (from ${source})`, manual_scaling_needed: manual };
  if (imperial) {
    const feetPerInch = ratio / 12;
    return {
      drawing: 1,
      real: feetPerInch,
      type: 'custom',
      units: 'imperial',
      label: `1" = ${feetPerInch.toFixed(2)}' (from ${source})`,
      manual_scaling_needed: manual,
    };
  }
  return { drawing: 1, real: ratio, type: 'custom', units: 'si', label: `1:${ratio.toFixed(1)} (from ${source})`, manual_scaling_needed: manual };
}

/**
 * A graphic scale bar that prints no unit, on a sheet with no metric note to say it counts metres,
 * read against the ratio another measure of the sheet found in metres (its rooms' printed areas):
 * the bar's scale where, counted in metres, it agrees with that ratio within AGREES. The bar
 * measures the drawing; the other measure settles its unit, which a bar of feet would miss by
 * a factor of 3.28.
 */
export function metricBarAgreeing(input: Required<ScaleInput>, ratio: number): Scale | null {
  const words = input.words.filter((word) => !looksGarbled(word.text));
  const bar = findScaleBars(words, indexSegments(input.primitives), input.info.dpi, [ratio]).find((found) => !found.imperial && ratiosAgree(found.ratio, ratio, AGREES));
  return bar ? measuredScale(bar.ratio, false, 'graphic scale bar', false) : null;
}

/** Plan drawings are published between 1:20 and 1:200; it settles whether bare integers are mm or cm. */
function typicalPlanRatio(ratio: number): boolean {
  return ratio >= 20 && ratio <= 200;
}

interface ConsensusScale {
  cluster: DimensionCluster;
  /** Bare integers read equally well as millimetres and centimetres, and the usual plan scales do not tell which. */
  ambiguous: boolean;
}

/** The group of the same measured dimensions read in another unit (bare integers as mm and as cm). */
function twinOf(cluster: DimensionCluster, clusters: DimensionCluster[]): DimensionCluster | undefined {
  return clusters.find(
    (other) =>
      other !== cluster && other.members.length === cluster.members.length && other.members.every((member) => cluster.members.includes(member)),
  );
}

function dimensionConsensus(clusters: DimensionCluster[]): ConsensusScale | null {
  const best = clusters[0];
  if (!best) return null;
  const twin = twinOf(best, clusters);
  let chosen = best;
  let ambiguous = false;
  if (twin) {
    const bestTypical = typicalPlanRatio(best.ratio);
    const twinTypical = typicalPlanRatio(twin.ratio);
    if (twinTypical && !bestTypical) chosen = twin;
    ambiguous = bestTypical === twinTypical;
  }
  return { cluster: chosen, ambiguous };
}

interface Decision {
  scale: Scale | null;
  /** The candidate the scale comes from; measured ones are not among the candidates yet. */
  governs: ScaleCandidate | null;
  notToScale?: NotToScaleMark;
  reason: string;
  dimensions?: DimensionCheck;
  barVerdicts?: Verdict[];
  conflictingNotes?: boolean;
  /** Where the scale is flagged yet its sizes can be trusted: see `ScaleDetection.sizeScale`. */
  sizeScale?: Scale;
}

interface Evidence {
  notes: NoteEvidence[];
  notToScale: NotToScaleMark[];
  measurements: DimensionMeasurement[];
  bars: ScaleBar[];
  barCandidates: ScaleCandidate[];
  dpi: number;
  /** The largest drawing's longer side, inches of paper. */
  largestDrawingSide: number;
}

/** Detects the sheet's scale from its words and linework; see the top of this file for the rules. */
export function detectScale(input: ScaleInput): ScaleDetection {
  const { info } = input;
  const textLayer = textLayerState(input.words);
  if (textLayer === 'garbled') {
    // No word is evidence then, whatever it seems to say: shifted letters read as digits and colons.
    return {
      scale: null,
      sizeScale: null,
      candidates: [],
      checks: {
        textLayer,
        notToScale: [],
        conflictingNotes: false,
        dimensions: { measured: 0, consensus: null, agreeing: null, verdict: 'none' },
        bars: [],
        reason: 'The text layer is garbled (broken character mapping), so no printed scale or dimension can be read.',
      },
    };
  }
  const words = input.words.filter((word) => !looksGarbled(word.text));
  const lines = assembleLines(words);
  const segments = indexSegments(input.primitives);
  const titles = findTitles(lines);
  const regions = new DrawingRegions(words, segments, info);
  const largestDrawingSide = regions.largestDrawingSideInches();
  const notes = noteEvidence(lines, titles, regions, largestDrawingSide, info);
  const metricNoteRatios = notes.filter(({ candidate }) => candidate.rejection === null && candidate.scale.units === 'si').map(({ candidate }) => candidate.ratio);
  const bars = findScaleBars(words, segments, info.dpi, metricNoteRatios);
  const evidence: Evidence = {
    notes,
    notToScale: notToScaleMarks(lines, titles),
    measurements: measureDimensions(lines, segments, Math.hypot(info.widthPx, info.heightPx)),
    bars,
    barCandidates: bars.map((bar) => ({
      source: 'bar',
      scale: measuredScale(bar.ratio, bar.imperial, 'graphic scale bar', false),
      ratio: bar.ratio,
      text: bar.text,
      bbox: bar.bbox,
      title: null,
      placement: null,
      rejection: null,
      governs: false,
    })),
    dpi: info.dpi,
    largestDrawingSide,
  };

  const decision = decide(evidence);
  const candidates = [...evidence.notes.map((note) => note.candidate), ...evidence.barCandidates];
  if (decision.governs) {
    decision.governs.governs = true;
    if (!candidates.includes(decision.governs)) candidates.push(decision.governs);
  }
  if (decision.notToScale) decision.notToScale.governs = true;
  return {
    scale: decision.scale,
    sizeScale: decision.sizeScale ?? (decision.scale?.manual_scaling_needed === false ? decision.scale : null),
    candidates,
    checks: {
      textLayer,
      notToScale: evidence.notToScale,
      conflictingNotes: decision.conflictingNotes ?? false,
      dimensions: decision.dimensions ?? {
        measured: evidence.measurements.length,
        consensus: null,
        agreeing: null,
        verdict: evidence.measurements.length > 0 ? 'inconclusive' : 'none',
      },
      bars: bars.map((bar, i) => ({ ratio: bar.ratio, text: bar.text, bbox: bar.bbox, verdict: decision.barVerdicts?.[i] ?? 'none' })),
      reason: decision.reason,
    },
  };
}

function decide(evidence: Evidence): Decision {
  const valid = evidence.notes.filter((note) => note.candidate.rejection === null).sort(compareNotes);
  const governing = valid[0] ?? null;
  const notToScale = evidence.notToScale
    .filter((mark) => mark.placement === 'plan title' || mark.placement === 'scale label')
    .filter((mark) => !governing || PLACEMENT_ORDER[mark.placement] < PLACEMENT_ORDER[governing.candidate.placement!])
    .sort((a, b) => PLACEMENT_ORDER[a.placement] - PLACEMENT_ORDER[b.placement])[0];
  if (notToScale) return decideNotToScale(notToScale, evidence);
  if (governing) return decideWithNote(governing, valid, evidence);
  if (evidence.bars.length > 0) return decideFromBars(evidence);
  return decideFromDimensions(evidence);
}

function dimensionCandidate(scale: Scale, cluster: DimensionCluster): ScaleCandidate {
  return {
    source: 'dimensions',
    scale,
    ratio: cluster.ratio,
    text: cluster.members.map((member) => member.text).join(', '),
    bbox: bboxOf(cluster.members.flatMap(({ bbox }) => [[bbox[0], bbox[1]], [bbox[2], bbox[3]]])),
    title: null,
    placement: null,
    rejection: null,
    governs: false,
  };
}

function decideNotToScale(mark: NotToScaleMark, { measurements, dpi }: Evidence): Decision {
  const clusters = clusterDimensions(measurements, dpi, AGREES);
  const consensus = dimensionConsensus(clusters);
  if (!consensus) return { scale: null, governs: null, notToScale: mark, reason: `The plan is marked "${mark.text}" and its dimensions give no consensus.` };
  const scale = measuredScale(consensus.cluster.ratio, consensus.cluster.unit === 'feet-inches', 'dimensions', true);
  return {
    scale,
    governs: dimensionCandidate(scale, consensus.cluster),
    notToScale: mark,
    dimensions: dimensionVerdict(measurements, clusters, consensus.cluster.ratio, dpi),
    reason: `The plan is marked "${mark.text}"; the scale measured from its dimensions needs confirming.`,
  };
}

function decideFromBars({ bars, barCandidates, measurements, dpi }: Evidence): Decision {
  const [bar, ...others] = bars;
  const barsDisagree = others.some((other) => !ratiosAgree(other.ratio, bar.ratio, AGREES));
  const inSystemMeasurements = inSystem(measurements, !bar.imperial);
  const dimensions = dimensionVerdict(inSystemMeasurements, clusterDimensions(inSystemMeasurements, dpi, AGREES), bar.ratio, dpi);
  const manual = barsDisagree || dimensions.verdict === 'disagrees';
  const governs = barCandidates[0];
  governs.scale = { ...governs.scale, manual_scaling_needed: manual };
  return {
    scale: governs.scale,
    governs,
    dimensions,
    barVerdicts: bars.map((other) => barVerdict(other, bar.ratio)),
    reason: barsDisagree
      ? 'The sheet has no scale note and its graphic scale bars disagree.'
      : manual
        ? 'The sheet has no scale note, and its graphic scale bar and dimensions disagree.'
        : 'The sheet has no scale note; the scale comes from its graphic scale bar.',
  };
}

function decideFromDimensions({ notes, measurements, dpi, largestDrawingSide }: Evidence): Decision {
  const clusters = clusterDimensions(measurements, dpi, AGREES);
  const consensus = dimensionConsensus(clusters);
  if (!consensus) return { scale: null, governs: null, reason: 'No scale note, graphic scale bar or agreeing dimensions were found.' };
  // Figures that agree on a scale at which the plan would be smaller than a building are misread
  // (OCR's "80, 93, 74" out of a hatch put a sheet at 1:1.6): they suggest nothing.
  if (!drawsBuilding(largestDrawingSide, consensus.cluster.ratio)) {
    return { scale: null, governs: null, dimensions: dimensionVerdict(measurements, clusters, consensus.cluster.ratio, dpi), reason: 'No scale is printed, and the dimensions that agree would draw the plan smaller than a building.' };
  }
  const agreeing = `${consensus.cluster.members.length} of ${measurements.length} measured dimensions agree on it`;
  // A bare ratio that is no standard scale ("1:79.90": ArchiCAD's plot fitted to its paper) is no
  // note by itself, but where the dimensions measure the same ratio, two readings agree on it.
  const confirmed = notes.find((note) => note.candidate.rejection === UNLABELLED_RATIO && note.plausible && ratiosAgree(note.candidate.ratio, consensus.cluster.ratio, AGREES));
  if (confirmed) {
    confirmed.candidate.rejection = null;
    return {
      scale: { ...confirmed.candidate.scale, manual_scaling_needed: false },
      governs: confirmed.candidate,
      dimensions: dimensionVerdict(measurements, clusters, confirmed.candidate.ratio, dpi),
      reason: `The sheet prints the ratio "${confirmed.candidate.text}", no standard scale and not labelled as one, and its dimensions confirm it (${agreeing}).`,
    };
  }
  const scale = measuredScale(consensus.cluster.ratio, consensus.cluster.unit === 'feet-inches', 'dimensions', true);
  return {
    scale,
    governs: dimensionCandidate(scale, consensus.cluster),
    dimensions: dimensionVerdict(measurements, clusters, consensus.cluster.ratio, dpi),
    reason: consensus.ambiguous
      ? 'No scale is printed; the dimensions suggest one, but their numbers read as well in millimetres as in centimetres.'
      : `No scale is printed; the dimensions suggest one (${agreeing}), which needs confirming.`,
  };
}

interface CrossCheck {
  dimensions: DimensionCheck;
  bars: Verdict[];
}

function crossCheck(note: NoteEvidence, { measurements, bars, dpi }: Evidence): CrossCheck {
  const inSystemMeasurements = inSystem(measurements, note.candidate.scale.units === 'si');
  const clusters = clusterDimensions(inSystemMeasurements, dpi, AGREES);
  return {
    dimensions: dimensionVerdict(inSystemMeasurements, clusters, note.candidate.ratio, dpi),
    bars: bars.map((bar) => barVerdict(bar, note.candidate.ratio)),
  };
}

function confirms(check: CrossCheck): boolean {
  return check.bars.includes('agrees') || (!check.bars.includes('disagrees') && check.dimensions.verdict === 'agrees');
}

/**
 * OCR reads a foot mark as an inch mark (`3/16"=1"` printed `3/16"=1'`, a scale no building plan
 * is drawn at): the note read with its last inch mark a foot mark, for the measured dimensions to
 * confirm; null where the note is no paper inches to real inches.
 */
function readInFeet(note: NoteEvidence): NoteEvidence | null {
  const { scale, text } = note.candidate;
  const last = text.lastIndexOf('"');
  if (scale.units !== 'inches' || last < 0) return null;
  const label = `${text.slice(0, last)}'${text.slice(last + 1)}`;
  const inFeet: Scale = { ...scale, type: imperialScaleType(scale.drawing, scale.real), units: 'imperial', label };
  return { ...note, plausible: true, candidate: { ...note.candidate, scale: inFeet, ratio: note.candidate.ratio * 12, text: label } };
}

function decideWithNote(governing: NoteEvidence, valid: NoteEvidence[], evidence: Evidence): Decision {
  const contenders = [governing, ...valid.filter((other) => other !== governing && rivals(governing, other))];
  const decision = (note: NoteEvidence, check: CrossCheck, manual: boolean, reason: string): Decision => ({
    scale: { ...note.candidate.scale, manual_scaling_needed: manual },
    governs: note.candidate,
    reason,
    dimensions: check.dimensions,
    barVerdicts: check.bars,
    conflictingNotes: contenders.length > 1,
  });
  const label = `"${governing.candidate.text}"`;

  if (contenders.length > 1) {
    const checked = contenders.map((note) => ({ note, check: crossCheck(note, evidence) }));
    const confirmed = checked.filter(({ check }) => confirms(check));
    const confirmedScales = confirmed.filter(
      (entry, i) => confirmed.findIndex((other) => ratiosAgree(other.note.candidate.ratio, entry.note.candidate.ratio, SAME_SCALE)) === i,
    );
    if (confirmedScales.length === 1) {
      const { note, check } = confirmedScales[0];
      const by = check.bars.includes('agrees') ? 'graphic scale bar' : 'measured dimensions';
      return decision(note, check, false, `Several scales are printed for drawings of equal rank; the ${by} confirm "${note.candidate.text}".`);
    }
    const printed = contenders.map((note) => `"${note.candidate.text}"`).join(', ');
    return decision(governing, checked[0].check, true, `Several scales are printed for drawings of equal rank (${printed}) and nothing on the sheet settles which governs the plan.`);
  }

  const footMarked = readByOcr(governing.line) ? readInFeet(governing) : null;
  if (footMarked) {
    const footCheck = crossCheck(footMarked, evidence);
    if (confirms(footCheck)) {
      return decision(footMarked, footCheck, false, `"${governing.candidate.text}" read by OCR, its foot mark taken for an inch mark, is ${footMarked.candidate.scale.label}: confirmed by the measured dimensions.`);
    }
  }
  const check = crossCheck(governing, evidence);
  if (!governing.plausible) {
    return decision(governing, check, true, `The only usable note, ${label}, is too large a scale for the sheet's largest drawing to be a building plan.`);
  }
  if (check.bars.includes('agrees')) return decision(governing, check, false, `${label} is confirmed by the graphic scale bar.`);
  if (check.bars.includes('disagrees')) {
    const bar = evidence.bars[check.bars.indexOf('disagrees')];
    const contradicted = decision(governing, check, true, `The graphic scale bar contradicts ${label}: the sheet is not printed at its note's scale, and the scale offered is the bar's.`);
    // A bar shrinks with the drawing when a plot is printed onto smaller paper; the note does not.
    const measured = measuredScale(bar.ratio, bar.imperial, 'graphic scale bar', false);
    return { ...contradicted, scale: { ...measured, manual_scaling_needed: true }, sizeScale: measured };
  }
  // A misread digit is a wrong scale: OCR's reading of a note is trusted only once confirmed.
  if (readByOcr(governing.line) && check.dimensions.verdict !== 'agrees' && check.dimensions.verdict !== 'disagrees') {
    return decision(governing, check, true, `${label} was read by OCR and no dimension or scale bar confirms it.`);
  }
  switch (check.dimensions.verdict) {
    case 'disagrees': {
      const consensus = check.dimensions.consensus!;
      const contradicted = decision(
        governing,
        check,
        true,
        `The measured dimensions contradict ${label} (they read 1:${consensus.ratio.toFixed(1)}): the sheet is not printed at its note's scale, and the scale offered is the dimensions'.`,
      );
      // Offered for someone to confirm: the scale the drawing measures at as printed, not the note
      // it contradicts (a plot shrunk onto smaller paper keeps its note).
      return { ...contradicted, scale: measuredScale(consensus.ratio, consensus.unit === 'feet-inches', 'dimensions', true) };
    }
    case 'agrees':
      return decision(governing, check, false, `${label} is confirmed by ${check.dimensions.agreeing} measured dimensions.`);
    case 'inconclusive':
      return decision(governing, check, false, `${label} governs the plan; the measured dimensions neither confirm nor contradict it.`);
    case 'none':
      return decision(governing, check, false, `${label} governs the plan; no dimension or scale bar could cross-check it.`);
  }
}
