import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  lineLength,
  measureFeature,
  measureGeometry,
  metresPerUnit,
  polygonArea,
  polygonPerimeter,
  ringArea,
  withMeasurements,
} from '../src/measure.ts';
import type { BlueprintFeatureCollection, Geometry, Position, Scale } from '../src/types.ts';

const INCH = 0.0254;
const FOOT = 0.3048;
const SQUARE_FOOT = FOOT * FOOT;

const quarterInchScale: Scale = { drawing: 0.25, real: 1, type: 'architectural', units: 'imperial', label: '1/4" = 1\'-0"' };
const metric1to100: Scale = { drawing: 1, real: 100, type: 'metric', units: 'si', label: '1:100' };
const engineering1in20ft: Scale = { drawing: 1, real: 240, type: 'civil', units: 'inches', label: '1" = 20\'' };

function rectangle(x: number, y: number, width: number, height: number): Position[] {
  return [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
    [x, y],
  ];
}

describe('metresPerUnit', () => {
  it('converts 1/4" = 1\'-0" at 150 dpi: 150 units are one paper inch, i.e. 4 ft', () => {
    expect(metresPerUnit(quarterInchScale, 150)! * 150).toBeCloseTo(4 * FOOT, 12);
  });

  it('converts 1:100 at 150 dpi: one paper inch is 100 real inches', () => {
    expect(metresPerUnit(metric1to100, 150)! * 150).toBeCloseTo(100 * INCH, 12);
  });

  it('converts an inches scale (1" = 20\' written as 1:240 inches) at 300 dpi', () => {
    expect(metresPerUnit(engineering1in20ft, 300)! * 300).toBeCloseTo(20 * FOOT, 12);
  });

  it('scales inversely with dpi', () => {
    expect(metresPerUnit(quarterInchScale, 300)).toBeCloseTo(metresPerUnit(quarterInchScale, 150)! / 2, 15);
  });

  it.each([
    ['no scale', null, 150],
    ['undefined scale', undefined, 150],
    ['manual scaling needed', { ...quarterInchScale, manual_scaling_needed: true }, 150],
    ['zero drawing', { ...quarterInchScale, drawing: 0 }, 150],
    ['negative real', { ...quarterInchScale, real: -1 }, 150],
    ['NaN real', { ...quarterInchScale, real: Number.NaN }, 150],
    ['infinite drawing', { ...quarterInchScale, drawing: Number.POSITIVE_INFINITY }, 150],
    ['zero dpi', quarterInchScale, 0],
  ] as [string, Scale | null | undefined, number][])('returns null for %s', (_label, scale, dpi) => {
    expect(metresPerUnit(scale, dpi)).toBeNull();
  });

  it('accepts manual_scaling_needed false or null as a usable scale', () => {
    expect(metresPerUnit({ ...quarterInchScale, manual_scaling_needed: false }, 150)).toBeCloseTo(4 * FOOT / 150, 15);
    expect(metresPerUnit({ ...quarterInchScale, manual_scaling_needed: null }, 150)).toBeCloseTo(4 * FOOT / 150, 15);
  });
});

describe('planar helpers (units)', () => {
  const outer = rectangle(0, 0, 100, 100);
  // Holes run the other way round (RFC 7946); the area must not depend on orientation.
  const hole = rectangle(25, 25, 50, 50).reverse();

  it('ringArea is the absolute shoelace area, closed or not, either orientation', () => {
    expect(ringArea(outer)).toBe(10_000);
    expect(ringArea([...outer].reverse())).toBe(10_000);
    expect(ringArea(outer.slice(0, -1))).toBe(10_000);
    // A right triangle with legs 30 and 40.
    expect(ringArea([[0, 0], [30, 0], [0, 40], [0, 0]])).toBe(600);
  });

  it('polygonArea subtracts holes and polygonPerimeter counts every ring', () => {
    expect(polygonArea([outer, hole])).toBe(10_000 - 2_500);
    expect(polygonPerimeter([outer, hole])).toBe(400 + 200);
  });

  it('polygonPerimeter closes an unclosed ring', () => {
    expect(polygonPerimeter([outer.slice(0, -1)])).toBe(400);
  });

  it('lineLength sums the segments of an open path without closing it', () => {
    expect(lineLength([[0, 0], [3, 4], [3, 14]])).toBe(5 + 10);
    expect(lineLength([[7, 7]])).toBe(0);
  });
});

