// The synthetic sheet generator (bench/synth) is the benchmark's source of truth, so its truth is
// checked against itself and against what poppler actually reads and renders from the PDFs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import polygonClipping from 'polygon-clipping';
import type { MultiPolygon, Pair } from 'polygon-clipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metresPerUnit, polygonArea } from '../../core/src/measure.ts';
import { bboxRing, pointInRing } from '../../core/src/geometry.ts';
import { SCALES } from '../../bench/synth/catalog.ts';
import { generateSheet, generateSuite, suiteOptions, type GeneratedSheet, type Position, type SheetTruth } from '../../bench/synth/generate.ts';
import { FIXTURE_KINDS } from '../../bench/synth/furnish.ts';
import { OPENING_KINDS } from '../../bench/synth/layouts.ts';
import { openSheet } from '../src/pipeline/pdf.ts';

const SEED_BASE = 101;
const SUITE_SIZE = 8;

let suite: GeneratedSheet[];
let workDir: string;

beforeAll(async () => {
  suite = await generateSuite(SUITE_SIZE, SEED_BASE);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'synth-test-'));
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function writePdf(sheet: GeneratedSheet): string {
  const file = path.join(workDir, sheet.truth.pdf);
  writeFileSync(file, sheet.pdf);
  return file;
}

const area = (multi: MultiPolygon) => multi.reduce((sum, polygon) => sum + polygonArea(polygon), 0);
const asPolygon = (ring: Position[]): Pair[][] => [ring as Pair[]];



