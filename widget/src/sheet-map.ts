// The OpenLayers view of one sheet: the drawing underneath (tile pyramid, or a PDF preview until
// tiles exist), the features styled by class, and the words.

import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { containsExtent, getCenter, isEmpty, type Extent } from 'ol/extent.js';
import type OlGeometry from 'ol/geom/Geometry.js';
import ImageLayer from 'ol/layer/Image.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import Projection from 'ol/proj/Projection.js';
import ImageSource from 'ol/source/Image.js';
import TileImage from 'ol/source/TileImage.js';
import VectorSource from 'ol/source/Vector.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import TileGrid from 'ol/tilegrid/TileGrid.js';
import type { Pixel } from 'ol/pixel.js';
import { colorFor } from '../../core/src/colors.ts';
import type { BlueprintFeature, BlueprintWord, Color } from '../../core/src/types.ts';
import type { LayerName } from '../../sdk/src/protocol.ts';
import { sheetExtent, toOlGeometry } from './geometry.ts';
import { layerOf, type FeatureLayerName } from './layers.ts';
import type { RenderedPage } from './pdf-preview.ts';

export interface SheetSize {
  width: number;
  height: number;
}

const TILE_SIZE = 256;
/** How far past one screen pixel per blueprint unit the user may zoom in. */
const MAX_MAGNIFICATION = 8;
const FEATURE_PROPERTY = 'blueprintFeature';
const WORD_PROPERTY = 'blueprintWord';

type Emphasis = 'normal' | 'hover' | 'selected';

/** Draw order, bottom to top: big areas first so lines and symbols stay clickable on top. */
const LAYER_Z_INDEX: Record<FeatureLayerName, number> = {
  other: 0,
  rooms: 1,
  wall_surfaces: 2,
  walls: 3,
  openings: 4,
  fixtures: 5,
};

const SELECTED_HALO = 'rgba(255, 193, 7, 0.9)';

function rgba(color: Color, alpha: number): string {
  return `rgba(${color.r}, ${color.g}, ${color.b}, ${alpha})`;
}

function tileKey(z: number, x: number, y: number): string {
  return `${z}.${x}.${y}.png`;
}

/** The deepest zoom level published: at that level one tile pixel is one blueprint unit. */
function deepestTileZoom(tiles: Record<string, string>): number {
  let deepest = -1;
  for (const name of Object.keys(tiles)) {
    const z = Number.parseInt(name, 10);
    if (Number.isInteger(z) && z > deepest) deepest = z;
  }
  return deepest;
}

export class SheetMap extends EventTarget {
  readonly map: OlMap;
  readonly projection: Projection;
  readonly size: SheetSize;
  /** Only features of visible layers are in here, so hit detection and snapping ignore hidden ones. */
  readonly featureSource = new VectorSource<Feature<OlGeometry>>();
  readonly featureLayer: VectorLayer<VectorSource<Feature<OlGeometry>>>;
  readonly #olFeatures = new Map<string, Feature<OlGeometry>>();
  readonly #hiddenLayers = new Set<LayerName>(['words']);
  readonly #wordSource = new VectorSource<Feature<OlGeometry>>();
  readonly #wordLayer: VectorLayer<VectorSource<Feature<OlGeometry>>>;
  readonly #wordHits = new Set<string>();
  readonly #styleCache = new Map<string, Style>();
  #background: TileLayer<TileImage> | ImageLayer<ImageSource> | null = null;
  #tileUrls: Record<string, string> = {};
  #selectedId: string | null = null;
  #hoveredId: string | null = null;
  /** The view right after fitting the whole sheet; null once something else was shown. */
  #fittedView: { center: number[]; resolution: number } | null = null;

