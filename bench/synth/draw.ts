// Vector drawing onto a pdf-lib page in blueprint units (1/150 inch of paper, origin top-left,
// y down), and the CAD blocks of a plan: walls, openings, fixtures and furniture. Everything is
// real PDF path operators (lines, Bézier arcs, fills) and standard-font text, as a CAD export has.
import {
  PDFOperator,
  PDFOperatorNames,
  appendBezierCurve,
  closePath,
  degrees,
  fill,
  grayscale,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  setDashPattern,
  setFillingGrayscaleColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
  LineCapStyle,
  LineJoinStyle,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { hatchSegments, type Point, type Polygon, type Ring } from './geometry.ts';
import { FIXTURE_KINDS, framePoint, type FixtureKind, type FurnitureKind, type ItemFrame } from './furnish.ts';
import { pointOn, type PlanOpening } from './layouts.ts';

export const DPI = 150;
const POINTS_PER_INCH = 72;

export type PathCommand = ['M', Point] | ['L', Point] | ['C', Point, Point, Point] | ['Z'];
export type Transform = (p: Point) => Point;

export interface LineStyle {
  /** Pen width on paper, millimetres. */
  widthMm: number;
  /** 0 black … 1 white. */
  gray?: number;
  /** Dash and gap lengths on paper, millimetres. */
  dashMm?: number[];
  cap?: 'butt' | 'round';
}

/** Blueprint units per millimetre of paper. */
export const UNITS_PER_MM = DPI / 25.4;

export function mapPath(commands: PathCommand[], transform: Transform): PathCommand[] {
  return commands.map((c): PathCommand => {
    switch (c[0]) {
      case 'M':
        return ['M', transform(c[1])];
      case 'L':
        return ['L', transform(c[1])];
      case 'C':
        return ['C', transform(c[1]), transform(c[2]), transform(c[3])];
      case 'Z':
        return c;
    }
  });
}

export function polylinePath(points: readonly Point[], closed = false): PathCommand[] {
  const path: PathCommand[] = points.map((p, i): PathCommand => [i === 0 ? 'M' : 'L', p]);
  if (closed) path.push(['Z']);
  return path;
}

export function rectPath(x0: number, y0: number, x1: number, y1: number): PathCommand[] {
  return polylinePath(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    true,
  );
}

export function ringsPath(rings: readonly Ring[]): PathCommand[] {
  return rings.flatMap((ring) => polylinePath(ring, true));
}

/** Circular arc from angle a0 to a1 (radians, either direction) as cubic Béziers of ≤ 90° each. */
export function arcPath(center: Point, radius: number, a0: number, a1: number, startWithMove = true): PathCommand[] {
  const pieces = Math.max(1, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 2) - 1e-9));
  const step = (a1 - a0) / pieces;
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (a: number): Point => [center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)];
  const path: PathCommand[] = startWithMove ? [['M', at(a0)]] : [];
  for (let i = 0; i < pieces; i++) {
    const s = a0 + i * step;
    const e = s + step;
    const [p0, p3] = [at(s), at(e)];
    path.push([
      'C',
      [p0[0] - k * radius * Math.sin(s), p0[1] + k * radius * Math.cos(s)],
      [p3[0] + k * radius * Math.sin(e), p3[1] - k * radius * Math.cos(e)],
      p3,
    ]);
  }
  return path;
}

export function ellipsePath(center: Point, rx: number, ry: number): PathCommand[] {
  // A circle's Béziers stretched along the axes are the usual ellipse approximation.
  return [...mapPath(arcPath([0, 0], 1, 0, 2 * Math.PI), ([x, y]) => [center[0] + x * rx, center[1] + y * ry]), ['Z']];
}

export function circlePath(center: Point, r: number): PathCommand[] {
  return ellipsePath(center, r, r);
}

