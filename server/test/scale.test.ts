import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openSheet } from '../src/pipeline/pdf.ts';
import { detectScale, type ScaleDetection, type ScaleInput } from '../src/pipeline/scale.ts';
import { findDimensionTexts } from '../src/pipeline/scale/dimensions.ts';
import { findTitles } from '../src/pipeline/scale/layout.ts';
import { assembleLines } from '../src/pipeline/scale/lines.ts';
import { findNotToScale, findScaleNotes } from '../src/pipeline/scale/notes.ts';
import { METRES_PER_INCH, realPerPaper } from '../src/pipeline/scale/ratio.ts';
import { printedRoomSize } from '../src/pipeline/scale/room-sizes.ts';
import { extractWords } from '../src/pipeline/text.ts';
import type { SheetInfo, SheetWord } from '../src/pipeline/types.ts';
import { extractPrimitives } from '../src/pipeline/vectors.ts';
import { generateSheet, suiteOptions } from '../../bench/synth/generate.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realPlan = (file: string) => path.resolve(repoRoot, '../shared/realplans', file);

/** A 36×24 in sheet at 150 DPI, for word lists built by hand. */
const INFO: SheetInfo = { pageCount: 1, widthPt: 2592, heightPt: 1728, rotate: 0, dpi: 150, widthPx: 5400, heightPx: 3600 };

let wordCount = 0;

/**
 * Horizontal words as an extractor reports them: one box per word, glyphs 0.6 font sizes wide,
 * words a space (0.3 font sizes) apart, `y` on the baseline.
 */
function printed(text: string, x: number, y: number, fontSize = 15): SheetWord[] {
  const words: SheetWord[] = [];
  let left = x;
  for (const token of text.split(' ')) {
    const right = left + 0.6 * fontSize * token.length;
    const top = y - fontSize;
    words.push({
      id: `w${wordCount++}`,
      text: token,
      confidence: null,
      geometry: { type: 'Polygon', coordinates: [[[left, y], [right, y], [right, top], [left, top], [left, y]]] },
      fontSize,
      angle: 0,
    });
    left = right + 0.3 * fontSize;
  }
  return words;
}

async function inputOf(pdf: Uint8Array, { vectors = true } = {}): Promise<ScaleInput> {
  const sheet = await openSheet(pdf, 150);
  try {
    const words = await extractWords(sheet);
    const primitives = vectors ? await extractPrimitives(sheet) : undefined;
    return { words, primitives, info: sheet.info };
  } finally {
    await sheet.close();
  }
}

function governingNote(detection: ScaleDetection) {
  return detection.candidates.find((candidate) => candidate.governs) ?? null;
}

describe('printed scale notes', () => {
  it.each([
    [`1/4" = 1'-0"`, 0.25, 1, 'architectural', 'imperial'],
    [`1/4"=1'-0"`, 0.25, 1, 'architectural', 'imperial'],
    [`3/16"=1'`, 0.1875, 1, 'architectural', 'imperial'],
    [`1/8" = 1'-0"`, 0.125, 1, 'architectural', 'imperial'],
    [`1 1/2" = 1'-0"`, 1.5, 1, 'architectural', 'imperial'],
    [`1-1/2" = 1'-0"`, 1.5, 1, 'architectural', 'imperial'],
    [`3" = 1'-0"`, 3, 1, 'architectural', 'imperial'],
    [`12" = 1'-0"`, 12, 1, 'architectural', 'imperial'],
    [`SCALE: 1/4" = 1'-0"`, 0.25, 1, 'architectural', 'imperial'],
    [`Scale: 1/8 " = 1'`, 0.125, 1, 'architectural', 'imperial'],
    [`1'=1/8"`, 0.125, 1, 'architectural', 'imperial'],
    [`3/4 IN = 1 FT`, 0.75, 1, 'architectural', 'imperial'],
    [`1" = 20'`, 1, 20, 'civil', 'imperial'],
    [`1"=20'-0"`, 1, 20, 'civil', 'imperial'],
    [`1" = 8'`, 1, 8, 'custom', 'imperial'],
    [`1" = 48"`, 1, 48, 'custom', 'inches'],
    [`1:100`, 1, 100, 'metric', 'si'],
    [`1 : 50`, 1, 50, 'metric', 'si'],
    [`M 1:50`, 1, 50, 'metric', 'si'],
    [`M1:50`, 1, 50, 'metric', 'si'],
    [`SCALE 1 : 200`, 1, 200, 'metric', 'si'],
    [`SCALA: 1:75`, 1, 75, 'metric', 'si'],
    [`ÉCHELLE 1/100`, 1, 100, 'metric', 'si'],
    [`SCALE 1:33`, 1, 33, 'custom', 'si'],
    [`¼″ = 1′–0″`, 0.25, 1, 'architectural', 'imperial'],
    [`1½” = 1’-0”`, 1.5, 1, 'architectural', 'imperial'],
    [`⅛" ＝ 1'—0"`, 0.125, 1, 'architectural', 'imperial'],
    [`3⁄16'' = 1'-0''`, 0.1875, 1, 'architectural', 'imperial'],
    ['one and one half inches = one foot', 1.5, 1, 'architectural', 'imperial'],
    ['three eighths inch = one foot', 0.375, 1, 'architectural', 'imperial'],
    ['one inch = twenty feet', 1, 20, 'civil', 'imperial'],
  ])('reads %s', (text, drawing, real, type, units) => {
    const notes = findScaleNotes(text);
    expect(notes).toHaveLength(1);
    expect(notes[0].rejection).toBeNull();
    expect(notes[0].scale).toMatchObject({ drawing, real, type, units, manual_scaling_needed: false });
  });

  it('keeps the label as printed, typographic marks included', () => {
    expect(findScaleNotes('SCALE: ¼″ = 1′–0″ (PREFERRED)')[0].scale.label).toBe('¼″ = 1′–0″');
    expect(findScaleNotes('merilo: M 1:50, 1:1').map((note) => note.scale.label)).toEqual(['M 1:50', '1:1']);
  });

  it.each(['12:30', '1:30 PM', '11:01:47 AM', '10/3/2024 1:20', 'MIX 1:2:4', '1:05', 'SHEET 3/16', '16 SF 138'])(
    'finds no scale in %s',
    (text) => expect(findScaleNotes(text)).toEqual([]),
  );

  it('rejects a bare ratio that is no standard scale', () => {
    const [note] = findScaleNotes('1:12');
    expect(note.rejection).not.toBeNull();
  });

  it.each(['NOT TO SCALE', 'N.T.S.', 'NTS', 'SCALE: NONE', 'Not-to-scale'])('recognises %s as not to scale', (text) => {
    expect(findNotToScale(text)).toHaveLength(1);
    expect(findScaleNotes(text)).toEqual([]);
  });
});

