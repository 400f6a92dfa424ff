// Geometry in the frame of a wall direction: `along` the wall and `across` it. Openings and runs
// are rectangles in such a frame, and casting along a wall's band finds where wall material is.
import Flatbush from 'flatbush';
import type { Position } from '../../../../core/src/types.ts';
import type { BBox } from '../types.ts';
import { closeRing, ringBBox } from './geom-basics.ts';

/** A unit direction; the across axis is its left normal (−uy, ux). */
export interface Frame {
  ux: number;
  uy: number;
}

/** A rectangle in a frame: along [s0, s1], across [o0, o1]. */
export interface FrameRect extends Frame {
  s0: number;
  s1: number;
  o0: number;
  o1: number;
}

export function fromFrame(frame: Frame, s: number, o: number): Position {
  return [s * frame.ux - o * frame.uy, s * frame.uy + o * frame.ux];
}

export function toFrame(frame: Frame, [x, y]: Position): [number, number] {
  return [x * frame.ux + y * frame.uy, -x * frame.uy + y * frame.ux];
}

/** Corners in order, not closed. */
export function rectCorners(rect: FrameRect): Position[] {
  return [fromFrame(rect, rect.s0, rect.o0), fromFrame(rect, rect.s1, rect.o0), fromFrame(rect, rect.s1, rect.o1), fromFrame(rect, rect.s0, rect.o1)];
}

export function rectRing(rect: FrameRect): Position[] {
  return closeRing(rectCorners(rect));
}

export function rectBBox(rect: FrameRect): BBox {
  return ringBBox(rectCorners(rect));
}

/** Points just beyond each long side of a rectangle (across below o0, then above o1), at shares of its length. */
export function pointsBeside(rect: FrameRect, offset: number, shares: readonly number[]): { below: Position[]; above: Position[] } {
  const at = (share: number) => rect.s0 + share * (rect.s1 - rect.s0);
  return {
    below: shares.map((share) => fromFrame(rect, at(share), rect.o0 - offset)),
    above: shares.map((share) => fromFrame(rect, at(share), rect.o1 + offset)),
  };
}

/** Whether a point lies in a rectangle grown by `margin` on every side. */
export function rectHolds(rect: FrameRect, p: Position, margin = 0): boolean {
  const [s, o] = toFrame(rect, p);
  return s >= rect.s0 - margin && s <= rect.s1 + margin && o >= rect.o0 - margin && o <= rect.o1 + margin;
}

/** Sine of the angle between two directions, either way round. */
export function sineBetween(a: Frame, b: Frame): number {
  return Math.abs(a.ux * b.uy - a.uy * b.ux);
}

export function parallel(a: Frame, b: Frame, sine: number): boolean {
  return sineBetween(a, b) <= sine;
}

/** A rectangle re-expressed in another frame (exact when parallel, its bounding rectangle otherwise). */
export function rectIn(frame: Frame, rect: FrameRect): FrameRect {
  let s0 = Infinity;
  let s1 = -Infinity;
  let o0 = Infinity;
  let o1 = -Infinity;
  for (const corner of rectCorners(rect)) {
    const [s, o] = toFrame(frame, corner);
    s0 = Math.min(s0, s);
    s1 = Math.max(s1, s);
    o0 = Math.min(o0, o);
    o1 = Math.max(o1, o);
  }
  return { ux: frame.ux, uy: frame.uy, s0, s1, o0, o1 };
}

/** Part of a convex polygon (frame coordinates) between across = o0 and across = o1. */
function clipToSlab(points: [number, number][], o0: number, o1: number): [number, number][] {
  const clip = (input: [number, number][], keep: (p: [number, number]) => boolean, bound: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let k = 0; k < input.length; k++) {
      const p = input[k];
      const q = input[(k + 1) % input.length];
      const pIn = keep(p);
      const qIn = keep(q);
      if (pIn) out.push(p);
      if (pIn !== qIn) {
        const t = (bound - p[1]) / (q[1] - p[1]);
        out.push([p[0] + t * (q[0] - p[0]), bound]);
      }
    }
    return out;
  };
  return clip(clip(points, (p) => p[1] >= o0, o0), (p) => p[1] <= o1, o1);
}

/** Rectangles indexed for casting along bands. */
export class RectIndex<T extends FrameRect> {
  private readonly index: Flatbush | null;

  constructor(readonly rects: readonly T[]) {
    if (rects.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(rects.length);
    for (const rect of rects) {
      const box = rectBBox(rect);
      this.index.add(box[0], box[1], box[2], box[3]);
    }
    this.index.finish();
  }

  search(box: BBox): number[] {
    return this.index ? this.index.search(box[0], box[1], box[2], box[3]) : [];
  }

  /** The rectangles whose box holds the point and that hold it in their own frame, grown there by `margin`. */
  holding(p: Position, margin = 0): number[] {
    return this.search([p[0], p[1], p[0], p[1]]).filter((k) => rectHolds(this.rects[k], p, margin));
  }

  /** Along-extent, in `frame`, of each rectangle's part inside the band [o0, o1] between along s0 and s1. */
  inBand(frame: Frame, s0: number, s1: number, o0: number, o1: number, skip: ReadonlySet<number> = new Set()): { id: number; s0: number; s1: number }[] {
    const box = ringBBox([fromFrame(frame, s0, o0), fromFrame(frame, s1, o0), fromFrame(frame, s1, o1), fromFrame(frame, s0, o1)]);
    const hits: { id: number; s0: number; s1: number }[] = [];
    for (const id of this.search(box)) {
      if (skip.has(id)) continue;
      const inFrame = rectCorners(this.rects[id]).map((corner) => toFrame(frame, corner));
      const clipped = clipToSlab(inFrame, o0, o1);
      if (clipped.length < 3) continue;
      const along = clipped.map((p) => p[0]);
      const a0 = Math.min(...along);
      const a1 = Math.max(...along);
      if (a1 <= s0 || a0 >= s1) continue;
      hits.push({ id, s0: a0, s1: a1 });
    }
    return hits;
  }

  /**
   * Where wall material first occupies the band, going from `from` in `direction` up to `limit`
   * units: the along position and the rectangles found there; null when the band stays clear.
   */
  cast(frame: Frame, from: number, direction: 1 | -1, limit: number, o0: number, o1: number, skip: ReadonlySet<number> = new Set()): { at: number; ids: number[] } | null {
    const [s0, s1] = direction === 1 ? [from, from + limit] : [from - limit, from];
    let best: number | null = null;
    let ids: number[] = [];
    for (const hit of this.inBand(frame, s0, s1, o0, o1, skip)) {
      const at = direction === 1 ? Math.max(hit.s0, from) : Math.min(hit.s1, from);
      const better = best === null || (direction === 1 ? at < best - 1e-6 : at > best + 1e-6);
      if (better) {
        best = at;
        ids = [hit.id];
      } else if (Math.abs(at - best!) <= 1e-6) {
        ids.push(hit.id);
      }
    }
    return best === null ? null : { at: best, ids };
  }
}
