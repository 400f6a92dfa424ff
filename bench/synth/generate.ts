// Synthetic floor-plan sheets with exact ground truth, for the recognition accuracy benchmark and
// recognition tests. A sheet is a pure function of its options: the same seed gives the same bytes.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  METRES_PER_INCH,
  MODEL_UNIT_METRES,
  PAGE_SIZES,
  PAGE_SIZES_BY_UNITS,
  SCALES,
  formatArea,
  formatDimension,
  type DimensionFormat,
  type PageSizeName,
  type ScaleSpec,
  type UnitSystem,
} from './catalog.ts';
import { DPI, PENS, Pen, UNITS_PER_MM, drawItem, drawOpening, drawWalls, type OpeningStyle, type Transform, type WallStyle } from './draw.ts';
import type { FixtureKind } from './furnish.ts';
import { boundsOf, difference, rectRing, union, type Point, type Polygon, type Rect } from './geometry.ts';
import { buildPlan, openingGap, smallestBuilding, wallRect, type DoorKind, type OpeningKind, type Plan, type Program } from './layouts.ts';
import { Random } from './random.ts';
import {
  chainPoints,
  drawBorder,
  drawDimensionChain,
  drawDrawingTitle,
  drawKeyPlan,
  drawNorthArrow,
  drawScaleBar,
  drawTable,
  drawTitleBlock,
  lettering,
  type Fonts,
  type Lettering,
  type Side,
  type TickStyle,
  type TitleBlockText,
} from './sheet.ts';
import { buildTruth, type SheetTruth } from './truth.ts';

export type { WallStyle } from './draw.ts';
export type { FixtureKind } from './furnish.ts';
export type { OpeningKind, Program } from './layouts.ts';
export type { PageSizeName, UnitSystem } from './catalog.ts';
export type { FixtureTruth, OpeningTruth, Position, RoomTruth, SheetTruth, WallTruth } from './truth.ts';

export type Legend = 'door schedule' | 'room schedule' | 'none';

export interface SheetOptions {
  seed: number;
  wallStyle?: WallStyle;
  units?: UnitSystem;
  pageSize?: PageSizeName;
  orientation?: 'landscape' | 'portrait';
  program?: Program;
  /** false: the sheet prints no scale at all (truth `scale: null`); the drawing is still to scale. */
  withScaleNote?: boolean;
  /** One of the notes in catalog SCALES, e.g. `1/4" = 1'-0"` or `SCALE 1 : 200`; it must fit the page. */
  scaleNote?: string;
  stairs?: boolean;
  elevator?: boolean;
  entryDoor?: 'single swing door' | 'double swing door';
  patioDoor?: boolean;
  showAreas?: boolean;
  /** Print each room's gross area (to the centre lines of shared walls, the outer face outside), as area plans do. */
  grossAreas?: boolean;
  legend?: Legend;
  keyPlan?: boolean;
  northArrow?: boolean;
  scaleBar?: boolean;
  /** Window sills standing proud of both wall faces (construction plans). */
  windowSills?: boolean;
  /** Kinds that must appear; layouts are drawn again (deterministically) until they do. */
  require?: { openings?: OpeningKind[]; fixtures?: FixtureKind[] };
  /** File name recorded in the truth. */
  name?: string;
}

export interface GeneratedSheet {
  pdf: Uint8Array;
  truth: SheetTruth;
}

const WALL_STYLES: readonly WallStyle[] = ['poche', 'outline', 'hatched'];

