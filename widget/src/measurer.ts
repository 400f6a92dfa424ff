import { wrap, releaseProxy, type Remote } from 'comlink';
import type { BlueprintFeature, Geometry, Measurements, Scale } from '../../core/src/types.ts';
import type { MeasureWorkerApi } from './measure.worker.ts';

/** The measurement worker, seen from the UI thread. */
export class Measurer {
  readonly #worker: Worker;
  readonly #remote: Remote<MeasureWorkerApi>;

  constructor() {
    this.#worker = new Worker(new URL('./measure.worker.ts', import.meta.url), { type: 'module', name: 'measure' });
    this.#remote = wrap<MeasureWorkerApi>(this.#worker);
  }

  measureGeometry(geometry: Geometry | null, scale: Scale | null, dpi: number, openingWidthUnits?: number | null): Promise<Measurements> {
    return this.#remote.measureGeometry(geometry, scale, dpi, openingWidthUnits ?? null);
  }

  measureFeatures(features: readonly BlueprintFeature[], scale: Scale | null, dpi: number): Promise<Measurements[]> {
    return this.#remote.measureFeatures(features, scale, dpi);
  }

  /** Copies of `features` carrying their measurements under `scale`. */
  async withMeasurements(features: readonly BlueprintFeature[], scale: Scale | null, dpi: number): Promise<BlueprintFeature[]> {
    const measured = await this.measureFeatures(features, scale, dpi);
    return features.map((feature, index) => ({ ...feature, properties: { ...feature.properties, measurements: measured[index] } }));
  }

  dispose(): void {
    this.#remote[releaseProxy]();
    this.#worker.terminate();
  }
}

/**
 * Measures a geometry that keeps changing (a vertex being dragged): at most one request is in
 * flight, and only the newest geometry waiting behind it is measured next, so the display lags
 * the pointer by at most one round trip and the worker never builds a queue.
 */
export class LiveMeasurement {
  #inFlight = false;
  #waiting: Geometry | null = null;

  constructor(
    private readonly measure: (geometry: Geometry) => Promise<Measurements>,
    private readonly show: (measurements: Measurements) => void,
  ) {}

  update(geometry: Geometry): void {
    if (this.#inFlight) {
      this.#waiting = geometry;
      return;
    }
    this.#inFlight = true;
    void this.measure(geometry).then(
      (measurements) => this.#settle(measurements),
      () => this.#settle(null),
    );
  }

  #settle(measurements: Measurements | null): void {
    this.#inFlight = false;
    // Shown even when a newer geometry waits: during a long drag that keeps the display moving.
    if (measurements !== null) this.show(measurements);
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting !== null) this.update(waiting);
  }
}
