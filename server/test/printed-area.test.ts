// Areas as sheets print them, read as square metres.
import { describe, expect, it } from 'vitest';
import { printedAreaM2, printsSquareFeet } from '../src/pipeline/recognize/printed-area.ts';

const SQUARE_FOOT = 0.09290304;

describe('printedAreaM2', () => {
  it.each([
    ['411 SF', 411 * SQUARE_FOOT],
    ['16 S.F.', 16 * SQUARE_FOOT],
    ['182 sq ft', 182 * SQUARE_FOOT],
    ['480 ft²', 480 * SQUARE_FOOT],
    ['A: 31.28 m²', 31.28],
    ['12.5 m2', 12.5],
    ['25 sqm', 25],
    ['5,70m²', 5.7],
    ['12.5㎡', 12.5],
    ['143.39 m²', 143.39],
    ['1,136 square feet', 1136 * SQUARE_FOOT],
    ['212 sq. ft.', 212 * SQUARE_FOOT],
    ['18.4 sq. metres', 18.4],
    ['12,45 qm', 12.45],
    ['14,2 mq', 14.2],
    ['BF: 14.92', 14.92],
    ['NF: 12,5', 12.5],
    ['HNF = 31.89', 31.89],
  ])('reads %s', (text, m2) => {
    expect(printedAreaM2(text)).toBeCloseTo(m2, 6);
  });

  it('reads a comma before three digits as grouping thousands, not as a decimal comma', () => {
    expect(printedAreaM2('HOUSE AREA 1,136 sq ft')).toBeCloseTo(1136 * SQUARE_FOOT, 6);
    expect(printedAreaM2('1,250.5 SF')).toBeCloseTo(1250.5 * SQUARE_FOOT, 6);
    expect(printedAreaM2('1.234,56 m²')).toBeCloseTo(1234.56, 6);
    expect(printedAreaM2('27,71 m²')).toBeCloseTo(27.71, 6);
  });

  it('finds no area in names, dimensions and tags', () => {
    for (const text of ['BEDROOM', "12'-6\"", '3 UNITS', 'SFX-2', 'CPT-1', '2 SOFAS', 'SQUARE', '4 MQ-2', 'FF: 5.35', 'D: 12']) expect(printedAreaM2(text)).toBeNull();
  });

  it("takes a room's window area for no floor area, its unit printed or not", () => {
    for (const text of ['FF:4 m2', 'FF:    19 m2', 'FF = 2.5 m²', 'Fensterfläche 3,2 m²']) expect(printedAreaM2(text)).toBeNull();
    expect(printedAreaM2('BF:17 m2')).toBe(17);
  });

  it('tells the areas printed in square feet', () => {
    for (const text of ['411 SF', '16 S.F.', '182 sq ft', '480 ft²', '1,136 square feet', '212 sq. ft.']) expect(printsSquareFeet(text)).toBe(true);
    for (const text of ['A: 31.28 m²', '25 sqm', '12,45 qm', '12.5㎡', '18.4 sq. metres', 'BF: 14.92', 'BEDROOM']) expect(printsSquareFeet(text)).toBe(false);
  });
});
