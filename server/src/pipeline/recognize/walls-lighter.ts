// Walls drawn in a lighter pen than the heaviest ones. Renovation and permit plans draw existing
// walls light (or screened) and new walls heavy, so "walls are the heaviest pen" finds only the
// new work. Walls join walls at both ends (corners, tees, the far jamb of a door), where furniture
// touching a wall is a dead end: lighter pairs of a wall thickness that do not meet wall, or other
// such pairs, at both ends (or at one, where a partition ends on them in a T) are pruned until
// none is left; of the rest, those reached from the walls already found, piece by piece, are wall. Glazing between two wall ends is taken out again
// with the other opening content (walls.ts).
import { RectIndex, fromFrame, rectBBox, rectHolds, sineBetween, toFrame, type FrameRect } from './geom-frame.ts';

/** Rounds of pruning and of growth: each settles one more piece along a chain of wall. */
const ROUNDS = 60;

export interface LighterLimits {
  /** How far past or short of a piece's end wall is looked for, blueprint units. */
  reach: number;
  /** The widest door or window the chain of walls is followed across. */
  gap: number;
  /** The shortest piece taken: the strokes of outlined lettering pair up too. */
  shortest: number;
}

/**
 * Whether a point just past or just short of one end of a quad lies in wall, no gap between: a
 * wall running on, meeting another's face in a T, or sharing the corner square of an L. `skip` is
 * the quad's own id in `index`.
 */
function endTouchesWall(quad: FrameRect, end: 0 | 1, index: RectIndex<FrameRect>, reach: number, skip?: number): boolean {
  const middle = (quad.o0 + quad.o1) / 2;
  const at = end === 0 ? quad.s0 : quad.s1;
  return [at - reach, at + reach].some((s) => {
    const p = fromFrame(quad, s, middle);
    return index.holding(p, 0.01).some((k) => k !== skip);
  });
}

/** A partition meeting a piece this near square to it stands across it (`joined`)... */
const ACROSS_SINE = Math.sin((60 * Math.PI) / 180);
/** ...where one is at most this much thicker than the other. */
const STEM_THICKNESS_RATIO = 1.25;

/** The band a quad's middle half sweeps: what lies in it beyond an end is in line with the quad. */
const BAND_MARGIN = 0.25;

/** The nearest quads of `index` beyond one end of a quad, in its band, up to a door's width away. */
function castBeyond(quad: FrameRect, end: 0 | 1, index: RectIndex<FrameRect>, limits: LighterLimits, skip?: number) {
  const margin = BAND_MARGIN * (quad.o1 - quad.o0);
  return index.cast(quad, end === 0 ? quad.s0 : quad.s1, end === 0 ? -1 : 1, limits.gap, quad.o0 + margin, quad.o1 - margin, new Set(skip === undefined ? [] : [skip]));
}

/** Whether wall meets one end of a quad: it touches the end, or lies across a door's width beyond it. */
function endMeetsWall(quad: FrameRect, end: 0 | 1, index: RectIndex<FrameRect>, limits: LighterLimits, skip?: number): boolean {
  return endTouchesWall(quad, end, index, limits.reach, skip) || castBeyond(quad, end, index, limits, skip) !== null;
}

/** Whether a quad of `index` ends on this one: a wall meeting it in a T or an L. */
function wallEndsOn(quad: FrameRect, index: RectIndex<FrameRect>, reach: number): boolean {
  return endsOn(quad, index, reach, () => true);
}

/** Whether a quad of `index` that `accept`s ends on this one. */
function endsOn(quad: FrameRect, index: RectIndex<FrameRect>, reach: number, accept: (k: number) => boolean): boolean {
  const [x0, y0, x1, y1] = rectBBox(quad);
  return index.search([x0 - reach, y0 - reach, x1 + reach, y1 + reach]).some((k) => {
    if (!accept(k)) return false;
    const other = index.rects[k];
    const middle = (other.o0 + other.o1) / 2;
    return [other.s0, other.s1].some((s) => rectHolds(quad, fromFrame(other, s, middle), reach));
  });
}

/**
 * Short pieces of lighter wall between a corner or a T and a door's jamb: touching wall at one
 * end, or met by a wall's end, and in line with a piece long enough to be taken across a door's
 * width at most. Too short to be told from the strokes of lettering alone, they would leave a
 * slit beside the door, and the walls ending on them would end on nothing.
 */
function jambStubs<T extends { quad: FrameRect }>(short: T[], long: T[], walls: RectIndex<FrameRect>, limits: LighterLimits): T[] {
  if (long.length === 0) return [];
  const longIndex = new RectIndex(long.map(({ quad }) => quad));
  // The nearest long piece beyond the end runs the same way along the same line.
  const inLine = (quad: FrameRect, end: 0 | 1) =>
    castBeyond(quad, end, longIndex, limits)?.ids.some((k) => {
      const other = longIndex.rects[k];
      if (Math.abs(other.ux * quad.ux + other.uy * quad.uy) < 0.99) return false;
      const across = toFrame(quad, fromFrame(other, (other.s0 + other.s1) / 2, (other.o0 + other.o1) / 2))[1];
      return Math.abs(across - (quad.o0 + quad.o1) / 2) <= BAND_MARGIN * (quad.o1 - quad.o0);
    }) ?? false;
  const touches = (quad: FrameRect, end: 0 | 1) => endTouchesWall(quad, end, walls, limits.reach) || endTouchesWall(quad, end, longIndex, limits.reach);
  return short.filter(({ quad }) => {
    if (wallEndsOn(quad, walls, limits.reach) || wallEndsOn(quad, longIndex, limits.reach)) return inLine(quad, 0) || inLine(quad, 1);
    return (touches(quad, 0) && inLine(quad, 1)) || (touches(quad, 1) && inLine(quad, 0)) || (inLine(quad, 0) && inLine(quad, 1));
  });
}

