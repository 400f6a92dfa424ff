// Scales as plain ratios. Every source of evidence (a printed note, dimension strings, a graphic
// bar) is reduced to "real length per paper length", a dimensionless number (1/4" = 1'-0" → 48,
// 1:100 → 100), so they can be compared with one tolerance.
import type { Scale, ScaleType } from '../../../../core/src/types.ts';

export const METRES_PER_INCH = 0.0254;
export const METRES_PER_FOOT = 0.3048;

/** Paper inches per real foot of the architect's scale. */
const ARCHITECTURAL_INCHES_PER_FOOT = [1 / 32, 1 / 16, 3 / 32, 1 / 8, 3 / 16, 1 / 4, 3 / 8, 1 / 2, 3 / 4, 1, 1.5, 3, 6, 12];
/** Real feet per paper inch of the engineer's scale. */
const CIVIL_FEET_PER_INCH = [10, 20, 30, 40, 50, 60, 80, 100, 150, 200, 250, 300, 400, 500, 600, 1000];
/** Denominators of the metric scales drawings are published at. */
export const METRIC_DENOMINATORS = [
  1, 2, 5, 10, 20, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1250, 1500, 2000, 2500, 5000, 10000,
];

/** Real length per paper length: 1/4" = 1'-0" → 48, 1:100 → 100. */
export function realPerPaper(scale: Pick<Scale, 'drawing' | 'real' | 'units'>): number {
  return scale.units === 'imperial' ? (scale.real * 12) / scale.drawing : scale.real / scale.drawing;
}

/** Whether two ratios agree within a relative tolerance (0.02 = 2 %). */
export function ratiosAgree(a: number, b: number, tolerance: number): boolean {
  return Math.abs(Math.log(a / b)) <= Math.log1p(tolerance);
}

function isOneOf(value: number, list: readonly number[]): boolean {
  return list.some((entry) => Math.abs(entry - value) < 1e-9 * Math.max(1, entry));
}

/** The family of a note reading "`drawingInches`" = `realFeet`'". */
export function imperialScaleType(drawingInches: number, realFeet: number): ScaleType {
  if (realFeet === 1 && isOneOf(drawingInches, ARCHITECTURAL_INCHES_PER_FOOT)) return 'architectural';
  if (drawingInches === 1 && isOneOf(realFeet, CIVIL_FEET_PER_INCH)) return 'civil';
  return 'custom';
}

export function metricScaleType(denominator: number): ScaleType {
  return isOneOf(denominator, METRIC_DENOMINATORS) ? 'metric' : 'custom';
}

const INCH_FRACTION_DENOMINATORS = [2, 4, 8, 16, 32];

/** `0.25` → `1/4"`, `1.5` → `1 1/2"`, `3` → `3"`; null when no denominator up to 32 spells it. */
function formatInches(inches: number): string | null {
  const whole = Math.floor(inches + 1e-9);
  const rest = inches - whole;
  if (rest < 1e-9) return `${whole}"`;
  for (const denominator of INCH_FRACTION_DENOMINATORS) {
    const numerator = rest * denominator;
    if (Math.abs(numerator - Math.round(numerator)) < 1e-6) {
      const fraction = `${Math.round(numerator)}/${denominator}`;
      return whole > 0 ? `${whole} ${fraction}"` : `${fraction}"`;
    }
  }
  return null;
}

/** The standard scale whose ratio lies within `tolerance` of `ratio`, in the given measuring system. */
export function nearestStandardScale(ratio: number, system: 'imperial' | 'metric', tolerance: number): Scale | null {
  const standards: Scale[] =
    system === 'metric'
      ? METRIC_DENOMINATORS.map((denominator) => ({
          drawing: 1,
          real: denominator,
          type: 'metric',
          units: 'si',
          label: `1:${denominator}`,
        }))
      : [
          ...ARCHITECTURAL_INCHES_PER_FOOT.map((inches): Scale => ({
            drawing: inches,
            real: 1,
            type: 'architectural',
            units: 'imperial',
            label: `${formatInches(inches)} = 1'-0"`,
          })),
          ...CIVIL_FEET_PER_INCH.map((feet): Scale => ({
            drawing: 1,
            real: feet,
            type: 'civil',
            units: 'imperial',
            label: `1" = ${feet}'-0"`,
          })),
        ];
  let best: Scale | null = null;
  let bestDistance = Infinity;
  for (const standard of standards) {
    const distance = Math.abs(Math.log(realPerPaper(standard) / ratio));
    if (distance < bestDistance) {
      best = standard;
      bestDistance = distance;
    }
  }
  return best && bestDistance <= Math.log1p(tolerance) ? best : null;
}
