// Words of the sheet's digital text layer. pdf.js's text content gives whole runs with one
// transform, which cannot say where a word inside a run starts or ends, so this stage replays the
// operator list the way pdf.js's canvas renderer paints it and places every glyph from its real
// advance (font widths, Tc, Tw, Tz, TJ adjustments, rise, text matrix and CTM). Fonts whose
// ToUnicode map is shifted by a constant are repaired (text-repair.ts) before glyphs become words,
// since the shift decides which glyphs are blanks.
import { OPS } from './pdfjs.ts';
import type { Position } from '../../../core/src/types.ts';
import { clipRegionOf, regionHolds, type ClipRegion } from './clip.ts';
import type { OpenSheet } from './pdf.ts';
import { findCodePointShifts, shiftCodePoints } from './text-repair.ts';
import type { BBox, SheetWord, SubPath } from './types.ts';
import { applyMatrix, buildSubpaths, multiplyMatrices, subpathsBBox, transformedBox, type Matrix } from './vectors.ts';

type Vec = [number, number];

/** A glyph as pdf.js's evaluator hands it to `showText`; numbers are TJ adjustments. */
interface PdfjsGlyph {
  unicode: string;
  width: number;
  isSpace: boolean;
  vmetric?: number[] | null;
}

interface FontMetrics {
  /** The font's resource name: text drawn with one font shares one ToUnicode map. */
  name: string;
  /** Glyph space to text space along the run (0.001 for all but Type3 and odd Type1 fonts). */
  widthScale: number;
  /**
   * Text space one em spans per unit of font size: 1, except where a font's matrix scales glyph
   * space otherwise and its widths and metrics with it (Ghostscript's ps2pdf writes FontMatrix
   * [1 0 0 1], widths of 278500 and an Ascent of 728027, set at a size a thousandth as large).
   */
  emScale: number;
  /** Extent across the run, in ems. */
  ascent: number;
  descent: number;
  vertical: boolean;
  defaultVMetrics: number[] | null;
  /** pdf.js lays Type3 glyphs out with its own variant of the spacing rule. */
  isType3: boolean;
}

