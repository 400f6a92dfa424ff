// The recognition stage's entry point: from the sheet's primitives and words to the feature
// collection of a blueprint. Walls, openings and rooms come from the wall/room topology, fixtures
// from symbol geometry (with the rooms as context), and features.ts turns both into the folder
// hierarchy, derived wall surfaces, wet rooms, relations and word links.
//
// Recognition never fails the job: the sheet, its tiles and its words are worth having without
// it, and a person can draw what was missed. A step that throws contributes nothing, the others
// still run, and what went wrong is returned in `warnings` for the job's log.
import { pointInPolygon } from '../../../core/src/geometry.ts';
import { metresPerUnit, polygonArea } from '../../../core/src/measure.ts';
import type { BlueprintFeatureCollection, BlueprintWord, Scale } from '../../../core/src/types.ts';
import { buildFeatureCollection, publicWord, rootFolder, ROOT_FOLDER_NAME } from './recognize/features.ts';
import { detectFixtures } from './recognize/fixtures.ts';
import { printedAreaM2, printsSquareFeet } from './recognize/printed-area.ts';
import { distanceToRing, interiorPoint } from './recognize/geom-basics.ts';
import type { FixtureDetection, PolygonRings, SheetDetections } from './recognize/model.ts';
import { namesRoomUse } from './recognize/rooms.ts';
import { detectTopology } from './recognize/topology-detect.ts';
import { readSurely } from './recognize/topology-evidence.ts';
import { findTitles } from './scale/layout.ts';
import { assembleLines, centreOf, type TextLine } from './scale/lines.ts';
import { METRES_PER_INCH } from './scale/ratio.ts';
import { scaleFromRooms, type RoomSizeReading } from './scale/room-sizes.ts';
import { measuredScale, metricBarAgreeing } from './scale.ts';
import type { SheetInfo, SheetPrimitives, SheetWord } from './types.ts';

export { publicWord, rootFolder, ROOT_FOLDER_ID } from './recognize/features.ts';

export interface RecognitionInput {
  info: SheetInfo;
  primitives: SheetPrimitives;
  words: SheetWord[];
  scale: Scale | null;
  /** The scale sizes are judged at (`ScaleDetection.sizeScale`); `scale` where it is trusted, by default. */
  sizeScale?: Scale | null;
}

export interface RecognitionResult {
  scale: Scale | null;
  geojson: BlueprintFeatureCollection;
  words: BlueprintWord[];
  /** Recognition steps that failed on this sheet, for the job's log; what they would have found is missing. */
  warnings: string[];
}

/** What the plan's linework gives, with the scale it was read at (a sheet without one: its door swings'). */
type Topology = Omit<SheetDetections, 'fixtures'> & { unitsPerMetre: number | null };

const NO_TOPOLOGY: Topology = { walls: [], openings: [], rooms: [], footprints: [], unitsPerMetre: null };