describe('synthetic sheet generator', () => {
  it('is deterministic: the same seed gives the same bytes and truth, another seed a different sheet', async () => {
    const again = await generateSheet(suiteOptions(3, SEED_BASE));
    expect(Buffer.from(again.pdf).equals(Buffer.from(suite[3].pdf))).toBe(true);
    expect(again.truth).toEqual(suite[3].truth);
    const other = await generateSheet({ ...suiteOptions(3, SEED_BASE), seed: 9999 });
    expect(Buffer.from(other.pdf).equals(Buffer.from(suite[3].pdf))).toBe(false);
    expect(other.truth.rooms).not.toEqual(suite[3].truth.rooms);
  });

  it('covers every wall style, both unit systems, every opening and fixture kind, and a sheet with no scale', () => {
    const truths = suite.map((s) => s.truth);
    expect(new Set(truths.map((t) => t.sheet.wallStyle))).toEqual(new Set(['poche', 'outline', 'hatched', 'partitioned']));
    expect(new Set(truths.map((t) => t.sheet.units))).toEqual(new Set(['imperial', 'metric']));
    expect(new Set(truths.flatMap((t) => t.openings.map((o) => o.sub_class)))).toEqual(new Set(OPENING_KINDS));
    expect(new Set(truths.flatMap((t) => t.fixtures.map((f) => f.sub_class)))).toEqual(new Set(FIXTURE_KINDS));
    expect(truths.some((t) => t.scale === null)).toBe(true);
    expect(new Set(truths.map((t) => t.sheet.pageSize)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(truths.map((t) => t.sheet.drawnScale)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(truths.map((t) => t.scale?.type).filter(Boolean))).toEqual(new Set(['architectural', 'metric', 'civil']));
  });

  it('gives a scale whose metres per unit match the shared measurement code', () => {
    for (const { truth } of suite) {
      if (truth.scale === null) continue;
      expect(metresPerUnit(truth.scale, truth.dpi)).toBeCloseTo(truth.metresPerUnit, 12);
    }
  });

  it('keeps rooms inside the footprint, apart from each other, and rooms plus walls equal to the footprint', () => {
    for (const { truth } of suite) {
      const footprint = asPolygon(truth.footprint.polygon);
      const unitArea = truth.metresPerUnit ** 2;
      expect(polygonArea([truth.footprint.polygon]) * unitArea).toBeCloseTo(truth.footprint.area_m2, 3);
      for (const room of truth.rooms) {
        const roomArea = polygonArea([room.polygon]);
        expect(room.area_m2 / (roomArea * unitArea)).toBeCloseTo(1, 5);
        expect(area(polygonClipping.intersection(asPolygon(room.polygon), footprint)) / roomArea).toBeCloseTo(1, 6);
      }
      for (let i = 0; i < truth.rooms.length; i++) {
        for (let j = i + 1; j < truth.rooms.length; j++) {
          const overlap = area(polygonClipping.intersection(asPolygon(truth.rooms[i].polygon), asPolygon(truth.rooms[j].polygon)));
          expect(overlap).toBeLessThan(1e-3 * polygonArea([truth.rooms[i].polygon]));
        }
      }
      const wallPieces = truth.walls.map((w) => asPolygon(w.polygon));
      const wallUnion = area(polygonClipping.union(wallPieces[0], ...wallPieces.slice(1)));
      const wallSum = truth.walls.reduce((sum, w) => sum + polygonArea([w.polygon]), 0);
      expect(wallSum / wallUnion).toBeCloseTo(1, 4);
      const roomSum = truth.rooms.reduce((sum, r) => sum + r.area_m2, 0);
      expect((roomSum + wallUnion * unitArea) / truth.footprint.area_m2).toBeCloseTo(1, 3);
      const exterior = truth.walls.filter((w) => w.exterior).map((w) => w.thickness_m);
      const interior = truth.walls.filter((w) => !w.exterior).map((w) => w.thickness_m);
      expect(Math.min(...exterior)).toBeGreaterThan(Math.max(...interior));
    }
  });

  it('cuts every opening into a wall, with its centre in the gap and its rooms named', () => {
    for (const { truth } of suite) {
      const walls = truth.walls.map((w) => asPolygon(w.polygon));
      const wallUnion = polygonClipping.union(walls[0], ...walls.slice(1));
      const roomNames = new Set(truth.rooms.map((r) => r.name));
      for (const opening of truth.openings) {
        expect(pointInRing(opening.center, opening.polygon)).toBe(true);
        const gap = polygonArea([opening.polygon]);
        expect(area(polygonClipping.intersection(asPolygon(opening.polygon), wallUnion)) / gap).toBeCloseTo(1, 5);
        const [a, b, c] = opening.polygon;
        const sides = [Math.hypot(b[0] - a[0], b[1] - a[1]), Math.hypot(c[0] - b[0], c[1] - b[1])];
        // The gap runs the opening's width along the wall and the wall's thickness across it.
        expect(sides.some((side) => Math.abs(side * truth.metresPerUnit - opening.width_m) < 1e-5)).toBe(true);
        expect(opening.room_names.length).toBeGreaterThanOrEqual(1);
        for (const name of opening.room_names) expect(roomNames.has(name)).toBe(true);
        if (opening.sub_class === 'single swing door') {
          expect(opening.width_m).toBeGreaterThanOrEqual(0.7);
          expect(opening.width_m).toBeLessThanOrEqual(1.0);
        }
      }
    }
  });

  it('reaches every room through doors from outside', () => {
    for (const { truth } of suite) {
      const doors = truth.openings.filter((o) => o.sub_class !== 'window');
      const reached = new Set(doors.filter((d) => d.room_names.length === 1).map((d) => d.room_names[0]));
      expect(reached.size).toBeGreaterThan(0);
      for (let grew = true; grew; ) {
        grew = false;
        for (const door of doors) {
          if (door.room_names.some((n) => reached.has(n)) && door.room_names.some((n) => !reached.has(n))) {
            door.room_names.forEach((n) => reached.add(n));
            grew = true;
          }
        }
      }
      expect([...reached].sort()).toEqual(truth.rooms.map((r) => r.name).sort());
    }
  });

  it('puts fixtures inside their rooms, wet ones in baths and kitchens', () => {
    const wet: Record<string, RegExp> = {
      toilet: /BATH|WC|RESTROOM|MEN/,
      bathtub: /BATH/,
      shower: /BATH/,
      cooktop: /KITCHEN|BREAK/,
    };
    for (const { truth } of suite) {
      for (const fixture of truth.fixtures) {
        const room = truth.rooms.find((r) => r.name === fixture.room_name);
        expect(room).toBeDefined();
        const box = bboxRing(fixture.bbox);
        expect(area(polygonClipping.intersection(asPolygon(box), asPolygon(room!.polygon))) / polygonArea([box])).toBeCloseTo(1, 5);
        if (wet[fixture.sub_class]) expect(fixture.room_name).toMatch(wet[fixture.sub_class]);
      }
    }
  });

  it('prints the scale note and the room labels as text, each label inside its room', () => {
    for (const sheet of [suite[0], suite[1], suite[5]]) {
      const file = writePdf(sheet);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const squeeze = (s: string) => s.replace(/\s+/g, '');
      const notes = SCALES[sheet.truth.sheet.units].flatMap((s) => s.notes);
      if (sheet.truth.scale === null) {
        for (const note of notes) expect(squeeze(text)).not.toContain(squeeze(note));
      } else {
        expect(squeeze(text)).toContain(squeeze(sheet.truth.scale.label!));
      }
      // Word boxes in points from the top-left; blueprint units are 150 per inch.
      const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
      const toUnits = sheet.truth.dpi / 72;
      const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        text: m[5],
        center: [((Number(m[1]) + Number(m[3])) / 2) * toUnits, ((Number(m[2]) + Number(m[4])) / 2) * toUnits] as Position,
      }));
      for (const room of sheet.truth.rooms) {
        const first = room.name.split(' ')[0].replace('&', '&amp;');
        const inside = words.filter((w) => w.text === first && pointInRing(w.center, room.polygon));
        expect(inside.length, `${sheet.truth.pdf} ${room.name}`).toBeGreaterThan(0);
      }
    }
  });

  it('renders with pdftoppm, poché walls dark where the truth puts them', () => {
    const dpi = 50;
    for (const sheet of suite.filter((s) => s.truth.sheet.wallStyle === 'poche').slice(0, 2)) {
      const file = writePdf(sheet);
      const stem = path.join(workDir, `render-${sheet.truth.sheet.seed}`);
      const run = spawnSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', file, stem], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stderr).not.toMatch(/error/i);
      const image = readPgm(`${stem}.pgm`);
      expect(image.width).toBe(Math.round((sheet.truth.page.widthPt / 72) * dpi));
      const k = dpi / sheet.truth.dpi;
      const samples = wallSamples(sheet.truth);
      expect(samples.length).toBeGreaterThan(20);
      const dark = samples.filter(([x, y]) => image.pixels[Math.floor(y * k) * image.width + Math.floor(x * k)] < 160);
      expect(dark.length / samples.length).toBeGreaterThan(0.95);
    }
  });

  it('opens in pdf.js with the page size the truth states', async () => {
    const { truth, pdf } = suite[2];
    const sheet = await openSheet(pdf, truth.dpi);
    try {
      expect(sheet.info.widthPt).toBeCloseTo(truth.page.widthPt, 6);
      expect(sheet.info.heightPt).toBeCloseTo(truth.page.heightPt, 6);
      const text = await sheet.page.getTextContent();
      const strings = text.items.map((item) => ('str' in item ? item.str : ''));
      for (const room of truth.rooms) expect(strings).toContain(room.name);
    } finally {
      await sheet.close();
    }
  });
});

