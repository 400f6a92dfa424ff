// Standard drawing scales and calibration from a measured distance.

import type { Scale } from '../../core/src/types.ts';

export interface ScaleOption {
  label: string;
  scale: Scale;
}

function architectural(paperInches: number, label: string): ScaleOption {
  return { label, scale: { drawing: paperInches, real: 1, label, type: 'architectural', units: 'imperial', manual_scaling_needed: false } };
}

function civil(feetPerInch: number): ScaleOption {
  const label = `1" = ${feetPerInch}'`;
  return { label, scale: { drawing: 1, real: feetPerInch, label, type: 'civil', units: 'imperial', manual_scaling_needed: false } };
}

function metric(ratio: number): ScaleOption {
  const label = `1:${ratio}`;
  return { label, scale: { drawing: 1, real: ratio, label, type: 'metric', units: 'si', manual_scaling_needed: false } };
}

export const STANDARD_SCALES: readonly ScaleOption[] = [
  architectural(1 / 16, `1/16" = 1'-0"`),
  architectural(3 / 32, `3/32" = 1'-0"`),
  architectural(1 / 8, `1/8" = 1'-0"`),
  architectural(3 / 16, `3/16" = 1'-0"`),
  architectural(1 / 4, `1/4" = 1'-0"`),
  architectural(3 / 8, `3/8" = 1'-0"`),
  architectural(1 / 2, `1/2" = 1'-0"`),
  architectural(3 / 4, `3/4" = 1'-0"`),
  architectural(1, `1" = 1'-0"`),
  architectural(3 / 2, `1 1/2" = 1'-0"`),
  architectural(3, `3" = 1'-0"`),
  civil(10),
  civil(20),
  civil(30),
  civil(40),
  civil(50),
  civil(60),
  civil(100),
  metric(10),
  metric(20),
  metric(25),
  metric(50),
  metric(75),
  metric(100),
  metric(200),
  metric(250),
  metric(500),
  metric(1000),
];

const METRES_PER_INCH = 0.0254;

/**
 * The scale under which `blueprintUnits` of the sheet (1/dpi inch each) measure `realMetres`.
 * Expressed as an SI ratio of paper to building, so it reads as 1:N.
 */
export function calibratedScale(blueprintUnits: number, realMetres: number, dpi: number): Scale {
  if (!(blueprintUnits > 0) || !(realMetres > 0) || !(dpi > 0)) {
    throw new RangeError('Calibration needs two distinct points and a positive distance');
  }
  const paperMetres = (blueprintUnits / dpi) * METRES_PER_INCH;
  const ratio = realMetres / paperMetres;
  return {
    drawing: paperMetres,
    real: realMetres,
    label: `1:${ratio >= 100 ? Math.round(ratio) : Number(ratio.toPrecision(3))} (calibrated)`,
    type: 'custom',
    units: 'si',
    manual_scaling_needed: false,
  };
}

export function describeScale(scale: Scale | null): string {
  if (scale === null) return 'No scale';
  if (scale.label) return scale.label;
  switch (scale.units) {
    case 'si':
      return `1:${Number((scale.real / scale.drawing).toPrecision(4))}`;
    case 'imperial':
      return `${scale.drawing}" = ${scale.real}'`;
    case 'inches':
      return `${scale.drawing}" = ${scale.real}"`;
  }
}

/** True when measurements cannot be trusted until someone checks or sets the scale. */
export function scaleNeedsCheck(scale: Scale | null): boolean {
  return scale === null || scale.manual_scaling_needed === true;
}