describe('dimension strings', () => {
  const dimensionsOf = (words: SheetWord[]) => assembleLines(words).flatMap(findDimensionTexts);
  const inches = (metres: number) => metres / 0.0254;

  it.each([
    [`12'-6"`, 150],
    [`12' 6"`, 150],
    [`3'-0 1/2"`, 36.5],
    [`3'-0½"`, 36.5],
    [`32'`, 384],
    [`11"`, 11],
  ])('reads %s in feet and inches', (text, expectedInches) => {
    const [dimension] = dimensionsOf(printed(text, 100, 100));
    expect(dimension.text).toBe(text);
    expect(dimension.readings).toHaveLength(1);
    expect(inches(dimension.readings[0].metres)).toBeCloseTo(expectedInches, 6);
  });

  it('reads a bare integer as millimetres or centimetres and a decimal as metres', () => {
    expect(dimensionsOf(printed('3600', 100, 100))[0].readings).toEqual([
      { unit: 'mm', metres: 3.6 },
      { unit: 'cm', metres: 36 },
    ]);
    expect(dimensionsOf(printed('1,464', 100, 100))[0].readings.map((reading) => reading.metres)).toEqual([1.464, 14.64]);
    expect(dimensionsOf(printed('3.60', 100, 100))[0].readings).toEqual([{ unit: 'm', metres: 3.6 }]);
  });

  it.each([`@ 16" OC`, `11' x 10'`, 'A: 6.42 m', 'ROOM 138', `SCALE: 1/8" = 1'`])('takes %s for no dimension', (text) => {
    expect(dimensionsOf(printed(text, 100, 100))).toEqual([]);
  });
});

describe('rooms\' printed sizes', () => {
  const feet = (value: number) => value * 0.3048;
  it.each([
    [`16'-7½"X13'-0"`, [feet(16 + 7.5 / 12), feet(13)]],
    [`11' x 10'`, [feet(11), feet(10)]],
    [`9' 3" x 10' 3"`, [feet(9.25), feet(10.25)]],
    [`22'-9.5"X18'-3"`, [feet(22 + 9.5 / 12), feet(18.25)]],
    [`11'-2 1/2"X13'-9"`, [feet(11 + 2.5 / 12), feet(13.75)]],
    ['3.50 x 4.20', [3.5, 4.2]],
    ['3,5 m × 4,2 m', [3.5, 4.2]],
  ])('reads %s', (text, sides) => {
    const size = printedRoomSize(text)!;
    expect(size.sides[0]).toBeCloseTo(sides[0], 4);
    expect(size.sides[1]).toBeCloseTo(sides[1], 4);
  });

  it.each([['BEDROOM'], [`10'-9 3/16"13'-9 13/16"`], [`11' x 10' / 9' x 8'`], [`12'-6"`], ['W1 2x2']])('reads no size in %s', (text) => {
    expect(printedRoomSize(text)).toBeNull();
  });
});