const FIRMS = ['NORTHLINE ARCHITECTS', 'STUDIO KESTREL', 'BRANDT & OYELARAN', 'MERIDIAN DESIGN GROUP', 'ATELIER VOSS', 'HALVORSEN PARTNERS'];
const PROJECTS = ['RESIDENCE AT 14 OAK LANE', 'HARBOUR VIEW HOUSE', 'MAPLE COURT OFFICES', 'THE LINDEN BUILDING', 'WILLOW CREEK HOME', 'CIVIC WORKS ANNEX'];
const STREETS = ['210 MARKET STREET', '48 QUAY ROAD', '1200 ELM AVENUE', '7 STATION SQUARE'];
const TITLES: Record<Program, string[]> = {
  residential: ['FLOOR PLAN', 'GROUND FLOOR PLAN', 'FIRST FLOOR PLAN', 'MAIN LEVEL PLAN'],
  commercial: ['LEVEL 1 PLAN', 'FIRST FLOOR PLAN', 'OFFICE FLOOR PLAN'],
};
const DOOR_TYPES: Record<DoorKind, string> = {
  'single swing door': 'SINGLE SWING',
  'double swing door': 'DOUBLE SWING',
  'sliding door': 'SLIDING',
};

function findScale(note: string): { spec: ScaleSpec; units: UnitSystem } {
  for (const units of ['imperial', 'metric'] as const) {
    const spec = SCALES[units].find((s) => s.notes.includes(note));
    if (spec) return { spec, units };
  }
  throw new Error(`Unknown scale note ${JSON.stringify(note)}; use one from catalog SCALES`);
}

interface LabelFit {
  name: string;
  area: string | null;
  namePt: number;
  areaPt: number;
  width: number;
  height: number;
}

/** Sheet regions in blueprint units. */
interface SheetFrame {
  border: Rect;
  titleBlock: Rect;
  /** Above the title block: north arrow, schedule, key plan. */
  column: Rect;
  drawing: Rect;
}

function sheetFrame(widthUnits: number, heightUnits: number): SheetFrame {
  const mm = (v: number) => v * UNITS_PER_MM;
  const margin = Math.max(mm(7), Math.min(mm(15), 0.025 * Math.min(widthUnits, heightUnits)));
  const border = { x0: margin, y0: margin, x1: widthUnits - margin, y1: heightUnits - margin };
  const tbWidth = Math.max(mm(62), Math.min(mm(180), 0.22 * widthUnits));
  const tbHeight = Math.max(mm(42), Math.min(mm(75), 0.19 * heightUnits));
  const titleBlock = { x0: border.x1 - tbWidth, y0: border.y1 - tbHeight, x1: border.x1, y1: border.y1 };
  const pad = mm(4);
  return {
    border,
    titleBlock,
    column: { x0: titleBlock.x0 + pad, y0: border.y0 + pad, x1: border.x1 - pad, y1: titleBlock.y0 - pad },
    drawing: { x0: border.x0 + pad, y0: border.y0 + pad, x1: titleBlock.x0 - pad, y1: border.y1 - pad },
  };
}

/** Paper around the building, millimetres: dimension chains, then the drawing title below. */
function paperAround(dimensioned: Record<Side, boolean>): { left: number; right: number; top: number; bottom: number } {
  const chain = 24;
  const bare = 8;
  const title = 24;
  return {
    left: dimensioned.left ? chain : bare,
    right: dimensioned.right ? chain : bare,
    top: dimensioned.top ? chain : bare,
    bottom: (dimensioned.bottom ? chain : bare) + title,
  };
}

function chooseScale(rng: Random, units: UnitSystem, program: Program, availableMm: [number, number], note: string | undefined): { spec: ScaleSpec; note: string } {
  const [long, short] = smallestBuilding(program);
  const fits = (spec: ScaleSpec) => {
    const [w, h] = availableMm.map((v) => (v / 1000) * spec.ratio);
    return Math.max(w, h) >= long && Math.min(w, h) >= short;
  };
  if (note !== undefined) {
    const found = findScale(note);
    if (found.units !== units) throw new Error(`Scale note ${note} is not ${units}`);
    if (!fits(found.spec)) throw new Error(`A ${program} building does not fit the page at ${note}`);
    return { spec: found.spec, note };
  }
  const fitting = SCALES[units].filter(fits);
  if (fitting.length === 0) throw new Error(`No ${units} scale fits a ${program} building on this page`);
  const spec = fitting.length > 1 && rng.chance(0.25) ? fitting[1] : fitting[0];
  return { spec, note: rng.pick(spec.notes) };
}

