import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../src/pipeline/pdf.ts';
import { extractWords } from '../src/pipeline/text.ts';
import type { BBox, SheetWord } from '../src/pipeline/types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const realplan = (relative: string): string => path.resolve(repoRoot, '../shared/realplans', relative);
const FIRST_FLOOR = realplan('ebrivera-takeoffs/first-floor.pdf');
const ASHEVILLE = realplan('asheville/floorplan.pdf');
const ZEIDLER = realplan('zeidler-a214/floorplan.pdf');
const DPI = 150;

async function wordsOf(file: string): Promise<SheetWord[]> {
  return wordsOfBytes(new Uint8Array(readFileSync(file)));
}

async function wordsOfBytes(pdf: Uint8Array): Promise<SheetWord[]> {
  const sheet = await openSheet(pdf, DPI);
  try {
    return await extractWords(sheet);
  } finally {
    await sheet.close();
  }
}

interface PopplerWord {
  text: string;
  box: BBox;
}

/** poppler's words of page 1, its boxes (points, origin top-left) scaled to blueprint units. */
function popplerWords(file: string, options: string[] = []): PopplerWord[] {
  const xhtml = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', ...options, file, '-'], { encoding: 'utf8' });
  const scale = DPI / 72;
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
  return [...xhtml.matchAll(/<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)<\/word>/g)].map(
    (match) => ({
      text: match[5].replace(/&(amp|lt|gt|quot|apos);/g, (entity) => entities[entity]),
      box: [Number(match[1]) * scale, Number(match[2]) * scale, Number(match[3]) * scale, Number(match[4]) * scale],
    }),
  );
}

