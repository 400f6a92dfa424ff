// Printed scale notes found in a line of text: `1/4" = 1'-0"`, `1" = 20'`, `1:50`, `M 1:50`,
// `SCALE: 1/8" = 1'-0"`, `1' = 1/8"`, `1" = 48"` and spelled-out rulers such as
// `one and one half inches = one foot`. The text is normalised first (see normalize.ts), so
// typographic variants need no patterns of their own.
import type { Scale } from '../../../../core/src/types.ts';
import { normalizeTypography, originalSpan } from './normalize.ts';
import { paperQualifier, type Paper } from './paper.ts';
import { imperialScaleType, metricScaleType, METRIC_DENOMINATORS } from './ratio.ts';

export interface ScaleNoteMatch {
  /** The note's scale; its label is the note as printed. */
  scale: Scale;
  /** Character range of the note in the text given to `findScaleNotes`. */
  start: number;
  end: number;
  /** Why the match cannot be a scale, or null when it can. */
  rejection: string | null;
  /** The paper the note is stated for ("1:100 @ A1"), or null when it names none. */
  paper: Paper | null;
}

const INCH_MARK = String.raw`(?:"|\bIN\b\.?|\bINCH(?:ES)?\b)`;
const FOOT_MARK = String.raw`(?:'|\bFT\b\.?|\bFEET\b|\bFOOT\b)`;
const FRACTION = String.raw`\d+\s*/\s*\d+`;
const INCH_LENGTH = String.raw`(?:(?:\d+(?:\s*-\s*|\s+))?${FRACTION}|\d+(?:\.\d+)?)\s*${INCH_MARK}`;
const FOOT_LENGTH = String.raw`\d+(?:\.\d+)?\s*${FOOT_MARK}(?:\s*-?\s*\d+(?:\s+${FRACTION})?\s*${INCH_MARK})?`;
const LENGTH = `(?:${INCH_LENGTH}|${FOOT_LENGTH})`;
const IMPERIAL_NOTE = new RegExp(String.raw`(?<![\d./])(${LENGTH})\s*=\s*(${LENGTH})(?![\d/])`, 'gi');

// Lookarounds instead of \b, which only knows ASCII letters and fails next to `É`.
const SCALE_KEYWORD = String.raw`(?<!\p{L})(?:SCALE|SCALA|ESCALA|[EÉ]CHELLE|MA(?:SS|ß)STAB|MERILO|M[EĚ][RŘ][IÍ]TKO|SKALA|SCHAAL)(?!\p{L})`;
const KEYWORD_BEFORE = new RegExp(SCALE_KEYWORD, 'iu');
/** Why a bare ratio such as `1:12` or `1:79.90` is no scale note by itself. */
export const UNLABELLED_RATIO = 'a ratio that is neither labelled as a scale nor a standard scale';
/** `1:50`, never part of a time (`1:30 PM`, `1:05`, `11:01:47`) or a longer ratio (`1:2:4`). */
const RATIO_NOTE = new RegExp(
  String.raw`(?<![\d.,:/])(\bM\s*)?1\s*:\s*([1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*(?:\.\d+)?)(?!\d|\s*:\s*\d|\s*[AP]\.?M\b)`,
  'gi',
);
/** `ÉCHELLE 1/100`: a slash reads as a scale only right after a scale keyword. */
const SLASH_RATIO_NOTE = new RegExp(
  String.raw`(?:${SCALE_KEYWORD}|\bM\b)\s*:?\s*(1\s*/\s*([1-9]\d{1,4}))(?!\s*[\d/"'=]|\s*(?:IN|FT)\b)`,
  'giu',
);

