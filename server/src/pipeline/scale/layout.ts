// Where the drawings of a sheet are and what they are called. A sheet often holds a plan and
// several details, each titled ("FIRST FLOOR PLAN", "DETAIL 3") with its own scale note under the
// title; which note governs depends on which drawing it belongs to and how big that drawing is.
import type { SheetInfo, SheetWord } from '../types.ts';
import { bboxOf, boxInFrame, corners, fromFrame, type FramedBox, type TextLine } from './lines.ts';
import type { SegmentIndex } from './segments.ts';

/** A plan; a view of the building from outside or cut upright (elevation, section); any other drawing. */
export type TitleKind = 'plan' | 'view' | 'other';

export interface DrawingTitle {
  line: TextLine;
  kind: TitleKind;
}

/**
 * Plans, in the languages whose elevations and sections VIEW_WORDS knows too (a sheet with views
 * and no plan title draws no plan); a word hyphened to the next names something else
 * ("FLOOR-TO-CEILING" on a section).
 */
const PLAN_WORDS =
  /(?<!\p{L})(?:PLANS?|FLOOR|LEVEL|STOREY|STORY|BASEMENT|GROUND|MEZZANINE|ATTIC|LOFT|GRUNDRISS|(?:ERD|OBER|UNTER|DACH)?GESCHOSS|PLANTA|PIANTA|PIANO|PLANO|TLORIS|PRITLIČJE|NADSTROPJE|[EÉ]TAGE|NIVEAU|REZ-DE-CHAUSS[EÉ]E|PLATTEGROND|VERDIEPING|BEGANE GROND)(?![\p{L}-])/iu;
/** Elevations and sections, in the languages of the sheets we read (Italian PROSPETTO, Slovenian PRESEK...). */
const VIEW_WORDS =
  /(?<!\p{L})(?:SECTIONS?|ELEVATIONS?|[EÉ]L[EÉ]VATIONS?|FA[CÇ]ADES?|COUPES?|PROSPETT[OI]|SEZION[EI]|ALZADOS?|CORTES?|SCHNITT(?:E)?|ANSICHT(?:EN)?|PRESEKI?|POGLEDI?|GEVELS?|DOORSNEDEN?)(?!\p{L})/iu;
const OTHER_DRAWING_WORDS = /\b(?:DETAILS?|ENLARGED|PARTIAL|KEY|TYPICAL|PROFILE|ISOMETRIC|DIAGRAM|SCHEDULE|WALL TYPES?)\b/i;
/** Headings of notes and tables, and sentences that only mention a plan. */
const NOT_A_TITLE = /\b(?:NOTES?|LEGEND|ABBREVIATIONS?|INDEX|SEE|REFER|FOR|SYMBOLS?)\b|[.;]$/i;
const MOST_WORDS_IN_A_TITLE = 7;

/** Drawing titles: short lines naming a plan or another kind of drawing, not smaller than body text. */
export function findTitles(lines: TextLine[]): DrawingTitle[] {
  const sizes = lines.map((line) => line.fontSize).sort((a, b) => a - b);
  const bodySize = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const titles: DrawingTitle[] = [];
  for (const line of lines) {
    if (line.words.length > MOST_WORDS_IN_A_TITLE || line.fontSize < 0.9 * bodySize || NOT_A_TITLE.test(line.text)) continue;
    if (OTHER_DRAWING_WORDS.test(line.text)) titles.push({ line, kind: 'other' });
    else if (VIEW_WORDS.test(line.text)) titles.push({ line, kind: 'view' });
    else if (PLAN_WORDS.test(line.text)) titles.push({ line, kind: 'plan' });
  }
  return titles;
}

/** Distance between the bounding boxes of two stretches of text (0 when they overlap). */
export function gapBetween(a: FramedBox, b: FramedBox): number {
  const [ax0, ay0, ax1, ay1] = bboxOf(corners(a));
  const [bx0, by0, bx1, by1] = bboxOf(corners(b));
  return Math.hypot(Math.max(0, bx0 - ax1, ax0 - bx1), Math.max(0, by0 - ay1, ay0 - by1));
}

/**
 * The title a scale note is printed with: on its own line, or the nearest title within a few of
 * the title's font sizes (notes sit under, beside or over their title).
 */
export function titleOfNote(note: FramedBox, noteLine: TextLine, titles: DrawingTitle[]): DrawingTitle | null {
  let best: { title: DrawingTitle; gap: number } | null = null;
  for (const title of titles) {
    if (title.line === noteLine) return title;
    const gap = gapBetween(note, title.line);
    if (gap <= 2.5 * Math.max(title.line.fontSize, noteLine.fontSize) && (!best || gap < best.gap)) best = { title, gap };
  }
  return best?.title ?? null;
}

/** Quarter-inch cells: fine enough to keep drawings apart, coarse enough to stay cheap. */
const CELLS_PER_INCH = 4;
/** Linework longer than this share of the sheet's short side is a frame or border, not a drawing. */
const LONGEST_DRAWING_STROKE = 0.3;

/**
 * Clusters of ink on the sheet, found on a coarse grid of occupied cells: a drawing is a connected
 * patch of linework and text, separated from the next by white paper.
 */
export class DrawingRegions {
  private readonly dpi: number;
  private readonly cell: number;
  private readonly columns: number;
  private readonly rows: number;
  private readonly labels: Int32Array;
  private readonly extents: { minColumn: number; minRow: number; maxColumn: number; maxRow: number }[] = [];

