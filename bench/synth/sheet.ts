// The sheet around a plan: border, title block, dimension chains, drawing title with the scale
// note, graphic scale bar, north arrow, key plan and schedule tables. All sizes are on paper.
import type { PDFFont } from 'pdf-lib';
import { formatDimension, type DimensionFormat } from './catalog.ts';
import { PENS, UNITS_PER_MM, circlePath, polylinePath, rectPath, ringsPath, type Pen, type PathCommand, type Transform } from './draw.ts';
import { boundsOf, hatchSegments, pointInRing, type Point, type Rect, type Ring } from './geometry.ts';
import type { Axis, PlanWall } from './layouts.ts';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text sizes in points for a sheet; small sheets get smaller lettering. */
export interface Lettering {
  roomName: number;
  roomArea: number;
  dimension: number;
  title: number;
  scaleNote: number;
  small: number;
  sheetNumber: number;
}

export function lettering(shortSideInches: number): Lettering {
  const k = Math.min(1, Math.max(0.55, shortSideInches / 24));
  return {
    roomName: 11 * k,
    roomArea: 8.5 * k,
    dimension: Math.max(4.5, 7.5 * k),
    title: 16 * k,
    scaleNote: 10 * k,
    small: Math.max(4.5, 7.5 * k),
    sheetNumber: 26 * k,
  };
}

const mm = (millimetres: number) => millimetres * UNITS_PER_MM;

export function drawBorder(pen: Pen, border: Rect): void {
  pen.stroke(rectPath(border.x0, border.y0, border.x1, border.y1), PENS.frame);
  const outer = mm(3);
  pen.stroke(rectPath(border.x0 - outer, border.y0 - outer, border.x1 + outer, border.y1 + outer), PENS.annotation);
}

export interface TitleBlockText {
  firm: string;
  project: string;
  address: string;
  drawingTitle: string;
  sheetNumber: string;
  date: string;
  drawnBy: string;
  /** The scale field, or null on a sheet printed without one. */
  scale: string | null;
}

export function drawTitleBlock(pen: Pen, box: Rect, text: TitleBlockText, fonts: Fonts, letters: Lettering): void {
  const { x0, y0, x1, y1 } = box;
  const h = y1 - y0;
  const w = x1 - x0;
  pen.stroke(rectPath(x0, y0, x1, y1), PENS.frame);
  const rows = [y0 + 0.24 * h, y0 + 0.44 * h, y0 + 0.64 * h, y0 + 0.8 * h];
  for (const y of rows) pen.line([x0, y], [x1, y], PENS.annotation);
  const split = x0 + 0.55 * w;
  pen.line([split, rows[2]], [split, y1], PENS.annotation);
  pen.line([x0 + 0.5 * w, rows[1]], [x0 + 0.5 * w, rows[2]], PENS.annotation);
  const pad = mm(1.5);
  const caption = letters.small * 0.75;
  const label = (s: string, x: number, y: number) => pen.text(s, [x + pad, y + pad], { font: fonts.regular, sizePt: caption, baseline: 'top', gray: 0.3 });
  pen.text(text.firm, [x0 + pad, y0 + 0.09 * h], { font: fonts.bold, sizePt: letters.small * 1.3, baseline: 'middle' });
  pen.text(text.address, [x0 + pad, y0 + 0.18 * h], { font: fonts.regular, sizePt: letters.small * 0.85, baseline: 'middle' });
  label('PROJECT', x0, rows[0]);
  pen.text(text.project, [x0 + pad, (rows[0] + rows[1]) / 2 + mm(1)], { font: fonts.bold, sizePt: letters.small * 1.1, baseline: 'middle' });
  label('DATE', x0, rows[1]);
  pen.text(text.date, [x0 + pad, (rows[1] + rows[2]) / 2 + mm(1)], { font: fonts.regular, sizePt: letters.small, baseline: 'middle' });
  label('DRAWN BY', x0 + 0.5 * w, rows[1]);
  pen.text(text.drawnBy, [x0 + 0.5 * w + pad, (rows[1] + rows[2]) / 2 + mm(1)], { font: fonts.regular, sizePt: letters.small, baseline: 'middle' });
  label('DRAWING', x0, rows[2]);
  pen.text(text.drawingTitle, [x0 + pad, (rows[2] + rows[3]) / 2 + mm(1)], { font: fonts.bold, sizePt: letters.small * 1.1, baseline: 'middle' });
  if (text.scale !== null) {
    label('SCALE', x0, rows[3]);
    pen.text(text.scale, [x0 + pad, (rows[3] + y1) / 2 + mm(1)], { font: fonts.regular, sizePt: letters.small, baseline: 'middle' });
  }
  label('SHEET', split, rows[2]);
  pen.text(text.sheetNumber, [(split + x1) / 2, (rows[2] + y1) / 2 + mm(1.5)], { font: fonts.bold, sizePt: letters.sheetNumber, align: 'center', baseline: 'middle' });
}

