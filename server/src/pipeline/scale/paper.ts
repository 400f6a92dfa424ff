// The paper a scale note is stated for: "1:100 @ A1", "1:50 AT A3", "1/4" = 1'-0" ON 24x36". A
// sheet laid out for A1 and plotted to an A3 PDF (a common "half-size" set) is drawn at half the
// stated scale, so the note holds on this PDF only once the plot's reduction is applied; read
// as printed it would halve every length and quarter every area.
import type { Scale } from '../../../../core/src/types.ts';
import { imperialScaleType, metricScaleType, nearestStandardScale, realPerPaper } from './ratio.ts';

export interface Paper {
  /** As printed: "A1", "24x36", "ARCH D". */
  name: string;
  /** Sides in inches, shorter first. */
  sides: [number, number];
}

const MM_PER_INCH = 25.4;
const ISO_A_MM: Record<string, [number, number]> = { A0: [841, 1189], A1: [594, 841], A2: [420, 594], A3: [297, 420], A4: [210, 297] };
const ARCH_IN: Record<string, [number, number]> = { A: [9, 12], B: [12, 18], C: [18, 24], D: [24, 36], E: [36, 48] };
const ANSI_IN: Record<string, [number, number]> = { A: [8.5, 11], B: [11, 17], C: [17, 22], D: [22, 34], E: [34, 44] };
/** Named papers by the name a note prints ("A1", "ARCH D", "ANSI B"): sides in inches, shorter first. */
const PAPERS = new Map<string, [number, number]>([
  ...Object.entries(ISO_A_MM).map(([name, mm]): [string, [number, number]] => [name, [mm[0] / MM_PER_INCH, mm[1] / MM_PER_INCH]]),
  ...Object.entries(ARCH_IN).map(([letter, sides]): [string, [number, number]] => [`ARCH ${letter}`, sides]),
  ...Object.entries(ANSI_IN).map(([letter, sides]): [string, [number, number]] => [`ANSI ${letter}`, sides]),
]);

/** "@ A1", "AT A3", "ON 24 x 36", "(A1)", "@ ARCH D", "ON 11X17 SHEET", right after a note. */
const QUALIFIER = /^\s*(?:(?:@|\bAT\b|\bON\b|\bFOR\b)\s*|\(\s*)(?:(A[0-4])|ARCH\.?\s*([A-E])|ANSI\s*([A-E])|(\d{1,2})\s*"?\s*[X×]\s*(\d{1,2})\s*"?)(?![\dA-Z])\s*\)?/i;

/** A sheet this close to a paper size (share of its sides) is that paper. */
const SAME_PAPER = 0.03;

function sorted([a, b]: [number, number]): [number, number] {
  return a <= b ? [a, b] : [b, a];
}

/** The paper named right at the start of `text`, and how many characters name it. */
export function paperQualifier(text: string): { paper: Paper; length: number } | null {
  const match = QUALIFIER.exec(text);
  if (!match) return null;
  const [whole, iso, arch, ansi, first, second] = match;
  const name = iso ? iso.toUpperCase() : arch ? `ARCH ${arch.toUpperCase()}` : ansi ? `ANSI ${ansi.toUpperCase()}` : `${first}x${second}`;
  const sides = PAPERS.get(name) ?? ([Number(first), Number(second)] as [number, number]);
  if (Math.min(...sides) < 8) return null;
  return { paper: { name, sides: sorted(sides) }, length: whole.trimEnd().length };
}

/** The named paper a page of this size is (within SAME_PAPER), for labels. */
function paperName(sides: [number, number]): string {
  const same = [...PAPERS].find(([, size]) => Math.abs(size[0] / sides[0] - 1) <= SAME_PAPER && Math.abs(size[1] / sides[1] - 1) <= SAME_PAPER);
  return same ? same[0] : `${sides[0].toFixed(1)} × ${sides[1].toFixed(1)} in`;
}

/**
 * The scale a note stated for `paper` has on a page of `pageInches`: the plot fits the paper's
 * layout to the page, so lengths shrink (or grow) by the smaller ratio of their sides. Unchanged
 * when the page is that paper.
 */
export function asPlotted(scale: Scale, paper: Paper, pageInches: [number, number]): Scale {
  const page = sorted(pageInches);
  const factor = Math.min(page[0] / paper.sides[0], page[1] / paper.sides[1]);
  if (Math.abs(factor - 1) <= SAME_PAPER) return scale;
  const ratio = realPerPaper(scale) / factor;
  const system = scale.units === 'si' ? 'metric' : 'imperial';
  // A half-size plot of a standard scale is usually a standard scale itself (1:100 → 1:200).
  const standard = nearestStandardScale(ratio, system, 0.005);
  const plotted: Omit<Scale, 'label'> = standard
    ? standard
    : scale.units === 'si'
      ? { drawing: 1, real: ratio, type: metricScaleType(ratio), units: 'si' }
      : scale.units === 'imperial'
        ? { drawing: scale.drawing * factor, real: scale.real, type: imperialScaleType(scale.drawing * factor, scale.real), units: 'imperial' }
        : { drawing: scale.drawing * factor, real: scale.real, type: 'custom', units: scale.units };
  const effective = standard?.label ?? (scale.units === 'si' ? `1:${+ratio.toFixed(1)}` : `1" = ${+(ratio / 12).toFixed(2)}'`);
  return { ...plotted, label: `${scale.label} (${effective} as plotted on ${paperName(page)})`, manual_scaling_needed: scale.manual_scaling_needed ?? false };
}
