// Host-page SDK for the embeddable blueprint widget.
//
//   const widget = await mountBlueprintWidget(element, { baseUrl, token, blueprintId, mode: 'edit' });
//   widget.on('blueprintChanged', (change) => …);
//   await widget.save();
//
// The widget runs in an iframe served by the blueprint server. The two sides talk through penpal
// over postMessage, each accepting messages from the other's origin only. The widget token is
// handed over through that channel, never in a URL; the partner's API key never reaches the page.

import { CallOptions, ErrorCode, PenpalError, WindowMessenger, connect, type RemoteProxy } from 'penpal';
import type {
  BlueprintFeatureCollection,
  HostMethods,
  LayerName,
  QuantityRow,
  ReadyEvent,
  Scale,
  Units,
  WidgetErrorCode,
  WidgetEventMap,
  WidgetEventName,
  WidgetMethods,
  WidgetMode,
  WidgetSession,
} from './protocol.ts';

export * from './protocol.ts';

export interface MountOptions {
  /** The blueprint server, e.g. `https://blueprints.example.com`; the widget page is `<baseUrl>/widget/`. */
  baseUrl: string;
  /** A widget token from `POST /v1/widget/sessions`, created by the partner's backend. */
  token: string;
  blueprintId: string;
  /** `edit` needs a token created for edit mode. Default `view`. */
  mode?: WidgetMode;
  /** Default `metric`. */
  units?: Units;
  /** Limit for connecting, for loading the blueprint, and for each call. Default 20 000 ms. */
  timeoutMs?: number;
  /** Accessible name of the iframe. */
  title?: string;
}

export type WidgetEventListener<E extends WidgetEventName> = (payload: WidgetEventMap[E]) => void;

export interface BlueprintWidgetHandle {
  readonly iframe: HTMLIFrameElement;
  /** Selects and zooms to a feature (null clears the selection); false if the id is unknown. */
  selectFeature(id: string | null): Promise<boolean>;
  setLayerVisible(layer: LayerName, visible: boolean): Promise<void>;
  setUnits(units: Units): Promise<void>;
  getQuantities(): Promise<QuantityRow[]>;
  getFeatures(): Promise<BlueprintFeatureCollection>;
  /** Replaces the scale; every measurement is recomputed. Saving it needs edit mode. */
  setScale(scale: Scale): Promise<void>;
  /** Saves the edits; rejects with a BlueprintWidgetError (code `conflict` if someone else saved first). */
  save(): Promise<{ updated: string }>;
  /**
   * Listens to a widget event; returns a function that stops listening. `ready` has already
   * happened when the handle exists, so a `ready` listener is called once with its payload.
   */
  on<E extends WidgetEventName>(event: E, listener: WidgetEventListener<E>): () => void;
  off<E extends WidgetEventName>(event: E, listener: WidgetEventListener<E>): void;
  /** Removes the iframe and closes the channel; later calls reject with code `destroyed`. */
  destroy(): void;
}

export class BlueprintWidgetError extends Error {
  constructor(
    readonly code: WidgetErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BlueprintWidgetError';
  }
}

const DEFAULT_TIMEOUT_MS = 20_000;
const WIDGET_PATH = 'widget/index.html';

function widgetUrl(baseUrl: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, location.href);
  } catch {
    throw new BlueprintWidgetError('invalid', `baseUrl '${baseUrl}' is not a URL`);
  }
  const url = new URL(WIDGET_PATH, base);
  // The widget accepts messages from this origin only; it is not a secret.
  url.searchParams.set('origin', location.origin);
  return url;
}

