// Dimension strings: which lines are dimension lines (they measure, they are not walls) and which
// are their extension lines (they point at the faces the drawing measures).
import Flatbush from 'flatbush';
import type { Line } from './topology-evidence.ts';

function lineIndex(lines: Line[]): Flatbush | null {
  if (lines.length === 0) return null;
  const index = new Flatbush(lines.length);
  for (const line of lines) {
    index.add(Math.min(line.a[0], line.b[0]), Math.min(line.a[1], line.b[1]), Math.max(line.a[0], line.b[0]), Math.max(line.a[1], line.b[1]));
  }
  index.finish();
  return index;
}

export interface DimensionMarks {
  /** Ids of dimension lines. */
  dimensionIds: Set<number>;
  /** Extension lines: the perpendicular lines crossing dimension lines, which point at the faces measured. */
  extensions: Line[];
}

/** A dimension line broken for its text leaves a gap up to this long, paper mm. */
const DIMENSION_TEXT_GAP_MM = 20;

/** Collinear pieces of one pen with gaps no longer than `maxGap` between them, in order along. */
function collinearChains(lines: Line[], maxGap: number): Line[][] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    if (line.source !== 'stroke') continue;
    const key = `${line.style}|${Math.round(Math.atan2(line.uy, line.ux) * 200)}|${Math.round(line.offset)}`;
    const group = groups.get(key) ?? [];
    group.push(line);
    groups.set(key, group);
  }
  const chains: Line[][] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.t0 - b.t0);
    let chain: Line[] = [];
    let end = -Infinity;
    for (const line of group) {
      if (chain.length > 0 && line.t0 - end > maxGap) {
        chains.push(chain);
        chain = [];
      }
      chain.push(line);
      end = Math.max(end, line.t1);
    }
    if (chain.length > 0) chains.push(chain);
  }
  return chains;
}

/**
 * Dimension lines: crossed near both ends by perpendicular extension lines that run on past
 * them (a line broken for its text counts as one). Wall faces meet the faces of other walls but
 * are not crossed by them.
 */
export function dimensionMarks(lines: Line[], unitsPerPaperMm: number): DimensionMarks {
  const dimensionIds = new Set<number>();
  const extensionIds = new Set<number>();
  const index = lineIndex(lines);
  if (!index) return { dimensionIds, extensions: [] };
  const beyond = 0.5 * unitsPerPaperMm;
  const nearEnd = 3 * unitsPerPaperMm;
  // Extension lines are drawn out from the measured face; arrowheads, dots and ticks are shorter.
  const shortestExtension = 2 * unitsPerPaperMm;
  for (const chain of collinearChains(lines, DIMENSION_TEXT_GAP_MM * unitsPerPaperMm)) {
    const t0 = Math.min(...chain.map((line) => line.t0));
    const t1 = Math.max(...chain.map((line) => line.t1));
    if (t1 - t0 < 2 * nearEnd) continue;
    let startCrossed = false;
    let endCrossed = false;
    const crossing: number[] = [];
    for (const line of chain) {
      const nx = -line.uy;
      const ny = line.ux;
      for (const k of index.search(
        Math.min(line.a[0], line.b[0]) - 1,
        Math.min(line.a[1], line.b[1]) - 1,
        Math.max(line.a[0], line.b[0]) + 1,
        Math.max(line.a[1], line.b[1]) + 1,
      )) {
        const other = lines[k];
        if (other === line || other.source !== 'stroke' || other.length < shortestExtension) continue;
        if (Math.abs(line.ux * other.ux + line.uy * other.uy) > 0.17) continue;
        const da = nx * other.a[0] + ny * other.a[1] - line.offset;
        const db = nx * other.b[0] + ny * other.b[1] - line.offset;
        if (da * db >= 0 || Math.min(Math.abs(da), Math.abs(db)) < beyond) continue;
        const t = da / (da - db);
        const at = line.ux * (other.a[0] + t * (other.b[0] - other.a[0])) + line.uy * (other.a[1] + t * (other.b[1] - other.a[1]));
        if (at < line.t0 - 1 || at > line.t1 + 1) continue;
        crossing.push(other.id);
        if (at <= t0 + nearEnd) startCrossed = true;
        if (at >= t1 - nearEnd) endCrossed = true;
      }
    }
    if (startCrossed && endCrossed) {
      for (const line of chain) dimensionIds.add(line.id);
      for (const id of crossing) extensionIds.add(id);
    }
  }
  return { dimensionIds, extensions: lines.filter((line) => extensionIds.has(line.id) && !dimensionIds.has(line.id)) };
}
