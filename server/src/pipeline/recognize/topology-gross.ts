// Rooms as the sheet measures them. Most drawings print a room's clear floor, to the faces of its
// walls, and that is what a room is. Suite plans and area plans (Ontario suite areas, BOMA and
// ANSI gross areas, Revit area plans) print each space to the centre line of every wall it
// shares with another stamped space and to the far face of any other wall (the exterior wall's
// outer face, a corridor's or a stair's wall); others (Revit rooms computed at wall centre,
// Japanese and Korean floor areas) to the centre line of every wall. A sheet's own stamps tell
// which: where its rooms grown one of those ways match their stamps far better than their floors
// do, the sheet's rooms are published grown, so each room's area is the one its stamp prints.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { boxContainsPoint, closeRing, median, pointInPolygon, pointInRing, ringBBox, signedArea2 } from './geom-basics.ts';
import { differenceOf, multiPolygonArea, unionAll, type MultiPolygon, type Polygon } from './geom-clip.ts';
import type { BBox, RGBA } from '../types.ts';
import type { PolygonRings, Ring } from './model.ts';
import { isInk } from './topology-evidence.ts';
import type { Segment2 } from './topology-separators.ts';

/** The edges of a set of polygons, for the distance along a ray to the first of them. */
class EdgeIndex {
  private readonly edges: [Position, Position][];
  private readonly index: Flatbush | null;

  constructor(edges: [Position, Position][]) {
    this.edges = edges;
    if (this.edges.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(this.edges.length);
    for (const [a, b] of this.edges) this.index.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    this.index.finish();
  }

  static ofPolygons(polygons: readonly (readonly (readonly Position[])[])[]): EdgeIndex {
    return new EdgeIndex(polygons.flatMap((polygon) => polygon.flatMap((ring) => ring.map((a, k): [Position, Position] => [a as Position, ring[(k + 1) % ring.length] as Position]))));
  }

  /**
   * Distance along the ray from `p` in direction `n` (a unit vector) to the first edge, within
   * `reach`; null beyond it. `across` takes only edges running square to the ray.
   */
  firstCrossing(p: Position, n: Position, reach: number, across = false): number | null {
    if (this.index === null) return null;
    const q: Position = [p[0] + reach * n[0], p[1] + reach * n[1]];
    let nearest: number | null = null;
    for (const k of this.index.search(Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1]))) {
      const [a, b] = this.edges[k];
      if (across && !squareTo(a, b, n)) continue;
      const t = rayCrossing(p, n, a, b);
      if (t !== null && t <= reach && (nearest === null || t < nearest)) nearest = t;
    }
    return nearest;
  }
}

/** Within this angle of square to the ray, radians: a façade's lines run along the room's side. */
const SQUARE_TOLERANCE = (10 * Math.PI) / 180;

function squareTo(a: Position, b: Position, n: Position): boolean {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return length > 0 && Math.abs(((b[0] - a[0]) * n[0] + (b[1] - a[1]) * n[1]) / length) <= Math.sin(SQUARE_TOLERANCE);
}

/** The walls and closed openings, whose holes are the spaces, the rooms' floors and the drawn lines. */
class Surroundings {
  private readonly boxes: BBox[];
  private readonly openingBoxes: BBox[];
  readonly solidEdges: EdgeIndex;
  readonly floorEdges: EdgeIndex;
  readonly stampedFloorEdges: EdgeIndex;
  readonly facadeLines: EdgeIndex;

  constructor(
    private readonly solids: MultiPolygon,
    private readonly openings: Ring[],
    floors: PolygonRings[],
    stamped: boolean[],
    facadeStrokes: Segment2[],
  ) {
    this.boxes = solids.map((polygon) => ringBBox(polygon[0] as Ring));
    this.openingBoxes = openings.map(ringBBox);
    this.solidEdges = EdgeIndex.ofPolygons(solids);
    this.floorEdges = EdgeIndex.ofPolygons(floors);
    this.stampedFloorEdges = EdgeIndex.ofPolygons(floors.filter((_, k) => stamped[k]));
    this.facadeLines = new EdgeIndex(facadeStrokes.map(({ a, b }) => [a, b]));
  }