interface TextState {
  font: FontMetrics;
  /** Absolute Tf size; a negative Tf turns the run around (`direction` -1). */
  fontSize: number;
  direction: 1 | -1;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  /** Stored negated, as pdf.js does, so `nextLine` moves by (0, leading). */
  leading: number;
  rise: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

/**
 * A clipping path in force, in blueprint coordinates. Layout programs show one flat of a whole
 * floor by clipping the floor's drawing to the flat, and CAD viewports clip model space the same
 * way: the labels of the rooms cut away are still in the text layer, on top of the rooms shown.
 */
interface TextClip {
  box: BBox;
  /** The clipping path, for a clip that may not be its box (a form's box is). */
  outline?: { subpaths: SubPath[]; evenOdd: boolean };
  /** The outline as a region, built when a glyph is first tested against it (most clips hold none); null where the box is the clip. */
  region?: ClipRegion | null;
}

interface GraphicsState {
  ctm: Matrix;
  text: TextState;
  clips: readonly TextClip[];
}

function clipShows(clip: TextClip, point: Position): boolean {
  const [x0, y0, x1, y1] = clip.box;
  if (point[0] < x0 || point[0] > x1 || point[1] < y0 || point[1] > y1) return false;
  if (clip.region === undefined) clip.region = clip.outline ? clipRegionOf(clip.outline.subpaths, clip.outline.evenOdd) : null;
  return clip.region === null || regionHolds(clip.region, point);
}

/** The middle of a glyph's box: a glyph is on the sheet where its middle is inside every clip. */
function glyphMiddle(glyph: PlacedGlyph): Position {
  return [
    (glyph.start[0] + glyph.end[0] + glyph.below[0] + glyph.above[0]) / 2,
    (glyph.start[1] + glyph.end[1] + glyph.below[1] + glyph.above[1]) / 2,
  ];
}

/** One glyph placed in blueprint coordinates; blanks too, as they end words. */
interface PlacedGlyph {
  text: string;
  font: string;
  /** Origin on the baseline and the end of the glyph's own advance. */
  start: Vec;
  end: Vec;
  /** Where the next glyph of the run is due: the advance plus Tc, so tracked text stays one word. */
  penEnd: Vec;
  /** Unit vector of the run direction. */
  direction: Vec;
  /** Offsets from the baseline to the descent and ascent lines. */
  below: Vec;
  above: Vec;
  em: number;
}

/**
 * CAD exports often separate words by moving the pen instead of drawing a space. A space is
 * 0.25–0.33 em in common fonts; kerning and rounding move glyphs by well under 0.1 em.
 */
const WORD_GAP_EM = 0.15;
/** Glyphs drawn further back than this (overprinted "bold", a new line) start a new word. */
const BACKSTEP_EM = 0.5;
/** A glyph off the word's baseline by more than this belongs to another line or a superscript. */
const BASELINE_DRIFT_EM = 0.25;
const SAME_DIRECTION_COS = Math.cos((2 * Math.PI) / 180);
/** Text set in a clearly different size is another field (a label's number after its caption). */
const SAME_SIZE_RATIO = 1.2;
/** Used when a font states no usable extent (Type3 without a bbox, broken descriptors). */
const FALLBACK_ASCENT = 0.8;
const FALLBACK_DESCENT = -0.2;

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Every word of the first page's text layer, in paint order, in blueprint coordinates. */
export async function extractWords(sheet: OpenSheet): Promise<SheetWord[]> {
  const { page, viewport } = sheet;
  const [operators, optionalContent] = await Promise.all([page.getOperatorList(), sheet.doc.getOptionalContentConfig()]);
  const pageToBlueprint = Array.from(viewport.transform) as Matrix;
  const fonts = new Map<string, FontMetrics>();
  const fontMetrics = (name: string): FontMetrics => {
    let metrics = fonts.get(name);
    if (!metrics) {
      metrics = readFontMetrics(name, page.commonObjs.has(name) ? page.commonObjs.get(name) : null);
      fonts.set(name, metrics);
    }
    return metrics;
  };
  const setFont = (text: TextState, name: string, size: number): void => {
    text.font = fontMetrics(name);
    text.fontSize = Math.abs(size);
    text.direction = size < 0 ? -1 : 1;
  };

  const painted: PlacedGlyph[] = [];
  // CAD sheets save and restore the graphics state hundreds of thousands of times and change the
  // text state rarely, so a saved text state is shared until something writes to it.
  const stack: GraphicsState[] = [];
  let ctm: Matrix = IDENTITY;
  let text = initialTextState();
  let textIsShared = false;
  let clips: readonly TextClip[] = [];
  /** A clip operator waits for the path it clips with: the fill rule it was given, or null. */
  let pendingClip: { evenOdd: boolean } | null = null;
  const clipTo = (clip: TextClip): void => {
    clips = [...clips, clip];
  };
  // Text in a hidden optional-content layer is not on the sheet; false while inside one.
  const markedContentVisible: boolean[] = [];
  const save = (): void => {
    stack.push({ ctm, text, clips });
    textIsShared = true;
  };
  const restore = (): void => {
    const saved = stack.pop();
    if (saved) ({ ctm, text, clips } = saved);
    textIsShared = true;
    pendingClip = null;
  };
  const writableText = (): TextState => {
    if (textIsShared) {
      text = { ...text };
      textIsShared = false;
    }
    return text;
  };

  const { fnArray, argsArray } = operators;
  for (let i = 0; i < fnArray.length; i++) {
    const args = argsArray[i];
    switch (fnArray[i]) {
      case OPS.save:
        save();
        break;
      case OPS.restore:
        restore();
        break;
      case OPS.transform:
        ctm = multiplyMatrices(ctm, toMatrix(args));
        break;
      case OPS.paintFormXObjectBegin:
        save();
        if (args[0]) ctm = multiplyMatrices(ctm, toMatrix(args[0]));
        if (args[1]) clipTo({ box: transformedBox(multiplyMatrices(pageToBlueprint, ctm), args[1]) });
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = { evenOdd: fnArray[i] === OPS.eoClip };
        break;
      case OPS.constructPath:
        if (pendingClip) {
          const subpaths = args[1]?.[0] ? buildSubpaths(args[1][0], multiplyMatrices(pageToBlueprint, ctm)) : [];
          clipTo({ box: subpathsBBox(subpaths), outline: { subpaths, evenOdd: pendingClip.evenOdd } });
          pendingClip = null;
        }
        break;
      case OPS.paintFormXObjectEnd:
        restore();
        break;
      case OPS.beginAnnotation:
        // pdf.js paints an appearance stream from the page's base transform with a fresh state.
        save();
        ctm = multiplyMatrices(toMatrix(args[2]), toMatrix(args[3]));
        text = initialTextState();
        textIsShared = false;
        clips = [];
        break;
      case OPS.endAnnotation:
        restore();
        break;
      case OPS.beginMarkedContent:
        markedContentVisible.push(true);
        break;
      case OPS.beginMarkedContentProps:
        markedContentVisible.push(args[0] !== 'OC' || !args[1] || optionalContent.isVisible(args[1]));
        break;
      case OPS.endMarkedContent:
        markedContentVisible.pop();
        break;
      case OPS.beginText:
        setTextMatrix(writableText(), IDENTITY);
        break;
      case OPS.setFont:
        setFont(writableText(), args[0], args[1]);
        break;
      case OPS.setGState:
        for (const [key, value] of args[0] as [string, unknown][]) {
          if (key === 'Font') {
            const [name, size] = value as [string, number];
            setFont(writableText(), name, size);
          }
        }
        break;
      case OPS.setTextMatrix:
        setTextMatrix(writableText(), toMatrix(args[0]));
        break;
      case OPS.moveText:
        moveText(writableText(), args[0], args[1]);
        break;
      case OPS.setLeadingMoveText:
        writableText().leading = args[1];
        moveText(text, args[0], args[1]);
        break;
      case OPS.nextLine:
        moveText(writableText(), 0, text.leading);
        break;
      case OPS.setLeading:
        writableText().leading = -args[0];
        break;
      case OPS.setCharSpacing:
        writableText().charSpacing = args[0];
        break;
      case OPS.setWordSpacing:
        writableText().wordSpacing = args[0];
        break;
      case OPS.setHScale:
        writableText().hScale = args[0] / 100;
        break;
      case OPS.setTextRise:
        writableText().rise = args[0];
        break;
      case OPS.showText: {
        const textToBlueprint = multiplyMatrices(multiplyMatrices(pageToBlueprint, ctm), text.textMatrix);
        const visible = !markedContentVisible.includes(false);
        const shown = painted.length;
        showText(writableText(), textToBlueprint, args[0], visible ? painted : null);
        if (clips.length > 0) {
          const kept = painted.splice(shown).filter((glyph) => clips.every((clip) => clipShows(clip, glyphMiddle(glyph))));
          painted.push(...kept);
        }
        break;
      }
    }
  }
  return assembleWords(painted);
}

function assembleWords(glyphs: PlacedGlyph[]): SheetWord[] {
  const shifts = findCodePointShifts(textPieces(glyphs));
  const words = new WordAssembler();
  for (const glyph of glyphs) {
    const shift = shifts.get(glyph.font);
    if (shift) glyph.text = shiftCodePoints(glyph.text, shift);
    if (isBlank(glyph.text)) words.breakWord();
    else words.add(glyph);
  }
  return words.finish();
}

/**
 * Text of one font set together: words as far as their placement tells, since a shifted map turns
 * blanks into other characters (and other characters into blanks).
 */
function textPieces(glyphs: PlacedGlyph[]): { font: string; text: string }[] {
  const pieces: { font: string; text: string }[] = [];
  let previous: PlacedGlyph | null = null;
  for (const glyph of glyphs) {
    if (previous && previous.font === glyph.font && continuesWord(previous, glyph)) pieces[pieces.length - 1].text += glyph.text;
    else pieces.push({ font: glyph.font, text: glyph.text });
    previous = glyph;
  }
  return pieces;
}

function initialTextState(): TextState {
  return {
    font: readFontMetrics('', null),
    fontSize: 0,
    direction: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
  };
}

function setTextMatrix(text: TextState, matrix: Matrix): void {
  text.textMatrix = matrix;
  text.x = text.lineX = text.y = text.lineY = 0;
}

function moveText(text: TextState, dx: number, dy: number): void {
  text.x = text.lineX += dx;
  text.y = text.lineY += dy;
}

/**
 * Places the glyphs of one show-text operator, advancing the text position like pdf.js's canvas.
 * Hidden text (nothing to add to) still moves the pen for the text that follows it.
 */
function showText(text: TextState, textToBlueprint: Matrix, glyphs: (PdfjsGlyph | number)[], painted: PlacedGlyph[] | null): void {
  const { font, fontSize, direction } = text;
  // pdf.js neither paints nor advances a run at size 0.
  if (fontSize === 0) return;
  const origin = applyMatrix(textToBlueprint, text.x, text.y + text.rise);
  // Run and cross-run vectors in text space: per unit of advance, and per em.
  const run = font.vertical ? [0, -1] : [text.hScale * direction, 0];
  const emSize = fontSize * font.emScale;
  const cross = font.vertical ? [emSize * text.hScale * direction, 0] : [0, emSize * direction];
  const runVector = applyLinear(textToBlueprint, run[0], run[1]);
  const crossVector = applyLinear(textToBlueprint, cross[0], cross[1]);
  const runLength = Math.hypot(runVector[0], runVector[1]);
  // A degenerate matrix paints nothing, but the pen still moves.
  const placed = runLength > 0 ? painted : null;
  const unitRun: Vec = [runVector[0] / runLength, runVector[1] / runLength];
  const emVector = applyLinear(textToBlueprint, 0, emSize);
  const em = Math.hypot(emVector[0], emVector[1]);
  // Vertical glyphs hang centred on the run line, one em wide.
  const [low, high] = font.vertical ? [-0.5, 0.5] : [font.descent, font.ascent];
  const below: Vec = [crossVector[0] * low, crossVector[1] * low];
  const above: Vec = [crossVector[0] * high, crossVector[1] * high];
  const adjustmentSign = font.vertical ? 1 : -1;
  const spacingSign = font.vertical ? -direction : font.isType3 ? 1 : direction;

  const along = (distance: number): Vec => [origin[0] + runVector[0] * distance, origin[1] + runVector[1] * distance];
  let advanced = 0;
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') {
      advanced += (adjustmentSign * glyph * fontSize) / 1000;
      continue;
    }
    const vmetric = font.vertical ? (glyph.vmetric ?? font.defaultVMetrics) : null;
    const width = vmetric ? -vmetric[0] : glyph.width;
    const advance = width * font.widthScale * fontSize;
    const spacing = ((glyph.isSpace ? text.wordSpacing : 0) + text.charSpacing) * spacingSign;
    if (placed) {
      placed.push({
        text: glyph.unicode,
        font: font.name,
        start: along(advanced),
        end: along(advanced + advance),
        penEnd: along(advanced + advance + spacing),
        direction: unitRun,
        below,
        above,
        em,
      });
    }
    advanced += advance + spacing;
  }
  if (font.vertical) text.y -= advanced;
  else text.x += advanced * text.hScale * direction;
}

