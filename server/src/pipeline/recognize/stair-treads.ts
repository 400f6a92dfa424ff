// A stair's flight in plan: five or more parallel treads of one length, their ends in line, at a
// steady spacing. Fixtures read stairs from it; walls read no wall from a tread.

/**
 * Runs (indices into `items`, sorted by offset) of equally spaced treads of one length with
 * aligned ends. A run is consecutive: a line like the treads between two of them, off the
 * spacing, ends it (boards and hatching are denser than treads, and a subset of them is no stair).
 */
export function treadRuns(items: { offset: number; start: number; end: number }[]): number[][] {
  const runs: number[][] = [];
  const taken = new Uint8Array(items.length);
  for (let s = 0; s < items.length; s++) {
    if (taken[s]) continue;
    const base = items[s];
    const length = base.end - base.start;
    const sameTread = (k: number) => {
      const item = items[k];
      return Math.abs(item.end - item.start - length) <= 0.06 * length && Math.abs(item.start - base.start) <= 0.06 * length;
    };
    const run = [s];
    let spacing = 0;
    for (let k = s + 1; k < items.length && items[k].offset - items[run[run.length - 1]].offset <= 0.55 * length; k++) {
      if (taken[k] || !sameTread(k)) continue;
      const gap = items[k].offset - items[run[run.length - 1]].offset;
      // A line drawn twice over is one tread.
      if (gap < 0.02 * length) continue;
      if (run.length === 1) spacing = gap;
      if (gap < 0.1 * length || Math.abs(gap - spacing) > 0.12 * spacing) break;
      run.push(k);
    }
    if (run.length >= 5) {
      for (const k of run) taken[k] = 1;
      runs.push(run);
    }
  }
  return runs;
}

/**
 * Items filed by their direction to the degree (0–179): a flight's treads are drawn parallel.
 * `direction` gives an item's direction as a vector.
 */
export function byDegree<T>(items: T[], direction: (item: T) => readonly [number, number]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const [ux, uy] = direction(item);
    const degree = Math.round((((Math.atan2(uy, ux) + Math.PI) % Math.PI) * 180) / Math.PI) % 180;
    const group = groups.get(degree);
    if (group) group.push(item);
    else groups.set(degree, [item]);
  }
  return groups;
}
