// <blueprint-widget>: views one blueprint (and edits it in edit mode) against the server API with
// a widget token. The iframe page wires it to the host SDK; it works on its own in any page too.

import { html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { validateFeatureCollection } from '../../core/src/validate.ts';
import {
  FEATURE_CLASSES,
  FEATURE_SUB_CLASSES,
  type BlueprintFeature,
  type BlueprintFeatureCollection,
  type BlueprintWord,
  type FeatureClass,
  type FeatureKind,
  type FeatureSubClass,
  type Geometry,
  type Measurements,
  type Scale,
} from '../../core/src/types.ts';
import {
  LAYER_NAMES,
  type FeatureSummary,
  type LayerName,
  type QuantityRow,
  type SaveResult,
  type Units,
  type WidgetErrorCode,
  type WidgetEventMap,
  type WidgetEventName,
  type WidgetMode,
} from '../../sdk/src/protocol.ts';
import { ApiError, BlueprintApi, type FileUrls } from './api.ts';
import {
  BlueprintDocument,
  deletionEdits,
  nextPosition,
  rootFolder,
  withProperties,
  type AppliedChange,
} from './document.ts';
import { EditTools, type DrawTool, type Tool } from './edit-tools.ts';
import { layerOf } from './layers.ts';
import { LightElement, adoptDocumentStyles } from './light-element.ts';
import { LiveMeasurement, Measurer } from './measurer.ts';
import type { RenderedPage } from './pdf-preview.ts';
import { computeQuantities } from './quantities.ts';
import { calibratedScale } from './scales.ts';
import { searchFeatures, searchWords } from './search.ts';
import { SheetMap, type SheetSize } from './sheet-map.ts';
import { widgetStyles } from './styles.ts';
import { formatArea, formatLength } from './units.ts';
import './panels/layers-panel.ts';
import './panels/properties-panel.ts';
import './panels/quantities-panel.ts';
import './panels/scale-panel.ts';
import './panels/search-panel.ts';
import type { LayerToggleDetail } from './panels/layers-panel.ts';
import type { FeatureIdDetail, ReclassDetail, RenameDetail } from './panels/properties-panel.ts';
import type { CalibrateDetail, CalibrationPhase, ScaleDetail } from './panels/scale-panel.ts';
import type { SearchDetail, WordDetail } from './panels/search-panel.ts';

/** Blueprint units per inch when the record does not say (the server renders at 150 DPI). */
const DEFAULT_DPI = 150;
/** How often to ask again for tiles while the server is still producing them. */
const TILE_POLL_MS = 5_000;
/** Signed URLs are renewed at `refresh_after`, but never more often than this. */
const MIN_URL_REFRESH_MS = 30_000;
/** setTimeout's ceiling; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const TOOL_LABELS: Record<DrawTool, string> = { area: 'Area', line: 'Line', count: 'Count' };
const DRAWN_KIND: Record<DrawTool, FeatureKind> = { area: 'area', line: 'line', count: 'object' };
const DEFAULT_DRAW_CLASS: Record<DrawTool, FeatureClass> = { area: 'room', line: 'wall_centerline', count: 'other' };

export interface WidgetEventDetail<E extends WidgetEventName = WidgetEventName> {
  name: E;
  payload: WidgetEventMap[E];
}

type Message = { kind: 'info' | 'success' | 'error'; text: string };

export function summarize(feature: BlueprintFeature): FeatureSummary {
  const properties = feature.properties;
  return {
    id: properties.id,
    kind: properties.kind,
    class: properties.class,
    sub_class: properties.sub_class ?? null,
    name: properties.name ?? null,
    measurements: properties.measurements ?? null,
  };
}

function sameGeometry(a: Geometry | null, b: Geometry | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

@customElement('blueprint-widget')
export class BlueprintWidget extends LightElement {
  /** Where the API lives (the server's origin, or a path prefix on it). */
  @property({ attribute: 'api-base' }) apiBase = '/';
  @property({ attribute: false }) token = '';
  @property({ attribute: 'blueprint-id' }) blueprintId = '';
  @property() mode: WidgetMode = 'view';
  @property() units: Units = 'metric';

  @state() private phase: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  @state() private message: Message | null = null;
  @state() private selectedId: string | null = null;
  @state() private liveMeasurements: Measurements | null = null;
  @state() private hoverText = '';
  @state() private tool: Tool = 'select';
  @state() private drawClass: FeatureClass = 'room';
  @state() private drawSubClass: FeatureSubClass | null = null;
  @state() private searchQuery = '';
  @state() private wordHits: BlueprintWord[] = [];
  @state() private featureHits: BlueprintFeature[] = [];
  @state() private calibration: { phase: CalibrationPhase; length: number } = { phase: 'idle', length: 0 };
  @state() private quantities: QuantityRow[] = [];
  @state() private layerCounts: Partial<Record<LayerName, number>> = {};
  @state() private layerVisibility = Object.fromEntries(LAYER_NAMES.map((layer) => [layer, layer !== 'words'])) as Record<
    LayerName,
    boolean
  >;
  @state() private saving = false;
  /** Bumped on every document change so that undo/redo/save states re-render. */
  @state() private revision = 0;

  @query('.bw-map') private mapTarget!: HTMLDivElement;

  #api: BlueprintApi | null = null;
  #document: BlueprintDocument | null = null;
  #sheet: SheetMap | null = null;
  #tools: EditTools | null = null;
  #measurer: Measurer | null = null;
  #words: BlueprintWord[] = [];
  #name = '';
  #etag = '';
  #filesTimer: ReturnType<typeof setTimeout> | undefined;
  /** Edits wait for each other, so an edit measured in the worker cannot overtake the one before. */
  #edits: Promise<void> = Promise.resolve();
  #live = new LiveMeasurement(
    (geometry) => this.#measurer!.measureGeometry(geometry, this.#document!.scale, this.#document!.dpi),
    (measurements) => (this.liveMeasurements = measurements),
  );
  #loading: Promise<void> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptDocumentStyles(widgetStyles);
    this.addEventListener('keydown', this.#onKeyDown);
    // Moved in the page: disconnecting released the map and worker, so open the blueprint again.
    if (this.hasUpdated && this.token !== '' && this.blueprintId !== '') this.#loading = this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.#onKeyDown);
    this.#teardown();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const source = changed.has('apiBase') || changed.has('token') || changed.has('blueprintId') || changed.has('mode');
    if (source && this.token !== '' && this.blueprintId !== '') this.#loading = this.#load();
  }

  /** Resolves once the blueprint loaded (or failed to: then `error` was emitted). */
  get loaded(): Promise<void> {
    return this.#loading ?? Promise.reject(new Error('Nothing to load: set token and blueprint-id'));
  }

  // -- Public API (the SDK calls these through the iframe bridge) ---------------------------------

  /** Selects a feature (null clears the selection); false if no feature on the sheet has this id. */
  selectFeature(id: string | null, options: { zoom?: boolean } = {}): boolean {
    if (id !== null && this.#document?.get(id)?.geometry == null) return false;
    this.#select(id);
    if (id !== null && options.zoom !== false) this.#sheet?.zoomToFeature(id);
    return true;
  }

  setLayerVisible(layer: LayerName, visible: boolean): void {
    if (!LAYER_NAMES.includes(layer)) throw new RangeError(`Unknown layer '${layer}'; layers are ${LAYER_NAMES.join(', ')}`);
    this.#sheet?.setLayerVisible(layer, visible);
    this.layerVisibility = { ...this.layerVisibility, [layer]: visible };
  }

  setUnits(units: Units): void {
    if (units !== 'metric' && units !== 'imperial') throw new RangeError(`Units must be 'metric' or 'imperial', not '${units}'`);
    this.units = units;
  }

  getQuantities(): QuantityRow[] {
    return this.#document === null ? [] : computeQuantities(this.#document.features);
  }

  getFeatures(): BlueprintFeatureCollection {
    return this.#requireDocument().toCollection();
  }

  get scale(): Scale | null {
    return this.#document?.scale ?? null;
  }

  get dirty(): boolean {
    return this.#document?.dirty ?? false;
  }

  /** The sheet view; for hosts and tests that need map coordinates. */
  get sheet(): SheetMap | null {
    return this.#sheet;
  }

  /** Replaces the scale and re-measures every feature under it (in the worker). */
  setScale(scale: Scale): Promise<void> {
    return this.#queueEdit(async () => {
      const document = this.#requireDocument();
      const features = [...document.features];
      const measured = await this.#measurer!.withMeasurements(features, scale, document.dpi);
      document.apply({
        reason: 'scale',
        edits: features.map((before, index) => ({ id: before.properties.id, before, after: measured[index] })),
        scale: { before: document.scale, after: scale },
      });
    });
  }

  undo(): boolean {
    return this.#document?.undo() ?? false;
  }

  redo(): boolean {
    return this.#document?.redo() ?? false;
  }

  setTool(tool: Tool): void {
    this.#tools?.setTool(tool);
    this.tool = tool;
    if (tool === 'area' || tool === 'line' || tool === 'count') {
      this.drawClass = DEFAULT_DRAW_CLASS[tool];
      this.drawSubClass = null;
    }
    if (tool !== 'calibrate') this.calibration = { phase: 'idle', length: 0 };
  }

  renameFeature(id: string, name: string | null): Promise<void> {
    return this.#editProperties(id, { name });
  }

  reclassFeature(id: string, cls: FeatureClass, subClass: FeatureSubClass | null): Promise<void> {
    return this.#editProperties(id, { class: cls, sub_class: subClass });
  }

  deleteFeature(id: string): Promise<void> {
    return this.#queueEdit(async () => {
      const document = this.#requireDocument();
      const edits = deletionEdits(document, id);
      if (edits.length > 0) document.apply({ reason: 'delete', edits });
    });
  }

  async save(): Promise<SaveResult> {
    await this.#edits;
    const failure = (code: WidgetErrorCode, text: string): SaveResult => {
      this.message = { kind: 'error', text };
      this.#emit('error', { code, message: text });
      return { ok: false, code, message: text };
    };
    if (this.mode !== 'edit') return failure('read_only', 'This blueprint is open read-only; changes cannot be saved.');
    const document = this.#requireDocument();
    const collection = document.toCollection();
    const validation = validateFeatureCollection(collection);
    if (!validation.ok) {
      const first = validation.issues.slice(0, 3).map((issue) => `${issue.loc.join('.')}: ${issue.msg}`);
      return failure('invalid', `Not saved: the features are not valid (${first.join('; ')}).`);
    }
    this.saving = true;
    this.message = { kind: 'info', text: 'Saving…' };
    try {
      const saved = await this.#api!.save({ scale: document.scale, geojson: collection }, this.#etag);
      this.#etag = saved.etag;
      document.markSaved();
      this.message = { kind: 'success', text: 'Saved.' };
      this.#emit('saved', { updated: saved.blueprint.updated });
      return { ok: true, updated: saved.blueprint.updated };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict') {
        return failure(
          'conflict',
          'Not saved: someone else changed this blueprint after you opened it. Nothing was overwritten. ' +
            'Reload the blueprint to see their version (your unsaved changes will be lost), or copy what you need first.',
        );
      }
      if (error instanceof ApiError && error.code === 'read_only') {
        return failure('read_only', `Not saved: this widget session may not change the blueprint (${error.message}).`);
      }
      const code = error instanceof ApiError ? error.code : 'save_failed';
      return failure(code, `Not saved: ${(error as Error).message}`);
    } finally {
      this.saving = false;
    }
  }

  // -- Loading -----------------------------------------------------------------------------------

  async #load(): Promise<void> {
    this.#teardown();
    this.phase = 'loading';
    this.message = { kind: 'info', text: 'Loading blueprint…' };
    const api = new BlueprintApi(this.apiBase, this.token, this.blueprintId);
    this.#api = api;
    try {
      const [loaded, files] = await Promise.all([api.loadBlueprint(), api.loadFiles()]);
      if (this.#api !== api) return;
      const blueprint = loaded.blueprint;
      const dpi = blueprint.url_dpi ?? DEFAULT_DPI;
      const tilesReady = Object.keys(files.urls.tiles).length > 0;
      const preview = tilesReady ? null : this.#renderPreview(api, files, dpi);
      const size = await this.#sheetSize(blueprint.url_width, blueprint.url_height, preview);
      if (this.#api !== api) return;

      this.#name = blueprint.name;
      this.#etag = loaded.etag;
      this.#words = loaded.words;
      this.#measurer = new Measurer();
      const document = new BlueprintDocument(blueprint.geojson ?? { type: 'FeatureCollection', features: [] }, blueprint.scale, dpi);
      document.addEventListener('change', (event) => this.#onDocumentChange((event as CustomEvent<AppliedChange>).detail));
      document.addEventListener('saved', () => this.revision++);
      this.#document = document;

      this.phase = 'ready';
      await this.updateComplete;
      const sheet = new SheetMap(this.mapTarget, size);
      this.#sheet = sheet;
      sheet.setFeatures(document.features);
      sheet.setWords(this.#words);
      for (const layer of LAYER_NAMES) sheet.setLayerVisible(layer, this.layerVisibility[layer]);
      if (tilesReady) sheet.setTiles(files.urls.tiles);
      else void preview?.then((page) => this.#api === api && !sheet.showsTiles && sheet.setPreview(page), () => undefined);
      this.#scheduleFilesRefresh(files);
      this.#tools = new EditTools(sheet, this.mode === 'edit', {
        changing: (id, geometry) => id === this.selectedId && this.#live.update(geometry),
        edited: (id, geometry) => void this.#editGeometry(id, geometry),
        drawn: (tool, geometry) => void this.#addDrawn(tool, geometry),
        calibrationPicked: (length) => {
          this.calibration = { phase: 'entering', length };
        },
      });
      sheet.map.on('pointermove', (event) => this.#onPointerMove(event));
      sheet.map.on('click', (event) => this.#onMapClick(event));
      this.#refreshDerived();
      this.message = null;
      this.#emit('ready', {
        blueprintId: blueprint.id,
        name: blueprint.name,
        mode: this.mode,
        featureCount: document.size,
        wordCount: this.#words.length,
        scale: document.scale,
      });
    } catch (error) {
      if (this.#api !== api) return;
      this.phase = 'failed';
      const code: WidgetErrorCode = error instanceof ApiError ? error.code : 'load_failed';
      const text =
        code === 'unauthorized'
          ? 'This widget session is not valid any more (the token expired or was revoked). Reload the page to get a new one.'
          : code === 'not_found'
            ? 'This blueprint does not exist, or this session may not open it.'
            : `The blueprint could not be loaded: ${(error as Error).message}`;
      this.message = { kind: 'error', text };
      this.#emit('error', { code, message: text });
    }
  }

  #renderPreview(api: BlueprintApi, files: FileUrls, dpi: number): Promise<RenderedPage> | null {
    const pdfUrl = files.urls.original_pdf;
    if (pdfUrl === null) return null;
    // pdf.js is loaded only for sheets that still wait for their tiles.
    return Promise.all([api.fetchArtifact(pdfUrl), import('./pdf-preview.ts')]).then(([bytes, { renderPdfPage }]) =>
      renderPdfPage(bytes, dpi),
    );
  }

  async #sheetSize(width: number | null, height: number | null, preview: Promise<RenderedPage> | null): Promise<SheetSize> {
    if (width && height) return { width, height };
    if (preview === null) throw new ApiError('load_failed', 0, 'The sheet has neither dimensions nor a PDF to show yet.');
    const page = await preview;
    return { width: page.width, height: page.height };
  }

  #scheduleFilesRefresh(files: FileUrls): void {
    const tilesReady = Object.keys(files.urls.tiles).length > 0;
    const untilRefresh = files.refresh_after * 1000 - Date.now();
    const delay = tilesReady ? Math.min(Math.max(untilRefresh, MIN_URL_REFRESH_MS), MAX_TIMER_MS) : TILE_POLL_MS;
    const api = this.#api;
    this.#filesTimer = setTimeout(() => {
      api!.loadFiles().then(
        (fresh) => {
          if (this.#api !== api) return;
          if (Object.keys(fresh.urls.tiles).length > 0) this.#sheet?.setTiles(fresh.urls.tiles);
          this.#scheduleFilesRefresh(fresh);
        },
        () => this.#api === api && this.#scheduleFilesRefresh({ ...files, refresh_after: 0 }),
      );
    }, delay);
  }

  #teardown(): void {
    clearTimeout(this.#filesTimer);
    this.#api = null;
    this.#tools?.dispose();
    this.#tools = null;
    this.#sheet?.dispose();
    this.#sheet = null;
    this.#measurer?.dispose();
    this.#measurer = null;
    this.#document = null;
    this.selectedId = null;
    this.phase = 'idle';
  }

  // -- Editing -----------------------------------------------------------------------------------

  #requireDocument(): BlueprintDocument {
    if (this.#document === null) throw new Error('The blueprint is not loaded yet');
    return this.#document;
  }

  #queueEdit(edit: () => Promise<void>): Promise<void> {
    const next = this.#edits.then(edit);
    // A failed edit must not block the ones after it; the caller still sees its rejection.
    this.#edits = next.catch((error: unknown) => {
      this.message = { kind: 'error', text: `That change failed: ${(error as Error).message}` };
    });
    return next;
  }

  #editGeometry(id: string, geometry: Geometry): Promise<void> {
    return this.#queueEdit(async () => {
      const document = this.#requireDocument();
      const before = document.get(id);
      this.liveMeasurements = null;
      if (before === undefined || sameGeometry(before.geometry, geometry)) return;
      const measurements = await this.#measurer!.measureGeometry(geometry, document.scale, document.dpi, before.properties.opening_width_units);
      const after = { ...withProperties(before, { measurements }), geometry };
      document.apply({ reason: 'geometry', edits: [{ id, before, after }] });
    });
  }

  #addDrawn(tool: DrawTool, geometry: Geometry): Promise<void> {
    return this.#queueEdit(async () => {
      const document = this.#requireDocument();
      const measurements = await this.#measurer!.measureGeometry(geometry, document.scale, document.dpi);
      const root = rootFolder(document);
      const parentId = root?.properties.id ?? null;
      const id = crypto.randomUUID();
      const feature: BlueprintFeature = {
        type: 'Feature',
        id,
        geometry,
        properties: {
          id,
          kind: DRAWN_KIND[tool],
          class: this.drawClass,
          sub_class: this.drawSubClass,
          name: null,
          is_user_drawn: true,
          parent_id: parentId,
          folder: root?.properties.name ?? null,
          position: nextPosition(document, parentId),
          relations: [],
          measurements,
        },
      };
      document.apply({ reason: 'draw', edits: [{ id, before: null, after: feature }] });
      this.#select(id);
    });
  }

  #editProperties(id: string, patch: Partial<BlueprintFeature['properties']>): Promise<void> {
    return this.#queueEdit(async () => {
      const document = this.#requireDocument();
      const before = document.get(id);
      if (before === undefined) return;
      const unchanged = Object.entries(patch).every(([key, value]) => (before.properties[key] ?? null) === (value ?? null));
      if (unchanged) return;
      document.apply({ reason: 'properties', edits: [{ id, before, after: withProperties(before, patch) }] });
    });
  }

  async #applyCalibration(metres: number): Promise<void> {
    const document = this.#requireDocument();
    const scale = calibratedScale(this.calibration.length, metres, document.dpi);
    this.setTool('select');
    await this.setScale(scale);
  }

  #onDocumentChange(applied: AppliedChange): void {
    const document = this.#document!;
    const changed = applied.changedIds.map((id) => document.get(id)!);
    this.#sheet?.removeFeatures(applied.removedIds);
    this.#sheet?.upsertFeatures(changed);
    if (this.selectedId !== null && applied.removedIds.includes(this.selectedId)) this.#select(null);
    this.#refreshDerived();
    this.revision++;
    this.#emit('blueprintChanged', {
      reason: applied.reason,
      changed: changed.map(summarize),
      removed: applied.removedIds,
      scale: document.scale,
      dirty: document.dirty,
    });
  }

  /** Quantities, layer counts and search results follow the features. */
  #refreshDerived(): void {
    const document = this.#document;
    if (document === null) return;
    this.quantities = computeQuantities(document.features);
    const counts: Partial<Record<LayerName, number>> = { words: this.#words.length };
    for (const feature of document.features) {
      if (feature.geometry === null) continue;
      const layer = layerOf(feature.properties);
      counts[layer] = (counts[layer] ?? 0) + 1;
    }
    this.layerCounts = counts;
    this.featureHits = searchFeatures(document.features, this.searchQuery);
  }

  // -- Pointer and keyboard ----------------------------------------------------------------------

  #select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.liveMeasurements = null;
    this.#sheet?.setSelected(id);
    this.#tools?.setEditable(id);
    const feature = id === null ? undefined : this.#document?.get(id);
    this.#emit('selectionChanged', { id, feature: feature === undefined ? null : summarize(feature) });
  }

  #onMapClick(event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>): void {
    if (this.tool !== 'select') return;
    this.#select(this.#sheet!.featureIdAt(event.pixel));
  }

  #onPointerMove(event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>): void {
    if (event.dragging || this.#sheet === null) return;
    const id = this.tool === 'select' ? this.#sheet.featureIdAt(event.pixel) : null;
    this.#sheet.setHovered(id);
    const feature = id === null ? undefined : this.#document?.get(id);
    this.hoverText = feature === undefined ? '' : this.#describe(feature);
  }

  #describe(feature: BlueprintFeature): string {
    const properties = feature.properties;
    const measurements = properties.measurements;
    const measure =
      measurements?.area_m2 != null
        ? formatArea(measurements.area_m2, this.units)
        : measurements?.length_m != null
          ? formatLength(measurements.length_m, this.units)
          : '';
    return [properties.name, properties.sub_class ?? properties.class, measure].filter(Boolean).join(' · ');
  }

  #onKeyDown = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement;
    const typing = target.matches('input, select, textarea');
    const command = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape') {
      this.#tools?.abortDrawing();
      if (this.tool !== 'select') this.setTool('select');
      return;
    }
    if (this.mode !== 'edit' || typing) return;
    const key = event.key.toLowerCase();
    if (command && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) this.redo();
      else this.undo();
    } else if (command && key === 'y') {
      event.preventDefault();
      this.redo();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && this.selectedId !== null) {
      event.preventDefault();
      void this.deleteFeature(this.selectedId);
    }
  };

  #emit<E extends WidgetEventName>(name: E, payload: WidgetEventMap[E]): void {
    this.dispatchEvent(new CustomEvent<WidgetEventDetail<E>>('widget-event', { detail: { name, payload } }));
  }

  // -- Rendering -----------------------------------------------------------------------------------

  protected override render() {
    if (this.phase === 'idle' || this.phase === 'failed' || this.phase === 'loading') {
      return html`<div class="bw-message" role="status" data-testid="widget-message" data-kind=${this.message?.kind ?? 'info'}>
        ${this.message?.text ?? 'No blueprint.'}
      </div>`;
    }
    const document = this.#document!;
    const editable = this.mode === 'edit';
    const selected = this.selectedId === null ? null : (document.get(this.selectedId) ?? null);
    return html`
      <div class="bw-toolbar" role="toolbar" aria-label="Blueprint tools">
        <strong class="bw-status" data-testid="blueprint-name">${this.#name}</strong>
        <button type="button" data-testid="fit-sheet" @click=${() => this.#sheet?.fitSheet()}>Fit sheet</button>
        <label class="bw-group">
          <span class="bw-visually-hidden">Units</span>
          <select data-testid="units-select" aria-label="Units" @change=${(event: Event) => this.setUnits((event.target as HTMLSelectElement).value as Units)}>
            <option value="metric" ?selected=${this.units === 'metric'}>Metric</option>
            <option value="imperial" ?selected=${this.units === 'imperial'}>Imperial</option>
          </select>
        </label>
        ${editable ? this.#renderEditTools(document) : nothing}
        <span class="bw-spacer"></span>
        <span class="bw-status" data-testid="hover-info" aria-live="off">${this.hoverText}</span>
      </div>
      <div class="bw-body">
        <div
          class="bw-map"
          data-testid="sheet"
          tabindex="0"
          role="application"
          aria-label="Blueprint sheet. Arrow keys pan, plus and minus zoom."
        ></div>
        <aside class="bw-side" aria-label="Blueprint details">
          <details open>
            <summary>Selection</summary>
            <bw-properties-panel
              .feature=${selected}
              .liveMeasurements=${this.liveMeasurements}
              .units=${this.units}
              ?editable=${editable}
              @feature-rename=${(event: CustomEvent<RenameDetail>) => void this.renameFeature(event.detail.id, event.detail.name)}
              @feature-reclass=${(event: CustomEvent<ReclassDetail>) =>
                void this.reclassFeature(event.detail.id, event.detail.class, event.detail.sub_class)}
              @feature-delete=${(event: CustomEvent<FeatureIdDetail>) => void this.deleteFeature(event.detail.id)}
              @feature-zoom=${(event: CustomEvent<FeatureIdDetail>) => this.#sheet?.zoomToFeature(event.detail.id)}
            ></bw-properties-panel>
          </details>
          <details open>
            <summary>Layers</summary>
            <bw-layers-panel
              .visibility=${this.layerVisibility}
              .counts=${this.layerCounts}
              @layer-toggle=${(event: CustomEvent<LayerToggleDetail>) => this.setLayerVisible(event.detail.layer, event.detail.visible)}
            ></bw-layers-panel>
          </details>
          <details open>
            <summary>Scale</summary>
            <bw-scale-panel
              .scale=${document.scale}
              .phase=${this.calibration.phase}
              .units=${this.units}
              @scale-pick=${(event: CustomEvent<ScaleDetail>) => void this.setScale(event.detail.scale)}
              @calibrate-start=${() => {
                this.setTool('calibrate');
                this.calibration = { phase: 'picking', length: 0 };
              }}
              @calibrate-cancel=${() => this.setTool('select')}
              @calibrate-apply=${(event: CustomEvent<CalibrateDetail>) => void this.#applyCalibration(event.detail.metres)}
            ></bw-scale-panel>
          </details>
          <details open>
            <summary>Search</summary>
            <bw-search-panel
              .query=${this.searchQuery}
              .wordHits=${this.wordHits}
              .featureHits=${this.featureHits}
              @search=${(event: CustomEvent<SearchDetail>) => this.#search(event.detail.query)}
              @word-zoom=${(event: CustomEvent<WordDetail>) => this.#zoomToWord(event.detail.id)}
              @feature-zoom=${(event: CustomEvent<FeatureIdDetail>) => this.selectFeature(event.detail.id)}
            ></bw-search-panel>
          </details>
          <details open>
            <summary>Quantities</summary>
            <bw-quantities-panel .rows=${this.quantities} .units=${this.units} filename=${`${this.#name || 'blueprint'} quantities.csv`}></bw-quantities-panel>
          </details>
        </aside>
      </div>
      <div class="bw-message" role="status" aria-live="polite" data-testid="widget-message" data-kind=${this.message?.kind ?? 'info'}>
        ${this.message?.text ?? ''}
      </div>
    `;
  }

  #renderEditTools(document: BlueprintDocument) {
    const drawing = this.tool === 'area' || this.tool === 'line' || this.tool === 'count';
    return html`
      <span class="bw-group" role="group" aria-label="Tools">
        <button type="button" data-testid="tool-select" aria-pressed=${this.tool === 'select'} @click=${() => this.setTool('select')}>Select</button>
        ${(['area', 'line', 'count'] as const).map(
          (tool) => html`<button
            type="button"
            data-testid=${`tool-${tool}`}
            aria-pressed=${this.tool === tool}
            @click=${() => this.setTool(tool)}
          >
            ${TOOL_LABELS[tool]}
          </button>`,
        )}
      </span>
      ${drawing
        ? html`<span class="bw-group">
            <select data-testid="draw-class" aria-label="Class of new features" @change=${(event: Event) => (this.drawClass = (event.target as HTMLSelectElement).value as FeatureClass)}>
              ${FEATURE_CLASSES.map((cls) => html`<option value=${cls} ?selected=${cls === this.drawClass}>${cls}</option>`)}
            </select>
            <select
              data-testid="draw-sub-class"
              aria-label="Sub-class of new features"
              @change=${(event: Event) => {
                const value = (event.target as HTMLSelectElement).value;
                this.drawSubClass = value === '' ? null : (value as FeatureSubClass);
              }}
            >
              <option value="" ?selected=${this.drawSubClass === null}>no sub-class</option>
              ${FEATURE_SUB_CLASSES.map((subClass) => html`<option value=${subClass} ?selected=${subClass === this.drawSubClass}>${subClass}</option>`)}
            </select>
          </span>`
        : nothing}
      <span class="bw-group" role="group" aria-label="History">
        <button type="button" data-testid="undo" aria-keyshortcuts="Control+Z" ?disabled=${!document.canUndo} @click=${() => this.undo()}>Undo</button>
        <button type="button" data-testid="redo" aria-keyshortcuts="Control+Shift+Z" ?disabled=${!document.canRedo} @click=${() => this.redo()}>Redo</button>
      </span>
      <button type="button" data-testid="save" ?disabled=${this.saving || !document.dirty} @click=${() => void this.save()}>
        ${this.saving ? 'Saving…' : document.dirty ? 'Save' : 'Saved'}
      </button>
    `;
  }

  #search(query: string): void {
    this.searchQuery = query;
    this.wordHits = searchWords(this.#words, query);
    this.featureHits = searchFeatures(this.#document?.features ?? [], query);
    this.#sheet?.highlightWords(this.wordHits.map((word) => word.id));
  }

  #zoomToWord(id: string): void {
    const extent = this.#sheet?.wordExtent(id);
    if (extent) this.#sheet!.zoomToExtent(extent);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'blueprint-widget': BlueprintWidget;
  }
}