function satisfies(plan: Plan<LabelFit>, require: SheetOptions['require']): boolean {
  const openings = new Set(plan.openings.map((o) => o.kind));
  const fixtures = new Set(plan.fixtures.map((f) => f.kind));
  return (require?.openings ?? []).every((k) => openings.has(k)) && (require?.fixtures ?? []).every((k) => fixtures.has(k));
}

/** Every choice a sheet makes, resolved from its options and, where they leave it open, its seed. */
interface Recipe {
  units: UnitSystem;
  wallStyle: WallStyle;
  pageSize: PageSizeName;
  orientation: 'landscape' | 'portrait';
  program: Program;
  withScaleNote: boolean;
  wantStairs: boolean;
  wantElevator: boolean;
  entryDoor: 'single swing door' | 'double swing door';
  patioDoor: boolean;
  showAreas: boolean;
  grossAreas: boolean;
  legend: Legend;
  keyPlan: boolean;
  northArrow: boolean;
  scaleBar: boolean;
  dimensioned: Record<Side, boolean>;
  tickStyle: TickStyle;
  dimensionFormat: DimensionFormat;
  pocheGray: number;
  hatchSpacingMm: number;
  openingStyle: OpeningStyle;
}

const SILL_SALT = 0x5111;

function resolveRecipe(options: SheetOptions, rng: Random): Recipe {
  const units = options.units ?? (options.scaleNote ? findScale(options.scaleNote).units : rng.pick(['imperial', 'metric'] as const));
  const pageSize = options.pageSize ?? rng.pick(PAGE_SIZES_BY_UNITS[units]);
  const smallPage = pageSize === 'Letter' || pageSize === 'A3' || pageSize === 'Tabloid';
  const program = options.program ?? (rng.chance(0.3) ? 'commercial' : 'residential');
  const withScaleNote = options.withScaleNote ?? !rng.chance(0.1);
  return {
    units,
    wallStyle: options.wallStyle ?? rng.pick(WALL_STYLES),
    pageSize,
    orientation: options.orientation ?? (smallPage && rng.chance(0.15) ? 'portrait' : 'landscape'),
    program,
    withScaleNote,
    wantStairs: options.stairs ?? rng.chance(program === 'commercial' ? 0.7 : 0.3),
    wantElevator: program === 'commercial' && (options.elevator ?? rng.chance(0.6)),
    entryDoor: options.entryDoor ?? (rng.chance(0.35) ? 'double swing door' : 'single swing door'),
    patioDoor: options.patioDoor ?? rng.chance(0.4),
    showAreas: options.grossAreas || (options.showAreas ?? rng.chance(0.5)),
    grossAreas: options.grossAreas ?? false,
    legend: options.legend ?? rng.pick(['door schedule', 'room schedule', 'none'] as const),
    keyPlan: options.keyPlan ?? rng.chance(0.35),
    northArrow: options.northArrow ?? rng.chance(0.6),
    scaleBar: withScaleNote && (options.scaleBar ?? rng.chance(0.5)),
    dimensioned: { top: true, left: true, bottom: rng.chance(0.4), right: rng.chance(0.4) },
    tickStyle: units === 'imperial' ? rng.pick(['slash', 'slash', 'dot'] as const) : rng.pick(['slash', 'dot', 'arrow'] as const),
    dimensionFormat: units === 'imperial' ? 'feet-inches' : rng.pick(['millimetres', 'centimetres'] as const),
    pocheGray: rng.pick([0, 0, 0.3, 0.5]),
    hatchSpacingMm: rng.pick([0.8, 1.0, 1.3]),
    openingStyle: {
      windowLines: rng.pick([2, 3] as const),
      leafAsRectangle: rng.chance(0.5),
      // Drawn from a stream of its own, so the sheets drawn before sills existed stay as they were.
      windowSills: options.windowSills ?? new Random(options.seed).fork(SILL_SALT).chance(0.4),
    },
  };
}

