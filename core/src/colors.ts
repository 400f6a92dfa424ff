// Default display colours, chosen to stay readable over a white drawing: filled areas are
// translucent so the linework underneath shows through, strokes are saturated or dark and opaque.

import type { Color, FeatureClass, FeatureSubClass } from './types.ts';

function rgba(r: number, g: number, b: number, a: number): Readonly<Color> {
  return Object.freeze({ r, g, b, a });
}

export const CLASS_COLORS: Readonly<Record<FeatureClass, Readonly<Color>>> = Object.freeze({
  room: rgba(66, 133, 244, 90),
  wall: rgba(38, 38, 46, 255),
  wall_centerline: rgba(211, 47, 47, 255),
  wall_surface: rgba(123, 31, 162, 255),
  wall_surface_with_opening: rgba(194, 24, 91, 255),
  opening: rgba(239, 108, 0, 255),
  // Footprints sit under the rooms, so they are fainter than a room fill.
  footprint: rgba(46, 125, 50, 60),
  other: rgba(97, 97, 97, 200),
});

// Fixtures share one colour: telling a sink from a toilet is the symbol's job, not the colour's.
const PLUMBING_FIXTURE = rgba(0, 131, 143, 255);

/** Sub-classes worth telling apart at a glance; the others (a single swing door is the typical
 * opening) use their class colour. */
export const SUB_CLASS_COLORS: Readonly<Partial<Record<FeatureSubClass, Readonly<Color>>>> = Object.freeze({
  window: rgba(2, 119, 189, 255),
  'swing window': rgba(21, 101, 192, 255),
  'safe room window': rgba(40, 53, 147, 255),
  'double swing door': rgba(191, 54, 12, 255),
  'sliding door': rgba(175, 120, 0, 255),
  toilet: PLUMBING_FIXTURE,
  sink: PLUMBING_FIXTURE,
  bathtub: PLUMBING_FIXTURE,
  shower: PLUMBING_FIXTURE,
  cooktop: rgba(183, 28, 28, 255),
  stairs: rgba(93, 64, 55, 255),
  elevator: rgba(69, 90, 100, 255),
  'wet room': rgba(0, 172, 193, 90),
  'wet wall': rgba(0, 96, 100, 255),
});

/** The default colour for a feature, as a fresh object the caller may modify. */
export function colorFor(cls: FeatureClass, subClass?: FeatureSubClass | null): Color {
  return { ...((subClass != null ? SUB_CLASS_COLORS[subClass] : undefined) ?? CLASS_COLORS[cls]) };
}
