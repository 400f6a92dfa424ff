// Words read from the rendered sheet where the PDF has no text layer to speak of: CAD exports
// that draw text as outlines, and scans. Tesseract runs fully offline on the model shipped in
// @tesseract.js-data/eng (without an explicit langPath tesseract.js downloads one from a CDN).
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Bbox, type Block } from 'tesseract.js';
import type { Position } from '../../../core/src/types.ts';
import { ringBBox } from './recognize/geom-basics.ts';
import type { BBox, SheetInfo, SheetWord } from './types.ts';

/** Below this many words the text layer cannot be what the sheet says: outlined text or a scan. */
export const SPARSE_TEXT_LAYER_WORDS = 10;
/**
 * Tesseract reads hatching, door swings and grid lines as strings of `|`, `—` and stray letters
 * at low confidence; labels on clean drawings come back above 80.
 */
const MIN_CONFIDENCE = 70;

const require = createRequire(import.meta.url);
/** The integer-quantised "best" LSTM model: a quarter of the full model's size, as accurate on print. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/**
 * Does a word say anything: two letters or digits at least, and mostly those, not a bit of
 * furniture or linework misread as `m`, `<a` or `|||`.
 */
function isLegible(text: string): boolean {
  const alphanumerics = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return (alphanumerics >= 2 && alphanumerics >= text.length / 2 && !/^[|Il1!]+$/.test(text)) || FIGURE.test(text);
}

/**
 * A length as dimensions and scale notes print it (`1'-0"`, `5'-6 1/2"`, `3/4"`, `12'`): more
 * marks than digits, so the rule of mostly letters and digits took `1'-0"` for linework.
 */
