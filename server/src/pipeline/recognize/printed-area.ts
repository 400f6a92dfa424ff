// Areas printed on a sheet ("411 SF", "12,50 m²", "1,136 sq ft"), read as square metres. Room
// stamps, area tags and schedules print them; they tell how the architect measured a room.
import { METRES_PER_FOOT } from '../scale/ratio.ts';

/**
 * Units of printed areas: "sq ft", "SF", "S.F.", "ft²", "square feet", "m²", "m2", "sqm",
 * "sq. metres", the "qm" of German and the "mq" of Italian sheets, and the one-character "㎡" of
 * Japanese, Korean and Chinese ones. A font whose encoding maps the squared sign elsewhere prints
 * another non-ASCII letter after the "m" or "ft" ("mč"). A tag such as "SF-1" prints no unit.
 */
export const AREA_UNIT = String.raw`(sq(?:uare)?\.?\s*(?:ft|feet|foot)|sq(?:uare)?\.?\s*(?:metres|meters|m)|s\.?f\.?|qm|mq|㎡|(ft|m)(²|2|[^\x00-\x7F]))(?![A-Za-z0-9-])`;

/**
 * A printed figure: with thousands grouped by commas ("1,136", "1,250.5") or by points before a
 * decimal comma ("1.234,56"), else with a decimal point or comma ("31.28", "5,70"). A comma before
 * exactly three digits groups thousands: no sheet prints an area to a thousandth.
 */
const FIGURE = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+(?:[.,]\d+)?)`;

/** A printed area, its figure and its unit: "411 SF", "12.5 m²", "A: 12.34 m2". */
const PRINTED_AREA = new RegExp(String.raw`${FIGURE}\s*${AREA_UNIT}`, 'i');

/**
 * A tag's field that names a floor area, its figure in m² printing no unit: German and Swiss plans
 * key a room's area as Bodenfläche ("BF: 14.92"), Nutzfläche ("NF: 12.5"), Haupt- and
 * Nebennutzfläche (HNF, NNF), Netto-Grundfläche or -Raumfläche (NGF, NRF), Wohnfläche (WF) or
 * "Fläche".
 */
const FLOOR_AREA_FIELD = new RegExp(String.raw`^(?:BF|NF|HNF|NNF|NGF|NRF|WF|Fläche)\s*[:=]\s*${FIGURE}$`, 'i');

/**
 * A window's area, keyed as such whether or not it prints its unit: Swiss sales plans set
 * "FF: 4 m2" (Fensterfläche, the glazing that lights the room) under each room's "BF: 17 m2".
 */
const WINDOW_AREA_FIELD = /^(?:FF|Fensterfläche)\s*[:=]?\s*\d/i;

function figureValue(figure: string): number {
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(figure)) return Number(figure.replaceAll(',', ''));
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(figure)) return Number(figure.replaceAll('.', '').replace(',', '.'));
  return Number(figure.replace(',', '.'));
}

/** AREA_UNIT's spellings of square metres; the others are of square feet. */
const METRIC_UNIT = /^(sq(uare)?\.?\s*m|m|qm|㎡)/i;

/** The figure a text prints as an area and whether its unit is square feet (a floor-area field's is m²); null where it prints none. */
function printedArea(text: string): { value: number; squareFeet: boolean } | null {
  const trimmed = text.trim();
  if (WINDOW_AREA_FIELD.test(trimmed)) return null;
  const field = FLOOR_AREA_FIELD.exec(trimmed);
  if (field) return { value: figureValue(field[1]), squareFeet: false };
  const match = PRINTED_AREA.exec(text);
  return match ? { value: figureValue(match[1]), squareFeet: !METRIC_UNIT.test(match[2]) } : null;
}

/** The area a text prints, square metres: "411 SF" → 38.2, "A: 31.28 m²" → 31.28, "BF: 14.92" → 14.92; null where it prints none. */
export function printedAreaM2(text: string): number | null {
  const area = printedArea(text);
  if (!area) return null;
  return area.squareFeet ? area.value * METRES_PER_FOOT ** 2 : area.value;
}

/** Whether a text prints an area in square feet ("411 SF", "129 sq ft"). */
export function printsSquareFeet(text: string): boolean {
  return printedArea(text)?.squareFeet === true;
}
