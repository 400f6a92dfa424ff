// The ground truth of a sheet: what a perfect recognizer would return, in blueprint units (pixels at
// `dpi`, origin top-left of the page, y down) and in real-world SI values.
import { polygonPerimeter, ringArea } from '../../core/src/measure.ts';
import type { Scale } from '../../core/src/types.ts';
import type { PageSizeName, UnitSystem } from './catalog.ts';
import type { Transform, WallStyle } from './draw.ts';
import { frameRect, type FixtureKind } from './furnish.ts';
import { rectRing, type Point, type Ring } from './geometry.ts';
import { openingGap, type LabelSize, type OpeningKind, type Plan, type Program } from './layouts.ts';

export type Position = [number, number];

export interface RoomTruth {
  name: string;
  /** Closed ring: the clear floor between wall faces, doorways closed along the wall face. */
  polygon: Position[];
  area_m2: number;
  perimeter_m: number;
  /** To the centre lines of the walls it shares and the outer face of the exterior walls, as area plans measure. */
  gross_area_m2: number;
}

export interface WallTruth {
  /** Closed ring. Wall pieces do not overlap: where walls meet, the first-drawn one owns the joint. */
  polygon: Position[];
  centerline: [Position, Position];
  thickness_m: number;
  exterior: boolean;
}

export interface OpeningTruth {
  sub_class: OpeningKind;
  center: Position;
  /** Closed ring: the gap the opening cuts through its wall. */
  polygon: Position[];
  width_m: number;
  room_names: string[];
}

export interface FixtureTruth {
  sub_class: FixtureKind;
  bbox: [number, number, number, number];
  room_name: string;
}

/** Coordinates are blueprint units: pixels at `dpi`, origin top-left of the page, y down. */
export interface SheetTruth {
  pdf: string;
  page: { widthPt: number; heightPt: number };
  dpi: number;
  /** The printed scale, or null when the sheet prints none. */
  scale: Scale | null;
  /** The scale the drawing was made at, also when none is printed. */
  metresPerUnit: number;
  rooms: RoomTruth[];
  walls: WallTruth[];
  openings: OpeningTruth[];
  fixtures: FixtureTruth[];
  footprint: { polygon: Position[]; area_m2: number };
  /** How the sheet was made, for breaking benchmark results down. */
  sheet: {
    seed: number;
    units: UnitSystem;
    pageSize: PageSizeName;
    orientation: 'landscape' | 'portrait';
    wallStyle: WallStyle;
    windowSills: boolean;
    program: Program;
    drawnScale: string;
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
// A ten-thousandth of a unit is far below any tolerance, and keeps the JSON readable.
const roundPoint = (p: Point): Position => [round(p[0], 4), round(p[1], 4)];
const closedRing = (ring: Ring): Position[] => [...ring.map(roundPoint), roundPoint(ring[0])];

/**
 * The truth of `plan` drawn through `toSheet`. Areas and lengths are measured on the rounded rings
 * as written, so the truth agrees exactly with its own polygons.
 */
export function buildTruth(
  plan: Plan<LabelSize>,
  toSheet: Transform,
  metresPerUnit: number,
  header: Pick<SheetTruth, 'pdf' | 'page' | 'dpi' | 'scale' | 'sheet'>,
): SheetTruth {
  const sheetRing = (ring: Ring) => closedRing(ring.map(toSheet));
  const roomNames = plan.rooms.map((r) => r.name);
  const footprint = sheetRing(plan.footprint);
  return {
    ...header,
    metresPerUnit,
    rooms: plan.rooms.map((room) => {
      const polygon = sheetRing(room.polygon);
      return {
        name: room.name,
        polygon,
        area_m2: round(ringArea(polygon) * metresPerUnit ** 2, 6),
        perimeter_m: round(polygonPerimeter([polygon]) * metresPerUnit, 6),
        gross_area_m2: round(room.grossAreaM2, 6),
      };
    }),
    walls: plan.pieces.map((piece) => ({
      polygon: sheetRing(piece.polygon),
      centerline: [roundPoint(toSheet(piece.centerline[0])), roundPoint(toSheet(piece.centerline[1]))],
      thickness_m: round(plan.walls[piece.wall].thickness * plan.unitM, 6),
      exterior: plan.walls[piece.wall].exterior,
    })),
    openings: plan.openings.map((o) => {
      const gap = openingGap(o);
      return {
        sub_class: o.kind,
        center: roundPoint(toSheet([(gap.x0 + gap.x1) / 2, (gap.y0 + gap.y1) / 2])),
        polygon: sheetRing(rectRing(gap)),
        width_m: round(o.width * plan.unitM, 6),
        room_names: o.rooms.map((r) => roomNames[r]),
      };
    }),
    fixtures: plan.fixtures.map((f) => {
      const box = frameRect(f.frame);
      const [x0, y0] = roundPoint(toSheet([box.x0, box.y0]));
      const [x1, y1] = roundPoint(toSheet([box.x1, box.y1]));
      return { sub_class: f.kind, bbox: [x0, y0, x1, y1], room_name: roomNames[f.room] };
    }),
    footprint: { polygon: footprint, area_m2: round(ringArea(footprint) * metresPerUnit ** 2, 6) },
  };
}
