// Words of sheets whose text is drawn as outlines: read from the render by offline OCR.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheet } from '../src/pipeline/pdf.ts';
import { renderSheet, scaledPng } from '../src/pipeline/render.ts';
import sharp from 'sharp';
import { OCR_DPI, OCR_MAX_PIXELS, ocrDpi, recognizeWords, sheetWords, SPARSE_TEXT_LAYER_WORDS, withGreyAsInk, withoutLongRules } from '../src/pipeline/ocr.ts';
import { extractWords } from '../src/pipeline/text.ts';
import { extractPrimitives } from '../src/pipeline/vectors.ts';
import { readSheetWords, UNREAD_DRAWN_WORDS } from '../src/pipeline/words.ts';
import { unreadDrawnWords } from '../src/pipeline/recognize/topology-lettering.ts';
import { realPage } from './support/realplans.ts';
import { assembleLines } from '../src/pipeline/scale/lines.ts';
import { findScaleNotes } from '../src/pipeline/scale/notes.ts';
import type { SheetWord } from '../src/pipeline/types.ts';
import { ApiClient } from './support/client.ts';
import { realplans, startTestServer, type TestServer } from './support/server.ts';

const OUTLINED = path.join(realplans, 'ebrivera-takeoffs/36x36-house.pdf');
/** OCR reads a large sheet three times, tile by tile, on a core it shares with the other suites. */
const OCR_TEST_TIMEOUT_MS = 300_000;
const FIRST_FLOOR = path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf');

