// Openings in the walls: doors from their swing arcs (hinge at one jamb, radius the leaf width),
// and gaps between wall ends classified by what is drawn inside them: glazing lines or a fill
// spanning the gap (window), offset panels (sliding door), or nothing: then a leaf drawn just off
// one face is a surface-mounted sliding door, and otherwise it is a plain passage (closed for
// rooms but not reported). Glazing alone also makes a window where no two wall ends face each
// other: from a wall end to a face across its line, or from face to face. Each opening is the
// rectangle across the gap, face to face.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import { boxContainsPoint, closeRing, coveredLength, distance, distanceToSegment, pointInPolygon, ringBBox } from './geom-basics.ts';
import type { Polygon } from './geom-clip.ts';
import { RectIndex, fromFrame, parallel, rectBBox, rectCorners, rectHolds, rectIn, sineBetween, toFrame, type Frame, type FrameRect } from './geom-frame.ts';
import type { OpeningSubClass } from './model.ts';
import { luminance, runsBetween, type Arc, type Evidence, type Line } from './topology-evidence.ts';
import { BUILT_IN_DEPTH_METRES, ODD_WALL_RATIO, nearMode, type WallEvidence, type WallRun } from './walls.ts';

/** An opening as found: a rectangle across its wall gap, in the frame of the wall. */
export interface FoundOpening {
  /** Null for a folding (bifold) door: the interface names no such door, and a swing door it is not. */
  subClass: OpeningSubClass | null;
  rect: FrameRect;
  widthUnits: number;
  /** Indices of the wall runs at its jambs and along its wall. */
  runIds: number[];
}

export interface OpeningFindings {
  openings: FoundOpening[];
  /** Gaps between facing wall ends with nothing drawn in them: closed for rooms, not reported. */
  passages: FrameRect[];
  /** Odd-thickness stubs a door's jamb stands on: wall, though no wall elsewhere is that thick. */
  jambStubs: FrameRect[];
}

/** The lines of the walls' evidence within a box. */
type LineLookup = (box: [number, number, number, number]) => Line[];

const ALIGNED_SINE = Math.sin((3 * Math.PI) / 180);
/** Door leaves, metres: a 18" cupboard door to a 54" leaf. */
const LEAF_METRES: [number, number] = [0.4, 1.4];
/** Gaps between wall ends that are openings, metres. */
const GAP_METRES: [number, number] = [0.3, 6];
/**
 * Glazing spans further than a door or a plain gap: a balcony's or a shopfront's glazed façade
 * (an interior plan's balcony, 6.8 m between its walls), known by two glazing lines or more
 * spanning it. Left open, it let the whole flat out to the sheet and no room was found.
 */
const GLAZED_GAP_METRES = 12;
const GLAZED_GAP_SPANNING = 2;
/** The sashes of one window stand within this share of the wall's thickness of each other's tracks. */
const SASH_OFFSET_SHARE = 0.1;
/** A wall end facing a jamb this many times as thick still makes a gap, when in line with it. */
const JAMB_RATIO = 2.5;
/** A door's jamb reaches its wall through at most this many odd-thickness stubs end to end. */
const MAX_STUBS = 3;
/** Plain gaps wider than this are open-plan connections, not passages between rooms. */
const PASSAGE_METRES = 2.6;

interface Limits {
  leaf: [number, number];
  gap: [number, number];
  glazedGap: number;
  passage: number;
  /** The most common wall thickness, blueprint units. */
  thickness: number;
}

function limitsOf(walls: WallEvidence): Limits {
  const thickness = walls.thicknessModes[0] ?? walls.scale.minThickness * 3;
  const upm = walls.scale.unitsPerMetre;
  if (upm === null) {
    // Walls are 0.1–0.3 m and doors 0.6–1 m: relative to the main thickness the ranges are wide.
    return { leaf: [2 * thickness, 14 * thickness], gap: [1.5 * thickness, 40 * thickness], glazedGap: 80 * thickness, passage: 15 * thickness, thickness };
  }
  return {
    leaf: [LEAF_METRES[0] * upm, LEAF_METRES[1] * upm],
    gap: [GAP_METRES[0] * upm, GAP_METRES[1] * upm],
    glazedGap: GLAZED_GAP_METRES * upm,
    passage: PASSAGE_METRES * upm,
    thickness,
  };
}

function unit(from: Position, to: Position): Frame {
  const length = distance(from, to);
  return { ux: (to[0] - from[0]) / length, uy: (to[1] - from[1]) / length };
}

// ---------------------------------------------------------------------------------------------
// Doors

interface Swing {
  arc: Arc;
  hinge: Position;
  /** The leaf's closed position: the far jamb. */
  closed: Position;
  frame: Frame;
  rect: FrameRect;
  runIds: number[];
  /** Odd-thickness stubs (indices into `WallEvidence.oddThicknessQuads`) its jambs stand on. */
  stubIds: number[];
  score: number;
}

/** A straight leaf from the hinge to the open tip (a line, or a side of a leaf rectangle). */
function hasLeaf(lines: Line[], hinge: Position, tip: Position, radius: number): boolean {
  const tolerance = 0.12 * radius;
  return lines.some(
    (line) =>
      runsBetween(line, hinge, tip, tolerance) ||
      (line.length >= 0.7 * radius && distanceToSegment(tip, line.a, line.b) <= tolerance && distanceToSegment(hinge, line.a, line.b) <= tolerance),
  );
}

/**
 * A swing's arc may end a few degrees off its wall (iGUIDE draws its quarter circles short, 86°):
 * where the direction from hinge to closed leaf finds no wall band, the door is read along the
 * nearest wall run within this angle, if it then sits between jambs at both ends. Tilted, the door
 * was placed beside its wall, and the gap's own fill was reported a second time as a window. (A
 * door hung on a frame beside a column, with no jamb found at its hinge, keeps its drawn line: read
 * along the wall it left a slit between its frame and the column.)
 */
const SWING_SNAP_SINE = Math.sin((8 * Math.PI) / 180);

function alongWall(raw: Frame, runs: RectIndex<WallRun>, box: [number, number, number, number]): Frame {
  let best: Frame = raw;
  let bestSine = SWING_SNAP_SINE;
  for (const id of runs.search(box)) {
    const run = runs.rects[id];
    const sine = sineBetween(raw, run);
    if (sine >= bestSine) continue;
    const sign = raw.ux * run.ux + raw.uy * run.uy >= 0 ? 1 : -1;
    best = { ux: sign * run.ux, uy: sign * run.uy };
    bestSine = sine;
  }
  return best;
}

/**
 * The door a swing arc draws, read one way round (`closed` the far jamb, `tip` the open leaf):
 * the wall band it sits in comes from wall runs parallel to the closed leaf near either jamb,
 * and the jambs from where wall material starts along that band on either side.
 */
