// The viewer's panels against a real widget: selection and properties, hover, layer toggles,
// quantities with CSV export, and word search. Expected numbers are worked out by hand from the
// plan: at 150 DPI and 1:100, one blueprint unit is 1/150 inch of paper, 100/150 inch real.

import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  byTestId,
  click,
  mapPixelColor,
  mountWidget,
  pagePoint,
  registerBlueprint,
  renderedMap,
  unmount,
  type Mounted,
} from './helpers.ts';

const METRES_PER_UNIT = (100 / 150) * 0.0254;
const SQ_FT_PER_SQ_M = 1 / 0.3048 ** 2;
const KITCHEN_M2 = 300 * 200 * METRES_PER_UNIT ** 2; // 5.08 m × 3.387 m = 17.20 m²
const STORE_M2 = 200 * 200 * METRES_PER_UNIT ** 2; // 3.387 m square = 11.47 m²

describe('viewer panels', () => {
  let mounted: Mounted | undefined;
  before(() => setViewport({ width: 1200, height: 800 }));
  afterEach(() => unmount(mounted));

  it('shows the clicked feature with its measurements in the chosen units', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget, events } = mounted;
    expect(byTestId(widget, 'no-selection')).to.exist;

    await click(pagePoint(widget, [250, 150]));
    await widget.updateComplete;
    expect(byTestId(widget, 'property-name').textContent).to.equal('Kitchen');
    expect(byTestId(widget, 'property-class').textContent).to.equal('room');
    expect(byTestId(widget, 'measure-area').textContent).to.equal('17.20 m²');
    expect(Number(byTestId(widget, 'measure-area').dataset.value)).to.be.closeTo(KITCHEN_M2, 1e-9);
    expect(byTestId(widget, 'measure-perimeter').textContent).to.equal('16.93 m');
    expect(widget.querySelector('[data-testid="measure-length"]')).to.equal(null);
    const selection = events.filter((event) => event.name === 'selectionChanged').at(-1)!.payload;
    expect(selection).to.include({ id: 'kitchen' });

    const units = byTestId<HTMLSelectElement>(widget, 'units-select');
    units.value = 'imperial';
    units.dispatchEvent(new Event('change'));
    await widget.updateComplete;
    expect(byTestId(widget, 'measure-area').textContent).to.equal(`${(KITCHEN_M2 * SQ_FT_PER_SQ_M).toFixed(1)} ft²`);
    // 16.933 m = 55.56 ft = 55 ft 6.7 in, shown to the inch.
    expect(byTestId(widget, 'measure-perimeter').textContent).to.equal('55′ 7″');

    await click(pagePoint(widget, [1100, 100]));
    await widget.updateComplete;
    expect(byTestId(widget, 'no-selection')).to.exist;
  });

  it('describes the feature under the pointer', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget } = mounted;
    await sendMouse({ type: 'move', position: pagePoint(widget, [520, 240]) });
    await waitUntil(() => byTestId(widget, 'hover-info').textContent!.includes('Bath'), 'hover text for the bath');
    expect(byTestId(widget, 'hover-info').textContent).to.contain('wet room');
    await sendMouse({ type: 'move', position: pagePoint(widget, [1100, 100]) });
    await waitUntil(() => byTestId(widget, 'hover-info').textContent === '', 'hover text cleared');
  });

  it('hides and shows layers', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget } = mounted;
    const rooms = byTestId<HTMLInputElement>(widget, 'layer-rooms');
    expect(rooms.checked).to.equal(true);
    expect(rooms.parentElement!.textContent).to.contain('(3)');
    expect(byTestId<HTMLInputElement>(widget, 'layer-words').checked).to.equal(false);
    const shown = () => widget.sheet!.featureSource.getFeatures().map((feature) => feature.getId());

    rooms.focus();
    await sendKeys({ press: 'Space' });
    await widget.updateComplete;
    expect(rooms.checked).to.equal(false);
    expect(shown()).to.not.include.members(['kitchen']);
    expect(shown()).to.have.length(6);
    // A click where the kitchen was finds nothing now.
    await click(pagePoint(widget, [250, 150]));
    await widget.updateComplete;
    expect(byTestId(widget, 'no-selection')).to.exist;

    widget.setLayerVisible('rooms', true);
    widget.setLayerVisible('openings', false);
    await widget.updateComplete;
    expect(rooms.checked).to.equal(true);
    expect(byTestId<HTMLInputElement>(widget, 'layer-openings').checked).to.equal(false);
    expect(shown()).to.include.members(['kitchen', 'bath', 'store']).and.not.include.members(['door-kitchen', 'window-bath']);
    expect(() => widget.setLayerVisible('ceilings' as never, true)).to.throw(/Unknown layer/);
  });

  it('totals quantities per class and sub-class and exports them as CSV', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget } = mounted;
    const row = (cls: string, subClass = '') =>
      widget.querySelector<HTMLTableRowElement>(`[data-testid="quantity-row"][data-class="${cls}"][data-sub-class="${subClass}"]`)!;
    const cell = (tr: HTMLTableRowElement, column: string) => tr.querySelector(`[data-column="${column}"]`)!.textContent;

    expect(cell(row('room'), 'count')).to.equal('2');
    expect(cell(row('room'), 'area')).to.equal(`${(KITCHEN_M2 + STORE_M2).toFixed(2)} m²`);
    expect(cell(row('room', 'wet room'), 'count')).to.equal('1');
    expect(cell(row('wall_centerline'), 'length')).to.equal(`${(500 * METRES_PER_UNIT).toFixed(2)} m`);
    expect(cell(row('wall_surface'), 'length')).to.equal('5.08 m');
    expect(cell(row('opening', 'single swing door'), 'count')).to.equal('1');
    expect(cell(row('opening', 'window'), 'count')).to.equal('1');
    // Objects are counted, never measured into totals.
    expect(cell(row('opening', 'window'), 'area')).to.equal('—');
    expect(cell(row('other', 'toilet'), 'count')).to.equal('1');

    const link = byTestId<HTMLAnchorElement>(widget, 'export-csv');
    expect(link.download).to.equal('Ground floor plan quantities.csv');
    const metric = (await (await fetch(link.href)).text()).split('\r\n');
    expect(metric[0]).to.equal('class,sub_class,count,area_m2,perimeter_m,length_m');
    expect(metric).to.include(`room,,2,${(KITCHEN_M2 + STORE_M2).toFixed(3)},${(1800 * METRES_PER_UNIT).toFixed(3)},`);
    expect(metric).to.include('opening,single swing door,1,,,');
    expect(metric).to.include(`wall_centerline,,1,,,${(500 * METRES_PER_UNIT).toFixed(3)}`);

    widget.setUnits('imperial');
    await widget.updateComplete;
    const imperial = (await (await fetch(byTestId<HTMLAnchorElement>(widget, 'export-csv').href)).text()).split('\r\n');
    expect(imperial[0]).to.equal('class,sub_class,count,area_ft2,perimeter_ft,length_ft');
    // 500 units = 3.333 in of paper at 1:100 = 333.3 in = 27.778 ft.
    expect(imperial).to.include('wall_centerline,,1,,,27.778');
  });

  it('finds words, highlights them on the sheet and zooms to a hit', async () => {
    mounted = await mountWidget(await registerBlueprint());
    const { widget } = mounted;
    const wordCentre: [number, number] = [250, 190];
    const isHighlight = ([r, g, b]: number[]) => r > 200 && g > 180 && b < 140;
    expect(isHighlight(mapPixelColor(widget, pagePoint(widget, wordCentre)))).to.equal(false);

    byTestId(widget, 'search-input').focus();
    await sendKeys({ type: 'kit' });
    await widget.updateComplete;
    expect(byTestId(widget, 'search-summary').textContent!.replace(/\s+/g, ' ').trim()).to.equal('1 word, 1 feature');
    await renderedMap(widget);
    expect(isHighlight(mapPixelColor(widget, pagePoint(widget, wordCentre)))).to.equal(true);
    // The bath's label is not a hit.
    expect(isHighlight(mapPixelColor(widget, pagePoint(widget, [500, 190])))).to.equal(false);

    byTestId(widget, 'search-word-hit').click();
    await waitUntil(() => !widget.sheet!.map.getView().getAnimating(), 'zoom animation');
    const [x, y] = widget.sheet!.map.getView().getCenter()!;
    expect(x).to.be.closeTo(250, 1);
    expect(-y).to.be.closeTo(190, 1);

    byTestId(widget, 'search-feature-hit').click();
    await widget.updateComplete;
    expect(byTestId(widget, 'property-name').textContent).to.equal('Kitchen');
  });
});