describe('a note stated for a paper size', () => {
  it.each([
    ['1:100 @ A1', 'A1', '1:100 @ A1'],
    ['SCALE 1:50 AT A3', 'A3', '1:50 AT A3'],
    ['1:200 (A1)', 'A1', '1:200 (A1)'],
    [`1/4" = 1'-0" ON 24x36`, '24x36', `1/4" = 1'-0" ON 24x36`],
    [`1/8"=1'-0" @ ARCH D`, 'ARCH D', `1/8"=1'-0" @ ARCH D`],
  ])('reads %s with its paper', (text, paper, label) => {
    const [note] = findScaleNotes(text);
    expect(note.paper?.name).toBe(paper);
    expect(note.scale.label).toBe(label);
  });

  it.each(['1:100 AT GRID A', '1:100 A1', `1:50 @ 16" OC`, '1:100 ON 2x4 STUDS'])('finds no paper in %s', (text) => {
    const [note] = findScaleNotes(text);
    expect(note.paper).toBeNull();
  });

  // An A1 layout plotted to an A3 PDF: the drawing is half the size the note was stated for.
  const mmToPt = (mm: number) => (mm / 25.4) * 72;
  const page = (widthMm: number, heightMm: number): SheetInfo => ({ ...INFO, widthPt: mmToPt(widthMm), heightPt: mmToPt(heightMm) });

  it('holds as printed on the paper it names', () => {
    const detection = detectScale({ words: printed('SCALE 1:100 @ A1', 3000, 2000), info: page(841, 594) });
    expect(detection.scale).toMatchObject({ drawing: 1, real: 100, type: 'metric', label: '1:100 @ A1', manual_scaling_needed: false });
  });

  it('is reduced with the plot on a smaller sheet, and says so', () => {
    const detection = detectScale({ words: printed('SCALE 1:100 @ A1', 1500, 1000), info: page(420, 297) });
    expect(detection.scale).toMatchObject({ drawing: 1, real: 200, type: 'metric', units: 'si', manual_scaling_needed: false });
    expect(detection.scale!.label).toBe('1:100 @ A1 (1:200 as plotted on A3)');
    // An imperial note stated for 24x36 on an 11x17 PDF: fitted by its shorter side, 17/36.
    const imperial = detectScale({ words: printed(`SCALE: 1/4" = 1'-0" ON 24x36`, 1500, 1000), info: { ...INFO, widthPt: 17 * 72, heightPt: 11 * 72 } });
    expect(imperial.scale!.drawing).toBeCloseTo(0.25 * Math.min(17 / 36, 11 / 24), 6);
    expect(imperial.scale).toMatchObject({ real: 1, units: 'imperial', manual_scaling_needed: false });
  });

  it('agrees with the same layout\'s note for the smaller paper', () => {
    const words = [...printed('SCALE 1:100 @ A1', 1500, 1000), ...printed('1:200 @ A3', 1500, 1040)];
    const detection = detectScale({ words, info: page(420, 297) });
    expect(detection.scale).toMatchObject({ real: 200 });
    expect(detection.checks.conflictingNotes).toBe(false);
  });
});

describe('drawing titles', () => {
  it.each([
    ['FIRST FLOOR PLAN', 'plan'],
    ['GRUNDRISS ERDGESCHOSS', 'plan'],
    ['PLATTEGROND BEGANE GROND', 'plan'],
    ['PIANTA PIANO TERRA', 'plan'],
    ['PLAN DU REZ-DE-CHAUSSÉE', 'plan'],
    ['SOUTH ELEVATION', 'view'],
    ['WALL SECTION', 'view'],
    ['PROSPETTO FRONTALE', 'view'],
    ['DOORSNEDE A-A', 'view'],
    ['SCHNITT B-B', 'view'],
    ['DETAIL 3', 'other'],
  ])('reads %s as a %s title', (text, kind) => {
    // Body text beside it, so the title is not smaller than what the sheet mostly prints.
    const lines = assembleLines([...printed(text, 1000, 1000, 30), ...printed('ROOM', 3000, 3000, 15)]);
    expect(findTitles(lines).map((title) => [title.line.text, title.kind])).toEqual([[text, kind]]);
  });
});

