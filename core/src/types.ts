// Plain data shared by the server, the widget and the SDK. No runtime dependencies: this module
// must behave identically in Node and in the browser.

/** A point in blueprint coordinates: pixels of `scaled_png` (origin top-left, x right, y down). */
export type Position = [number, number];

export interface PointGeometry { type: 'Point'; coordinates: Position }
export interface MultiPointGeometry { type: 'MultiPoint'; coordinates: Position[] }
export interface LineStringGeometry { type: 'LineString'; coordinates: Position[] }
export interface MultiLineStringGeometry { type: 'MultiLineString'; coordinates: Position[][] }
/** Rings are closed (first position repeated last); the first ring is the outer boundary, the rest are holes. */
export interface PolygonGeometry { type: 'Polygon'; coordinates: Position[][] }
export interface MultiPolygonGeometry { type: 'MultiPolygon'; coordinates: Position[][][] }
export interface GeometryCollectionGeometry { type: 'GeometryCollection'; geometries: Geometry[] }

export type Geometry =
  | PointGeometry
  | MultiPointGeometry
  | LineStringGeometry
  | MultiLineStringGeometry
  | PolygonGeometry
  | MultiPolygonGeometry
  | GeometryCollectionGeometry;

export const FEATURE_KINDS = ['area', 'line', 'object', 'text', 'folder'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

export const FEATURE_CLASSES = [
  'room',
  'wall',
  'wall_centerline',
  'wall_surface',
  'wall_surface_with_opening',
  'opening',
  'footprint',
  'other',
] as const;
export type FeatureClass = (typeof FEATURE_CLASSES)[number];

export const FEATURE_SUB_CLASSES = [
  'window',
  'swing window',
  'safe room window',
  'single swing door',
  'double swing door',
  'sliding door',
  'toilet',
  'sink',
  'bathtub',
  'shower',
  'cooktop',
  'stairs',
  'elevator',
  'wet room',
  'wet wall',
] as const;
export type FeatureSubClass = (typeof FEATURE_SUB_CLASSES)[number];

/** The sub-classes of fixtures (kind object, class other): counted, never measured. */
export const FIXTURE_SUB_CLASSES = ['toilet', 'sink', 'bathtub', 'shower', 'cooktop', 'stairs', 'elevator'] as const satisfies readonly FeatureSubClass[];

export interface Color { r: number; g: number; b: number; a: number }

/** Server-derived, SI. `null` = not applicable (a line has no area), which differs from a measured 0. */
export interface Measurements {
  area_m2: number | null;
  perimeter_m: number | null;
  length_m: number | null;
  opening_width_m: number | null;
}

export interface FeatureProperties {
  id: string;
  kind: FeatureKind;
  class: FeatureClass;
  sub_class?: FeatureSubClass | null;
  name?: string | null;
  color?: Color | null;
  visible?: boolean | null;
  is_user_drawn?: boolean | null;
  parent_id?: string | null;
  position?: number | null;
  folder?: string | null;
  opening_width_units?: number | null;
  height_units?: number | null;
  tag?: string | null;
  relations?: string[];
  measurements?: Measurements;
  /** Properties we do not know are preserved as they came. */
  [extra: string]: unknown;
}

export interface BlueprintFeature {
  type: 'Feature';
  id?: string | null;
  geometry: Geometry | null;
  properties: FeatureProperties;
}

export interface BlueprintFeatureCollection {
  type: 'FeatureCollection';
  features: BlueprintFeature[];
}

export const SCALE_TYPES = ['architectural', 'metric', 'civil', 'custom'] as const;
export type ScaleType = (typeof SCALE_TYPES)[number];
export const SCALE_UNITS = ['si', 'imperial', 'inches'] as const;
export type ScaleUnits = (typeof SCALE_UNITS)[number];

/**
 * `units` says how `drawing` and `real` are expressed:
 * - `si`: both in the same unit (1:100 → drawing 1, real 100);
 * - `imperial`: drawing in inches of paper, real in feet (1/4" = 1'-0" → drawing 0.25, real 1);
 * - `inches`: both in inches (1" = 20' written as inches → drawing 1, real 240).
 */
export interface Scale {
  drawing: number;
  real: number;
  label?: string | null;
  type: ScaleType;
  units: ScaleUnits;
  manual_scaling_needed?: boolean | null;
}

/** One word of the sheet. */
export interface BlueprintWord {
  id: string;
  text: string;
  confidence: number | null;
  /** The word's box as a closed Polygon in blueprint coordinates, rotated with the glyph run. */
  geometry: PolygonGeometry | null;
  room_id?: string | null;
  wall_id?: string | null;
}
