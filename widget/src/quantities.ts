// Takeoff totals: every measured feature grouped by class and sub-class.

import { FEATURE_CLASSES, type BlueprintFeature } from '../../core/src/types.ts';
import type { QuantityRow, Units } from '../../sdk/src/protocol.ts';
import { AREA_UNIT_LABEL, LENGTH_UNIT_LABEL, convertMeasure } from './units.ts';

function addOrKeep(total: number | null, value: number | null | undefined): number | null {
  return value == null ? total : (total ?? 0) + value;
}

export function computeQuantities(features: Iterable<BlueprintFeature>): QuantityRow[] {
  const rows = new Map<string, QuantityRow>();
  for (const feature of features) {
    const properties = feature.properties;
    if (properties.kind === 'folder' || feature.geometry === null) continue;
    const subClass = properties.sub_class ?? null;
    const key = `${properties.class}\u0000${subClass ?? ''}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { class: properties.class, sub_class: subClass, count: 0, area_m2: null, perimeter_m: null, length_m: null };
      rows.set(key, row);
    }
    row.count += 1;
    // Objects are counted, not measured: a toilet's outline is not floor area.
    if (properties.kind === 'object') continue;
    const measurements = properties.measurements;
    row.area_m2 = addOrKeep(row.area_m2, measurements?.area_m2);
    row.perimeter_m = addOrKeep(row.perimeter_m, measurements?.perimeter_m);
    row.length_m = addOrKeep(row.length_m, measurements?.length_m);
  }
  const classOrder = (row: QuantityRow) => FEATURE_CLASSES.indexOf(row.class);
  return [...rows.values()].sort(
    (a, b) => classOrder(a) - classOrder(b) || (a.sub_class ?? '').localeCompare(b.sub_class ?? ''),
  );
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvNumber(value: number | null, power: 1 | 2, units: Units): string {
  return value === null ? '' : convertMeasure(value, power, units).toFixed(3);
}

export function quantitiesToCsv(rows: readonly QuantityRow[], units: Units): string {
  const area = AREA_UNIT_LABEL[units];
  const length = LENGTH_UNIT_LABEL[units];
  const header = ['class', 'sub_class', 'count', `area_${area}`, `perimeter_${length}`, `length_${length}`];
  const lines = rows.map((row) =>
    [
      csvField(row.class),
      csvField(row.sub_class ?? ''),
      String(row.count),
      csvNumber(row.area_m2, 2, units),
      csvNumber(row.perimeter_m, 1, units),
      csvNumber(row.length_m, 1, units),
    ].join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