describe('detectScale on word lists', () => {
  it('joins a note split into words and reports where it is', () => {
    const detection = detectScale({ words: printed(`SCALE: 1/4" = 1'-0"`, 4000, 3300), info: INFO });
    expect(detection.scale).toMatchObject({ drawing: 0.25, real: 1, units: 'imperial', label: `1/4" = 1'-0"`, manual_scaling_needed: false });
    expect(governingNote(detection)?.placement).toBe('scale label');
    const [x0, y0, x1, y1] = governingNote(detection)!.bbox!;
    expect(x0).toBeGreaterThan(4000);
    expect([y0, y1]).toEqual([3285, 3300]);
    expect(x1).toBeLessThan(4000 + 0.9 * 15 * 18);
  });

  it('prefers the note under the plan title to the details', () => {
    const words = [
      ...printed('FIRST FLOOR PLAN', 1000, 2000, 30),
      ...printed(`1/8" = 1'-0"`, 1000, 2030),
      ...printed('DETAIL 3', 4000, 2000, 30),
      ...printed(`1 1/2" = 1'-0"`, 4000, 2030),
      ...printed('WALL SECTION', 4000, 3000, 30),
      ...printed(`3" = 1'-0"`, 4000, 3030),
      ...printed(`3" = 1'-0"`, 300, 300),
    ];
    const detection = detectScale({ words, info: INFO });
    expect(detection.scale).toMatchObject({ drawing: 0.125, real: 1, manual_scaling_needed: false });
    expect(governingNote(detection)?.title).toBe('FIRST FLOOR PLAN');
    expect(detection.checks.conflictingNotes).toBe(false);
    const others = detection.candidates.filter((candidate) => candidate.source === 'note' && !candidate.governs);
    expect(others.map((candidate) => candidate.ratio).sort((a, b) => a - b)).toEqual([4, 4, 8]);
    expect(others.every((candidate) => candidate.rejection === null)).toBe(true);
  });

  it('prefers a plan title to the title block, and the title block to a bare note', () => {
    const titleBlock = printed(`SCALE: 1/4" = 1'-0"`, 4800, 3400);
    const bare = printed('1:200', 200, 200);
    const plan = [...printed('GROUND FLOOR', 1000, 2000, 30), ...printed(`1/8" = 1'-0"`, 1000, 2030)];
    expect(detectScale({ words: [...titleBlock, ...bare, ...plan], info: INFO }).scale?.drawing).toBe(0.125);
    const withoutPlan = detectScale({ words: [...titleBlock, ...bare], info: INFO });
    expect(withoutPlan.scale).toMatchObject({ drawing: 0.25, manual_scaling_needed: false });
  });

  it('trusts a note read by OCR only once something on the sheet confirms it', () => {
    const read = (words: SheetWord[]) => words.map((word) => ({ ...word, confidence: 0.93 }));
    const plan = [...printed('GROUND FLOOR', 1000, 2000, 30), ...printed(`1/8" = 1'-0"`, 1000, 2030)];
    expect(detectScale({ words: plan, info: INFO }).scale).toMatchObject({ drawing: 0.125, manual_scaling_needed: false });
    const detection = detectScale({ words: read(plan), info: INFO });
    expect(detection.scale).toMatchObject({ drawing: 0.125, real: 1, manual_scaling_needed: true });
    expect(detection.checks.reason).toMatch(/read by OCR/);
  });

  it('takes the most frequent scale among equal notes', () => {
    const words = [...printed('1:100', 200, 200), ...printed('1:50', 2000, 200), ...printed('1:100', 4000, 200)];
    expect(detectScale({ words, info: INFO }).scale).toMatchObject({ real: 100, units: 'si' });
  });

  it('flags two plans with different scales that nothing tells apart', () => {
    const words = [
      ...printed('FIRST FLOOR PLAN', 1000, 2000, 30),
      ...printed(`1/8" = 1'-0"`, 1000, 2030),
      ...printed('SECOND FLOOR PLAN', 3500, 2000, 30),
      ...printed(`1/4" = 1'-0"`, 3500, 2030),
    ];
    const detection = detectScale({ words, info: INFO });
    expect(detection.checks.conflictingNotes).toBe(true);
    expect(detection.scale?.manual_scaling_needed).toBe(true);
  });

  it('reads a ratio beside a slope as a gradient', () => {
    for (const words of [printed('SLOPE 1:20', 500, 500), [...printed('RAMP', 500, 480), ...printed('1:20 MAX', 500, 500)]]) {
      const detection = detectScale({ words, info: INFO });
      expect(detection.scale).toBeNull();
      expect(detection.candidates[0].rejection).toMatch(/slope/);
    }
  });

  it('returns no scale for a plan marked not to scale', () => {
    const words = [...printed('FLOOR PLAN', 1000, 2000, 30), ...printed('NOT TO SCALE', 1000, 2030), ...printed('1:12', 300, 300)];
    const detection = detectScale({ words, info: INFO });
    expect(detection.scale).toBeNull();
    expect(detection.checks.notToScale).toMatchObject([{ text: 'NOT TO SCALE', title: 'FLOOR PLAN', governs: true }]);
  });

  it('lets a plan note govern over a detail marked NTS', () => {
    const words = [
      ...printed('FLOOR PLAN', 1000, 2000, 30),
      ...printed('SCALE: 1:100', 1000, 2030),
      ...printed('DETAIL A', 4000, 2000, 30),
      ...printed('N.T.S.', 4000, 2030),
    ];
    const detection = detectScale({ words, info: INFO });
    expect(detection.scale).toMatchObject({ real: 100, manual_scaling_needed: false });
    expect(detection.checks.notToScale[0].governs).toBe(false);
  });

  it('trusts no word of a garbled text layer, even one that reads as a scale', () => {
    // A ToUnicode map shifted by 29 code points, as on realplans/zeidler-a214: "NWNMM" reads "1:100".
    const shift = (text: string) => String.fromCharCode(...[...text].map((character) => character.charCodeAt(0) - 29));
    const words = [
      ...Array.from({ length: 20 }, (_, i) => printed(shift('LEVEL 5 FLOOR PLAN'), 200, 100 + 40 * i)).flat(),
      ...printed(shift('NWNMM'), 3000, 3000),
    ];
    expect(words.some((word) => word.text === '1:100')).toBe(true);
    const detection = detectScale({ words, info: INFO });
    expect(detection.checks.textLayer).toBe('garbled');
    expect(detection.scale).toBeNull();
    expect(detection.candidates).toEqual([]);
  });
});

