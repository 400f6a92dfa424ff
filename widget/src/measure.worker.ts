// Measurement maths off the UI thread: the same `core/` code the server runs, so the numbers the
// widget shows while editing are the numbers the server will store.

import { expose } from 'comlink';
import { measureGeometry, metresPerUnit } from '../../core/src/measure.ts';
import type { BlueprintFeature, Geometry, Measurements, Scale } from '../../core/src/types.ts';

const measureWorkerApi = {
  measureGeometry(geometry: Geometry | null, scale: Scale | null, dpi: number, openingWidthUnits: number | null): Measurements {
    return measureGeometry(geometry, metresPerUnit(scale, dpi), openingWidthUnits);
  },

  /** Measurements of every feature, in the order given. */
  measureFeatures(features: readonly BlueprintFeature[], scale: Scale | null, dpi: number): Measurements[] {
    const mpu = metresPerUnit(scale, dpi);
    return features.map((feature) => measureGeometry(feature.geometry, mpu, feature.properties.opening_width_units));
  },
};

export type MeasureWorkerApi = typeof measureWorkerApi;

expose(measureWorkerApi);
