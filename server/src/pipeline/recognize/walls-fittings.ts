// Fittings drawn with their rims (bathtubs, shower trays, toilets' boxes, basins): closed outlines
// of a fitting's size whose edges, and the linework within them, make no wall with other lines.
// A fitting stands a hand's breadth off a wall, or in a wall's depth from another fitting, so its
// edges pair with the wall's face at a thickness walls are drawn at; left in, they wall a
// bathroom's fittings off its floor.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { lineBBox, type Line, type Outline } from './topology-evidence.ts';
import type { LinePair, WallScale } from './walls.ts';

export interface Fittings {
  /** Outlines of the fittings, and the outlines nested in them. */
  outlines: Set<Outline>;
  /** Ids of the lines drawn within the rim of a fitting whose inner rim is not closed (a bowl open for its tap, a tray's drain). */
  content: Set<number>;
}

/**
 * The outline round a fitting's rim (a bathtub, 1.7–1.9 m by 0.7; a shower tray, a toilet's box,
 * a basin, down to a guest toilet's hand basin, 0.46 m by 0.28) is no longer than this and no
 * narrower than the shorter, metres: a window's or a sliding door's frame, nested outlines too, is
 * narrower or longer, and a sheet's frame holds every outline on it.
 */
const FITTING_SIDES_METRES: [number, number] = [0.25, 2.2];

/** Boxes this close are one: the same outline drawn twice is not nested in itself. */
const SAME_OUTLINE = 0.5;

/**
 * A fitting's rim runs round most of it: what it holds takes this share of its box at least (a
 * tub's basin, a toilet's bowl, a tray's floor; a hand basin's bowl, a third of its box), where a
 * desk holding a keyboard, a table holding its lamp or a sheet's frame holding a plan hold small
 * things.
 */
const RIM_AREA_SHARE = 0.3;

/**
 * A rounded corner, flattened, has pieces this far off both of the outline's directions, degrees,
 * within CORNER_REACH of its side's length of the corner.
 */
const CORNER_SLANT_DEGREES: [number, number] = [15, 75];
const CORNER_REACH = 0.25;
/** A rounded rectangle's longest side runs this share of its length at least. */
const STRAIGHT_SIDE_SHARE = 0.4;
/** Sanitary ware is drawn with its corners rounded, two at least (a basin's against the wall are square). */
const ROUNDED_CORNERS = 2;

/** A pair of an outline's own sides spans it where it is this share of the outline's depth across them or more. */
const ACROSS_OUTLINE_SHARE = 0.9;

/**
 * The fittings drawn with their rims. A closed outline of a fitting's size is one where it holds
 * another outline taking RIM_AREA_SHARE of its box or more (a tub in its rim), or where its
 * corners are rounded and the linework it holds spans that share (a basin whose bowl is open for
 * its tap, a shower tray holding its drain and falls: their outer rim is the wall's face, drawn
 * once, so only the inner one closes). Box-like things (a stair's outline holding its treads, a
 * closet's holding its shelf) have square corners. Unscaled, no size is a fitting's. `edges` are
 * the outlines' edges among `lines` (`edgesByOutline`).
 */
export function fittingsOf(outlines: Outline[], lines: Line[], edges: Map<Outline, Line[]>, scale: WallScale): Fittings {
  const fittings: Fittings = { outlines: new Set(), content: new Set() };
  if (scale.unitsPerMetre === null || outlines.length === 0 || lines.length === 0) return fittings;
  const [shortest, longest] = FITTING_SIDES_METRES.map((metres) => metres * scale.unitsPerMetre!);
  const outlineIndex = new Flatbush(outlines.length);
  for (const { bbox } of outlines) outlineIndex.add(bbox[0], bbox[1], bbox[2], bbox[3]);
  outlineIndex.finish();
  // Lines are searched only round outlines with rounded corners: few on any sheet.
  let lineIndex: Flatbush | null = null;
  const linesIn = (box: [number, number, number, number]) => {
    if (!lineIndex) {
      lineIndex = new Flatbush(lines.length);
      for (const line of lines) lineIndex.add(...lineBBox(line));
      lineIndex.finish();
    }
    return lineIndex.search(...box).map((k) => lines[k]);
  };
  for (const outer of outlines) {
    const [x0, y0, x1, y1] = outer.bbox;
    const sides = [x1 - x0, y1 - y0];
    if (Math.min(...sides) < shortest || Math.max(...sides) > longest) continue;
    const within = (p: Position) => p[0] >= x0 - SAME_OUTLINE && p[1] >= y0 - SAME_OUTLINE && p[0] <= x1 + SAME_OUTLINE && p[1] <= y1 + SAME_OUTLINE;
    const nested = outlineIndex
      .search(x0 - SAME_OUTLINE, y0 - SAME_OUTLINE, x1 + SAME_OUTLINE, y1 + SAME_OUTLINE)
      .map((k) => outlines[k])
      .filter(({ bbox: [u0, v0, u1, v1] }) => {
        const same = Math.max(Math.abs(u0 - x0), Math.abs(v0 - y0), Math.abs(u1 - x1), Math.abs(v1 - y1)) <= SAME_OUTLINE;
        return !same && within([u0, v0]) && within([u1, v1]) && (u1 - u0) * (v1 - v0) >= RIM_AREA_SHARE * sides[0] * sides[1];
      });
    if (nested.length > 0) {
      fittings.outlines.add(outer);
      for (const inner of nested) fittings.outlines.add(inner);
      continue;
    }
    if (roundedCorners(edges.get(outer) ?? []) < ROUNDED_CORNERS) continue;
    const held = linesIn([x0 - SAME_OUTLINE, y0 - SAME_OUTLINE, x1 + SAME_OUTLINE, y1 + SAME_OUTLINE]).filter((line) => line.outline !== outer && within(line.a) && within(line.b));
    if (!boxOfAtLeast(held, RIM_AREA_SHARE * sides[0] * sides[1])) continue;
    fittings.outlines.add(outer);
    for (const line of held) fittings.content.add(line.id);
  }
  return fittings;
}