describe('detectScale on real sheets', () => {
  const extract = async (file: string, options?: { vectors: boolean }) => inputOf(new Uint8Array(await readFile(realPlan(file))), options);
  const detect = async (file: string, options?: { vectors: boolean }) => detectScale(await extract(file, options));

  it('reads 1/4" = 1\'-0" on ebrivera first-floor, confirmed by its dimensions, which alone only suggest it', async () => {
    const input = await extract('ebrivera-takeoffs/first-floor.pdf');
    const detection = detectScale(input);
    expect(detection.scale).toMatchObject({ drawing: 0.25, real: 1, type: 'architectural', units: 'imperial', manual_scaling_needed: false });
    const { dimensions } = detection.checks;
    expect(dimensions.verdict).toBe('agrees');
    expect(dimensions.agreeing).toBeGreaterThanOrEqual(20);
    // 32'-0" and the other chains measure 48 real inches to the paper inch, as the note says.
    expect(dimensions.consensus!.ratio / realPerPaper(detection.scale!)).toBeCloseTo(1, 2);

    const noteWords = new Set(governingNote(detection)!.text.split(' '));
    const withoutNote = detectScale({ ...input, words: input.words.filter((word) => !noteWords.has(word.text)) });
    expect(withoutNote.candidates.filter((candidate) => candidate.source === 'note')).toEqual([]);
    // Without the note the sheet prints no scale: the dimensions' scale is offered, to be confirmed.
    expect(withoutNote.scale).toMatchObject({ drawing: 0.25, real: 1, type: 'architectural', units: 'imperial', manual_scaling_needed: true });
    expect(withoutNote.scale?.label).toMatch(/from dimensions/);
  });

  it('trusts the OCR reading of first-floor\'s note, which its dimensions confirm', async () => {
    const input = await extract('ebrivera-takeoffs/first-floor.pdf');
    const detection = detectScale({ ...input, words: input.words.map((word) => ({ ...word, confidence: 0.9 })) });
    expect(detection.scale).toMatchObject({ drawing: 0.25, real: 1, manual_scaling_needed: false });
  });

  it('reads 1/8" = 1\' on drawing-parser, confirmed by its graphic scale bar', async () => {
    const detection = await detect('drawing-parser/sample.pdf');
    expect(detection.scale).toMatchObject({ drawing: 0.125, real: 1, units: 'imperial', manual_scaling_needed: false });
    expect(detection.checks.bars.length).toBeGreaterThan(0);
    expect(detection.checks.bars.every((bar) => bar.verdict === 'agrees' && bar.text.endsWith('ft'))).toBe(true);
  });

  it('flags drawing-parser printed at 65 % onto smaller paper, and offers the scale its shrunken bar measures', async () => {
    // A plot shrunk to fit keeps its note's words, but its graphic scale bar shrinks with the drawing.
    const source = await PDFDocument.load(await readFile(realPlan('drawing-parser/sample.pdf')));
    const shrunk = await PDFDocument.create();
    const [original] = await shrunk.embedPages([source.getPage(0)]);
    const share = 0.65;
    shrunk.addPage([original.width * share, original.height * share]).drawPage(original, { x: 0, y: 0, xScale: share, yScale: share });
    const detection = detectScale(await inputOf(await shrunk.save()));
    expect(governingNote(detection)?.text).toMatch(/1\/8/);
    expect(detection.checks.bars.some((bar) => bar.verdict === 'disagrees')).toBe(true);
    expect(detection.scale?.manual_scaling_needed).toBe(true);
    expect(detection.scale?.label).toMatch(/graphic scale bar/);
    // 1/8" = 1'-0" is 96 real inches to the paper inch; at 65 % the paper inch holds 96 / 0.65.
    expect(realPerPaper(detection.scale!) / (96 / share)).toBeCloseTo(1, 1);
  });

  it('reads M 1:50 on archicad-atrium, confirmed by its centimetre dimension chains', async () => {
    const detection = await detect('archicad-atrium/floor-plan.pdf');
    expect(detection.scale).toMatchObject({ drawing: 1, real: 50, type: 'metric', units: 'si', manual_scaling_needed: false });
    expect(detection.checks.dimensions.verdict).toBe('agrees');
    expect(detection.checks.dimensions.agreeing).toBeGreaterThanOrEqual(20);
  });

  it('lets the plan\'s 1/8" govern va-finish-plan, not its 1 1/2" and 3" print-check rulers', async () => {
    const detection = await detect('va-finish-plan/sample-finish-plan.pdf', { vectors: false });
    expect(detection.scale).toMatchObject({ drawing: 0.125, real: 1, label: `1/8" = 1'-0"`, manual_scaling_needed: false });
    expect(governingNote(detection)?.title).toBe('FIRST FLOOR FINISH PLAN');
    // The margin prints "one and one half inches = one foot", "three inches = one foot"... as a column of rulers.
    const rulers = detection.candidates.filter((candidate) => candidate.rejection?.includes('list of scales'));
    expect(rulers.map((candidate) => candidate.ratio)).toEqual(expect.arrayContaining([8, 4]));
    expect(rulers.length).toBeGreaterThanOrEqual(8);
  });

  it('flags polimi A101, plotted at another scale than its 1:50, and offers the scale its dimensions measure', async () => {
    const detection = await detect('polimi-qms3/A101.pdf');
    expect(detection.checks.dimensions.verdict).toBe('disagrees');
    const measured = detection.checks.dimensions.consensus!.ratio;
    expect(Math.abs(measured / 50 - 1)).toBeGreaterThan(0.05);
    // Its 17 agreeing millimetre dimensions read 1:39.4: the A1 sheet's 1:50 plotted at 1000/25.4
    // drawing units to the inch. The note still governs, and is named in the reason.
    expect(detection.scale).toMatchObject({ drawing: 1, units: 'si', manual_scaling_needed: true });
    expect(detection.scale!.real).toBeCloseTo(measured, 6);
    expect(detection.scale!.label).toMatch(/from dimensions/);
    expect(governingNote(detection)?.text).toMatch(/1:50/);
    expect(detection.checks.reason).toMatch(/1:50/);
  });

  it('finds no scale on nithish, whose only lengths are room sizes', async () => {
    const detection = await detect('nithish/floorplan.pdf');
    expect(detection.scale).toBeNull();
    expect(detection.candidates).toEqual([]);
  });

  it('suggests a scale for kumar-g2-residential, which has no note, from its overall dimensions, flagged', async () => {
    const detection = await detect('kumar-g2-residential/ground-floor-plan.pdf');
    expect(detection.candidates.filter((candidate) => candidate.source === 'note')).toEqual([]);
    expect(detection.scale?.label).toMatch(/from dimensions/);
    expect(detection.scale?.manual_scaling_needed).toBe(true);
    expect(detection.checks.dimensions.consensus!.support).toBeGreaterThanOrEqual(4);
  });

  it('reads the 0-6-12 ft bar of asheville page 1, which has no note', async () => {
    const detection = await detect('asheville/floorplan.pdf');
    expect(detection.scale?.label).toMatch(/graphic scale bar/);
    expect(detection.scale?.manual_scaling_needed).toBe(false);
    // Oracle: poppler's boxes of the labels "0" and "12", 12 feet apart (centred on the ticks to a few points).
    const { stdout } = await promisify(execFile)('pdftotext', ['-f', '1', '-l', '1', '-bbox', realPlan('asheville/floorplan.pdf'), '-']);
    const centre = (label: string) => {
      const match = new RegExp(`xMin="([\\d.]+)" yMin="[\\d.]+" xMax="([\\d.]+)" yMax="[\\d.]+">${label}</word>`).exec(stdout)!;
      return (Number(match[1]) + Number(match[2])) / 2;
    };
    const paperInchesFor12Feet = (centre('12') - centre('0')) / 72;
    expect(realPerPaper(detection.scale!) / ((12 * 12) / paperInchesFor12Feet)).toBeCloseTo(1, 1);
  });

  it('reads the title block\'s 1 : 200 from zeidler-a214 once its shifted text layer is repaired', async () => {
    const detection = await detect('zeidler-a214/floorplan.pdf', { vectors: false });
    expect(detection.checks.textLayer).toBe('ok');
    expect(detection.scale).toMatchObject({ drawing: 1, real: 200, label: '1 : 200' });
    expect(governingNote(detection)?.placement).toBe('scale label');
  });
});

