// The host SDK against the real widget page (/widget/index.html, served by the test server) in a
// real iframe: handshake, session hand-over, every method, events, timeouts and origin checks.

import { expect } from '@open-wc/testing';
import { ErrorCode, PenpalError, WindowMessenger, connect } from 'penpal';
import {
  BlueprintWidgetError,
  mountBlueprintWidget,
  type BlueprintWidgetHandle,
  type MountOptions,
  type WidgetEventMap,
  type WidgetEventName,
} from '../../sdk/src/index.ts';
import { METRIC_1_100, featureById, registerBlueprint, serverState } from './helpers.ts';

function hostContainer(): HTMLElement {
  const container = document.createElement('div');
  container.style.cssText = 'width:900px;height:600px;';
  document.body.append(container);
  return container;
}

function recordEvents(handle: BlueprintWidgetHandle) {
  const seen: { event: WidgetEventName; payload: unknown }[] = [];
  const names: WidgetEventName[] = ['ready', 'selectionChanged', 'blueprintChanged', 'saved', 'error'];
  for (const event of names) handle.on(event, (payload) => seen.push({ event, payload }));
  const next = <E extends WidgetEventName>(event: E) =>
    new Promise<WidgetEventMap[E]>((resolve) => {
      const stop = handle.on(event, (payload) => {
        stop();
        resolve(payload);
      });
    });
  return { seen, next };
}

async function expectRejection(promise: Promise<unknown>, code: string, message: RegExp): Promise<BlueprintWidgetError> {
  const error = await promise.then(
    () => expect.fail('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).to.be.instanceOf(BlueprintWidgetError);
  expect((error as BlueprintWidgetError).code).to.equal(code);
  expect((error as Error).message).to.match(message);
  return error as BlueprintWidgetError;
}

describe('host SDK', () => {
  let container: HTMLElement;
  let handle: BlueprintWidgetHandle | undefined;
  beforeEach(() => {
    container = hostContainer();
  });
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    container.remove();
  });

  it('mounts the widget, hands over the token without a URL, and drives it through every method', async () => {
    const blueprint = await registerBlueprint();
    const options: MountOptions = { baseUrl: location.origin, token: blueprint.editToken, blueprintId: blueprint.id, mode: 'edit' };
    handle = await mountBlueprintWidget(container, options);
    const { seen, next } = recordEvents(handle);

    expect(container.querySelector('iframe')).to.equal(handle.iframe);
    expect(handle.iframe.src).to.equal(`${location.origin}/widget/index.html?origin=${encodeURIComponent(location.origin)}`);
    expect(handle.iframe.src).to.not.contain(blueprint.editToken);
    expect(handle.iframe.title).to.equal('Blueprint viewer');
    await Promise.resolve();
    expect(seen[0]).to.deep.equal({
      event: 'ready',
      payload: { blueprintId: blueprint.id, name: 'Ground floor plan', mode: 'edit', featureCount: 10, wordCount: 4, scale: METRIC_1_100 },
    });

    const rooms = (await handle.getQuantities()).find((row) => row.class === 'room' && row.sub_class === null)!;
    expect(rooms.count).to.equal(2);
    expect((await handle.getFeatures()).features).to.have.length(10);

    const selected = next('selectionChanged');
    expect(await handle.selectFeature('kitchen')).to.equal(true);
    expect((await selected).feature).to.include({ id: 'kitchen', name: 'Kitchen', class: 'room' });
    expect(await handle.selectFeature('no-such-feature')).to.equal(false);

    await handle.setUnits('imperial');
    await handle.setLayerVisible('rooms', false);
    await expectRejection(handle.setLayerVisible('ceilings' as never, true), 'call_failed', /Unknown layer 'ceilings'/);

    const changed = next('blueprintChanged');
    await handle.setScale({ drawing: 1, real: 50, label: '1:50', type: 'metric', units: 'si', manual_scaling_needed: false });
    const change = await changed;
    expect(change.reason).to.equal('scale');
    // 300 × 200 units at 1:50 and 150 DPI: 2.54 m × 1.6933 m.
    expect(change.changed.find((feature) => feature.id === 'kitchen')!.measurements!.area_m2).to.be.closeTo(2.54 * 1.69333, 1e-4);
    expect(change.dirty).to.equal(true);

    const saved = next('saved');
    const { updated } = await handle.save();
    expect((await saved).updated).to.equal(updated);
    const stored = await serverState(blueprint.id);
    expect(stored.blueprint.scale).to.include({ real: 50, units: 'si' });
    expect(featureById(stored.blueprint.geojson, 'kitchen').properties.measurements!.area_m2).to.be.closeTo(2.54 * 1.69333, 1e-4);

    handle.destroy();
    expect(container.querySelector('iframe')).to.equal(null);
    await expectRejection(handle.getQuantities(), 'destroyed', /after destroy/);
  });

  it('rejects a failed save with the widget’s error code', async () => {
    const blueprint = await registerBlueprint();
    handle = await mountBlueprintWidget(container, { baseUrl: location.origin, token: blueprint.viewToken, blueprintId: blueprint.id });
    await expectRejection(handle.save(), 'read_only', /read-only/);
  });

  it('works across origins: the host on localhost, the widget on 127.0.0.1', async () => {
    const blueprint = await registerBlueprint();
    const widgetOrigin = `http://127.0.0.1:${location.port}`;
    handle = await mountBlueprintWidget(container, { baseUrl: widgetOrigin, token: blueprint.viewToken, blueprintId: blueprint.id });
    expect(new URL(handle.iframe.src).origin).to.equal(widgetOrigin);
    expect((await handle.getFeatures()).features).to.have.length(10);
  });

  it('rejects the mount when the token is refused, and removes the iframe', async () => {
    const blueprint = await registerBlueprint();
    await expectRejection(
      mountBlueprintWidget(container, { baseUrl: location.origin, token: 'expired-token', blueprintId: blueprint.id }),
      'unauthorized',
      /not valid any more/,
    );
    expect(container.querySelector('iframe')).to.equal(null);
  });

  it('times out clearly when no widget answers at baseUrl', async () => {
    const started = performance.now();
    await expectRejection(
      mountBlueprintWidget(container, { baseUrl: `${location.origin}/no-widget-here/`, token: 't', blueprintId: 'b', timeoutMs: 1500 }),
      'timeout',
      /did not connect within 1500 ms/,
    );
    expect(performance.now() - started).to.be.within(1400, 4000);
    expect(container.querySelector('iframe')).to.equal(null);
  });

  it('checks options before creating anything', async () => {
    await expectRejection(
      mountBlueprintWidget(container, { baseUrl: location.origin, token: 't', blueprintId: 'b', mode: 'admin' as never }),
      'invalid',
      /mode must be/,
    );
    await expectRejection(mountBlueprintWidget(container, { baseUrl: location.origin, token: '', blueprintId: 'b' }), 'invalid', /token is required/);
    expect(container.children).to.have.length(0);
  });

  it('the widget talks only to the parent origin it was given', async () => {
    const iframe = document.createElement('iframe');
    iframe.src = `/widget/index.html?origin=${encodeURIComponent('https://partner.example')}`;
    container.append(iframe);
    const connection = connect({
      messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [location.origin] }),
      methods: { getSession: () => ({ token: 'stolen', blueprintId: 'b', mode: 'edit', units: 'metric' }), emit: () => undefined },
      timeout: 1500,
    });
    const error = await connection.promise.then(
      () => expect.fail('the widget must not connect to a page of another origin'),
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(PenpalError);
    expect((error as PenpalError).code).to.equal(ErrorCode.ConnectionTimeout);
    connection.destroy();
  });
});