/** A ratio right after a date is a time of day (`10/3/2024 1:20`). */
const DATE_JUST_BEFORE = /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s*$/;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, sixteen: 16, twenty: 20, thirty: 30, forty: 40, fifty: 50,
  sixty: 60, eighty: 80, hundred: 100,
};
const FRACTION_WORDS: Record<string, number> = {
  half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, eighth: 8, eighths: 8,
  sixteenth: 16, sixteenths: 16, 'thirty-second': 32, 'thirty-seconds': 32,
};
const NUMBER_WORD = `(?:${Object.keys(NUMBER_WORDS).join('|')})`;
const FRACTION_WORD = String.raw`(?:thirty[\s-]seconds?|${Object.keys(FRACTION_WORDS).filter((w) => !w.startsWith('thirty')).join('|')})`;
const SPELLED_AMOUNT = String.raw`${NUMBER_WORD}(?:[\s-]+(?:${NUMBER_WORD}|${FRACTION_WORD}|and))*`;
const SPELLED_NOTE = new RegExp(
  String.raw`\b(${SPELLED_AMOUNT})\s+inch(?:es)?\s*=\s*(${SPELLED_AMOUNT})\s+(?:foot|feet)\b`,
  'gi',
);

/** `one and one half` → 1.5, `three eighths` → 0.375; null when the words do not spell a number. */
function spelledNumber(phrase: string): number | null {
  const tokens = phrase.toLowerCase().match(/thirty[\s-]seconds?|[a-z]+/g) ?? [];
  let total = 0;
  let part: number | null = null;
  for (const raw of tokens) {
    const token = raw.replace(/\s/, '-');
    if (token === 'and') {
      if (part === null) return null;
      total += part;
      part = null;
    } else if (token in FRACTION_WORDS) {
      if (part === null) return null;
      total += part / FRACTION_WORDS[token];
      part = null;
    } else if (token === 'hundred') {
      part = (part ?? 1) * 100;
    } else if (token in NUMBER_WORDS) {
      part = (part ?? 0) + NUMBER_WORDS[token];
    } else {
      return null;
    }
  }
  total += part ?? 0;
  return total > 0 ? total : null;
}

interface Length {
  value: number;
  unit: 'inch' | 'foot';
}

const FEET_AND_INCHES = new RegExp(
  String.raw`^(\d+(?:\.\d+)?)\s*${FOOT_MARK}(?:\s*-?\s*(\d+)(?:\s+(\d+)\s*/\s*(\d+))?\s*${INCH_MARK})?$`,
  'i',
);
const MIXED_INCHES = new RegExp(String.raw`^(?:(\d+)(?:\s*-\s*|\s+))?(\d+)\s*/\s*(\d+)\s*${INCH_MARK}$`, 'i');
const DECIMAL_INCHES = new RegExp(String.raw`^(\d+(?:\.\d+)?)\s*${INCH_MARK}$`, 'i');

function fraction(numerator: string | undefined, denominator: string | undefined): number {
  return numerator && denominator ? Number(numerator) / Number(denominator) : 0;
}

function parseLength(text: string): Length | null {
  const feet = FEET_AND_INCHES.exec(text);
  if (feet) {
    const inches = Number(feet[2] ?? 0) + fraction(feet[3], feet[4]);
    return { value: Number(feet[1]) + inches / 12, unit: 'foot' };
  }
  const mixed = MIXED_INCHES.exec(text);
  if (mixed) return { value: Number(mixed[1] ?? 0) + fraction(mixed[2], mixed[3]), unit: 'inch' };
  const decimal = DECIMAL_INCHES.exec(text);
  if (decimal) return { value: Number(decimal[1]), unit: 'inch' };
  return null;
}

/** The scale that "`left` = `right`" states: paper on one side (inches), the building on the other. */
function imperialScale(left: Length, right: Length): Omit<Scale, 'label'> | null {
  if (!(left.value > 0 && right.value > 0 && Number.isFinite(left.value) && Number.isFinite(right.value))) return null;
  // Some title blocks write the building first (`1' = 1/8"`).
  const [paper, real] = left.unit === 'foot' && right.unit === 'inch' ? [right, left] : [left, right];
  if (paper.unit !== 'inch') return null;
  if (real.unit === 'inch') return { drawing: paper.value, real: real.value, type: 'custom', units: 'inches' };
  return { drawing: paper.value, real: real.value, type: imperialScaleType(paper.value, real.value), units: 'imperial' };
}