  inSolid(p: Position): boolean {
    return this.solids.some((polygon, k) => boxContainsPoint(this.boxes[k], p) && pointInPolygon(p, polygon as Ring[]));
  }

  /** The door's or window's closure `p` lies in (the solid there is no wall), or null. */
  openingAt(p: Position): Ring | null {
    return this.openings.find((ring, k) => boxContainsPoint(this.openingBoxes[k], p) && pointInRing(p, ring)) ?? null;
  }
}

/** Distance along the ray p + t·n at which it crosses segment ab, or null. */
function rayCrossing(p: Position, n: Position, a: Position, b: Position): number | null {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const denominator = n[0] * ey - n[1] * ex;
  if (Math.abs(denominator) < 1e-12) return null;
  const wx = a[0] - p[0];
  const wy = a[1] - p[1];
  const t = (wx * ey - wy * ex) / denominator;
  const u = (wx * n[1] - wy * n[0]) / denominator;
  return t > 0 && u >= 0 && u <= 1 ? t : null;
}

/** How far past the face a probe starts and ends, units: clear of the boundary it starts on. */
const PROBE_STEP = 0.5;
/** Where along each side of a room its wall is probed. */
const PROBE_SHARES = [0.2, 0.5, 0.8];
/** The widest gap between two lines of one façade (glazing, mullions, cladding), metres. */
const FACADE_STEP_METRES = 0.2;
/** Holes smaller than this, square units, are slivers left between grown strips. */
const MIN_HOLE_AREA = 1;
/** Paint may stop this share of the thickest wall short of the wall's face. */
const PAINT_GAP_SHARE = 0.25;

/**
 * Where the share of a wall with no room beyond ends: at its far face (gross: Ontario suite
 * areas, BOMA and ANSI gross areas) or at its centre line like every other wall (Revit's "at wall
 * center" room areas, Japanese and Korean floor areas measured to wall centres).
 */
type Convention = 'gross' | 'wall centre';

/** What a side's growth is read from: the surroundings, the thickest wall and the widest gap between a façade's lines, units. */
interface GrowthLimits {
  around: Surroundings;
  reach: number;
  facadeStep: number;
  convention: Convention;
  /** Whether the room grown prints its area. */
  stamped: boolean;
}

/** Channels of a grey pen differ by at most this much; a colour plot's or a PDF's rounding tints greys a little. */
const GREY_CHANNEL_SPREAD = 48;

/**
 * Whether a stroke may draw a layer of a façade: glazing, mullions and cladding are drawn in the
 * plan's black and greys. A line in colour just beyond a façade annotates the drawing: zeidler
 * draws its property line in orange and blue 0.1 m beyond a curtain wall, and the three rooms
 * behind that stretch of it grew past the façade's face to the line, each stamp overshot.
 */
export function drawsFacade(color: RGBA): boolean {
  return isInk(color) && Math.max(color[0], color[1], color[2]) - Math.min(color[0], color[1], color[2]) <= GREY_CHANNEL_SPREAD;
}

/** How far past a line the next one is looked for, units: clear of lines drawn twice over. */
const LINE_CLEARANCE = 0.25;

/**
 * The outer face of a façade, from `depth` out: a curtain wall or cladding drawn in thin lines
 * along the wall (glazing, mullions, a spandrel) is no wall, yet a gross area runs to its outer
 * face. The lines running along the side are followed outward while each lies within a step of
 * the last, never past the thickest wall and never into a room; a slab edge or a railing further
 * out stops the chain.
 */
function facadeFace(face: Position, normal: Position, depth: number, { around, reach, facadeStep }: GrowthLimits): number {
  const along = (t: number): Position => [face[0] + t * normal[0], face[1] + t * normal[1]];
  let outer = depth;
  for (;;) {
    const next = around.facadeLines.firstCrossing(along(outer + LINE_CLEARANCE), normal, facadeStep, true);
    if (next === null) return outer;
    const line = outer + LINE_CLEARANCE + next;
    if (line > reach || around.floorEdges.firstCrossing(along(outer + LINE_CLEARANCE), normal, next) !== null) return outer;
    outer = line;
  }
}

