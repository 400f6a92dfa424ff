// Rooms painted as light colour fills. Area plans, leasing plans and colour schemes paint each room
// or unit exactly along the boundary its area is measured to: where such fills exist they are the
// rooms, whatever the wall network makes of the space (two units run together through a gap in a
// party wall, a unit whose glazing the walls leave open). Wall-bounded space that no fill covers
// (corridors, stairs, shafts) stays as the walls enclose it.
import type { Position } from '../../../../core/src/types.ts';
import type { BBox, RGBA } from '../types.ts';
import { boxContainsPoint, boxesOverlap, closeRing, interiorPoint, pointInPolygon, ringBBox, ringPerimeter, signedArea2 } from './geom-basics.ts';
import { differenceOf, intersectionOf, multiPolygonArea, unionAll, type MultiPolygon, type Polygon } from './geom-clip.ts';
import type { Ring } from './model.ts';
import { fillPolygons, luminance, type FillRegion } from './topology-evidence.ts';

/** Room colours are pale; darker paint is poché, hatching or a symbol. */
const MIN_ROOM_FILL_LUMINANCE = 200;
/**
 * Zone fills (ArchiCAD paints each zone in its floor finish's shade, a tiled bathroom mid grey) are
 * darker, or lighter than ink: such paint is a room only where it lies over floor and holds a
 * room's label. Black lettering stays legible on paint down to this shade.
 */
const MIN_ZONE_FILL_LUMINANCE = 128;
/**
 * A room fill is one region (with a few holes for shafts and columns); a pattern of many pieces
 * is hatching or a greyed-out area, whose largest piece holds only a small share of its paint.
 */
const MAIN_PIECE_SHARE = 0.9;
/** Blueprint units a notch of floor may stand out of its paint's box (paint stops a hair short of a wall face). */
const NOTCH_SLACK = 1;
/** A walled region keeps this share of its area or more where a neighbour's paint only trims its edge. */
const TRIMMED_REGION_SHARE = 0.9;
/** Share of a fill's box that must lie in a building's box: legends and key plans lie outside. */
const INSIDE_BUILDING_SHARE = 0.9;

export interface SpaceLimits {
  minArea: number;
  minWidth: number;
}

export interface SpacePiece {
  /** Outer ring then holes, each closed. */
  rings: Ring[];
  area: number;
  bbox: BBox;
}

function isRoomSized(polygon: Polygon, area: number, limits: SpaceLimits): boolean {
  return area >= limits.minArea && (2 * area) / ringPerimeter(polygon[0]) >= limits.minWidth;
}

function toPiece(polygon: Polygon): SpacePiece {
  const rings = polygon.map((ring) => closeRing(ring as Position[]));
  return { rings, area: multiPolygonArea([polygon]), bbox: ringBBox(rings[0]) };
}

function boxArea(box: BBox): number {
  return Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
}