export function roundedRectPath(x0: number, y0: number, x1: number, y1: number, r: number): PathCommand[] {
  const q = Math.PI / 2;
  return [
    ['M', [x0 + r, y0]],
    ['L', [x1 - r, y0]],
    ...arcPath([x1 - r, y0 + r], r, -q, 0, false),
    ['L', [x1, y1 - r]],
    ...arcPath([x1 - r, y1 - r], r, 0, q, false),
    ['L', [x0 + r, y1]],
    ...arcPath([x0 + r, y1 - r], r, q, 2 * q, false),
    ['L', [x0, y0 + r]],
    ...arcPath([x0 + r, y0 + r], r, 2 * q, 3 * q, false),
    ['Z'],
  ];
}

export interface TextOptions {
  font: PDFFont;
  sizePt: number;
  /** Counter-clockwise on the paper, degrees. */
  angle?: number;
  align?: 'left' | 'center' | 'right';
  /** Where `at` sits vertically on the glyphs. */
  baseline?: 'baseline' | 'middle' | 'top';
  gray?: number;
}

/** Writes PDF operators for geometry given in blueprint units. */
export class Pen {
  private readonly heightPt: number;

  constructor(readonly page: PDFPage) {
    this.heightPt = page.getHeight();
  }

  private toPt([x, y]: Point): [number, number] {
    return [(x * POINTS_PER_INCH) / DPI, this.heightPt - (y * POINTS_PER_INCH) / DPI];
  }

  private pathOperators(commands: PathCommand[]): PDFOperator[] {
    return commands.map((c) => {
      switch (c[0]) {
        case 'M':
          return moveTo(...this.toPt(c[1]));
        case 'L':
          return lineTo(...this.toPt(c[1]));
        case 'C':
          return appendBezierCurve(...this.toPt(c[1]), ...this.toPt(c[2]), ...this.toPt(c[3]));
        case 'Z':
          return closePath();
      }
    });
  }

  private styleOperators(style: LineStyle): PDFOperator[] {
    const ptPerMm = POINTS_PER_INCH / 25.4;
    return [
      setLineWidth(style.widthMm * ptPerMm),
      setStrokingGrayscaleColor(style.gray ?? 0),
      setLineCap(style.cap === 'round' ? LineCapStyle.Round : LineCapStyle.Butt),
      setLineJoin(LineJoinStyle.Miter),
      ...(style.dashMm ? [setDashPattern(style.dashMm.map((d) => d * ptPerMm), 0)] : []),
    ];
  }

  stroke(commands: PathCommand[], style: LineStyle): void {
    if (commands.length === 0) return;
    this.page.pushOperators(pushGraphicsState(), ...this.styleOperators(style), ...this.pathOperators(commands), stroke(), popGraphicsState());
  }

  fill(commands: PathCommand[], gray: number, evenOdd = false): void {
    if (commands.length === 0) return;
    const paint = evenOdd ? PDFOperator.of(PDFOperatorNames.FillEvenOdd) : fill();
    this.page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(gray), ...this.pathOperators(commands), paint, popGraphicsState());
  }

  line(a: Point, b: Point, style: LineStyle): void {
    this.stroke([['M', a], ['L', b]], style);
  }

  /** Width of a text run in blueprint units. */
  textWidth(text: string, font: PDFFont, sizePt: number): number {
    return (font.widthOfTextAtSize(text, sizePt) * DPI) / POINTS_PER_INCH;
  }

  /** Cap height in blueprint units. */
  capHeight(font: PDFFont, sizePt: number): number {
    return (font.heightAtSize(sizePt, { descender: false }) * DPI) / POINTS_PER_INCH;
  }

  text(text: string, at: Point, options: TextOptions): void {
    const { font, sizePt } = options;
    const angle = ((options.angle ?? 0) * Math.PI) / 180;
    const width = this.textWidth(text, font, sizePt);
    const along = options.align === 'center' ? -width / 2 : options.align === 'right' ? -width : 0;
    const cap = this.capHeight(font, sizePt);
    const up = options.baseline === 'middle' ? -cap / 2 : options.baseline === 'top' ? -cap : 0;
    // Text advances along (cos, −sin) in y-down units; "up" on the glyphs is (−sin, −cos).
    const origin: Point = [
      at[0] + along * Math.cos(angle) - up * Math.sin(angle),
      at[1] - along * Math.sin(angle) - up * Math.cos(angle),
    ];
    const [x, y] = this.toPt(origin);
    this.page.drawText(text, { x, y, size: sizePt, font, rotate: degrees(options.angle ?? 0), color: grayscale(options.gray ?? 0) });
  }
}