const FIGURE = /^\d+(?:\/\d+)?["']$|^\d+'-?\d+(?:\s?\d+\/\d+)?"$/;

/**
 * Tesseract reads the 1 and 0 of a figure in stroked CAD lettering as I, l and O (kirkland's
 * scale note came back `1/4" = I'-0"`). Within a word of digits and length marks they are digits.
 */
function withFigureDigits(text: string): string {
  return /\d/.test(text) && /^[\dIlOo'"\/.-]+$/.test(text) ? text.replace(/[Il]/g, '1').replace(/[Oo]/g, '0') : text;
}

/**
 * Tesseract loses the foot mark of a figure in feet and inches more often than not (`1-0"` for
 * `1'-0"`, `10-7"` for `10'-7"`): digits, a hyphen and digits closed by an inch mark are feet and
 * inches however the mark was lost, since nothing else is printed so. So with a scale note's
 * building side (`3/16"=1` for `3/16"=1'`): no note sets paper inches equal to a bare number.
 */
function withFootMark(text: string): string {
  if (/^\d+(?:\/\d+)?"=\d+$/.test(text)) return `${text}'`;
  return /^\d+-\d+"$/.test(text) ? text.replace('-', "'-") : text;
}

/**
 * Marks that only mean something beside figures: the `=` of a scale note and the single digits
 * of a scale bar's labels (`0 2 4 6 10`). Alone they are as often a scrap of hatching or a short
 * pair of lines, so they are kept only on a row with another figure (see `marksOnFigureRows`).
 */
const FIGURE_MARK = /^(?:=|\d)$/;

/**
 * Words of a PNG of the sheet, in its pixel coordinates (the blueprint's). Text is read upright
 * and, on the image turned a quarter turn clockwise, running up the sheet, as CAD writes vertical
 * labels and the text of a plan drawn across a portrait sheet. Confidence is Tesseract's, 0–1.
 */
export async function recognizeWords(png: Buffer, dpi: number): Promise<SheetWord[]> {
  // tesseract.js writes its model cache into the working directory unless told otherwise.
  const cachePath = await mkdtemp(path.join(tmpdir(), 'takeoff-ocr-'));
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none', cachePath });
  try {
    // Labels stand alone all over a drawing: sparse text finds them where page layout analysis
    // looks for paragraphs and columns.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: String(dpi) });
    const read = async (image: Buffer, width: number, height: number, toSheet: (point: Position) => Position, angle: number) => {
      const words: SheetWord[] = [];
      for (const tile of tilesOf(width, height)) {
        const { blocks } = (await worker.recognize(image, { rectangle: tile }, { blocks: true, text: false })).data;
        words.push(...wordsOf(blocks ?? [], toSheet, angle, (box) => clearOfCuts(box, tile, width, height)));
      }
      return words;
    };
    const size = await sharp(png).metadata();
    const upright = await read(png, size.width!, size.height!, (p) => p, 0);
    const turned = await sharp(png).rotate(90).png().toBuffer({ resolveWithObject: true });
    // The turned image is as wide as the sheet is high; its point (x', y') is (y', width' − x')
    // on the sheet, and its text runs up.
    const { width, height } = turned.info;
    const rising = await read(turned.data, width, height, ([x, y]) => [y, width - x], -Math.PI / 2);
    return bestReadings(marksOnFigureRows([...upright, ...rising]));
  } finally {
    await worker.terminate();
    await rm(cachePath, { recursive: true, force: true });
  }
}

/**
 * Tesseract thresholds and lays out the region it is given as one: over a whole 40 MP sheet it
 * lost grey lettering and labels set among heavy linework that it read in a crop (ufpr's GABINETE
 * labels, kirkland's FAMILY). It reads tiles of this many pixels, for about a tenth more time.
 */
const TILE_PX = 3000;
/** Tiles overlap by this much, so each word up to this long (1.3 in at 300 dpi) is whole in one of them. */
const TILE_OVERLAP_PX = 400;
/** A word this close to a tile's cut may be cut; the neighbouring tile reads it whole. */
const CUT_MARGIN_PX = 3;

type Rectangle = { left: number; top: number; width: number; height: number };

function tilesOf(width: number, height: number): Rectangle[] {
  const starts = (size: number) => {
    const step = TILE_PX - TILE_OVERLAP_PX;
    const count = Math.max(1, Math.ceil((size - TILE_OVERLAP_PX) / step));
    return Array.from({ length: count }, (_, k) => k * step);
  };
  return starts(height).flatMap((top) => starts(width).map((left) => ({ left, top, width: Math.min(TILE_PX, width - left), height: Math.min(TILE_PX, height - top) })));
}

/** Whether a word's box keeps clear of the tile's cuts (its sides that are not the image's edges). */
function clearOfCuts(box: Bbox, tile: Rectangle, width: number, height: number): boolean {
  const right = tile.left + tile.width;
  const bottom = tile.top + tile.height;
  return (
    (tile.left === 0 || box.x0 > tile.left + CUT_MARGIN_PX) &&
    (tile.top === 0 || box.y0 > tile.top + CUT_MARGIN_PX) &&
    (right >= width || box.x1 < right - CUT_MARGIN_PX) &&
    (bottom >= height || box.y1 < bottom - CUT_MARGIN_PX)
  );
}

/** Figure marks stand this many heights of lettering at most from the figure beside them (a bar's labels stand apart). */
const MARK_GAP_HEIGHTS = 4;
/** A digit beside a figure is lettered alike: neither this many times the other's height (the rule lines.ts joins words by). */
const ALIKE_HEIGHTS = 1.6;

/** A word's extent along its line of text and across it, in sheet units (OCR reads upright or rising text). */
function lineExtents(word: SheetWord): { along: [number, number]; across: [number, number] } {
  const [x0, y0, x1, y1] = boxOf(word)!;
  return word.angle === 0 ? { along: [x0, x1], across: [y0, y1] } : { along: [-y1, -y0], across: [x0, x1] };
}

/** Whether `mark` stands on `word`'s row, close beside it, and (a digit) lettered alike. */
function besideOnRow(mark: SheetWord, word: SheetWord): boolean {
  if (word === mark || word.angle !== mark.angle) return false;
  const own = lineExtents(mark);
  const { along, across } = lineExtents(word);
  const middle = (own.across[0] + own.across[1]) / 2;
  const [height, ownHeight] = [across[1] - across[0], own.across[1] - own.across[0]];
  const gap = Math.max(along[0] - own.along[1], own.along[0] - along[1]);
  const alike = mark.text === '=' || Math.max(height, ownHeight) <= ALIKE_HEIGHTS * Math.min(height, ownHeight);
  return alike && middle >= across[0] && middle <= across[1] && gap <= MARK_GAP_HEIGHTS * Math.max(height, ownHeight);
}

/** A room's number follows its name by a space: this many heights of its lettering at most. */
const NUMBER_GAP_HEIGHTS = 1;

/** Whether a lone digit follows a word on its row, a space after it (`BEDROOM 4`, `LEVEL 2`). */
function numbersWord(digit: SheetWord, word: SheetWord): boolean {
  if (digit.text === '=' || !besideOnRow(digit, word)) return false;
  const own = lineExtents(digit);
  const { along, across } = lineExtents(word);
  const gap = own.along[0] - along[1];
  return gap >= 0 && gap <= NUMBER_GAP_HEIGHTS * (across[1] - across[0]);
}

/**
 * The words with each figure mark (FIGURE_MARK) that stands on a row with a figure, directly or
 * through other marks (a bar's `2 4 6` lead to its `10`), or as a number right after a word
 * (`BEDROOM 4`), set on that row as tall as its lettering (an `=` is read as two short bars, too
 * flat to join its note's line); marks on no such row go, pairs of scraps included.
 */
function marksOnFigureRows(words: SheetWord[]): SheetWord[] {
  const marks = words.filter((word) => FIGURE_MARK.test(word.text));
  const figures = words.filter((word) => !FIGURE_MARK.test(word.text) && /\d/.test(word.text));
  // Words a number may follow: spelt with letters.
  const named = words.filter((word) => /\p{L}{2,}/u.test(word.text));
  // The word each mark takes its row from: a figure, or a mark already on a figure's row.
  const rowOf = new Map<SheetWord, SheetWord>();
  for (let grown = true; grown; ) {
    grown = false;
    for (const mark of marks) {
      if (rowOf.has(mark)) continue;
      const word =
        figures.find((figure) => besideOnRow(mark, figure)) ??
        [...rowOf.keys()].find((other) => other.text !== '=' && besideOnRow(mark, other)) ??
        named.find((other) => numbersWord(mark, other));
      if (word) {
        rowOf.set(mark, word);
        grown = true;
      }
    }
  }
  return words.flatMap((word) => {
    const row = rowOf.get(word);
    if (!row) return FIGURE_MARK.test(word.text) ? [] : [word];
    // The ring's corners keep their order (baseline first); only their place across the row moves.
    const across = word.angle === 0 ? 1 : 0;
    const own = lineExtents(word).across;
    const [low, high] = lineExtents(row).across;
    const ring = word.geometry!.coordinates[0].map((corner) => {
      const moved = [...corner] as Position;
      moved[across] = corner[across] <= (own[0] + own[1]) / 2 ? Math.min(low, corner[across]) : Math.max(high, corner[across]);
      return moved;
    });
    return [{ ...word, geometry: { type: 'Polygon', coordinates: [ring] }, fontSize: Math.max(word.fontSize, row.fontSize) }];
  });
}

/** One reading of each place: where readings overlap, the most confident. */
function bestReadings(words: SheetWord[]): SheetWord[] {
  return words.filter((word, k, all) => !all.some((other, m) => m !== k && overlapsBetter(other, word, m < k))).map((word, k) => ({ ...word, id: `w${k}` }));
}

/**
 * Whether `other` reads the same place as `word` (either's middle lies in the other's box: a
 * reading's box can take in a scrap of linework and grow) and was read with more confidence (ties
 * go to the earlier).
 */
function overlapsBetter(other: SheetWord, word: SheetWord, otherFirst: boolean): boolean {
  const [a, b] = [boxOf(other)!, boxOf(word)!];
  if (!holdsMiddleOf(a, b) && !holdsMiddleOf(b, a)) return false;
  return other.confidence! > word.confidence! || (other.confidence === word.confidence && otherFirst);
}

function holdsMiddleOf([x0, y0, x1, y1]: BBox, of: BBox): boolean {
  const [cx, cy] = [(of[0] + of[2]) / 2, (of[1] + of[3]) / 2];
  return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
}

/**
 * A word without the scrap of linework Tesseract read into its edge as a bracket, bar or tilde
 * ("CLOSET]" where the word touches a wall): a bracket stays where the word holds its pair.
 */
function withoutEdgeScraps(text: string): string {
  let tidy = text;
  for (;;) {
    const next = tidy.replace(/^[|~]+|[|~]+$/g, '').replace(/^[\[{](?=[^\]}]*$)|(?<=^[^[{]*)[\]}]$/g, '');
    if (next === tidy) return tidy;
    tidy = next;
  }
}

function wordsOf(blocks: Block[], toSheet: (point: Position) => Position, angle: number, keep: (box: Bbox) => boolean): SheetWord[] {
  const words: SheetWord[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = withFootMark(withFigureDigits(withoutEdgeScraps(word.text.trim())));
          if (word.confidence < MIN_CONFIDENCE || !(isLegible(text) || FIGURE_MARK.test(text)) || !keep(word.bbox)) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          // Start and end of the baseline, then the top: the order text.ts gives its words.
          const ring = ([[x0, y1], [x1, y1], [x1, y0], [x0, y0], [x0, y1]] as Position[]).map(toSheet);
          words.push({
            id: `w${words.length}`,
            text,
            confidence: Math.round(word.confidence) / 100,
            geometry: { type: 'Polygon', coordinates: [ring] },
            fontSize: y1 - y0,
            angle,
            room_id: null,
            wall_id: null,
          });
        }
      }
    }
  }
  return words;
}