/** Every scale note in `text`, with the reason when a note-like match cannot be a scale. */
export function findScaleNotes(text: string): ScaleNoteMatch[] {
  const normalized = normalizeTypography(text);
  const source = normalized.text;
  const matches: ScaleNoteMatch[] = [];
  const add = (start: number, noteEnd: number, scale: Omit<Scale, 'label'>, rejection: string | null) => {
    const qualifier = paperQualifier(source.slice(noteEnd));
    const end = noteEnd + (qualifier?.length ?? 0);
    if (matches.some((match) => match.start < normalized.origin[end - 1] + 1 && normalized.origin[start] < match.end)) return;
    matches.push({
      scale: { ...scale, label: originalSpan(text, normalized, start, end), manual_scaling_needed: false },
      start: normalized.origin[start],
      end: normalized.origin[end - 1] + 1,
      rejection,
      paper: qualifier?.paper ?? null,
    });
  };

  for (const match of source.matchAll(IMPERIAL_NOTE)) {
    const left = parseLength(match[1]);
    const right = parseLength(match[2]);
    const scale = left && right ? imperialScale(left, right) : null;
    if (scale) add(match.index, match.index + match[0].length, scale, null);
  }
  for (const match of source.matchAll(SPELLED_NOTE)) {
    const paper = spelledNumber(match[1]);
    const real = spelledNumber(match[2]);
    if (paper && real) {
      add(match.index, match.index + match[0].length, {
        drawing: paper,
        real,
        type: imperialScaleType(paper, real),
        units: 'imperial',
      }, null);
    }
  }
  for (const match of source.matchAll(SLASH_RATIO_NOTE)) {
    const denominator = Number(match[2]);
    const start = match.index + match[0].length - match[1].length;
    add(start, match.index + match[0].length, metricScale(denominator), null);
  }
  for (const match of source.matchAll(RATIO_NOTE)) {
    if (DATE_JUST_BEFORE.test(source.slice(0, match.index))) continue;
    const denominator = Number(match[2].replace(/,/g, ''));
    const labelled = Boolean(match[1]) || KEYWORD_BEFORE.test(source.slice(0, match.index));
    const rejection =
      labelled || METRIC_DENOMINATORS.includes(denominator) && denominator >= 10
        ? null
        : UNLABELLED_RATIO;
    add(match.index, match.index + match[0].length, metricScale(denominator), rejection);
  }
  return matches.sort((a, b) => a.start - b.start);
}

function metricScale(denominator: number): Omit<Scale, 'label'> {
  return { drawing: 1, real: denominator, type: metricScaleType(denominator), units: 'si' };
}

const NOT_TO_SCALE = /\bN\.?\s?T\.?\s?S\b\.?|\bNOT\s*-?\s*TO\s*-?\s*SCALE\b|\bNO\s+SCALE\b|\bSCALE\s*:?\s*NONE\b/gi;

/** Character ranges of "NOT TO SCALE", "NTS", "N.T.S." and the like. */
export function findNotToScale(text: string): { start: number; end: number }[] {
  const normalized = normalizeTypography(text);
  return [...normalized.text.matchAll(NOT_TO_SCALE)].map((match) => ({
    start: normalized.origin[match.index],
    end: normalized.origin[match.index + match[0].length - 1] + 1,
  }));
}

const SLOPE_WORDS = /\b(?:SLOPES?|SLOPED|SLOPING|RAMPS?|PITCH|GRADIENT|GRADE|FALLS?|INCLINE|RISE|BATTER)\b/i;

/** Whether `text` talks about a slope, which makes a ratio or "x" per foot next to it a gradient. */
export function mentionsSlope(text: string): boolean {
  return SLOPE_WORDS.test(text);
}

/** Whether `text` labels a scale ("SCALE:", "M", "merilo:", "ÉCHELLE"...). */
export function mentionsScale(text: string): boolean {
  return KEYWORD_BEFORE.test(normalizeTypography(text).text);
}