/** Where the plan lands: model units to blueprint units. */
interface Placement {
  toSheet: Transform;
  unitsPerModel: number;
}

interface SheetContext {
  pen: Pen;
  fonts: Fonts;
  letters: Lettering;
  recipe: Recipe;
  unitM: number;
}

/** Room labels: bold name, and the area under it when the sheet prints areas, shrunk to fit. */
function labelFitter({ pen, fonts, letters, recipe }: SheetContext, unitsPerModel: number) {
  return (name: string, areaM2: number, maxWidth: number): LabelFit => {
    const area = recipe.showAreas ? formatArea(areaM2, recipe.units) : null;
    const widthAt = (namePt: number, areaPt: number) =>
      Math.max(pen.textWidth(name, fonts.bold, namePt), area ? pen.textWidth(area, fonts.regular, areaPt) : 0) / unitsPerModel;
    const shrink = Math.min(1, maxWidth / widthAt(letters.roomName, letters.roomArea));
    const namePt = Math.max(4, letters.roomName * shrink);
    const areaPt = Math.max(3.5, letters.roomArea * shrink);
    const nameCap = pen.capHeight(fonts.bold, namePt);
    const height = (nameCap + (area ? nameCap * 0.6 + pen.capHeight(fonts.regular, areaPt) : 0)) / unitsPerModel;
    return { name, area, namePt, areaPt, width: widthAt(namePt, areaPt), height };
  };
}

/** A point this near a wall's rectangle (sheet units) lies on its face. */
const ON_FACE = 0.01;

/** Walls, then what sits in and on them, then the plan's annotation: the order CAD paints layers. */
function drawPlan(context: SheetContext, plan: Plan<LabelFit>, { toSheet, unitsPerModel }: Placement): void {
  const { pen, fonts, letters, recipe, unitM } = context;
  const gaps: Polygon[] = plan.openings.map((o) => [rectRing(openingGap(o))]);
  const solids = union(plan.walls.map((w) => [rectRing(wallRect(w))]));
  const material = solids.flatMap((solid) => difference(solid, gaps)).map((polygon) => polygon.map((ring) => ring.map(toSheet)));
  const outerWalls = plan.walls.filter((wall) => wall.exterior).map((wall) => boundsOf(rectRing(wallRect(wall)).map(toSheet)));
  const onOuterWall = ([x, y]: Point) => outerWalls.some(({ x0, y0, x1, y1 }) => x >= x0 - ON_FACE && x <= x1 + ON_FACE && y >= y0 - ON_FACE && y <= y1 + ON_FACE);
  drawWalls(pen, material, recipe.wallStyle, recipe.pocheGray, recipe.hatchSpacingMm, onOuterWall);
  for (const opening of plan.openings) drawOpening(pen, opening, toSheet, 1 / unitM, recipe.openingStyle);
  for (const item of [...plan.fixtures, ...plan.furniture]) drawItem(pen, item.kind, item.frame, toSheet, 1 / unitM, fonts.regular);
  for (const room of plan.rooms) {
    const { fit, upward } = room.label;
    const [cx, cy] = toSheet(room.label.center);
    const halfHeight = (fit.height * unitsPerModel) / 2;
    // Lettered up the sheet, the name's line stands to the left of the area's.
    const [nameAt, areaAt]: Point[] = upward ? [[cx - halfHeight, cy], [cx + halfHeight, cy]] : [[cx, cy - halfHeight], [cx, cy + halfHeight]];
    const angle = upward ? 90 : 0;
    pen.text(fit.name, nameAt, { font: fonts.bold, sizePt: fit.namePt, align: 'center', baseline: 'top', angle });
    if (fit.area) pen.text(fit.area, areaAt, { font: fonts.regular, sizePt: fit.areaPt, align: 'center', angle });
  }
  for (const side of ['top', 'left', 'bottom', 'right'] as const) {
    if (!recipe.dimensioned[side]) continue;
    const style = { format: recipe.dimensionFormat, tick: recipe.tickStyle, unitM, fonts, letters };
    drawDimensionChain(pen, chainPoints(plan.walls, plan.footprint, side), side, toSheet, style);
  }
}

