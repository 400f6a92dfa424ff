// Editing tools driven with the real mouse and keyboard: drawing, reshaping with snapping, moving,
// undo and redo, deleting, renaming, reclassing, and saving (including a refused, conflicting save).

import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { measureGeometry, metresPerUnit } from '../../core/src/measure.ts';
import type { Geometry, PolygonGeometry, Position } from '../../core/src/types.ts';
import {
  DPI,
  METRIC_1_100,
  byTestId,
  click,
  drag,
  featureById,
  mountWidget,
  nextEvent,
  pagePoint,
  registerBlueprint,
  serverState,
  touchOnServer,
  unitsPerPixel,
  unmount,
  type Mounted,
} from './helpers.ts';

const MPU = metresPerUnit(METRIC_1_100, DPI);

function expectNear(actual: Position, expected: Position, tolerance: number, what: string): void {
  expect(Math.abs(actual[0] - expected[0]), `${what} x`).to.be.at.most(tolerance);
  expect(Math.abs(actual[1] - expected[1]), `${what} y`).to.be.at.most(tolerance);
}

function offset(point: [number, number], dx: number, dy: number): [number, number] {
  return [point[0] + dx, point[1] + dy];
}

function outerRing(geometry: Geometry | null): Position[] {
  return (geometry as PolygonGeometry).coordinates[0];
}

