// Plain data passed between pipeline stages. Every stage is a function over these values, so it
// can be tested with a PDF in and data out, and run on a worker thread (structured-clonable).
import type { BlueprintWord, Position } from '../../../core/src/types.ts';

/** [minX, minY, maxX, maxY] in blueprint coordinates. */
export type BBox = [number, number, number, number];
/** Colour channels 0–255, alpha 0–1 as in CSS. */
export type RGBA = [number, number, number, number];

export interface SheetInfo {
  pageCount: number;
  /** Page size in PDF points after /Rotate, as the sheet is seen. */
  widthPt: number;
  heightPt: number;
  rotate: number;
  /** Blueprint units per inch of paper (`url_dpi`). */
  dpi: number;
  /** Size of `scaled_png` in pixels. */
  widthPx: number;
  heightPx: number;
}

export type Segment =
  | { kind: 'line'; from: Position; to: Position }
  | { kind: 'cubic'; from: Position; c1: Position; c2: Position; to: Position };

export interface SubPath {
  segments: Segment[];
  closed: boolean;
}

export interface StrokeStyle {
  /** Line width in blueprint units (already multiplied by the CTM's scale). */
  width: number;
  color: RGBA;
  /** Dash lengths in blueprint units, or null for a solid line. */
  dash: number[] | null;
}

export interface FillStyle {
  color: RGBA;
  evenOdd: boolean;
}

/** One painted path of the sheet, in paint order. */
export interface VectorPath {
  index: number;
  subpaths: SubPath[];
  stroke: StrokeStyle | null;
  fill: FillStyle | null;
  /** Box of the active clipping path where it hides part of the path (the geometry is cut to it); null where it holds the path whole. */
  clip: BBox | null;
  bbox: BBox;
  /** Name of the optional-content group (the CAD layer) the path is drawn on; null where none is named. */
  layer: string | null;
}

export interface RasterImage {
  index: number;
  /** Where the image lands on the sheet (corners of the transformed unit square). */
  corners: [Position, Position, Position, Position];
  bbox: BBox;
  widthPx: number;
  heightPx: number;
}

export interface SheetPrimitives {
  paths: VectorPath[];
  images: RasterImage[];
}

/** A word with the facts recognition needs beyond what the API returns. */
export interface SheetWord extends BlueprintWord {
  /** Glyph height in blueprint units. */
  fontSize: number;
  /** Direction of the glyph run, radians, measured in blueprint coordinates (y down). */
  angle: number;
}
