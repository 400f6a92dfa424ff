// The strokes of lettering drawn as linework. AutoCAD plots its SHX fonts as strokes, and many
// exports outline every glyph: such a sheet has no text layer, and a glyph's parallel strokes (the
// legs of an H or an M) stand a partition's thickness apart, so unread lettering set over a plan
// makes walls of its words and splits the rooms it names. OCR finds most words; the rest are
// told by their shape: glyphs are strokes no larger than a letter, drawn touching one another,
// and a word is a row of glyphs of a letter's height, close together, whose strokes run in
// several directions (letters have uprights, bars and diagonals). Hatching runs in one direction,
// a dashed line's dashes too; a symbol, a swing or a fixture is larger than a letter.
import Flatbush from 'flatbush';
import { boxContainsPoint, distanceToSegment, extent, linkedGroups, median, ringBBox, unionBox } from './geom-basics.ts';
import { isLettering, lineBBox, makeLine, type Evidence, type Line } from './topology-evidence.ts';
import type { BBox, SheetWord, VectorPath } from '../types.ts';
import { flattenSegments, subpathsBBox } from '../vectors.ts';

/** A glyph is no larger than this share of the lettering's height (a W is wider than high). */
const GLYPH_HEIGHTS = 1.3;
/** Strokes of one glyph meet within this share of the height (a font's strokes end on each other). */
const STROKE_JOINT_HEIGHTS = 0.1;
/** Glyphs of a word stand apart by less than this share of their height… */
const GLYPH_GAP_HEIGHTS = 0.6;
/** …centred on one line within this share. */
const ROW_ALIGNMENT_HEIGHTS = 0.35;
/** A word is at least two glyphs, this many letter heights long, with this many strokes. */
const MIN_WORD_GLYPHS = 2;
const MIN_WORD_HEIGHTS = 1.5;
const MIN_WORD_STROKES = 6;
/** Stroke directions counted in steps of 45°: lettering has at least three of the four. */
const MIN_DIRECTIONS = 3;

/** Whether OCR read a word, and it is lettering: a text layer's words draw no strokes. */
function isOcrLettering(word: SheetWord): boolean {
  return (word.confidence ?? 1) < 1 && isLettering(word);
}

/** The height of the sheet's lettering: the median of the words OCR read surely, across their line. */
function letterHeight(words: Evidence['words']): number | null {
  const heights = words.filter(({ word }) => isOcrLettering(word)).map(({ word, bbox }) => (Math.abs(Math.sin(word.angle)) > Math.SQRT1_2 ? bbox[2] - bbox[0] : bbox[3] - bbox[1]));
  return heights.length === 0 ? null : median(heights);
}

/** Lines lying within a word OCR read surely (OCR also reads scraps of linework as short words, "ig" over a wall's end). */
function linesInReadWords(lines: Line[], words: Evidence['words'], wordIndex: Flatbush): Set<number> {
  const ids = new Set<number>();
  for (const line of lines) {
    const [x0, y0, x1, y1] = lineBBox(line);
    for (const k of wordIndex.search(x0, y0, x1, y1)) {
      if (!isOcrLettering(words[k].word)) continue;
      const [wx0, wy0, wx1, wy1] = words[k].bbox;
      const margin = 0.1 * Math.min(wx1 - wx0, wy1 - wy0);
      if (x0 >= wx0 - margin && y0 >= wy0 - margin && x1 <= wx1 + margin && y1 <= wy1 + margin) {
        ids.add(line.id);
        break;
      }
    }
  }
  return ids;
}

function sharesEnd(p: Line, q: Line): boolean {
  const same = (u: Line['a'], v: Line['a']) => u[0] === v[0] && u[1] === v[1];
  return same(p.a, q.a) || same(p.a, q.b) || same(p.b, q.a) || same(p.b, q.b);
}

