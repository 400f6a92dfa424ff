import { expect } from '@open-wc/testing';
import { measureGeometry, metresPerUnit, withMeasurements } from '../../core/src/measure.ts';
import type { Geometry, Measurements, Scale } from '../../core/src/types.ts';
import { LiveMeasurement, Measurer } from '../src/measurer.ts';
import { DPI, floorPlan, rectangle } from './helpers.ts';

const GEOMETRIES: Geometry[] = [
  { type: 'Polygon', coordinates: [rectangle(0, 0, 300, 200)[0], rectangle(50, 50, 100, 120)[0]] },
  { type: 'MultiPolygon', coordinates: [rectangle(0, 0, 10, 10), rectangle(20.5, 3.25, 77.125, 91)] },
  { type: 'LineString', coordinates: [[0, 0], [30, 40], [30, 100.5]] },
  { type: 'MultiLineString', coordinates: [[[0, 0], [3, 4]], [[10, 10], [10, 17.3]]] },
  { type: 'Point', coordinates: [12, 34] },
  { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: rectangle(1, 1, 4, 5) }, { type: 'LineString', coordinates: [[0, 0], [0, 9]] }] },
];

const SCALES: (Scale | null)[] = [
  { drawing: 1, real: 100, type: 'metric', units: 'si' },
  { drawing: 0.25, real: 1, type: 'architectural', units: 'imperial' },
  { drawing: 1, real: 240, type: 'civil', units: 'inches' },
  { drawing: 0.125, real: 1, type: 'architectural', units: 'imperial', manual_scaling_needed: true },
  null,
];

describe('measurement worker', () => {
  let measurer: Measurer;
  before(() => {
    measurer = new Measurer();
  });
  after(() => measurer.dispose());

  it('gives exactly the numbers core/ gives on the main thread, for every geometry type and scale', async () => {
    for (const scale of SCALES) {
      for (const geometry of GEOMETRIES) {
        const inWorker = await measurer.measureGeometry(geometry, scale, DPI, 42);
        expect(inWorker, `${geometry.type} under ${JSON.stringify(scale)}`).to.deep.equal(
          measureGeometry(geometry, metresPerUnit(scale, DPI), 42),
        );
      }
    }
  });

  it('measures a whole collection like core withMeasurements', async () => {
    const plan = floorPlan();
    const scale: Scale = { drawing: 3 / 16, real: 1, type: 'architectural', units: 'imperial' };
    const measured = await measurer.withMeasurements(plan.features, scale, DPI);
    expect(measured).to.deep.equal(withMeasurements(plan, scale, DPI).features);
    // A 300 × 200 unit room at 3/16" = 1'-0" and 150 DPI: 2" × 1.333" of paper, 10.667' × 7.111'.
    const kitchen = measured.find((feature) => feature.properties.id === 'kitchen')!;
    expect(kitchen.properties.measurements!.area_m2).to.be.closeTo(10.6667 * 7.1111 * 0.3048 ** 2, 1e-3);
  });

  it('keeps at most one live request in flight and always ends on the newest geometry', async () => {
    const shown: Measurements[] = [];
    let requests = 0;
    const live = new LiveMeasurement(
      (geometry) => {
        requests += 1;
        return measurer.measureGeometry(geometry, SCALES[0], DPI);
      },
      (measurements) => shown.push(measurements),
    );
    const drags = Array.from({ length: 40 }, (_, step): Geometry => ({ type: 'Polygon', coordinates: rectangle(0, 0, 100 + step, 100) }));
    for (const geometry of drags) live.update(geometry);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).to.be.lessThan(5);
    expect(shown.at(-1)).to.deep.equal(measureGeometry(drags.at(-1)!, metresPerUnit(SCALES[0], DPI)));
  });
});
