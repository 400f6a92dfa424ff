// Pointer tools on the sheet: selecting, drawing, reshaping and moving features, and picking the
// two points of a scale calibration. Vertices snap to the vertices and edges of visible features.

import Collection from 'ol/Collection.js';
import type Feature from 'ol/Feature.js';
import type { EventsKey } from 'ol/events.js';
import type OlGeometry from 'ol/geom/Geometry.js';
import LineString from 'ol/geom/LineString.js';
import Draw, { type DrawEvent } from 'ol/interaction/Draw.js';
import type Interaction from 'ol/interaction/Interaction.js';
import Modify from 'ol/interaction/Modify.js';
import Snap from 'ol/interaction/Snap.js';
import Translate from 'ol/interaction/Translate.js';
import { unByKey } from 'ol/Observable.js';
import type { Geometry } from '../../core/src/types.ts';
import { fromOlGeometry } from './geometry.ts';
import type { SheetMap } from './sheet-map.ts';

export const DRAW_TOOLS = ['area', 'line', 'count'] as const;
export type DrawTool = (typeof DRAW_TOOLS)[number];
export type Tool = 'select' | DrawTool | 'calibrate';

const DRAW_GEOMETRY: Record<DrawTool, 'Polygon' | 'LineString' | 'Point'> = {
  area: 'Polygon',
  line: 'LineString',
  count: 'Point',
};

/** Screen pixels within which a dragged or drawn vertex jumps onto a nearby vertex or edge. */
export const SNAP_PIXELS = 10;

export interface EditToolCallbacks {
  /** A feature's geometry is being dragged; called on every pointer move. */
  changing(id: string, geometry: Geometry): void;
  /** A drag of a feature's vertex or of the whole feature ended. */
  edited(id: string, geometry: Geometry): void;
  drawn(tool: DrawTool, geometry: Geometry): void;
  /** The two calibration points were picked; `length` is their distance in blueprint units. */
  calibrationPicked(length: number): void;
}

export class EditTools {
  readonly #sheet: SheetMap;
  readonly #editable: boolean;
  readonly #callbacks: EditToolCallbacks;
  /** The selected feature, when it may be reshaped or moved. */
  readonly #editing = new Collection<Feature<OlGeometry>>();
  #interactions: Interaction[] = [];
  #tool: Tool = 'select';

  constructor(sheet: SheetMap, editable: boolean, callbacks: EditToolCallbacks) {
    this.#sheet = sheet;
    this.#editable = editable;
    this.#callbacks = callbacks;
    this.setTool('select');
  }

  get tool(): Tool {
    return this.#tool;
  }

  setTool(tool: Tool): void {
    if (!this.#editable && tool !== 'select' && tool !== 'calibrate') throw new Error(`The ${tool} tool needs edit mode`);
    for (const interaction of this.#interactions) this.#sheet.map.removeInteraction(interaction);
    this.#tool = tool;
    this.#interactions = this.#createInteractions(tool);
    for (const interaction of this.#interactions) this.#sheet.map.addInteraction(interaction);
  }

  /** Makes a feature (or none) the one whose vertices and position can be dragged. */
  setEditable(id: string | null): void {
    this.#editing.clear();
    if (!this.#editable || id === null) return;
    const olFeature = this.#sheet.olFeature(id);
    if (olFeature !== undefined) this.#editing.push(olFeature);
  }

  /** Drops the sketch being drawn, if any. */
  abortDrawing(): void {
    for (const interaction of this.#interactions) if (interaction instanceof Draw) interaction.abortDrawing();
  }

  dispose(): void {
    for (const interaction of this.#interactions) this.#sheet.map.removeInteraction(interaction);
    this.#interactions = [];
  }

  #createInteractions(tool: Tool): Interaction[] {
    const snap = new Snap({ source: this.#sheet.featureSource, pixelTolerance: SNAP_PIXELS });
    switch (tool) {
      case 'select':
        // Modify goes after Translate so that it sees a press first: near a vertex or edge it
        // reshapes, anywhere else inside the feature Translate moves it. Snap must come last.
        return this.#editable ? [this.#translate(), this.#modify(), snap] : [];
      case 'calibrate': {
        const draw = new Draw({ type: 'LineString', maxPoints: 2, stopClick: true });
        draw.on('drawend', (event: DrawEvent) => {
          const line = event.feature.getGeometry() as LineString;
          this.#callbacks.calibrationPicked(line.getLength());
        });
        return [draw, snap];
      }
      default: {
        const draw = new Draw({ type: DRAW_GEOMETRY[tool], stopClick: true });
        draw.on('drawend', (event: DrawEvent) => {
          this.#callbacks.drawn(tool, fromOlGeometry(event.feature.getGeometry()!));
        });
        return [draw, snap];
      }
    }
  }

  #translate(): Translate {
    const translate = new Translate({ features: this.#editing, hitTolerance: 3 });
    translate.on('translating', (event) => this.#reportChanging(event.features.item(0) as Feature<OlGeometry>));
    translate.on('translateend', (event) => this.#reportEdited(event.features.item(0) as Feature<OlGeometry>));
    return translate;
  }

  #modify(): Modify {
    const modify = new Modify({ features: this.#editing, pixelTolerance: SNAP_PIXELS });
    let listening: EventsKey | null = null;
    modify.on('modifystart', (event) => {
      const olFeature = event.features.item(0) as Feature<OlGeometry>;
      listening = olFeature.getGeometry()!.on('change', () => this.#reportChanging(olFeature));
    });
    modify.on('modifyend', (event) => {
      if (listening !== null) unByKey(listening);
      listening = null;
      this.#reportEdited(event.features.item(0) as Feature<OlGeometry>);
    });
    return modify;
  }

  #reportChanging(olFeature: Feature<OlGeometry> | undefined): void {
    const geometry = olFeature?.getGeometry();
    if (olFeature !== undefined && geometry !== undefined) this.#callbacks.changing(String(olFeature.getId()), fromOlGeometry(geometry));
  }

  #reportEdited(olFeature: Feature<OlGeometry> | undefined): void {
    const geometry = olFeature?.getGeometry();
    if (olFeature !== undefined && geometry !== undefined) this.#callbacks.edited(String(olFeature.getId()), fromOlGeometry(geometry));
  }
}