/** Drawing number bubble, underlined title and the scale note under it; returns the note's box. */
export function drawDrawingTitle(pen: Pen, at: Point, title: string, scaleNote: string | null, fonts: Fonts, letters: Lettering): Rect {
  const radius = mm(4.5) * (letters.title / 16);
  pen.stroke(circlePath([at[0] + radius, at[1]], radius), PENS.door);
  pen.text('1', [at[0] + radius, at[1]], { font: fonts.bold, sizePt: letters.title * 0.8, align: 'center', baseline: 'middle' });
  const x = at[0] + 2 * radius + mm(2);
  pen.text(title, [x, at[1] - mm(0.8)], { font: fonts.bold, sizePt: letters.title, baseline: 'baseline' });
  const width = pen.textWidth(title, fonts.bold, letters.title);
  pen.line([x, at[1] + mm(0.8)], [x + width, at[1] + mm(0.8)], PENS.tick);
  if (scaleNote === null) return { x0: x, y0: at[1], x1: x + width, y1: at[1] };
  const noteY = at[1] + mm(2) + pen.capHeight(fonts.regular, letters.scaleNote);
  pen.text(scaleNote, [x, noteY], { font: fonts.regular, sizePt: letters.scaleNote });
  return { x0: x, y0: at[1], x1: x + Math.max(width, pen.textWidth(scaleNote, fonts.regular, letters.scaleNote)), y1: noteY };
}

/**
 * Alternating black and white blocks with distances under the ticks. `segment` is one block in
 * real units (metres or feet), `unitsPerSegment` its length on the sheet.
 */
export function drawScaleBar(pen: Pen, at: Point, segment: number, unitsPerSegment: number, unit: 'm' | 'ft', fonts: Fonts, letters: Lettering): void {
  const height = mm(1.6);
  const blocks = 4;
  for (let k = 0; k < blocks; k++) {
    const x = at[0] + k * unitsPerSegment;
    const block = rectPath(x, at[1], x + unitsPerSegment, at[1] + height);
    if (k % 2 === 0) pen.fill(block, 0);
    pen.stroke(block, PENS.annotation);
  }
  for (let k = 0; k <= blocks; k++) {
    const value = k * segment;
    const textValue = unit === 'm' ? `${value}` : `${value}'`;
    const s = k === blocks ? (unit === 'm' ? `${textValue} m` : textValue) : textValue;
    pen.text(s, [at[0] + k * unitsPerSegment, at[1] + height + mm(1)], { font: fonts.regular, sizePt: letters.small * 0.85, align: 'center', baseline: 'top' });
  }
}

export function drawNorthArrow(pen: Pen, center: Point, radius: number, fonts: Fonts, letters: Lettering): void {
  pen.stroke(circlePath(center, radius), PENS.annotation);
  const [cx, cy] = center;
  const tip: Point = [cx, cy - radius * 0.9];
  const tail: Point = [cx, cy + radius * 0.6];
  pen.fill(polylinePath([tip, [cx + radius * 0.35, cy + radius * 0.75], tail], true), 0);
  pen.stroke(polylinePath([tip, [cx - radius * 0.35, cy + radius * 0.75], tail], true), PENS.annotation);
  pen.text('N', [cx, cy - radius - mm(1.5)], { font: fonts.bold, sizePt: letters.title * 0.8, align: 'center', baseline: 'baseline' });
}

