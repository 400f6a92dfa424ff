// Rooms measured as a sheet's stamps measure them: to the wall faces (net), to the centre lines of
// walls between stamped rooms and the far face of the rest (gross), or to every wall's centre
// line, whichever the stamps say.
import { describe, expect, it } from 'vitest';
import { polygonArea } from '../../core/src/measure.ts';
import type { Position } from '../../core/src/types.ts';
import type { PolygonRings } from '../src/pipeline/recognize/model.ts';
import { stampedOutlines } from '../src/pipeline/recognize/topology-gross.ts';
import type { Segment2 } from '../src/pipeline/recognize/topology-separators.ts';

const U = 100; // units per metre
const THICKEST = 1 * U;

function box(x0: number, y0: number, x1: number, y1: number): Position[] {
  return [[x0 * U, y0 * U], [x1 * U, y0 * U], [x1 * U, y1 * U], [x0 * U, y1 * U], [x0 * U, y0 * U]];
}

/**
 * A 15 m × 6 m building of three rooms in a row: exterior walls 0.3 m, party walls 0.2 m centred
 * on x = 5 and x = 10, so each room is 30 m² gross. `inset` keeps each floor that far off its
 * walls, as paint stops short of them.
 */
function threeRooms(inset = 0, enclosedStrip = false) {
  const spans = [
    [0.3, 4.9],
    [5.1, 9.9],
    [10.1, 14.7],
  ];
  return building(spans, 15, inset, enclosedStrip);
}

/** Rooms side by side in a building `length` m long, 6 m deep, walls as threeRooms has them. */
function building(spans: number[][], length: number, inset: number, enclosedStrip: boolean) {
  const holes = spans.map(([x0, x1]) => box(x0, 0.3, x1, 5.7));
  // A strip 0.3 m deep beyond the north wall, closed by a railing 0.1 m thick: a space, but no room.
  const solid: Position[][] = enclosedStrip ? [box(0, -0.4, length, 6), ...holes, box(0.3, -0.3, length - 0.3, 0)] : [box(0, 0, length, 6), ...holes];
  const floors: PolygonRings[] = spans.map(([x0, x1]) => [box(x0 + inset, 0.3 + inset, x1 - inset, 5.7 - inset)]);
  return { solids: [solid], floors };
}

const squareMetres = (rings: PolygonRings) => polygonArea(rings) / U ** 2;

/** The outlines of the three rooms stamped `printedM2` (one figure for all, or one each), which must come out grown. */
function grownOutlines(printedM2: number | number[], { inset = 0, strokes = [] as Segment2[], openings = [] as Position[][], enclosedStrip = false } = {}): PolygonRings[] {
  const { solids, floors } = threeRooms(inset, enclosedStrip);
  const outlines = stampedOutlines(
    floors.map((polygon, k) => ({ polygon, printedAreaM2: typeof printedM2 === 'number' ? printedM2 : printedM2[k] })),
    solids,
    openings,
    strokes,
    U,
    THICKEST,
  );
  expect(outlines).not.toBeNull();
  return outlines!;
}