// ---------------------------------------------------------------------------------------------
// Pens of a plan, by what they draw.

export const PENS = {
  wallOutline: { widthMm: 0.4 },
  wallThin: { widthMm: 0.25 },
  // Partitions drawn in a pen under half the outer walls' (0.18 beside 0.4 mm): fixtures' and windows' pen.
  partition: { widthMm: 0.18 },
  hatch: { widthMm: 0.1 },
  door: { widthMm: 0.3 },
  swing: { widthMm: 0.13 },
  window: { widthMm: 0.18 },
  // Construction plans draw sills in a medium pen, a good half of the walls' weight.
  sill: { widthMm: 0.3 },
  fixture: { widthMm: 0.18 },
  furniture: { widthMm: 0.13, gray: 0.35 },
  annotation: { widthMm: 0.13 },
  dimension: { widthMm: 0.13 },
  tick: { widthMm: 0.35 },
  frame: { widthMm: 0.7 },
} as const satisfies Record<string, LineStyle>;

const FIXTURES: ReadonlySet<string> = new Set(FIXTURE_KINDS);

/** `partitioned`: outlined, the faces of the walls inside the building in a lighter pen. */
export type WallStyle = 'poche' | 'outline' | 'hatched' | 'partitioned';

/**
 * Paints the walls' solid (`material`: wall polygons with the openings already cut out);
 * `onOuterWall` tells a point on a face of the exterior walls.
 */
export function drawWalls(pen: Pen, material: Polygon[], style: WallStyle, pocheGray: number, hatchSpacingMm: number, onOuterWall: (p: Point) => boolean): void {
  const path = material.flatMap((polygon) => ringsPath(polygon));
  switch (style) {
    case 'poche':
      pen.fill(path, pocheGray, true);
      if (pocheGray > 0) pen.stroke(path, PENS.wallThin);
      break;
    case 'outline':
      pen.stroke(path, PENS.wallOutline);
      break;
    case 'partitioned': {
      // Each face in its wall's pen, as a CAD export writes a wall's outline: runs of edges along
      // outer walls, and runs along partitions, each a polyline of its own.
      for (const ring of material.flat()) {
        const edges = ring.map((a, k): [Point, Point] => [a, ring[(k + 1) % ring.length]]).filter(([a, b]) => a[0] !== b[0] || a[1] !== b[1]);
        const outer = edges.map(([a, b]) => onOuterWall([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]));
        // Start where the pen changes, so no run wraps round the ring's first corner.
        const start = Math.max(0, outer.findIndex((o, k) => o !== outer[(k + edges.length - 1) % edges.length]));
        const along = [...edges.slice(start), ...edges.slice(0, start)];
        const onOuter = [...outer.slice(start), ...outer.slice(0, start)];
        for (let from = 0, k = 1; k <= along.length; k++) {
          if (k < along.length && onOuter[k] === onOuter[from]) continue;
          const run = along.slice(from, k);
          pen.stroke(polylinePath([run[0][0], ...run.map(([, b]) => b)], false), onOuter[from] ? PENS.wallOutline : PENS.partition);
          from = k;
        }
      }
      break;
    }
    case 'hatched': {
      const spacing = hatchSpacingMm * UNITS_PER_MM;
      // Hatch lines end on the wall faces, as a CAD hatch entity is exported: no clipping path.
      const segments = hatchSegments(material, -Math.PI / 4, spacing, spacing * 0.37);
      pen.stroke(
        segments.flatMap(([a, b]): PathCommand[] => [['M', a], ['L', b]]),
        PENS.hatch,
      );
      pen.stroke(path, PENS.wallOutline);
      break;
    }
  }
}

