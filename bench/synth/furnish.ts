// Fixtures and furniture: CAD blocks placed on free floor, backed onto walls where they belong,
// clear of door swings, of each other and of the room's label.
import { boundsOf, pointInRing, rectInsideRing, rectsOverlap, type Point, type Rect, type Ring } from './geometry.ts';
import type { Program, RoomKind } from './layouts.ts';
import type { Random } from './random.ts';

export type FixtureKind = 'toilet' | 'sink' | 'bathtub' | 'shower' | 'cooktop' | 'stairs' | 'elevator';
export type FurnitureKind = 'bed' | 'wardrobe' | 'sofa' | 'table' | 'desk' | 'counter';

export const FIXTURE_KINDS: readonly FixtureKind[] = ['toilet', 'sink', 'bathtub', 'shower', 'cooktop', 'stairs', 'elevator'];

/** A local frame: u runs along the wall the item backs onto, v points into the room. */
export interface ItemFrame {
  origin: Point;
  u: Point;
  v: Point;
  width: number;
  depth: number;
}

export interface PlacedItem<K extends FixtureKind | FurnitureKind = FixtureKind | FurnitureKind> {
  kind: K;
  room: number;
  frame: ItemFrame;
}

/** Finds free floor in one room for fixtures and furniture, each clear of the others. */
export class Furnisher {
  private readonly blocked: Rect[];

  constructor(
    private readonly rng: Random,
    private readonly ring: Ring,
    blocked: Rect[],
    private readonly gap: number,
  ) {
    this.blocked = [...blocked];
  }

  private accept(rect: Rect, clearance: number): boolean {
    const grown = { x0: rect.x0 - clearance, y0: rect.y0 - clearance, x1: rect.x1 + clearance, y1: rect.y1 + clearance };
    return rectInsideRing(clearance > 0 ? grown : rect, this.ring) && !this.blocked.some((b) => rectsOverlap(b, rect, this.gap));
  }

  /** Backed onto a wall face; `corner` pushes it into one end of that face. */
  againstWall(width: number, depth: number, corner = false): ItemFrame | null {
    const n = this.ring.length;
    const edges = this.rng.shuffle(this.ring.map((a, i) => [a, this.ring[(i + 1) % n]] as const));
    for (const [a, b] of edges) {
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (length < width) continue;
      const u: Point = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const left: Point = [u[1], -u[0]];
      const v: Point = pointInRing([mid[0] + left[0], mid[1] + left[1]], this.ring) ? left : [-left[0], -left[1]];
      const offsets = corner ? [0, length - width] : [this.rng.range(0, length - width), this.rng.range(0, length - width), 0, length - width];
      for (const s of offsets) {
        const origin: Point = [a[0] + u[0] * s, a[1] + u[1] * s];
        const frame = { origin, u, v, width, depth };
        const rect = frameRect(frame);
        if (this.accept(rect, 0)) {
          this.blocked.push(rect);
          return frame;
        }
      }
    }
    return null;
  }

  /** Free in the room, `clearance` away from walls and other things. */
  freeStanding(width: number, depth: number, clearance: number): ItemFrame | null {
    const bounds = boundsOf(this.ring);
    for (let attempt = 0; attempt < 16; attempt++) {
      const turned = this.rng.chance(0.5);
      const [w, d] = turned ? [depth, width] : [width, depth];
      const x = this.rng.range(bounds.x0 + clearance, bounds.x1 - clearance - w);
      const y = this.rng.range(bounds.y0 + clearance, bounds.y1 - clearance - d);
      const frame: ItemFrame = turned ? { origin: [x + w, y], u: [0, 1], v: [-1, 0], width, depth } : { origin: [x, y], u: [1, 0], v: [0, 1], width, depth };
      const rect = frameRect(frame);
      if (this.accept(rect, clearance)) {
        this.blocked.push(rect);
        return frame;
      }
    }
    return null;
  }
}

export function framePoint(frame: ItemFrame, x: number, y: number): Point {
  return [frame.origin[0] + frame.u[0] * x + frame.v[0] * y, frame.origin[1] + frame.u[1] * x + frame.v[1] * y];
}

export function frameRect(frame: ItemFrame): Rect {
  return boundsOf([framePoint(frame, 0, 0), framePoint(frame, frame.width, frame.depth)]);
}

/** A frame for a part of `parent`, `offset` along its wall and `width` wide, as deep as `depth`. */
function subFrame(parent: ItemFrame, offset: number, width: number, depth: number): ItemFrame {
  return { origin: framePoint(parent, offset, 0), u: parent.u, v: parent.v, width, depth };
}

