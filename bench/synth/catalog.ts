// Paper sizes, drawing scales and the way each unit system writes lengths, as printed on sheets.
import type { Scale } from '../../core/src/types.ts';

export type UnitSystem = 'imperial' | 'metric';

export const METRES_PER_INCH = 0.0254;

/** Sizes in landscape orientation, inches. */
export const PAGE_SIZES = {
  'ARCH D': { widthIn: 36, heightIn: 24 },
  'ARCH C': { widthIn: 24, heightIn: 18 },
  A1: { widthIn: 841 / 25.4, heightIn: 594 / 25.4 },
  A3: { widthIn: 420 / 25.4, heightIn: 297 / 25.4 },
  Letter: { widthIn: 11, heightIn: 8.5 },
  Tabloid: { widthIn: 17, heightIn: 11 },
} as const;
export type PageSizeName = keyof typeof PAGE_SIZES;

export const PAGE_SIZES_BY_UNITS: Record<UnitSystem, PageSizeName[]> = {
  imperial: ['ARCH D', 'ARCH C', 'Tabloid', 'Letter'],
  metric: ['A1', 'A3'],
};

export interface ScaleSpec {
  scale: Omit<Scale, 'label'>;
  /** Real length per paper length. */
  ratio: number;
  /** Ways the note is printed under the drawing title; the first is also the title block's field. */
  notes: string[];
}

function architectural(drawingInches: number, notes: string[]): ScaleSpec {
  return { scale: { drawing: drawingInches, real: 1, type: 'architectural', units: 'imperial' }, ratio: 12 / drawingInches, notes };
}

function civil(realFeet: number, notes: string[]): ScaleSpec {
  return { scale: { drawing: 1, real: realFeet, type: 'civil', units: 'imperial' }, ratio: realFeet * 12, notes };
}

function metric(real: number, notes: string[]): ScaleSpec {
  return { scale: { drawing: 1, real, type: 'metric', units: 'si' }, ratio: real, notes };
}

/** Most detailed first. */
export const SCALES: Record<UnitSystem, ScaleSpec[]> = {
  imperial: [
    architectural(1 / 4, [`1/4" = 1'-0"`, `SCALE: 1/4" = 1'-0"`]),
    architectural(3 / 16, [`3/16"=1'`, `3/16" = 1'-0"`]),
    architectural(1 / 8, [`1/8" = 1'-0"`, `SCALE: 1/8" = 1'-0"`]),
    civil(10, [`1" = 10'`, `SCALE: 1" = 10'-0"`]),
    architectural(1 / 16, [`1/16" = 1'-0"`]),
  ],
  metric: [
    metric(50, ['1:50', 'M 1:50', 'SCALE 1:50']),
    metric(100, ['1:100', 'SCALE 1 : 100']),
    metric(200, ['SCALE 1 : 200', '1:200']),
  ],
};

/** Model coordinates are whole units of the sheet's drafting system: millimetres or inches. */
export const MODEL_UNIT_METRES: Record<UnitSystem, number> = { metric: 0.001, imperial: METRES_PER_INCH };

/** How dimension strings are written on a sheet. */
export type DimensionFormat = 'feet-inches' | 'millimetres' | 'centimetres';

export function formatDimension(metres: number, format: DimensionFormat): string {
  switch (format) {
    case 'feet-inches': {
      const inches = Math.round(metres / METRES_PER_INCH);
      return `${Math.floor(inches / 12)}'-${inches % 12}"`;
    }
    case 'millimetres':
      return String(Math.round(metres * 1000));
    case 'centimetres': {
      const millimetres = Math.round(metres * 1000);
      return millimetres % 10 === 0 ? String(millimetres / 10) : (millimetres / 10).toFixed(1);
    }
  }
}

export function formatArea(squareMetres: number, units: UnitSystem): string {
  return units === 'metric' ? `${squareMetres.toFixed(1)} m²` : `${Math.round(squareMetres / 0.09290304)} SF`;
}

/** Drafting conventions per unit system, in model units (millimetres or inches). */
export interface Drafting {
  /** Layout lines snap to this grid. */
  grid: number;
  exteriorWalls: number[];
  interiorWalls: number[];
  singleDoors: number[];
  doubleDoors: number[];
  slidingDoors: number[];
  windows: number[];
}

export const DRAFTING: Record<UnitSystem, Drafting> = {
  metric: {
    grid: 50,
    exteriorWalls: [250, 300, 350],
    interiorWalls: [100, 120, 150],
    singleDoors: [700, 750, 800, 850, 900, 1000],
    doubleDoors: [1200, 1400, 1500, 1600, 1800],
    slidingDoors: [1200, 1500, 1800, 2100],
    windows: [600, 900, 1000, 1200, 1500, 1800],
  },
  imperial: {
    grid: 3,
    exteriorWalls: [8, 10, 12],
    interiorWalls: [4, 6],
    // 2'-4" to 3'-0": the door sizes stocked in North America.
    singleDoors: [28, 30, 32, 34, 36],
    doubleDoors: [48, 60, 64, 72],
    slidingDoors: [48, 60, 72, 84],
    windows: [24, 30, 36, 48, 60, 72],
  },
};