/**
 * How far a side of the room grows. Facing another room across a wall: to the wall's middle (half
 * way to that room's floor, should it start under the wall), except in a gross area between a
 * room that prints its area and one that does not (a unit and a corridor, a stair, a shaft), where
 * the wall is all the stamped room's: Ontario suite areas run to the centre line of the walls
 * between units and to the far face of corridor and exterior walls. Facing no room: to the wall's
 * middle at wall centre; in a gross area to its far face and on to the façade's outer face,
 * whether the outside lies beyond or a space that is no room (a shaft, a leaked corridor, the
 * strip between a façade and its railing). Not at all where no wall stands there. The median of
 * a few probes, so a column or a door along the side does not set it; a probe that meets no far
 * face within the thickest wall (it runs along a wall, or into something thicker than any wall)
 * has no say.
 */
function sideGrowth(from: Position, to: Position, normal: Position, limits: GrowthLimits): number {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const direction: Position = [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
  const growths = PROBE_SHARES.flatMap((share) => probeGrowth([from[0] + share * (to[0] - from[0]), from[1] + share * (to[1] - from[1])], direction, normal, limits, true) ?? []);
  // Of two readings the lesser: a column standing in the wall reads farther than the wall.
  return growths.length === 0 ? 0 : growths.sort((a, b) => a - b)[(growths.length - 1) >> 1];
}

/** Past the end of a window, this share of the thickest wall: clear of its jamb lines. */
const JAMB_STEP_SHARE = 0.25;

/**
 * How far the room grows at `face` on its side (see sideGrowth); null where the solid runs on past
 * the thickest wall, or where a probe beside a window (`atSide` false) meets no wall or another
 * opening.
 */
function probeGrowth(face: Position, direction: Position, normal: Position, limits: GrowthLimits, atSide: boolean): number | null {
  const { around, reach } = limits;
  const along = (t: number): Position => [face[0] + t * normal[0], face[1] + t * normal[1]];
  const probe = along(PROBE_STEP);
  // A painted room's paint may stop a little short of its wall, or at a façade that is no wall.
  // Beside a window only a wall tells where the façade runs.
  let wallFace = 0;
  if (!around.inSolid(probe)) {
    const gap = around.solidEdges.firstCrossing(probe, normal, PAINT_GAP_SHARE * reach);
    if (gap === null) return !atSide ? null : limits.convention === 'gross' ? facadeFace(face, normal, 0, limits) : 0;
    wallFace = gap + PROBE_STEP;
    if (!around.inSolid(along(wallFace + PROBE_STEP))) return atSide ? 0 : null;
  }
  const exit = around.solidEdges.firstCrossing(along(wallFace + PROBE_STEP), normal, reach);
  // Solid on past the thickest wall: the probe runs along a wall (at a corner of the façade) or
  // into something thicker than any wall, and reads nothing.
  if (exit === null) return null;
  const farFace = wallFace + PROBE_STEP + exit;
  const beyond = farFace + PAINT_GAP_SHARE * reach;
  const nextFloor = around.floorEdges.firstCrossing(probe, normal, beyond);
  // A wall drawn apart from the rest (a demising wall between two painted units) is shared all the same.
  if (nextFloor !== null) {
    const end = Math.min(farFace, nextFloor + PROBE_STEP);
    if (limits.convention === 'gross') {
      // A wall between a unit and a space nobody stamps (a corridor, a stair, a shaft) is the unit's.
      const nextStamped = around.stampedFloorEdges.firstCrossing(probe, normal, beyond);
      const neighbourStamped = nextStamped !== null && nextStamped <= nextFloor;
      if (neighbourStamped !== limits.stamped) return limits.stamped ? end : wallFace;
    }
    return (wallFace + end) / 2;
  }
  if (limits.convention !== 'gross') return (wallFace + farFace) / 2;
  const outer = facadeFace(face, normal, farFace, limits);
  const opening = around.openingAt(along((wallFace + farFace) / 2));
  if (opening === null || outer === farFace) return outer;
  if (!atSide) return null;
  // Through a window the lines beyond may be its sill and frame standing proud of the façade (or
  // a curtain wall's glazing, flush with it): they count as far out as the façade runs beside it.
  const offsets = opening.map((p) => (p[0] - face[0]) * direction[0] + (p[1] - face[1]) * direction[1]);
  const step = JAMB_STEP_SHARE * reach;
  const beside = [Math.min(...offsets) - step, Math.max(...offsets) + step].flatMap((t) => probeGrowth([face[0] + t * direction[0], face[1] + t * direction[1]], direction, normal, limits, false) ?? []);
  return beside.length === 0 ? outer : Math.min(outer, Math.max(...beside));
}

/** Unit normal of side ab pointing away from the room (`inside` tells floor from not). */
function outwardNormal(a: Position, b: Position, inside: (p: Position) => boolean): Position | null {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length < 2 * PROBE_STEP) return null;
  const normal: Position = [(b[1] - a[1]) / length, -(b[0] - a[0]) / length];
  const middle: Position = [(a[0] + b[0]) / 2 + PROBE_STEP * normal[0], (a[1] + b[1]) / 2 + PROBE_STEP * normal[1]];
  return inside(middle) ? [-normal[0], -normal[1]] : normal;
}