function centre(word: SheetWord): [number, number] {
  const ring = word.geometry!.coordinates[0];
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** A region of a real sheet's page, [x, y, width, height] in points, rendered by poppler at `dpi`. */
function croppedPage(file: string, page: number, [x, y, width, height]: number[], dpi: number): Buffer {
  const px = (pt: number) => String(Math.round((pt * dpi) / 72));
  return execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-x', px(x), '-y', px(y), '-W', px(width), '-H', px(height), '-png', path.join(realplans, file)]);
}

/** The texts OCR reads on a PNG rendered at `dpi`. */
async function textsRead(png: Buffer, dpi: number): Promise<string[]> {
  return (await recognizeWords(png, dpi)).map((word) => word.text);
}

describe('ocrDpi', () => {
  it('reads small sheets at OCR_DPI and large ones within the pixel budget, never coarser than the blueprint', () => {
    const tabloid = { widthPt: 17 * 72, heightPt: 11 * 72, dpi: 150 };
    expect(ocrDpi(tabloid)).toBe(OCR_DPI);
    const archE = { widthPt: 48 * 72, heightPt: 36 * 72, dpi: 150 };
    const dpi = ocrDpi(archE);
    expect(dpi).toBeGreaterThan(150);
    expect(dpi).toBeLessThan(OCR_DPI);
    expect(48 * dpi * 36 * dpi).toBeLessThanOrEqual(OCR_MAX_PIXELS);
    expect(ocrDpi({ ...archE, dpi: 400 })).toBe(400);
  });
});

describe('numbers read beside words', () => {
  it('keeps a room\'s number, a lone digit a space after its name', async () => {
    // kirkland's A3 (page 3): BEDROOM 2 of the existing house, lettered at about (195–239, 353–359)
    // pt, with the note above it. A lone digit is kept only on a row with a figure (a scale bar's
    // labels) or right after a word: OCR reads digits out of hatching and symbols too. The 2 was
    // dropped.
    const dpi = 300;
    const words = await recognizeWords(croppedPage('measurex/kirkland-sample-plans.pdf', 3, [150, 320, 150, 80], dpi), dpi);
    const name = words.find((word) => word.text === 'BEDROOM')!;
    expect(name).toBeDefined();
    const number = words.find((word) => word.text === '2');
    expect(number).toBeDefined();
    expect(centre(number!)[0]).toBeGreaterThan(centre(name)[0]);
    expect(Math.abs(centre(number!)[1] - centre(name)[1])).toBeLessThan(0.5 * name.fontSize);
  }, OCR_TEST_TIMEOUT_MS);
});

describe('rules cleared before reading', () => {
  it('reads a label that a line strikes through once the long rules are painted out', async () => {
    // kirkland's A3 (page 3): the addition's OFFICE, printed 10 pt high at about (620, 343) pt,
    // its E struck by a dash of a centre line. The crop (565–725, 300–390 pt) is rendered by
    // poppler at 300 dpi, as the fine OCR render is.
    const dpi = 300;
    const png = croppedPage('measurex/kirkland-sample-plans.pdf', 3, [565, 300, 160, 90], dpi);
    expect(await textsRead(png, dpi)).not.toContain('OFFICE');
    const cleared = await withoutLongRules(png, dpi);
    const words = await textsRead(cleared, dpi);
    expect(words).toContain('OFFICE');
    // The notes beside it, clear of lines already, are still read.
    expect(words.filter((text) => text === 'WINDOW').length).toBeGreaterThanOrEqual(2);
    // The dash through the E (x = 649.7 pt) is gone: its column holds no ink along the word.
    const { data, info } = await sharp(cleared).greyscale().raw().toBuffer({ resolveWithObject: true });
    const column = Math.round(((649.7 - 565) * dpi) / 72);
    const inkRows = Array.from({ length: info.height }, (_, y) => data[y * info.width + column]).filter((level) => level < 128);
    expect(inkRows.length).toBeLessThan(0.1 * info.height);
  });
});

describe('grey lettering darkened before reading', () => {
  it('reads room names plotted in a grey pen, and leaves black lettering and its edges as drawn', async () => {
    // ufpr's west wing (100–580, 1040–1940 pt), rendered by poppler at the 215 dpi this ARCH D
    // sheet is read at: six offices named GABINETE and their areas in grey 186 lettering, beside
    // black walls and electrical symbols.
    const dpi = 215;
    const png = croppedPage('ufpr-mapabloco/planta.pdf', 1, [100, 1040, 480, 900], dpi);
    expect(await textsRead(png, dpi)).not.toContain('GABINETE');
    const darkened = await withGreyAsInk(png);
    const words = await textsRead(darkened, dpi);
    expect(words.filter((text) => text === 'GABINETE').length).toBeGreaterThanOrEqual(5);
    expect(words.filter((text) => /^18,18m/.test(text)).length).toBeGreaterThanOrEqual(5);
    // Level by level: grey clear of black is darkened, black and the grey at its edges are not.
    const levels = async (image: Buffer) => (await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true }));
    const before = await levels(png);
    const after = await levels(darkened);
    const { width } = before.info;
    let greys = 0;
    let edges = 0;
    for (let i = width; i < before.data.length - width; i++) {
      const level = before.data[i];
      const nearBlack = [i - width - 1, i - width, i - width + 1, i - 1, i, i + 1, i + width - 1, i + width, i + width + 1].some((k) => before.data[k] < 100);
      if (nearBlack) {
        edges++;
        expect(after.data[i]).toBe(level);
      } else if (level >= 170 && level <= 200) {
        greys++;
        expect(after.data[i]).toBeLessThan(100);
      }
    }
    expect(greys).toBeGreaterThan(1000);
    expect(edges).toBeGreaterThan(1000);
  });
});