describe('detectScale on generated sheets', () => {
  // Sheets of the accuracy benchmark's suite (seed 1): their truth holds the scale they were drawn at.
  const generated = async (index: number) => {
    const { pdf, truth } = await generateSheet(suiteOptions(index, 1));
    return { truth, drawnRatio: (truth.metresPerUnit * truth.dpi) / METRES_PER_INCH, detection: detectScale(await inputOf(pdf)) };
  };

  it('measures dimensions ending in dots to the dots\' centres, so they confirm the printed 1:200', async () => {
    const { truth, detection } = await generated(7);
    expect(truth.scale).toMatchObject({ real: 200, units: 'si' });
    expect(detection.scale).toMatchObject({ drawing: 1, real: 200, units: 'si', manual_scaling_needed: false });
    const { dimensions } = detection.checks;
    expect(dimensions.verdict).toBe('agrees');
    expect(dimensions.measured).toBeGreaterThanOrEqual(10);
    expect(dimensions.agreeing).toBe(dimensions.measured);
    expect(dimensions.consensus!.ratio / 200).toBeCloseTo(1, 3);
  });

  it.each([5, 11, 17])('offers the scale of suite sheet %i, which prints none, from its dimensions, flagged', async (index) => {
    const { truth, drawnRatio, detection } = await generated(index);
    expect(truth.scale).toBeNull();
    expect(detection.candidates.filter((candidate) => candidate.source === 'note')).toEqual([]);
    expect(detection.scale).toMatchObject({ type: 'metric', units: 'si', manual_scaling_needed: true });
    expect(detection.scale!.label).toMatch(/from dimensions/);
    expect(realPerPaper(detection.scale!) / drawnRatio).toBeCloseTo(1, 3);
  });

  it('trusts a bare ratio that is no standard scale only where the dimensions measure it (a plot fitted to its paper)', async () => {
    // Suite sheet 5 prints no scale and is drawn at 1:50; drawn at 80 % it is at 1:62.5, as
    // ArchiCAD prints a plan fitted to its paper ("1:79.90").
    const source = await PDFDocument.load((await generateSheet(suiteOptions(5, 1))).pdf);
    const fitted = await PDFDocument.create();
    const [original] = await fitted.embedPages([source.getPage(0)]);
    fitted.addPage([original.width, original.height]).drawPage(original, { x: 0, y: 0, xScale: 0.8, yScale: 0.8 });
    const input = await inputOf(await fitted.save());
    const withRatio = (ratio: string) => detectScale({ ...input, words: [...input.words, ...printed(`FLOOR PLAN ${ratio}`, 200, 1500)] });
    const confirmed = withRatio('1:62.50');
    expect(confirmed.scale).toMatchObject({ drawing: 1, real: 62.5, units: 'si', label: '1:62.50', manual_scaling_needed: false });
    expect(governingNote(confirmed)?.rejection).toBeNull();
    const unconfirmed = withRatio('1:70.00');
    expect(unconfirmed.scale).toMatchObject({ units: 'si', manual_scaling_needed: true });
    expect(unconfirmed.scale!.label).toMatch(/from dimensions/);
    expect(realPerPaper(unconfirmed.scale!) / 62.5).toBeCloseTo(1, 2);
  });

  it('lets a note stand where only a few of the numbers on lines agree among themselves, and not where most do', async () => {
    // Suite sheet 7 prints 1:200 and 20 centimetre dimensions that confirm it. Its figures made
    // numbers that measure nothing (as a cellar plan's unit numbers beside its compartments' lines
    // do), each off by its own factor but for three that agree on 1:80 by chance: they are no
    // evidence against the note. The same three factors on every figure are a plot at 1:80.
    const input = await inputOf((await generateSheet(suiteOptions(7, 1))).pdf);
    const figures = input.words.filter((word, k) => /^\d{3,4}$/.test(word.text) && !['OFFICE', ':'].includes(input.words[k - 1]?.text));
    expect(figures.length).toBeGreaterThanOrEqual(12);
    const withFigures = (factor: (k: number) => number) => {
      const replaced = new Map(figures.map((word, k) => [word, String(Math.round(Number(word.text) * factor(k)))]));
      return detectScale({ ...input, words: input.words.map((word) => (replaced.has(word) ? { ...word, text: replaced.get(word)! } : word)) });
    };
    const noise = withFigures((k) => (k < 3 ? 0.4 : 1.3 + 0.15 * k));
    expect(noise.checks.dimensions).toMatchObject({ consensus: { support: 3 }, agreeing: 0, verdict: 'inconclusive' });
    expect(noise.checks.dimensions.measured).toBeGreaterThanOrEqual(12);
    expect(noise.scale).toMatchObject({ drawing: 1, real: 200, units: 'si', manual_scaling_needed: false });
    const plot = withFigures(() => 0.4);
    expect(plot.checks.dimensions.verdict).toBe('disagrees');
    expect(plot.scale).toMatchObject({ units: 'si', manual_scaling_needed: true });
    expect(realPerPaper(plot.scale!) / 80).toBeCloseTo(1, 2);
  });

  it('offers no scale from dimensions that agree on one at which the plan would be smaller than a building', async () => {
    // Suite sheet 5 prints no scale and is drawn at 1:50. Its figures divided by 250, as misread
    // figures may agree (OCR's "80, 93, 74" out of a hatch agreed on 1:1.6), put it at 1:0.2 read
    // in millimetres or 1:2 in centimetres: its plan of some ten metres would be 20 cm long at most.
    const { truth } = await generated(5);
    const input = await inputOf((await generateSheet(suiteOptions(5, 1))).pdf);
    const shrunk = input.words.map((word) => (/^\d{4,}$/.test(word.text) ? { ...word, text: String(Math.round(Number(word.text) / 250)) } : word));
    expect(shrunk.filter((word, k) => word.text !== input.words[k].text).length).toBeGreaterThanOrEqual(4);
    const detection = detectScale({ ...input, words: shrunk });
    expect(truth.scale).toBeNull();
    expect(detection.checks.dimensions.consensus!.ratio).toBeLessThan(2.5);
    expect(detection.scale).toBeNull();
    expect(detection.checks.reason).toMatch(/smaller than a building/);
  });
});