/** poppler's words of a PDF built in memory, read from a temporary file. */
function popplerWordsOfBytes(pdf: Uint8Array): PopplerWord[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'text-test-'));
  try {
    const file = path.join(folder, 'sheet.pdf');
    writeFileSync(file, pdf);
    return popplerWords(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function boundingBox(word: SheetWord): BBox {
  const ring = word.geometry!.coordinates[0];
  const xs = ring.map(([x]) => x);
  const ys = ring.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function iou(a: BBox, b: BBox): number {
  const intersection = overlap(a[0], a[2], b[0], b[2]) * overlap(a[1], a[3], b[1], b[3]);
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - intersection;
  return union > 0 ? intersection / union : 0;
}

/** Share of poppler's words for which one of ours satisfies `matches`. */
function matchRate(ours: SheetWord[], poppler: PopplerWord[], matches: (ours: SheetWord, box: BBox, theirs: PopplerWord) => boolean): number {
  const boxes = ours.map(boundingBox);
  const found = poppler.filter((theirs) => ours.some((word, i) => matches(word, boxes[i], theirs)));
  return found.length / poppler.length;
}

/** Indices into a BBox: the extent along the word's run, then across it. */
function runAxes(word: SheetWord): [number, number, number, number] {
  const vertical = Math.abs(Math.sin(word.angle)) > Math.abs(Math.cos(word.angle));
  return vertical ? [1, 3, 0, 2] : [0, 2, 1, 3];
}

/** The criterion: the same text and an axis-aligned box with IoU ≥ 0.5. */
const sameTextAndBox = (word: SheetWord, box: BBox, theirs: PopplerWord): boolean =>
  word.text === theirs.text && iou(box, theirs.box) >= 0.5;

/**
 * The same glyphs at the same place, judged along the run only: poppler's word is ours (IoU of the
 * extents along the run ≥ 0.5) or a piece of ours (inside it), and across the run it lies within ours.
 */
const sameTextAlongRun = (word: SheetWord, box: BBox, theirs: PopplerWord): boolean => {
  if (!word.text.includes(theirs.text)) return false;
  const [runMin, runMax, crossMin, crossMax] = runAxes(word);
  const slack = 1;
  const theirsAcross = theirs.box[crossMin] >= box[crossMin] - slack && theirs.box[crossMax] <= box[crossMax] + slack;
  if (!theirsAcross) return false;
  if (word.text !== theirs.text) {
    return theirs.box[runMin] >= box[runMin] - slack && theirs.box[runMax] <= box[runMax] + slack;
  }
  const shared = overlap(box[runMin], box[runMax], theirs.box[runMin], theirs.box[runMax]);
  const union = box[runMax] - box[runMin] + theirs.box[runMax] - theirs.box[runMin] - shared;
  return shared / union >= 0.5;
};

/**
 * A letter page whose Type3 font has a 0.01 font matrix (glyphs 60 units = 0.6 em wide, bbox
 * -0.3..0.9 em): a horizontal line with a space, and a line turned 90° with 2 units of Tc.
 */
async function type3Sheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const square = context.register(context.stream('60 0 0 -30 60 90 d1 0 0 60 80 re f'));
  const blank = context.register(context.stream('60 0 0 0 0 0 d1'));
  const font = context.obj({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, -30, 60, 90],
    FontMatrix: [0.01, 0, 0, 0.01, 0, 0],
    CharProcs: { A: square, B: square, C: square, D: square, space: blank },
    Encoding: { Type: 'Encoding', Differences: [32, 'space', 65, 'A', 'B', 'C', 'D'] },
    FirstChar: 32,
    LastChar: 68,
    Widths: Array.from({ length: 37 }, (_, i) => (i === 0 || i >= 33 ? 60 : 0)),
  });
  page.node.setFontDictionary(PDFName.of('T3'), context.register(font));
  const content = 'BT /T3 20 Tf 100 700 Td (AB CD) Tj ET BT /T3 10 Tf 0 1 -1 0 300 500 Tm 2 Tc (ABAB) Tj ET';
  page.node.addContentStream(context.register(context.stream(content)));
  return doc.save();
}

/** Three Helvetica lines: one in a shown layer, one in a layer that is off by default, one in none. */
async function layeredSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const shown = context.register(context.obj({ Type: 'OCG', Name: PDFString.of('Shown') }));
  const hidden = context.register(context.obj({ Type: 'OCG', Name: PDFString.of('Hidden') }));
  doc.catalog.set(PDFName.of('OCProperties'), context.obj({ OCGs: [shown, hidden], D: { OFF: [hidden] } }));
  const helvetica = context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
  page.node.setFontDictionary(PDFName.of('F1'), context.register(helvetica));
  page.node.Resources()!.set(PDFName.of('Properties'), context.obj({ Shown: shown, Hidden: hidden }));
  const line = (y: number, text: string): string => `BT /F1 12 Tf 72 ${y} Td (${text}) Tj ET`;
  const content = `/OC /Shown BDC ${line(700, 'SHOWN')} EMC /OC /Hidden BDC ${line(650, 'HIDDEN')} EMC ${line(600, 'PLAIN')}`;
  page.node.addContentStream(context.register(context.stream(content)));
  return doc.save();
}

/**
 * Helvetica words, some cut away by clipping paths: an L-shaped clip (a flat of a floor) holding one
 * word and hiding one inside its box, a rectangle, a form's box, and a word after the clips end.
 */
async function clippedSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const helvetica = context.register(context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }));
  page.node.setFontDictionary(PDFName.of('F1'), helvetica);
  const word = (x: number, y: number, text: string): string => `BT /F1 12 Tf ${x} ${y} Td (${text}) Tj ET`;
  const form = context.register(
    context.stream(`${word(20, 20, 'FORMSHOWN')} ${word(300, 20, 'FORMCUT')}`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 200, 100],
      Resources: { Font: { F1: helvetica } },
    }),
  );
  page.node.Resources()!.set(PDFName.of('XObject'), context.obj({ Fm: form }));
  const flat = '50 500 m 300 500 l 300 600 l 150 600 l 150 700 l 50 700 l h W n';
  const content = [
    `q ${flat} ${word(60, 520, 'KITCHEN')} ${word(200, 650, 'REDUIT')} ${word(60, 650, 'BATH')} Q`,
    `q 400 400 100 100 re W n ${word(420, 450, 'FRAMED')} ${word(420, 300, 'OFFCUT')} Q`,
    `q 1 0 0 1 100 100 cm /Fm Do Q`,
    word(200, 740, 'AFTER'),
  ].join(' ');
  page.node.addContentStream(context.register(context.stream(content)));
  return doc.save();
}

