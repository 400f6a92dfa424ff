// Display of SI measurements in the unit system the user picked. Values stay SI everywhere else.

import type { Units } from '../../sdk/src/protocol.ts';

const METRES_PER_FOOT = 0.3048;
const INCHES_PER_FOOT = 12;

export function formatLength(metres: number | null | undefined, units: Units): string {
  if (metres == null) return '—';
  if (units === 'metric') return `${metres.toFixed(2)} m`;
  const totalInches = Math.round((metres / METRES_PER_FOOT) * INCHES_PER_FOOT);
  const feet = Math.floor(totalInches / INCHES_PER_FOOT);
  const inches = totalInches - feet * INCHES_PER_FOOT;
  return `${feet}′ ${inches}″`;
}

export function formatArea(squareMetres: number | null | undefined, units: Units): string {
  if (squareMetres == null) return '—';
  if (units === 'metric') return `${squareMetres.toFixed(2)} m²`;
  return `${(squareMetres / (METRES_PER_FOOT * METRES_PER_FOOT)).toFixed(1)} ft²`;
}

/** Converts an SI value for export: metres to feet (power 1) or square metres to square feet (power 2). */
export function convertMeasure(value: number, power: 1 | 2, units: Units): number {
  return units === 'metric' ? value : value / METRES_PER_FOOT ** power;
}

export const LENGTH_UNIT_LABEL: Record<Units, string> = { metric: 'm', imperial: 'ft' };
export const AREA_UNIT_LABEL: Record<Units, string> = { metric: 'm2', imperial: 'ft2' };
