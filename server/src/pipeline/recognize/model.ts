// What the recognition steps find, in blueprint coordinates, before it becomes GeoJSON features.
// Walls, openings and rooms come from the wall/room topology (walls.ts, openings.ts, rooms.ts);
// fixtures from symbol geometry (fixtures.ts); features.ts turns all of it into the feature
// collection with derived wall surfaces, wet rooms, relations and the folder hierarchy.
import type { FIXTURE_SUB_CLASSES, Position } from '../../../../core/src/types.ts';

/** A ring is closed: its first position is repeated last. Polygons are [outer, ...holes]. */
export type Ring = Position[];
export type PolygonRings = Ring[];

export type OpeningSubClass = 'single swing door' | 'double swing door' | 'sliding door' | 'window';
export type FixtureSubClass = (typeof FIXTURE_SUB_CLASSES)[number];

export interface WallDetection {
  id: string;
  polygon: PolygonRings;
  /** Axis of the wall, from end to end. */
  centerline: Position[];
  /** Thickness in blueprint units. */
  thickness: number;
  exterior: boolean;
}

export interface OpeningDetection {
  id: string;
  /** Null for a folding (bifold) door (openings.ts). */
  subClass: OpeningSubClass | null;
  /** The quad across the wall gap: the two wall faces between the opening's jambs. */
  polygon: Ring;
  /** Clear width in blueprint units (swing radius, gap width). */
  widthUnits: number;
  wallIds: string[];
}

export interface RoomDetection {
  id: string;
  /** The room as the sheet measures it: its floor, or where the sheet's stamps print gross areas, its floor grown to the centre lines of walls between stamped rooms and the far face of the rest, or to every wall's centre line (topology-gross.ts). */
  polygon: PolygonRings;
  /** Clear floor area bounded by wall faces, each opening closed along its wall line. */
  floor: PolygonRings;
  name: string | null;
  /** Words printed inside the room that named it (or tagged it). */
  labelWordIds: string[];
  /** The area the room's stamp prints, square metres; null where it prints none. */
  printedAreaM2: number | null;
  wallIds: string[];
  openingIds: string[];
}

export interface FixtureDetection {
  id: string;
  subClass: FixtureSubClass;
  polygon: Ring;
}

export interface SheetDetections {
  walls: WallDetection[];
  openings: OpeningDetection[];
  rooms: RoomDetection[];
  fixtures: FixtureDetection[];
  /**
   * The outline of each building drawn on the sheet (outer faces of the exterior walls), largest
   * first: a sheet may draw several floors or wings side by side. Empty when none was found.
   */
  footprints: PolygonRings[];
}