function boxOf(word: SheetWord): BBox | null {
  const ring = word.geometry?.coordinates[0];
  return ring ? ringBBox(ring) : null;
}

/**
 * Tesseract reads capitals reliably from about 20 px high. CAD lettering is 2–3 mm high on paper,
 * which is 12–18 px at the 150 dpi of blueprint units (it missed half the notes of an 11×17
 * permit set there) and twice that at 300 dpi.
 */
export const OCR_DPI = 300;
/**
 * Pixels read at most (each twice: upright and turned), so a large sheet is read in well under a
 * minute: ARCH D (24 × 36 in) at 215 dpi, ARCH E (36 × 48 in) at 152; sheets up to ARCH C are
 * read at the full OCR_DPI.
 */
export const OCR_MAX_PIXELS = 40e6;

/** The resolution a sheet of this size is read at: OCR_DPI within the pixel budget, never below `dpi`. */
export function ocrDpi(info: Pick<SheetInfo, 'widthPt' | 'heightPt' | 'dpi'>): number {
  const squareInches = (info.widthPt / 72) * (info.heightPt / 72);
  return Math.max(info.dpi, Math.min(OCR_DPI, Math.floor(Math.sqrt(OCR_MAX_PIXELS / squareInches))));
}

/**
 * Straight ink runs at least this long (points of paper) are rules, not lettering: notes are
 * lettered 2.5–4 mm high, while the leaders, centre lines, wall faces and tag frames that cross
 * or box them run on. Tesseract reads a word crossed by one as noise (kirkland's OFFICE, struck
 * through by a dash of a centre line, came back as "orricd" at 5 % confidence).
 */
