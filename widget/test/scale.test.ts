// The scale panel: the detected scale and its warning, standard scales, and calibration by two
// clicked points and a typed distance. Every measurement follows the scale.

import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { metresPerUnit, withMeasurements } from '../../core/src/measure.ts';
import type { Scale } from '../../core/src/types.ts';
import {
  DPI,
  byTestId,
  click,
  featureById,
  floorPlan,
  mountWidget,
  nextEvent,
  pagePoint,
  registerBlueprint,
  unmount,
  type Mounted,
} from './helpers.ts';

const KITCHEN_UNITS2 = 300 * 200;

describe('scale', () => {
  let mounted: Mounted | undefined;
  before(() => setViewport({ width: 1200, height: 800 }));
  afterEach(() => unmount(mounted));

  it('warns when the detected scale needs checking, and measures once a standard scale is picked', async () => {
    const doubtful: Scale = { drawing: 1, real: 100, label: '1:100', type: 'metric', units: 'si', manual_scaling_needed: true };
    const blueprint = await registerBlueprint({ scale: doubtful, geojson: withMeasurements(floorPlan(), doubtful, DPI) });
    mounted = await mountWidget(blueprint, { mode: 'edit' });
    const { widget } = mounted;
    expect(byTestId(widget, 'scale-label').textContent).to.equal('1:100');
    expect(byTestId(widget, 'scale-warning').textContent).to.contain('needs checking');
    widget.selectFeature('kitchen', { zoom: false });
    await widget.updateComplete;
    expect(widget.querySelector('[data-testid="measure-area"]'), 'no area under an unchecked scale').to.equal(null);

    const select = byTestId<HTMLSelectElement>(widget, 'scale-select');
    const option = [...select.options].find((candidate) => candidate.textContent === '1:50')!;
    const changed = nextEvent(widget, 'blueprintChanged');
    select.value = option.value;
    select.dispatchEvent(new Event('change'));
    const change = await changed;
    expect(change.reason).to.equal('scale');
    expect(change.changed).to.have.length(floorPlan().features.length);
    expect(change.scale).to.include({ drawing: 1, real: 50, units: 'si', manual_scaling_needed: false });
    await widget.updateComplete;
    expect(byTestId(widget, 'scale-label').textContent).to.equal('1:50');
    expect(widget.querySelector('[data-testid="scale-warning"]')).to.equal(null);
    // 300 × 200 units at 1:50 and 150 DPI: 2.54 m × 1.693 m.
    expect(byTestId(widget, 'measure-area').textContent).to.equal('4.30 m²');
    const kitchenRow = widget.getQuantities().find((row) => row.class === 'room' && row.sub_class === null)!;
    expect(kitchenRow.area_m2).to.be.closeTo((KITCHEN_UNITS2 + 200 * 200) * ((50 / 150) * 0.0254) ** 2, 1e-9);

    widget.undo();
    await widget.updateComplete;
    expect(byTestId(widget, 'scale-label').textContent).to.equal('1:100');
    expect(widget.querySelector('[data-testid="measure-area"]')).to.equal(null);
  });

  it('calibrates from two clicked points and a typed distance, also in view mode', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget, events } = mounted;
    expect(widget.querySelector('[data-testid="save"]'), 'view mode has no save').to.equal(null);
    widget.selectFeature('kitchen', { zoom: false });
    byTestId(widget, 'calibrate-start').click();
    await widget.updateComplete;
    expect(byTestId(widget, 'calibrate-hint').textContent).to.contain('Click two points');

    // The kitchen's north wall, corner to corner (the clicks snap onto its vertices): 300 units.
    await click(pagePoint(widget, [100, 100]));
    await click(pagePoint(widget, [400, 100]));
    await widget.updateComplete;
    const distance = byTestId<HTMLInputElement>(widget, 'calibrate-distance');
    expect(byTestId<HTMLSelectElement>(widget, 'calibrate-unit').value).to.equal('m');
    distance.focus();
    const changed = nextEvent(widget, 'blueprintChanged');
    await sendKeys({ type: '6' });
    await sendKeys({ press: 'Enter' });
    const change = await changed;

    const scale = change.scale!;
    expect(scale.label).to.contain('calibrated');
    expect(metresPerUnit(scale, DPI)).to.be.closeTo(6 / 300, 1e-12);
    const kitchen = featureById(widget.getFeatures(), 'kitchen');
    expect(kitchen.properties.measurements!.area_m2).to.be.closeTo(KITCHEN_UNITS2 * (6 / 300) ** 2, 1e-9);
    expect(kitchen.properties.measurements!.perimeter_m).to.be.closeTo(1000 * (6 / 300), 1e-9);
    await widget.updateComplete;
    expect(byTestId(widget, 'measure-area').textContent).to.equal('24.00 m²');
    expect(byTestId(widget, 'scale-label').textContent).to.equal('1:118 (calibrated)');
    expect(byTestId(widget, 'calibrate-start')).to.exist;
    expect(events.filter((event) => event.name === 'blueprintChanged')).to.have.length(1);
  });

  it('takes calibration distances in feet', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget } = mounted;
    widget.setUnits('imperial');
    byTestId(widget, 'calibrate-start').click();
    await widget.updateComplete;
    await click(pagePoint(widget, [100, 400]));
    await click(pagePoint(widget, [600, 400]));
    await waitUntil(() => widget.querySelector('[data-testid="calibrate-distance"]') !== null);
    expect(byTestId<HTMLSelectElement>(widget, 'calibrate-unit').value).to.equal('ft');
    const changed = nextEvent(widget, 'blueprintChanged');
    byTestId<HTMLInputElement>(widget, 'calibrate-distance').value = '25';
    byTestId(widget, 'calibrate-apply').click();
    const { scale } = await changed;
    // 500 units (the south wall's centre line, snapped end to end) are 25 ft.
    expect(metresPerUnit(scale, DPI)).to.be.closeTo((25 * 0.3048) / 500, 1e-12);
  });
});
