// Typographic normalisation for scale notes and dimension strings. Sheets print the same note with
// prime marks, curly quotes, unicode fractions and en dashes; the parsers only need to know ASCII.
// Every normalised character remembers where it came from so a match can be reported as printed.

const FRACTIONS: Record<string, string> = {
  '¼': '1/4', '½': '1/2', '¾': '3/4',
  '⅛': '1/8', '⅜': '3/8', '⅝': '5/8', '⅞': '7/8',
  '⅓': '1/3', '⅔': '2/3', '⅕': '1/5', '⅙': '1/6', '⅚': '5/6',
};

const SINGLE_CHARACTER: Record<string, string> = {
  '″': '"', '”': '"', '“': '"', '„': '"', '˝': '"', '〃': '"', '＂': '"',
  '′': "'", '’': "'", '‘': "'", '`': "'", '´': "'", 'ʹ': "'", 'ʼ': "'", '＇': "'",
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '−': '-', '﹣': '-', '－': '-',
  '⁄': '/', '∕': '/', '／': '/',
  '∶': ':', '：': ':', '＝': '=',
  '×': 'x',
};

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

export interface NormalizedText {
  text: string;
  /** For each character of `text`, the index of the character of the original it came from. */
  origin: number[];
}

/**
 * ASCII spelling of `original` for the scale and dimension parsers: quotes and primes become `"`
 * and `'`, dashes `-`, unicode fractions `n/d` (a space is put between a whole number and its
 * fraction, `1½` → `1 1/2`), super/subscript digits plain digits, every kind of space one space,
 * and two apostrophes an inch mark.
 */
export function normalizeTypography(original: string): NormalizedText {
  let text = '';
  const origin: number[] = [];
  const emit = (value: string, from: number) => {
    for (const character of value) {
      text += character;
      origin.push(from);
    }
  };
  for (let index = 0; index < original.length; index++) {
    const character = original[index];
    const fraction = FRACTIONS[character];
    if (fraction) {
      emit(/\d$/.test(text) ? ` ${fraction}` : fraction, index);
    } else if (character === "'" && original[index + 1] === "'") {
      emit('"', index);
      index++;
    } else if (SINGLE_CHARACTER[character]) {
      emit(SINGLE_CHARACTER[character], index);
    } else if (SUPERSCRIPT_DIGITS.includes(character)) {
      emit(String(SUPERSCRIPT_DIGITS.indexOf(character)), index);
    } else if (SUBSCRIPT_DIGITS.includes(character)) {
      emit(String(SUBSCRIPT_DIGITS.indexOf(character)), index);
    } else if (/\s/.test(character)) {
      if (!text.endsWith(' ')) emit(' ', index);
    } else {
      emit(character, index);
    }
  }
  return { text, origin };
}

/** The printed characters behind `normalized.text.slice(start, end)`. */
export function originalSpan(original: string, normalized: NormalizedText, start: number, end: number): string {
  return original.slice(normalized.origin[start], normalized.origin[end - 1] + 1);
}

/**
 * Text whose glyphs were mapped to the wrong code points (a broken ToUnicode table shifts letters
 * into control characters) or could not be mapped at all.
 */
export function looksGarbled(text: string): boolean {
  return /[\u0000-\u0008\u000e-\u001f\u007f\ufffd\ue000-\uf8ff]/.test(text);
}