/** The blocks a room of `kind` gets; `complete` is false when one it cannot do without did not fit. */
export function furnishRoom(
  rng: Random,
  room: number,
  kind: RoomKind,
  furnisher: Furnisher,
  modelPerMetre: number,
  program: Program,
  elevatorInLobby: boolean,
): { fixtures: PlacedItem<FixtureKind>[]; furniture: PlacedItem<FurnitureKind>[]; complete: boolean } {
  const m = (metres: number) => metres * modelPerMetre;
  const fixtures: PlacedItem<FixtureKind>[] = [];
  const furniture: PlacedItem<FurnitureKind>[] = [];
  const fixture = (k: FixtureKind, frame: ItemFrame | null) => frame !== null && fixtures.push({ kind: k, room, frame }) > 0;
  const furnish = (k: FurnitureKind, frame: ItemFrame | null) => frame !== null && furniture.push({ kind: k, room, frame }) > 0;
  let complete = true;
  switch (kind) {
    case 'bath': {
      if (program === 'commercial') {
        // A public restroom: a row of water closets and lavatories, no bathing.
        for (let k = 0; k < 2; k++) {
          fixture('toilet', furnisher.againstWall(m(0.5), m(0.72)));
          fixture('sink', furnisher.againstWall(m(0.6), m(0.48)));
        }
        break;
      }
      const tub = rng.chance(0.6) && fixture('bathtub', furnisher.againstWall(m(1.7), m(0.75), true));
      if (!tub) fixture('shower', furnisher.againstWall(m(0.9), m(0.9), true));
      fixture('toilet', furnisher.againstWall(m(0.5), m(0.72)));
      fixture('sink', furnisher.againstWall(m(0.6), m(0.48)));
      break;
    }
    case 'wc':
      fixture('toilet', furnisher.againstWall(m(0.5), m(0.72)));
      fixture('sink', furnisher.againstWall(m(0.45), m(0.35)));
      break;
    case 'laundry':
      fixture('sink', furnisher.againstWall(m(0.6), m(0.5)));
      break;
    case 'kitchen': {
      const length = m(rng.pick([2.4, 3.0, 3.6]));
      const counter = furnisher.againstWall(length, m(0.6)) ?? furnisher.againstWall(m(1.8), m(0.6));
      if (furnish('counter', counter) && counter) {
        // Sink at one end, cooktop at the other: on a 1.8 m counter the sink's 0.8 m does not
        // reach its middle, so which end it is at is decided once, not read back from its place.
        const sinkLeft = rng.chance(0.5);
        fixture('sink', subFrame(counter, sinkLeft ? m(0.15) : counter.width - m(0.95), m(0.8), m(0.55)));
        const cooktopAt = sinkLeft ? counter.width - m(0.75) : m(0.15);
        fixture('cooktop', subFrame(counter, cooktopAt, m(0.6), m(0.55)));
      }
      furnish('table', furnisher.freeStanding(m(1.4), m(0.8 + 2 * 0.5), m(0.3)));
      break;
    }
    case 'stair': {
      const treads = rng.int(11, 14);
      const width = m(rng.pick([1.0, 1.1, 1.2]));
      complete = fixture('stairs', furnisher.againstWall(m(0.28) * treads, width) ?? furnisher.againstWall(m(0.28) * 10, width));
      break;
    }
    case 'elevator':
      complete = fixture('elevator', furnisher.againstWall(m(1.8), m(1.8)) ?? furnisher.againstWall(m(1.6), m(1.6)));
      break;
    case 'lobby':
      if (elevatorInLobby) complete = fixture('elevator', furnisher.againstWall(m(1.8), m(1.8)));
      break;
    case 'bedroom': {
      const double = rng.chance(0.7);
      furnish('bed', furnisher.againstWall(m(double ? 1.6 : 0.9), m(2.0)));
      furnish('wardrobe', furnisher.againstWall(m(1.2), m(0.6)));
      break;
    }
    case 'living':
      furnish('sofa', furnisher.againstWall(m(2.0), m(0.9)));
      furnish('table', furnisher.freeStanding(m(1.0), m(0.6), m(0.4)));
      break;
    case 'dining':
      furnish('table', furnisher.freeStanding(m(1.6), m(0.9 + 2 * 0.5), m(0.3)));
      break;
    case 'conference':
      furnish('table', furnisher.freeStanding(m(2.8), m(1.2 + 2 * 0.5), m(0.3)));
      break;
    case 'office':
      furnish('desk', furnisher.againstWall(m(1.4), m(0.7 + 0.6)));
      break;
    default:
      break;
  }
  return { fixtures, furniture, complete };
}