const RULE_RUN_PT = 12;
/** Grey levels below this are ink (renders are anti-aliased on white). */
const INK_LEVEL = 160;

/**
 * The PNG with every horizontal and vertical run of ink `RULE_RUN_PT` or longer painted white, so
 * lettering stands free of the linework around it. Slanted lines stay; they rarely cross words.
 */
export async function withoutLongRules(png: Buffer, dpi: number): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const minRun = Math.round((RULE_RUN_PT / 72) * dpi);
  const rule = new Uint8Array(width * height);
  // One walk along every row and every column: (start, step, count) address a line of pixels.
  const markRuns = (start: number, step: number, count: number) => {
    let run = 0;
    for (let k = 0; k <= count; k++) {
      if (k < count && data[start + k * step] < INK_LEVEL) {
        run++;
        continue;
      }
      if (run >= minRun) for (let j = k - run; j < k; j++) rule[start + j * step] = 1;
      run = 0;
    }
  };
  for (let y = 0; y < height; y++) markRuns(y * width, 1, width);
  for (let x = 0; x < width; x++) markRuns(x, width, height);
  for (let i = 0; i < rule.length; i++) if (rule[i]) data[i] = 255;
  return sharp(data, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/**
 * CAD plots lettering in a grey pen as well as black (ufpr's room names and areas at grey 186), and
 * Tesseract's threshold, set between paper and the black linework that fills most of a tile, puts
 * that grey on the paper's side: it read 6 of the sheet's 40 room names. Grey that lies clear of
 * black is taken to this power, which leaves white white and takes mid grey to dark (186 → 72).
 * Grey next to black is the anti-aliased edge of black lettering, and stays: darkened, it runs the
 * strokes of small black letters together (kirkland's SKYLIGHT, 36x36's BEDROOM were lost).
 */
const GREY_INK_GAMMA = 4;
/** Pixels darker than this within one pixel make a grey pixel the edge of black ink. */
const BLACK_LEVEL = 100;

/** The PNG in grey levels with grey lettering drawn as dark as ink (see GREY_INK_GAMMA). */
export async function withGreyAsInk(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // The darkest level within one pixel, a row pass then a column pass.
  const rowMin = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const x = i % width;
    rowMin[i] = Math.min(data[i], x > 0 ? data[i - 1] : 255, x < width - 1 ? data[i + 1] : 255);
  }
  const level = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** GREY_INK_GAMMA));
  const out = Buffer.from(data);
  for (let i = 0; i < data.length; i++) {
    const nearest = Math.min(rowMin[i], i >= width ? rowMin[i - width] : 255, i < data.length - width ? rowMin[i + width] : 255);
    if (nearest >= BLACK_LEVEL) out[i] = level[data[i]];
  }
  return sharp(out, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** A word read on a finer render, in blueprint units: its box and size times `factor`. */
function rescaled(word: SheetWord, factor: number): SheetWord {
  if (factor === 1 || !word.geometry) return word;
  const ring = word.geometry.coordinates[0].map(([x, y]) => [x * factor, y * factor] as Position);
  return { ...word, geometry: { type: 'Polygon', coordinates: [ring] }, fontSize: word.fontSize * factor };
}

/**
 * The text layer's words, and where it is sparse (outlined text, a scan) or `drawsUnreadWords`
 * (the linework letters words the layer lacks) the words read from the sheet rendered at `ocrDpi`
 * as well, except those the layer already holds at the same place. `render(dpi)` gives the sheet
 * as a PNG at that resolution.
 */
export async function sheetWords(layerWords: SheetWord[], render: (dpi: number) => Promise<Buffer>, info: SheetInfo, drawsUnreadWords = false): Promise<SheetWord[]> {
  if (layerWords.length >= SPARSE_TEXT_LAYER_WORDS && !drawsUnreadWords) return layerWords;
  const readingDpi = ocrDpi(info);
  const fineRender = await render(readingDpi);
  const readFine = async (png: Buffer) => (await recognizeWords(png, readingDpi)).map((word) => rescaled(word, info.dpi / readingDpi));
  // The finer render reads twice the small lettering. Cleared of rules it also reads the words that
  // linework strikes through, but loses a letter drawn against a rule (the W of a WINDOW note set
  // on a wall's face); as drawn, with grey lettering darkened, it reads that letter and the grey
  // lettering, and now and then loses a letter touching a slanted line that the coarser render
  // keeps ("EDROOM"). Each is read, one after the other (a reading takes a core, and the API and
  // other jobs share the machine), and the surer reading of a place wins.
  const readings = [...(await readFine(await withoutLongRules(fineRender, readingDpi))), ...(await readFine(await withGreyAsInk(fineRender)))];
  if (readingDpi !== info.dpi) readings.push(...(await recognizeWords(await render(info.dpi), info.dpi)));
  const read = bestReadings(readings);
  const layerBoxes = layerWords.map(boxOf).filter((box) => box !== null);
  const fresh = read.filter((word) => !layerBoxes.some((box) => holdsMiddleOf(box, boxOf(word)!)));
  return [...layerWords, ...fresh.map((word, k) => ({ ...word, id: `w${layerWords.length + k}` }))];
}
