// Rooms are the regions the wall network encloses once every opening is closed along its wall
// line: the holes of the union of walls and opening rectangles. A swing arc or a leader line is
// not wall, so it can neither cut a wedge out of a room nor split it; furniture standing free in a
// room stays floor. Whatever is enclosed only by a sheet frame or a table, or lies outside every
// building, is not a room. Where rooms are painted as pale fills, the paint draws them instead
// (topology-fills.ts). Rooms are named from the label printed inside them.
import type { Position } from '../../../../core/src/types.ts';
import type Flatbush from 'flatbush';
import type { BBox, SheetInfo, SheetWord } from '../types.ts';
import { boxContainsPoint, boxesOverlap, closeRing, interiorPoint, pointInPolygon, pointInRing, ringBBox, ringPerimeter, signedArea2 } from './geom-basics.ts';
import { closeSlits, differenceOf, unionAll, type MultiPolygon, type Polygon } from './geom-clip.ts';
import { pointsBeside, rectBBox, rectRing, toFrame, type FrameRect } from './geom-frame.ts';
import type { PolygonRings, Ring } from './model.ts';
import { readSurely, type FillRegion, type WordBox } from './topology-evidence.ts';
import { combineWithFills, cutAtClosures, roomFills, type SpacePiece } from './topology-fills.ts';
import { splitAtNecks } from './topology-necks.ts';
import { splitAtSeparators, type Segment2 } from './topology-separators.ts';
import { BARE_FIGURE } from './topology-dimensions.ts';
import { splitAtStamps } from './topology-stamps.ts';
import { AREA_UNIT, printedAreaM2 } from './printed-area.ts';
import { METRES_PER_INCH } from '../scale/ratio.ts';

/** Rooms smaller than this are shafts, chases or slivers between pieces of wall, m², unless a door opens into them. */
const MIN_ROOM_M2 = 0.6;
/** A closet a door opens into is a room down to this size (a 2' × 2'-6" coat closet), m². */
const MIN_CLOSET_M2 = 0.35;
/** Mean width (2·area / perimeter) below which a region is a gap between lines, metres. */
const MIN_ROOM_WIDTH_M = 0.3;
/** A building drawn at this share of the largest one's size is another plan, not a detail. */
const OTHER_BUILDING_SHARE = 0.05;

export interface FoundRoom {
  polygon: PolygonRings;
  name: string | null;
  labelWords: SheetWord[];
  /** The area the room's stamp prints, square metres, where it prints one. */
  printedAreaM2: number | null;
}

export interface RoomFindings {
  rooms: FoundRoom[];
  /** Outer rings of every building that has rooms. */
  buildings: Ring[];
  /** The walls and closed openings: polygons whose holes are the spaces. */
  solids: MultiPolygon;
  /** For each closure, the room on either side of it (-1: none). */
  closureSides: [number, number][];
}

interface RoomLimits {
  minArea: number;
  minWidth: number;
  /** The smallest closet: spaces from this size up to `minArea` are rooms where a door opens into them. */
  minClosetArea: number;
}

function roomLimits(unitsPerMetre: number | null, thickness: number): RoomLimits {
  if (unitsPerMetre === null) return { minArea: (4 * thickness) ** 2, minWidth: 2 * thickness, minClosetArea: (4 * thickness) ** 2 };
  return { minArea: MIN_ROOM_M2 * unitsPerMetre ** 2, minWidth: MIN_ROOM_WIDTH_M * unitsPerMetre, minClosetArea: MIN_CLOSET_M2 * unitsPerMetre ** 2 };
}

function absArea(ring: readonly Position[]): number {
  return Math.abs(signedArea2(ring)) / 2;
}

interface Candidate {
  ring: Ring;
  building: number;
  area: number;
  bbox: BBox;
}

function ringInside(inner: Ring, outer: Ring, outerBox: BBox): boolean {
  const box = ringBBox(inner);
  if (box[0] < outerBox[0] || box[1] < outerBox[1] || box[2] > outerBox[2] || box[3] > outerBox[3]) return false;
  return pointInRing(inner[0], outer);
}

/**
 * A polygon spanning nearly the whole sheet is its border frame: what it encloses is the sheet.
 * Frames leave margins of up to a tenth of the sheet above and below (an MEP sheet's, drawn
 * double on A2, spans 94 % of its width and 83 % of its height, and was a room of 11 800 m²).
 */
const FRAME_SHARE = 0.8;
/**
 * A border frame's drawing area is most of what it encloses; a plan cropped to its own extent (a
 * figure, a plot to extents) spans the sheet too, but as rooms, none of them most of it.
 */
const FRAME_HOLE_SHARE = 0.5;

function isFrame(polygon: MultiPolygon[number]): boolean {
  const outer = absArea(polygon[0] as Ring);
  return polygon.slice(1).some((hole) => absArea(hole as Ring) >= FRAME_HOLE_SHARE * outer);
}

/**
 * A plan inside a box or a compound wall fills a good share of it; a table or an island drawn
 * with a double outline (so with a "room" of its own) fills a small share of the room it stands in.
 */
const HELD_BUILDING_SHARE = 0.25;

/**
 * Holes of the closed wall mask that are rooms. The holes of a sheet's border frame (the
 * drawing area, the title block) are not, and neither is a hole that holds a building (a polygon
 * with rooms of its own, filling a good share of the hole), which is the space a border or a box
 * drawn around a plan encloses.
 */
function roomCandidates(mask: MultiPolygon, limits: RoomLimits, info: SheetInfo): Candidate[] {
  const holes: Candidate[] = [];
  mask.forEach((polygon, building) => {
    const [x0, y0, x1, y1] = ringBBox(polygon[0]);
    if (x1 - x0 >= FRAME_SHARE * info.widthPx && y1 - y0 >= FRAME_SHARE * info.heightPx && isFrame(polygon)) return;
    for (let h = 1; h < polygon.length; h++) {
      const ring = polygon[h] as Ring;
      const area = absArea(ring);
      if (area < limits.minClosetArea) continue;
      if ((2 * area) / ringPerimeter(ring) < limits.minWidth) continue;
      holes.push({ ring, building, area, bbox: ringBBox(ring) });
    }
  });
  const buildingsWithRooms = [...new Set(holes.map((hole) => hole.building))].map((k) => mask[k][0] as Ring);
  return holes.filter(
    (hole) => !buildingsWithRooms.some((outer) => outer !== mask[hole.building][0] && absArea(outer) >= HELD_BUILDING_SHARE * hole.area && ringInside(outer, hole.ring, hole.bbox)),
  );
}

/**
 * A building's plan spans at least this much paper, inches, and at least this much building,
 * metres, where the scale is known, and is at most this many times as long as it is deep: a
 * logo in the title block, a symbol in a legend, the title block's own column or a schedule
 * drawn with double rules close "rooms" too, and on a sheet of notes or schedules there is no
 * plan beside them to dwarf them.
 */
const SMALLEST_PLAN_INCHES = 1;
const SMALLEST_BUILDING_METRES = 3;
const MAX_PLAN_ASPECT = 10;
/**
 * Title blocks run along the right or the bottom edge of a sheet, within this share of it; a
 * drawing there smaller than this, inches, is the firm's logo or a seal, never a plan.
 */
const TITLE_STRIP_SHARE = 0.12;
const LARGEST_LOGO_INCHES = 2;