describe('figures read whole', () => {
  it('keeps the = and the 1\'-0" of a scale note and a scale bar\'s single digits, and drops marks beside no figure', async () => {
    // kirkland's A3 (page 3), under the UPPER FLOOR PLAN title (890–1050, 575–600 pt): a bar
    // labelled 0 1 2 4 6 10 over "(SCALE: 1/4" = 1'-0" OR 1/8" = 1'-0" PREFERRED)", in stroked
    // lettering that Tesseract reads as `=`, `I'-0"` and one digit per label.
    const dpi = 300;
    const png = croppedPage('measurex/kirkland-sample-plans.pdf', 3, [890, 575, 160, 26], dpi);
    const words = await recognizeWords(png, dpi);
    const texts = words.map((word) => word.text);
    expect(texts.filter((text) => text === '=').length).toBe(2);
    expect(texts.filter((text) => text === `1'-0"`).length).toBeGreaterThanOrEqual(1);
    expect(texts).toEqual(expect.arrayContaining(['2', '4', '6', '10']));
    // The = joins its note's line, as tall as its lettering, and the note parses.
    const notes = assembleLines(words).flatMap((line) => findScaleNotes(line.text).map((note) => note.scale.label));
    expect(notes.length).toBeGreaterThanOrEqual(1);
    for (const note of notes) expect([`1/4" = 1'-0"`, `1/8" = 1'-0"`]).toContain(note);
    // Beside no figure an = is a scrap of linework as often as a sign: between two words it goes.
    const strip = await sharp({ create: { width: 1000, height: 200, channels: 3, background: 'white' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="200"><text x="100" y="120" font-size="60" font-family="DejaVu Sans">KITCHEN = DINING</text></svg>') }])
      .png()
      .toBuffer();
    expect(await textsRead(strip, dpi)).toEqual(['KITCHEN', 'DINING']);
  }, OCR_TEST_TIMEOUT_MS);
});

describe('sheet words', () => {
  it('reads the labels of a sheet drawn with outlined text, where they are printed, with OCR confidence', async () => {
    const sheet = await openSheet(new Uint8Array(await readFile(OUTLINED)), 150);
    try {
      const layer = await extractWords(sheet);
      expect(layer.length).toBeLessThan(SPARSE_TEXT_LAYER_WORDS);
      const words = await sheetWords(layer, async (dpi) => scaledPng(await renderSheet(sheet, dpi)), sheet.info);
      const texts = words.map((word) => word.text);
      for (const label of ['KITCHEN', 'LAUNDRY', 'RESTROOM', 'LINEN', 'SALA']) expect(texts).toContain(label);
      expect(new Set(words.map((word) => word.id)).size).toBe(words.length);
      for (const word of words) {
        expect(word.confidence).toBeGreaterThanOrEqual(0.7);
        expect(word.confidence).toBeLessThan(1);
      }
      // KITCHEN is printed at about (543, 146) pt on this 17 × 11 in sheet (read off a poppler
      // render): (1131, 304) units at 150 dpi.
      const [x, y] = centre(words.find((word) => word.text === 'KITCHEN')!);
      expect(Math.hypot(x - 1131, y - 304)).toBeLessThan(25);
    } finally {
      await sheet.close();
    }
  });

  it('reads text that runs up the sheet, with its direction', async () => {
    // ufpr's plan lies across a portrait sheet, so most of its outlined text runs upward.
    const sheet = await openSheet(new Uint8Array(await readFile(path.join(realplans, 'ufpr-mapabloco/planta.pdf'))), 150);
    try {
      const words = await sheetWords(await extractWords(sheet), async (dpi) => scaledPng(await renderSheet(sheet, dpi)), sheet.info);
      // Its rooms are named in grey outlined lettering that Tesseract lost over the whole sheet
      // and reads tile by tile, darkened: GABINETE is printed on each of its 13 offices.
      expect(words.filter((word) => word.text === 'GABINETE').length).toBeGreaterThanOrEqual(10);
      const legend = words.find((word) => word.text === 'Legenda');
      expect(legend).toBeDefined();
      expect(legend!.angle).toBeCloseTo(-Math.PI / 2, 6);
      // Printed from about (178, 442) to (178, 475) pt, read off a poppler render: a column.
      const ring = legend!.geometry!.coordinates[0];
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(2 * (Math.max(...xs) - Math.min(...xs)));
      const [x, y] = centre(legend!);
      expect(Math.hypot(x - (178 * 150) / 72, y - (459 * 150) / 72)).toBeLessThan(20);
      expect(new Set(words.map((word) => word.id)).size).toBe(words.length);
    } finally {
      await sheet.close();
    }
  }, OCR_TEST_TIMEOUT_MS);

  it('keeps a real text layer as it is and never renders the sheet for OCR', async () => {
    const sheet = await openSheet(new Uint8Array(await readFile(FIRST_FLOOR)), 150);
    try {
      const layer = await extractWords(sheet);
      const words = await readSheetWords(sheet, () => Promise.reject(new Error('OCR ran on a sheet with a text layer')));
      expect(words).toEqual(layer);
    } finally {
      await sheet.close();
    }
  });

  it('tells the words a sheet draws as linework that its text layer lacks', async () => {
    const drawn = async (pdf: Uint8Array) => {
      const sheet = await openSheet(pdf, 150);
      try {
        return unreadDrawnWords((await extractPrimitives(sheet, { cleanUp: false })).paths, await extractWords(sheet), sheet.info.dpi);
      } finally {
        await sheet.close();
      }
    };
    // polimi's elevations keep their views' titles as text and draw the title block's lettering.
    expect(await drawn(new Uint8Array(await readFile(path.join(realplans, 'polimi-qms3/A201.pdf'))))).toBeGreaterThanOrEqual(UNREAD_DRAWN_WORDS);
    // Glyph-sized strokes that are no lettering: wall hatching in rows (archicad), a concrete
    // poché's stones and trees' leaves (kumar), a hospital's finish hatches (VA), casework (purdue).
    for (const [file, page] of [
      ['ebrivera-takeoffs/first-floor.pdf', 1],
      ['archicad-atrium/floor-plan.pdf', 1],
      ['kumar-g2-residential/ground-floor-plan.pdf', 1],
      ['va-finish-plan/sample-finish-plan.pdf', 1],
      ['purdue-lilyhall/drawings.pdf', 4],
    ] as const) {
      expect(await drawn(realPage(file, page)), file).toBeLessThan(UNREAD_DRAWN_WORDS);
    }
  }, OCR_TEST_TIMEOUT_MS);

  it('reads with OCR the words a sheet draws beside its text layer, and keeps the layer', async () => {
    const sheet = await openSheet(new Uint8Array(await readFile(path.join(realplans, 'polimi-qms3/A201.pdf'))), 150);
    try {
      const layer = await extractWords(sheet);
      expect(layer.length).toBeGreaterThanOrEqual(SPARSE_TEXT_LAYER_WORDS);
      const words = await readSheetWords(sheet, async (dpi) => scaledPng(await renderSheet(sheet, dpi)));
      expect(words.slice(0, layer.length)).toEqual(layer);
      // The title block, lettered as strokes in the sheet's right margin: no text layer holds it.
      const read = words.slice(layer.length);
      for (const text of ['POLITECNICO', 'MILANO', 'QUINTA', 'MONROY']) {
        const word = read.find((w) => w.text === text);
        expect(word, text).toBeDefined();
        expect(word!.confidence).toBeLessThan(1);
        expect(centre(word!)[0]).toBeGreaterThan(0.85 * sheet.info.widthPx);
      }
      expect(new Set(words.map((word) => word.id)).size).toBe(words.length);
    } finally {
      await sheet.close();
    }
  }, OCR_TEST_TIMEOUT_MS);
});

describe('a job on an outlined-text sheet', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('publishes OCR words and names rooms from them', async () => {
    server = await startTestServer();
    const client = new ApiClient(server.url, await server.createKey('ocr'));
    const upload = await client.uploadFile(OUTLINED);
    const job = await client.waitForJob(upload.body.project_id, upload.body.job_id, undefined, OCR_TEST_TIMEOUT_MS - 30_000);
    expect(job, server.logs()).toMatchObject({ status: 'SUCCEEDED', error_code: null });
    const blueprint = (await client.get(`/v1/blueprints/${job.blueprint_id}?include_text=true`)).body.blueprint;
    const kitchen = blueprint.text.find((word: { text: string }) => word.text === 'KITCHEN');
    expect(kitchen).toMatchObject({ geometry: { type: 'Polygon' } });
    expect(kitchen.confidence).toBeLessThan(1);
    const roomNames = blueprint.geojson.features.filter((f: { properties: { class: string } }) => f.properties.class === 'room').map((f: { properties: { name: string | null } }) => f.properties.name);
    expect(roomNames).toEqual(expect.arrayContaining(['RESTROOM', 'LINEN']));
    // A rule strikes the B of the east bedroom's label: OCR reads "EDROOM", and the room takes the
    // room word that one letter restores.
    const struck = blueprint.text.find((word: { text: string }) => word.text === 'EDROOM');
    expect(struck).toMatchObject({ room_id: expect.any(String) });
    const bedroom = blueprint.geojson.features.find((f: { properties: { id: string } }) => f.properties.id === struck.room_id);
    expect(bedroom.properties.name).toBe('BEDROOM');
  }, OCR_TEST_TIMEOUT_MS);
});