describe('measureGeometry', () => {
  const mpuQuarterInch = metresPerUnit(quarterInchScale, 150)!;

  it('measures a 300×150 unit room at 150 dpi and 1/4" = 1\'-0" as 8 ft × 4 ft', () => {
    const room: Geometry = { type: 'Polygon', coordinates: [rectangle(10, 20, 300, 150)] };
    const measured = measureGeometry(room, mpuQuarterInch);
    // 2 in × 1 in of paper = 8 ft × 4 ft = 32 sq ft = 2.97289728 m²; perimeter 24 ft.
    expect(measured.area_m2).toBeCloseTo(32 * SQUARE_FOOT, 12);
    expect(measured.area_m2).toBeCloseTo(2.97289728, 12);
    expect(measured.perimeter_m).toBeCloseTo(24 * FOOT, 12);
    expect(measured.length_m).toBeNull();
    expect(measured.opening_width_m).toBeNull();
  });

  it('measures a 1:100 metric room: 590.55 × 295.275 units at 150 dpi ≈ 10 m × 5 m', () => {
    // 10 m real = 0.1 m paper = 3.937 in = 590.55… units at 150 dpi.
    const unitsPerMetre = 150 / INCH / 100;
    const room: Geometry = { type: 'Polygon', coordinates: [rectangle(0, 0, 10 * unitsPerMetre, 5 * unitsPerMetre)] };
    const measured = measureGeometry(room, metresPerUnit(metric1to100, 150));
    expect(measured.area_m2).toBeCloseTo(50, 10);
    expect(measured.perimeter_m).toBeCloseTo(30, 10);
  });

  it('measures a polygon with a hole: area without the hole, perimeter with it', () => {
    const ring: Geometry = {
      type: 'Polygon',
      coordinates: [rectangle(0, 0, 100, 100), rectangle(25, 25, 50, 50).reverse()],
    };
    const measured = measureGeometry(ring, 0.01);
    expect(measured.area_m2).toBeCloseTo(0.75, 12);
    expect(measured.perimeter_m).toBeCloseTo(6, 12);
  });

  it('sums the members of a MultiPolygon', () => {
    const twoRooms: Geometry = {
      type: 'MultiPolygon',
      coordinates: [[rectangle(0, 0, 10, 20)], [rectangle(100, 0, 30, 30), rectangle(110, 10, 10, 10)]],
    };
    const measured = measureGeometry(twoRooms, 1);
    expect(measured.area_m2).toBe(200 + 900 - 100);
    expect(measured.perimeter_m).toBe(60 + 120 + 40);
  });

  it('measures a MultiLineString as the sum of its lines and gives it no area', () => {
    const walls: Geometry = {
      type: 'MultiLineString',
      coordinates: [
        [[0, 0], [300, 400]],
        [[0, 0], [0, 150], [150, 150]],
      ],
    };
    const measured = measureGeometry(walls, mpuQuarterInch);
    // 500 + 300 units = 800 units = 5.333 in of paper = 21.333 ft.
    expect(measured.length_m).toBeCloseTo((800 / 150) * 4 * FOOT, 12);
    expect(measured.area_m2).toBeNull();
    expect(measured.perimeter_m).toBeNull();
  });

  it('gives a door (Point) only its opening width: 112.5 units = 0.75 paper in = 3 ft', () => {
    const measured = measureGeometry({ type: 'Point', coordinates: [5, 5] }, mpuQuarterInch, 112.5);
    expect(measured).toEqual({ area_m2: null, perimeter_m: null, length_m: null, opening_width_m: expect.any(Number) });
    expect(measured.opening_width_m).toBeCloseTo(3 * FOOT, 12);
  });

  it('gives MultiPoint and null geometry no measures', () => {
    const none = { area_m2: null, perimeter_m: null, length_m: null, opening_width_m: null };
    expect(measureGeometry({ type: 'MultiPoint', coordinates: [[0, 0], [9, 9]] }, 1)).toEqual(none);
    expect(measureGeometry(null, 1)).toEqual(none);
  });

  it('sums a GeometryCollection per measure, nested collections included', () => {
    const mixed: Geometry = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [rectangle(0, 0, 10, 10)] },
        { type: 'LineString', coordinates: [[0, 0], [0, 7]] },
        {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', coordinates: [rectangle(50, 50, 2, 3)] },
            { type: 'Point', coordinates: [1, 1] },
          ],
        },
      ],
    };
    expect(measureGeometry(mixed, 2)).toEqual({ area_m2: (100 + 6) * 4, perimeter_m: (40 + 10) * 2, length_m: 14, opening_width_m: null });
    const pointsOnly: Geometry = { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [1, 1] }] };
    expect(measureGeometry(pointsOnly, 2)).toEqual({ area_m2: null, perimeter_m: null, length_m: null, opening_width_m: null });
  });

  it('returns only nulls without a scale, even with an opening width', () => {
    const room: Geometry = { type: 'Polygon', coordinates: [rectangle(0, 0, 10, 10)] };
    expect(measureGeometry(room, null, 40)).toEqual({ area_m2: null, perimeter_m: null, length_m: null, opening_width_m: null });
  });
});