/** Buildings with rooms; drawings far smaller than the main building are details, not plans. */
function selectBuildings(mask: MultiPolygon, candidates: Candidate[], info: SheetInfo, unitsPerMetre: number | null): Set<number> {
  const smallest = Math.max(SMALLEST_PLAN_INCHES * info.dpi, unitsPerMetre === null ? 0 : SMALLEST_BUILDING_METRES * unitsPerMetre);
  const plausible = (k: number) => {
    const [x0, y0, x1, y1] = ringBBox(mask[k][0] as Ring);
    const [long, short] = [Math.max(x1 - x0, y1 - y0), Math.min(x1 - x0, y1 - y0)];
    const inTitleStrip = x0 >= (1 - TITLE_STRIP_SHARE) * info.widthPx || y0 >= (1 - TITLE_STRIP_SHARE) * info.heightPx;
    return long >= smallest && long <= MAX_PLAN_ASPECT * short && !(inTitleStrip && long < LARGEST_LOGO_INCHES * info.dpi);
  };
  const withRooms = [...new Set(candidates.map((c) => c.building))].filter(plausible);
  let largest = 0;
  for (const k of withRooms) largest = Math.max(largest, absArea(mask[k][0]));
  return new Set(withRooms.filter((k) => absArea(mask[k][0]) >= OTHER_BUILDING_SHARE * largest));
}

// ---------------------------------------------------------------------------------------------
// Labels

export interface TextLine {
  words: WordBox[];
  text: string;
  fontSize: number;
  center: Position;
  bbox: BBox;
  /** Direction of the text, radians, and its box in its own reading frame (x along the text, y down its lines). */
  angle: number;
  frameBox: BBox;
}

/**
 * A superscript ("m²" set as "m" and a small raised "2") belongs to the word before it: a short
 * word at about two thirds of its size, right after it, standing above its baseline.
 */
function isSuperscriptOf(word: WordBox, before: WordBox): boolean {
  const size = before.word.fontSize;
  return (
    word.word.text.length <= 2 &&
    Math.abs(word.word.angle - before.word.angle) < 0.1 &&
    word.word.fontSize >= 0.45 * size &&
    word.word.fontSize <= 0.8 * size &&
    Math.abs(word.bbox[0] - before.bbox[2]) <= 0.2 * size &&
    word.bbox[3] < before.bbox[3] - 0.15 * size &&
    word.bbox[1] >= before.bbox[1] - 0.5 * size
  );
}

/**
 * A word's box turned into its own reading frame (x along its text, y down its lines), so text
 * running up the sheet joins into lines in the order it reads ("ROOM DIMENSION", not two lines
 * stacked into "DIMENSION ROOM").
 */