function attempt<T>(step: string, run: () => T, fallback: T, warnings: string[]): T {
  try {
    return run();
  } catch (error) {
    warnings.push(`${step}: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}

/**
 * Units per metre of a scale awaiting confirmation: no ruler for measurements, yet close enough to
 * tell a basin from a shower tray (it is mostly what the sheet's own dimensions measure).
 */
function estimatedUnitsPerMetre(scale: Scale | null, dpi: number): number | null {
  if (!scale?.manual_scaling_needed) return null;
  const mpu = metresPerUnit({ ...scale, manual_scaling_needed: false }, dpi);
  return mpu === null ? null : 1 / mpu;
}

/** A plan's title is set at least this share of the size of the views' largest title beside it. */
const PLAN_TITLE_SIZE_SHARE = 0.75;

/**
 * A sheet of elevations or sections: its drawings are titled as such, none as a plan, and no label
 * says what a room is. Its window frames and façade panels close like rooms, yet it shows no floor.
 * An elevation's level marks ("FINISHED FLOOR", "LEVEL 2") read like plan titles, in the size of
 * its notes, so plan titles count only about as large as the views' titles. A room's name counts
 * where it is surely read: OCR makes "wc" of a section's hatch.
 */
function drawsNoPlan(lines: TextLine[]): boolean {
  const titles = findTitles(lines);
  const views = titles.filter((title) => title.kind === 'view');
  if (views.length === 0) return false;
  const viewSize = Math.max(...views.map((title) => title.line.fontSize));
  const plans = titles.filter((title) => title.kind === 'plan' && title.line.fontSize >= PLAN_TITLE_SIZE_SHARE * viewSize);
  return plans.length === 0 && !lines.some((line) => namesRoomUse(line.text) && line.words.every(readSurely));
}

/**
 * Fixtures stand in a building or just outside it (porch steps, an outdoor shower): this far from
 * its footprint, metres, or inches of paper where the sheet suggests no scale. A symbol in a
 * legend, in an enlarged detail or in the title block is not one of the plan's.
 */
const FIXTURE_REACH_METRES = 3;
const FIXTURE_REACH_INCHES = 1;

function fixturesOfThePlan(fixtures: FixtureDetection[], footprints: PolygonRings[], reach: number): FixtureDetection[] {
  return fixtures.filter((fixture) => {
    const centre = interiorPoint([fixture.polygon]);
    return footprints.some((footprint) => pointInPolygon(centre, footprint) || distanceToRing(centre, footprint[0]) <= reach);
  });
}

export function recognizeSheet(input: RecognitionInput): RecognitionResult {
  const { info, primitives, words, scale } = input;
  const warnings: string[] = [];
  const lines = assembleLines(words);
  const plan = !drawsNoPlan(lines);
  // A scale flagged for manual scaling is no ruler: without a size scale, sizes are then judged
  // from the drawing itself.
  const mpu = metresPerUnit(input.sizeScale === undefined ? scale : input.sizeScale, info.dpi);
  const topology = plan
    ? attempt<Topology>(
        'walls, openings and rooms',
        () => {
          const found = detectTopology({ info, primitives, words, metresPerUnit: mpu });
          return { walls: found.walls, openings: found.openings, rooms: found.rooms, footprints: found.footprints, unitsPerMetre: found.unitsPerMetre };
        },
        NO_TOPOLOGY,
        warnings,
      )
    : NO_TOPOLOGY;
  const { unitsPerMetre, ...detected } = topology;
  const sized =
    scale === null && mpu === null
      ? attempt('scale from rooms', () => roomsScale(detected.rooms, lines, input), null, warnings)
      : attempt('bar confirmed by rooms', () => barConfirmedByRooms(detected.rooms, lines, input, mpu), null, warnings);
  // Offered for confirming, the rooms' scale still sizes the fixtures, as a flagged bar's does.
  const fixtureMpu = sized === null ? mpu : metresPerUnit({ ...sized, manual_scaling_needed: false }, info.dpi);
  const symbols = plan
    ? attempt<FixtureDetection[]>(
        'fixtures',
        () => detectFixtures({ info, primitives, words, metresPerUnit: fixtureMpu, rooms: detected.rooms, estimatedUnitsPerMetre: estimatedUnitsPerMetre(scale, info.dpi) ?? unitsPerMetre }),
        [],
        warnings,
      )
    : [];
  // Where the plan could not be read at all, its symbols are all there is to go on.
  const fixtures = topology === NO_TOPOLOGY ? symbols : fixturesOfThePlan(symbols, detected.footprints, unitsPerMetre === null ? FIXTURE_REACH_INCHES * info.dpi : FIXTURE_REACH_METRES * unitsPerMetre);
  const collection = attempt(
    'feature collection',
    () => buildFeatureCollection({ detections: { ...detected, fixtures }, words, info }),
    { geojson: { type: 'FeatureCollection' as const, features: [rootFolder(ROOT_FOLDER_NAME)] }, words: words.map(publicWord) },
    warnings,
  );
  return { scale: sized ?? scale, geojson: collection.geojson, words: collection.words, warnings };
}

/**
 * The scale a sheet that prints none suggests through its rooms' printed areas or sizes
 * (scale/room-sizes.ts), measured on the rooms the walls closed. Like the scale its dimensions
 * alone suggest, it is offered for confirming, flagged: no printed note stands behind it. Where
 * the sheet draws a scale bar that prints no unit and counted in metres agrees with it, the bar is
 * the scale, trusted: two measures of the drawing agree, and the rooms say the bar counts metres.
 */
function roomsScale(rooms: SheetDetections['rooms'], lines: TextLine[], { info, primitives, words }: RecognitionInput): Scale | null {
  const reading = roomsReading(rooms, lines);
  if (reading === null) return null;
  // Real length per length of paper: a metre of the building is `unitsPerMetre` units of the sheet.
  const ratio = 1 / ((reading.unitsPerMetre / info.dpi) * METRES_PER_INCH);
  return (reading.imperial ? null : metricBarAgreeing({ info, primitives, words }, ratio)) ?? measuredScale(ratio, reading.imperial, reading.source, true);
}

/** What the rooms' printed areas or sizes say of the scale (scale/room-sizes.ts), measured on the rooms the walls closed. */
function roomsReading(rooms: SheetDetections['rooms'], lines: TextLine[]): RoomSizeReading | null {
  if (rooms.length === 0) return null;
  const centres = lines.map(centreOf);
  const areaLines = lines.filter((line) => printedAreaM2(line.text) !== null);
  const areasInFeet = areaLines.filter((line) => printsSquareFeet(line.text)).length * 2 > areaLines.length;
  return scaleFromRooms(
    rooms.map((room) => ({
      ring: room.floor[0],
      area: polygonArea(room.polygon),
      lines: lines.filter((_, k) => pointInPolygon(centres[k], room.floor)),
      printedAreaM2: room.printedAreaM2,
    })),
    areasInFeet,
  );
}

/**
 * The rooms confirm a bar within this share of its units per metre: as closely as they agree
 * with each other (their floors as found fall short of the stamps where furniture drawn in the
 * walls' pen walls off a bed's pillow or a wardrobe, a few per cent of area).
 */
const ROOMS_CONFIRM_BAR = 0.03;

/**
 * Where a scale bar contradicts the sheet's note (a plot printed onto smaller paper: the bar
 * shrinks with the drawing, the note does not), the bar's scale is offered flagged, and sizes are
 * judged at it. The rooms' printed areas are a third measure: where they agree with the bar, it
 * is trusted (nidum-sempach's sales plan notes 1:100 and its bar, with its rooms' `BF: 17 m2`,
 * measures 1:125). A flagged scale with a size scale beside it is such a bar's, which sizes the
 * drawing at `barMetresPerUnit`. Null where there is no such bar or the rooms do not settle it.
 */
function barConfirmedByRooms(rooms: SheetDetections['rooms'], lines: TextLine[], { scale, sizeScale }: RecognitionInput, barMetresPerUnit: number | null): Scale | null {
  if (!scale?.manual_scaling_needed || !sizeScale || barMetresPerUnit === null) return null;
  const reading = roomsReading(rooms, lines);
  return reading !== null && Math.abs(reading.unitsPerMetre * barMetresPerUnit - 1) <= ROOMS_CONFIRM_BAR ? sizeScale : null;
}