/** Helvetica text of every kind a drawing prints, some of it not in words: it must come out as written. */
async function plainTextSheet(): Promise<{ pdf: Uint8Array; lines: string[] }> {
  const lines = [`SCALE: 1/4" = 1'-0"`, 'LIVING ROOM 12\'-6" x 14\'-0"', 'UNIT 503 35.1 m2 378 ft2 (TYP.)', 'Kitchen & Dining', 'QX ZZV 9#9 [x] ~ ^^'];
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const helvetica = context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
  page.node.setFontDictionary(PDFName.of('F1'), context.register(helvetica));
  const escape = (text: string): string => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = lines.map((line, i) => `BT /F1 12 Tf 72 ${700 - 30 * i} Td (${escape(line)}) Tj ET`).join(' ');
  page.node.addContentStream(context.register(context.stream(content)));
  return { pdf: await doc.save(), lines };
}

/**
 * Helvetica as Ghostscript's ps2pdf writes a font (PostScript drivers, Acrobat Distiller alike):
 * a font matrix of [1 0 0 1], so widths and metrics a thousand times the usual, set at size 1 in
 * a text matrix of 0.012 (12 pt), its letters and words placed by TJ adjustments.
 */
async function distilledSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const context = doc.context;
  const metrics = await doc.embedFont(StandardFonts.Helvetica);
  const [first, last] = [32, 90];
  const widths = Array.from({ length: last - first + 1 }, (_, i) => Math.round(metrics.widthOfTextAtSize(String.fromCharCode(first + i), 1000) * 1000));
  const descriptor = context.obj({ Type: 'FontDescriptor', FontName: 'Helvetica', Flags: 32, FontBBox: [-166000, -225000, 1000000, 931000], ItalicAngle: 0, Ascent: 718000, Descent: -207000, CapHeight: 718000, StemV: 88000 });
  const font = context.obj({
    Type: 'Font',
    Subtype: 'Type1',
    BaseFont: 'Helvetica',
    Encoding: 'WinAnsiEncoding',
    FontMatrix: [1, 0, 0, 1, 0, 0],
    FirstChar: first,
    LastChar: last,
    Widths: widths,
    FontDescriptor: context.register(descriptor),
  });
  page.node.setFontDictionary(PDFName.of('G1'), context.register(font));
  // Letters tracked apart by 0.03 em (30 text units), words by a space's width.
  const shown = ['PLAN', 'SCALE', '1:50'].map((word) => [...word].map((letter) => `(${letter})`).join('-30000')).join('-278000');
  page.node.addContentStream(context.register(context.stream(`BT /G1 1 Tf 0.012 0 0 0.012 72 700 Tm [${shown}]TJ ET`)));
  return doc.save();
}

const percent = (rate: number): string => `${(100 * rate).toFixed(1)}%`;