function readSwing(arc: Arc, closed: Position, tip: Position, runs: RectIndex<WallRun>, stubs: RectIndex<FrameRect>, nearbyLines: Line[], limits: Limits): Swing {
  const hinge = arc.center;
  const r = arc.radius;
  const reach = Math.max(limits.thickness, 0.25 * r);
  const box: [number, number, number, number] = [
    Math.min(hinge[0], closed[0]) - reach - r * 0.3,
    Math.min(hinge[1], closed[1]) - reach - r * 0.3,
    Math.max(hinge[0], closed[0]) + reach + r * 0.3,
    Math.max(hinge[1], closed[1]) + reach + r * 0.3,
  ];
  const leaf = hasLeaf(nearbyLines, hinge, tip, r);
  const along = (frame: Frame) => {
    const [hs, ho] = toFrame(frame, hinge);
    const swingSide = Math.sign(toFrame(frame, tip)[1] - ho);
    // Wall band: across-ranges of runs parallel to the door that reach a jamb and touch the hinge
    // line, and the layers of their wall laid against them that end at a jamb too: a wall read as
    // two runs (its cladding, its core) is opened through both, and the door closes its whole
    // depth (Casa Energia hangs its doors on the outer layer, and its corridor took in the inner
    // layer's reveals, 7.83 m² for 7.20).
    const atHinge = (seen: FrameRect) => seen.s1 - hs >= -0.3 * r && seen.s1 - hs <= 0.3 * r;
    const atFar = (seen: FrameRect) => seen.s0 - hs >= 0.7 * r && seen.s0 - hs <= 1.3 * r;
    const near = runs.search(box).map((id) => ({ id, run: runs.rects[id], seen: rectIn(frame, runs.rects[id]) }));
    const jambed = near
      .filter(({ run, seen }) => parallel(frame, run, ALIGNED_SINE) && (atHinge(seen) || atFar(seen)) && run.thickness <= 0.6 * r)
      .map(({ id, run, seen }) => ({ o0: seen.o0 - ho, o1: seen.o1 - ho, id, thickness: run.thickness, seen }));
    // A layer's wall is as deep at the other jamb (a run of the wall, or the corner of the wall
    // across, ending at its face): a counter standing against the wall beside the door has floor
    // there, and a partition in front of a wardrobe beside it has the next room's wall running on.
    const walledAcross = (layer: (typeof jambed)[number], outward: boolean) => {
      const middle = ho + (layer.o0 + layer.o1) / 2;
      const face = ho + (outward ? layer.o1 : layer.o0);
      const across = atHinge(layer.seen) ? atFar : atHinge;
      const tolerance = Math.max(1, 0.25 * layer.thickness);
      return near.some(
        ({ id, seen }) => id !== layer.id && across(seen) && seen.o0 <= middle && seen.o1 >= middle && Math.abs((outward ? seen.o1 : seen.o0) - face) <= tolerance,
      );
    };
    const bands = jambed.filter((run) => run.o0 <= 0.25 * run.thickness + 1 && run.o1 >= -0.25 * run.thickness - 1);
    for (let grown = bands.length > 0; grown; ) {
      const lo = Math.min(...bands.map((b) => b.o0));
      const hi = Math.max(...bands.map((b) => b.o1));
      // A block shorter than it is thick is a corner of the wall across, not a layer of this one.
      const layers = jambed.filter(
        (run) => !bands.includes(run) && run.seen.s1 - run.seen.s0 >= run.thickness && run.o0 <= hi + 1 && run.o1 >= lo - 1 && walledAcross(run, run.o1 > hi),
      );
      bands.push(...layers);
      grown = layers.length > 0;
    }
    let o0: number;
    let o1: number;
    if (bands.length > 0) {
      o0 = Math.min(...bands.map((b) => b.o0));
      o1 = Math.max(...bands.map((b) => b.o1));
    } else {
      // No wall along the door: the leaf closes against the face opposite the swing.
      o0 = swingSide > 0 ? -limits.thickness : 0;
      o1 = swingSide > 0 ? 0 : limits.thickness;
    }
    const margin = Math.min(0.2 * (o1 - o0), 1);
    const bandLo = ho + o0 + margin;
    const bandHi = ho + o1 - margin;
    const back = jambAt(frame, hs + 0.5 * r, -1, hs, r, bandLo, bandHi, runs, stubs, limits);
    const ahead = jambAt(frame, hs + 0.5 * r, 1, hs + r, r, bandLo, bandHi, runs, stubs, limits);
    // A door drawn dashed closes between its two jambs in its wall's band; a dashed swing that does
    // not is a casement's sash opening into the room, as Swiss plans draw them, read across the room.
    const doorway = bands.length > 0 && back !== null && ahead !== null;
    const score = arc.dashed && !doorway ? 0 : (back ? 1 : 0) + (ahead ? 1 : 0) + (bands.length > 0 ? 0.5 : 0) + (leaf ? 0.75 : 0);
    const s0 = back ? back.at : hs;
    const s1 = ahead ? ahead.at : hs + r;
    const runIds = [...new Set([...bands.map((b) => b.id), ...(back?.runIds ?? []), ...(ahead?.runIds ?? [])])];
    const stubIds = [...(back?.stubIds ?? []), ...(ahead?.stubIds ?? [])];
    const swing: Swing = { arc, hinge, closed, frame, rect: { ...frame, s0, s1, o0: ho + o0, o1: ho + o1 }, runIds, stubIds, score };
    return { swing, banded: bands.length > 0, seated: back !== null && ahead !== null };
  };
  const drawn = along(unit(hinge, closed));
  if (drawn.banded) return drawn.swing;
  const wallward = alongWall(drawn.swing.frame, runs, box);
  if (wallward === drawn.swing.frame) return drawn.swing;
  const snapped = along(wallward);
  return snapped.banded && snapped.seated ? snapped.swing : drawn.swing;
}

/**
 * Where wall material starts along a door's band, looking from inside the door towards the jamb
 * expected at `expected`: a wall run, or else a stub of odd thickness that carries the door line
 * on to a wall (a short partition between the frame and the corridor wall).
 */
function jambAt(
  frame: Frame,
  from: number,
  direction: 1 | -1,
  expected: number,
  radius: number,
  bandLo: number,
  bandHi: number,
  runs: RectIndex<WallRun>,
  stubs: RectIndex<FrameRect>,
  limits: Limits,
): { at: number; runIds: number[]; stubIds: number[] } | null {
  const near = (hit: { at: number } | null) => hit !== null && Math.abs(hit.at - expected) <= 0.3 * radius;
  const onRun = runs.cast(frame, from, direction, 0.85 * radius, bandLo, bandHi);
  if (onRun && near(onRun)) return { at: onRun.at, runIds: onRun.ids, stubIds: [] };
  const onStub = stubs.cast(frame, from, direction, 0.85 * radius, bandLo, bandHi);
  if (!onStub || !near(onStub)) return null;
  // Stubs end to end (a frame, then the partition) must reach a wall run.
  const stubIds: number[] = [];
  let hit: { at: number; ids: number[] } | null = onStub;
  for (let step = 0; hit && step < MAX_STUBS; step++) {
    stubIds.push(...hit.ids);
    const seen = hit.ids.map((id) => rectIn(frame, stubs.rects[id]));
    const end = direction === 1 ? Math.max(...seen.map((stub) => stub.s1)) : Math.min(...seen.map((stub) => stub.s0));
    const wall = runs.cast(frame, end - direction * 0.5, direction, limits.thickness, bandLo, bandHi);
    if (wall && Math.abs(wall.at - end) <= limits.thickness) return { at: onStub.at, runIds: [], stubIds };
    hit = stubs.cast(frame, end - direction * 0.5, direction, limits.thickness, bandLo, bandHi, new Set(stubIds));
  }
  return null;
}