describe('measureFeature and withMeasurements', () => {
  const collection: BlueprintFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'room-1',
        geometry: { type: 'Polygon', coordinates: [rectangle(0, 0, 300, 150)] },
        properties: {
          id: 'room-1',
          kind: 'area',
          class: 'room',
          name: 'Kitchen',
          measurements: { area_m2: 999, perimeter_m: 999, length_m: 999, opening_width_m: 999 },
          custom_note: { keep: true },
        },
      },
      {
        type: 'Feature',
        id: 'door-1',
        geometry: { type: 'Point', coordinates: [0, 75] },
        properties: { id: 'door-1', kind: 'object', class: 'opening', sub_class: 'single swing door', opening_width_units: 112.5 },
      },
    ],
  };

  it('measureFeature uses the feature geometry and opening width', () => {
    expect(measureFeature(collection.features[1], quarterInchScale, 150).opening_width_m).toBeCloseTo(3 * FOOT, 12);
    expect(measureFeature(collection.features[0], quarterInchScale, 150).area_m2).toBeCloseTo(32 * SQUARE_FOOT, 12);
  });

  it('recomputes stale measurements, keeps other properties and leaves the input untouched', () => {
    const before = structuredClone(collection);
    const measured = withMeasurements(collection, quarterInchScale, 150);
    expect(collection).toEqual(before);
    expect(measured.features[0].properties.measurements!.area_m2).toBeCloseTo(32 * SQUARE_FOOT, 12);
    expect(measured.features[0].properties.measurements!.length_m).toBeNull();
    expect(measured.features[0].properties.custom_note).toEqual({ keep: true });
    expect(measured.features[0].properties.name).toBe('Kitchen');
    expect(measured.features[1].properties.measurements!.opening_width_m).toBeCloseTo(3 * FOOT, 12);
  });

  it('clears measurements when the sheet needs manual scaling', () => {
    const measured = withMeasurements(collection, { ...quarterInchScale, manual_scaling_needed: true }, 150);
    for (const feature of measured.features) {
      expect(feature.properties.measurements).toEqual({ area_m2: null, perimeter_m: null, length_m: null, opening_width_m: null });
    }
  });
});

// Third-party reviewed room outlines on a real VA finish plan (1/8" = 1'-0"), traced in image pixels
// of the sheet rendered at 2× (144 dpi, so 18 px per foot), each pinned with its square footage.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vaPlanJson = path.resolve(repoRoot, '../shared/realplans/va-finish-plan/va-finish-plan.json');

describe.skipIf(!existsSync(vaPlanJson))('real drawing: VA finish plan reviewed rooms', () => {
  interface Probe {
    name: string;
    golden?: Position[];
    adjudications?: { to_sf: number }[];
  }
  const plan = JSON.parse(readFileSync(vaPlanJson, 'utf8')) as { scale: number; ptPerFt: number; probes: Probe[] };
  const pinned = plan.probes.filter((probe) => probe.golden && probe.adjudications?.length);

  it('has pinned rooms traced at 144 dpi and 1/8" = 1\'-0"', () => {
    expect(pinned.length).toBeGreaterThanOrEqual(5);
    // 72 pt per inch × 2 (render scale) × 1/8 in per ft = 18 px per ft.
    expect(plan.ptPerFt).toBe(72 * plan.scale * 0.125);
  });

  it('reproduces each pinned square footage to the 0.01 sq ft it was rounded to', () => {
    const eighthInchScale: Scale = { drawing: 0.125, real: 1, type: 'architectural', units: 'imperial' };
    for (const probe of pinned) {
      const ring = [...probe.golden!, probe.golden![0]];
      const measured = measureGeometry({ type: 'Polygon', coordinates: [ring] }, metresPerUnit(eighthInchScale, 144));
      const pinnedSf = probe.adjudications!.at(-1)!.to_sf;
      expect(Math.abs(measured.area_m2! / SQUARE_FOOT - pinnedSf), probe.name).toBeLessThanOrEqual(0.005);
    }
  });
});
