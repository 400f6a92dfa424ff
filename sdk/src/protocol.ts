// The message-passing contract between a host page (through the SDK) and the widget iframe.
// Both sides import these types, so a change here is checked on both ends by the compiler.

import type {
  BlueprintFeatureCollection,
  FeatureClass,
  FeatureKind,
  FeatureSubClass,
  Measurements,
  Scale,
} from '../../core/src/types.ts';

export type {
  BlueprintFeature,
  BlueprintFeatureCollection,
  FeatureClass,
  FeatureKind,
  FeatureSubClass,
  Measurements,
  Scale,
} from '../../core/src/types.ts';

export type WidgetMode = 'view' | 'edit';
export type Units = 'metric' | 'imperial';

export const LAYER_NAMES = ['rooms', 'walls', 'openings', 'fixtures', 'wall_surfaces', 'other', 'words'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/** One line of the quantities table: every feature of a class and sub-class, totalled. SI units. */
export interface QuantityRow {
  class: FeatureClass;
  sub_class: FeatureSubClass | null;
  count: number;
  /** Sums over the members that have the measure; null when none has it (lines have no area). */
  area_m2: number | null;
  perimeter_m: number | null;
  length_m: number | null;
}

/** What events say about a feature: enough to show it without fetching the collection. */
export interface FeatureSummary {
  id: string;
  kind: FeatureKind;
  class: FeatureClass;
  sub_class: FeatureSubClass | null;
  name: string | null;
  measurements: Measurements | null;
}

export interface ReadyEvent {
  blueprintId: string;
  name: string;
  mode: WidgetMode;
  featureCount: number;
  wordCount: number;
  scale: Scale | null;
}

export type ChangeReason = 'draw' | 'geometry' | 'properties' | 'delete' | 'scale' | 'undo' | 'redo';

export interface BlueprintChangedEvent {
  reason: ChangeReason;
  /** Features created or modified by the change, with their recomputed measurements. */
  changed: FeatureSummary[];
  /** Ids of features the change removed. */
  removed: string[];
  scale: Scale | null;
  /** True while there are edits that have not been saved. */
  dirty: boolean;
}

export interface SelectionChangedEvent {
  id: string | null;
  feature: FeatureSummary | null;
}

export interface SavedEvent {
  /** The blueprint's new `updated` time stamp. */
  updated: string;
}

export type WidgetErrorCode =
  | 'load_failed'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'save_failed'
  | 'read_only'
  | 'timeout'
  | 'call_failed'
  | 'destroyed';

export interface ErrorEvent {
  code: WidgetErrorCode;
  message: string;
}

export interface WidgetEventMap {
  ready: ReadyEvent;
  selectionChanged: SelectionChangedEvent;
  blueprintChanged: BlueprintChangedEvent;
  saved: SavedEvent;
  error: ErrorEvent;
}
export type WidgetEventName = keyof WidgetEventMap;

/** Everything the widget needs to open a blueprint; handed over by the host after the handshake. */
export interface WidgetSession {
  token: string;
  blueprintId: string;
  mode: WidgetMode;
  units: Units;
}

export type SaveResult = { ok: true; updated: string } | { ok: false; code: WidgetErrorCode; message: string };

/** Methods the widget iframe exposes to the host. */
export type WidgetMethods = {
  /** Selects and zooms to a feature; null clears the selection. Resolves false for an unknown id. */
  selectFeature(id: string | null): boolean;
  setLayerVisible(layer: LayerName, visible: boolean): void;
  setUnits(units: Units): void;
  getQuantities(): QuantityRow[];
  getFeatures(): BlueprintFeatureCollection;
  /** Replaces the scale; every measurement is recomputed. Saving it needs edit mode. */
  setScale(scale: Scale): Promise<void>;
  save(): Promise<SaveResult>;
};

/** Methods the host exposes to the widget iframe. */
export type HostMethods = {
  getSession(): WidgetSession;
  emit(event: WidgetEventName, payload: WidgetEventMap[WidgetEventName]): void;
};