/** Joins placed glyphs into words: a blank glyph, a turn, a jump or a wide gap ends a word. */
class WordAssembler {
  private readonly words: SheetWord[] = [];
  private parts: string[] = [];
  private first: PlacedGlyph | null = null;
  private last: PlacedGlyph | null = null;
  private tallest: PlacedGlyph | null = null;

  add(glyph: PlacedGlyph): void {
    if (this.last && !continuesWord(this.last, glyph)) this.breakWord();
    if (!this.first) this.first = glyph;
    if (!this.tallest || glyph.em > this.tallest.em) this.tallest = glyph;
    this.last = glyph;
    this.parts.push(glyph.text);
  }

  breakWord(): void {
    const { first, last, tallest } = this;
    if (first && last && tallest) {
      const text = this.parts.join('').trim();
      if (text) this.words.push(toWord(`w${this.words.length}`, text, first, last, tallest));
    }
    this.parts = [];
    this.first = this.last = this.tallest = null;
  }

  finish(): SheetWord[] {
    this.breakWord();
    return this.words;
  }
}

/** Whether `next` is set on from `previous` as the same word: same direction and size, no jump or wide gap. */
function continuesWord(previous: PlacedGlyph, next: PlacedGlyph): boolean {
  const [dx, dy] = previous.direction;
  if (dx * next.direction[0] + dy * next.direction[1] < SAME_DIRECTION_COS) return false;
  const stepX = next.start[0] - previous.penEnd[0];
  const stepY = next.start[1] - previous.penEnd[1];
  const along = stepX * dx + stepY * dy;
  if (raisesUnitToPower(previous, next, along, stepX, stepY)) return true;
  const across = Math.abs(stepY * dx - stepX * dy);
  const em = Math.max(previous.em, next.em);
  if (em > SAME_SIZE_RATIO * Math.min(previous.em, next.em)) return false;
  return along <= WORD_GAP_EM * em && along >= -BACKSTEP_EM * em && across <= BASELINE_DRIFT_EM * em;
}