function drawScaleBarFor(context: SheetContext, spec: ScaleSpec, at: Point): void {
  const metric = context.recipe.units === 'metric';
  const nice = metric ? [0.5, 1, 2, 5, 10] : [1, 2, 4, 5, 8, 10, 20];
  // Real metres or feet per millimetre of paper.
  const realPerMm = (spec.ratio / 1000) * (metric ? 1 : 1 / 0.3048);
  const segment = nice.find((n) => n / realPerMm >= 8) ?? nice[nice.length - 1];
  drawScaleBar(context.pen, at, segment, (segment / realPerMm) * UNITS_PER_MM, metric ? 'm' : 'ft', context.fonts, context.letters);
}

/** North arrow, a schedule table and a key plan, stacked above the title block. */
function drawColumn(context: SheetContext, plan: Plan<LabelFit>, column: Rect): void {
  const { pen, fonts, letters, recipe, unitM } = context;
  const mm = (v: number) => v * UNITS_PER_MM;
  let top = column.y0;
  if (recipe.northArrow) {
    const radius = mm(6) * (letters.title / 16);
    drawNorthArrow(pen, [column.x1 - radius - mm(4), top + radius + mm(8)], radius, fonts, letters);
    top += 2 * radius + mm(14);
  }
  if (recipe.legend !== 'none') {
    const box = { ...column, y0: top, y1: recipe.keyPlan ? (top + column.y1) / 2 : column.y1 };
    const doors = plan.openings.filter((o) => o.kind !== 'window');
    const used =
      recipe.legend === 'door schedule'
        ? drawTable(
            pen,
            box,
            'DOOR SCHEDULE',
            [
              { title: 'MARK', share: 1 },
              { title: 'WIDTH', share: 1.3 },
              { title: 'TYPE', share: 2.2 },
            ],
            doors.map((o, i) => [`D${String(i + 1).padStart(2, '0')}`, formatDimension(o.width * unitM, recipe.dimensionFormat), DOOR_TYPES[o.kind as DoorKind]]),
            fonts,
            letters,
          )
        : drawTable(
            pen,
            box,
            'ROOM SCHEDULE',
            [
              { title: 'ROOM', share: 2.2 },
              { title: 'AREA', share: 1 },
            ],
            // An area plan's schedule lists the areas its tags print.
            plan.rooms.map((r) => [r.name, formatArea(recipe.grossAreas ? r.grossAreaM2 : r.areaM2, recipe.units)]),
            fonts,
            letters,
          );
    top += used + mm(8);
  }
  if (recipe.keyPlan && column.y1 - top > mm(30)) {
    const size = Math.min((column.x1 - column.x0) * 0.45, column.y1 - top);
    const x0 = (column.x0 + column.x1) / 2 - size / 2;
    drawKeyPlan(pen, { x0, y0: top, x1: x0 + size, y1: top + size }, plan.footprint, fonts, letters);
  }
}

