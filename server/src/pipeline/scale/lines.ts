// Words regrouped into printed lines. Extractors hand over one entry per word, but a scale note
// (`1/4"`, `=`, `1'-0"`) or a dimension (`12'`, `6"`) spans several, so neighbours that share a
// direction and a baseline and sit a word-space apart are joined again, in reading order.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox, SheetWord } from '../types.ts';

/** Orthonormal frame of a run of glyphs: `u` along the reading direction, `n` from glyph top to bottom. */
export interface TextFrame {
  u: Position;
  n: Position;
}

/** A stretch of text measured in its own frame: coordinates are dot products with `u` and `n`. */
export interface FramedBox {
  frame: TextFrame;
  along: [number, number];
  across: [number, number];
}

export interface TextLine extends FramedBox {
  words: SheetWord[];
  /** The words joined by single spaces. */
  text: string;
  /** Offset of each word's first character in `text`. */
  wordStarts: number[];
  fontSize: number;
  angle: number;
}

const SAME_DIRECTION_RADIANS = (3 * Math.PI) / 180;
/** Widest gap between two words of one line, in font sizes (a word space is about 0.3). */
const WORD_GAP_FONT_SIZES = 1.2;
/** How far two baselines of one line may drift apart, in font sizes. */
const BASELINE_TOLERANCE_FONT_SIZES = 0.45;

export function frameOf(angle: number): TextFrame {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // In blueprint coordinates y points down, so turning u by +90° points from glyph top to bottom.
  return { u: [cos, sin], n: [-sin, cos] };
}

export function toFrame(frame: TextFrame, point: Position): Position {
  return [point[0] * frame.u[0] + point[1] * frame.u[1], point[0] * frame.n[0] + point[1] * frame.n[1]];
}

export function fromFrame(frame: TextFrame, along: number, across: number): Position {
  return [along * frame.u[0] + across * frame.n[0], along * frame.u[1] + across * frame.n[1]];
}

export function boxInFrame(frame: TextFrame, points: readonly Position[]): FramedBox {
  const along: [number, number] = [Infinity, -Infinity];
  const across: [number, number] = [Infinity, -Infinity];
  for (const point of points) {
    const [a, c] = toFrame(frame, point);
    along[0] = Math.min(along[0], a);
    along[1] = Math.max(along[1], a);
    across[0] = Math.min(across[0], c);
    across[1] = Math.max(across[1], c);
  }
  return { frame, along, across };
}

export function corners(box: FramedBox): Position[] {
  const { frame, along, across } = box;
  return [
    fromFrame(frame, along[0], across[0]),
    fromFrame(frame, along[1], across[0]),
    fromFrame(frame, along[1], across[1]),
    fromFrame(frame, along[0], across[1]),
  ];
}

export function bboxOf(points: readonly Position[]): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

export function centreOf(box: FramedBox): Position {
  return fromFrame(box.frame, (box.along[0] + box.along[1]) / 2, (box.across[0] + box.across[1]) / 2);
}

export function angleDifference(a: number, b: number): number {
  const difference = Math.abs(a - b) % (2 * Math.PI);
  return Math.min(difference, 2 * Math.PI - difference);
}

interface PlacedWord {
  word: SheetWord;
  box: FramedBox;
}

function placeWord(word: SheetWord): PlacedWord | null {
  const ring = word.geometry?.coordinates[0];
  if (!ring || ring.length < 3 || !(word.fontSize > 0) || !Number.isFinite(word.angle)) return null;
  return { word, box: boxInFrame(frameOf(word.angle), ring) };
}

function centreAcross(box: FramedBox): number {
  return (box.across[0] + box.across[1]) / 2;
}