/**
 * Lines drawn in one stroke with others no larger than a glyph: the pen lifts between a font's
 * strokes, so a polyline larger than a letter (a fixture's outline, a swing, a stair's nosing)
 * is no part of lettering, however short its pieces. A path's pieces come in drawing order.
 */
function glyphSized(lines: Line[], size: number): Line[] {
  const kept: Line[] = [];
  let run: Line[] = [];
  const close = () => {
    if (extent(unionBox(run.map(lineBBox))) <= size) kept.push(...run);
  };
  for (const line of lines) {
    const last = run[run.length - 1];
    if (last && last.pathIndex === line.pathIndex && sharesEnd(last, line)) run.push(line);
    else {
      if (run.length > 0) close();
      run = [line];
    }
  }
  if (run.length > 0) close();
  return kept;
}

function linesApart(p: Line, q: Line): number {
  return Math.min(distanceToSegment(p.a, q.a, q.b), distanceToSegment(p.b, q.a, q.b), distanceToSegment(q.a, p.a, p.b), distanceToSegment(q.b, p.a, p.b));
}

interface Glyph {
  strokes: Line[];
  box: BBox;
}

/** Whether two glyphs stand side by side in a row (or one above the other in a column of turned lettering). */
function inOneRow(a: BBox, b: BBox, height: number): boolean {
  const gapX = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
  const gapY = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
  const centre = (box: BBox, axis: 0 | 1) => (box[axis] + box[axis + 2]) / 2;
  const gap = GLYPH_GAP_HEIGHTS * height;
  const aligned = ROW_ALIGNMENT_HEIGHTS * height;
  return (gapX <= gap && Math.abs(centre(a, 1) - centre(b, 1)) <= aligned) || (gapY <= gap && Math.abs(centre(a, 0) - centre(b, 0)) <= aligned);
}

function directionStep(line: Line): number {
  const angle = (Math.atan2(line.uy, line.ux) + Math.PI) % Math.PI;
  return Math.round(angle / (Math.PI / 4)) % 4;
}

function isWord(glyphs: Glyph[], height: number): boolean {
  const strokes = glyphs.flatMap((glyph) => glyph.strokes);
  return (
    glyphs.length >= MIN_WORD_GLYPHS &&
    strokes.length >= MIN_WORD_STROKES &&
    extent(unionBox(glyphs.map((glyph) => glyph.box))) >= MIN_WORD_HEIGHTS * height &&
    new Set(strokes.map(directionStep)).size >= MIN_DIRECTIONS
  );
}

/** Unread words, each its glyphs: glyph-sized groups of touching strokes, in rows that read as words. */
function unreadWords(lines: Line[], height: number): Glyph[][] {
  const size = GLYPH_HEIGHTS * height;
  const strokes = glyphSized(lines, size);
  const joint = STROKE_JOINT_HEIGHTS * height;
  const glyphs: Glyph[] = linkedGroups(strokes.map(lineBBox), joint, (i, j) => linesApart(strokes[i], strokes[j]) <= joint)
    .map((group) => group.map((k) => strokes[k]))
    .map((members) => ({ strokes: members, box: unionBox(members.map(lineBBox)) }))
    .filter((glyph) => extent(glyph.box) <= size);
  return linkedGroups(glyphs.map((glyph) => glyph.box), GLYPH_GAP_HEIGHTS * height, (i, j) => inOneRow(glyphs[i].box, glyphs[j].box, height))
    .map((row) => row.map((k) => glyphs[k]))
    .filter((row) => isWord(row, height));
}

/**
 * Lines that are strokes of lettering: within a word OCR read, or among the glyphs shaped like a
 * word. Only a sheet OCR read draws its lettering (a text layer's words sit over linework they
 * do not draw), and only its surely read words tell how high its letters are.
 */