/** Quarter-circle door swing from the open leaf's tip back to the closed position. */
function swingArc(hinge: Point, tip: Point, closed: Point): PathCommand[] {
  const a0 = Math.atan2(tip[1] - hinge[1], tip[0] - hinge[0]);
  const a1 = Math.atan2(closed[1] - hinge[1], closed[0] - hinge[0]);
  let sweep = a1 - a0;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  while (sweep <= -Math.PI) sweep += 2 * Math.PI;
  return arcPath(hinge, Math.hypot(tip[0] - hinge[0], tip[1] - hinge[1]), a0, a0 + sweep);
}

export interface OpeningStyle {
  /** Glazing lines across a window: two, or three with the glass between the frame's faces. */
  windowLines: 2 | 3;
  /** Door leaves drawn as thin rectangles rather than single lines. */
  leafAsRectangle: boolean;
  /** Window sills standing proud of both wall faces and running on past the jambs, as construction plans draw them. */
  windowSills: boolean;
}

/** How far a sill stands proud of the wall's face and runs on past each jamb, metres. */
const SILL_PROUD_M = 0.04;
const SILL_RUN_ON_M = 0.08;

/**
 * An opening's block in model units: door leaves with swings, sliding panels or window glazing.
 * Its geometry is in model units, `modelPerMetre` of them to a metre (sizing leaves and panels).
 */
export function drawOpening(pen: Pen, opening: PlanOpening, toSheet: Transform, modelPerMetre: number, { windowLines, leafAsRectangle, windowSills }: OpeningStyle): void {
  const { axis, at, center, width, thickness, swingSide } = opening;
  const lo = center - width / 2;
  const hi = center + width / 2;
  const p = (along: number, across: number) => toSheet(pointOn(axis, along, across));
  const face = at + (swingSide * thickness) / 2;
  const leaf = (hingeAlong: number, length: number, towardAlong: 1 | -1) => {
    const hinge = p(hingeAlong, face);
    const tip = p(hingeAlong, face + swingSide * length);
    const closed = p(hingeAlong + towardAlong * length, face);
    if (leafAsRectangle) {
      const t = 0.04 * modelPerMetre * towardAlong;
      pen.stroke(polylinePath([hinge, tip, p(hingeAlong + t, face + swingSide * length), p(hingeAlong + t, face)], true), PENS.door);
    } else {
      pen.line(hinge, tip, PENS.door);
    }
    pen.stroke(swingArc(hinge, tip, closed), PENS.swing);
  };
  switch (opening.kind) {
    case 'single swing door':
      if (opening.hingeAtLow) leaf(lo, width, 1);
      else leaf(hi, width, -1);
      break;
    case 'double swing door':
      leaf(lo, width / 2, 1);
      leaf(hi, width / 2, -1);
      break;
    case 'sliding door': {
      const panel = Math.min(0.04 * modelPerMetre, thickness / 3);
      const overlap = 0.05 * modelPerMetre;
      const panelPath = (a0: number, a1: number, c0: number, c1: number) => polylinePath([p(a0, c0), p(a1, c0), p(a1, c1), p(a0, c1)], true);
      pen.stroke(panelPath(lo, center + overlap, at - panel, at), PENS.door);
      pen.stroke(panelPath(center - overlap, hi, at, at + panel), PENS.door);
      break;
    }
    case 'window': {
      const offsets = windowLines === 3 ? [-thickness / 2, 0, thickness / 2] : [-thickness / 5, thickness / 5];
      for (const offset of offsets) pen.line(p(lo, at + offset), p(hi, at + offset), PENS.window);
      if (windowSills) {
        const [start, end] = [lo - SILL_RUN_ON_M * modelPerMetre, hi + SILL_RUN_ON_M * modelPerMetre];
        for (const side of [-1, 1]) {
          const wallFace = at + (side * thickness) / 2;
          const sillEdge = wallFace + side * SILL_PROUD_M * modelPerMetre;
          pen.stroke(polylinePath([p(start, wallFace), p(start, sillEdge), p(end, sillEdge), p(end, wallFace)], false), PENS.sill);
        }
      }
      break;
    }
  }
}