function checkOptions(container: HTMLElement, options: MountOptions): Required<Omit<MountOptions, 'title'>> {
  if (!(container instanceof HTMLElement)) throw new BlueprintWidgetError('invalid', 'container must be an HTML element');
  const { baseUrl, token, blueprintId, mode = 'view', units = 'metric', timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  if (typeof token !== 'string' || token === '') throw new BlueprintWidgetError('invalid', 'token is required (a widget token)');
  if (typeof blueprintId !== 'string' || blueprintId === '') throw new BlueprintWidgetError('invalid', 'blueprintId is required');
  if (mode !== 'view' && mode !== 'edit') throw new BlueprintWidgetError('invalid', `mode must be 'view' or 'edit', not '${mode}'`);
  if (units !== 'metric' && units !== 'imperial') throw new BlueprintWidgetError('invalid', `units must be 'metric' or 'imperial', not '${units}'`);
  if (!(timeoutMs > 0)) throw new BlueprintWidgetError('invalid', 'timeoutMs must be a positive number of milliseconds');
  return { baseUrl, token, blueprintId, mode, units, timeoutMs };
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => BlueprintWidgetError): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** Creates the widget iframe in `container` and resolves once the blueprint is loaded and shown. */
export async function mountBlueprintWidget(container: HTMLElement, options: MountOptions): Promise<BlueprintWidgetHandle> {
  const settings = checkOptions(container, options);
  const src = widgetUrl(settings.baseUrl);
  const widgetOrigin = src.origin;
  const session: WidgetSession = {
    token: settings.token,
    blueprintId: settings.blueprintId,
    mode: settings.mode,
    units: settings.units,
  };

  const iframe = document.createElement('iframe');
  iframe.title = options.title ?? 'Blueprint viewer';
  iframe.src = src.href;
  iframe.style.cssText = 'display:block;width:100%;height:100%;border:0;';
  container.append(iframe);

  const listeners = new Map<WidgetEventName, Set<(payload: never) => void>>();
  let readyPayload: ReadyEvent | null = null;
  let settleLoad: { resolve(ready: ReadyEvent): void; reject(error: BlueprintWidgetError): void } | null = null;
  const loaded = new Promise<ReadyEvent>((resolve, reject) => {
    settleLoad = { resolve, reject };
  });

  const notify = <E extends WidgetEventName>(event: E, payload: WidgetEventMap[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        (listener as WidgetEventListener<E>)(payload);
      } catch (error) {
        reportError(error);
      }
    }
  };

  const hostMethods: HostMethods = {
    getSession: () => session,
    emit: (event, payload) => {
      if (event === 'ready') {
        readyPayload = payload as ReadyEvent;
        settleLoad?.resolve(readyPayload);
      } else if (event === 'error' && readyPayload === null) {
        const failure = payload as WidgetEventMap['error'];
        settleLoad?.reject(new BlueprintWidgetError(failure.code, failure.message));
      }
      notify(event, payload);
    },
  };

  const connection = connect<WidgetMethods>({
    messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [widgetOrigin] }),
    methods: hostMethods,
    timeout: settings.timeoutMs,
  });

  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    connection.destroy();
    iframe.remove();
    listeners.clear();
  };

  let remote: RemoteProxy<WidgetMethods>;
  try {
    remote = await connection.promise.catch((error: unknown) => {
      if (error instanceof PenpalError && error.code === ErrorCode.ConnectionTimeout) {
        throw new BlueprintWidgetError(
          'timeout',
          `The blueprint widget at ${widgetOrigin} did not connect within ${settings.timeoutMs} ms. ` +
            'Check baseUrl, and that the server serves the widget at /widget/.',
        );
      }
      throw error;
    });
    await withTimeout(
      loaded,
      settings.timeoutMs,
      () => new BlueprintWidgetError('timeout', `The blueprint did not load within ${settings.timeoutMs} ms`),
    );
  } catch (error) {
    destroy();
    throw error instanceof BlueprintWidgetError ? error : new BlueprintWidgetError('load_failed', (error as Error).message);
  }

  async function call<K extends keyof WidgetMethods>(
    method: K,
    ...args: Parameters<WidgetMethods[K]>
  ): Promise<Awaited<ReturnType<WidgetMethods[K]>>> {
    if (destroyed) throw new BlueprintWidgetError('destroyed', `${method}() was called after destroy()`);
    const invoke = remote[method] as (...callArgs: unknown[]) => Promise<Awaited<ReturnType<WidgetMethods[K]>>>;
    try {
      return await invoke(...args, new CallOptions({ timeout: settings.timeoutMs }));
    } catch (error) {
      if (error instanceof PenpalError) {
        if (error.code === ErrorCode.MethodCallTimeout) {
          throw new BlueprintWidgetError('timeout', `The blueprint widget did not answer ${method}() within ${settings.timeoutMs} ms`);
        }
        if (error.code === ErrorCode.ConnectionDestroyed) {
          throw new BlueprintWidgetError('destroyed', `${method}() failed: the widget connection is closed`);
        }
      }
      throw new BlueprintWidgetError('call_failed', `${method}() failed in the widget: ${(error as Error).message}`);
    }
  }

  const off = <E extends WidgetEventName>(event: E, listener: WidgetEventListener<E>) => {
    listeners.get(event)?.delete(listener as (payload: never) => void);
  };

  return {
    iframe,
    selectFeature: (id) => call('selectFeature', id),
    setLayerVisible: (layer, visible) => call('setLayerVisible', layer, visible),
    setUnits: (units) => call('setUnits', units),
    getQuantities: () => call('getQuantities'),
    getFeatures: () => call('getFeatures'),
    setScale: (scale) => call('setScale', scale),
    async save() {
      const result = await call('save');
      if (!result.ok) throw new BlueprintWidgetError(result.code, result.message);
      return { updated: result.updated };
    },
    on(event, listener) {
      if (destroyed) throw new BlueprintWidgetError('destroyed', 'on() was called after destroy()');
      let set = listeners.get(event);
      if (set === undefined) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      if (event === 'ready' && readyPayload !== null) {
        const payload = readyPayload;
        queueMicrotask(() => set.has(listener as (payload: never) => void) && (listener as WidgetEventListener<'ready'>)(payload));
      }
      return () => off(event, listener);
    },
    off,
    destroy,
  };
}