export async function generateSheet(options: SheetOptions): Promise<GeneratedSheet> {
  const rng = new Random(options.seed);
  const recipe = resolveRecipe(options, rng);
  const { units, program } = recipe;
  const paper = PAGE_SIZES[recipe.pageSize];
  const [widthIn, heightIn] = recipe.orientation === 'landscape' ? [paper.widthIn, paper.heightIn] : [paper.heightIn, paper.widthIn];
  const frame = sheetFrame(widthIn * DPI, heightIn * DPI);
  const around = paperAround(recipe.dimensioned);
  const mm = (v: number) => v * UNITS_PER_MM;
  const space = {
    x0: frame.drawing.x0 + mm(around.left),
    x1: frame.drawing.x1 - mm(around.right),
    y0: frame.drawing.y0 + mm(around.top),
    y1: frame.drawing.y1 - mm(around.bottom),
  };
  const { spec, note } = chooseScale(rng, units, program, [(space.x1 - space.x0) / UNITS_PER_MM, (space.y1 - space.y0) / UNITS_PER_MM], options.scaleNote);
  const unitsPerMetre = DPI / METRES_PER_INCH / spec.ratio;
  const unitM = MODEL_UNIT_METRES[units];
  const unitsPerModel = unitsPerMetre * unitM;

  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([widthIn * 72, heightIn * 72]);
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const context: SheetContext = { pen: new Pen(page), fonts, letters: lettering(Math.min(widthIn, heightIn)), recipe, unitM };

  let plan: Plan<LabelFit> | null = null;
  for (let attempt = 0; attempt < 80 && plan === null; attempt++) {
    const candidate = buildPlan(rng.fork(attempt), {
      units,
      program,
      maxWidthM: ((space.x1 - space.x0) / unitsPerMetre),
      maxDepthM: ((space.y1 - space.y0) / unitsPerMetre),
      wantStairs: recipe.wantStairs,
      wantElevator: recipe.wantElevator,
      entryDoor: recipe.entryDoor,
      patioDoor: recipe.patioDoor,
      fitLabel: labelFitter(context, unitsPerModel),
      grossAreas: recipe.grossAreas,
    });
    if (candidate !== null && satisfies(candidate, options.require)) plan = candidate;
  }
  if (plan === null) throw new Error(`No layout for seed ${options.seed} met the requirements`);

  // The building sits in the middle of the space the dimension chains and the title leave.
  const bounds = boundsOf(plan.footprint);
  const ox = Math.round((space.x0 + space.x1) / 2 - ((bounds.x0 + bounds.x1) / 2) * unitsPerModel);
  const oy = Math.round((space.y0 + space.y1) / 2 - ((bounds.y0 + bounds.y1) / 2) * unitsPerModel);
  const toSheet: Transform = ([x, y]) => [ox + x * unitsPerModel, oy + y * unitsPerModel];
  drawPlan(context, plan, { toSheet, unitsPerModel });

  const { pen, letters } = context;
  const drawingTitle = rng.pick(TITLES[program]);
  const titleAt: Point = [toSheet([bounds.x0, 0])[0], toSheet([0, bounds.y1])[1] + mm(around.bottom - 14)];
  const noteBox = drawDrawingTitle(pen, titleAt, drawingTitle, recipe.withScaleNote ? note : null, fonts, letters);
  if (recipe.scaleBar) drawScaleBarFor(context, spec, [noteBox.x1 + mm(12), noteBox.y1 - mm(2)]);
  drawBorder(pen, frame.border);
  pen.line([frame.titleBlock.x0, frame.border.y0], [frame.titleBlock.x0, frame.titleBlock.y0], PENS.annotation);
  const project = rng.pick(PROJECTS);
  const sheetNumber = rng.pick(['A-101', 'A1.01', 'A-201', 'A2', 'A-100']);
  const title: TitleBlockText = {
    firm: rng.pick(FIRMS),
    project,
    address: rng.pick(STREETS),
    drawingTitle,
    sheetNumber,
    date: `${String(rng.int(1, 28)).padStart(2, '0')}/${String(rng.int(1, 12)).padStart(2, '0')}/20${rng.int(18, 25)}`,
    drawnBy: rng.pick(['JK', 'AM', 'RT', 'LB', 'CW']),
    scale: recipe.withScaleNote ? spec.notes[0] : null,
  };
  drawTitleBlock(pen, frame.titleBlock, title, fonts, letters);
  drawColumn(context, plan, frame.column);

  doc.setTitle(`${project} - ${sheetNumber} ${drawingTitle}`);
  doc.setCreator('blueprint-takeoff bench/synth');
  const pdf = await doc.save();

  const truth = buildTruth(plan, toSheet, 1 / unitsPerMetre, {
    pdf: options.name ?? `synth-${options.seed}.pdf`,
    page: { widthPt: widthIn * 72, heightPt: heightIn * 72 },
    dpi: DPI,
    scale: recipe.withScaleNote ? { ...spec.scale, label: note } : null,
    sheet: { seed: options.seed, units, pageSize: recipe.pageSize, orientation: recipe.orientation, wallStyle: recipe.wallStyle, windowSills: recipe.openingStyle.windowSills, program, drawnScale: spec.notes[0] },
  });
  return { pdf, truth };
}