describe('a graphic scale bar that prints no unit', () => {
  // An A3 sheet whose plan is labelled "Massstab 1:100" and whose bar, drawn `drawnRatio` to the
  // paper, steps up and down between ticks at `ticks` (real lengths, metres) and is labelled
  // `labels` at the ticks named by `labelled`, with no unit: as a Swiss rental plan prints it.
  const barSheet = async ({ drawnRatio, labels, labelled, ticks }: { drawnRatio: number; labels: string[]; labelled: number[]; ticks: number[] }) => {
    const MM = 72 / 25.4;
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [x0, y0] = [250 * MM, 40 * MM];
    const x = (metres: number) => x0 + ((metres * 1000) / drawnRatio) * MM;
    page.drawText('Massstab 1:100', { x: x0, y: y0 + 8 * MM, size: 10, font });
    const step = 1.5 * MM;
    const path = ticks.map((tick, k) => `${k === 0 ? 'M' : 'L'} ${x(tick)} ${k % 2 === 0 ? 0 : step} L ${x(tick)} ${k % 2 === 0 ? step : 0}`).join(' ');
    page.drawSvgPath(path, { x: 0, y: y0 + 5 * MM, borderWidth: 0.5 });
    labels.forEach((label, k) => page.drawText(label, { x: x(ticks[labelled[k]]) - font.widthOfTextAtSize(label, 9) / 2, y: y0, size: 9, font }));
    return doc.save();
  };
  const metreTicks = { labels: ['0', '1', '2', '5'], labelled: [0, 2, 4, 5], ticks: [0, 0.5, 1, 1.5, 2, 5] };

  it('counts metres beside a metric note, and offers its scale where a plot is printed smaller than the note says', async () => {
    const detection = detectScale(await inputOf(await barSheet({ drawnRatio: 125, ...metreTicks })));
    expect(detection.checks.bars).toEqual([expect.objectContaining({ verdict: 'disagrees', ratio: expect.closeTo(125, 0) })]);
    expect(detection.scale).toMatchObject({ drawing: 1, real: 125, units: 'si', manual_scaling_needed: true });
    expect(detection.scale!.label).toMatch(/graphic scale bar/);
    // The bar measures the drawing as printed: sizes are judged at its scale, which no one need confirm for that.
    expect(detection.sizeScale).toMatchObject({ drawing: 1, real: 125, units: 'si', manual_scaling_needed: false });
  });

  it('confirms the note it agrees with, which then judges sizes too', async () => {
    const detection = detectScale(await inputOf(await barSheet({ drawnRatio: 100, ...metreTicks })));
    expect(detection.checks.bars).toEqual([expect.objectContaining({ verdict: 'agrees' })]);
    expect(detection.scale).toMatchObject({ drawing: 1, real: 100, manual_scaling_needed: false });
    expect(detection.sizeScale).toEqual(detection.scale);
  });

  it('is no grid\'s bubbles: axes numbered 1, 2, 3 along the plan, nothing drawn along them', async () => {
    // Three axes 3.05 m apart at 1:100, each ending in a bubble of 8 mm with its number in it and
    // the axis's first dash under it, square to the row as a bar's ticks are (a Politecnico
    // student's A1 sheet drew its plans' grids so, and their bubbles measured it at 1:15.6).
    const MM = 72 / 25.4;
    const doc = await PDFDocument.create();
    const page = doc.addPage([420 * MM, 297 * MM]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [x0, y0] = [150 * MM, 200 * MM];
    page.drawText('Massstab 1:100', { x: x0, y: 40 * MM, size: 10, font });
    ['1', '2', '3'].forEach((label, k) => {
      const x = x0 + k * 30.5 * MM;
      page.drawCircle({ x, y: y0 + 1.2 * MM, size: 4 * MM, borderWidth: 0.4 });
      page.drawText(label, { x: x - font.widthOfTextAtSize(label, 9) / 2, y: y0, size: 9, font });
      page.drawLine({ start: { x, y: y0 - 3 * MM }, end: { x, y: y0 - 7 * MM }, thickness: 0.3 });
    });
    const detection = detectScale(await inputOf(await doc.save()));
    expect(detection.checks.bars).toEqual([]);
    expect(detection.scale).toMatchObject({ drawing: 1, real: 100, manual_scaling_needed: false });
  });

  it('is not read where, counted in metres, it would be far off the note: a bar counting centimetres', async () => {
    const detection = detectScale(await inputOf(await barSheet({ drawnRatio: 100, labels: ['0', '50', '100', '200'], labelled: [0, 1, 2, 4], ticks: [0, 0.5, 1, 1.5, 2] })));
    expect(detection.checks.bars).toEqual([]);
    expect(detection.scale).toMatchObject({ drawing: 1, real: 100, manual_scaling_needed: false });
  });
});