function belongToOneLine(a: PlacedWord, b: PlacedWord): boolean {
  if (angleDifference(a.word.angle, b.word.angle) > SAME_DIRECTION_RADIANS) return false;
  const small = Math.min(a.word.fontSize, b.word.fontSize);
  const large = Math.max(a.word.fontSize, b.word.fontSize);
  if (large > 1.6 * small) return false;
  const bInA = boxInFrame(a.box.frame, corners(b.box));
  if (Math.abs(centreAcross(bInA) - centreAcross(a.box)) > BASELINE_TOLERANCE_FONT_SIZES * small) return false;
  const gap = Math.max(bInA.along[0] - a.box.along[1], a.box.along[0] - bInA.along[1]);
  return gap <= WORD_GAP_FONT_SIZES * large;
}

/** Drops the second copy of words printed twice on top of each other (a common fake bold). */
function withoutOverprints(placed: PlacedWord[]): PlacedWord[] {
  const seen = new Map<string, Position[]>();
  return placed.filter(({ word, box }) => {
    const centre = centreOf(box);
    const others = seen.get(word.text) ?? [];
    if (others.some((other) => Math.hypot(other[0] - centre[0], other[1] - centre[1]) < 0.25 * word.fontSize)) return false;
    others.push(centre);
    seen.set(word.text, others);
    return true;
  });
}

/** Groups words into lines; each line's words are in reading order. */
export function assembleLines(words: readonly SheetWord[]): TextLine[] {
  const placed = withoutOverprints(words.map(placeWord).filter((entry): entry is PlacedWord => entry !== null));
  if (placed.length === 0) return [];
  const index = new Flatbush(placed.length);
  for (const { box } of placed) {
    const [minX, minY, maxX, maxY] = bboxOf(corners(box));
    index.add(minX, minY, maxX, maxY);
  }
  index.finish();

  const parent = placed.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  placed.forEach((entry, i) => {
    const reach = WORD_GAP_FONT_SIZES * 1.6 * entry.word.fontSize;
    const [minX, minY, maxX, maxY] = bboxOf(corners(entry.box));
    for (const j of index.search(minX - reach, minY - reach, maxX + reach, maxY + reach)) {
      if (j > i && root(i) !== root(j) && belongToOneLine(entry, placed[j])) parent[root(j)] = root(i);
    }
  });

  const groups = new Map<number, PlacedWord[]>();
  placed.forEach((entry, i) => {
    const key = root(i);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  });
  return [...groups.values()].map(lineFromWords);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function lineFromWords(group: PlacedWord[]): TextLine {
  const angle = median(group.map(({ word }) => word.angle));
  const frame = frameOf(angle);
  const framed = group.map((entry) => ({ entry, box: boxInFrame(frame, corners(entry.box)) }));
  framed.sort((a, b) => a.box.along[0] - b.box.along[0]);
  const box = boxInFrame(frame, framed.flatMap(({ box: wordBox }) => corners(wordBox)));
  const wordStarts: number[] = [];
  let text = '';
  for (const { entry } of framed) {
    if (text) text += ' ';
    wordStarts.push(text.length);
    text += entry.word.text;
  }
  return {
    ...box,
    words: framed.map(({ entry }) => entry.word),
    text,
    wordStarts,
    fontSize: median(group.map(({ word }) => word.fontSize)),
    angle,
  };
}

/** The words of `line` that the characters `start`..`end` of its text touch. */
function wordsInSpan(line: TextLine, start: number, end: number): SheetWord[] {
  return line.words.filter((word, i) => {
    const wordStart = line.wordStarts[i];
    return wordStart < end && wordStart + word.text.length > start;
  });
}

/** Whether OCR read any of the line's words (a text layer's words carry no confidence, or 1). */
export function readByOcr(line: TextLine): boolean {
  return line.words.some((word) => (word.confidence ?? 1) < 1);
}

/** The box, in the line's frame, of the words the characters `start`..`end` touch. */
export function spanBox(line: TextLine, start: number, end: number): FramedBox {
  const points = wordsInSpan(line, start, end).flatMap((word) => word.geometry?.coordinates[0] ?? []);
  return boxInFrame(line.frame, points);
}