function findSwings(evidence: Evidence, runs: RectIndex<WallRun>, stubs: RectIndex<FrameRect>, limits: Limits, lineIndex: LineLookup): Swing[] {
  const swings: Swing[] = [];
  for (const arc of evidence.arcs) {
    if (arc.radius < limits.leaf[0] || arc.radius > limits.leaf[1]) continue;
    if (arc.sweep < (25 * Math.PI) / 180 || arc.sweep > (110 * Math.PI) / 180) continue;
    const r = arc.radius;
    const nearby = lineIndex([arc.center[0] - 1.2 * r, arc.center[1] - 1.2 * r, arc.center[0] + 1.2 * r, arc.center[1] + 1.2 * r]);
    const readings = [readSwing(arc, arc.start, arc.end, runs, stubs, nearby, limits), readSwing(arc, arc.end, arc.start, runs, stubs, nearby, limits)];
    const best = readings[1].score > readings[0].score ? readings[1] : readings[0];
    // Partial swings (a leaf drawn ajar) need both jambs; a full quarter needs one jamb or a leaf.
    const needed = arc.sweep < (65 * Math.PI) / 180 ? 2.5 : 1.5;
    if (best.score >= needed) swings.push(best);
  }
  return oneSwingPerDoor(swings);
}

/**
 * Swings sharing their hinge and their closed position are one door drawn twice: a double-acting
 * door is drawn swinging into both rooms, one of its swings dashed (VA's corridor doors). The
 * better-read swing stands for it.
 */
function oneSwingPerDoor(swings: Swing[]): Swing[] {
  const sameDoor = (a: Swing, b: Swing) => {
    const tolerance = 0.2 * Math.min(a.arc.radius, b.arc.radius);
    return distance(a.hinge, b.hinge) <= tolerance && distance(a.closed, b.closed) <= tolerance;
  };
  return swings.filter((swing, k) => !swings.some((other, j) => j !== k && sameDoor(swing, other) && (other.score > swing.score || (other.score === swing.score && j < k))));
}

/** Two swings meeting at their closed ends in one gap are the leaves of a double door. */
function pairDoubleSwings(swings: Swing[]): [Swing, Swing | null][] {
  const used = new Set<Swing>();
  const doors: [Swing, Swing | null][] = [];
  for (const swing of swings) {
    if (used.has(swing)) continue;
    let partner: Swing | null = null;
    for (const other of swings) {
      if (other === swing || used.has(other)) continue;
      const meet = distance(swing.closed, other.closed) <= 0.2 * Math.min(swing.arc.radius, other.arc.radius);
      const opposed = swing.frame.ux * other.frame.ux + swing.frame.uy * other.frame.uy < -Math.cos((5 * Math.PI) / 180);
      if (meet && opposed) {
        partner = other;
        break;
      }
    }
    used.add(swing);
    if (partner) used.add(partner);
    doors.push([swing, partner]);
  }
  return doors;
}

function doorOpening([swing, partner]: [Swing, Swing | null]): FoundOpening {
  if (!partner) {
    return { subClass: 'single swing door', rect: swing.rect, widthUnits: swing.arc.radius, runIds: swing.runIds };
  }
  const other = rectIn(swing.frame, partner.rect);
  // The partner's own hinge jamb is its s0, which lies at the far end in this frame.
  const [partnerHingeAlong] = toFrame(swing.frame, partner.hinge);
  const farJamb = Math.abs(other.s1 - partnerHingeAlong) < Math.abs(other.s0 - partnerHingeAlong) ? other.s1 : other.s0;
  return {
    subClass: 'double swing door',
    rect: { ...swing.frame, s0: swing.rect.s0, s1: farJamb, o0: Math.min(swing.rect.o0, other.o0), o1: Math.max(swing.rect.o1, other.o1) },
    widthUnits: swing.arc.radius + partner.arc.radius,
    runIds: [...new Set([...swing.runIds, ...partner.runIds])],
  };
}

// ---------------------------------------------------------------------------------------------
// Gaps between wall ends

interface Gap {
  rect: FrameRect;
  runIds: [number, number];
  /**
   * Not between two facing wall ends (from a wall end to the face of a wall across its line, or
   * from face to face): an opening only where glazed.
   */
  glazedOnly?: boolean;
}

/**
 * A run whose length and thickness are both under this share of a wall's thickness is a speck in
 * that wall's band, no jamb: a window's mullion drawn as a small box across the glazing pairs as a
 * few centimetres of wall, and cut a façade's window in two halves that neither read as one.
 */
const SPECK_SHARE = 0.4;

/**
 * From each end of each run, the band of the wall is followed outward to the first wall
 * material, past specks; a facing end of a collinear run of like thickness, a plausible gap away,
 * makes a gap.
 */
