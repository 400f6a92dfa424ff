// A scale read off the rooms' printed sizes or areas. House plans drawn in South Asia often print
// no scale and dimension little, but set each room's clear size under its name (`BED ROOM
// 16'-7½"X13'-0"`, `Kitchen 9' 3" x 10' 3"`); sales and rental plans often print no scale (or a
// bar without a unit) but stamp each room's area (`BF: 10.53 m2`, `Zimmer 2 13 m2`). Once the walls
// have closed the rooms, each such room's extent or floor says how many units a metre is; where
// several rooms agree, that is the sheet's scale, measured as a dimension chain's would be, and
// labelled as such. A size or area stands apart from the room's walls in its own line, so it
// reaches the scale only through a room that was found.
import { ringArea } from '../../../../core/src/measure.ts';
import type { Position } from '../../../../core/src/types.ts';
import { inchFraction } from './dimensions.ts';
import { normalizeTypography } from './normalize.ts';
import { METRES_PER_FOOT, METRES_PER_INCH } from './ratio.ts';
import type { TextLine } from './lines.ts';

/** A room's outline and floor area with the lines of text set inside it and the area its stamp prints. */
export interface SizedRoom {
  /** Outer ring, blueprint units. */
  ring: Position[];
  /** Floor area, square blueprint units, without its holes. */
  area: number;
  lines: TextLine[];
  /** The area the room's stamp prints, square metres; null where it prints none. */
  printedAreaM2: number | null;
}

export interface RoomSizeReading {
  unitsPerMetre: number;
  /** Whether the sizes or areas are printed in feet. */
  imperial: boolean;
  /** What most agreeing rooms were measured by. */
  source: 'room sizes' | 'room areas';
}

const FEET_INCHES = String.raw`(\d{1,3})\s*'(?:\s*-?\s*(\d{1,2}(?:\.\d+)?)(?:\s+(\d{1,2})\s*/\s*(\d{1,2}))?\s*")?`;
const METRES = String.raw`(\d{1,2}[.,]\d{1,2})\s*m?`;
const TIMES = String.raw`\s*[xX×]\s*`;
const IMPERIAL_SIZE = new RegExp(String.raw`(?<![\w.'"])${FEET_INCHES}${TIMES}${FEET_INCHES}(?![\w.'"])`, 'g');
const METRIC_SIZE = new RegExp(String.raw`(?<![\w.,])${METRES}${TIMES}${METRES}(?![\w.,])`, 'g');

/** A room is read only where it fills this share of its box: an L-shaped room's size says too little. */
const RECTANGULAR_SHARE = 0.9;
/** A room's two sides must tell one size of a metre within this share. */
const SIDES_AGREE = 0.04;
/** Rooms agree on the scale within this share of their median. */
const ROOMS_AGREE = 0.03;
/** So many rooms at least must agree: a size is the architect's rounding of a room drawn otherwise. */
const MIN_ROOMS = 3;

function feetAndInches(feet: string, inches: string | undefined, numerator: string | undefined, denominator: string | undefined): number {
  return Number(feet) * METRES_PER_FOOT + (Number(inches ?? 0) + inchFraction(numerator, denominator)) * METRES_PER_INCH;
}

/** The one room size a line prints, its sides in metres, or null where it prints none or several. */
export function printedRoomSize(text: string): { sides: [number, number]; imperial: boolean } | null {
  const normalized = normalizeTypography(text).text;
  const imperial = [...normalized.matchAll(IMPERIAL_SIZE)];
  const metric = [...normalized.matchAll(METRIC_SIZE)];
  if (imperial.length + metric.length !== 1) return null;
  if (imperial.length === 1) {
    const [, f1, i1, n1, d1, f2, i2, n2, d2] = imperial[0];
    return { sides: [feetAndInches(f1, i1, n1, d1), feetAndInches(f2, i2, n2, d2)], imperial: true };
  }
  const [, a, b] = metric[0];
  return { sides: [Number(a.replace(',', '.')), Number(b.replace(',', '.'))], imperial: false };
}

/** Units per metre one room's printed size gives, or null where its two sides disagree. */
function roomUnitsPerMetre(ring: Position[], [a, b]: [number, number]): number | null {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [width, height] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  if (width <= 0 || height <= 0 || ringArea(ring) < RECTANGULAR_SHARE * width * height) return null;
  // The size may be printed width first or length first.
  const readings = [
    [width / a, height / b],
    [width / b, height / a],
  ].filter(([u, v]) => Math.abs(u / v - 1) <= SIDES_AGREE);
  if (readings.length === 0) return null;
  const [u, v] = readings.reduce((best, reading) => (Math.abs(reading[0] / reading[1] - 1) < Math.abs(best[0] / best[1] - 1) ? reading : best));
  return (u + v) / 2;
}

type RoomReading = Omit<RoomSizeReading, 'source'> & { byArea: boolean };

/**
 * What one room says of the scale: by its printed area, which measures the floor as drawn whatever
 * its shape, else by its one printed size. Null where it prints neither or its size does not fit.
 */
function roomReading(room: SizedRoom, areasInFeet: boolean): RoomReading | null {
  if (room.printedAreaM2 !== null && room.printedAreaM2 > 0 && room.area > 0) {
    return { unitsPerMetre: Math.sqrt(room.area / room.printedAreaM2), imperial: areasInFeet, byArea: true };
  }
  const sizes = room.lines.flatMap((line) => printedRoomSize(line.text) ?? []);
  if (sizes.length !== 1) return null;
  const unitsPerMetre = roomUnitsPerMetre(room.ring, sizes[0].sides);
  return unitsPerMetre === null ? null : { unitsPerMetre, imperial: sizes[0].imperial, byArea: false };
}

/**
 * The units per metre most rooms' printed areas or sizes agree on: at least MIN_ROOMS rooms, each
 * printing one area, or rectangular and printing one size in one line whose two sides tell the
 * same scale, whose scales lie within ROOMS_AGREE of their median. Null where they do not.
 * `areasInFeet`: whether the sheet's area stamps print square feet (a stamp may stand outside its
 * room, on a leader, so the unit is the sheet's rather than each room's).
 */
export function scaleFromRooms(rooms: SizedRoom[], areasInFeet: boolean): RoomSizeReading | null {
  const found = rooms.flatMap((room) => roomReading(room, areasInFeet) ?? []);
  if (found.length < MIN_ROOMS) return null;
  const sorted = found.map((room) => room.unitsPerMetre).sort((p, q) => p - q);
  const median = sorted[Math.floor(sorted.length / 2)];
  const agreeing = found.filter((room) => Math.abs(room.unitsPerMetre / median - 1) <= ROOMS_AGREE);
  // Most of the sized rooms must agree: a plan whose sizes are nominal scatters them.
  if (agreeing.length < MIN_ROOMS || agreeing.length < found.length / 2) return null;
  const mean = agreeing.reduce((sum, room) => sum + room.unitsPerMetre, 0) / agreeing.length;
  const most = (test: (room: RoomReading) => boolean) => agreeing.filter(test).length * 2 > agreeing.length;
  return { unitsPerMetre: mean, imperial: most((room) => room.imperial), source: most((room) => room.byArea) ? 'room areas' : 'room sizes' };
}