/** A small outline of the building, hatched, with a caption: a second drawing that holds no rooms. */
export function drawKeyPlan(pen: Pen, box: Rect, footprint: Ring, fonts: Fonts, letters: Lettering): void {
  const bounds = boundsOf(footprint);
  const captionSpace = mm(8);
  const k = Math.min((box.x1 - box.x0) / (bounds.x1 - bounds.x0), (box.y1 - box.y0 - captionSpace) / (bounds.y1 - bounds.y0));
  const ox = (box.x0 + box.x1) / 2 - ((bounds.x0 + bounds.x1) / 2) * k;
  const oy = box.y0 - bounds.y0 * k;
  const outline: Ring = footprint.map(([x, y]) => [ox + x * k, oy + y * k]);
  const spacing = mm(1.2);
  pen.stroke(
    hatchSegments([[outline]], Math.PI / 4, spacing, spacing * 0.41).flatMap(([a, b]): PathCommand[] => [['M', a], ['L', b]]),
    PENS.hatch,
  );
  pen.stroke(ringsPath([outline]), PENS.wallOutline);
  const bottom = oy + (bounds.y1 - bounds.y0) * k;
  pen.text('KEY PLAN', [(box.x0 + box.x1) / 2, bottom + mm(5)], { font: fonts.bold, sizePt: letters.small, align: 'center', baseline: 'middle' });
}

/** A ruled table with a heading; rows that do not fit the box are left off. Returns the height used. */
export function drawTable(pen: Pen, box: Rect, heading: string, columns: { title: string; share: number }[], rows: string[][], fonts: Fonts, letters: Lettering): number {
  const rowHeight = mm(5) * Math.max(0.7, letters.small / 7.5);
  const top = box.y0 + rowHeight;
  const fitting = Math.max(0, Math.min(rows.length, Math.floor((box.y1 - top) / rowHeight) - 1));
  const bottom = top + rowHeight * (fitting + 1);
  pen.text(heading, [box.x0, box.y0 + rowHeight * 0.55], { font: fonts.bold, sizePt: letters.small * 1.15, baseline: 'middle' });
  pen.stroke(rectPath(box.x0, top, box.x1, bottom), PENS.door);
  for (let r = 1; r <= fitting; r++) pen.line([box.x0, top + r * rowHeight], [box.x1, top + r * rowHeight], r === 1 ? PENS.door : PENS.annotation);
  let x = box.x0;
  const width = box.x1 - box.x0;
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  for (const [c, column] of columns.entries()) {
    const cells = [column.title, ...rows.slice(0, fitting).map((row) => row[c])];
    cells.forEach((cell, r) => {
      pen.text(cell, [x + mm(1.2), top + (r + 0.5) * rowHeight], { font: r === 0 ? fonts.bold : fonts.regular, sizePt: letters.small * 0.9, baseline: 'middle' });
    });
    x += (column.share / total) * width;
    if (c < columns.length - 1) pen.line([x, top], [x, bottom], PENS.annotation);
  }
  return bottom - box.y0;
}

// ---------------------------------------------------------------------------------------------
// Dimension chains.

export type Side = 'top' | 'bottom' | 'left' | 'right';
export type TickStyle = 'slash' | 'dot' | 'arrow';

interface ChainPoint {
  /** Position along the chain, model units. */
  value: number;
  /** The facade the extension line starts from (across coordinate of a wall face), model units. */
  facade: number;
}

function outsideSide(wall: PlanWall, footprint: Ring): 1 | -1 {
  const mid = (wall.from + wall.to) / 2;
  const probe = wall.thickness / 2 + 1;
  const point: Point = wall.axis === 'h' ? [mid, wall.at + probe] : [wall.at + probe, mid];
  return pointInRing(point, footprint) ? -1 : 1;
}

/**
 * Where a chain on `side` measures: the outer faces of the building's corners and the centrelines
 * of the walls that meet the facade seen from that side.
 */
export function chainPoints(walls: PlanWall[], footprint: Ring, side: Side): ChainPoint[] {
  const facadeAxis: Axis = side === 'top' || side === 'bottom' ? 'h' : 'v';
  const outward = side === 'top' || side === 'left' ? -1 : 1;
  const facades = walls.filter((w) => w.exterior && w.axis === facadeAxis && outsideSide(w, footprint) === outward);
  const points = new Map<number, number>();
  for (const facade of facades) {
    const face = facade.at + (outward * facade.thickness) / 2;
    for (const wall of walls) {
      if (wall.axis === facadeAxis || !(wall.from === facade.at || wall.to === facade.at)) continue;
      if (wall.at < facade.from || wall.at > facade.to) continue;
      const value = wall.exterior ? wall.at + (outsideSide(wall, footprint) * wall.thickness) / 2 : wall.at;
      const known = points.get(value);
      // Of two facades at one position, the one nearer the chain gives the shorter extension line.
      if (known === undefined || outward * (face - known) > 0) points.set(value, face);
    }
  }
  return [...points.entries()].map(([value, facade]) => ({ value, facade })).sort((a, b) => a.value - b.value);
}