function findGaps(runs: RectIndex<WallRun>, limits: Limits, lineIndex: LineLookup, modes: number[]): Gap[] {
  const gaps: Gap[] = [];
  const seen = new Set<string>();
  const smallestFirst = runs.rects.map((run, id) => ({ id, size: Math.max(run.s1 - run.s0, run.thickness) })).sort((a, b) => a.size - b.size);
  const slices = new Set(runs.rects.flatMap((_, id) => (sliceOfWall(id, runs) ? [id] : [])));
  const rungs = new Set(runs.rects.flatMap((run, id) => (rungBetweenRails(run, lineIndex) ? [id] : [])));
  runs.rects.forEach((run, id) => {
    if (rungs.has(id)) return;
    const margin = 0.2 * run.thickness;
    const passed = new Set([id]);
    for (const { id: other, size } of smallestFirst) {
      if (size >= SPECK_SHARE * run.thickness) break;
      passed.add(other);
    }
    for (const direction of [1, -1] as const) {
      if (jambAcrossWall(id, runs, direction)) continue;
      const from = direction === 1 ? run.s1 : run.s0;
      const hit = runs.cast(run, from + direction * 0.5, direction, limits.glazedGap, run.o0 + margin, run.o1 - margin, passed);
      if (!hit) continue;
      const width = Math.abs(hit.at - from);
      if (width < limits.gap[0]) continue;
      const facing = hit.ids.find((other) => {
        const target = runs.rects[other];
        if (rungs.has(other) || !parallel(run, target, ALIGNED_SINE) || readAcross(other, runs, limits.gap[1])) return false;
        // Seen from the facing run, the gap lies back toward this one.
        const towardRun: 1 | -1 = run.ux * target.ux + run.uy * target.uy > 0 ? (-direction as 1 | -1) : direction;
        if (jambAcrossWall(other, runs, towardRun)) return false;
        if (wallEndsAcross(id, other, runs, modes)) return false;
        if ((slices.has(id) && isPost(target)) || (slices.has(other) && isPost(run))) return false;
        const seenTarget = rectIn(run, target);
        const overlap = Math.min(seenTarget.o1, run.o1) - Math.max(seenTarget.o0, run.o0);
        const thinner = Math.min(run.thickness, target.thickness);
        const ratio = Math.max(run.thickness, target.thickness) / thinner;
        // A jamb block or a half-drawn wall is thicker than its wall, but its band holds the wall's.
        return overlap >= 0.6 * thinner && (ratio <= 1.6 || (ratio <= JAMB_RATIO && overlap >= 0.9 * thinner));
      });
      if (facing === undefined) {
        // A window may run from a wall's end to the face of the wall across its line (a glazed
        // corner). Plain floor there is the space going on (a corridor past a wall end), so such
        // a gap counts only when glazing is drawn in it.
        const across = hit.ids.find((other) => perpendicular(run, runs.rects[other]) && isWallLength(runs.rects[other]));
        if (across !== undefined && isWallLength(run)) gaps.push({ rect: { ux: run.ux, uy: run.uy, s0: Math.min(from, hit.at), s1: Math.max(from, hit.at), o0: run.o0, o1: run.o1 }, runIds: [id, across], glazedOnly: true });
        continue;
      }
      const key = id < facing ? `${id}:${facing}` : `${facing}:${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const s0 = Math.min(from, hit.at);
      const s1 = Math.max(from, hit.at);
      // Across both ends' bands: a jamb thicker than its wall must be closed face to face too.
      const seenFacing = rectIn(run, runs.rects[facing]);
      gaps.push({ rect: { ux: run.ux, uy: run.uy, s0, s1, o0: Math.min(run.o0, seenFacing.o0), o1: Math.max(run.o1, seenFacing.o1) }, runIds: [id, facing] });
    }
  });
  return gaps;
}

/**
 * Thin rectangular fills (not poché) spanning between two walls: openings drawn as a filled
 * block in the wall line, including room dividers drawn where no wall stands.
 */
function findFilledGaps(evidence: Evidence, runs: RectIndex<WallRun>, limits: Limits, pocheFills: ReadonlySet<number>): Gap[] {
  const gaps: Gap[] = [];
  for (const fill of evidence.fills) {
    if (pocheFills.has(fill.pathIndex) || fill.rings.length !== 1) continue;
    const ring = closeRing(fill.rings[0]);
    if (ring.length !== 5) continue;
    const edges = [0, 1, 2, 3].map((k) => ({ a: ring[k], b: ring[k + 1], length: distance(ring[k], ring[k + 1]) }));
    const longest = edges.reduce((best, edge) => (edge.length > best.length ? edge : best));
    const frame = unit(longest.a, longest.b);
    const inFrame = ring.map((p) => toFrame(frame, p));
    const s0 = Math.min(...inFrame.map((p) => p[0]));
    const s1 = Math.max(...inFrame.map((p) => p[0]));
    const o0 = Math.min(...inFrame.map((p) => p[1]));
    const o1 = Math.max(...inFrame.map((p) => p[1]));
    const thickness = o1 - o0;
    const length = s1 - s0;
    // A rectangle: its area fills its frame box.
    const area = Math.abs(inFrame.reduce((sum, p, k) => sum + (k > 0 ? inFrame[k - 1][0] * p[1] - p[0] * inFrame[k - 1][1] : 0), 0)) / 2;
    if (area < 0.95 * thickness * length) continue;
    if (thickness < 0.4 * limits.thickness || thickness > 1.8 * limits.thickness || length < limits.gap[0] || length > limits.gap[1]) continue;
    const margin = 0.2 * thickness;
    const middle = (s0 + s1) / 2;
    const tolerance = 0.5 * thickness + 1;
    const back = runs.cast(frame, middle, -1, length / 2 + tolerance, o0 + margin, o1 - margin);
    const ahead = runs.cast(frame, middle, 1, length / 2 + tolerance, o0 + margin, o1 - margin);
    if (!back || !ahead || back.at > s0 + tolerance || ahead.at < s1 - tolerance) continue;
    gaps.push({ rect: { ...frame, s0: back.at, s1: ahead.at, o0, o1 }, runIds: [back.ids[0], ahead.ids[0]] });
  }
  return gaps;
}

/** Glazing is drawn as this many lines at least: the frame's two faces and the glass. */
const GLAZING_LINES = 3;
/** A window's glazing lines lie within this share of the wall's thickness of each other. */
const GLAZING_BAND_SHARE = 1.2;

/** Where `member` lies across `line`'s direction, in `line`'s frame whichever way it is drawn. */
function acrossOf(line: Line, member: Line): number {
  return line.ux * member.ux + line.uy * member.uy > 0 ? member.offset : -member.offset;
}

/**
 * Lines of one direction and extent parted where more than `spacing` lies between neighbours: a
 * court glazed on both its open sides, or a corridor at both its ends, draws two windows of the
 * same extent.
 */
function bandsAcross(group: Line[], spacing: number): Line[][] {
  const [first] = group;
  const sorted = [...group].sort((a, b) => acrossOf(first, a) - acrossOf(first, b));
  const bands: Line[][] = [];
  sorted.forEach((line, k) => {
    if (k > 0 && acrossOf(first, line) - acrossOf(first, sorted[k - 1]) <= spacing) bands[bands.length - 1].push(line);
    else bands.push([line]);
  });
  return bands;
}

/**
 * Windows glazed from the face of one wall to the face of another, where no wall runs along the
 * window's own line (a window closing a bay between two walls that end there), or from a wall's
 * end to a column (glazing set between a column and the wall running on in its line): three or
 * more lines of one length, side by side within a wall's thickness, each end at wall material,
 * square to them or standing where they stop. The treads of a stair between two walls stand
 * further apart.
 */
function findGlazedBridges(lines: Line[], runs: RectIndex<WallRun>, limits: Limits, solidAt: (p: Position) => boolean): Gap[] {
  // Each glazing line ends at wall material square to it: the few lines that do are grouped by
  // direction and extent, so hatching and linework elsewhere cost one cast each.
  const ends = new Map<number, { back: { at: number; ids: number[] }; ahead: { at: number; ids: number[] } }>();
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    if (line.source !== 'stroke' || line.length < limits.gap[0] || line.length > limits.glazedGap) continue;
    const tolerance = Math.max(1, 0.02 * line.length);
    const middle = (line.t0 + line.t1) / 2;
    const reach = line.length / 2 + 2 * tolerance;
    // Each end at a wall square to the line, or in wall material of any kind (a column, a wall's
    // end in the line's own line).
    const endAt = (direction: 1 | -1) => {
      const end = direction === 1 ? line.t1 : line.t0;
      const hit = runs.cast(line, middle, direction, reach, line.offset - 0.5, line.offset + 0.5);
      if (hit && Math.abs(hit.at - end) <= 2 * tolerance && hit.ids.some((id) => perpendicular(line, runs.rects[id]))) return hit;
      const beyond = fromFrame(line, end + direction * 2 * tolerance, line.offset);
      return solidAt(beyond) ? { at: end, ids: hit && Math.abs(hit.at - end) <= 2 * tolerance ? hit.ids : [] } : null;
    };
    const back = endAt(-1);
    const ahead = endAt(1);
    if (!back || !ahead) continue;
    ends.set(line.id, { back, ahead });
    // Direction folded to a half turn, so lines drawn either way fall together.
    const flip = line.ux < 0 || (line.ux === 0 && line.uy < 0) ? -1 : 1;
    const key = `${Math.round(Math.atan2(flip * line.uy, flip * line.ux) * 60)}|${Math.round((flip > 0 ? line.t0 : -line.t1) / (4 * tolerance))}|${Math.round(line.length / (4 * tolerance))}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const gaps: Gap[] = [];
  for (const band of [...groups.values()].flatMap((group) => bandsAcross(group, GLAZING_BAND_SHARE * limits.thickness))) {
    if (band.length < GLAZING_LINES) continue;
    const [line] = band;
    const offsets = band.map((member) => acrossOf(line, member));
    const [o0, o1] = [Math.min(...offsets), Math.max(...offsets)];
    if (o1 - o0 > GLAZING_BAND_SHARE * limits.thickness) continue;
    const { back, ahead } = ends.get(line.id)!;
    // Lines inside a wall (its layers, a chase's lining) span from wall to wall too: glazing spans a void.
    if (solidAt(fromFrame(line, (back.at + ahead.at) / 2, (o0 + o1) / 2))) continue;
    // The wall at each end: one square to the line, else the one in its line; none at a column.
    const wallAt = (ids: number[]) => ids.find((id) => perpendicular(line, runs.rects[id])) ?? ids[0] ?? -1;
    gaps.push({ rect: { ux: line.ux, uy: line.uy, s0: back.at, s1: ahead.at, o0, o1 }, runIds: [wallAt(back.ids), wallAt(ahead.ids)], glazedOnly: true });
  }
  return gaps;
}

/**
 * What is drawn in a gap: glazing (window), offset panels (sliding door) or nothing; and how many
 * lines span it. Lines count that lie within `drawnWithin`: the gap, or for a part of a gap beside
 * a door, the whole gap, as a sill runs on under the door.
 */
function classifyGap(gap: Gap, lines: Line[], evidence: Evidence, pocheFills: ReadonlySet<number>, drawnWithin: FrameRect = gap.rect): { subClass: OpeningSubClass | null; spanning: number } {
  const { rect } = gap;
  const width = rect.s1 - rect.s0;
  const tolerance = Math.max(1, 0.25 * (rect.o1 - rect.o0));
  const inside = (p: Position) => rectHolds(drawnWithin, p, tolerance);
  const along = lines.filter((line) => parallel(rect, line, ALIGNED_SINE) && inside(line.a) && inside(line.b));
  // Glazing lines span the gap, often in pieces broken at the mullions: tracks of collinear
  // pieces are counted by how much of the gap they cover together. A line with nothing of its
  // length within the gap (a speck at a jamb, a sill's part under a door beside it) is on no track.
  const tracks = new Map<number, [number, number][]>();
  for (const line of along) {
    const a = toFrame(rect, line.a);
    const b = toFrame(rect, line.b);
    const [s0, s1] = [Math.max(rect.s0, Math.min(a[0], b[0])), Math.min(rect.s1, Math.max(a[0], b[0]))];
    if (s1 <= s0) continue;
    const key = Math.round((a[1] + b[1]) / 2);
    tracks.set(key, [...(tracks.get(key) ?? []), [s0, s1]]);
  }
  // A window's sashes need not share a track: a fixed light set a little out from the casements
  // beside it glazes the gap with them.
  const sashOffset = SASH_OFFSET_SHARE * (rect.o1 - rect.o0);
  const spanning = [...tracks.keys()].filter((key) => coveredLength([...tracks].flatMap(([other, pieces]) => (Math.abs(other - key) <= sashOffset ? pieces : []))) >= 0.75 * width).length;
  const panels = along.filter((line) => line.length >= 0.3 * width && line.length < 0.75 * width);
  // Sliding panels lie on two tracks and overlap in the middle; the sashes of a casement window
  // meet end to end on one line.
  const spans = panels.map((line) => {
    const a = toFrame(rect, line.a);
    const b = toFrame(rect, line.b);
    return { s0: Math.min(a[0], b[0]), s1: Math.max(a[0], b[0]), o: (a[1] + b[1]) / 2 };
  });
  const reachStart = spans.filter((span) => Math.abs(span.s0 - rect.s0) <= tolerance + 0.1 * width);
  const reachEnd = spans.filter((span) => Math.abs(span.s1 - rect.s1) <= tolerance + 0.1 * width);
  const track = 0.1 * (rect.o1 - rect.o0);
  const sliding = reachStart.some((first) => reachEnd.some((last) => Math.abs(first.o - last.o) >= track && first.s1 > last.s0));
  if (sliding) return { subClass: 'sliding door', spanning };
  if (spanning > 0) return { subClass: 'window', spanning };
  const filled = evidence.fills.some((fill) => {
    if (pocheFills.has(fill.pathIndex)) return false;
    const corners: Position[] = [
      [fill.bbox[0], fill.bbox[1]],
      [fill.bbox[2], fill.bbox[3]],
    ];
    if (!corners.every(inside)) return false;
    const a = toFrame(rect, corners[0])[0];
    const b = toFrame(rect, corners[1])[0];
    return Math.abs(b - a) >= 0.6 * width || Math.abs(fill.bbox[2] - fill.bbox[0]) + Math.abs(fill.bbox[3] - fill.bbox[1]) >= 0.75 * width;
  });
  return { subClass: filled ? 'window' : null, spanning: 0 };
}

/**
 * Folding (bifold) doors: each pair of leaves is drawn folded out of the wall's line, a Λ whose
 * feet stand on the gap's line and whose leaves meet at its apex off the wall, on one side. A
 * closet's pair from each jamb leaves the middle open; together the Λs span half the gap or more,
 * one of them from a jamb. Leaves lean 20–70° off the wall and are 0.15–0.6 of the gap long (four
 * leaves of a quarter each, or two of a half), the two of a Λ about equally long.
 */
const FOLD_SINES: [number, number] = [Math.sin((20 * Math.PI) / 180), Math.sin((70 * Math.PI) / 180)];
const FOLD_LEAF_SHARES: [number, number] = [0.15, 0.6];
const FOLD_SPAN_SHARE = 0.5;

function foldingLeaves(rect: FrameRect, lineIndex: LineLookup): boolean {
  const width = rect.s1 - rect.s0;
  const out = FOLD_LEAF_SHARES[1] * width;
  const lines = lineIndex(rectBBox({ ...rect, s0: rect.s0 - out, s1: rect.s1 + out, o0: rect.o0 - out, o1: rect.o1 + out }));
  const tolerance = Math.max(1.5, 0.25 * (rect.o1 - rect.o0));
  // A jamb's own layers can stop the gap a little short of where the leaves are hung.
  const reach = tolerance + 0.1 * width;
  const leaves = lines.flatMap((line) => {
    const sine = sineBetween(rect, line);
    if (line.source !== 'stroke' || sine < FOLD_SINES[0] || sine > FOLD_SINES[1]) return [];
    if (line.length < FOLD_LEAF_SHARES[0] * width || line.length > FOLD_LEAF_SHARES[1] * width) return [];
    const [a, b] = [toFrame(rect, line.a), toFrame(rect, line.b)];
    const onLine = (p: Position) => p[0] >= rect.s0 - reach && p[0] <= rect.s1 + reach && p[1] >= rect.o0 - tolerance && p[1] <= rect.o1 + tolerance;
    const [foot, apex] = onLine(a) && !onLine(b) ? [a, b] : onLine(b) && !onLine(a) ? [b, a] : [null, null];
    return foot && apex ? [{ foot, apex, side: Math.sign(apex[1] - foot[1]), length: line.length }] : [];
  });
  const spans: [number, number][] = [];
  for (const first of leaves) {
    for (const second of leaves) {
      if (first.foot[0] >= first.apex[0] || second.foot[0] <= second.apex[0] || first.side !== second.side) continue;
      const meet = Math.max(1.5, 0.1 * Math.min(first.length, second.length));
      if (distance(first.apex, second.apex) > meet || Math.max(first.length, second.length) > 1.3 * Math.min(first.length, second.length)) continue;
      const span: [number, number] = [Math.max(rect.s0, first.foot[0]), Math.min(rect.s1, second.foot[0])];
      if (!crossedInside(first.foot[1], first.apex[1], span, rect, lines)) spans.push(span);
    }
  }
  const fromJamb = spans.some(([s0, s1]) => s0 - rect.s0 <= reach || rect.s1 - s1 <= reach);
  return fromJamb && coveredLength(spans) >= FOLD_SPAN_SHARE * width;
}

/**
 * Whether a line parallel to the wall runs across a Λ between its feet and its apex, over a
 * third of its span: a stair's direction arrow stands on a tread so, the next treads crossing
 * it; a closet's leaves fold out over open floor.
 */
function crossedInside(foot: number, apex: number, [s0, s1]: [number, number], rect: FrameRect, lines: Line[]): boolean {
  const margin = 0.15 * Math.abs(apex - foot);
  const [o0, o1] = [Math.min(foot, apex) + margin, Math.max(foot, apex) - margin];
  return lines.some((line) => {
    if (!parallel(rect, line, ALIGNED_SINE)) return false;
    const [a, b] = [toFrame(rect, line.a), toFrame(rect, line.b)];
    const o = (a[1] + b[1]) / 2;
    return o > o0 && o < o1 && Math.min(s1, Math.max(a[0], b[0])) - Math.max(s0, Math.min(a[0], b[0])) >= (s1 - s0) / 3;
  });
}

/** Paint darker than this is wall material, not glass or a floor tint. */
const DARK_FILL = 100;

/** A surface-mounted leaf stands clear of the wall's face by this much (units): a line on the face is the wall's. */
const LEAF_CLEARANCE = 1;

/**
 * A surface-mounted sliding door (a barn door): a leaf about as long as the gap is wide, drawn
 * just off one face of the wall (within a third of its thickness), over at least half the gap
 * however far it is drawn slid open, and past it onto the wall. One or two lines (the leaf's
 * faces), where a hatch beside a doorway draws many.
 */
function surfaceSlider(rect: FrameRect, lines: Line[]): boolean {
  const width = rect.s1 - rect.s0;
  const thickness = rect.o1 - rect.o0;
  const leaves = lines.filter((line) => {
    if (line.source !== 'stroke' || !parallel(rect, line, ALIGNED_SINE) || line.length < 0.8 * width || line.length > 1.3 * width) return false;
    const [a, b] = [toFrame(rect, line.a), toFrame(rect, line.b)];
    const o = (a[1] + b[1]) / 2;
    const off = o < rect.o0 ? rect.o0 - o : o - rect.o1;
    const [s0, s1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    const covered = Math.min(rect.s1, s1) - Math.max(rect.s0, s0);
    // The leaf runs past the gap onto the wall it slides along; a dash of a line drawn beside
    // the wall stops where the gap does.
    const overhang = Math.max(rect.s0 - s0, s1 - rect.s1);
    return off >= LEAF_CLEARANCE && off <= thickness / 3 && covered >= 0.5 * width && overhang >= 0.05 * width;
  });
  return leaves.length >= 1 && leaves.length <= 2;
}

/** A gap painted dark (poché, a column drawn at the wall's end) is wall, whatever is drawn beside it. */
function paintedDark(rect: FrameRect, evidence: Evidence): boolean {
  const centre = fromFrame(rect, (rect.s0 + rect.s1) / 2, (rect.o0 + rect.o1) / 2);
  return evidence.fills.some((fill) => luminance(fill.color) < DARK_FILL && boxContainsPoint(fill.bbox, centre));
}

/**
 * Lines parallel to a gap beside its band (within two band widths on either side) that cover half
 * its length or more: where a window's glazing stops at the wall's faces, a hatch runs on.
 */
function parallelsBeside(rect: FrameRect, lineIndex: LineLookup): number {
  const width = rect.o1 - rect.o0;
  const reach = 2 * width;
  const corners = [fromFrame(rect, rect.s0, rect.o0 - reach), fromFrame(rect, rect.s1, rect.o1 + reach)];
  const box: [number, number, number, number] = [
    Math.min(corners[0][0], corners[1][0]),
    Math.min(corners[0][1], corners[1][1]),
    Math.max(corners[0][0], corners[1][0]),
    Math.max(corners[0][1], corners[1][1]),
  ];
  return lineIndex(box).filter((line) => {
    if (!parallel(rect, line, ALIGNED_SINE)) return false;
    const a = toFrame(rect, line.a);
    const b = toFrame(rect, line.b);
    const o = (a[1] + b[1]) / 2;
    const beside = (o < rect.o0 - 0.5 * width && o >= rect.o0 - reach) || (o > rect.o1 + 0.5 * width && o <= rect.o1 + reach);
    const along = Math.min(rect.s1, Math.max(a[0], b[0])) - Math.max(rect.s0, Math.min(a[0], b[0]));
    return beside && along >= 0.5 * (rect.s1 - rect.s0);
  }).length;
}

/** A slice runs across this share of its wall's thickness at most: a layer of it, not a wall ending at it. */
const SLICE_SHARE = 0.25;

/**
 * A short run lying wholly in a layer of a wall across it is a slice of that wall, no wall of its
 * own: luppmenpark fills its façade's outer layer again in pieces, cut where a balcony's posts line
 * up with it, and each 8 cm piece pairs across as a wall 5 cm long. Facing a post across the
 * balcony it made a passage that parted the balcony; a slice and a post make no gap (a slice
 * facing a length of wall still may: a bay's jambs can be drawn so).
 */
function sliceOfWall(id: number, runs: RectIndex<WallRun>): boolean {
  const run = runs.rects[id];
  if (run.s1 - run.s0 >= run.thickness) return false;
  const corners = rectCorners(run);
  return runs.search(rectBBox(run)).some((k) => {
    const host = runs.rects[k];
    return k !== id && perpendicular(run, host) && isWallLength(host) && run.s1 - run.s0 <= SLICE_SHARE * host.thickness && corners.every((corner) => rectHolds(host, corner, 0.5));
  });
}

/**
 * A run shorter than it is thick whose ends stand on lines running on past both its sides is a
 * rung between rails, no wall at all, and makes no gap with anything: Trivista draws a façade's
 * glazing as two long frame lines with a small box across them at each mullion, and each box pairs
 * as 4 cm of wall running into the room. In line with a door's jamb 4.5 m across, the two made a
 * window along a wardrobe's front that cut the wardrobe off its bedroom.
 */
function rungBetweenRails(run: WallRun, lineIndex: LineLookup): boolean {
  if (run.s1 - run.s0 >= run.thickness) return false;
  const reach = run.thickness;
  return [run.s0, run.s1].every((s) => {
    const [x0, y0, x1, y1] = ringBBox([fromFrame(run, s, run.o0 - reach), fromFrame(run, s, run.o1 + reach)]);
    return lineIndex([x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5]).some((line) => {
      if (!perpendicular(run, line)) return false;
      const [a, b] = [toFrame(run, line.a), toFrame(run, line.b)];
      return Math.abs(a[0] - s) <= 0.5 && Math.abs(b[0] - s) <= 0.5 && Math.min(a[1], b[1]) <= run.o0 - reach && Math.max(a[1], b[1]) >= run.o1 + reach;
    });
  });
}

/** A block juts out behind the wall through it by this share of that wall's thickness at least. */
const JUT_SHARE = 0.2;

/**
 * A run shorter than it is thick with a wall running through it across, jutting out behind that
 * wall (on the side away from `direction`), is a jamb block of the wall through it: nothing runs
 * from it toward `direction`, so it faces no gap that way. Read across, its sides pair as a wall
 * as wide as the wall through it is long. luppmenpark draws its 10 cm partitions with 24 cm blocks
 * at their ends; a bedroom's door jamb and the stair hall's, level across a dining room 2.5 m
 * wide, made a passage that cut the room in two. A nib at a corner ends flush with the far face of
 * the wall it turns from, and still faces its gap.
 */
function jambAcrossWall(id: number, runs: RectIndex<WallRun>, direction: 1 | -1): boolean {
  const run = runs.rects[id];
  return runsAcrossBlock(id, runs).some((k) => {
    const wall = runs.rects[k];
    if (!isWallLength(wall)) return false;
    const band = rectIn(run, wall);
    const behind = direction === 1 ? band.s0 - run.s0 : run.s1 - band.s1;
    return behind >= Math.max(JUT_SHARE * wall.thickness, 0.5);
  });
}

/** A run under this many times as long as it is thick is a post or a stub, not a length of wall. */
const POST_RATIO = 3;

function isPost(run: WallRun): boolean {
  return run.s1 - run.s0 < POST_RATIO * run.thickness;
}

/**
 * A chunk of wall shorter than it is thick, read across: the same block also reads the other way,
 * and that reading runs on in line with wall beyond a window's or a door's width (a pier between
 * two windows of a wall), where this one does not. Its jambs paired as if they were faces are no
 * end of a wall running this way for a gap to face.
 */
function readAcross(id: number, runs: RectIndex<WallRun>, reach: number): boolean {
  return runsAcrossBlock(id, runs).some((k) => inLineWithWall(k, runs, reach)) && !inLineWithWall(id, runs, reach);
}

/**
 * Whether two facing blocks are the ends of walls running across their line rather than a wall's
 * jambs: both read at a thickness no wall of the sheet has, and at least one the end of a wall
 * that runs on across past the band it reads (where a jamb's piece read the other way is just
 * itself). A niche between two walls' ends (a cupboard and a washing machine standing side by
 * side in it) so faced its sides like jambs, each in line with the other so `readAcross` kept
 * both, and what stood in it read as a window or a sliding door.
 */
function wallEndsAcross(id: number, other: number, runs: RectIndex<WallRun>, modes: number[]): boolean {
  const blocks = [id, other].map((k) => runs.rects[k]);
  if (blocks.some((block) => block.s1 - block.s0 >= block.thickness || nearMode(block.thickness, modes))) return false;
  const endOfWall = (k: number) =>
    runsAcrossBlock(k, runs).some((across) => {
      const wall = runs.rects[across];
      return isWallLength(wall) && wall.s1 - wall.s0 >= 2 * runs.rects[k].thickness;
    });
  return endOfWall(id) || endOfWall(other);
}

/** For a run shorter than it is thick (a block), the runs across it through its centre; none for a length of wall. */
function runsAcrossBlock(id: number, runs: RectIndex<WallRun>): number[] {
  const run = runs.rects[id];
  if (run.s1 - run.s0 >= run.thickness) return [];
  const centre = fromFrame(run, (run.s0 + run.s1) / 2, (run.o0 + run.o1) / 2);
  return runs.holding(centre, 0.5).filter((k) => k !== id && perpendicular(run, runs.rects[k]));
}

/** Whether another run of about its thickness carries on in line with `id` within `reach` of either end. */
function inLineWithWall(id: number, runs: RectIndex<WallRun>, reach: number): boolean {
  const run = runs.rects[id];
  const margin = 0.2 * run.thickness;
  return ([1, -1] as const).some((direction) => {
    const hit = runs.cast(run, (direction === 1 ? run.s1 : run.s0) + direction * 0.5, direction, reach, run.o0 + margin, run.o1 - margin, new Set([id]));
    return hit !== null && hit.ids.some((k) => parallel(run, runs.rects[k], ALIGNED_SINE) && Math.abs(runs.rects[k].thickness - run.thickness) <= 0.25 * run.thickness);
  });
}

/**
 * Whether a wall at least as thick as a gap is deep runs along one of its faces the whole way: the
 * gap is then that wall's margin, no opening. luppmenpark ends its 10 cm partitions in 24 cm
 * blocks drawn as three slices; the slices either side of the partition face each other along its
 * faces, and read as two windows flanking it, each cutting a strip off the room beside it. A
 * window's frame drawn as a pair of lines beside its glazing is thinner than the wall's gap.
 */
function wallAlongFace(rect: FrameRect, runs: RectIndex<WallRun>): boolean {
  const depth = rect.o1 - rect.o0;
  const tolerance = Math.max(0.5, 0.1 * depth);
  return runs.search(rectBBox({ ...rect, o0: rect.o0 - tolerance, o1: rect.o1 + tolerance })).some((k) => {
    const run = runs.rects[k];
    if (run.thickness < depth || !parallel(rect, run, ALIGNED_SINE)) return false;
    const seen = rectIn(rect, run);
    const touches = Math.abs(seen.o0 - rect.o1) <= tolerance || Math.abs(seen.o1 - rect.o0) <= tolerance;
    return touches && seen.s0 <= rect.s0 + tolerance && seen.s1 >= rect.s1 - tolerance;
  });
}

/** A run at least twice as long as it is thick has a direction; a square chunk of wall has none. */
function isWallLength(run: WallRun): boolean {
  return run.s1 - run.s0 >= 2 * run.thickness;
}

function perpendicular(a: Frame, b: Frame): boolean {
  return Math.abs(a.ux * b.ux + a.uy * b.uy) <= ALIGNED_SINE;
}

/** What a part of a gap is told by: the lines about a rect, the wall pieces, the fills. */
interface GapSurroundings {
  nearbyLines: (rect: FrameRect) => Line[];
  solid: (p: Position) => boolean;
  evidence: Evidence;
  pocheFills: ReadonlySet<number>;
}

/** Where along a part of a gap it is probed for wall, as shares of its width; and how far off its faces, as a share of its thickness. */
const PART_PROBES = [0.25, 0.5, 0.75];
const PART_FACE_PROBE = 0.1;

/**
 * The glazing beside the doors hung in a gap: a French door beside a fixed light, a garden door
 * at the end of a sliding front, an entrance door with its sidelight, each drawn between the same
 * two wall ends. The door's swing claims its part of the gap; each part left over, a gap's least
 * width or more, is a window or sliding door where two lines of glazing or more span it (one
 * alone is as often a wall's face, a shaft's or a cupboard's side drawn along the doorway, or the
 * edge of a wall marked for demolition). An empty part stays open: the gap may run past the door
 * into a room beyond it. A part with wall in it or just off its faces is no gap at all: a gap read
 * in a thin band along a wall's face between two doors (a plaster line, a door's frame).
 */
function glazingBesideDoors(gap: Gap, doors: FoundOpening[], limits: Limits, { nearbyLines, solid, evidence, pocheFills }: GapSurroundings): FoundOpening[] {
  const claimed = doors.map((door) => rectIn(gap.rect, door.rect)).sort((a, b) => a.s0 - b.s0);
  const parts: [number, number][] = [];
  let start = gap.rect.s0;
  for (const door of claimed) {
    if (door.s0 > start) parts.push([start, Math.min(door.s0, gap.rect.s1)]);
    start = Math.max(start, door.s1);
  }
  if (gap.rect.s1 > start) parts.push([start, gap.rect.s1]);
  // Probed in its middle and just off both its faces: wall there, and the part runs in a wall or along its face.
  const { o0, o1 } = gap.rect;
  const off = Math.max(1, PART_FACE_PROBE * (o1 - o0));
  const across = [o0 - off, (o0 + o1) / 2, o1 + off];
  const lines = nearbyLines(gap.rect);
  return parts
    .filter(([s0, s1]) => s1 - s0 >= limits.gap[0] && !PART_PROBES.some((share) => across.some((o) => solid(fromFrame(gap.rect, s0 + share * (s1 - s0), o)))))
    .flatMap(([s0, s1]) => {
      const part: Gap = { ...gap, rect: { ...gap.rect, s0, s1 } };
      const { subClass, spanning } = classifyGap(part, lines, evidence, pocheFills, gap.rect);
      return subClass === null || spanning < GLAZED_GAP_SPANNING ? [] : [{ subClass, rect: part.rect, widthUnits: s1 - s0, runIds: gap.runIds }];
    });
}

function overlapsAlong(a: FrameRect, b: FrameRect): boolean {
  if (!parallel(a, b, ALIGNED_SINE)) return false;
  const seen = rectIn(a, b);
  const along = Math.min(a.s1, seen.s1) - Math.max(a.s0, seen.s0);
  const across = Math.min(a.o1, seen.o1) - Math.max(a.o0, seen.o0);
  return along > 0.3 * Math.min(a.s1 - a.s0, seen.s1 - seen.s0) && across > -1;
}

// ---------------------------------------------------------------------------------------------

/** Whether a point lies in any of the wall pieces (runs, joints, poché, columns). */
function solidIn(pieces: Polygon[]): (p: Position) => boolean {
  if (pieces.length === 0) return () => false;
  const boxes = pieces.map((piece) => ringBBox(piece[0]));
  const index = new Flatbush(pieces.length);
  for (const [x0, y0, x1, y1] of boxes) index.add(x0, y0, x1, y1);
  index.finish();
  return (p) => index.search(p[0], p[1], p[0], p[1]).some((k) => pointInPolygon(p, pieces[k]));
}

/** A run of poché this many times deeper than long is a wall's poché cut across. */
const CUT_STRIP_DEPTH = 2;

/**
 * Whether a run is the end of a wall's poché cut across, where a separate block of it lies over a
 * wardrobe: far deeper than long, and deeper than any wall of the sheet and than a built-in. Two
 * such ends face each other across a room like the jambs of an opening as deep as the wardrobe,
 * and its lines between them read as glazing (Trivista draws its bedrooms so); a door's jamb or a
 * column at a wall's end is about square or no deeper than its wall.
 */
function cutPocheStrip(walls: WallEvidence): (run: WallRun) => boolean {
  const upm = walls.scale.unitsPerMetre;
  // No wall of the sheet, odd ones included, is this thick, and a built-in is as deep.
  const deepest = Math.max(ODD_WALL_RATIO * Math.max(0, ...walls.thicknessModes), upm === null ? Infinity : BUILT_IN_DEPTH_METRES * upm);
  return (run) => run.style.startsWith('fill') && CUT_STRIP_DEPTH * (run.s1 - run.s0) < run.thickness && run.thickness > deepest;
}

export function detectOpenings(evidence: Evidence, walls: WallEvidence): OpeningFindings {
  const limits = limitsOf(walls);
  const runs = new RectIndex(walls.runs);
  const lineRects = new RectIndex(
    walls.lines.map((line): FrameRect => ({ ux: line.ux, uy: line.uy, s0: line.t0, s1: line.t1, o0: line.offset - 0.01, o1: line.offset + 0.01 })),
  );
  const lineIndex = (box: [number, number, number, number]) => lineRects.search(box).map((k) => walls.lines[k]);
  const stubs = new RectIndex(walls.oddThicknessQuads);
  const swings = findSwings(evidence, runs, stubs, limits, lineIndex);
  const jambStubs = [...new Set(swings.flatMap((swing) => swing.stubIds))].sort((a, b) => a - b).map((id) => walls.oddThicknessQuads[id]);
  const doors = pairDoubleSwings(swings).map(doorOpening);
  const openings: FoundOpening[] = [...doors];
  const passages: FrameRect[] = [];
  const pocheFills = new Set(walls.poche.map((fill) => fill.pathIndex));
  /** `bare`: open floor wider than a passage, with nothing drawn in it. */
  const gaps: (Gap & { bare: boolean })[] = [];
  // Of gaps found twice over (between two pairs of runs), the one in the thinner band is the wall's own.
  const solid = solidIn(walls.pieces);
  const found = [...findGaps(runs, limits, lineIndex, walls.thicknessModes), ...findFilledGaps(evidence, runs, limits, pocheFills), ...findGlazedBridges(walls.lines, runs, limits, solid)].sort(
    (a, b) => a.rect.o1 - a.rect.o0 - (b.rect.o1 - b.rect.o0),
  );
  const cutStrip = cutPocheStrip(walls);
  const nearbyLines = (rect: FrameRect) => {
    const [x0, y0] = fromFrame(rect, rect.s0, rect.o0);
    const [x1, y1] = fromFrame(rect, rect.s1, rect.o1);
    const margin = rect.o1 - rect.o0;
    return lineIndex([Math.min(x0, x1) - margin, Math.min(y0, y1) - margin, Math.max(x0, x1) + margin, Math.max(y0, y1) + margin]);
  };
  for (const gap of found) {
    const claims = gaps.filter((other) => overlapsAlong(other.rect, gap.rect));
    if (claims.some((other) => !other.bare)) continue;
    // A bare gap says nothing of the band beside it but that no wall is there; glazing in that band
    // is a window still. The rims of two pilasters on a façade's inner face pair as a thin band
    // along it, and their gap, wider than a passage, had hidden the windows between them.
    const besideBareGap = claims.length > 0;
    if (gap.runIds.length === 2 && gap.runIds.every((id) => id >= 0 && cutStrip(walls.runs[id]))) continue;
    const hung = doors.filter((door) => overlapsAlong(door.rect, gap.rect));
    if (hung.length > 0) {
      if (besideBareGap) continue;
      const glazing = glazingBesideDoors(gap, hung, limits, { nearbyLines, solid, evidence, pocheFills });
      gaps.push(...glazing.map((opening) => ({ ...gap, rect: opening.rect, bare: false })));
      openings.push(...glazing);
      continue;
    }
    if (wallAlongFace(gap.rect, runs)) continue;
    const nearby = nearbyLines(gap.rect);
    const { subClass, spanning } = classifyGap(gap, nearby, evidence, pocheFills);
    const width = gap.rect.s1 - gap.rect.s0;
    const folding = subClass === null && width <= limits.gap[1] && foldingLeaves(gap.rect, lineIndex);
    // At a corner only a window's glazing (two lines or more) or a folding door's leaves close the
    // gap: a closet's rod or a sliding front between a wall end and the back wall leaves the
    // closet part of its room, and lines that run on in the floor beside the gap are a tile or
    // floor hatch, not glazing.
    if (gap.glazedOnly && !folding && (subClass !== 'window' || spanning < 2 || parallelsBeside(gap.rect, lineIndex) > 0)) continue;
    if ((besideBareGap || width > limits.gap[1]) && (subClass !== 'window' || spanning < GLAZED_GAP_SPANNING)) continue;
    // A folding door is an opening whose sub-class the interface does not name.
    const found = subClass ?? (!folding && !gap.glazedOnly && surfaceSlider(gap.rect, nearby) && !paintedDark(gap.rect, evidence) ? 'sliding door' : null);
    if (found || folding) openings.push({ subClass: found, rect: gap.rect, widthUnits: width, runIds: gap.runIds });
    else if (width <= limits.passage) passages.push(gap.rect);
    // Open floor wider than a passage between two posts claims no band: the stubs a stair hall's
    // side walls end in face each other across the hall along its lift's wall, and the lift's
    // doorway in that wall is still read. Between lengths of wall it is the wall's own gap.
    else if (gap.runIds.every((id) => id >= 0 && isPost(walls.runs[id]))) continue;
    gaps.push({ ...gap, bare: !found && !folding && width > limits.passage });
  }
  return { openings, passages, jambStubs };
}