function overlapArea(a: BBox, b: BBox): number {
  return boxArea([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

export interface PaintedRoomTests {
  isWall: (p: Position) => boolean;
  /** Whether a room's label is printed within the piece. */
  isLabelled: (piece: SpacePiece) => boolean;
}

/** The shade translucent paint shows over white paper: luppmenpark paints its flats at 30-50 % opacity. */
function shownOnPaper(color: RGBA): number {
  return 255 - color[3] * (255 - luminance(color));
}

/**
 * Regions painted as rooms within the extent of a building: pale, room-sized, single-region
 * fills, and zone fills of other shades (`tints`: lighter than ink) that hold a room's label over
 * floor. The extent, not the outline: a unit whose glazing the walls leave open lies outside the
 * outline of the walls but is painted all the same.
 */
export function roomFills(fills: FillRegion[], tints: FillRegion[], buildings: Ring[], limits: SpaceLimits, { isWall, isLabelled }: PaintedRoomTests): SpacePiece[] {
  const buildingBoxes = buildings.map(ringBBox);
  const pieces: SpacePiece[] = [];
  const paints = [...fills.map((fill) => ({ fill, tint: false })), ...tints.map((fill) => ({ fill, tint: true }))];
  for (const { fill, tint } of paints) {
    const shade = shownOnPaper(fill.color);
    const pale = !tint && shade >= MIN_ROOM_FILL_LUMINANCE;
    if (shade < MIN_ZONE_FILL_LUMINANCE || fill.area < limits.minArea) continue;
    if (!buildingBoxes.some((box) => overlapArea(box, fill.bbox) >= INSIDE_BUILDING_SHARE * boxArea(fill.bbox))) continue;
    const region = fillPolygons(fill.path);
    const regionArea = multiPolygonArea(region);
    if (!(regionArea > 0)) continue;
    const largest = region.reduce((best, polygon) => (Math.abs(signedArea2(polygon[0])) > Math.abs(signedArea2(best[0])) ? polygon : best));
    // Paint left off round a tag or a symbol drawn over the floor is floor; round a column or a
    // shaft it stands for the wall material inside.
    const main = [largest[0], ...largest.slice(1).filter((hole) => isWall(interiorPoint([hole as Position[]])) || Math.abs(signedArea2(hole)) / 2 >= limits.minArea)];
    const piece = toPiece(main);
    if (piece.area < MAIN_PIECE_SHARE * regionArea || !isRoomSized(main, piece.area, limits)) continue;
    if (pale || (!isWall(interiorPoint(piece.rings)) && isLabelled(piece))) pieces.push(piece);
  }
  return pieces;
}

/**
 * Painted rooms cut where a door or a passage closes the walls across them: a plan may paint a
 * vestibule and the corridor it opens onto in one colour, as one fill through the doorway
 * (zeidler's, 10.8 m² of walled vestibule taken into a 56 m² fill). A fill parted so into two
 * room-sized pieces or more is those pieces; one that a closure only nicks stays whole.
 */
export function cutAtClosures(fills: SpacePiece[], closures: Polygon[], limits: SpaceLimits): SpacePiece[] {
  const closureBoxes = closures.map((polygon) => ringBBox(polygon[0] as Position[]));
  return fills.flatMap((fill) => {
    const across = closures.filter((_, k) => boxesOverlap(closureBoxes[k], fill.bbox));
    if (across.length === 0) return [fill];
    const pieces = differenceOf([fill.rings], across)
      .map((polygon) => ({ polygon, piece: toPiece(polygon) }))
      .filter(({ polygon, piece }) => isRoomSized(polygon, piece.area, limits));
    return pieces.length >= 2 ? pieces.map(({ piece }) => piece) : [fill];
  });
}

function boxInside(inner: BBox, outer: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/**
 * The spaces of a plan given its wall-bounded regions and its painted rooms: every painted room,
 * and what of each wall-bounded region no painted room covers, where that is still room-sized. A
 * fill that holds several wall-bounded rooms whole paints a zone (a greyed "no work" area, a
 * department, a unit drawn with its inner rooms): the walls say more there than the paint, but
 * where such zones meet inside one walled space, their paint says how it divides.
 */
export function combineWithFills(regions: SpacePiece[], fills: SpacePiece[], limits: SpaceLimits): SpacePiece[] {
  const holdsRooms = (fill: SpacePiece) => regions.filter((region) => boxInside(region.bbox, fill.bbox) && pointInPolygon(interiorPoint(region.rings), fill.rings)).length >= 2;
  const painted = fills.filter((fill) => !holdsRooms(fill));
  const zones = fills.filter(holdsRooms);
  const spaces: SpacePiece[] = [];
  const scraps = new Map<SpacePiece, Polygon[]>(painted.map((fill) => [fill, []]));
  for (const region of regions) {
    const covering = painted.filter((fill) => boxesOverlap(fill.bbox, region.bbox));
    if (covering.length === 0) {
      spaces.push(...(partedByZones(region, zones, limits) ?? [region]));
      continue;
    }
    const rest: MultiPolygon = differenceOf([region.rings], covering.map((fill) => fill.rings));
    // A fill that only comes near the region leaves it as the walls drew it, not snapped anew.
    if (rest.length === 1 && Math.abs(multiPolygonArea(rest) - region.area) <= 1e-6 * region.area) {
      spaces.push(region);
      continue;
    }
    // Paint that runs a little way into the region (the next room's fill under their wall) trims
    // it and no more: a pantry smaller than a room, kept for the door that opens into it, stays.
    if (rest.length === 1 && multiPolygonArea(rest) >= TRIMMED_REGION_SHARE * region.area) {
      spaces.push(toPiece(rest[0]));
      continue;
    }
    for (const polygon of rest) {
      const piece = toPiece(polygon);
      if (isRoomSized(polygon, piece.area, limits)) spaces.push(piece);
      else {
        // A notch lies within its paint's box; a sliver of corridor beside a unit runs on past it.
        const [x0, y0, x1, y1] = piece.bbox;
        const withinPaint = (box: BBox) => boxContainsPoint(box, [x0, y0], NOTCH_SLACK) && boxContainsPoint(box, [x1, y1], NOTCH_SLACK);
        const notched = covering.filter((fill) => withinPaint(fill.bbox) && unionAll([fill.rings, polygon]).length === 1);
        if (notched.length === 1) scraps.get(notched[0])!.push(polygon);
      }
    }
  }
  return [...spaces, ...painted.map((fill) => withScraps(fill, scraps.get(fill)!))];
}

/** Zones side by side paint this share of a walled space or more between them where they part it. */
const ZONES_COVER_SHARE = 0.9;

/**
 * A walled space that two zones or more each paint in a room-sized part of is parted along their
 * paint: luppmenpark paints each flat with its balcony in the flat's own colour, and the balconies
 * of three flats run on as one walled space that nothing but posts divides. A zone painting
 * nearly all of the space, or zones overlapping there, part nothing.
 */
function partedByZones(region: SpacePiece, zones: SpacePiece[], limits: SpaceLimits): SpacePiece[] | null {
  const parts: SpacePiece[] = [];
  for (const zone of zones) {
    if (!boxesOverlap(zone.bbox, region.bbox)) continue;
    const painted = intersectionOf([region.rings], [zone.rings]);
    if (painted.length === 0) continue;
    const largest = painted.reduce((best, polygon) => (multiPolygonArea([polygon]) > multiPolygonArea([best]) ? polygon : best));
    const part = toPiece(largest);
    if (isRoomSized(largest, part.area, limits) && part.area < ZONES_COVER_SHARE * region.area) parts.push(part);
  }
  const paintedArea = parts.reduce((sum, part) => sum + part.area, 0);
  return parts.length >= 2 && paintedArea >= ZONES_COVER_SHARE * region.area && paintedArea <= region.area * (1 + 1e-6) ? parts : null;
}

/**
 * A painted room with the scraps of floor its paint leaves between itself and its walls: Revit
 * leaves its colour fill off under fixtures set against a wall (a W/C's toilet and vanity cut
 * notches in its paint), and that floor is the room's.
 */
function withScraps(fill: SpacePiece, scraps: Polygon[]): SpacePiece {
  if (scraps.length === 0) return fill;
  const union = unionAll([fill.rings, ...scraps]);
  return union.length === 1 ? toPiece(union[0]) : fill;
}