/** Points on the middle of thick exterior wall pieces, away from openings and the piece ends. */
function wallSamples(truth: SheetTruth): Position[] {
  const samples: Position[] = [];
  for (const wall of truth.walls.filter((w) => w.exterior)) {
    const [a, b] = wall.centerline;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const margin = wall.thickness_m / truth.metresPerUnit;
    for (let s = margin; s < length - margin; s += margin) {
      const p: Position = [a[0] + ((b[0] - a[0]) * s) / length, a[1] + ((b[1] - a[1]) * s) / length];
      const nearOpening = truth.openings.some((o) => {
        const [x0, y0, x1, y1] = [
          Math.min(...o.polygon.map((q) => q[0])) - margin,
          Math.min(...o.polygon.map((q) => q[1])) - margin,
          Math.max(...o.polygon.map((q) => q[0])) + margin,
          Math.max(...o.polygon.map((q) => q[1])) + margin,
        ];
        return p[0] > x0 && p[0] < x1 && p[1] > y0 && p[1] < y1;
      });
      if (!nearOpening) samples.push(p);
    }
  }
  return samples;
}

function readPgm(file: string): { width: number; height: number; pixels: Uint8Array } {
  const data = readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} is not an 8-bit binary PGM`);
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: data.subarray(header[0].length) };
}