export interface ChainStyle {
  format: DimensionFormat;
  tick: TickStyle;
  unitM: number;
  fonts: Fonts;
  letters: Lettering;
}

/** Two tiers on `side`: wall to wall, then overall (one tier when there is nothing in between). */
export function drawDimensionChain(pen: Pen, points: ChainPoint[], side: Side, toSheet: Transform, style: ChainStyle): void {
  if (points.length < 2) return;
  const horizontal = side === 'top' || side === 'bottom';
  const outward = side === 'top' || side === 'left' ? -1 : 1;
  // Sheet coordinates: `along` runs with the chain, `across` away from the building.
  const sheetAlong = (value: number) => (horizontal ? toSheet([value, 0])[0] : toSheet([0, value])[1]);
  const sheetAcross = (facade: number) => (horizontal ? toSheet([0, facade])[1] : toSheet([facade, 0])[0]);
  const at = (along: number, across: number): Point => (horizontal ? [along, across] : [across, along]);
  const outermost = outward < 0 ? Math.min(...points.map((p) => sheetAcross(p.facade))) : Math.max(...points.map((p) => sheetAcross(p.facade)));
  const tiers = points.length > 2 ? [outermost + outward * mm(9), outermost + outward * mm(16)] : [outermost + outward * mm(9)];
  const overshoot = mm(1.5);
  const gap = mm(2);

  const tick = (p: Point) => {
    switch (style.tick) {
      case 'slash': {
        const r = mm(1.3);
        pen.line([p[0] - r, p[1] + r], [p[0] + r, p[1] - r], PENS.tick);
        break;
      }
      case 'dot':
        pen.fill(circlePath(p, mm(0.5)), 0);
        break;
      case 'arrow':
        break;
    }
  };
  const arrows = (a: Point, b: Point) => {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    const head = (p: Point, s: 1 | -1) => {
      const back: Point = [p[0] - s * ux * mm(2), p[1] - s * uy * mm(2)];
      pen.fill(polylinePath([p, [back[0] - uy * mm(0.6), back[1] + ux * mm(0.6)], [back[0] + uy * mm(0.6), back[1] - ux * mm(0.6)]], true), 0);
    };
    head(b, 1);
    head(a, -1);
  };

  const tierValues = [points, [points[0], points[points.length - 1]]];
  tiers.forEach((level, t) => {
    const chain = tierValues[t];
    pen.line(at(sheetAlong(chain[0].value) - overshoot, level), at(sheetAlong(chain[chain.length - 1].value) + overshoot, level), PENS.dimension);
    for (let i = 0; i < chain.length; i++) {
      const along = sheetAlong(chain[i].value);
      // The overall tier's extension lines pass the inner tier, so that one draws only its inner ones.
      if (t === tiers.length - 1 || (i > 0 && i < chain.length - 1)) {
        pen.line(at(along, sheetAcross(chain[i].facade) + outward * gap), at(along, level + outward * overshoot), PENS.dimension);
      }
      if (style.tick !== 'arrow') tick(at(along, level));
      if (i === 0) continue;
      const from = sheetAlong(chain[i - 1].value);
      if (style.tick === 'arrow') arrows(at(from, level), at(along, level));
      const text = formatDimension((chain[i].value - chain[i - 1].value) * style.unitM, style.format);
      const width = pen.textWidth(text, style.fonts.regular, style.letters.dimension);
      const roomy = width + mm(1) < Math.abs(along - from);
      // Text sits above a horizontal line and left of a vertical one, readable from the bottom-right.
      const lift = mm(0.8) + (roomy ? 0 : pen.capHeight(style.fonts.regular, style.letters.dimension) + mm(0.8)) * (i % 2);
      pen.text(text, at((from + along) / 2, level - lift), {
        font: style.fonts.regular,
        sizePt: style.letters.dimension,
        align: 'center',
        angle: horizontal ? 0 : 90,
      });
    }
  });
}