describe('editing tools', () => {
  let mounted: Mounted | undefined;
  before(() => setViewport({ width: 1200, height: 800 }));
  afterEach(() => unmount(mounted));

  async function edit(): Promise<Mounted> {
    mounted = await mountWidget(await registerBlueprint(), { mode: 'edit' });
    return mounted;
  }

  it('draws an area, a line and a count point, each measured by core', async () => {
    const { widget } = await edit();
    const tolerance = unitsPerPixel(widget);

    byTestId(widget, 'tool-area').click();
    await widget.updateComplete;
    expect(byTestId<HTMLSelectElement>(widget, 'draw-class').value).to.equal('room');
    const corners: Position[] = [[750, 100], [1050, 100], [1050, 300], [750, 300]];
    const drawn = nextEvent(widget, 'blueprintChanged');
    for (const corner of corners) await click(pagePoint(widget, corner));
    await click(pagePoint(widget, corners[0]));
    const area = await drawn;
    expect(area.reason).to.equal('draw');
    const room = widget.getFeatures().features.find((feature) => feature.properties.id === area.changed[0].id)!;
    expect(room.properties).to.include({ kind: 'area', class: 'room', is_user_drawn: true, parent_id: 'root', folder: 'Ground floor' });
    const ring = outerRing(room.geometry);
    expect(ring).to.have.length(5);
    for (const corner of corners) expect(ring.some((vertex) => Math.hypot(vertex[0] - corner[0], vertex[1] - corner[1]) <= 1.5 * tolerance)).to.equal(true);
    expect(room.properties.measurements).to.deep.equal(measureGeometry(room.geometry, MPU));
    // Each corner lands on a whole screen pixel, so each side may be off by about one pixel.
    expect(area.changed[0].measurements!.area_m2).to.be.closeTo(300 * 200 * MPU! ** 2, 1000 * tolerance * MPU! ** 2);
    // The new room is selected and shown in the properties panel.
    await widget.updateComplete;
    expect(byTestId(widget, 'property-class')).to.have.property('value', 'room');

    byTestId(widget, 'tool-line').click();
    await widget.updateComplete;
    const lineDrawn = nextEvent(widget, 'blueprintChanged');
    await click(pagePoint(widget, [750, 700]));
    await click(pagePoint(widget, [1050, 700]));
    await click(pagePoint(widget, [1050, 700]));
    const line = (await lineDrawn).changed[0];
    expect(line).to.include({ kind: 'line', class: 'wall_centerline' });
    expect(line.measurements!.length_m).to.be.closeTo(300 * MPU!, 2 * tolerance * MPU!);

    byTestId(widget, 'tool-count').click();
    await widget.updateComplete;
    const subClass = byTestId<HTMLSelectElement>(widget, 'draw-sub-class');
    subClass.value = 'toilet';
    subClass.dispatchEvent(new Event('change'));
    const counted = nextEvent(widget, 'blueprintChanged');
    await click(pagePoint(widget, [1100, 500]));
    expect((await counted).changed[0]).to.include({ kind: 'object', class: 'other', sub_class: 'toilet' });
    expect(widget.getQuantities().find((row) => row.sub_class === 'toilet')!.count).to.equal(2);
  });

  it('snaps a dragged vertex onto another feature’s vertex and onto an edge', async () => {
    const { widget } = await edit();
    const before = widget.getFeatures();

    // The bath's south-east corner (600, 300) dropped a few pixels off the store's corner (700, 450).
    widget.selectFeature('bath', { zoom: false });
    await widget.updateComplete;
    const shownArea = () => Number(byTestId(widget, 'measure-area').dataset.value);
    const storedArea = shownArea();
    let changed = nextEvent(widget, 'blueprintChanged');
    await sendMouse({ type: 'move', position: pagePoint(widget, [600, 300]) });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: pagePoint(widget, [650, 380]) });
    await sendMouse({ type: 'move', position: offset(pagePoint(widget, [700, 450]), 4, -3) });
    // While the button is still down, the panel already shows the worker's measurement.
    await waitUntil(() => shownArea() > storedArea, 'live area while dragging');
    expect(widget.getFeatures()).to.deep.equal(before);
    await sendMouse({ type: 'up' });
    let change = await changed;
    expect(change.reason).to.equal('geometry');
    const bath = featureById(widget.getFeatures(), 'bath');
    expect(outerRing(bath.geometry)).to.deep.include([700, 450]);
    expect(bath.properties.measurements).to.deep.equal(measureGeometry(bath.geometry, MPU));
    expect(change.changed[0].measurements!.area_m2).to.be.greaterThan(featureById(before, 'bath').properties.measurements!.area_m2!);

    // The kitchen's south-west corner (100, 300) dropped 3 px above the south wall's centre line.
    widget.selectFeature('kitchen', { zoom: false });
    changed = nextEvent(widget, 'blueprintChanged');
    await drag(pagePoint(widget, [100, 300]), offset(pagePoint(widget, [300, 400]), 0, -3));
    change = await changed;
    const kitchen = featureById(widget.getFeatures(), 'kitchen');
    const moved = outerRing(kitchen.geometry).find((vertex) => vertex[1] > 300)!;
    expect(moved[1]).to.be.closeTo(400, 1e-9);
    expectNear(moved, [300, 400], 1.5 * unitsPerPixel(widget), 'vertex on the edge');
    expect(change.changed[0].measurements).to.deep.equal(measureGeometry(kitchen.geometry, MPU));
  });

  it('undoes and redoes edits, by button and by keyboard', async () => {
    const { widget } = await edit();
    const original = featureById(widget.getFeatures(), 'store');
    expect(byTestId<HTMLButtonElement>(widget, 'undo').disabled).to.equal(true);

    widget.selectFeature('store', { zoom: false });
    const moved = nextEvent(widget, 'blueprintChanged');
    await drag(pagePoint(widget, [780, 520]), offset(pagePoint(widget, [780, 520]), 30, 20));
    await moved;
    const shifted = featureById(widget.getFeatures(), 'store');
    const dx = outerRing(shifted.geometry)[0][0] - outerRing(original.geometry)[0][0];
    const dy = outerRing(shifted.geometry)[0][1] - outerRing(original.geometry)[0][1];
    expect(dx).to.be.closeTo(30 * unitsPerPixel(widget), unitsPerPixel(widget));
    expect(dy).to.be.closeTo(20 * unitsPerPixel(widget), unitsPerPixel(widget));
    outerRing(shifted.geometry).forEach((vertex, index) =>
      expectNear(vertex, [outerRing(original.geometry)[index][0] + dx, outerRing(original.geometry)[index][1] + dy], 1e-9, `vertex ${index}`),
    );
    expect(shifted.properties.measurements!.area_m2).to.be.closeTo(original.properties.measurements!.area_m2!, 1e-9);

    await widget.updateComplete;
    byTestId(widget, 'sheet').focus();
    const undone = nextEvent(widget, 'blueprintChanged');
    await sendKeys({ press: 'Control+z' });
    expect((await undone).reason).to.equal('undo');
    expect(featureById(widget.getFeatures(), 'store')).to.deep.equal(original);
    expect(widget.sheet!.olFeature('store')!.getGeometry()!.getExtent()).to.deep.equal([700, -650, 900, -450]);

    await widget.updateComplete;
    const redone = nextEvent(widget, 'blueprintChanged');
    byTestId(widget, 'redo').click();
    expect((await redone).reason).to.equal('redo');
    expect(featureById(widget.getFeatures(), 'store')).to.deep.equal(shifted);
    expect(widget.dirty).to.equal(true);
  });

  it('deletes, renames and reclasses the selected feature, keeping relations consistent', async () => {
    const { widget } = await edit();
    widget.selectFeature('wall-north', { zoom: false });
    await widget.updateComplete;
    const deleted = nextEvent(widget, 'blueprintChanged');
    byTestId(widget, 'delete-feature').click();
    const deletion = await deleted;
    expect(deletion.reason).to.equal('delete');
    expect(deletion.removed).to.deep.equal(['wall-north']);
    expect(deletion.changed.map((feature) => feature.id).sort()).to.deep.equal(['bath', 'kitchen']);
    const afterDelete = widget.getFeatures();
    expect(afterDelete.features.map((feature) => feature.properties.id)).to.not.include('wall-north');
    expect(featureById(afterDelete, 'kitchen').properties.relations).to.deep.equal(['surface-kitchen-north']);
    expect(widget.sheet!.olFeature('wall-north')).to.equal(undefined);
    widget.undo();
    expect(featureById(widget.getFeatures(), 'kitchen').properties.relations).to.deep.equal(['wall-north', 'surface-kitchen-north']);

    await click(pagePoint(widget, [250, 150]));
    await widget.updateComplete;
    const name = byTestId<HTMLInputElement>(widget, 'property-name');
    name.focus();
    name.select();
    const renamed = nextEvent(widget, 'blueprintChanged');
    await sendKeys({ type: 'Galley kitchen' });
    await sendKeys({ press: 'Enter' });
    const rename = await renamed;
    expect(rename.reason).to.equal('properties');
    expect(rename.changed[0]).to.include({ id: 'kitchen', name: 'Galley kitchen' });

    const subClass = byTestId<HTMLSelectElement>(widget, 'property-sub-class');
    const reclassed = nextEvent(widget, 'blueprintChanged');
    subClass.value = 'wet room';
    subClass.dispatchEvent(new Event('change'));
    expect((await reclassed).changed[0]).to.include({ class: 'room', sub_class: 'wet room' });
    expect(widget.getQuantities().find((row) => row.sub_class === 'wet room')!.count).to.equal(2);

    // Delete by keyboard, with the sheet focused.
    byTestId(widget, 'sheet').focus();
    const keyed = nextEvent(widget, 'blueprintChanged');
    await sendKeys({ press: 'Delete' });
    expect((await keyed).removed).to.deep.equal(['kitchen']);
    await widget.updateComplete;
    expect(byTestId(widget, 'no-selection')).to.exist;
  });

  it('saves with If-Match, and refuses to overwrite a blueprint someone else changed', async () => {
    const blueprint = await registerBlueprint();
    mounted = await mountWidget(blueprint, { mode: 'edit' });
    const { widget, events } = mounted;
    await widget.renameFeature('store', 'Pantry');
    await widget.updateComplete;
    const saveButton = byTestId<HTMLButtonElement>(widget, 'save');
    expect(saveButton.disabled).to.equal(false);
    const saved = nextEvent(widget, 'saved');
    saveButton.click();
    const { updated } = await saved;
    const stored = await serverState(blueprint.id);
    expect(stored.puts).to.equal(1);
    expect(stored.blueprint.updated).to.equal(updated);
    expect(featureById(stored.blueprint.geojson, 'store').properties.name).to.equal('Pantry');
    expect(stored.blueprint.geojson).to.deep.equal(widget.getFeatures());
    await widget.updateComplete;
    expect(saveButton.disabled).to.equal(true);

    // A second save after more edits goes through with the new version tag.
    await widget.renameFeature('store', 'Larder');
    expect((await widget.save()).ok).to.equal(true);

    await touchOnServer(blueprint.id);
    const before = await serverState(blueprint.id);
    await widget.renameFeature('store', 'Cellar');
    const result = await widget.save();
    expect(result).to.include({ ok: false, code: 'conflict' });
    await widget.updateComplete;
    expect(byTestId(widget, 'widget-message').textContent).to.contain('someone else changed this blueprint');
    expect(byTestId(widget, 'widget-message').dataset.kind).to.equal('error');
    const after = await serverState(blueprint.id);
    expect(after.puts).to.equal(2);
    expect(after.blueprint).to.deep.equal(before.blueprint);
    expect(featureById(after.blueprint.geojson, 'store').properties.name).to.equal('Larder');
    expect(widget.dirty).to.equal(true);
    expect(events.filter((event) => event.name === 'error').at(-1)!.payload).to.include({ code: 'conflict' });
  });

  it('reports a read-only token instead of saving', async () => {
    const blueprint = await registerBlueprint();
    mounted = await mountWidget(blueprint, { mode: 'edit', token: blueprint.viewToken });
    const { widget } = mounted;
    await widget.renameFeature('store', 'Pantry');
    expect(await widget.save()).to.include({ ok: false, code: 'read_only' });
    expect((await serverState(blueprint.id)).puts).to.equal(0);
    await waitUntil(() => byTestId(widget, 'widget-message').textContent!.includes('may not change'));
  });
});
