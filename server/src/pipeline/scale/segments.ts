// Straight pieces of the sheet's linework with a spatial index, and the queries the scale checks
// ask of them: "which segments run along this line" and "where do other segments cross it".
import Flatbush from 'flatbush';
import type { SheetPrimitives } from '../types.ts';
import { flattenSegments, type FlatSegment } from '../vectors.ts';
import { bboxOf, fromFrame, toFrame, type TextFrame } from './lines.ts';

export interface SegmentIndex {
  segments: FlatSegment[];
  /** Whether a segment is stroked, as lines are, rather than only the edge of a fill. */
  stroked(index: number): boolean;
  /** Indices of the segments whose bounding box meets the box, in frame coordinates, given. */
  searchInFrame(frame: TextFrame, along: [number, number], across: [number, number]): number[];
}

export function indexSegments(primitives: SheetPrimitives | undefined): SegmentIndex {
  const paths = primitives?.paths ?? [];
  const segments: FlatSegment[] = flattenSegments(paths);
  const strokedPaths = new Set(paths.filter((path) => path.stroke !== null).map((path) => path.index));
  const stroked = (index: number) => strokedPaths.has(segments[index].pathIndex);
  if (segments.length === 0) return { segments, stroked, searchInFrame: () => [] };
  const index = new Flatbush(segments.length);
  for (const { from, to } of segments) {
    index.add(Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.max(from[0], to[0]), Math.max(from[1], to[1]));
  }
  index.finish();
  return {
    segments,
    stroked,
    searchInFrame(frame, along, across) {
      const [minX, minY, maxX, maxY] = bboxOf([
        fromFrame(frame, along[0], across[0]),
        fromFrame(frame, along[1], across[0]),
        fromFrame(frame, along[1], across[1]),
        fromFrame(frame, along[0], across[1]),
      ]);
      return index.search(minX, minY, maxX, maxY);
    },
  };
}

/** A segment in a text frame: where it starts and ends along and across, and how steep it runs. */
export interface FramedSegment {
  a0: number;
  c0: number;
  a1: number;
  c1: number;
  /** |sin| of the angle between the segment and the frame's reading direction. */
  steepness: number;
  length: number;
}

export function segmentInFrame(frame: TextFrame, segment: FlatSegment): FramedSegment {
  const [a0, c0] = toFrame(frame, segment.from);
  const [a1, c1] = toFrame(frame, segment.to);
  const length = Math.hypot(a1 - a0, c1 - c0);
  return { a0, c0, a1, c1, length, steepness: length > 0 ? Math.abs(c1 - c0) / length : 0 };
}

/** Segments running parallel (within ~1°) to the frame's reading direction. */
export const PARALLEL_STEEPNESS = 0.02;
/** Segments crossing the reading direction at more than ~20° can be ticks. */
const CROSSING_STEEPNESS = 0.34;
/** Arrowheads are slender: their flanks meet the dimension line at as little as ~3°. */
const ARROW_FLANK_STEEPNESS = 0.05;
/** Steeper than ~70° to the reading direction, a segment is drawn square to it. */
export const SQUARE_STEEPNESS = 0.94;

/**
 * Positions along the line `across = lineAcross` where something marks the end of a dimension:
 * a short slanted stroke or fill edge crossing it (tick, dot) or ending on it (arrowhead), or a
 * stroke square to it that comes from one side and stops within `reach` of it (an extension
 * line). Strokes that run on through it (walls, grid, section and dash pieces of other lines) mark
 * nothing. A closed mark (a dot, a thick tick drawn as an outline) is crossed on both its sides:
 * the crossings of one path within `markSize` of each other are one mark, at their middle, or a
 * dimension would be measured short by the dot's diameter.
 */
export function endMarksAlong(
  index: SegmentIndex,
  frame: TextFrame,
  lineAcross: number,
  along: [number, number],
  reach: number,
  shortLength: number,
  markSize: number,
): number[] {
  const positions: number[] = [];
  const markCrossings = new Map<number, number[]>();
  for (const i of index.searchInFrame(frame, along, [lineAcross - reach, lineAcross + reach])) {
    const segment = segmentInFrame(frame, index.segments[i]);
    if (segment.steepness < ARROW_FLANK_STEEPNESS) continue;
    const { a0, c0, a1, c1 } = segment;
    const crosses = (c0 - lineAcross) * (c1 - lineAcross) <= 0;
    const near = Math.min(Math.abs(c0 - lineAcross), Math.abs(c1 - lineAcross));
    const far = Math.max(Math.abs(c0 - lineAcross), Math.abs(c1 - lineAcross));
    const nearEnd = Math.abs(c0 - lineAcross) < Math.abs(c1 - lineAcross) ? a0 : a1;
    const crossing = () => a0 + ((lineAcross - c0) / (c1 - c0)) * (a1 - a0);
    if (segment.steepness >= SQUARE_STEEPNESS) {
      // Extension lines are stroked; a square edge of a fill is a text mask or a tag's box.
      if (index.stroked(i) && near <= reach && far >= 1.5 * reach) positions.push(crosses ? crossing() : nearEnd);
    } else if (segment.length <= shortLength) {
      let position: number | null = null;
      if (crosses && segment.steepness >= CROSSING_STEEPNESS) position = crossing();
      else if (near <= 0.15 * reach) position = nearEnd;
      if (position !== null) {
        const pathIndex = index.segments[i].pathIndex;
        markCrossings.set(pathIndex, [...(markCrossings.get(pathIndex) ?? []), position]);
      }
    }
  }
  for (const crossings of markCrossings.values()) positions.push(...markCentres(crossings, markSize));
  return positions.filter((position) => position >= along[0] && position <= along[1]);
}

/** The middle of each run of crossings no longer than `markSize`. */
function markCentres(crossings: number[], markSize: number): number[] {
  const sorted = [...crossings].sort((a, b) => a - b);
  const centres: number[] = [];
  let first = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || sorted[i] - sorted[first] > markSize) {
      centres.push((sorted[first] + sorted[i - 1]) / 2);
      first = i;
    }
  }
  return centres;
}