function inReadingFrame(word: WordBox): WordBox {
  const { angle } = word.word;
  if (angle === 0) return word;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const turn = ([x, y]: Position): Position => [x * cos + y * sin, -x * sin + y * cos];
  const [x0, y0, x1, y1] = word.bbox;
  const corners: Position[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  return { word: word.word, bbox: ringBBox(corners.map(turn)), center: turn(word.center) };
}

/** A finish or equipment code: "P-2", "CPT-1", "VCT-1170". */
const FINISH_CODE = /^[A-Z]{1,4}-\d+[A-Z]?$/;

/** Words in reading order joined into lines: same direction and size, one baseline, close gaps. */
export function textLines(words: WordBox[]): TextLine[] {
  const onSheet = new Map(words.map((word) => [inReadingFrame(word), word]));
  const sorted = [...onSheet.keys()].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const lines: WordBox[][] = [];
  const superscripts = new Set<WordBox>();
  for (const word of sorted) {
    const size = word.word.fontSize;
    const raised = lines.find((candidate) => isSuperscriptOf(word, candidate[candidate.length - 1]));
    if (raised) {
      raised.push(word);
      superscripts.add(word);
      continue;
    }
    const line = lines.find((candidate) => {
      const last = candidate[candidate.length - 1];
      const lastSize = last.word.fontSize;
      return (
        Math.abs(last.word.angle - word.word.angle) < 0.1 &&
        Math.max(size, lastSize) <= 1.35 * Math.min(size, lastSize) &&
        Math.abs(last.center[1] - word.center[1]) < 0.5 * Math.max(size, lastSize) &&
        word.bbox[0] - last.bbox[2] < 1.2 * Math.max(size, lastSize) &&
        // A finish tag set just before a name ("P-2" beside "PATIENT") is the wall's, not the name's.
        !(FINISH_CODE.test(last.word.text) && NAME_WORD.test(word.word.text))
      );
    });
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((framed) => {
    const members = framed.map((word) => onSheet.get(word)!);
    const bbox = boxOfWords(members);
    const normal = members.filter((w) => !superscripts.has(w));
    return {
      words: members,
      text: members.map((w, k) => (k > 0 && !superscripts.has(w) ? ' ' : '') + w.word.text).join(''),
      fontSize: Math.max(...normal.map((w) => w.word.fontSize)),
      center: [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2],
      bbox,
      angle: framed[0].word.angle,
      frameBox: boxOfWords(framed),
    };
  });
}

function boxOfWords(words: WordBox[]): BBox {
  return [
    Math.min(...words.map((w) => w.bbox[0])),
    Math.min(...words.map((w) => w.bbox[1])),
    Math.max(...words.map((w) => w.bbox[2])),
    Math.max(...words.map((w) => w.bbox[3])),
  ];
}

/** Printed areas and dimensions: "182 sq ft", "16 SF", "12.5 m²", "15'6\" x 11'9\"", "3.20 x 4.10". */
const MEASURE = new RegExp(String.raw`(\d\s*${AREA_UNIT})|(\d\s*['′"″])|(\d\s*[x×]\s*\d)|^[\d.,\s]+(m|mm|cm)?$`, 'i');
/** Finish, door and equipment tags: "P-1", "CPT-1", "PT-1/PT-2", "VCT-1170", "C", panels "QD.EEN.02". */
const TAG = /^([A-Z]{1,4}-?\d+[A-Z]?)(\s*\/\s*[A-Z]{1,4}-?\d*[A-Z]?)*$|^[A-Z]$|^([A-Z]{1,4}\.)+\d+[A-Z]?$/;
/** Room numbers printed with a name: "137", "134A", "1-129", "E-02", "CE-3". */
const ROOM_NUMBER = /^([A-Z]{0,3}-?)?\d{1,4}[A-Z]?(-\d{1,4}[A-Z]?)?$/;

/** An area's unit standing apart from its number ("ft²" where the figure fell outside the room). */
const AREA_UNIT_ONLY = new RegExp(String.raw`^${AREA_UNIT}$`, 'i');

/** Whether a line is set in capitals (digits and signs do not count). */
function capitals(text: string): boolean {
  return text === text.toUpperCase();
}

/**
 * Drafting shorthand, counts and status that annotate rather than name: "5 TYP", "SIM.", "EQ",
 * "3 UNITS", a ceiling tag's "EXISTING" (a ceiling plan tags each ceiling "C1 / EXISTING / 3 TYP").
 */
const ANNOTATION_WORD = /^(\d+|TYP|SIM|EQ|UP|DN|NIC|N\.I\.C|NTS|REF|ABV|BLW|OPP|HAND|UNITS?|PLCS?|PLACES|EA|EACH|SETS?|PCS|EXISTING|EXIST|EXIST'G|NEW)\.?$/i;

/**
 * A field of a room tag, its key and value: "FFB=" and "RFB=" left for the floor levels, "D: Q3 + A"
 * for the ceiling, "B: Fliesen" for the floor finish, "FLOOR: VCT". A tag sets its name apart
 * from its fields, which a name never writes so.
 */
const TAG_FIELD = /=|^[A-Za-z][A-Za-z.+\s]{0,11}:/;

/**
 * A tag keying a building element to its type in a schedule or a key ("WALL TYPE 1" on a UK
 * construction drawing's walls, "WINDOW SIZE & TYPE" and "FIXTURE TYPE" on a permit set's), set
 * in the room it faces.
 */
const TYPE_TAG = /\b(WALL|DOOR|WINDOW|FIXTURE|PARTITION|CEILING|FLOOR|GLAZING|FINISH)\s+(SIZE\s*&\s*)?TYPE\b/i;

function isNameLine(line: TextLine): boolean {
  const text = line.text.trim();
  if (TAG_FIELD.test(text) || TYPE_TAG.test(text)) return false;
  if (MEASURE.test(text) && !/[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(text.replace(/sq\.?\s*ft/i, ''))) return false;
  // "BED-2" and "WC-1" number a room of a kind, as "CPT-2" and "P-1" tag a finish.
  if (TAG.test(text) && !namesRoomUse(text.replace(/-?\d+[A-Z]?$/, ''))) return false;
  if (text.split(/\s+/).every((word) => ANNOTATION_WORD.test(word) || AREA_UNIT_ONLY.test(word))) return false;
  // Two letters at least, abbreviated ones too ("W/C", "W.C.", "T&B" for a toilet and bath).
  return /[A-Za-z][/.&]?[A-Za-z]/.test(text);
}

/**
 * A room number standing for a name where a tag prints no name ("1-129", "134A", "101"): three
 * digits at least, which keynote bubbles ("4", "11") do not have, and no letter in front, which
 * the sheet references of section and detail bubbles ("A121", "A-501") have.
 */
const LONE_ROOM_NUMBER = /^(\d{1,4}-)?\d{3,4}[A-Z]?$|^\d{1,4}-\d{2,4}[A-Z]?$/;

/**
 * A unit's number, its building's before a point ("12.302", a cellar compartment of flat 302 in
 * house 12; "12b.2"), stands for a name only over its printed area: alone it reads as a level or
 * a length.
 */
const DOTTED_UNIT_NUMBER = /^\d{1,3}[a-z]?\.\d{1,3}$/;

/** A room's name runs to three lines at most ("MULTI- / PURPOSE / ROOM") and a few words. */
const MAX_NAME_LINES = 3;
const MAX_NAME_WORDS = 6;

/** A word that can name a room: three letters or more, not a code with a number ("CPT-2"). */
const NAME_WORD = /(^|\P{L})\p{L}{3,}(?!\p{L}|-?\d)/u;
/** A word of two letters or more, not a code with a number: a name where a tag's fields say it is one. */
const ABBREVIATED_WORD = /(^|\P{L})\p{L}{2,}(?!\p{L}|-?\d)/u;

/**
 * Words that say what a room is, in the plans of houses, offices, schools and hospitals. A room
 * holds notes as well as its name ("SMOKE DETECTOR ABOVE", "WINDOW SIZE & TYPE" on a leader), and
 * where lettering is read by OCR their sizes say little; a line with such a word names the room
 * before one without. The words of plans in Spanish, Portuguese, French, Italian, German (Swiss
 * German's too: REDUIT, VORPLATZ) and Slovenian count too; other languages keep the rule of the
 * largest lettering. Words that name something else as often are left out: Italian CAMERA (a
 * security camera's tag), SCALA (the scale note's own word), German TREPPE (a stair, which a note
 * such as "Option Treppe" marks within a room) and GANG (a corridor, but an electrical plan's
 * "2-GANG" box in English).
 */
const ROOM_WORD =
  /\b(BED|BEDROOM|BEDRM|BATH|BATHROOM|BTH|KITCHEN|KIT|KITCHENETTE|LIVING|DINING|FAMILY|GREAT|HALL|HALLWAY|CLOSET|CLOS|CLO|WIC|PANTRY|LAUNDRY|UTILITY|MUDROOM|MUD|GARAGE|CARPORT|OFFICE|STUDY|DEN|LIBRARY|FOYER|ENTRY|ENTRANCE|LOBBY|VESTIBULE|CORRIDOR|STAIRS?|STAIRWELL|STAIRCASE|TOILET|WC|RESTROOM|LAVATORY|POWDER|SHOWER|ENSUITE|STORAGE|STORE|MECHANICAL|MECH|ELECTRICAL|ELEC|JANITOR|CUSTODIAL|CONFERENCE|MEETING|BREAK|LOUNGE|RECEPTION|WAITING|LAB|LABORATORY|CLASSROOM|PATIO|PORCH|DECK|BALCONY|TERRACE|VERANDAH?|ATTIC|BASEMENT|CELLAR|NURSERY|GUEST|MASTER|PRIMARY|SUITE|WARDROBE|LINEN|COATS?|PLAYROOM|MEDIA|THEATER|GYM|SERVER|COPY|WORKROOM|NURSE|EXAM|PATIENT|SOILED|ELEVATOR|LIFT|SALA|COCINA|DORMITORIO|COMEDOR|BAÑO|BANO|ESTUDIO|PASILLO|QUARTO|COZINHA|BANHEIRO|VARANDA|CHAMBRE|SALON|S[EÉ]JOUR|SALLE|CUISINE|CUISINETTE|BAIN|DOUCHE|ENTR[EÉ]E|PLACARD|BUREAU|CELLIER|BUANDERIE|CHAUFFERIE|D[EÉ]BARRAS|ESCALIER|SOGGIORNO|SALOTTO|CUCINA|LETTO|BAGNO|DISIMPEGNO|INGRESSO|RIPOSTIGLIO|PRANZO|TERRAZZA|BALCONE|BAD|DUSCHE|K[UÜ]CHE|KUECHE|ESSEN|WOHNEN|SCHLAFEN|KINDERZIMMER|ZIMMER|SCHLAFZIMMER|WOHNZIMMER|ARBEITSZIMMER|FLUR|DIELE|KORRIDOR|VORPLATZ|TREPPENHAUS|GARDEROBE|ANKLEIDE|REDUIT|ABSTELLRAUM|HWR|HEIZUNG|TECHNIK|WASCHK[UÜ]CHE|KELLER|TERRASSE|BALKON|LOGGIA|SITZPLATZ|SOBA|KUHINJA|KOPALNICA|SPALNICA|HODNIK|JEDILNICA|SHRAMBA)\b|\bROOM$/i;

/** Whether a label says what a room is used for (BEDROOM, CORRIDOR, … ROOM). */
export function namesRoomUse(text: string): boolean {
  return ROOM_WORD.test(text.trim());
}

/** OCR loses a letter at a word's edge where a wall or a rule touches it; shorter words guess too freely. */
const CLIPPED_WORD = /^[A-Z]{5,}$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A line's text, with a word OCR read one letter short of a room word given that letter back:
 * "EDROOM" under a rule that strikes its B, "ITCHEN" against a wall. Only where exactly one
 * letter, before or after, makes a room word; a text layer's words are as printed.
 */
function restoredText(line: TextLine): string {
  const text = line.text.trim();
  if (!line.words.some(({ word }) => (word.confidence ?? 1) < 1)) return text;
  return text
    .split(' ')
    .map((token) => {
      if (!CLIPPED_WORD.test(token) || namesRoomUse(token)) return token;
      const whole = [...LETTERS].flatMap((letter) => [letter + token, token + letter]).filter((candidate) => namesRoomUse(candidate));
      return whole.length === 1 ? whole[0] : token;
    })
    .join(' ');
}

/** A line set in the same lettering as another: about its size, and capitals alike. */
function sameLettering(line: TextLine, other: TextLine): boolean {
  return line.fontSize >= 0.85 * other.fontSize && line.fontSize <= 1.18 * other.fontSize && capitals(line.text) === capitals(other.text);
}

/**
 * A name line with the lines of its name stacked right above or below it, in the same lettering
 * (a finish or use printed under a name, "Parket", "Keramika", is set in other lettering), and
 * the room number right under them.
 */
function nameStack(main: TextLine, worded: TextLine[], lines: TextLine[]): TextLine[] {
  const stack = [main];
  // Above and below in the lines' own reading frame, by the neighbour's letter height.
  const adjoining = (line: TextLine, neighbour: TextLine, below: boolean) =>
    below ? setUnder(line, neighbour, NAME_LINE_STEP) : setUnder(neighbour, line, NAME_LINE_STEP, neighbour.fontSize);
  const stacked = (line: TextLine, neighbour: TextLine, below: boolean) => adjoining(line, neighbour, below) && sameLettering(line, neighbour);
  for (let top = main; ; ) {
    const above = worded.find((l) => !stack.includes(l) && stacked(l, top, false));
    if (!above) break;
    stack.unshift(above);
    top = above;
  }
  for (let bottom = main; ; ) {
    const below = worded.find((l) => !stack.includes(l) && stacked(l, bottom, true));
    if (!below) break;
    stack.push(below);
    bottom = below;
  }
  const last = stack[stack.length - 1];
  // A tag often sets its number smaller or larger than the name, in a box of its own.
  const numberSize = (l: TextLine) => l.fontSize >= 0.6 * last.fontSize && l.fontSize <= 1.6 * last.fontSize;
  // A bare figure reads as a dimension elsewhere; right under a name it is the room's number ("144").
  const isNumber = (l: TextLine) => ROOM_NUMBER.test(l.text.trim()) && (!MEASURE.test(l.text) || /^\d{1,4}$/.test(l.text.trim()));
  const number = lines.find((l) => !stack.includes(l) && isNumber(l) && adjoining(l, last, true) && numberSize(l));
  return number ? [...stack, number] : stack;
}

/** Several lines or many words in one lettering are a note or a paragraph, not a room's name. */
function tooLongForAName(stack: TextLine[]): boolean {
  const nameLines = stack.filter((l) => !ROOM_NUMBER.test(l.text.trim()));
  return nameLines.length > MAX_NAME_LINES || nameLines.reduce((count, l) => count + l.words.length, 0) > MAX_NAME_WORDS;
}

/** A room holds two labels this many of their letter heights apart or more: one each for the spaces of an open plan. */
const SEPARATE_LABELS = 3;
/** An open plan's name joins at most this many of its spaces' labels. */
const MAX_JOINED_LABELS = 3;

/**
 * The room's label: the name line printed largest (nearest the room's middle among equals), with
 * its stack. Where the room holds other labels that say what a space is, in the same lettering and
 * well apart (KITCHEN and DINING of an open plan, with no wall between them), its name joins them
 * in reading order: "KITCHEN / DINING".
 */
function roomLabel(lines: TextLine[], anchor: Position): RoomLabel | null {
  const names = lines.filter(isNameLine);
  if (names.length === 0) return loneRoomNumber(lines, anchor);
  // Words of three letters or more name rooms; "UP", "DN", "EQ" annotate them, and codes with a
  // number ("CPT-2", "VCT-1": a finish plan's floor tags) mark finishes.
  const worded = names.filter((l) => NAME_WORD.test(l.text));
  // Names are usually set in capitals, finishes and notes under them in lower case; a short name
  // ("W/C") is in capitals too, where a stray "Of" of a note is not.
  const capitalised = worded.filter((l) => capitals(l.text));
  // Two letters alone name a room only as a known one (WC): "RD", "FD" and "CG" are drains and
  // corner guards. Unit types ("2BD", "S_BF", "1BD+") and abbreviations ("W/C") still name.
  const abbreviated = names.filter((l) => capitals(l.text) && (!/^[A-Z]{2}$/.test(l.text.trim()) || namesRoomUse(l.text)));
  const heads = names.filter((l) => (NAME_WORD.test(l.text) || abbreviated.includes(l) || abbreviatedSurely(l)) && headsFieldedTag(l, lines));
  const general = heads.length > 0 ? heads : capitalised.length > 0 ? capitalised : worded.length > 0 ? worded : abbreviated;
  if (general.length === 0) return loneRoomNumber(lines, anchor);
  const saying = general.filter((l) => ROOM_WORD.test(l.text.trim()));
  const pool = saying.length > 0 ? saying : general;
  const biggest = Math.max(...pool.map((l) => l.fontSize));
  const fromAnchor = (l: TextLine) => Math.hypot(l.center[0] - anchor[0], l.center[1] - anchor[1]);
  const main = pool.filter((l) => l.fontSize >= 0.8 * biggest).reduce((best, l) => (fromAnchor(l) < fromAnchor(best) ? l : best));
  // Such a tag names the room on its first line; the lines under it describe the room (a slab's
  // state, "Bodenplatte alt"; a finish, "Keramika") before its fields do.
  const labelStack = (line: TextLine) => (heads.includes(line) ? [line] : nameStack(line, worded, lines));
  const stack = labelStack(main);
  if (tooLongForAName(stack)) return null;
  const labels = [stack];
  const used = new Set(stack);
  const apart = (l: TextLine) => labels.every(([first]) => Math.hypot(l.center[0] - first.center[0], l.center[1] - first.center[1]) >= SEPARATE_LABELS * first.fontSize);
  for (const line of [...saying].sort((a, b) => fromAnchor(a) - fromAnchor(b))) {
    if (labels.length >= MAX_JOINED_LABELS) break;
    if (used.has(line) || !sameLettering(line, main) || !apart(line)) continue;
    const other = labelStack(line);
    if (other.some((l) => used.has(l)) || tooLongForAName(other)) continue;
    labels.push(other);
    for (const l of other) used.add(l);
  }
  labels.sort(([a], [b]) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  return labelOf(labels);
}

interface RoomLabel {
  name: string;
  words: WordBox[];
  /** The labels it joins, each a stack of lines, in reading order. */
  stacks: TextLine[][];
}

function labelOf(stacks: TextLine[][]): RoomLabel {
  return { name: stacks.map((stack) => stack.map(restoredText).join(' ')).join(' / '), words: stacks.flat().flatMap((l) => l.words), stacks };
}

/** Stamps printing the same area twice (m² and ft²) agree to this share. */
const STAMP_AGREEMENT = 0.02;

/** The area printed among a room's lines, where they print one (in any number of units); null where they print none or several. */
function stampedArea(lines: TextLine[]): number | null {
  const areas = lines.flatMap((line) => {
    const area = printedAreaM2(line.text);
    return area === null ? [] : [area];
  });
  if (areas.length === 0) return null;
  return areas.every((area) => Math.abs(area - areas[0]) <= STAMP_AGREEMENT * areas[0]) ? areas[0] : null;
}

interface TagAnchor {
  at: Position;
  /** The area its stamp prints, where it prints one. */
  areaM2: number | null;
}

/**
 * The room number nearest the room's middle, for a room whose tag prints no name. A figure set
 * over or under another is a size tag's height or width (`70/210`, a door's in centimetres, which
 * had named a toilet cubicle "210"), no room's number.
 */
function loneRoomNumber(lines: TextLine[], anchor: Position): RoomLabel | null {
  const sizeTag = (line: TextLine) => lines.some((other) => BARE_FIGURE.test(other.text.trim()) && (setUnder(line, other) || setUnder(other, line)));
  const numbers = lines.filter((line) => {
    const text = line.text.trim();
    return (LONE_ROOM_NUMBER.test(text) && !(BARE_FIGURE.test(text) && sizeTag(line))) || (DOTTED_UNIT_NUMBER.test(text) && stampLine(line, lines) !== undefined);
  });
  if (numbers.length === 0) return null;
  const nearest = numbers.reduce((best, l) => (Math.hypot(l.center[0] - anchor[0], l.center[1] - anchor[1]) < Math.hypot(best.center[0] - anchor[0], best.center[1] - anchor[1]) ? l : best));
  return { name: nearest.text.trim(), words: nearest.words, stacks: [[nearest]] };
}

/** A room tag runs to this many lines under its name. */
const MAX_TAG_LINES = 6;

/** The lines of a name stand at most this many letter heights apart; a tag's lines under its name, `TAG_LINE_STEP`. */
const NAME_LINE_STEP = 1.0;
const TAG_LINE_STEP = 1.2;

/**
 * Whether `line` is set right under `above`, less than `reach` letter heights (`em`) below it and
 * overlapping it, in their own reading frame (a tag lettered up the sheet reads sideways).
 */
function setUnder(line: TextLine, above: TextLine, reach = TAG_LINE_STEP, em = above.fontSize): boolean {
  if (line === above || Math.abs(line.angle - above.angle) >= 0.1) return false;
  const step = line.frameBox[1] - above.frameBox[3];
  const overlap = Math.min(line.frameBox[2], above.frameBox[2]) - Math.max(line.frameBox[0], above.frameBox[0]);
  return step > -0.3 * em && step < reach * em && overlap > 0;
}

/** The lines stacked under a tag's first line, each right under the last. */
function tagBody(head: TextLine, lines: TextLine[]): TextLine[] {
  const body: TextLine[] = [];
  for (let last = head; body.length < MAX_TAG_LINES; ) {
    const next = lines.find((line) => line !== head && !body.includes(line) && setUnder(line, last));
    if (!next) break;
    body.push(next);
    last = next;
  }
  return body;
}

/**
 * A tag that lists fields under its name says which line the name is, in any case or language,
 * abbreviated too ("Wo / Es / Ko", living, dining and cooking, over "BF: 31.89"), where it was read
 * surely: OCR reads two letters out of a symbol's strokes ("mg" over a toilet's tag).
 */
function abbreviatedSurely(line: TextLine): boolean {
  return ABBREVIATED_WORD.test(line.text) && line.words.every(({ word }) => readSurely(word));
}

/** Whether a line heads a tag listing fields ("Bad / FFB= / RFB= / B: Fliesen / 8.42 m²"): the first line of its stack, with fields under it. */
function headsFieldedTag(line: TextLine, lines: TextLine[]): boolean {
  return !lines.some((above) => setUnder(line, above)) && tagFields(line, lines) !== null;
}

/**
 * Where the room tags among these lines stand: a name in capitals with its room number right
 * under it, or a name with its printed area a little further down (a tag may print a dash for
 * the number) or at the end of the fields under it. One point per tag, on the number or the
 * area, so the lines of a two-line name count once. A name has a word of three letters, or is an
 * abbreviation heading fields ("Es / Ko" over "BF: 16.34").
 */
function tagAnchors(lines: TextLine[]): TagAnchor[] {
  const anchors = new Map<TextLine, TagAnchor>();
  for (const name of lines) {
    const worded = /\p{L}{3,}/u.test(name.text) || (abbreviatedSurely(name) && headsFieldedTag(name, lines));
    if (!isNameLine(name) || !worded) continue;
    const area = stampLine(name, lines);
    const number = capitals(name.text) ? lines.find((line) => centredUnder(line, name, 1.2) && ROOM_NUMBER.test(line.text.trim())) : undefined;
    const mark = number ?? area;
    if (mark) anchors.set(mark, { at: mark.center, areaM2: area ? printedAreaM2(area.text) : null });
  }
  return [...anchors.values()];
}

/**
 * Whether `line` is set under `name`, less than `reach` of its letter heights below it and centred
 * within its run, in the text's own reading frame (a tag lettered up the sheet reads sideways).
 */
function centredUnder(line: TextLine, name: TextLine, reach: number): boolean {
  if (line === name || Math.abs(line.angle - name.angle) >= 0.1) return false;
  const step = line.frameBox[1] - name.frameBox[3];
  const along = (line.frameBox[0] + line.frameBox[2]) / 2;
  return step > -0.3 * name.fontSize && step < reach * name.fontSize && along >= name.frameBox[0] && along <= name.frameBox[2];
}

/** A field's value is set on the field's line, after it, at most this many letter heights on. */
const FIELD_VALUE_REACH = 8;

/** Whether `value` is set on `field`'s line after it: a tag's fields in one column, their values in the next ("NF:   4.8 m2"). */
function fieldValue(value: TextLine, field: TextLine): boolean {
  if (value === field || Math.abs(value.angle - field.angle) >= 0.1) return false;
  const gap = value.frameBox[0] - field.frameBox[2];
  return Math.abs(value.frameBox[3] - field.frameBox[3]) <= 0.3 * field.fontSize && gap >= 0 && gap <= FIELD_VALUE_REACH * field.fontSize;
}

/**
 * The lines of a name's tag that list fields, up to the next tag's name: tags set in a column
 * beside a plan follow one another, each name right under the last field of the tag above.
 */
function tagFields(name: TextLine, lines: TextLine[]): TextLine[] | null {
  const body = tagBody(name, lines);
  const firstField = body.findIndex((line) => TAG_FIELD.test(line.text.trim()));
  if (firstField < 0) return null;
  const nextName = body.findIndex((line, k) => k > firstField && isNameLine(line));
  return nextName < 0 ? body : body.slice(0, nextName);
}

/** The line of a name's tag that prints the room's area: a little under the name, or the first field that is one or has one as its value. */
function stampLine(name: TextLine, lines: TextLine[]): TextLine | undefined {
  const printsArea = (line: TextLine) => printedAreaM2(line.text) !== null;
  const under = lines.find((line) => centredUnder(line, name, 3) && printsArea(line));
  if (under) return under;
  for (const field of tagFields(name, lines) ?? []) {
    if (printsArea(field)) return field;
    const value = lines.find((line) => printsArea(line) && fieldValue(line, field));
    if (value) return value;
  }
  return undefined;
}

/** The area a label's own tag prints, m², or null. */
function labelStamp(stack: TextLine[], lines: TextLine[]): number | null {
  for (const line of stack) {
    const stamp = stampLine(line, lines);
    if (stamp) return printedAreaM2(stamp.text);
  }
  return null;
}

/**
 * A stamp is a room's where the room's floor measures within this share of it, or within this
 * many m² of it: a small room's stamp is rounded to a tenth ("1.1 m2" for 1.14 m²).
 */
const STAMP_FITS = 0.02;
const STAMP_FITS_M2 = 0.06;

function fitsStamp(floorM2: number, stampM2: number): boolean {
  return Math.abs(floorM2 - stampM2) <= Math.max(STAMP_FITS * stampM2, STAMP_FITS_M2);
}

/**
 * A small room's tag is often set in the larger room beside it, where it has space ("Bad / WC,
 * 4.8 m²" printed in the living room, next to the bathroom's door), and the larger room's label
 * then joins it as an open plan's would. Where every label joined carries its own stamp, their
 * stamps together do not fit the room's floor and exactly one of them does, the room is that
 * label's alone; the others are tags of rooms nearby (`placeStrayLabels`).
 */
function ownLabel(label: RoomLabel, lines: TextLine[], floorM2: number | null): { label: RoomLabel; stray: StrayLabel[] } {
  const unchanged = { label, stray: [] };
  if (floorM2 === null || label.stacks.length < 2) return unchanged;
  const tagged = label.stacks.map((stack) => ({ stack, stampM2: labelStamp(stack, lines) }));
  if (!tagged.every((tag): tag is { stack: TextLine[]; stampM2: number } => tag.stampM2 !== null)) return unchanged;
  if (fitsStamp(floorM2, tagged.reduce((sum, tag) => sum + tag.stampM2, 0))) return unchanged;
  const fitting = tagged.filter((tag) => fitsStamp(floorM2, tag.stampM2));
  if (fitting.length !== 1) return unchanged;
  const stray = tagged.filter((tag) => tag !== fitting[0]).map((tag) => ({ label: labelOf([tag.stack]), stampM2: tag.stampM2 }));
  return { label: labelOf([fitting[0].stack]), stray };
}

interface StrayLabel {
  label: RoomLabel;
  stampM2: number;
}

/** Tags printed in no room, a name with its stamp: set beside a flat's plan, or over a stair's void. */
function tagsOutsideRooms(words: WordBox[]): StrayLabel[] {
  const lines = textLines(words);
  // One tag per stamp: the lines of a two-line name find the same one.
  const tags = new Map<TextLine, StrayLabel>();
  for (const line of lines) {
    if (!isNameLine(line) || !NAME_WORD.test(line.text)) continue;
    const stamp = stampLine(line, lines);
    const stampM2 = stamp ? printedAreaM2(stamp.text) : null;
    if (stamp && stampM2 !== null && !tags.has(stamp)) tags.set(stamp, { label: labelOf([[line]]), stampM2 });
  }
  return [...tags.values()];
}

/**
 * A stray tag names the nearest room within this many metres that has no label and whose floor
 * fits its stamp: tags set beside a flat's plan stand in a column a few metres off their rooms.
 */
const STRAY_LABEL_REACH_METRES = 5;

/** Gives each stray tag to the room it prints: unlabelled, near it, its floor fitting the tag's stamp. */
function placeStrayLabels(rooms: FoundRoom[], stray: StrayLabel[], floorsM2: (number | null)[], unitsPerMetre: number): void {
  const boxes = rooms.map((room) => ringBBox(room.polygon[0] as Ring));
  for (const { label, stampM2 } of stray) {
    const at = label.stacks[0][0].center;
    const distanceTo = (k: number) => Math.hypot(Math.max(boxes[k][0] - at[0], 0, at[0] - boxes[k][2]), Math.max(boxes[k][1] - at[1], 0, at[1] - boxes[k][3]));
    const candidates = rooms
      .map((room, k) => ({ room, k }))
      .filter(({ room, k }) => room.name === null && floorsM2[k] !== null && fitsStamp(floorsM2[k]!, stampM2) && distanceTo(k) <= STRAY_LABEL_REACH_METRES * unitsPerMetre);
    if (candidates.length === 0) continue;
    const { room } = candidates.reduce((best, c) => (distanceTo(c.k) < distanceTo(best.k) ? c : best));
    room.name = label.name;
    room.labelWords = label.words.map((w) => w.word);
    room.printedAreaM2 = stampM2;
  }
}

// ---------------------------------------------------------------------------------------------

export interface RoomInput {
  info: SheetInfo;
  wallPieces: Polygon[];
  /** Rectangles that close openings along their wall line, jamb to jamb as found. */
  closures: FrameRect[];
  /** Rectangles that close passages (gaps between facing wall ends with nothing drawn in them), alike. */
  passages: FrameRect[];
  words: WordBox[];
  /** Figures printed along dimension lines: no room is named by them. */
  dimensionFigures: ReadonlySet<WordBox>;
  /** Drawn straight lines that may separate spaces no wall separates, with their index. */
  separators: { segments: Segment2[]; index: Flatbush };
  /** Ink fills and lighter tints: room-sized ones that paint a room are rooms painted along their boundaries. */
  fills: FillRegion[];
  tints: FillRegion[];
  unitsPerMetre: number | null;
  thickness: number;
}

/** The room on one side of a closure: the room most points just beyond that side fall in. */
function sideRoom(points: Position[], roomAt: (p: Position) => number): number {
  const votes = new Map<number, number>();
  for (const p of points) {
    const room = roomAt(p);
    votes.set(room, (votes.get(room) ?? 0) + 1);
  }
  let best = -1;
  let bestVotes = 0;
  for (const [room, count] of votes) {
    if (count > bestVotes) {
      best = room;
      bestVotes = count;
    }
  }
  return best;
}

/**
 * Outer rings of the buildings, without closures that join no room: two plans whose wall lines
 * happen to line up must not be bridged into one building.
 */
function buildingOutlines(mask: MultiPolygon, buildings: Set<number>, dropped: FrameRect[], roomPoints: Position[]): Ring[] {
  const outlines: Ring[] = [];
  for (const k of buildings) {
    const outer = mask[k][0] as Ring;
    const box = ringBBox(outer);
    const cuts = dropped.filter((rect) => boxesOverlap(rectBBox(rect), box));
    if (cuts.length === 0) {
      outlines.push(closeRing(outer));
      continue;
    }
    for (const piece of differenceOf([[outer]], cuts.map((rect) => [rectRing(rect)]))) {
      if (roomPoints.some((p) => pointInRing(p, piece[0]))) outlines.push(closeRing(piece[0] as Ring));
    }
  }
  return outlines;
}

/** A piece still holding two stamped tags, parted where the stamps say (topology-stamps.ts). */
function splitOpenPlan(piece: Ring, anchors: TagAnchor[], unitsPerMetre: number | null, limits: RoomLimits): Ring[] {
  if (unitsPerMetre === null) return [piece];
  const inside = anchors.filter((anchor) => pointInRing(anchor.at, piece));
  const stamps = inside.flatMap(({ at, areaM2 }) => (areaM2 === null ? [] : [{ at, areaM2 }]));
  if (inside.length !== 2 || stamps.length !== 2) return [piece];
  return splitAtStamps(piece, stamps, unitsPerMetre, limits) ?? [piece];
}

/**
 * A figure printed by an opening is its width where it gives the width to this share: it names
 * the leaf (a bungalow's "800" by doorways of 0.83 m), the drawn opening takes in the frame.
 */
const WIDTH_LABEL_MATCH = 0.05;

/**
 * The width a figure may print, metres: two digits in centimetres ("80"), three or four in whole
 * tens of millimetres ("800", "1200"). Room numbers run in every figure, a leaf's width in round
 * ones; three-digit centimetres ("100") would be room 100 as often.
 */
function printedWidth(text: string): number | null {
  if (/^\d{2}$/.test(text)) return Number(text) / 100;
  if (/^\d{2,3}0$/.test(text)) return Number(text) / 1000;
  return null;
}

/**
 * The figures that print the widths of the openings beside them ("800" by a door 0.8 m wide, a
 * metric plan's convention): set by the door, within its width of it, such a figure is no room
 * number, and a terrace was named "TERRACE 800".
 */
function widthLabels(words: WordBox[], closures: FrameRect[], unitsPerMetre: number | null): Set<WordBox> {
  const labels = new Set<WordBox>();
  if (unitsPerMetre === null) return labels;
  for (const box of words) {
    const printed = printedWidth(box.word.text.trim());
    if (printed === null) continue;
    const printsWidth = closures.some((rect) => {
      const width = rect.s1 - rect.s0;
      if (Math.abs(printed - width / unitsPerMetre) > WIDTH_LABEL_MATCH * printed) return false;
      const [s, o] = toFrame(rect, box.center);
      return Math.hypot(Math.max(rect.s0 - s, 0, s - rect.s1), Math.max(rect.o0 - o, 0, o - rect.o1)) <= width;
    });
    if (printsWidth) labels.add(box);
  }
  return labels;
}

/**
 * Closures are cast this far into their jambs, metres (a unit at least): a cast that stops a hair
 * short would leave a slit, and so would a door's frame drawn as a paper-white strip between the
 * jamb and the leaf's hinge (stepcube's bedroom doors, 4 cm), where no wall run marks the jamb.
 */
const INTO_JAMBS_METRES = 0.05;
/** Pieces of wall this close, paper mm, touch: exports round the ends of abutting fills apart. */
const SLIT_MM = 0.05;
/**
 * Corners of wall this close, paper mm, touch: stepcube draws a column 0.055 mm (a centimetre at
 * its 1:182) off the corner of the wall it stands at. Bridging a pinch costs the floor next to
 * nothing, unlike filling a slit along its length.
 */
const PINCH_MM = 0.1;
/** Paint covering this share of a walled room or more, or running along its walls for this share of its outline, is the room's own (an area plan's unit). */
const FURNITURE_PAINT_SHARE = 0.5;

function intoJambs(rect: FrameRect, unitsPerMetre: number | null): FrameRect {
  const reach = Math.max(1, unitsPerMetre === null ? 0 : INTO_JAMBS_METRES * unitsPerMetre);
  return { ...rect, s0: rect.s0 - reach, s1: rect.s1 + reach };
}

/** The share of a ring's length that runs beside solid (within `reach` on either side). */
function alongMask(ring: Ring, solid: (p: Position) => boolean, reach: number): number {
  let beside = 0;
  let total = 0;
  for (let k = 0; k + 1 < ring.length; k++) {
    const [a, b] = [ring[k], ring[k + 1]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length === 0) continue;
    const [nx, ny] = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
    const steps = Math.max(1, Math.round(length / reach));
    for (let i = 0; i < steps; i++) {
      const t = (i + 0.5) / steps;
      const p: Position = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
      total += length / steps;
      if (solid([p[0] + nx * reach, p[1] + ny * reach]) || solid([p[0] - nx * reach, p[1] - ny * reach])) beside += length / steps;
    }
  }
  return total > 0 ? beside / total : 0;
}

export function detectRooms(input: RoomInput): RoomFindings {
  const closures = [...input.closures, ...input.passages];
  const casts = closures.map((rect) => intoJambs(rect, input.unitsPerMetre));
  const castPolygons: Polygon[] = casts.map((rect) => [rectRing(rect)]);
  const unitsPerPaperMm = input.info.dpi / (1000 * METRES_PER_INCH);
  const mask = closeSlits(unionAll([...input.wallPieces, ...castPolygons]), SLIT_MM * unitsPerPaperMm, PINCH_MM * unitsPerPaperMm);
  const limits = roomLimits(input.unitsPerMetre, input.thickness);
  const candidates = roomCandidates(mask, limits, input.info);
  const buildings = selectBuildings(mask, candidates, input.info, input.unitsPerMetre);
  const reach = Math.max(input.thickness, 0.2 * (input.unitsPerMetre ?? 0));
  const maskBoxes = mask.map((polygon) => ringBBox(polygon[0] as Ring));
  const inMask = (p: Position) => mask.some((polygon, k) => boxContainsPoint(maskBoxes[k], p) && pointInPolygon(p, polygon as Ring[]));
  const widths = widthLabels(input.words, closures, input.unitsPerMetre);
  const labelling = input.words.filter((w) => !widths.has(w) && !input.dimensionFigures.has(w));
  const wordsIn = (space: SpacePiece) => labelling.filter((w) => boxContainsPoint(space.bbox, w.center) && pointInRing(w.center, space.rings[0]));
  const walled: SpacePiece[] = candidates
    .filter((c) => buildings.has(c.building))
    .flatMap((candidate) => {
      const whole = [{ rings: [closeRing(candidate.ring)], area: candidate.area, bbox: candidate.bbox }];
      const anchors = tagAnchors(textLines(wordsIn(whole[0])));
      if (anchors.length < 2) return whole;
      const tags = anchors.map((anchor) => anchor.at);
      const separated = splitAtSeparators(candidate.ring, tags, input.separators.segments, input.separators.index, { reach, isSolid: inMask, ...limits });
      const neckTags = anchors.map(({ at, areaM2 }) => ({ at, area: areaM2 === null || input.unitsPerMetre === null ? null : areaM2 * input.unitsPerMetre ** 2 }));
      const pieces = separated.flatMap((piece) => splitAtNecks(piece, neckTags, limits)).flatMap((piece) => splitOpenPlan(piece, anchors, input.unitsPerMetre, limits));
      return pieces.length === 1 ? whole : pieces.map((ring) => ({ rings: [closeRing(ring)], area: absArea(ring), bbox: ringBBox(ring) }));
    });
  const isLabelled = (space: SpacePiece) => roomLabel(textLines(wordsIn(space)), labelAnchor(space.bbox)) !== null;
  // Paint under a room's label that covers under half of the walled room it lies in and stands
  // clear of its walls for most of its outline, the rest of the room named by no label, is a bed's
  // or a rug's under the label: the room is what its walls enclose. An area plan's paint runs
  // along the walls of the unit it paints.
  const offset = Math.max(1, 0.25 * input.thickness);
  // The walled rooms a fill lies in, covering under half of their floor.
  const smallPartOf = (fill: SpacePiece) =>
    walled.filter((region) => fill.area < FURNITURE_PAINT_SHARE * region.area && boxesOverlap(fill.bbox, region.bbox) && pointInPolygon(interiorPoint(fill.rings), region.rings));
  const furnitureUnderLabel = (fill: SpacePiece) => {
    const regions = smallPartOf(fill);
    if (regions.length === 0 || alongMask(fill.rings[0], inMask, offset) >= FURNITURE_PAINT_SHARE) return false;
    return regions.some((region) => {
      const outside = wordsIn(region).filter((w) => !(boxContainsPoint(fill.bbox, w.center) && pointInRing(w.center, fill.rings[0])));
      return roomLabel(textLines(outside), labelAnchor(region.bbox)) === null;
    });
  };
  // Pale paint that names no room and covers under half of the walled room it lies in is drawn on
  // that room's floor: Trivista tints a stair's treads, and the flight was a room apart from its hall.
  const paintedFloor = (fill: SpacePiece) => !isLabelled(fill) && smallPartOf(fill).length > 0;
  const painted = cutAtClosures(
    roomFills(input.fills, input.tints, [...buildings].map((k) => mask[k][0] as Ring), limits, { isWall: inMask, isLabelled }).filter((fill) => !furnitureUnderLabel(fill) && !paintedFloor(fill)),
    castPolygons,
    limits,
  );
  const closureFaces = closures.map((rect) => pointsBeside(rect, offset, [0.3, 0.5, 0.7]));
  // A space smaller than a room is a closet where a door opens into it, a shaft or a chase where none does.
  const opensInto = (space: SpacePiece) => {
    const inSpace = (p: Position) => (boxContainsPoint(space.bbox, p) && pointInPolygon(p, space.rings) ? 0 : -1);
    return closureFaces.some(({ below, above }) => sideRoom(below, inSpace) === 0 || sideRoom(above, inSpace) === 0);
  };
  const spaces = combineWithFills(walled, painted, limits).filter((space) => (space.area >= limits.minArea || opensInto(space)) && !holdsNotes(wordsIn(space), space.area));
  const cells = tableCells(spaces, (space) => textLines(wordsIn(space)));
  const kept = spaces.filter((space) => !cells.has(space));
  const roomAt = (p: Position) => kept.findIndex((room) => boxContainsPoint(room.bbox, p) && pointInPolygon(p, room.rings));
  const notes = linesAcrossRooms(input.words, roomAt);
  const floorsM2 = kept.map((space) => (input.unitsPerMetre === null ? null : space.area / input.unitsPerMetre ** 2));
  const stray: StrayLabel[] = [];
  const rooms: FoundRoom[] = kept.map((space, k) => {
    const lines = textLines(wordsIn(space).filter((word) => !notes.has(word)));
    const found = roomLabel(lines, labelAnchor(space.bbox));
    if (!found) return { polygon: space.rings, name: null, labelWords: [], printedAreaM2: stampedArea(lines) };
    const own = ownLabel(found, lines, floorsM2[k]);
    stray.push(...own.stray);
    const printedAreaM2 = own.stray.length > 0 ? labelStamp(own.label.stacks[0], lines) : stampedArea(lines);
    return { polygon: space.rings, name: own.label.name, labelWords: own.label.words.map((w) => w.word), printedAreaM2 };
  });
  if (input.unitsPerMetre !== null) {
    stray.push(...tagsOutsideRooms(labelling.filter((word) => roomAt(word.center) < 0)));
    placeStrayLabels(rooms, stray, floorsM2, input.unitsPerMetre);
  }
  const sides = closureFaces.map(({ below, above }) => [sideRoom(below, roomAt), sideRoom(above, roomAt)] as [number, number]);
  const dropped = casts.filter((_, k) => sides[k][0] < 0 && sides[k][1] < 0);
  const outlines = buildingOutlines(mask, buildings, dropped, rooms.map((room) => interiorPoint(room.polygon)));
  if (input.unitsPerMetre === null) return { rooms, buildings: outlines, solids: mask, closureSides: sides };
  const passages = input.passages.map((rect, k) => ({ rect, sides: sides[input.closures.length + k] }));
  const joined = joinAcrossPassages(rooms, floorsM2 as number[], passages, input.unitsPerMetre);
  const closureSides = sides.map(([a, b]) => [a < 0 ? a : joined.remap[a], b < 0 ? b : joined.remap[b]] as [number, number]);
  return { rooms: joined.rooms, buildings: outlines, solids: mask, closureSides };
}

/**
 * A stamped room whose floor falls short of its stamp by an unnamed space beyond a passage (a
 * doorway with no door: stepcube's flats open their halls onto their living rooms, stamped as one)
 * takes that space and the doorway in, where together they fit the stamp. A space with a name or
 * a stamp of its own is a room of its own.
 */
function joinAcrossPassages(rooms: FoundRoom[], floorsM2: number[], passages: { rect: FrameRect; sides: [number, number] }[], unitsPerMetre: number): { rooms: FoundRoom[]; remap: number[] } {
  const remap = rooms.map((_, k) => k);
  const floors = [...floorsM2];
  const polygons = rooms.map((room) => room.polygon);
  const unnamed = (k: number) => rooms[k].name === null && rooms[k].printedAreaM2 === null;
  for (const { rect, sides } of passages) {
    const [a, b] = sides.map((k) => (k < 0 ? k : remap[k]));
    if (a < 0 || b < 0 || a === b) continue;
    const [stamped, space] = unnamed(b) ? [a, b] : [b, a];
    const stampM2 = rooms[stamped].printedAreaM2;
    if (stampM2 === null || !unnamed(space) || fitsStamp(floors[stamped], stampM2)) continue;
    const doorwayM2 = (rect.s1 - rect.s0) * (rect.o1 - rect.o0) / unitsPerMetre ** 2;
    const together = floors[stamped] + floors[space] + doorwayM2;
    if (!fitsStamp(together, stampM2)) continue;
    const union = unionAll([polygons[stamped] as Polygon, polygons[space] as Polygon, [rectRing(rect)]]);
    if (union.length !== 1) continue;
    polygons[stamped] = union[0] as PolygonRings;
    floors[stamped] = together;
    remap.forEach((to, k) => {
      if (to === space) remap[k] = stamped;
    });
  }
  const kept = rooms.map((_, k) => k).filter((k) => remap[k] === k);
  const index = new Map(kept.map((k, n) => [k, n]));
  return {
    rooms: kept.map((k) => ({ ...rooms[k], polygon: polygons[k] })),
    remap: remap.map((to) => index.get(to)!),
  };
}

/**
 * A box of notes closes like a room where its frame is drawn heavy (kirkland's site plan frames a
 * paragraph of 89 words so): a space holding this many words, lettered over this share of its
 * area, is a box of text. A room's label, stamp and notes letter a fifth of it at most; a closet's
 * or a shaft's name letters more, but in a word or two.
 */
const NOTE_BOX_WORDS = 30;
const NOTE_BOX_LETTERED_SHARE = 0.25;

function holdsNotes(words: WordBox[], area: number): boolean {
  if (words.length < NOTE_BOX_WORDS) return false;
  const lettered = words.reduce((sum, { bbox }) => sum + (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), 0);
  return lettered >= NOTE_BOX_LETTERED_SHARE * area;
}

/**
 * A table's cell holds one line of lettering and is at most this many times as tall as it: a
 * room, however small, is lettered far smaller than it is wide (a closet named in a word at 1:100
 * is over three times as deep as its name is tall).
 */
const CELL_TEXT_HEIGHTS = 2.6;
/** Cells are alike where their heights and their bands differ by this share of their height at most. */
const CELL_ALIKE = 0.1;
/** A cell has this many alike cells at least in its row or in its column. */
const CELL_NEIGHBOURS = 2;

/**
 * The spaces that are cells of a table (a schedule, a legend's grid) drawn with its rules: lettered
 * in one line that fills them, each beside others as tall in its row or its column, and the empty
 * cells among them. A schedule's sheet, or a schedule beside a plan as large as a building, closed
 * a "room" in every cell (a door schedule: 157 of them, named "Door", "Width", "0.914").
 */
function tableCells(spaces: SpacePiece[], linesIn: (space: SpacePiece) => TextLine[]): Set<SpacePiece> {
  const linesOf = new Map(spaces.map((space) => [space, linesIn(space)]));
  const heightOf = (space: SpacePiece) => space.bbox[3] - space.bbox[1];
  const lettered = spaces.filter((space) => {
    const lines = linesOf.get(space)!;
    return lines.length === 1 && Math.min(space.bbox[2] - space.bbox[0], heightOf(space)) <= CELL_TEXT_HEIGHTS * lines[0].fontSize;
  });
  // In one row: the same top and bottom; in one column: the same sides.
  const inLine = (a: SpacePiece, b: SpacePiece, tolerance: number) => {
    const near = (k: number) => Math.abs(a.bbox[k] - b.bbox[k]) <= tolerance;
    return (near(1) && near(3)) || (near(0) && near(2));
  };
  const alike = (a: SpacePiece, b: SpacePiece) => a !== b && Math.abs(heightOf(a) - heightOf(b)) <= CELL_ALIKE * heightOf(a) && inLine(a, b, CELL_ALIKE * heightOf(a));
  const cells = new Set(lettered.filter((cell) => lettered.filter((other) => alike(cell, other)).length >= CELL_NEIGHBOURS));
  // The rest of the table: empty cells, and a header row taller than its body, each in line with
  // a cell it borders.
  const bordersInLine = (space: SpacePiece, cell: SpacePiece) => {
    const tolerance = CELL_ALIKE * heightOf(cell);
    return boxesOverlap(space.bbox, cell.bbox, tolerance) && inLine(space, cell, tolerance);
  };
  let grown = cells.size > 0;
  while (grown) {
    grown = false;
    for (const space of spaces) {
      if (cells.has(space) || linesOf.get(space)!.length > 1 || ![...cells].some((cell) => bordersInLine(space, cell))) continue;
      cells.add(space);
      grown = true;
    }
  }
  return cells;
}

/** The buildings that have footprints of their own, largest first. */
export function footprintOutlines(buildings: Ring[]): Ring[] {
  const largest = Math.max(0, ...buildings.map(absArea));
  return buildings.filter((outline) => absArea(outline) >= FOOTPRINT_SHARE * largest).sort((a, b) => absArea(b) - absArea(a));
}

/**
 * Buildings down to this share of the largest one's area have footprints of their own: the other
 * floors or wings a sheet draws beside its main plan. Smaller outlines are details and key plans.
 */
const FOOTPRINT_SHARE = 0.1;

/** Words this close (share of their font size) are set as one phrase, not as two labels side by side. */
const PHRASE_SPACING = 0.4;

/**
 * The words of phrases that run across rooms: a note printed over a plan ("NOT PART OF THIS
 * APPLICATION") names none of the rooms it crosses, though each holds a few of its words. Two
 * labels crammed side by side in neighbouring rooms stand further apart than a word space.
 */
function linesAcrossRooms(words: WordBox[], roomAt: (p: Position) => number): Set<WordBox> {
  const across = new Set<WordBox>();
  // Words in no room (title blocks, schedules, the notes of other sheets) name nothing anyway.
  const roomOf = new Map(words.map((word) => [word, roomAt(word.center)]));
  for (const line of textLines(words.filter((word) => roomOf.get(word)! >= 0))) {
    let phrase: WordBox[] = [];
    const close = () => {
      const rooms = new Set(phrase.map((word) => roomOf.get(word)!));
      if (rooms.size > 1) for (const word of phrase) across.add(word);
      phrase = [];
    };
    for (const word of line.words) {
      const last = phrase[phrase.length - 1];
      if (last && word.bbox[0] - last.bbox[2] > PHRASE_SPACING * Math.max(word.word.fontSize, last.word.fontSize)) close();
      phrase.push(word);
    }
    close();
  }
  return across;
}

function labelAnchor(bbox: BBox): Position {
  return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}