  constructor(words: SheetWord[], segments: SegmentIndex, info: SheetInfo) {
    this.dpi = info.dpi;
    this.cell = info.dpi / CELLS_PER_INCH;
    this.columns = Math.max(1, Math.ceil(info.widthPx / this.cell));
    this.rows = Math.max(1, Math.ceil(info.heightPx / this.cell));
    const occupied = new Uint8Array(this.columns * this.rows);
    const mark = (x: number, y: number) => {
      const column = Math.floor(x / this.cell);
      const row = Math.floor(y / this.cell);
      if (column >= 0 && row >= 0 && column < this.columns && row < this.rows) occupied[row * this.columns + column] = 1;
    };
    const longest = LONGEST_DRAWING_STROKE * Math.min(info.widthPx, info.heightPx);
    for (const { from, to } of segments.segments) {
      const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
      if (length > longest) continue;
      const steps = Math.ceil((2 * length) / this.cell);
      for (let step = 0; step <= steps; step++) {
        const t = steps === 0 ? 0 : step / steps;
        mark(from[0] + t * (to[0] - from[0]), from[1] + t * (to[1] - from[1]));
      }
    }
    for (const word of words) {
      const ring = word.geometry?.coordinates[0];
      if (!ring) continue;
      const [x0, y0, x1, y1] = bboxOf(ring);
      for (let y = y0; y <= y1 + this.cell; y += this.cell) {
        for (let x = x0; x <= x1 + this.cell; x += this.cell) mark(Math.min(x, x1), Math.min(y, y1));
      }
    }
    this.labels = this.labelComponents(this.dilate(occupied));
  }

  /** Grows every occupied cell by one cell, bridging gaps of less than half an inch. */
  private dilate(occupied: Uint8Array): Uint8Array {
    const grown = new Uint8Array(occupied.length);
    for (let row = 0; row < this.rows; row++) {
      for (let column = 0; column < this.columns; column++) {
        if (!occupied[row * this.columns + column]) continue;
        for (let r = Math.max(0, row - 1); r <= Math.min(this.rows - 1, row + 1); r++) {
          for (let c = Math.max(0, column - 1); c <= Math.min(this.columns - 1, column + 1); c++) grown[r * this.columns + c] = 1;
        }
      }
    }
    return grown;
  }

  private labelComponents(occupied: Uint8Array): Int32Array {
    const labels = new Int32Array(occupied.length).fill(-1);
    const stack: number[] = [];
    for (let start = 0; start < occupied.length; start++) {
      if (!occupied[start] || labels[start] !== -1) continue;
      const label = this.extents.length;
      const extent = { minColumn: Infinity, minRow: Infinity, maxColumn: -Infinity, maxRow: -Infinity };
      this.extents.push(extent);
      labels[start] = label;
      stack.push(start);
      while (stack.length > 0) {
        const cell = stack.pop()!;
        const row = Math.floor(cell / this.columns);
        const column = cell % this.columns;
        extent.minColumn = Math.min(extent.minColumn, column);
        extent.maxColumn = Math.max(extent.maxColumn, column);
        extent.minRow = Math.min(extent.minRow, row);
        extent.maxRow = Math.max(extent.maxRow, row);
        const neighbours = [
          column > 0 ? cell - 1 : -1,
          column < this.columns - 1 ? cell + 1 : -1,
          row > 0 ? cell - this.columns : -1,
          row < this.rows - 1 ? cell + this.columns : -1,
        ];
        for (const next of neighbours) {
          if (next >= 0 && occupied[next] && labels[next] === -1) {
            labels[next] = label;
            stack.push(next);
          }
        }
      }
    }
    return labels;
  }

  /** Width and height, in paper inches, of a region's bounding box. */
  private sizeInches(label: number): [number, number] {
    const extent = this.extents[label];
    return [
      (extent.maxColumn - extent.minColumn + 1) / CELLS_PER_INCH,
      (extent.maxRow - extent.minRow + 1) / CELLS_PER_INCH,
    ];
  }

  /** Longest side, in paper inches, of the largest drawing on the sheet. */
  largestDrawingSideInches(): number {
    let largest = 0;
    let side = 0;
    this.extents.forEach((_, label) => {
      const [width, height] = this.sizeInches(label);
      if (width * height > largest) {
        largest = width * height;
        side = Math.max(width, height);
      }
    });
    return side;
  }

  /**
   * Area, in square paper inches, of the drawing a title belongs to: the largest region reaching
   * the title or the inch and a half of paper above it (titles are printed under their drawing).
   */
  drawingAreaAbove(title: TextLine): number {
    const { frame, along, across } = title;
    const above: FramedBox = boxInFrame(frame, [
      fromFrame(frame, along[0], across[0] - 1.5 * this.dpi),
      fromFrame(frame, along[1], across[1]),
    ]);
    let area = 0;
    const step = this.cell / 2;
    for (let a = above.along[0]; a <= above.along[1]; a += step) {
      for (let c = above.across[0]; c <= above.across[1]; c += step) {
        const [x, y] = fromFrame(frame, a, c);
        const column = Math.floor(x / this.cell);
        const row = Math.floor(y / this.cell);
        if (column < 0 || row < 0 || column >= this.columns || row >= this.rows) continue;
        const label = this.labels[row * this.columns + column];
        if (label < 0) continue;
        const [width, height] = this.sizeInches(label);
        area = Math.max(area, width * height);
      }
    }
    return area;
  }
}
