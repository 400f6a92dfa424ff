// The `vector_svg` artifact: the sheet's vector paint and words as one SVG whose user units are
// blueprint units, so a client can overlay it on `scaled_png` or on GeoJSON without conversion.
import type { Position } from '../../../core/src/types.ts';
import type { BBox, RasterImage, RGBA, SheetInfo, SheetPrimitives, SheetWord, SubPath, VectorPath } from './types.ts';

/** Two decimals: a hundredth of a blueprint unit is far below what any renderer shows. */
function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function point([x, y]: Position): string {
  return `${num(x)} ${num(y)}`;
}

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates) are dropped. */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTER, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function hexColor(color: RGBA): string {
  return `#${color
    .slice(0, 3)
    .map((channel) => Math.round(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

function pathData(subpaths: SubPath[]): string {
  const parts: string[] = [];
  for (const subpath of subpaths) {
    let at: Position | null = null;
    for (const segment of subpath.segments) {
      if (at === null || at[0] !== segment.from[0] || at[1] !== segment.from[1]) parts.push(`M${point(segment.from)}`);
      parts.push(
        segment.kind === 'line'
          ? `L${point(segment.to)}`
          : `C${point(segment.c1)} ${point(segment.c2)} ${point(segment.to)}`,
      );
      at = segment.to;
    }
    if (subpath.closed) parts.push('Z');
  }
  return parts.join('');
}

const MIN_STROKE_WIDTH = 1;

function paintAttributes({ stroke, fill }: VectorPath): string {
  const attributes: string[] = [];
  if (fill) {
    attributes.push(`fill="${hexColor(fill.color)}"`);
    if (fill.color[3] < 1) attributes.push(`fill-opacity="${num(fill.color[3])}"`);
    if (fill.evenOdd) attributes.push('fill-rule="evenodd"');
  } else {
    attributes.push('fill="none"');
  }
  if (stroke) {
    attributes.push(`stroke="${hexColor(stroke.color)}"`);
    if (stroke.color[3] < 1) attributes.push(`stroke-opacity="${num(stroke.color[3])}"`);
    // PDF renderers draw no line thinner than a device pixel (width 0 means exactly that); one
    // blueprint unit is a pixel of `scaled_png`, so the SVG matches it at the sheet's own scale.
    attributes.push(`stroke-width="${num(Math.max(stroke.width, MIN_STROKE_WIDTH))}"`);
    if (stroke.dash) attributes.push(`stroke-dasharray="${stroke.dash.map(num).join(' ')}"`);
  }
  return attributes.join(' ');
}

function imageOutline({ corners }: RasterImage): string {
  return `<polygon class="raster" points="${corners.map(point).join(' ')}" fill="none" stroke="#9e9e9e" stroke-width="1" vector-effect="non-scaling-stroke"/>`;
}

/**
 * A word as text laid along its run: the box is read in the run's own frame (along `angle`, and
 * across it), and the text starts at the box's left end with its baseline a fifth of the box
 * height above the bottom, where the descenders end.
 */
function wordText(word: SheetWord): string | null {
  const ring = word.geometry?.coordinates[0];
  if (!ring || ring.length === 0 || word.text.trim() === '') return null;
  const cos = Math.cos(word.angle);
  const sin = Math.sin(word.angle);
  const along = ring.map(([x, y]) => x * cos + y * sin);
  const across = ring.map(([x, y]) => -x * sin + y * cos);
  const start = Math.min(...along);
  const length = Math.max(...along) - start;
  const top = Math.min(...across);
  const bottom = Math.max(...across);
  const baseline = bottom - (bottom - top) / 5;
  const x = start * cos - baseline * sin;
  const y = start * sin + baseline * cos;
  const degrees = (word.angle * 180) / Math.PI;
  const rotation = Math.abs(degrees) < 0.01 ? '' : ` transform="rotate(${num(degrees)} ${num(x)} ${num(y)})"`;
  const fit = length > 0 ? ` textLength="${num(length)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${num(x)}" y="${num(y)}" font-size="${num(word.fontSize)}"${fit}${rotation}>${escapeXml(word.text)}</text>`;
}

function clipKey(clip: BBox): string {
  return clip.map(num).join(',');
}

export function renderVectorSvg(info: SheetInfo, primitives: SheetPrimitives, words: SheetWord[]): string {
  const { widthPx: width, heightPx: height } = info;
  const clipIds = new Map<string, string>();
  const clipPaths: string[] = [];
  for (const { clip } of primitives.paths) {
    if (!clip || clipIds.has(clipKey(clip))) continue;
    const id = `clip${clipIds.size}`;
    clipIds.set(clipKey(clip), id);
    const [x0, y0, x1, y1] = clip;
    clipPaths.push(
      `<clipPath id="${id}"><rect x="${num(x0)}" y="${num(y0)}" width="${num(x1 - x0)}" height="${num(y1 - y0)}"/></clipPath>`,
    );
  }

  const body: string[] = [];
  // Consecutive paths under the same clip share one group, which keeps big sheets small.
  let openClip: string | null = null;
  for (const path of primitives.paths) {
    const clipId = path.clip ? clipIds.get(clipKey(path.clip))! : null;
    if (clipId !== openClip) {
      if (openClip !== null) body.push('</g>');
      if (clipId !== null) body.push(`<g clip-path="url(#${clipId})">`);
      openClip = clipId;
    }
    body.push(`<path d="${pathData(path.subpaths)}" ${paintAttributes(path)}/>`);
  }
  if (openClip !== null) body.push('</g>');

  const texts = words.map(wordText).filter((text): text is string => text !== null);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    clipPaths.length > 0 ? `<defs>${clipPaths.join('')}</defs>` : '',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    // Caps and joins are not extracted; round ones keep CAD's zero-length dots visible.
    `<g class="paths" stroke-linecap="round" stroke-linejoin="round">`,
    ...body,
    '</g>',
    `<g class="images">`,
    ...primitives.images.map(imageOutline),
    '</g>',
    `<g class="words" font-family="sans-serif" fill="#000000">`,
    ...texts,
    '</g>',
    '</svg>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