/**
 * A fixture or furniture block in its frame (x along the wall it backs onto, y into the room),
 * always drawn the same way, as a CAD block would be.
 */
export function drawItem(pen: Pen, kind: FixtureKind | FurnitureKind, frame: ItemFrame, toSheet: Transform, modelPerMetre: number, labelFont: PDFFont): void {
  const { width: w, depth: d } = frame;
  const m = modelPerMetre;
  const local: Transform = ([x, y]) => toSheet(framePoint(frame, x, y));
  const draw = (path: PathCommand[], style: LineStyle) => pen.stroke(mapPath(path, local), style);
  const style = FIXTURES.has(kind) ? PENS.fixture : PENS.furniture;
  switch (kind) {
    case 'toilet': {
      const tank = 0.22 * m;
      draw(rectPath(0.03 * w, 0, 0.97 * w, tank), style);
      const bowl: Point = [w / 2, tank + (d - tank) / 2];
      draw(ellipsePath(bowl, 0.38 * w, (d - tank) / 2), style);
      draw(ellipsePath([bowl[0], bowl[1] + 0.02 * m], 0.27 * w, (d - tank) / 2 - 0.07 * m), style);
      break;
    }
    case 'sink': {
      draw(rectPath(0, 0, w, d), style);
      if (w >= 0.75 * m) {
        // A kitchen double bowl.
        const bowlW = (w - 0.15 * m) / 2;
        for (const x of [0.05 * m, 0.1 * m + bowlW]) {
          draw(roundedRectPath(x, 0.1 * m, x + bowlW, d - 0.06 * m, 0.04 * m), style);
          draw(circlePath([x + bowlW / 2, (0.1 * m + d - 0.06 * m) / 2], 0.025 * m), style);
        }
      } else {
        const basin: Point = [w / 2, d * 0.55];
        draw(ellipsePath(basin, 0.36 * w, 0.32 * d), style);
        draw(circlePath(basin, 0.02 * m), style);
        draw(circlePath([w / 2, 0.07 * m], 0.025 * m), style);
      }
      break;
    }
    case 'bathtub': {
      const inset = 0.07 * m;
      draw(rectPath(0, 0, w, d), style);
      draw(roundedRectPath(inset, inset, w - inset, d - inset, 0.2 * m), style);
      draw(circlePath([w - inset - 0.12 * m, d / 2], 0.03 * m), style);
      break;
    }
    case 'shower':
      draw(rectPath(0, 0, w, d), style);
      draw(polylinePath([[0, 0], [w, d]]), style);
      draw(polylinePath([[w, 0], [0, d]]), style);
      draw(circlePath([w / 2, d / 2], 0.04 * m), style);
      break;
    case 'cooktop': {
      draw(rectPath(0, 0, w, d), style);
      const burners: [number, number, number][] = [
        [0.27, 0.3, 0.11],
        [0.73, 0.3, 0.08],
        [0.27, 0.72, 0.08],
        [0.73, 0.72, 0.11],
      ];
      for (const [x, y, r] of burners) draw(circlePath([x * w, y * d], r * m), style);
      break;
    }
    case 'stairs': {
      draw(rectPath(0, 0, w, d), style);
      const tread = 0.28 * m;
      for (let x = tread; x < w - tread / 2; x += tread) draw(polylinePath([[x, 0], [x, d]]), style);
      // The cut line where the stair leaves the plan's section height.
      const cut = w * 0.62;
      draw(polylinePath([[cut - 0.2 * m, d], [cut, d * 0.55], [cut - 0.12 * m, d * 0.45], [cut + 0.08 * m, 0]]), PENS.annotation);
      const arrowY = d / 2;
      draw(polylinePath([[tread * 0.5, arrowY], [w - tread * 0.5, arrowY]]), PENS.annotation);
      pen.fill(
        mapPath(polylinePath([[w - tread * 0.5, arrowY], [w - tread * 1.3, arrowY - 0.07 * m], [w - tread * 1.3, arrowY + 0.07 * m]], true), local),
        0,
      );
      pen.stroke(mapPath(circlePath([tread * 0.5, arrowY], 0.03 * m), local), PENS.annotation);
      const upAt = local([tread * 1.2, arrowY + 0.16 * m]);
      const [o, e] = [local([0, 0]), local([0.15 * m, 0])];
      const sizePt = Math.max(4, Math.min(8, (Math.hypot(e[0] - o[0], e[1] - o[1]) * POINTS_PER_INCH) / DPI));
      pen.text('UP', upAt, { font: labelFont, sizePt, align: 'left', baseline: 'middle' });
      break;
    }
    case 'elevator': {
      draw(rectPath(0, 0, w, d), style);
      draw(polylinePath([[0, 0], [w, d]]), style);
      draw(polylinePath([[w, 0], [0, d]]), style);
      draw(rectPath(0.1 * w, 0.05 * d, 0.9 * w, 0.15 * d), style);
      break;
    }
    case 'bed': {
      draw(rectPath(0, 0, w, d), style);
      const pillows = w > 1.2 * m ? 2 : 1;
      const pillowW = (w - 0.1 * m * (pillows + 1)) / pillows;
      for (let k = 0; k < pillows; k++) {
        const x = 0.1 * m + k * (pillowW + 0.1 * m);
        draw(roundedRectPath(x, 0.06 * m, x + pillowW, 0.4 * m, 0.06 * m), style);
      }
      draw(polylinePath([[0, 0.55 * m], [w, 0.55 * m]]), style);
      draw(polylinePath([[0, 0.75 * m], [w * 0.35, 0.55 * m]]), style);
      break;
    }
    case 'wardrobe':
      draw(rectPath(0, 0, w, d), style);
      draw(polylinePath([[0.05 * m, d / 2], [w - 0.05 * m, d / 2]]), { ...style, dashMm: [1, 0.7] });
      break;
    case 'sofa':
      draw(rectPath(0, 0, w, d), style);
      draw(rectPath(0.15 * m, 0, w - 0.15 * m, 0.22 * m), style);
      draw(polylinePath([[0.15 * m, 0.22 * m], [0.15 * m, d]]), style);
      draw(polylinePath([[w - 0.15 * m, 0.22 * m], [w - 0.15 * m, d]]), style);
      draw(polylinePath([[w / 2, 0.22 * m], [w / 2, d]]), style);
      break;
    case 'table': {
      const chairDepth = 0.5 * m;
      if (d < 2 * chairDepth) {
        draw(rectPath(0, 0, w, d), style);
        break;
      }
      draw(rectPath(0, chairDepth, w, d - chairDepth), style);
      const chairs = Math.max(1, Math.floor(w / (0.6 * m)));
      const pitch = w / chairs;
      for (let k = 0; k < chairs; k++) {
        const x = pitch * (k + 0.5);
        draw(rectPath(x - 0.21 * m, 0.06 * m, x + 0.21 * m, chairDepth - 0.04 * m), style);
        draw(rectPath(x - 0.21 * m, d - chairDepth + 0.04 * m, x + 0.21 * m, d - 0.06 * m), style);
      }
      break;
    }
    case 'desk':
      draw(rectPath(0, 0, w, 0.7 * m), style);
      draw(circlePath([w / 2, 0.7 * m + 0.28 * m], 0.24 * m), style);
      break;
    case 'counter':
      draw(rectPath(0, 0, w, d), style);
      break;
  }
}