/** The edges of each closed outline among `lines`. */
export function edgesByOutline(lines: Line[]): Map<Outline, Line[]> {
  const edges = new Map<Outline, Line[]>();
  for (const line of lines) {
    if (!line.outline) continue;
    const own = edges.get(line.outline);
    if (own) own.push(line);
    else edges.set(line.outline, [line]);
  }
  return edges;
}

/** Whether the box round `lines` is `area` or larger. */
function boxOfAtLeast(lines: Line[], area: number): boolean {
  if (lines.length === 0) return false;
  const xs = lines.flatMap((line) => [line.a[0], line.b[0]]);
  const ys = lines.flatMap((line) => [line.a[1], line.b[1]]);
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys)) >= area;
}

/**
 * How many corners of a rectangle with rounded (or chamfered) corners are rounded: read in the
 * frame of its longest edge, so a fitting drawn askew counts as one drawn square. A circle (a
 * round column with its cross) has no straight sides and no corners.
 */
function roundedCorners(edges: Line[]): number {
  if (edges.length < 4) return 0;
  const longest = edges.reduce((a, b) => (b.length > a.length ? b : a));
  const along = (p: Position) => p[0] * longest.ux + p[1] * longest.uy;
  const across = (p: Position) => -p[0] * longest.uy + p[1] * longest.ux;
  const s = edges.flatMap((line) => [along(line.a), along(line.b)]);
  const o = edges.flatMap((line) => [across(line.a), across(line.b)]);
  const [s0, s1, o0, o1] = [Math.min(...s), Math.max(...s), Math.min(...o), Math.max(...o)];
  if (longest.length < STRAIGHT_SIDE_SHARE * (s1 - s0)) return 0;
  const reach = CORNER_REACH * Math.min(s1 - s0, o1 - o0);
  const [low, high] = CORNER_SLANT_DEGREES.map((degrees) => Math.sin((degrees * Math.PI) / 180));
  const corners = [
    [s0, o0],
    [s1, o0],
    [s1, o1],
    [s0, o1],
  ];
  return corners.filter(([cs, co]) =>
    edges.some((line) => {
      const sine = Math.abs(line.ux * longest.uy - line.uy * longest.ux);
      if (sine < low || sine > high) return false;
      const middle: Position = [(line.a[0] + line.b[0]) / 2, (line.a[1] + line.b[1]) / 2];
      return Math.abs(along(middle) - cs) <= reach && Math.abs(across(middle) - co) <= reach;
    }),
  ).length;
}

/**
 * Whether a pair of an outline's own sides spans the whole outline. A wall corner drawn as one
 * closed outline (an L, with its layers' outline nested in it: a fitting's size, and taking most
 * of the box) pairs at the wall's thickness, far less than its box is deep.
 */
function acrossOutline({ i, d }: LinePair, { bbox: [x0, y0, x1, y1] }: Outline): boolean {
  // The box's extent along the pair's normal (−uy, ux).
  const depth = Math.abs(i.uy) * (x1 - x0) + Math.abs(i.ux) * (y1 - y0);
  return Math.abs(d) >= ACROSS_OUTLINE_SHARE * depth;
}

/**
 * Whether a pair holds an edge of a fitting drawn with its rim, or linework within one: the rim's
 * other outline, a wall's face beside it or another fitting's edge often lies a wall's thickness
 * off (a bathtub's outline inside its rim, a toilet's box a partition's depth in front of the
 * tub), and so do a fitting's own sides across it (a washbasin's bowl 0.27 m deep, a toilet's box
 * 0.36 m wide standing against a wall). Such pairs are found, and hide what lies farther off (the
 * wall's face behind the tub), before they are left out of the walls; the pens are told apart
 * with them.
 */
export function holdsFittingEdge(pair: LinePair, fittings: Fittings): boolean {
  const { i, j } = pair;
  if (fittings.content.has(i.id) || fittings.content.has(j.id)) return true;
  if (i.outline === j.outline) return i.outline !== undefined && fittings.outlines.has(i.outline) && acrossOutline(pair, i.outline);
  return (i.outline !== undefined && fittings.outlines.has(i.outline)) || (j.outline !== undefined && fittings.outlines.has(j.outline));
}
