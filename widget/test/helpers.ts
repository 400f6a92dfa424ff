// Shared set-up for the widget's component tests: a small but realistic floor plan registered
// with the fake API server, mounting the real <blueprint-widget>, and driving it with the real
// mouse and keyboard (Playwright input through @web/test-runner-commands).

import { sendMouse } from '@web/test-runner-commands';
import { withMeasurements } from '../../core/src/measure.ts';
import type { BlueprintFeature, BlueprintFeatureCollection, BlueprintWord, Position, Scale } from '../../core/src/types.ts';
import type { WidgetEventMap, WidgetEventName, WidgetMode } from '../../sdk/src/protocol.ts';
import '../src/blueprint-widget.ts';
import type { BlueprintWidget, WidgetEventDetail } from '../src/blueprint-widget.ts';
import { bboxRing } from '../../core/src/geometry.ts';

export const DPI = 150;
export const SHEET = { width: 1200, height: 800 };
export const METRIC_1_100: Scale = { drawing: 1, real: 100, label: '1:100', type: 'metric', units: 'si', manual_scaling_needed: false };

export function rectangle(x0: number, y0: number, x1: number, y1: number): Position[][] {
  return [bboxRing([x0, y0, x1, y1])];
}

function feature(properties: BlueprintFeature['properties'], geometry: BlueprintFeature['geometry']): BlueprintFeature {
  return { type: 'Feature', id: properties.id, geometry, properties: { parent_id: 'root', folder: 'Ground floor', relations: [], ...properties } };
}

/** A ground floor: kitchen, bath and store, walls, surfaces, a door, a window and a toilet. */
export function floorPlan(): BlueprintFeatureCollection {
  const features: BlueprintFeature[] = [
    { type: 'Feature', id: 'root', geometry: null, properties: { id: 'root', kind: 'folder', class: 'other', name: 'Ground floor', parent_id: null, position: 0 } },
    feature({ id: 'kitchen', kind: 'area', class: 'room', name: 'Kitchen', position: 1, relations: ['wall-north', 'surface-kitchen-north'] }, { type: 'Polygon', coordinates: rectangle(100, 100, 400, 300) }),
    feature({ id: 'bath', kind: 'area', class: 'room', sub_class: 'wet room', name: 'Bath', position: 2, relations: ['wall-north'] }, { type: 'Polygon', coordinates: rectangle(400, 100, 600, 300) }),
    feature({ id: 'store', kind: 'area', class: 'room', name: 'Store', position: 3 }, { type: 'Polygon', coordinates: rectangle(700, 450, 900, 650) }),
    feature({ id: 'wall-north', kind: 'area', class: 'wall', position: 4, relations: ['kitchen', 'bath'] }, { type: 'Polygon', coordinates: rectangle(95, 90, 605, 100) }),
    feature({ id: 'centerline-south', kind: 'line', class: 'wall_centerline', position: 5 }, { type: 'LineString', coordinates: [[100, 400], [600, 400]] }),
    feature({ id: 'surface-kitchen-north', kind: 'line', class: 'wall_surface', position: 6, relations: ['kitchen'] }, { type: 'LineString', coordinates: [[100, 100], [400, 100]] }),
    feature({ id: 'door-kitchen', kind: 'object', class: 'opening', sub_class: 'single swing door', position: 7, opening_width_units: 60 }, { type: 'Polygon', coordinates: rectangle(220, 296, 280, 304) }),
    feature({ id: 'window-bath', kind: 'object', class: 'opening', sub_class: 'window', position: 8, opening_width_units: 90 }, { type: 'Polygon', coordinates: rectangle(455, 96, 545, 104) }),
    feature({ id: 'toilet-bath', kind: 'object', class: 'other', sub_class: 'toilet', position: 9 }, { type: 'Point', coordinates: [560, 260] }),
  ];
  return withMeasurements({ type: 'FeatureCollection', features }, METRIC_1_100, DPI);
}

function word(id: string, text: string, x0: number, y0: number, x1: number, y1: number): BlueprintWord {
  return { id, text, confidence: 1, geometry: { type: 'Polygon', coordinates: rectangle(x0, y0, x1, y1) }, room_id: null, wall_id: null };
}