describe('extractWords', () => {
  it('finds 99% of the words pdftotext finds on asheville page 1, with the same text and box', async () => {
    const ours = await wordsOf(ASHEVILLE);
    const poppler = popplerWords(ASHEVILLE);
    const rate = matchRate(ours, poppler, sameTextAndBox);
    console.log(`asheville p1: ${ours.length} words, pdftotext ${poppler.length}, same text and box (IoU ≥ 0.5): ${percent(rate)}`);
    expect(poppler.length).toBeGreaterThan(100);
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });

  it('finds 99% of the words pdftotext finds on first-floor, at the same place along the run', async () => {
    // This PDFium export writes Ascent -211.9 in its font descriptors; poppler turns that into
    // +0.21 em, so its boxes are ±0.21 em about the baseline, while pdf.js reads Arial's real
    // 0.91 em ascent from the embedded font. Full boxes therefore overlap by IoU 0.38 at best, and
    // the comparison is made along the run, with poppler's box inside ours across it. -nodiag
    // drops the circular licence logo, whose glyphs poppler pairs across directions, and poppler
    // splits the tracked title "AMERICAN FARMHOUSE" into letters, which count as pieces of ours.
    const ours = await wordsOf(FIRST_FLOOR);
    const poppler = popplerWords(FIRST_FLOOR, ['-nodiag']);
    const rate = matchRate(ours, poppler, sameTextAlongRun);
    const fullBoxRate = matchRate(ours, poppler, sameTextAndBox);
    console.log(
      `first-floor: ${ours.length} words, pdftotext ${poppler.length}, same place along the run: ${percent(rate)}` +
        ` (full-box IoU ≥ 0.5 against poppler's descriptor-based heights: ${percent(fullBoxRate)})`,
    );
    expect(poppler.length).toBeGreaterThan(200);
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });

  it('gives rotated words boxes that run along their text', async () => {
    const words = await wordsOf(FIRST_FLOOR);
    const upright = words.filter((word) => word.text.length >= 3 && Math.abs(Math.cos(word.angle)) > 0.999);
    const sideways = words.filter((word) => word.text.length >= 3 && Math.abs(Math.sin(word.angle)) > 0.999);
    expect(upright.length).toBeGreaterThan(10);
    expect(sideways.length).toBeGreaterThan(10);
    for (const word of [...upright, ...sideways]) {
      const [a, b, c] = word.geometry!.coordinates[0];
      const base = [b[0] - a[0], b[1] - a[1]];
      const side = [c[0] - b[0], c[1] - b[1]];
      const baseLength = Math.hypot(base[0], base[1]);
      // The first edge is the baseline, drawn in the run direction, and the box is longer than tall.
      expect((base[0] * Math.cos(word.angle) + base[1] * Math.sin(word.angle)) / baseLength).toBeCloseTo(1, 6);
      expect(baseLength).toBeGreaterThan(Math.hypot(side[0], side[1]));
      const [minX, minY, maxX, maxY] = boundingBox(word);
      const sidewaysWord = Math.abs(Math.sin(word.angle)) > 0.999;
      expect(sidewaysWord ? maxY - minY > maxX - minX : maxX - minX > maxY - minY).toBe(true);
    }
  });

  it('lays out Type3 glyphs through their font matrix, as pdftotext does', async () => {
    const pdf = await type3Sheet();
    const ours = await wordsOfBytes(pdf);
    const poppler = popplerWordsOfBytes(pdf);
    expect(ours.map((word) => word.text)).toEqual(['AB', 'CD', 'ABAB']);
    expect(poppler.map((word) => word.text).sort()).toEqual(['AB', 'ABAB', 'CD']);
    // poppler sizes Type3 boxes its own way across the run; along it both must agree to 0.5 px.
    for (const theirs of poppler) {
      const word = ours.find((candidate) => candidate.text === theirs.text)!;
      const [runMin, runMax] = runAxes(word);
      const box = boundingBox(word);
      expect(box[runMin]).toBeCloseTo(theirs.box[runMin], 0);
      expect(box[runMax]).toBeCloseTo(theirs.box[runMax], 0);
    }
    const [horizontal, , turned] = ours;
    expect(horizontal.fontSize).toBeCloseTo((20 * DPI) / 72, 6);
    expect(turned.angle).toBeCloseTo(-Math.PI / 2, 6);
    // Across the run the box is the font's bbox, -0.3..0.9 em.
    const [minX, minY, maxX, maxY] = boundingBox(horizontal);
    expect(maxY - minY).toBeCloseTo(1.2 * horizontal.fontSize, 6);
    expect(maxX - minX).toBeCloseTo(2 * 0.6 * horizontal.fontSize, 6);
  });

  it('reads a font distilled through PostScript, its matrix a thousand times the usual, in words of its real size', async () => {
    // Taken at its size of 1, the em was a thousandth of the glyphs' and every letter a word of
    // its own (pdftotext splits them so too): "M 1 : 5 0" on archicad's sheet distilled so, and
    // no scale read.
    const pdf = await distilledSheet();
    const ours = await wordsOfBytes(pdf);
    expect(ours.map((word) => word.text)).toEqual(['PLAN', 'SCALE', '1:50']);
    for (const word of ours) {
      expect(word.fontSize).toBeCloseTo((12 * DPI) / 72, 6);
      const [, minY, , maxY] = boundingBox(word);
      expect(maxY - minY).toBeCloseTo(0.925 * word.fontSize, 6);
    }
  });

  it('leaves out text in layers that are off, as pdftotext does', async () => {
    const pdf = await layeredSheet();
    const ours = (await wordsOfBytes(pdf)).map((word) => word.text);
    expect(ours).toEqual(['SHOWN', 'PLAIN']);
    expect(popplerWordsOfBytes(pdf).map((word) => word.text)).toEqual(ours);
  });

  it('leaves out text that a clipping path or the box of a form cuts away, as the sheet is rendered', async () => {
    const pdf = await clippedSheet();
    expect((await wordsOfBytes(pdf)).map((word) => word.text)).toEqual(['KITCHEN', 'BATH', 'FRAMED', 'FORMSHOWN', 'AFTER']);
  });

  it('repairs zeidler-a214, whose fonts map every character 29 code points too low', async () => {
    const texts = (await wordsOf(ZEIDLER)).map((word) => word.text);
    const text = texts.join(' ');
    // pdftotext reads the same shifted map: its words hold control characters instead of digits.
    const poppler = popplerWords(ZEIDLER).map((word) => word.text).join(' ');
    expect(poppler).not.toContain('200');
    expect(poppler).toMatch(/[\u0010-\u001f]/);
    expect(texts.some((word) => /[\u0000-\u001f]/.test(word))).toBe(false);
    expect(text).toContain('NOT FOR CONSTRUCTION SCALE: 5 2025-05-26');
    expect(text).toContain('1 : 200 LEVEL 5 - AMENITY TERRACE');
    expect(text).toContain('MULTI-PURPOSE ROOM C501');
    // Unit labels: area in m² and ft², type, number. The superscript is not at a constant offset
    // in this map (it comes out as "č"), so only the number and unit letters are checked.
    expect(text).toMatch(/35\.1 m\S 378 ft\S S_BF 504/);
    expect(text).toMatch(/92\.1 m\S 992 ft\S 3BD 502/);
    expect(texts.filter((word) => /^\d+\.\d$/.test(word)).length).toBeGreaterThanOrEqual(27);
  });

  it('leaves text that reads well as it is written, odd tokens included', async () => {
    const { pdf, lines } = await plainTextSheet();
    const ours = (await wordsOfBytes(pdf)).map((word) => word.text);
    expect(ours).toEqual(lines.join(' ').split(' '));
    expect(popplerWordsOfBytes(pdf).map((word) => word.text)).toEqual(ours);
  });

  it('reads a unit whose power is set smaller and raised after it as one word, "m2"', async () => {
    // Layout programs set a room stamp's "m²" as an "m" and a second run, a smaller "2" lifted
    // off the baseline (the Swiss rental plans placed in InDesign). A "2" raised after a grid
    // letter or a name is no power of a unit.
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const size = 12;
    const raisedTwoAfter = (text: string, y: number) => {
      page.drawText(text, { x: 50, y, size, font });
      page.drawText('2', { x: 50 + font.widthOfTextAtSize(text, size), y: y + 4.5, size: 7, font });
    };
    raisedTwoAfter('Zimmer 14.1 m', 200);
    raisedTwoAfter('Wohnen 34.1 ft', 170);
    raisedTwoAfter('A', 140);
    raisedTwoAfter('Bad', 110);
    expect((await wordsOfBytes(await doc.save())).map((word) => word.text)).toEqual(['Zimmer', '14.1', 'm2', 'Wohnen', '34.1', 'ft2', 'A', '2', 'Bad', '2']);
  });

  it('returns closed finite rings, no blank words, and the same ids on every run', async () => {
    const first = await wordsOf(ASHEVILLE);
    const second = await wordsOf(ASHEVILLE);
    expect(second).toEqual(first);
    expect(new Set(first.map((word) => word.id)).size).toBe(first.length);
    for (const word of first) {
      expect(word.text).toMatch(/^\S+$/);
      expect(word.confidence).toBe(1);
      expect(word.room_id).toBeNull();
      expect(word.wall_id).toBeNull();
      expect(Number.isFinite(word.fontSize) && word.fontSize > 0).toBe(true);
      expect(Number.isFinite(word.angle)).toBe(true);
      const ring = word.geometry!.coordinates[0];
      expect(word.geometry!.type).toBe('Polygon');
      expect(ring).toHaveLength(5);
      expect(ring[4]).toEqual(ring[0]);
      expect(ring.flat().every(Number.isFinite)).toBe(true);
    }
  });
});
