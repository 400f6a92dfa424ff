// Repair of text layers whose ToUnicode map is off by a constant. Some CAD/Revit exporters write a
// font's ToUnicode entries shifted by a fixed number of code points (29 when the map gives
// TrueType glyph ids instead of characters: glyph 3 is the space, glyph 0x13 the digit 0), so
// digits come out as control characters and letters as other letters. All text drawn with one
// font shares the same map, so the shift is found per font: the one that turns its text into
// plausible tokens (words, numbers, dimensions, drawing codes). A font is only touched when its
// text as mapped is implausible, there is enough of it, and one shift makes it clearly plausible.
// One exporter writes all of a document's maps, so once a font proves a shift, the same shift
// repairs the document's other fonts whenever it makes them plausible and clearly more so than as
// mapped: a font with little text, or one whose few distinct labels happen to read as dimensions.

/** Shifts tried in both directions; wider shifts would move symbol fonts' private-use codes into ASCII. */
const MAX_SHIFT = 255;
/** Fewer glyphs than this say too little to judge a font's map. */
const MIN_GLYPHS = 20;
/** A font whose tokens are at least this plausible as mapped is left alone. */
const FINE_SHARE = 0.5;
/** A shift must make at least this share of the font's characters printable to be scored at all... */
const PRINTABLE_SHARE = 0.9;
/** ...and at least this share of its text plausible tokens, this much more than as mapped. */
const REPAIRED_SHARE = 0.8;
const REQUIRED_GAIN = 0.4;
/** The gain that suffices for a shift another font of the document has proved. */
const CORROBORATED_GAIN = 0.2;
/** Longer letter runs without a vowel, or with longer consonant clusters, are not words. */
const ABBREVIATION_LENGTH = 4;
const MAX_CONSONANT_RUN = 4;
/** Letters and digits mixed in one segment (A2, 2BR, B12a) make a code only when short. */
const MAX_CODE_LENGTH = 6;

const UNPRINTABLE = /[\p{Cc}\p{Cn}\p{Co}\p{Cs}\ufffd]/u;
const SEGMENT_SEPARATOR = /[\p{P}\p{S}]+/u;
/** Punctuation that drawing text uses; brackets, carets, backslashes and the like mark garbage. */
const DRAWING_PUNCTUATION = /^[.,:;\-–—/'"’”′″()&+#%°×=*]$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Punctuation alone makes a token only this short (`-`, `&`). */
const MAX_PUNCTUATION_TOKEN = 2;
const WORD = /^(?:\p{Lu}?\p{Ll}+|\p{Lu}+)$/u;
const DIGITS = /^\p{Nd}+$/u;
const CODE = /^[\p{L}\p{N}]+$/u;
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüý]/iu;
const CONSONANT_RUN = new RegExp(`[b-df-hj-np-tv-xz]{${MAX_CONSONANT_RUN + 1},}`, 'i');

/**
 * The code-point shift to add to each font's text (given in pieces that are set together, words or
 * parts of words), for the fonts whose text is shifted; fonts missing from the map are fine as
 * they are (or too short to tell).
 */
export function findCodePointShifts(pieces: Iterable<{ font: string; text: string }>): Map<string, number> {
  const textsByFont = new Map<string, string[]>();
  for (const { font, text } of pieces) {
    const texts = textsByFont.get(font);
    if (texts) texts.push(text);
    else textsByFont.set(font, [text]);
  }
  const shifts = new Map<string, number>();
  for (const [font, texts] of textsByFont) {
    const shift = provenShift(texts);
    if (shift !== 0) shifts.set(font, shift);
  }
  const proven = new Set(shifts.values());
  for (const [font, texts] of textsByFont) {
    if (shifts.has(font)) continue;
    const asMapped = plausibleShare(texts, 0);
    for (const shift of proven) {
      const share = plausibleShare(texts, shift);
      if (share >= REPAIRED_SHARE && share - asMapped >= CORROBORATED_GAIN) {
        shifts.set(font, shift);
        break;
      }
    }
  }
  return shifts;
}

export function shiftCodePoints(text: string, shift: number): string {
  let shifted = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0)! + shift;
    shifted += codePoint >= 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
  }
  return shifted;
}

/** The shift that the font's own text proves, or 0. */
function provenShift(texts: string[]): number {
  const counts = new Map<number, number>();
  let glyphs = 0;
  for (const text of texts) {
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      counts.set(codePoint, (counts.get(codePoint) ?? 0) + 1);
      glyphs++;
    }
  }
  if (glyphs < MIN_GLYPHS) return 0;
  const asMapped = plausibleShare(texts, 0);
  if (asMapped >= FINE_SHARE) return 0;
  let best = { shift: 0, share: asMapped };
  for (let shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
    if (shift === 0 || printableShare(counts, glyphs, shift) < PRINTABLE_SHARE) continue;
    const share = plausibleShare(texts, shift);
    if (share > best.share) best = { shift, share };
  }
  return best.share >= REPAIRED_SHARE && best.share - asMapped >= REQUIRED_GAIN ? best.shift : 0;
}

/** Share of glyphs (blanks included) that are printable characters or blanks after the shift. */
function printableShare(counts: Map<number, number>, glyphs: number, shift: number): number {
  let printable = 0;
  for (const [codePoint, count] of counts) {
    const shifted = codePoint + shift;
    if (shifted >= 0 && shifted <= 0x10ffff && !UNPRINTABLE.test(String.fromCodePoint(shifted))) printable += count;
  }
  return printable / glyphs;
}

/** Share of the non-blank characters, shifted, that belong to plausible tokens. */
function plausibleShare(texts: string[], shift: number): number {
  let plausible = 0;
  let total = 0;
  for (const text of texts) {
    for (const token of shiftCodePoints(text, shift).split(/\s+/)) {
      const length = [...token].length;
      total += length;
      if (length > 0 && isPlausibleToken(token)) plausible += length;
    }
  }
  return total > 0 ? plausible / total : 0;
}

/**
 * A token reads like drawing text when it is mostly letters and digits, its other characters are
 * common drawing punctuation, and each piece between them is a number, a word (Word, WORD, word)
 * or a short code; `12'-6"`, `1:200`, `m²`, `A2.14` and `(TYP.)` all qualify.
 */
function isPlausibleToken(token: string): boolean {
  let lettersAndDigits = 0;
  let others = 0;
  for (const character of token) {
    if (LETTER_OR_DIGIT.test(character)) lettersAndDigits++;
    else if (DRAWING_PUNCTUATION.test(character)) others++;
    else return false;
  }
  if (lettersAndDigits === 0 ? others > MAX_PUNCTUATION_TOKEN : others > lettersAndDigits) return false;
  return token.split(SEGMENT_SEPARATOR).every((segment) => segment === '' || isPlausibleSegment(segment));
}

function isPlausibleSegment(segment: string): boolean {
  if (DIGITS.test(segment)) return true;
  if (WORD.test(segment)) {
    return segment.length <= ABBREVIATION_LENGTH || (VOWEL.test(segment) && !CONSONANT_RUN.test(segment));
  }
  return segment.length <= MAX_CODE_LENGTH && CODE.test(segment);
}
