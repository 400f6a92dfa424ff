// Blueprint coordinates run y down; OpenLayers map coordinates run y up. The map shows the sheet
// in the quadrant x ≥ 0, y ≤ 0, so converting is negating y.

import type { Extent } from 'ol/extent.js';
import type OlGeometry from 'ol/geom/Geometry.js';
import OlGeometryCollection from 'ol/geom/GeometryCollection.js';
import OlLineString from 'ol/geom/LineString.js';
import OlMultiLineString from 'ol/geom/MultiLineString.js';
import OlMultiPoint from 'ol/geom/MultiPoint.js';
import OlMultiPolygon from 'ol/geom/MultiPolygon.js';
import OlPoint from 'ol/geom/Point.js';
import OlPolygon from 'ol/geom/Polygon.js';
import type { Geometry, Position } from '../../core/src/types.ts';

export type MapCoordinate = [number, number];

export function toMapCoordinate(position: readonly number[]): MapCoordinate {
  return [position[0], -position[1]];
}

export function fromMapCoordinate(coordinate: readonly number[]): Position {
  // `0 - y` rather than `-y`, so a point on the top edge comes back as 0, not -0.
  return [coordinate[0], 0 - coordinate[1]];
}

/** The sheet's extent in map coordinates. */
export function sheetExtent(width: number, height: number): Extent {
  return [0, -height, width, 0];
}

const toRing = (ring: readonly Position[]) => ring.map(toMapCoordinate);
const fromRing = (ring: readonly number[][]) => ring.map(fromMapCoordinate);

export function toOlGeometry(geometry: Geometry): OlGeometry {
  switch (geometry.type) {
    case 'Point':
      return new OlPoint(toMapCoordinate(geometry.coordinates));
    case 'MultiPoint':
      return new OlMultiPoint(toRing(geometry.coordinates));
    case 'LineString':
      return new OlLineString(toRing(geometry.coordinates));
    case 'MultiLineString':
      return new OlMultiLineString(geometry.coordinates.map(toRing));
    case 'Polygon':
      return new OlPolygon(geometry.coordinates.map(toRing));
    case 'MultiPolygon':
      return new OlMultiPolygon(geometry.coordinates.map((polygon) => polygon.map(toRing)));
    case 'GeometryCollection':
      return new OlGeometryCollection(geometry.geometries.map(toOlGeometry));
  }
}

export function fromOlGeometry(geometry: OlGeometry): Geometry {
  if (geometry instanceof OlPoint) return { type: 'Point', coordinates: fromMapCoordinate(geometry.getCoordinates()) };
  if (geometry instanceof OlMultiPoint) return { type: 'MultiPoint', coordinates: fromRing(geometry.getCoordinates()) };
  if (geometry instanceof OlLineString) return { type: 'LineString', coordinates: fromRing(geometry.getCoordinates()) };
  if (geometry instanceof OlMultiLineString) {
    return { type: 'MultiLineString', coordinates: geometry.getCoordinates().map(fromRing) };
  }
  if (geometry instanceof OlPolygon) return { type: 'Polygon', coordinates: geometry.getCoordinates().map(fromRing) };
  if (geometry instanceof OlMultiPolygon) {
    return { type: 'MultiPolygon', coordinates: geometry.getCoordinates().map((polygon) => polygon.map(fromRing)) };
  }
  if (geometry instanceof OlGeometryCollection) {
    return { type: 'GeometryCollection', geometries: geometry.getGeometries().map(fromOlGeometry) };
  }
  throw new TypeError(`Unsupported geometry type ${geometry.getType()}`);
}