/** Where the lines of two grown sides meet at a convex corner; null where they run (nearly) parallel or meet too far out. */
function grownCorner(corner: Position, n1: Position, g1: number, n2: Position, g2: number): Position | null {
  // Points on the grown lines: corner + g·n, running along the side's direction (the normal turned).
  const p1: Position = [corner[0] + g1 * n1[0], corner[1] + g1 * n1[1]];
  const p2: Position = [corner[0] + g2 * n2[0], corner[1] + g2 * n2[1]];
  const d1: Position = [-n1[1], n1[0]];
  const d2: Position = [-n2[1], n2[0]];
  const denominator = d1[0] * d2[1] - d1[1] * d2[0];
  if (Math.abs(denominator) < 0.2) return null;
  const t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / denominator;
  const meet: Position = [p1[0] + t * d1[0], p1[1] + t * d1[1]];
  return Math.hypot(meet[0] - corner[0], meet[1] - corner[1]) <= 3 * Math.max(g1, g2) ? meet : null;
}

/**
 * The room grown to the centre lines of the walls it shares and the outer face of its exterior
 * walls: its floor, a strip along each side as deep as that side grows, and the square at each
 * corner between two grown sides, never into the floors `near` it. Beyond `limits.reach`, the
 * thickest wall there is, a side faces something other than a wall.
 */
function grossOutline(floor: PolygonRings, near: PolygonRings[], limits: GrowthLimits): PolygonRings {
  const inside = (p: Position) => pointInPolygon(p, floor);
  const pieces: Polygon[] = [floor];
  for (const ring of floor) {
    const points = closeRing(ring).slice(0, -1);
    const sides = points.map((a, k) => {
      const b = points[(k + 1) % points.length];
      const normal = outwardNormal(a, b, inside);
      return { a, b, normal, growth: normal === null ? 0 : sideGrowth(a, b, normal, limits) };
    });
    sides.forEach(({ a, b, normal, growth }, k) => {
      if (normal === null || growth <= 0) return;
      pieces.push([[a, b, [b[0] + growth * normal[0], b[1] + growth * normal[1]], [a[0] + growth * normal[0], a[1] + growth * normal[1]]]]);
      const next = sides[(k + 1) % sides.length];
      if (next.normal === null || next.growth <= 0) return;
      const meet = grownCorner(b, normal, growth, next.normal, next.growth);
      if (meet === null) return;
      pieces.push([[b, [b[0] + growth * normal[0], b[1] + growth * normal[1]], meet, [b[0] + next.growth * next.normal[0], b[1] + next.growth * next.normal[1]]]]);
    });
  }
  const grown = unionAll(pieces.filter((piece) => Math.abs(signedArea2(piece[0] as Ring)) > 0));
  const kept = near.length === 0 ? grown : differenceOf(grown, near);
  // A corner square cut off from the rest by a neighbour's floor is no part of the room.
  const largest = kept.reduce<Polygon | null>((best, polygon) => (best === null || multiPolygonArea([polygon]) > multiPolygonArea([best]) ? polygon : best), null);
  if (largest === null) return floor;
  // Slivers between the strips grown round a column's many short sides are no holes.
  const [outer, ...holes] = largest.map((ring) => closeRing(ring as Position[]));
  return [outer, ...holes.filter((hole) => Math.abs(signedArea2(hole)) / 2 >= MIN_HOLE_AREA)];
}