describe('stampedOutlines', () => {
  it('grows rooms stamped with gross areas to the party walls\' centre lines and the exterior face', () => {
    const outlines = grownOutlines(30);
    for (const outline of outlines) expect(squareMetres(outline)).toBeCloseTo(30, 2);
    // The middle room runs from one centre line to the other and out to both exterior faces.
    const xs = outlines[1][0].map(([x]) => x / U);
    const ys = outlines[1][0].map(([, y]) => y / U);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([5, 10, 0, 6].map((v) => expect.closeTo(v, 3)));
  });

  it('stops at the exterior walls\' centre lines too where the stamps measure every wall to its centre', () => {
    // To the centre lines all round: 4.85 × 5.7 m at either end, 5 × 5.7 m in the middle.
    const printed = [27.65, 28.5, 27.65];
    grownOutlines(printed).forEach((outline, k) => expect(squareMetres(outline)).toBeCloseTo(printed[k], 1));
  });

  it('reaches the centre lines from paint that stops short of the walls', () => {
    for (const outline of grownOutlines(30, { inset: 0.05 })) expect(squareMetres(outline)).toBeCloseTo(30, 2);
  });

  it('runs on to the outer face of a façade drawn in thin lines beyond the wall, but not to the slab edge further out', () => {
    // A glazing strip 0.1–0.15 m beyond the north wall's outer face, and a slab edge 0.5 m beyond it.
    const line = (y: number): Segment2 => ({ a: [0, y * U], b: [15 * U, y * U] });
    const strokes = [line(-0.1), line(-0.15), line(-0.5)];
    for (const outline of grownOutlines(5 * 6.15, { strokes })) expect(squareMetres(outline)).toBeCloseTo(5 * 6.15, 2);
  });

  it('stops at the outer face of a wall whose windows\' sills stand proud of it, not of cladding along it', () => {
    // Two 1 m windows in each room's north wall, their sills 0.05 m beyond the outer face: most
    // of the side's probes pass through a window, yet the wall's face is the façade's.
    const openings: Position[][] = [];
    const strokes: Segment2[] = [];
    for (const x of [0.8, 3.4, 5.6, 8.4, 10.6, 13.2]) {
      openings.push(box(x, 0, x + 1, 0.3));
      strokes.push({ a: [x * U, -0.05 * U], b: [(x + 1) * U, -0.05 * U] });
    }
    for (const outline of grownOutlines(30, { openings, strokes })) expect(squareMetres(outline)).toBeCloseTo(30, 2);
    // A façade drawn in thin lines beyond the wall and its windows alike is the façade still.
    const cladding = [0.1, 0.15].map((y): Segment2 => ({ a: [0, -y * U], b: [15 * U, -y * U] }));
    for (const outline of grownOutlines(5 * 6.15, { openings, strokes: [...strokes, ...cladding] })) expect(squareMetres(outline)).toBeCloseTo(5 * 6.15, 2);
  });

  it('runs to the far face of a wall with a space beyond it that is no room, as to an exterior wall\'s', () => {
    // The north wall's far face is y = 0 still; the strip and its railing beyond are nobody's.
    for (const outline of grownOutlines(30, { enclosedStrip: true })) expect(squareMetres(outline)).toBeCloseTo(30, 2);
  });

  it('gives a wall between a stamped unit and an unstamped space (a stair) wholly to the unit', () => {
    // A stair beyond the east unit, behind a wall from x = 14.8 to 15.1: the unit runs to x = 15.1
    // (5.1 × 6 m), the stair stays at its face on that side (4.9 × 6 m).
    const { solids, floors } = building([[0.3, 4.9], [5.1, 9.9], [10.1, 14.8], [15.1, 19.7]], 20, 0, false);
    const printed = [30, 30, 30.6, null];
    const outlines = stampedOutlines(floors.map((polygon, k) => ({ polygon, printedAreaM2: printed[k] })), solids, [], [], U, THICKEST);
    expect(outlines).not.toBeNull();
    expect(outlines!.map(squareMetres)).toEqual([30, 30, 30.6, 29.4].map((v) => expect.closeTo(v, 2)));
  });

  it('leaves rooms at their floor where the stamps print floor areas, or too few rooms are stamped', () => {
    const { solids, floors } = threeRooms();
    const net = floors.map((polygon) => ({ polygon, printedAreaM2: Math.round(squareMetres(polygon) * 100) / 100 }));
    expect(net.map((room) => room.printedAreaM2)).toEqual([24.84, 25.92, 24.84]);
    expect(stampedOutlines(net, solids, [], [], U, THICKEST)).toBeNull();
    const twoStamped = floors.map((polygon, k) => ({ polygon, printedAreaM2: k < 2 ? 30 : null }));
    expect(stampedOutlines(twoStamped, solids, [], [], U, THICKEST)).toBeNull();
  });
});