/** A superscript set after a unit's last letter: the 2 of "m²" or "ft²", the 3 of "m³". */
const UNIT_END = /^[mt]$/i;
const POWER = /^[23²³]$/;
/** A superscript's size, as a share of the letter it follows. */
const SUPERSCRIPT_SIZE: [number, number] = [0.4, 0.85];
/** How far a superscript's baseline is raised, in ems of the letter it follows. */
const SUPERSCRIPT_RISE: [number, number] = [0.1, 0.7];

/**
 * Whether `next` is the power of the unit `previous` ends: "m" and a smaller "2" set right after
 * it, raised, as layout programs write "m²" (two runs, the second smaller and lifted). Left apart,
 * "5.4 m 2" printed no area.
 */
function raisesUnitToPower(previous: PlacedGlyph, next: PlacedGlyph, along: number, stepX: number, stepY: number): boolean {
  if (!UNIT_END.test(previous.text) || !POWER.test(next.text)) return false;
  const size = next.em / previous.em;
  if (size < SUPERSCRIPT_SIZE[0] || size > SUPERSCRIPT_SIZE[1]) return false;
  const up = Math.hypot(previous.above[0], previous.above[1]);
  if (!(up > 0)) return false;
  const rise = (stepX * previous.above[0] + stepY * previous.above[1]) / up;
  return along >= -WORD_GAP_EM * previous.em && along <= WORD_GAP_EM * previous.em && rise >= SUPERSCRIPT_RISE[0] * previous.em && rise <= SUPERSCRIPT_RISE[1] * previous.em;
}