export function letteringLineIds(lines: Line[], words: Evidence['words'], wordIndex: Flatbush | null): Set<number> {
  const height = letterHeight(words);
  if (wordIndex === null || height === null) return new Set();
  const ids = linesInReadWords(lines, words, wordIndex);
  for (const word of unreadWords(lines.filter((line) => !line.dashed && !ids.has(line.id)), height)) {
    for (const glyph of word) for (const line of glyph.strokes) ids.add(line.id);
  }
  return ids;
}

/** Glyphs of one typeface stand on one baseline and reach one cap height, within this share of it. */
const TYPESET_ALIGNMENT = 0.12;
/** Glyphs set so, a word's digits or capitals, that make a row typeset. */
const MIN_TYPESET_GLYPHS = 3;

/**
 * Whether a word's glyphs are set in type: at least three of them, each drawn in strokes of more
 * than one direction, share their baseline and cap height (a dimension's digits, a note's
 * capitals). A concrete poché's stones and a tree's leaves group into rows of glyph-sized strokes
 * too, but of every size and at every height; a wall's hatch into rows of single strokes.
 */
function isTypeset(word: Glyph[]): boolean {
  const boxes = word.map((glyph) => glyph.box);
  const box = unionBox(boxes);
  // A row runs along x, or, turned, along y: its glyphs' extents across it are what align.
  const across: [number, number] = box[2] - box[0] >= box[3] - box[1] ? [1, 3] : [0, 2];
  const starts = boxes.map((b) => b[across[0]]);
  const ends = boxes.map((b) => b[across[1]]);
  const start = median(starts);
  const end = median(ends);
  const tolerance = TYPESET_ALIGNMENT * (end - start);
  const letterlike = (glyph: Glyph) => new Set(glyph.strokes.map(directionStep)).size >= 2;
  return word.filter((glyph, k) => letterlike(glyph) && Math.abs(starts[k] - start) <= tolerance && Math.abs(ends[k] - end) <= tolerance).length >= MIN_TYPESET_GLYPHS;
}

/**
 * Heights, points of paper, that drawings letter their notes and dimensions at (1.6 to 3.9 mm,
 * each finding glyphs up to 1.3 times its own): a sheet's drawn lettering is looked for at each,
 * since nothing read tells its height yet.
 */
const DRAWN_LETTER_HEIGHTS_PT = [4.5, 7, 11];

/**
 * How many words the linework draws where the text layer holds none. AutoCAD plots text in its
 * SHX fonts as strokes and keeps TrueType text as text, so a sheet may carry a text layer of
 * titles and room names while every dimension is drawn: its scale note would then go unchecked.
 */
export function unreadDrawnWords(paths: VectorPath[], layerWords: SheetWord[], dpi: number): number {
  // Only pen strokes no larger than the largest glyph can draw a letter; the rest need no look.
  const largestGlyph = (GLYPH_HEIGHTS * Math.max(...DRAWN_LETTER_HEIGHTS_PT) * dpi) / 72;
  const glyphSizedPaths = paths
    .filter((path) => !path.stroke?.dash)
    .map((path) => ({ ...path, subpaths: path.subpaths.filter((subpath) => extent(subpathsBBox([subpath])) <= largestGlyph) }));
  const lines = flattenSegments(glyphSizedPaths).flatMap((segment, id) => makeLine(id, segment.from, segment.to, 0, 'stroke', '', segment.pathIndex) ?? []);
  const layerBoxes = layerWords.flatMap((word) => (word.geometry ? [ringBBox(word.geometry.coordinates[0])] : []));
  const read = (word: Glyph[]) => {
    const [x0, y0, x1, y1] = unionBox(word.map((glyph) => glyph.box));
    return layerBoxes.some((box) => boxContainsPoint(box, [(x0 + x1) / 2, (y0 + y1) / 2], 0.5 * Math.min(box[2] - box[0], box[3] - box[1])));
  };
  return Math.max(...DRAWN_LETTER_HEIGHTS_PT.map((points) => unreadWords(lines, (points / 72) * dpi).filter((word) => isTypeset(word) && !read(word)).length));
}