export const WORDS: BlueprintWord[] = [
  word('w-kitchen', 'KITCHEN', 200, 180, 300, 200),
  word('w-bath', 'BATH', 470, 180, 530, 200),
  word('w-store', 'STORE', 760, 540, 840, 560),
  word('w-scale', '1:100', 1000, 740, 1080, 760),
];

export interface BlueprintSetup {
  id?: string;
  geojson?: BlueprintFeatureCollection;
  scale?: Scale | null;
  words?: BlueprintWord[];
  width?: number | null;
  height?: number | null;
  tiles?: Record<string, string>;
  originalPdf?: string | null;
}

export interface RegisteredBlueprint {
  id: string;
  viewToken: string;
  editToken: string;
}

let counter = 0;

/** Registers a blueprint with the fake server under a fresh id, with a view and an edit token. */
export async function registerBlueprint(setup: BlueprintSetup = {}): Promise<RegisteredBlueprint> {
  counter += 1;
  const id = setup.id ?? `bp-${Date.now().toString(36)}-${counter}`;
  const viewToken = `view-${id}`;
  const editToken = `edit-${id}`;
  const response = await fetch('/__fake-api/blueprints', {
    method: 'POST',
    body: JSON.stringify({
      blueprint: {
        id,
        name: 'Ground floor plan',
        scale: setup.scale === undefined ? METRIC_1_100 : setup.scale,
        url_width: setup.width === undefined ? SHEET.width : setup.width,
        url_height: setup.height === undefined ? SHEET.height : setup.height,
        url_dpi: DPI,
        geojson: setup.geojson ?? floorPlan(),
      },
      words: setup.words ?? WORDS,
      files: {
        urls: { original_pdf: setup.originalPdf ?? null, preview_webp: null, scaled_png: null, vector_svg: null, tiles: setup.tiles ?? {} },
      },
      tokens: { [viewToken]: 'view', [editToken]: 'edit' },
    }),
  });
  if (!response.ok) throw new Error(`fake API set-up failed: ${response.status}`);
  return { id, viewToken, editToken };
}

export async function serverState(id: string): Promise<{ blueprint: { geojson: BlueprintFeatureCollection; scale: Scale | null; updated: string }; puts: number }> {
  return (await fetch(`/__fake-api/blueprints/${id}`)).json();
}

/** Another editor saves the blueprint behind the widget's back. */
export async function touchOnServer(id: string): Promise<void> {
  await fetch(`/__fake-api/blueprints/${id}/touch`, { method: 'POST' });
}

/** The server finishes tiles: later /files responses list them. */
export async function publishTiles(id: string, tiles: Record<string, string>): Promise<void> {
  await fetch(`/__fake-api/blueprints/${id}/files`, {
    method: 'POST',
    body: JSON.stringify({ urls: { original_pdf: null, preview_webp: null, scaled_png: null, vector_svg: null, tiles } }),
  });
}

export async function uploadArtifact(name: string, body: Blob): Promise<string> {
  const response = await fetch(`/__fake-api/artifacts/${name}`, { method: 'PUT', body, headers: { 'Content-Type': body.type } });
  return ((await response.json()) as { url: string }).url;
}

export interface Mounted {
  widget: BlueprintWidget;
  events: WidgetEventDetail[];
  container: HTMLElement;
}

/** Mounts the real widget in a container of the given size and waits until it has loaded. */
export async function mountWidget(
  blueprint: RegisteredBlueprint,
  options: { mode?: WidgetMode; token?: string; width?: number; height?: number } = {},
): Promise<Mounted> {
  const container = document.createElement('div');
  container.style.cssText = `position:absolute;left:0;top:0;width:${options.width ?? 1100}px;height:${options.height ?? 700}px;`;
  document.body.append(container);
  const widget = document.createElement('blueprint-widget');
  const events: WidgetEventDetail[] = [];
  widget.addEventListener('widget-event', (event) => events.push((event as CustomEvent<WidgetEventDetail>).detail));
  widget.mode = options.mode ?? 'view';
  widget.token = options.token ?? (widget.mode === 'edit' ? blueprint.editToken : blueprint.viewToken);
  widget.blueprintId = blueprint.id;
  container.append(widget);
  await widget.updateComplete;
  await widget.loaded;
  await widget.updateComplete;
  await renderedMap(widget);
  return { widget, events, container };
}

