// 2,025 rooms: dragging a vertex stays smooth (the measuring runs in the worker, the main thread
// has no long tasks) and a scale change re-measures everything quickly.

import { expect } from '@open-wc/testing';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import { measureGeometry, metresPerUnit, withMeasurements } from '../../core/src/measure.ts';
import type { BlueprintFeature, BlueprintFeatureCollection } from '../../core/src/types.ts';
import { DPI, METRIC_1_100, drag, featureById, mountWidget, nextEvent, pagePoint, rectangle, registerBlueprint, settledMap, unmount, type Mounted } from './helpers.ts';

const COLUMNS = 45;

function roomGrid(): BlueprintFeatureCollection {
  const features: BlueprintFeature[] = [];
  for (let row = 0; row < COLUMNS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const id = `room-${row}-${column}`;
      const x = 10 + column * 26;
      const y = 10 + row * 17;
      features.push({
        type: 'Feature',
        id,
        geometry: { type: 'Polygon', coordinates: rectangle(x, y, x + 24, y + 15) },
        properties: { id, kind: 'area', class: 'room', name: `Room ${row}.${column}`, relations: [] },
      });
    }
  }
  return withMeasurements({ type: 'FeatureCollection', features }, METRIC_1_100, DPI);
}

function observeLongTasks(): { stop(): number[] } {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  return {
    stop() {
      observer.disconnect();
      return durations;
    },
  };
}

describe('2,000 features', () => {
  let mounted: Mounted | undefined;
  before(() => setViewport({ width: 1200, height: 800 }));
  after(() => unmount(mounted));

  it('loads, drags a vertex without long tasks, and re-measures all on a scale change', async () => {
    const plan = roomGrid();
    const blueprint = await registerBlueprint({ geojson: plan, words: [] });
    let started = performance.now();
    mounted = await mountWidget(blueprint, { mode: 'edit' });
    const loadMs = performance.now() - started;
    const { widget } = mounted;
    expect(widget.getFeatures().features).to.have.length(COLUMNS * COLUMNS);

    // Zoom in on one room so that its corner can be grabbed, and let the page settle.
    widget.selectFeature('room-20-20');
    await settledMap(widget);
    const corner: [number, number] = [10 + 20 * 26 + 24, 10 + 20 * 17 + 15];
    // The pointer arrives over the corner first, as a hand on a mouse does.
    await sendMouse({ type: 'move', position: pagePoint(widget, corner) });
    await new Promise((resolve) => requestIdleCallback(resolve));
    const longTasks = observeLongTasks();
    let droppedAt = 0;
    window.addEventListener('pointerup', () => (droppedAt = performance.now()), { capture: true, once: true });
    const changed = nextEvent(widget, 'blueprintChanged').then((change) => ({ change, at: performance.now() }));
    started = performance.now();
    await drag(pagePoint(widget, corner), pagePoint(widget, [corner[0] + 6, corner[1] + 4]), 20);
    const dragMs = performance.now() - started;
    const { change, at } = await changed;
    // From releasing the mouse to the re-measured feature in the document and the event sent.
    const commitMs = at - droppedAt;
    const duringDrag = longTasks.stop();
    const room = featureById(widget.getFeatures(), 'room-20-20');
    expect(change.changed[0].measurements).to.deep.equal(measureGeometry(room.geometry, metresPerUnit(METRIC_1_100, DPI)));

    started = performance.now();
    await widget.setScale({ drawing: 1, real: 50, type: 'metric', units: 'si' });
    const rescaleMs = performance.now() - started;
    const quantities = widget.getQuantities();
    expect(quantities[0].count).to.equal(COLUMNS * COLUMNS);

    console.log(
      `2025 rooms: load ${loadMs.toFixed(0)} ms; 20-step drag ${dragMs.toFixed(0)} ms, long tasks during it ${JSON.stringify(duringDrag.map(Math.round))}; ` +
        `commit after drop ${commitMs.toFixed(1)} ms; rescale all ${rescaleMs.toFixed(0)} ms`,
    );
    expect(Math.max(0, ...duringDrag), 'longest main-thread task while dragging (ms)').to.be.below(100);
    expect(commitMs).to.be.below(100);
    expect(rescaleMs).to.be.below(1500);
  });
});