  constructor(target: HTMLElement, size: SheetSize) {
    super();
    this.size = size;
    const extent = sheetExtent(size.width, size.height);
    this.projection = new Projection({ code: 'blueprint-pixels', units: 'pixels', extent });
    this.featureLayer = new VectorLayer({
      source: this.featureSource,
      style: (feature) => this.#featureStyle(feature as Feature<OlGeometry>),
      updateWhileInteracting: true,
      zIndex: 10,
    });
    this.#wordLayer = new VectorLayer({
      source: this.#wordSource,
      style: (feature) => this.#wordStyle(feature as Feature<OlGeometry>),
      zIndex: 20,
    });
    this.map = new OlMap({
      target,
      layers: [this.featureLayer, this.#wordLayer],
      controls: defaultControls({ rotate: false, attribution: false }),
      view: new View({
        projection: this.projection,
        extent,
        constrainOnlyCenter: true,
        showFullExtent: true,
        maxResolution: Math.max(size.width, size.height) / 64,
        minResolution: 1 / MAX_MAGNIFICATION,
      }),
    });
    this.fitSheet(false);
    // While nobody has panned or zoomed, the sheet stays fitted as the container is resized (the
    // first size is often not the final one while the host page lays itself out).
    this.map.on('change:size', () => {
      if (this.#showsFittedView()) this.fitSheet(false);
    });
    // The first hit detection is slow (about 150 ms with 2,000 features, once); pay for it while
    // the page is idle rather than on the user's first hover or drag.
    this.map.once('rendercomplete', () => requestIdleCallback(() => this.featureIdAt([0, 0])));
  }

  dispose(): void {
    this.map.setTarget(undefined);
    this.map.dispose();
  }

  // -- Drawing underneath -------------------------------------------------------------------------

  /** Shows the published tile pyramid, or updates its signed URLs (tiles already shown stay). */
  setTiles(tiles: Record<string, string>): void {
    this.#tileUrls = tiles;
    if (this.#background instanceof TileLayer) return;
    const deepest = deepestTileZoom(tiles);
    if (deepest < 0) return;
    const resolutions = Array.from({ length: deepest + 1 }, (_, z) => 2 ** (deepest - z));
    const source = new TileImage({
      projection: this.projection,
      tileGrid: new TileGrid({
        origin: [0, 0],
        extent: sheetExtent(this.size.width, this.size.height),
        resolutions,
        tileSize: TILE_SIZE,
      }),
      // The pyramid's own tile names are z.x.y with y counted down from the top-left corner,
      // which is how OpenLayers counts tiles of a grid whose origin is that corner.
      tileUrlFunction: ([z, x, y]) => this.#tileUrls[tileKey(z, x, y)],
    });
    // User-timing marks let a host page (and bench:widget) see when the sheet appeared.
    source.once('tileloadend', () => performance.mark('blueprint-widget:first-tile'));
    this.#replaceBackground(new TileLayer({ source, preload: 1 }));
  }

  get showsTiles(): boolean {
    return this.#background instanceof TileLayer;
  }

  /** Shows a rendered PDF page in place of tiles. */
  setPreview(page: RenderedPage): void {
    const extent = sheetExtent(this.size.width, this.size.height);
    const source = new ImageSource({
      projection: this.projection,
      // A loader without arguments marks the image as static: one picture for every view.
      loader: () => ({ image: page.canvas, extent, resolution: this.size.width / page.canvas.width, pixelRatio: 1 }),
    });
    this.#replaceBackground(new ImageLayer({ source }));
  }

  #replaceBackground(layer: TileLayer<TileImage> | ImageLayer<ImageSource>): void {
    if (this.#background !== null) this.map.removeLayer(this.#background);
    this.#background = layer;
    this.map.getLayers().insertAt(0, layer);
  }

  // -- Features ----------------------------------------------------------------------------------

  setFeatures(features: Iterable<BlueprintFeature>): void {
    this.featureSource.clear(true);
    this.#olFeatures.clear();
    this.upsertFeatures(features);
    this.featureLayer.once('postrender', () => performance.mark('blueprint-widget:features-drawn'));
  }

  /** Adds or updates these features (geometry, class, name, colour). */
  upsertFeatures(features: Iterable<BlueprintFeature>): void {
    const added: Feature<OlGeometry>[] = [];
    for (const feature of features) {
      const id = feature.properties.id;
      const existing = this.#olFeatures.get(id);
      if (feature.geometry === null) {
        if (existing !== undefined) this.removeFeatures([id]);
        continue;
      }
      const olFeature = existing ?? new Feature<OlGeometry>();
      const wasVisible = existing !== undefined && this.#isShown(existing);
      olFeature.setId(id);
      olFeature.setGeometry(toOlGeometry(feature.geometry));
      olFeature.set(FEATURE_PROPERTY, feature, true);
      olFeature.changed();
      this.#olFeatures.set(id, olFeature);
      const visible = !this.#hiddenLayers.has(layerOf(feature.properties));
      if (visible && !wasVisible) added.push(olFeature);
      else if (!visible && wasVisible) this.featureSource.removeFeature(olFeature);
    }
    if (added.length > 0) this.featureSource.addFeatures(added);
  }

  removeFeatures(ids: Iterable<string>): void {
    for (const id of ids) {
      const olFeature = this.#olFeatures.get(id);
      if (olFeature === undefined) continue;
      if (this.#isShown(olFeature)) this.featureSource.removeFeature(olFeature);
      this.#olFeatures.delete(id);
    }
  }

  #isShown(olFeature: Feature<OlGeometry>): boolean {
    return this.featureSource.hasFeature(olFeature);
  }

  olFeature(id: string): Feature<OlGeometry> | undefined {
    return this.#olFeatures.get(id);
  }

  static blueprintFeatureOf(olFeature: Feature<OlGeometry>): BlueprintFeature | undefined {
    return olFeature.get(FEATURE_PROPERTY) as BlueprintFeature | undefined;
  }

  isLayerVisible(layer: LayerName): boolean {
    return !this.#hiddenLayers.has(layer);
  }

  setLayerVisible(layer: LayerName, visible: boolean): void {
    if (visible === this.isLayerVisible(layer)) return;
    if (visible) this.#hiddenLayers.delete(layer);
    else this.#hiddenLayers.add(layer);
    if (layer === 'words') {
      this.#wordLayer.changed();
      return;
    }
    const members = [...this.#olFeatures.values()].filter(
      (olFeature) => layerOf(SheetMap.blueprintFeatureOf(olFeature)!.properties) === layer,
    );
    if (visible) this.featureSource.addFeatures(members.filter((member) => !this.#isShown(member)));
    else for (const member of members) if (this.#isShown(member)) this.featureSource.removeFeature(member);
  }

  setSelected(id: string | null): void {
    const previous = this.#selectedId;
    this.#selectedId = id;
    this.#restyle(previous, id);
  }

  setHovered(id: string | null): void {
    if (id === this.#hoveredId) return;
    const previous = this.#hoveredId;
    this.#hoveredId = id;
    this.#restyle(previous, id);
    this.map.getTargetElement()?.style.setProperty('cursor', id === null ? '' : 'pointer');
  }

  #restyle(...ids: (string | null)[]): void {
    for (const id of ids) if (id !== null) this.#olFeatures.get(id)?.changed();
  }

  /** The topmost visible feature under a screen pixel of the map. */
  featureIdAt(pixel: Pixel): string | null {
    let found: string | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature) => {
        found = String(feature.getId());
        return true;
      },
      { layerFilter: (layer) => layer === this.featureLayer, hitTolerance: 3 },
    );
    return found;
  }

  #emphasis(id: string): Emphasis {
    if (id === this.#selectedId) return 'selected';
    return id === this.#hoveredId ? 'hover' : 'normal';
  }

  #featureStyle(olFeature: Feature<OlGeometry>): Style {
    const feature = SheetMap.blueprintFeatureOf(olFeature)!;
    const properties = feature.properties;
    const color = properties.color ?? colorFor(properties.class, properties.sub_class);
    const emphasis = this.#emphasis(properties.id);
    const zIndex = LAYER_Z_INDEX[layerOf(properties)] + (emphasis === 'normal' ? 0 : 10);
    const key = `${color.r},${color.g},${color.b},${color.a}|${emphasis}|${zIndex}`;
    let style = this.#styleCache.get(key);
    if (style === undefined) {
      const width = emphasis === 'selected' ? 3 : emphasis === 'hover' ? 2.5 : 1.5;
      const stroke = new Stroke({ color: emphasis === 'selected' ? SELECTED_HALO : rgba(color, 1), width });
      // Translucent fills keep the drawing readable underneath; the colour's own alpha says how much.
      const fillAlpha = Math.min(color.a / 255, 0.45) * (emphasis === 'normal' ? 1 : 1.4);
      const fill = new Fill({ color: rgba(color, fillAlpha) });
      style = new Style({ stroke, fill, zIndex, image: new CircleStyle({ radius: emphasis === 'normal' ? 5 : 7, fill: new Fill({ color: rgba(color, 0.9) }), stroke }) });
      this.#styleCache.set(key, style);
    }
    return style;
  }

  // -- Words ---------------------------------------------------------------------------------------

  setWords(words: readonly BlueprintWord[]): void {
    this.#wordSource.clear(true);
    const features: Feature<OlGeometry>[] = [];
    for (const word of words) {
      if (word.geometry === null) continue;
      const olFeature = new Feature<OlGeometry>(toOlGeometry(word.geometry));
      olFeature.setId(word.id);
      olFeature.set(WORD_PROPERTY, word, true);
      features.push(olFeature);
    }
    this.#wordSource.addFeatures(features);
  }

  /** Highlights these words whether or not the words layer is shown. */
  highlightWords(ids: Iterable<string>): void {
    this.#wordHits.clear();
    for (const id of ids) this.#wordHits.add(id);
    this.#wordLayer.changed();
  }

  readonly #wordHitStyle = new Style({
    fill: new Fill({ color: 'rgba(255, 235, 59, 0.55)' }),
    stroke: new Stroke({ color: 'rgba(230, 81, 0, 1)', width: 2 }),
  });
  readonly #wordPlainStyle = new Style({ stroke: new Stroke({ color: 'rgba(96, 125, 139, 0.7)', width: 1 }) });

  #wordStyle(olFeature: Feature<OlGeometry>): Style | undefined {
    if (this.#wordHits.has(String(olFeature.getId()))) return this.#wordHitStyle;
    return this.isLayerVisible('words') ? this.#wordPlainStyle : undefined;
  }

  wordExtent(id: string): Extent | null {
    return this.#wordSource.getFeatureById(id)?.getGeometry()?.getExtent() ?? null;
  }

  // -- View ----------------------------------------------------------------------------------------

  fitSheet(animate = true): void {
    this.#fit(sheetExtent(this.size.width, this.size.height), animate, 0, () => {
      const view = this.map.getView();
      this.#fittedView = { center: view.getCenter()!, resolution: view.getResolution()! };
    });
  }

  zoomToFeature(id: string): boolean {
    const extent = this.#olFeatures.get(id)?.getGeometry()?.getExtent();
    if (extent === undefined) return false;
    this.zoomToExtent(extent);
    return true;
  }

  /** Brings an extent into view: centred, with room around it, no closer than 1:1. */
  zoomToExtent(extent: Extent): void {
    const view = this.map.getView();
    const visible = view.calculateExtent(this.map.getSize());
    if (isEmpty(extent) || (containsExtent(visible, extent) && view.getResolution()! <= 1)) {
      view.animate({ center: getCenter(extent), duration: 200 });
      return;
    }
    this.#fit(extent, true, 1 / 2);
  }

  #fit(extent: Extent, animate: boolean, minResolution: number, done?: () => void): void {
    const size = this.map.getSize();
    this.#fittedView = null;
    if (size === undefined || size[0] === 0 || size[1] === 0) {
      // Not laid out yet: fit once the map knows its size.
      this.map.once('change:size', () => this.#fit(extent, false, minResolution, done));
      return;
    }
    this.map.getView().fit(extent, {
      padding: [24, 24, 24, 24],
      duration: animate ? 250 : undefined,
      minResolution,
      callback: (completed) => completed && done?.(),
    });
  }

  #showsFittedView(): boolean {
    const view = this.map.getView();
    const fitted = this.#fittedView;
    if (fitted === null) return false;
    const [x, y] = view.getCenter()!;
    return view.getResolution() === fitted.resolution && x === fitted.center[0] && y === fitted.center[1];
  }
}
