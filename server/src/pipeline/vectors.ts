// The vector stage: every stroke, fill and image of the sheet's first page in blueprint coordinates,
// read from pdf.js's operator list, cleaned of the duplicates CAD exports are full of, and indexed
// for the recognition stages that build on it.
import Flatbush from 'flatbush';
import { OPS } from './pdfjs.ts';
import type { Position } from '../../../core/src/types.ts';
import { boxRegion, clipFill, clipRegionOf, clipStroke, type ClipRegion } from './clip.ts';
import { cubicPoint, subpathPolyline } from './curves.ts';
import type { OpenSheet } from './pdf.ts';
import type { BBox, FillStyle, RasterImage, RGBA, Segment, SheetPrimitives, StrokeStyle, SubPath, VectorPath } from './types.ts';

/** Affine matrix [a, b, c, d, e, f] as in PDF: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

/** `m ∘ n`: applies `n` first, as `ctx.transform(n)` does to a canvas whose transform is `m`. */
export function multiplyMatrices(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function applyMatrix(m: Matrix, x: number, y: number): Position {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** How much a matrix scales lengths on average; PDF line widths and dashes scale by this. */
function lengthScale(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

// ---------------------------------------------------------------------------------------------
// Boxes

const EMPTY_BOX: BBox = [Infinity, Infinity, -Infinity, -Infinity];

function isEmptyBox(box: BBox): boolean {
  return !(box[0] <= box[2] && box[1] <= box[3]);
}

function intersectBoxes(a: BBox, b: BBox): BBox {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

function boxesTouch(a: BBox, b: BBox, margin = 0): boolean {
  return a[0] <= b[2] + margin && b[0] <= a[2] + margin && a[1] <= b[3] + margin && b[1] <= a[3] + margin;
}

function boxContains(outer: BBox, inner: BBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

function boxOfPoints(points: Position[]): BBox {
  const box: BBox = [...EMPTY_BOX];
  for (const [x, y] of points) includePoint(box, x, y);
  return box;
}

function includePoint(box: BBox, x: number, y: number): void {
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (x > box[2]) box[2] = x;
  if (y > box[3]) box[3] = y;
}

/** Parameters in (0, 1) where one coordinate of a cubic Bézier turns back. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const d0 = p1 - p0;
  const d1 = p2 - p1;
  const d2 = p3 - p2;
  const a = d0 - 2 * d1 + d2;
  const b = 2 * (d1 - d0);
  const c = d0;
  const roots: number[] = [];
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b);
  } else {
    const discriminant = b * b - 4 * a * c;
    if (discriminant >= 0) {
      const root = Math.sqrt(discriminant);
      roots.push((-b + root) / (2 * a), (-b - root) / (2 * a));
    }
  }
  return roots.filter((t) => t > 0 && t < 1);
}

function includeSegment(box: BBox, segment: Segment): void {
  includePoint(box, segment.from[0], segment.from[1]);
  includePoint(box, segment.to[0], segment.to[1]);
  if (segment.kind === 'line') return;
  const { from, c1, c2, to } = segment;
  for (const axis of [0, 1]) {
    for (const t of cubicExtrema(from[axis], c1[axis], c2[axis], to[axis])) {
      includePoint(
        box,
        cubicPoint(from[0], c1[0], c2[0], to[0], t),
        cubicPoint(from[1], c1[1], c2[1], to[1], t),
      );
    }
  }
}

/** The tight bounding box of the painted geometry (curves by their extrema, not control points). */
export function subpathsBBox(subpaths: SubPath[]): BBox {
  const box: BBox = [...EMPTY_BOX];
  for (const subpath of subpaths) for (const segment of subpath.segments) includeSegment(box, segment);
  return box;
}

/** One straight piece of a path, with the `index` of the path it came from. */
export interface FlatSegment {
  from: Position;
  to: Position;
  pathIndex: number;
}

/**
 * Every path as straight segments: curves become chords within `curveTolerance` blueprint units
 * of the curve, and closed subpaths get their closing segment.
 */
export function flattenSegments(paths: VectorPath[], { curveTolerance = 0.5 }: { curveTolerance?: number } = {}): FlatSegment[] {
  const segments: FlatSegment[] = [];
  for (const path of paths) {
    for (const subpath of path.subpaths) {
      const points = subpathPolyline(subpath, curveTolerance);
      for (let i = 1; i < points.length; i++) segments.push({ from: points[i - 1], to: points[i], pathIndex: path.index });
      const first = points[0];
      const last = points[points.length - 1];
      if (subpath.closed && (first[0] !== last[0] || first[1] !== last[1])) {
        segments.push({ from: last, to: first, pathIndex: path.index });
      }
    }
  }
  return segments;
}

// ---------------------------------------------------------------------------------------------
// Operator list walk

/** The colour a pattern or shading paints varies; recognition only needs to know that ink is there. */
const PATTERN_COLOR: [number, number, number] = [128, 128, 128];

type Paint = [number, number, number] | 'none';

interface GraphicsState {
  ctm: Matrix;
  /** Bounding box of the clipping path in blueprint coordinates; null while nothing clips. */
  clip: BBox | null;
  /** Clipping paths in force that are not rectangles, applied to what is painted. */
  clipRegions: ClipRegion[];
  /** Line width and dashes in the user space they were set in; scaled when a path is painted. */
  lineWidth: number;
  dash: { lengths: number[]; phase: number } | null;
  strokePaint: Paint;
  fillPaint: Paint;
  strokeAlpha: number;
  fillAlpha: number;
  /** Opacity a transparency group is composited with, applied to everything painted inside it. */
  groupAlpha: number;
  /** Inside a soft mask's group: its content shapes the mask and is never painted. */
  maskContent: boolean;
}

function parseHexColor(value: unknown): Paint {
  if (typeof value !== 'string' || !/^#[0-9a-f]{6}$/i.test(value)) return 'none';
  return [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];
}

/**
 * A dash pattern started `phase` units into its cycle, rewritten to start at zero, so that a plain
 * array says the same thing: the cut-off part of the current dash or gap moves to the end, and a
 * zero-length dash keeps the on/off alternation in step.
 */
export function dashWithPhase(lengths: number[], phase: number): number[] | null {
  const cycle = lengths.length % 2 === 1 ? [...lengths, ...lengths] : [...lengths];
  const total = cycle.reduce((sum, length) => sum + length, 0);
  if (cycle.length === 0 || !(total > 0) || cycle.some((length) => length < 0)) return null;
  let offset = ((phase % total) + total) % total;
  if (offset === 0) return cycle;
  let i = 0;
  while (i < cycle.length - 1 && offset >= cycle[i]) offset -= cycle[i++];
  const rewritten = i % 2 === 1 ? [0] : [];
  rewritten.push(cycle[i] - offset, ...cycle.slice(i + 1), ...cycle.slice(0, i), offset);
  if (rewritten.length % 2 === 1) rewritten.push(0);
  return rewritten;
}

interface PaintOptions {
  stroke: boolean;
  fill: boolean;
  evenOdd: boolean;
}

const PAINT_BY_OP = new Map<number, PaintOptions>([
  [OPS.stroke, { stroke: true, fill: false, evenOdd: false }],
  [OPS.closeStroke, { stroke: true, fill: false, evenOdd: false }],
  [OPS.fill, { stroke: false, fill: true, evenOdd: false }],
  [OPS.eoFill, { stroke: false, fill: true, evenOdd: true }],
  [OPS.fillStroke, { stroke: true, fill: true, evenOdd: false }],
  [OPS.eoFillStroke, { stroke: true, fill: true, evenOdd: true }],
  [OPS.closeFillStroke, { stroke: true, fill: true, evenOdd: false }],
  [OPS.closeEOFillStroke, { stroke: true, fill: true, evenOdd: true }],
]);

/** pdf.js DrawOPS opcodes inside `constructPath` data (not exported by pdf.js 5). */
const DRAW_MOVE_TO = 0;
const DRAW_LINE_TO = 1;
const DRAW_CURVE_TO = 2;
const DRAW_QUADRATIC_CURVE_TO = 3;
const DRAW_CLOSE_PATH = 4;

/** Geometry of one `constructPath`, mapped through `ctm`. */
export function buildSubpaths(data: ArrayLike<number>, ctm: Matrix): SubPath[] {
  const subpaths: SubPath[] = [];
  /** False after a moveTo or closePath: the next segment starts a new subpath. */
  let drawing = false;
  let start: Position = [0, 0];
  let point: Position = [0, 0];
  const draw = (segment: Segment): void => {
    if (!drawing) {
      subpaths.push({ segments: [], closed: false });
      start = point;
      drawing = true;
    }
    subpaths[subpaths.length - 1].segments.push(segment);
    point = segment.to;
  };
  for (let i = 0; i < data.length; ) {
    switch (data[i]) {
      case DRAW_MOVE_TO:
        point = applyMatrix(ctm, data[i + 1], data[i + 2]);
        drawing = false;
        i += 3;
        break;
      case DRAW_LINE_TO:
        draw({ kind: 'line', from: point, to: applyMatrix(ctm, data[i + 1], data[i + 2]) });
        i += 3;
        break;
      case DRAW_CURVE_TO:
        draw({
          kind: 'cubic',
          from: point,
          c1: applyMatrix(ctm, data[i + 1], data[i + 2]),
          c2: applyMatrix(ctm, data[i + 3], data[i + 4]),
          to: applyMatrix(ctm, data[i + 5], data[i + 6]),
        });
        i += 7;
        break;
      case DRAW_QUADRATIC_CURVE_TO: {
        const control = applyMatrix(ctm, data[i + 1], data[i + 2]);
        const to = applyMatrix(ctm, data[i + 3], data[i + 4]);
        const from = point;
        draw({
          kind: 'cubic',
          from,
          c1: [from[0] + (2 / 3) * (control[0] - from[0]), from[1] + (2 / 3) * (control[1] - from[1])],
          c2: [to[0] + (2 / 3) * (control[0] - to[0]), to[1] + (2 / 3) * (control[1] - to[1])],
          to,
        });
        i += 5;
        break;
      }
      case DRAW_CLOSE_PATH:
        if (drawing) {
          subpaths[subpaths.length - 1].closed = true;
          drawing = false;
          point = start;
        }
        i += 1;
        break;
      default:
        throw new Error(`Unknown path opcode ${data[i]} in the operator list`);
    }
  }
  return subpaths;
}

function unitSquareCorners(m: Matrix): [Position, Position, Position, Position] {
  return [applyMatrix(m, 0, 0), applyMatrix(m, 1, 0), applyMatrix(m, 1, 1), applyMatrix(m, 0, 1)];
}

export function transformedBox(m: Matrix, box: ArrayLike<number>): BBox {
  return boxOfPoints([
    applyMatrix(m, box[0], box[1]),
    applyMatrix(m, box[2], box[1]),
    applyMatrix(m, box[2], box[3]),
    applyMatrix(m, box[0], box[3]),
  ]);
}

interface ImageArgs {
  width: number;
  height: number;
}

interface ImageMapEntry {
  transform: Matrix;
}

interface MaskGroupEntry extends ImageArgs {
  transform: Matrix;
}

interface OptionalContentConfigLike {
  isVisible(group: unknown): boolean;
  getGroup(id: string): { name?: unknown } | null;
}

/**
 * A marked-content sequence: whether it paints, and the innermost layer named round what it holds:
 * its own (an OCG's, or an OCMD's only one), or else the one it is nested in.
 */
interface MarkedContent {
  visible: boolean;
  layer: string | null;
}

/**
 * Replays the operator list as pdf.js's canvas renderer would, collecting what it paints instead
 * of drawing it.
 */
class PrimitiveCollector {
  readonly paths: VectorPath[] = [];
  readonly images: RasterImage[] = [];
  private state: GraphicsState;
  private readonly stack: GraphicsState[] = [];
  /** Saved outer states of annotation appearances, which start from a fresh graphics state. */
  private readonly annotationStack: { state: GraphicsState; stack: GraphicsState[] }[] = [];
  private readonly markedContent: MarkedContent[] = [];
  /** A clip operator waits for the path it clips with: the fill rule it was given, or null. */
  private pendingClip: { evenOdd: boolean } | null = null;

  constructor(
    private readonly viewportTransform: Matrix,
    private readonly page: BBox,
    private readonly optionalContent: OptionalContentConfigLike,
    private readonly imageSize: (objId: string) => ImageArgs | null,
  ) {
    this.state = this.initialState();
  }

  private initialState(): GraphicsState {
    return {
      ctm: this.viewportTransform,
      clip: null,
      clipRegions: [],
      lineWidth: 1,
      dash: null,
      strokePaint: [0, 0, 0],
      fillPaint: [0, 0, 0],
      strokeAlpha: 1,
      fillAlpha: 1,
      groupAlpha: 1,
      maskContent: false,
    };
  }

  run(fnArray: number[], argsArray: unknown[][]): void {
    for (let i = 0; i < fnArray.length; i++) this.execute(fnArray[i], argsArray[i] ?? []);
  }

  private execute(fn: number, args: any[]): void {
    switch (fn) {
      case OPS.save:
        this.save();
        break;
      case OPS.restore:
        this.restore();
        break;
      case OPS.transform:
        this.state.ctm = multiplyMatrices(this.state.ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        this.save();
        if (args[0]) this.state.ctm = multiplyMatrices(this.state.ctm, Array.from(args[0] as ArrayLike<number>) as Matrix);
        if (args[1]) this.clipTo(transformedBox(this.state.ctm, args[1]));
        break;
      case OPS.paintFormXObjectEnd:
        this.restore();
        break;
      case OPS.beginGroup:
        this.beginGroup(args[0]);
        break;
      case OPS.endGroup:
        this.restore();
        break;
      case OPS.beginAnnotation:
        this.beginAnnotation(args[1], args[2], args[3]);
        break;
      case OPS.endAnnotation:
        this.endAnnotation();
        break;
      case OPS.beginMarkedContent:
        this.markedContent.push({ visible: true, layer: this.layer });
        break;
      case OPS.beginMarkedContentProps:
        this.markedContent.push(this.optionalContentOf(args[0], args[1]));
        break;
      case OPS.endMarkedContent:
        this.markedContent.pop();
        break;
      case OPS.setLineWidth:
        this.state.lineWidth = args[0];
        break;
      case OPS.setDash:
        this.state.dash = { lengths: args[0], phase: args[1] };
        break;
      case OPS.setGState:
        this.setGState(args[0]);
        break;
      case OPS.setStrokeRGBColor:
        this.state.strokePaint = parseHexColor(args[0]);
        break;
      case OPS.setFillRGBColor:
        this.state.fillPaint = parseHexColor(args[0]);
        break;
      case OPS.setStrokeTransparent:
        this.state.strokePaint = 'none';
        break;
      case OPS.setFillTransparent:
        this.state.fillPaint = 'none';
        break;
      case OPS.setStrokeColorN:
        this.state.strokePaint = PATTERN_COLOR;
        break;
      case OPS.setFillColorN:
        this.state.fillPaint = PATTERN_COLOR;
        break;
      case OPS.clip:
      case OPS.eoClip:
        this.pendingClip = { evenOdd: fn === OPS.eoClip };
        break;
      case OPS.constructPath:
        this.constructPath(args[0], args[1]?.[0] ?? null);
        break;
      case OPS.shadingFill:
        this.paintShading();
        break;
      case OPS.paintSolidColorImageMask:
        this.paintPath(unitSquarePath(this.state.ctm), { stroke: false, fill: true, evenOdd: false });
        break;
      case OPS.paintImageXObject:
        this.paintImage(this.state.ctm, { width: args[1], height: args[2] });
        break;
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
        this.paintImage(this.state.ctm, args[0]);
        break;
      case OPS.paintImageXObjectRepeat: {
        const [objId, scaleX, scaleY, positions] = args as [string, number, number, ArrayLike<number>];
        const size = this.imageSize(objId);
        for (let i = 0; i < positions.length; i += 2) {
          this.paintImage(multiplyMatrices(this.state.ctm, [scaleX, 0, 0, scaleY, positions[i], positions[i + 1]]), size);
        }
        break;
      }
      case OPS.paintImageMaskXObjectRepeat: {
        const [image, scaleX, skewX, skewY, scaleY, positions] = args as [ImageArgs, number, number, number, number, ArrayLike<number>];
        for (let i = 0; i < positions.length; i += 2) {
          this.paintImage(multiplyMatrices(this.state.ctm, [scaleX, skewX, skewY, scaleY, positions[i], positions[i + 1]]), image);
        }
        break;
      }
      case OPS.paintImageMaskXObjectGroup:
        for (const image of args[0] as MaskGroupEntry[]) this.paintImage(multiplyMatrices(this.state.ctm, image.transform), image);
        break;
      case OPS.paintInlineImageXObjectGroup: {
        const [image, map] = args as [ImageArgs, ImageMapEntry[]];
        for (const entry of map) this.paintImage(multiplyMatrices(this.state.ctm, entry.transform), image);
        break;
      }
    }
  }

  private save(): void {
    this.stack.push(this.state);
    this.state = { ...this.state };
  }

  private restore(): void {
    const previous = this.stack.pop();
    if (previous) this.state = previous;
    this.pendingClip = null;
  }

  private clipTo(box: BBox): void {
    this.state.clip = this.state.clip === null ? box : intersectBoxes(this.state.clip, box);
  }

  private setGState(entries: [string, unknown][]): void {
    for (const [key, value] of entries) {
      if (key === 'LW') this.state.lineWidth = value as number;
      else if (key === 'D') {
        const [lengths, phase] = value as [number[], number];
        this.state.dash = { lengths, phase };
      } else if (key === 'CA') this.state.strokeAlpha = value as number;
      else if (key === 'ca') this.state.fillAlpha = value as number;
    }
  }

  private beginGroup(group: { matrix?: ArrayLike<number> | null; bbox?: ArrayLike<number> | null; smask?: unknown }): void {
    this.save();
    const state = this.state;
    // The group is painted on its own canvas and composited with the opacity in force outside it.
    state.groupAlpha *= state.fillAlpha;
    state.fillAlpha = 1;
    state.strokeAlpha = 1;
    if (group.smask) state.maskContent = true;
    if (group.bbox) {
      const groupMatrix = group.matrix ? multiplyMatrices(state.ctm, Array.from(group.matrix) as Matrix) : state.ctm;
      this.clipTo(transformedBox(groupMatrix, group.bbox));
    }
  }

  private beginAnnotation(rect: ArrayLike<number> | null, transform: Matrix, matrix: Matrix): void {
    this.annotationStack.push({ state: this.state, stack: this.stack.splice(0) });
    this.state = this.initialState();
    if (rect) this.clipTo(transformedBox(this.viewportTransform, rect));
    this.state.ctm = multiplyMatrices(multiplyMatrices(this.viewportTransform, transform), matrix);
  }

  private endAnnotation(): void {
    const outer = this.annotationStack.pop();
    if (!outer) return;
    this.state = outer.state;
    this.stack.splice(0, this.stack.length, ...outer.stack);
  }

  private optionalContentOf(tag: unknown, group: { type?: string; id?: string; ids?: string[] } | null | undefined): MarkedContent {
    if (tag !== 'OC' || !group) return { visible: true, layer: this.layer };
    const ids = group.type === 'OCG' ? [group.id] : (group.ids ?? []);
    const name = ids.length === 1 && ids[0] ? this.optionalContent.getGroup(ids[0])?.name : null;
    return { visible: this.optionalContent.isVisible(group), layer: typeof name === 'string' ? name : this.layer };
  }

  private get painting(): boolean {
    return !this.state.maskContent && this.markedContent.every((content) => content.visible);
  }

  /** The innermost layer named round what is painted now. */
  private get layer(): string | null {
    return this.markedContent.at(-1)?.layer ?? null;
  }

  private constructPath(op: number, data: ArrayLike<number> | null): void {
    const subpaths = data ? buildSubpaths(data, this.state.ctm) : [];
    const paint = PAINT_BY_OP.get(op);
    if (paint && subpaths.length > 0) this.paintPath(subpaths, paint);
    // A clipping path limits what comes after it, not the path it is painted with.
    if (this.pendingClip) {
      this.clipTo(subpaths.length > 0 ? subpathsBBox(subpaths) : EMPTY_BOX);
      const region = clipRegionOf(subpaths, this.pendingClip.evenOdd);
      if (region) this.state.clipRegions = [...this.state.clipRegions, region];
      this.pendingClip = null;
    }
  }

  /** The part of the page that painting can still reach, or null when the clip hides everything. */
  private visibleArea(): BBox | null {
    const area = this.state.clip === null ? this.page : intersectBoxes(this.state.clip, this.page);
    return isEmptyBox(area) ? null : area;
  }

  private paintPath(subpaths: SubPath[], paint: PaintOptions, fillPaint = this.state.fillPaint): void {
    if (!this.painting || this.visibleArea() === null) return;
    const state = this.state;
    let stroke: StrokeStyle | null = null;
    if (paint.stroke && state.strokePaint !== 'none') {
      const scale = lengthScale(state.ctm);
      const dash = state.dash && dashWithPhase(state.dash.lengths, state.dash.phase);
      stroke = {
        width: state.lineWidth * scale,
        color: [...state.strokePaint, state.strokeAlpha * state.groupAlpha],
        dash: dash && dash.map((length) => length * scale),
      };
    }
    const fill =
      paint.fill && fillPaint !== 'none'
        ? { color: [...fillPaint, state.fillAlpha * state.groupAlpha] as RGBA, evenOdd: paint.evenOdd }
        : null;
    if (!stroke && !fill) return;
    // A clip box the path lies within is no clip (Cairo clips every stroke to its own extent,
    // and boxes like that would keep a line's duplicates apart); one it runs out of cuts it.
    const bbox = subpathsBBox(subpaths);
    const clip = state.clip !== null && !boxContains(state.clip, this.page) && !boxContains(state.clip, bbox) ? state.clip : null;
    const regions = clip ? [...state.clipRegions, boxRegion(clip)] : state.clipRegions;
    const layer = this.layer;
    const push = (geometry: SubPath[], pathStroke: StrokeStyle | null, pathFill: FillStyle | null) => {
      if (geometry.length === 0) return;
      this.paths.push({ index: this.paths.length, subpaths: geometry, stroke: pathStroke, fill: pathFill, clip, bbox: geometry === subpaths ? bbox : subpathsBBox(geometry), layer });
    };
    if (regions.length === 0) return push(subpaths, stroke, fill);
    const filled = fill && clipFill(subpaths, fill.evenOdd, regions);
    const stroked = stroke && clipStroke(subpaths, regions);
    if ((!filled || filled.subpaths === subpaths) && (!stroked || stroked === subpaths)) return push(subpaths, stroke, fill);
    // The fill's visible region and the stroke's visible pieces no longer share one geometry.
    if (fill && filled) push(filled.subpaths, null, { ...fill, evenOdd: filled.evenOdd });
    if (stroke && stroked) push(stroked, stroke, null);
  }

  /** A shading fills the whole clipped area with colours that vary; it is kept as that area. */
  private paintShading(): void {
    const area = this.visibleArea();
    if (area === null) return;
    const [x0, y0, x1, y1] = area;
    const corners: Position[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    this.paintPath([polygonSubpath(corners)], { stroke: false, fill: true, evenOdd: false }, PATTERN_COLOR);
  }

  private paintImage(matrix: Matrix, size: ImageArgs | null): void {
    const area = this.visibleArea();
    if (!this.painting || area === null) return;
    const corners = unitSquareCorners(matrix);
    const bbox = boxOfPoints(corners);
    // Images are not cleaned up later, so one that cannot show is left out here.
    if (!boxesTouch(bbox, area)) return;
    this.images.push({
      index: this.images.length,
      corners,
      bbox,
      widthPx: size?.width ?? 0,
      heightPx: size?.height ?? 0,
    });
  }
}

function polygonSubpath(corners: Position[]): SubPath {
  return {
    segments: corners.map((from, i) => ({ kind: 'line', from, to: corners[(i + 1) % corners.length] })),
    closed: true,
  };
}

function unitSquarePath(m: Matrix): SubPath[] {
  return [polygonSubpath(unitSquareCorners(m))];
}

export interface ExtractOptions {
  /** Drop invisible paint and merge duplicates (default); false keeps everything painted, as painted. */
  cleanUp?: boolean;
}

/**
 * Every stroke, fill and image of the sheet's first page in blueprint coordinates, in paint order.
 * Hidden optional-content layers and soft-mask shapes are not painted, so they are not returned.
 */
export async function extractPrimitives(sheet: OpenSheet, { cleanUp = true }: ExtractOptions = {}): Promise<SheetPrimitives> {
  const [operatorList, optionalContent] = await Promise.all([
    sheet.page.getOperatorList(),
    sheet.doc.getOptionalContentConfig(),
  ]);
  const page: BBox = [0, 0, sheet.info.widthPx, sheet.info.heightPx];
  const imageSize = (objId: string): ImageArgs | null => {
    const objs = objId.startsWith('g_') ? sheet.page.commonObjs : sheet.page.objs;
    return objs.has(objId) ? (objs.get(objId) as ImageArgs) : null;
  };
  const collector = new PrimitiveCollector(
    Array.from(sheet.viewport.transform) as Matrix,
    page,
    optionalContent,
    imageSize,
  );
  collector.run(operatorList.fnArray, operatorList.argsArray);
  const drawn = collector.paths.map(withoutRetracing);
  const paths = cleanUp ? mergeDuplicatePaths(dropInvisiblePaths(drawn, page)) : drawn;
  return { paths, images: collector.images };
}

// ---------------------------------------------------------------------------------------------
// Clean-up

/** Endpoints this close (blueprint units) are one point to `withoutRetracing`. */
const RETRACE_TOLERANCE = 0.01;

function undirectedKey(from: Position, to: Position): string {
  const [p, q] = from[0] < to[0] || (from[0] === to[0] && from[1] <= to[1]) ? [from, to] : [to, from];
  const round = (v: number) => Math.round(v / RETRACE_TOLERANCE);
  return `${round(p[0])},${round(p[1])},${round(q[0])},${round(q[1])}`;
}

/**
 * A subpath is taken as passes over its own pieces where this share of its straight pieces, and
 * at least this many, retrace earlier ones: a small symbol drawn turning back on itself (a plant,
 * a tick drawn out and back) keeps its shape, for its pieces' order tells arcs and glyphs apart.
 */
const RETRACED_SHARE = 0.5;
const FEWEST_RETRACED = 8;

/**
 * A stroked path with each straight piece drawn once, where it is mostly retraced. Some AutoCAD
 * drivers stroke a wide pen by running back and forth over each line (a government office plan
 * drew its 16 thousand strokes as a million pieces, up to 212 passes each); that paints nothing
 * more, but every stage after would look at each pass. A subpath mostly retraced is split where
 * a retraced piece is left out. A closed one, or a filled path, is kept as drawn, since its
 * outline bounds paint.
 */
function withoutRetracing(path: VectorPath): VectorPath {
  if (path.fill || !path.stroke) return path;
  let changed = false;
  const subpaths = path.subpaths.flatMap((subpath): SubPath[] => {
    if (subpath.closed || subpath.segments.length < 2) return [subpath];
    const seen = new Set<string>();
    const firstPasses = subpath.segments.map((segment) => {
      if (segment.kind !== 'line') return true;
      const key = undirectedKey(segment.from, segment.to);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const retraced = firstPasses.filter((first) => !first).length;
    if (retraced < FEWEST_RETRACED || retraced < RETRACED_SHARE * subpath.segments.length) return [subpath];
    changed = true;
    const runs: SubPath[] = [];
    let run: Segment[] = [];
    subpath.segments.forEach((segment, k) => {
      if (firstPasses[k]) run.push(segment);
      else if (run.length > 0) {
        runs.push({ segments: run, closed: false });
        run = [];
      }
    });
    if (run.length > 0) runs.push({ segments: run, closed: false });
    return runs;
  });
  return changed ? { ...path, subpaths } : path;
}

function renumber(paths: VectorPath[]): VectorPath[] {
  return paths.map((path, index) => (path.index === index ? path : { ...path, index }));
}

/** Fills smaller than this (square blueprint units) cannot be seen at any zoom the product offers. */
const ZERO_AREA = 1e-3;

function paintedArea(subpaths: SubPath[]): number {
  let area = 0;
  for (const subpath of subpaths) {
    const points = subpathPolyline(subpath, 0.25);
    let twice = 0;
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i];
      const [x1, y1] = points[(i + 1) % points.length];
      twice += x0 * y1 - x1 * y0;
    }
    area += Math.abs(twice) / 2;
  }
  return area;
}

/**
 * Removes paint nobody can see: fully transparent strokes and fills, fills without area, and paths
 * entirely off the page or outside their clip. White fills stay: they mask what lies under them.
 * The result is renumbered so that `paths[i].index === i`.
 */
export function dropInvisiblePaths(paths: VectorPath[], page: BBox): VectorPath[] {
  const visible: VectorPath[] = [];
  for (const path of paths) {
    const stroke = path.stroke && path.stroke.color[3] > 0 ? path.stroke : null;
    const fill = path.fill && path.fill.color[3] > 0 && paintedArea(path.subpaths) > ZERO_AREA ? path.fill : null;
    if (!stroke && !fill) continue;
    const reach = (stroke?.width ?? 0) / 2;
    if (!boxesTouch(path.bbox, page, reach)) continue;
    if (path.clip && !boxesTouch(path.bbox, path.clip, reach)) continue;
    visible.push(stroke === path.stroke && fill === path.fill ? path : { ...path, stroke, fill });
  }
  return renumber(visible);
}

function near(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance;
}

function nearPoints(a: Position, b: Position, tolerance: number): boolean {
  return near(a[0], b[0], tolerance) && near(a[1], b[1], tolerance);
}

function nearBoxes(a: BBox | null, b: BBox | null, tolerance: number): boolean {
  if (a === null || b === null) return a === b;
  return a.every((value, i) => near(value, b[i], tolerance));
}

function sameColor(a: RGBA, b: RGBA): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && near(a[3], b[3], 1e-3);
}

function sameStroke(a: StrokeStyle | null, b: StrokeStyle | null, tolerance: number): boolean {
  if (a === null || b === null) return a === b;
  if (!near(a.width, b.width, 1e-3) || !sameColor(a.color, b.color)) return false;
  if (a.dash === null || b.dash === null) return a.dash === b.dash;
  return a.dash.length === b.dash.length && a.dash.every((length, i) => near(length, b.dash![i], tolerance));
}

function sameStyle(a: VectorPath, b: VectorPath, tolerance: number): boolean {
  if (a.layer !== b.layer || !sameStroke(a.stroke, b.stroke, tolerance) || !nearBoxes(a.clip, b.clip, tolerance)) return false;
  if (a.fill === null || b.fill === null) return a.fill === b.fill;
  return a.fill.evenOdd === b.fill.evenOdd && sameColor(a.fill.color, b.fill.color);
}

function reverseSegment(segment: Segment): Segment {
  return segment.kind === 'line'
    ? { kind: 'line', from: segment.to, to: segment.from }
    : { kind: 'cubic', from: segment.to, c1: segment.c2, c2: segment.c1, to: segment.from };
}

function sameSegments(a: Segment[], b: Segment[], tolerance: number): boolean {
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const other = b[i];
    if (segment.kind !== other.kind || !nearPoints(segment.from, other.from, tolerance) || !nearPoints(segment.to, other.to, tolerance)) {
      return false;
    }
    return segment.kind === 'line' || other.kind === 'line'
      ? true
      : nearPoints(segment.c1, other.c1, tolerance) && nearPoints(segment.c2, other.c2, tolerance);
  });
}

/** Same geometry within `tolerance`; an open polyline drawn in the opposite direction counts too. */
function sameGeometry(a: VectorPath, b: VectorPath, tolerance: number): boolean {
  if (a.subpaths.length !== b.subpaths.length) return false;
  const forward = a.subpaths.every(
    (subpath, i) => subpath.closed === b.subpaths[i].closed && sameSegments(subpath.segments, b.subpaths[i].segments, tolerance),
  );
  if (forward || a.subpaths.length !== 1 || a.subpaths[0].closed || b.subpaths[0].closed) return forward;
  return sameSegments(a.subpaths[0].segments, b.subpaths[0].segments.map(reverseSegment).reverse(), tolerance);
}

/**
 * CAD exports often draw the same stroke twice, or a line as overlapping collinear pieces. This
 * keeps one copy of paths that match in style and in geometry within `tolerance` blueprint units,
 * and joins overlapping collinear solid lines of the same style into one line. A kept or joined
 * path takes the paint-order place of the last copy, which is the one that showed on top.
 * The result is renumbered so that `paths[i].index === i`.
 */
export function mergeDuplicatePaths(paths: VectorPath[], tolerance = 0.05): VectorPath[] {
  const duplicate = duplicateFlags(paths, tolerance);
  const kept = paths.filter((_, i) => !duplicate[i]);
  return renumber(mergeCollinearLines(kept, tolerance));
}

function duplicateFlags(paths: VectorPath[], tolerance: number): boolean[] {
  const duplicate = new Array<boolean>(paths.length).fill(false);
  if (paths.length < 2) return duplicate;
  // Duplicates share their box corner, so an index of corners finds candidates without comparing all pairs.
  const corners = new Flatbush(paths.length);
  for (const path of paths) corners.add(path.bbox[0], path.bbox[1], path.bbox[0], path.bbox[1]);
  corners.finish();
  for (let i = paths.length - 1; i >= 0; i--) {
    if (duplicate[i]) continue;
    const path = paths[i];
    const [x0, y0] = path.bbox;
    for (const j of corners.search(x0 - tolerance, y0 - tolerance, x0 + tolerance, y0 + tolerance)) {
      if (j >= i || duplicate[j]) continue;
      const other = paths[j];
      if (nearBoxes(path.bbox, other.bbox, tolerance) && sameStyle(path, other, tolerance) && sameGeometry(path, other, tolerance)) {
        duplicate[j] = true;
      }
    }
  }
  return duplicate;
}

interface LinePiece {
  /** Position in the path list. */
  order: number;
  from: Position;
  to: Position;
  length: number;
  /** Unit direction from `from` to `to`. */
  ux: number;
  uy: number;
}

/** A single solid straight stroke with no fill: the only kind of path a collinear join can replace. */
function asLinePiece(path: VectorPath, order: number, tolerance: number): LinePiece | null {
  if (path.fill || !path.stroke || path.stroke.dash || path.subpaths.length !== 1) return null;
  const [subpath] = path.subpaths;
  if (subpath.closed || subpath.segments.length !== 1 || subpath.segments[0].kind !== 'line') return null;
  const { from, to } = subpath.segments[0];
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  if (length <= tolerance) return null;
  return { order, from, to, length, ux: (to[0] - from[0]) / length, uy: (to[1] - from[1]) / length };
}

function distanceFromLine(line: LinePiece, point: Position): number {
  return Math.abs((point[0] - line.from[0]) * line.uy - (point[1] - line.from[1]) * line.ux);
}

function alongLine(line: LinePiece, point: Position): number {
  return (point[0] - line.from[0]) * line.ux + (point[1] - line.from[1]) * line.uy;
}

/** Collinear within `tolerance` and sharing more than `tolerance` of their length. */
function overlapCollinear(a: LinePiece, b: LinePiece, tolerance: number): boolean {
  if (
    distanceFromLine(a, b.from) > tolerance ||
    distanceFromLine(a, b.to) > tolerance ||
    distanceFromLine(b, a.from) > tolerance ||
    distanceFromLine(b, a.to) > tolerance
  ) {
    return false;
  }
  const t0 = alongLine(a, b.from);
  const t1 = alongLine(a, b.to);
  return Math.min(a.length, Math.max(t0, t1)) - Math.max(0, Math.min(t0, t1)) > tolerance;
}

function styleKey(path: VectorPath): string {
  const stroke = path.stroke!;
  const clip = path.clip ? path.clip.map((value) => value.toFixed(1)).join(',') : '';
  return `${stroke.width.toFixed(3)}|${stroke.color.join(',')}|${clip}|${path.layer ?? ''}`;
}

function mergeCollinearLines(paths: VectorPath[], tolerance: number): VectorPath[] {
  const groups = new Map<string, LinePiece[]>();
  for (let order = 0; order < paths.length; order++) {
    const piece = asLinePiece(paths[order], order, tolerance);
    if (!piece) continue;
    const key = styleKey(paths[order]);
    const group = groups.get(key);
    if (group) group.push(piece);
    else groups.set(key, [piece]);
  }
  const replacement = new Map<number, VectorPath | null>();
  for (const pieces of groups.values()) {
    for (const run of overlappingRuns(pieces, tolerance)) {
      const joined = joinRun(run, paths, tolerance);
      if (!joined) continue;
      const last = run[run.length - 1].order;
      for (const piece of run) replacement.set(piece.order, piece.order === last ? joined : null);
    }
  }
  const merged: VectorPath[] = [];
  paths.forEach((path, order) => {
    const replaced = replacement.get(order);
    if (replaced === undefined) merged.push(path);
    else if (replaced !== null) merged.push(replaced);
  });
  return merged;
}

/** Length of the stretches long lines are indexed as, in blueprint units. */
const INDEX_STRETCH = 32;

/** Groups of two or more pieces connected by collinear overlaps, each sorted by paint order. */
function overlappingRuns(pieces: LinePiece[], tolerance: number): LinePiece[][] {
  if (pieces.length < 2) return [];
  const parent = pieces.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  // Two collinear pieces overlap only if an end of one lies on the other. Long pieces are indexed
  // as short stretches: whole boxes of diagonal lines (hatching) would overlap nearly everything.
  const stretchCounts = pieces.map((piece) => Math.max(1, Math.ceil(piece.length / INDEX_STRETCH)));
  const index = new Flatbush(stretchCounts.reduce((sum, count) => sum + count, 0));
  const stretchOwner: number[] = [];
  pieces.forEach(({ from, to }, i) => {
    const count = stretchCounts[i];
    for (let k = 0; k < count; k++) {
      const [x0, y0] = [from[0] + ((to[0] - from[0]) * k) / count, from[1] + ((to[1] - from[1]) * k) / count];
      const [x1, y1] = [from[0] + ((to[0] - from[0]) * (k + 1)) / count, from[1] + ((to[1] - from[1]) * (k + 1)) / count];
      index.add(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
      stretchOwner.push(i);
    }
  });
  index.finish();
  pieces.forEach((piece, i) => {
    for (const [x, y] of [piece.from, piece.to]) {
      for (const stretch of index.search(x - tolerance, y - tolerance, x + tolerance, y + tolerance)) {
        const j = stretchOwner[stretch];
        if (j !== i && root(i) !== root(j) && overlapCollinear(piece, pieces[j], tolerance)) parent[root(j)] = root(i);
      }
    }
  });
  const runs = new Map<number, LinePiece[]>();
  pieces.forEach((piece, i) => {
    const run = runs.get(root(i));
    if (run) run.push(piece);
    else runs.set(root(i), [piece]);
  });
  return [...runs.values()].filter((run) => run.length > 1).map((run) => run.sort((a, b) => a.order - b.order));
}

/**
 * One line spanning a run, from its extreme original endpoints; null when a chain of overlaps
 * drifts further than `tolerance` from a single line, which a join would distort.
 */
function joinRun(run: LinePiece[], paths: VectorPath[], tolerance: number): VectorPath | null {
  const reference = run.reduce((longest, piece) => (piece.length > longest.length ? piece : longest));
  const ends = run.flatMap((piece) => [piece.from, piece.to]);
  if (ends.some((point) => distanceFromLine(reference, point) > tolerance)) return null;
  let first = ends[0];
  let last = ends[0];
  for (const point of ends) {
    if (alongLine(reference, point) < alongLine(reference, first)) first = point;
    if (alongLine(reference, point) > alongLine(reference, last)) last = point;
  }
  const template = paths[run[run.length - 1].order];
  const subpaths: SubPath[] = [{ segments: [{ kind: 'line', from: first, to: last }], closed: false }];
  return { ...template, subpaths, bbox: subpathsBBox(subpaths) };
}

// ---------------------------------------------------------------------------------------------
// Spatial index

export interface SpatialIndex {
  /** Paths whose bounding box intersects or touches `bbox`, in paint order. */
  search(bbox: BBox): VectorPath[];
  /** Paths by increasing distance from `point` to their bounding box. */
  neighbors(point: Position, maxResults?: number, maxDistance?: number): VectorPath[];
}

export function buildSpatialIndex(paths: VectorPath[]): SpatialIndex {
  if (paths.length === 0) return { search: () => [], neighbors: () => [] };
  const index = new Flatbush(paths.length);
  for (const { bbox } of paths) index.add(bbox[0], bbox[1], bbox[2], bbox[3]);
  index.finish();
  return {
    search: ([x0, y0, x1, y1]) => index.search(x0, y0, x1, y1).sort((a, b) => a - b).map((i) => paths[i]),
    neighbors: ([x, y], maxResults, maxDistance) => index.neighbors(x, y, maxResults, maxDistance).map((i) => paths[i]),
  };
}