function toWord(id: string, text: string, first: PlacedGlyph, last: PlacedGlyph, tallest: PlacedGlyph): SheetWord {
  const [dx, dy] = first.direction;
  // The word ends where its last advance ends, measured along the first glyph's baseline.
  const length = (last.end[0] - first.start[0]) * dx + (last.end[1] - first.start[1]) * dy;
  const start = first.start;
  const end: Vec = [start[0] + dx * length, start[1] + dy * length];
  const { below, above } = tallest;
  const ring: Position[] = [
    [start[0] + below[0], start[1] + below[1]],
    [end[0] + below[0], end[1] + below[1]],
    [end[0] + above[0], end[1] + above[1]],
    [start[0] + above[0], start[1] + above[1]],
  ];
  ring.push([ring[0][0], ring[0][1]]);
  return {
    id,
    text,
    confidence: 1.0,
    geometry: { type: 'Polygon', coordinates: [ring] },
    fontSize: tallest.em,
    angle: Math.atan2(dy, dx),
    room_id: null,
    wall_id: null,
  };
}

/** What pdf.js knows of a font (`page.commonObjs` entry), reduced to what placement needs. */
function readFontMetrics(name: string, font: Record<string, unknown> | null): FontMetrics {
  const fontMatrix = toMatrixOrNull(font?.fontMatrix) ?? [0.001, 0, 0, 0.001, 0, 0];
  const isType3 = font?.isType3Font === true;
  let ascent = Number(font?.ascent);
  let descent = Number(font?.descent);
  if (isType3) {
    // A Type3 descriptor's Ascent is in the font's own glyph space; its bbox maps through the matrix.
    const bbox = font?.bbox as number[] | undefined;
    const ys = bbox && bbox[3] !== bbox[1] ? [bbox[1] * fontMatrix[3], bbox[3] * fontMatrix[3]] : null;
    ascent = ys ? Math.max(...ys) : NaN;
    descent = ys ? Math.min(...ys) : NaN;
  }
  // A descriptor states its metrics in thousandths of text space per unit of font size: an ascent
  // far over an em says the font's em spans a thousand glyph units of its matrix, as its widths do.
  const matrixEm = Math.abs(fontMatrix[3]) * 1000;
  const emScale = !isType3 && !plausibleAscent(ascent) && plausibleAscent(ascent / matrixEm) ? matrixEm : 1;
  ascent /= emScale;
  descent /= emScale;
  return {
    name,
    widthScale: fontMatrix[0],
    emScale,
    ascent: plausibleAscent(ascent) ? ascent : FALLBACK_ASCENT,
    descent: descent <= 0 && descent > -2 ? descent : FALLBACK_DESCENT,
    vertical: font?.vertical === true,
    defaultVMetrics: (font?.defaultVMetrics as number[] | undefined) ?? null,
    isType3,
  };
}

/** An ascent, in ems, that a font can have (NaN where the font states none). */
function plausibleAscent(ascent: number): boolean {
  return ascent > 0 && ascent < 3;
}

function isBlank(unicode: string): boolean {
  return unicode.trim() === '';
}

function toMatrix(values: ArrayLike<number>): Matrix {
  return [values[0], values[1], values[2], values[3], values[4], values[5]];
}

function toMatrixOrNull(values: unknown): Matrix | null {
  const candidate = values as ArrayLike<number> | null | undefined;
  return candidate && candidate.length === 6 ? toMatrix(candidate) : null;
}

function applyLinear(m: Matrix, x: number, y: number): Vec {
  return [m[0] * x + m[2] * y, m[1] * x + m[3] * y];
}