/** A stamp matches a room's area within this share of the printed figure. */
const STAMP_FIT = 0.03;
/** A sheet shows its convention with at least this many stamped rooms matching it. */
const MIN_FITTING_STAMPS = 3;

export interface MeasuredRoom {
  polygon: PolygonRings;
  printedAreaM2: number | null;
}

/**
 * Each room's outline as the sheet measures it: grown (see grossOutline) where its stamps print
 * gross or wall-centre areas, null where they print floor areas or too few rooms are stamped to
 * tell. A grown reading is taken where it explains the stamps far better than the floor does: at
 * least twice as many stamps match it, and the typical stamp is off by less than half as much;
 * of two such readings, the one more stamps match. Not every stamp need match: the walls may
 * close a space otherwise than the architect's area plan did.
 */
export function stampedOutlines(rooms: MeasuredRoom[], solids: MultiPolygon, openings: Ring[], facadeStrokes: Segment2[], unitsPerMetre: number, thickest: number): PolygonRings[] | null {
  const isStamped = rooms.map((room) => room.printedAreaM2 !== null);
  const stamped = isStamped.flatMap((stamp, k) => (stamp ? [k] : []));
  if (stamped.length < MIN_FITTING_STAMPS) return null;
  const floors = rooms.map((room) => room.polygon);
  const boxes = floors.map((floor) => ringBBox(floor[0]));
  // The floors a room may grow towards: within the thickest wall of its own.
  const nearFloors = (k: number) => {
    const [x0, y0, x1, y1] = boxes[k];
    return floors.filter((_, other) => {
      const [a0, b0, a1, b1] = boxes[other];
      return other !== k && a0 <= x1 + thickest && a1 >= x0 - thickest && b0 <= y1 + thickest && b1 >= y0 - thickest;
    });
  };
  const around = new Surroundings(solids, openings, floors, isStamped, facadeStrokes);
  const outline = (k: number, convention: Convention) =>
    grossOutline(floors[k], nearFloors(k), { around, reach: thickest, facadeStep: FACADE_STEP_METRES * unitsPerMetre, convention, stamped: isStamped[k] });
  const errors = (polygonOf: (k: number) => PolygonRings) =>
    stamped.map((k) => {
      const printed = rooms[k].printedAreaM2! * unitsPerMetre ** 2;
      return Math.abs(multiPolygonArea([polygonOf(k)]) / printed - 1);
    });
  const fitting = (values: number[]) => values.filter((error) => error <= STAMP_FIT).length;
  const floorErrors = errors((k) => floors[k]);
  let best: { convention: Convention; grown: Map<number, PolygonRings>; fits: number } | null = null;
  for (const convention of ['gross', 'wall centre'] as const) {
    const grown = new Map(stamped.map((k) => [k, outline(k, convention)]));
    const grownErrors = errors((k) => grown.get(k)!);
    const fits = fitting(grownErrors);
    if (fits < Math.max(MIN_FITTING_STAMPS, 2 * fitting(floorErrors)) || median(grownErrors) >= median(floorErrors) / 2) continue;
    if (best === null || fits > best.fits) best = { convention, grown, fits };
  }
  if (best === null) return null;
  const { convention, grown } = best;
  return rooms.map((_, k) => grown.get(k) ?? outline(k, convention));
}
