// Pre-walls (installation walls): Swiss, German and Austrian plans stand a bathroom's toilet and
// washbasin (or a store room's washing machine) against a line drawn a hand's depth in front of
// the wall, from wall to wall, the face of the framed wall or lining that hides their pipes. The strip behind that line is built, and the room's
// printed area stops at its face. Drawn as a plain line (often doubled, the ledge on top) that
// ends on the walls it spans between, it reads as a dimension line and pairs with no wall face.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { coveredLength } from './geom-basics.ts';
import { RectIndex, parallel, rectIn, toFrame, type FrameRect } from './geom-frame.ts';
import { lineBBox, type Line } from './topology-evidence.ts';
import type { WallRun } from './walls.ts';

/** A pre-wall's face stands this far in front of the wall behind it, metres. */
const DEPTH_METRES: [number, number] = [0.08, 0.4];
/** The wall behind runs along this share of the pre-wall's face at least. */
const BACKED_SHARE = 0.7;
/** A pre-wall's face runs on past the fitting standing on it: at least this many times the fitting's edge. */
const FACE_TO_EDGE = 1.5;
/** A fitting's edge lies on the face within this, blueprint units (CAD's rounding of one drawn line). */
const ON_FACE = 0.5;
/** Lines this close to parallel (sine of the angle between them) run along each other. */
const PARALLEL_SINE = Math.sin((1.5 * Math.PI) / 180);

/** An edge of something standing on the floor (a fitting drawn with its rim, a built-in's box), with the middle of what it bounds. */
export interface StandingEdge {
  line: Line;
  centre: Position;
}

/**
 * The pre-walls of a plan: a line on which an edge of a fitting drawn with its rim or of a
 * built-in's box lies, running on past it, that is no wall's face itself, with a wall's face
 * 0.08–0.4 m behind it (on the side away from the fitting) along most of its length, drawn in the
 * fitting's pen. A washing machine stands so against a lining with a duct behind it. Each is the
 * strip from its face to the face of the wall behind, in the face's frame. `walls` are the plan's
 * wall runs.
 */
export function preWalls(lines: readonly Line[], standing: readonly StandingEdge[], walls: readonly WallRun[], unitsPerMetre: number | null): WallRun[] {
  if (unitsPerMetre === null || standing.length === 0 || walls.length === 0) return [];
  const [nearest, farthest] = DEPTH_METRES.map((metres) => metres * unitsPerMetre);
  const wallFaceIds = new Set(walls.flatMap((wall) => wall.lineIds));
  const edgeIds = new Set(standing.map(({ line }) => line.id));
  const faces = lines.filter((line) => line.source === 'stroke' && !line.dashed && !wallFaceIds.has(line.id) && !edgeIds.has(line.id));
  if (faces.length === 0) return [];
  const faceIndex = new Flatbush(faces.length);
  for (const face of faces) faceIndex.add(...lineBBox(face));
  faceIndex.finish();
  const wallIndex = new RectIndex(walls);
  const found = new Map<number, WallRun>();
  for (const { line: edge, centre } of standing) {
    const [x0, y0, x1, y1] = lineBBox(edge);
    for (const k of faceIndex.search(x0 - ON_FACE, y0 - ON_FACE, x1 + ON_FACE, y1 + ON_FACE)) {
      const face = faces[k];
      if (found.has(face.id) || face.style !== edge.style || face.length < FACE_TO_EDGE * edge.length || !holdsEdge(face, edge)) continue;
      // The fitting stands on one side of the face; the pre-wall lies on the other.
      const behind = toFrame(face, centre)[1] > face.offset ? -1 : 1;
      const depth = backingDepth(face, behind, wallIndex, nearest, farthest);
      if (depth === null) continue;
      const [o0, o1] = [face.offset, face.offset + behind * depth].sort((a, b) => a - b);
      found.set(face.id, { ux: face.ux, uy: face.uy, s0: face.t0, s1: face.t1, o0, o1, thickness: depth, lineIds: [face.id], style: face.style });
    }
  }
  return [...found.values()];
}

/** Whether `edge` lies on `face`, within its length. */
function holdsEdge(face: Line, edge: Line): boolean {
  if (!parallel(face, edge, PARALLEL_SINE)) return false;
  const ends = [edge.a, edge.b].map((end) => toFrame(face, end));
  if (ends.some(([, o]) => Math.abs(o - face.offset) > ON_FACE)) return false;
  return ends.every(([s]) => s >= face.t0 - ON_FACE && s <= face.t1 + ON_FACE);
}

/**
 * How far behind `face` (on side `behind` of it) the nearest wall face stands, where walls that
 * deep run along most of the face; null where none does.
 */
function backingDepth(face: Line, behind: 1 | -1, walls: RectIndex<FrameRect>, nearest: number, farthest: number): number | null {
  const reach = farthest + 1;
  const box = lineBBox(face);
  let depth = Infinity;
  const backed: [number, number][] = [];
  for (const k of walls.search([box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach])) {
    const wall = walls.rects[k];
    if (!parallel(face, wall, PARALLEL_SINE)) continue;
    const seen = rectIn(face, wall);
    const gap = behind > 0 ? seen.o0 - face.offset : face.offset - seen.o1;
    if (gap < nearest || gap > farthest) continue;
    const s0 = Math.max(face.t0, seen.s0);
    const s1 = Math.min(face.t1, seen.s1);
    if (s1 <= s0) continue;
    backed.push([s0, s1]);
    depth = Math.min(depth, gap);
  }
  return coveredLength(backed) >= BACKED_SHARE * face.length ? depth : null;
}
