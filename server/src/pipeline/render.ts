// The raster stage: the sheet rendered once into RGBA, then written as the full-resolution
// `scaled_png`, a small WebP preview and an XYZ tile pyramid for the viewer. One pixel of the
// raster (and of `scaled_png`) is one blueprint unit.
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { OpenSheet } from './pdf.ts';

export interface SheetRaster {
  /** Straight (non-premultiplied) RGBA, row by row from the top-left; opaque, on white paper. */
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface EncodedImage {
  /** Size of the written file. */
  bytes: number;
  width: number;
  height: number;
}

/**
 * Tiles in the OpenLayers XYZ convention over a pixel projection: at `maxZoom` one tile pixel is
 * one blueprint unit, each lower zoom halves the resolution, and zoom 0 is a single tile.
 */
export interface TilePyramid {
  minZoom: number;
  maxZoom: number;
  tileSize: number;
  /** File names `z.x.y.png` in the output folder, ordered by z, then x, then y. */
  names: string[];
}

export const TILE_SIZE = 256;
export const PREVIEW_MAX_SIDE = 2048;

/** pdf.js types its canvas factory as `Object`; in Node it hands out @napi-rs/canvas objects. */
interface CanvasAndContext {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
// Measured on 150 DPI sheets: level 3 is about as fast as level 1 with files a third smaller, and
// within 10% of level 6's size in half its time.
const PNG_OPTIONS = { compressionLevel: 3 } as const;

/**
 * The sheet at its own dpi (one pixel per blueprint unit), or at another `dpi` where a reader
 * needs finer pixels than the blueprint has (OCR of small lettering).
 */
export async function renderSheet(sheet: OpenSheet, dpi = sheet.info.dpi): Promise<SheetRaster> {
  const viewport = dpi === sheet.info.dpi ? sheet.viewport : sheet.page.getViewport({ scale: dpi / 72 });
  const width = Math.round(viewport.width);
  const height = Math.round(viewport.height);
  const factory = sheet.doc.canvasFactory as CanvasFactory;
  const target = factory.create(width, height);
  try {
    await sheet.page.render({
      canvas: target.canvas,
      canvasContext: target.context,
      viewport,
      background: 'white',
    }).promise;
    // Not @napi-rs/canvas's quicker `data()`: its pixels are premultiplied and die with the canvas.
    const pixels = target.context.getImageData(0, 0, width, height).data;
    return { rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
  } finally {
    // Frees the canvas's pixels now instead of at some later garbage collection.
    factory.destroy(target);
  }
}

/**
 * Paper is white, so compositing onto white only drops the alpha channel of an opaque raster:
 * lossless for what `renderSheet` produces, and a quarter fewer bytes to compress.
 */
function onWhitePaper(raster: SheetRaster): Sharp {
  return sharp(raster.rgba, { raw: { width: raster.width, height: raster.height, channels: 4 } }).flatten({
    background: WHITE,
  });
}

/** The scaled PNG in memory, as `encodeScaledPng` writes it. */
export function scaledPng(raster: SheetRaster): Promise<Buffer> {
  return onWhitePaper(raster).png(PNG_OPTIONS).toBuffer();
}

export async function encodeScaledPng(raster: SheetRaster, outFile: string): Promise<EncodedImage> {
  const info = await onWhitePaper(raster).png(PNG_OPTIONS).toFile(outFile);
  return { bytes: info.size, width: info.width, height: info.height };
}

/**
 * Lossless at the lowest effort: on line art it is exact, faster than lossy quality 90 and
 * a few hundred kB at 2048 px.
 */
export async function encodePreviewWebp(raster: SheetRaster, outFile: string): Promise<EncodedImage> {
  const info = await onWhitePaper(raster)
    .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ lossless: true, effort: 0 })
    .toFile(outFile);
  return { bytes: info.size, width: info.width, height: info.height };
}

/**
 * libvips's Google layout builds exactly this pyramid (image at the top-left of a power-of-two
 * square, 2×2 box averaging between levels, tiles wholly outside the image not written) but in
 * `z/y/x.png` folders, so the tiles are moved to flat `z.x.y.png` names afterwards. Blank skipping
 * is turned off because clients fetch every tile of the sheet. Where a tile runs past the sheet's
 * edge the rest of it is opaque white, like the paper.
 */
export async function writeTiles(raster: SheetRaster, outDir: string): Promise<TilePyramid> {
  await mkdir(outDir, { recursive: true });
  const workDir = await mkdtemp(path.join(outDir, '.pyramid-'));
  try {
    const pyramidDir = path.join(workDir, 'google');
    await onWhitePaper(raster)
      .png(PNG_OPTIONS)
      .tile({ size: TILE_SIZE, layout: 'google', skipBlanks: -1, background: WHITE })
      .toFile(pyramidDir);
    const tiles = await collectGoogleTiles(pyramidDir);
    await Promise.all(tiles.map((tile) => rename(tile.file, path.join(outDir, tile.name))));
    tiles.sort((a, b) => a.z - b.z || a.x - b.x || a.y - b.y);
    return {
      minZoom: 0,
      maxZoom: Math.max(...tiles.map((tile) => tile.z)),
      tileSize: TILE_SIZE,
      names: tiles.map((tile) => tile.name),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

interface GoogleTile {
  file: string;
  name: string;
  z: number;
  x: number;
  y: number;
}

/** Reads `z/y/x.png`; the `blank.png` libvips leaves at the top is not a tile. */
async function collectGoogleTiles(pyramidDir: string): Promise<GoogleTile[]> {
  const tiles: GoogleTile[] = [];
  const levels = (await readdir(pyramidDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const level of levels) {
    const z = Number(level.name);
    for (const row of await readdir(path.join(pyramidDir, level.name))) {
      const y = Number(row);
      for (const column of await readdir(path.join(pyramidDir, level.name, row))) {
        const x = Number(path.basename(column, '.png'));
        tiles.push({ file: path.join(pyramidDir, level.name, row, column), name: `${z}.${x}.${y}.png`, z, x, y });
      }
    }
  }
  return tiles;
}