/** Page and scale pairs that fit the programme drawn on them; the suite cycles through them. */
const SUITE_SHEETS: { units: UnitSystem; pageSize: PageSizeName; scaleNote: string; program: Program; orientation?: 'portrait' }[] = [
  { units: 'imperial', pageSize: 'ARCH D', scaleNote: `1/4" = 1'-0"`, program: 'residential' },
  { units: 'metric', pageSize: 'A1', scaleNote: '1:50', program: 'residential' },
  { units: 'imperial', pageSize: 'ARCH C', scaleNote: `3/16"=1'`, program: 'commercial' },
  { units: 'metric', pageSize: 'A3', scaleNote: 'SCALE 1 : 100', program: 'residential' },
  { units: 'imperial', pageSize: 'Tabloid', scaleNote: `1/8" = 1'-0"`, program: 'residential' },
  { units: 'metric', pageSize: 'A3', scaleNote: 'M 1:50', program: 'residential' },
  { units: 'imperial', pageSize: 'Letter', scaleNote: `1" = 10'`, program: 'residential', orientation: 'portrait' },
  { units: 'metric', pageSize: 'A3', scaleNote: 'SCALE 1 : 200', program: 'commercial' },
  { units: 'imperial', pageSize: 'ARCH D', scaleNote: `SCALE: 1/8" = 1'-0"`, program: 'commercial' },
  { units: 'metric', pageSize: 'A1', scaleNote: 'SCALE 1 : 100', program: 'commercial' },
  { units: 'imperial', pageSize: 'ARCH C', scaleNote: `SCALE: 1/4" = 1'-0"`, program: 'residential' },
  { units: 'metric', pageSize: 'A3', scaleNote: '1:100', program: 'residential' },
];

/** Options of sheet `index` of a suite: every wall style, unit system, opening and fixture kind, and a no-scale sheet, within the first eight. */
export function suiteOptions(index: number, seedBase: number): SheetOptions {
  const base = SUITE_SHEETS[index % SUITE_SHEETS.length];
  const residential = base.program === 'residential';
  const stairs = !residential || index % 4 === 0;
  const entryDoor = index % 3 === 1 ? 'double swing door' : 'single swing door';
  const patioDoor = index % 2 === 0;
  const openings: OpeningKind[] = ['single swing door', 'window'];
  if (entryDoor === 'double swing door') openings.push('double swing door');
  if (patioDoor) openings.push('sliding door');
  const fixtures: FixtureKind[] = ['toilet', 'sink'];
  if (residential) fixtures.push('cooktop', index % 2 === 1 ? 'bathtub' : 'shower');
  if (stairs) fixtures.push('stairs');
  if (!residential) fixtures.push('elevator');
  return {
    ...base,
    seed: seedBase + index,
    // Every sixth sheet draws its partitions in a lighter pen than its outer walls.
    wallStyle: index % 6 === 4 ? 'partitioned' : WALL_STYLES[index % 3],
    withScaleNote: index % 6 !== 5,
    stairs,
    elevator: !residential,
    entryDoor,
    patioDoor,
    legend: (['door schedule', 'room schedule', 'none'] as const)[(index + 1) % 3],
    keyPlan: index % 4 === 3,
    northArrow: index % 2 === 1,
    require: { openings, fixtures },
    name: `${String(index + 1).padStart(3, '0')}.pdf`,
  };
}

export async function generateSuite(count: number, seedBase = 1): Promise<GeneratedSheet[]> {
  const sheets: GeneratedSheet[] = [];
  for (let i = 0; i < count; i++) sheets.push(await generateSheet(suiteOptions(i, seedBase)));
  return sheets;
}
