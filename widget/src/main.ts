// The widget iframe page: connects to the host page through penpal, receives the session (token
// included: it never travels in a URL) and opens the blueprint.

import { WindowMessenger, connect } from 'penpal';
import type { HostMethods, WidgetMethods } from '../../sdk/src/protocol.ts';
import './blueprint-widget.ts';
import type { WidgetEventDetail } from './blueprint-widget.ts';

/** The host has this long to answer the handshake; the SDK has its own, usually shorter, limit. */
const HANDSHAKE_TIMEOUT_MS = 60_000;

function parentOrigin(): string | null {
  const origin = new URLSearchParams(location.search).get('origin');
  if (origin === null) return null;
  try {
    return new URL(origin).origin === origin ? origin : null;
  } catch {
    return null;
  }
}

function fail(text: string): void {
  const message = document.createElement('p');
  message.className = 'bw-message';
  message.dataset.kind = 'error';
  message.setAttribute('role', 'alert');
  message.textContent = text;
  document.body.replaceChildren(message);
}

async function start(): Promise<void> {
  const widget = document.querySelector('blueprint-widget')!;
  const origin = parentOrigin();
  if (window.parent === window || origin === null) {
    fail('This page shows a blueprint inside a partner application; open it through the blueprint widget SDK.');
    return;
  }
  const methods: WidgetMethods = {
    selectFeature: (id) => widget.selectFeature(id),
    setLayerVisible: (layer, visible) => widget.setLayerVisible(layer, visible),
    setUnits: (units) => widget.setUnits(units),
    getQuantities: () => widget.getQuantities(),
    getFeatures: () => widget.getFeatures(),
    setScale: (scale) => widget.setScale(scale),
    save: () => widget.save(),
  };
  // Messages are accepted from, and sent to, the origin the host announced only.
  const connection = connect<HostMethods>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [origin] }),
    methods,
    timeout: HANDSHAKE_TIMEOUT_MS,
  });
  const host = await connection.promise;
  widget.addEventListener('widget-event', (event) => {
    const { name, payload } = (event as CustomEvent<WidgetEventDetail>).detail;
    host.emit(name, payload).catch(() => undefined);
  });
  const session = await host.getSession();
  widget.apiBase = new URL('../', location.href).href;
  widget.mode = session.mode;
  widget.units = session.units;
  widget.token = session.token;
  widget.blueprintId = session.blueprintId;
}

start().catch((error: unknown) => {
  fail(`The blueprint viewer could not connect to its page: ${(error as Error).message}`);
});