/** Waits until OpenLayers has drawn the current state. */
export async function renderedMap(widget: BlueprintWidget): Promise<void> {
  const map = widget.sheet!.map;
  await new Promise<void>((resolve) => {
    map.once('rendercomplete', () => resolve());
    map.render();
  });
}

/**
 * Waits until the map stands still at its laid-out size and is drawn so: a page point worked out
 * while the view is still flying to a feature (or before a resize is drawn) is not where the
 * pointer lands a moment later.
 */
export async function settledMap(widget: BlueprintWidget): Promise<void> {
  await widget.updateComplete;
  // One frame: layout, and the resize observer that tells OpenLayers the map's new size.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const map = widget.sheet!.map;
  const view = map.getView();
  while (view.getAnimating() || view.getInteracting()) await new Promise((resolve) => map.once('moveend', resolve));
  await renderedMap(widget);
}

export function unmount(mounted: Mounted | undefined): void {
  mounted?.container.remove();
}

/** Page coordinates of a blueprint position as currently shown on the map. */
export function pagePoint(widget: BlueprintWidget, position: Position): [number, number] {
  const map = widget.sheet!.map;
  const pixel = map.getPixelFromCoordinate([position[0], -position[1]]);
  const rect = map.getViewport()!.getBoundingClientRect();
  return [Math.round(rect.left + pixel[0]), Math.round(rect.top + pixel[1])];
}

/** Blueprint units per screen pixel at the current zoom. */
export function unitsPerPixel(widget: BlueprintWidget): number {
  return widget.sheet!.map.getView().getResolution()!;
}

export async function click(point: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: point });
  await sendMouse({ type: 'click', position: point });
}

/** Presses at `from`, moves in steps to `to` and releases: a real drag. */
export async function drag(from: [number, number], to: [number, number], steps = 6): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let step = 1; step <= steps; step++) {
    const t = step / steps;
    await sendMouse({ type: 'move', position: [Math.round(from[0] + (to[0] - from[0]) * t), Math.round(from[1] + (to[1] - from[1]) * t)] });
  }
  await sendMouse({ type: 'up' });
}

export function eventsNamed<E extends WidgetEventName>(events: readonly WidgetEventDetail[], name: E): WidgetEventMap[E][] {
  return events.filter((event) => event.name === name).map((event) => event.payload as WidgetEventMap[E]);
}

/** Resolves with the next widget event of this name. */
export function nextEvent<E extends WidgetEventName>(widget: BlueprintWidget, name: E): Promise<WidgetEventMap[E]> {
  return new Promise((resolve) => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<WidgetEventDetail>).detail;
      if (detail.name !== name) return;
      widget.removeEventListener('widget-event', listener);
      resolve(detail.payload as WidgetEventMap[E]);
    };
    widget.addEventListener('widget-event', listener);
  });
}

export function featureById(collection: BlueprintFeatureCollection, id: string): BlueprintFeature {
  const found = collection.features.find((candidate) => candidate.properties.id === id);
  if (found === undefined) throw new Error(`no feature ${id}`);
  return found;
}

export function byTestId<T extends HTMLElement = HTMLElement>(root: ParentNode, testId: string): T {
  const element = root.querySelector<T>(`[data-testid="${testId}"]`);
  if (element === null) throw new Error(`no element with data-testid="${testId}"`);
  return element;
}

/** The RGBA colour the map shows at a page point: its layer canvases composited in order. */
export function mapPixelColor(widget: BlueprintWidget, point: [number, number]): [number, number, number, number] {
  const probe = new OffscreenCanvas(1, 1).getContext('2d')!;
  for (const canvas of widget.sheet!.map.getViewport()!.querySelectorAll('canvas')) {
    const rect = canvas.getBoundingClientRect();
    if (canvas.width === 0 || rect.width === 0) continue;
    const x = ((point[0] - rect.left) * canvas.width) / rect.width;
    const y = ((point[1] - rect.top) * canvas.height) / rect.height;
    probe.drawImage(canvas, Math.floor(x), Math.floor(y), 1, 1, 0, 0, 1, 1);
  }
  const data = probe.getImageData(0, 0, 1, 1).data;
  return [data[0], data[1], data[2], data[3]];
}