/**
 * Pieces whose ends both meet wall, pruned round by round; with `stems`, a piece one of them
 * ends on in a T needs wall at one end only. A partition ending on a piece stands on it: the
 * piece is wall though its far end is free (a hall's wall ending where it opens onto a living
 * room, beside the door the partition frames). Stems are pieces joined at both ends without this
 * rule, or standing on a wall of the wall pens or on such a piece, square to the piece and as
 * thick: furniture and a key plan's small print meet in Ts at any thickness, and pieces standing
 * on pieces would hold each other up in chains.
 */
function joined<T extends { quad: FrameRect }>(pieces: T[], wallIndex: RectIndex<FrameRect>, limits: LighterLimits, stems: RectIndex<FrameRect> | null): T[] {
  let kept = pieces;
  const stemOn = (quad: FrameRect) =>
    stems !== null &&
    endsOn(quad, stems, limits.reach, (k) => {
      const stem = stems.rects[k];
      const [a, b] = [stem.o1 - stem.o0, quad.o1 - quad.o0];
      return sineBetween(quad, stem) >= ACROSS_SINE && Math.max(a, b) <= STEM_THICKNESS_RATIO * Math.min(a, b);
    });
  for (let round = 0; round < ROUNDS && kept.length > 0; round++) {
    const index = new RectIndex(kept.map(({ quad }) => quad));
    const meets = (quad: FrameRect, end: 0 | 1, k: number) => endMeetsWall(quad, end, wallIndex, limits) || endMeetsWall(quad, end, index, limits, k);
    const next = kept.filter(({ quad }, k) => {
      const [start, end] = [meets(quad, 0, k), meets(quad, 1, k)];
      return (start && end) || ((start || end) && stemOn(quad));
    });
    if (next.length === kept.length) break;
    kept = next;
  }
  return kept;
}

/** The lighter quads that are wall, given the walls found in the wall pens. */
export function lighterWalls<T extends { quad: FrameRect }>(lighter: T[], walls: FrameRect[], limits: LighterLimits): T[] {
  const wallIndex = new RectIndex(walls);
  const long = lighter.filter(({ quad }) => quad.s1 - quad.s0 >= Math.max(limits.shortest, 2 * (quad.o1 - quad.o0)));
  const longSet = new Set(long);
  const pieces = [...long, ...jambStubs(lighter.filter((source) => !longSet.has(source)), long, wallIndex, limits)];
  const plain = new Set(joined(pieces, wallIndex, limits, null));
  const plainIndex = new RectIndex([...plain].map(({ quad }) => quad));
  const anchored = ({ quad }: T) => ([0, 1] as const).some((end) => endTouchesWall(quad, end, wallIndex, limits.reach) || endTouchesWall(quad, end, plainIndex, limits.reach));
  const stems = new RectIndex(pieces.filter((piece) => plain.has(piece) || anchored(piece)).map(({ quad }) => quad));
  return reachedFrom(walls, joined(pieces, wallIndex, limits, stems), (quad, index) => {
    if (index.holding(fromFrame(quad, (quad.s0 + quad.s1) / 2, (quad.o0 + quad.o1) / 2), 0.01).length > 0) return false;
    return endMeetsWall(quad, 0, index, limits) || endMeetsWall(quad, 1, index, limits);
  });
}

/**
 * The pieces reached from the walls, piece by piece: each round takes those `reaches` finds
 * reaching the walls or the pieces the round before took, in the order they were reached.
 */
function reachedFrom<T extends { quad: FrameRect }>(walls: FrameRect[], pieces: T[], reaches: (quad: FrameRect, found: RectIndex<FrameRect>) => boolean): T[] {
  const reached = new Set<T>();
  let rest = pieces;
  let found = walls;
  for (let round = 0; round < ROUNDS && found.length > 0 && rest.length > 0; round++) {
    const index = new RectIndex(found);
    const next = rest.filter(({ quad }) => reaches(quad, index));
    if (next.length === 0) break;
    for (const piece of next) reached.add(piece);
    rest = rest.filter((piece) => !reached.has(piece));
    found = next.map(({ quad }) => quad);
  }
  return [...reached];
}

/**
 * The pieces that touch wall at one end at least, or a piece that does, and so on: a wall of odd
 * thickness stands on the walls it thickens or joins. Furniture beside a wall pairs with the
 * wall's face at a thickness no wall has and can face wall across the floor at both ends, as a
 * wall between two doors does: stepcube's beds stand 0.31 m off their window walls, and each
 * bed's side, with the wall's face, made a strip of wall that met the walls beyond the bed's
 * head and foot only across a gap. Two such strips touching end to end (two cabinets in a row)
 * do not hold each other up.
 */
export function touchingWall<T extends { quad: FrameRect }>(pieces: T[], walls: FrameRect[], limits: LighterLimits): T[] {
  return reachedFrom(walls, pieces, (quad, found) => ([0, 1] as const).some((end) => endTouchesWall(quad, end, found, limits.reach)));
}
