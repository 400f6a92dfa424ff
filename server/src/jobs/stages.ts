// The processing stages that run on worker threads (see stage-worker.ts). Each takes plain data
// and the PDF path and returns plain data; files it writes go to `workDir` and are announced on
// `artifacts` as soon as they exist, so the API can publish them before the stage ends.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { assertSheetHasContent, openSheet, type OpenSheet, type SheetErrorCode } from '../pipeline/pdf.ts';
import { encodePreviewWebp, encodeScaledPng, renderSheet, scaledPng, writeTiles } from '../pipeline/render.ts';
import { readSheetWords } from '../pipeline/words.ts';
import { extractPrimitives } from '../pipeline/vectors.ts';
import { renderVectorSvg } from '../pipeline/svg.ts';
import { detectScale } from '../pipeline/scale.ts';
import { recognizeSheet } from '../pipeline/recognize.ts';
import type { SheetInfo, SheetWord } from '../pipeline/types.ts';
import type { BlueprintFeatureCollection, BlueprintWord, Scale } from '../../../core/src/types.ts';

/** The render stage's full-resolution PNG in the job's work directory. */
const SCALED_PNG_FILE = 'scaled.png';

export type ArtifactMessage =
  | { artifact: 'scaled_png' | 'preview_webp' | 'vector_svg'; file: string }
  | { artifact: 'tiles'; dir: string; maxZoom: number; names: string[] }
  /** Last message of a stage: everything announced before it has been delivered. */
  | { artifact: 'end' };

export type StageTask =
  | { stage: 'open'; pdfFile: string; dpi: number }
  | { stage: 'render'; pdfFile: string; dpi: number; workDir: string; artifacts: MessagePort }
  /** `workDir` holds the render stage's scaled.png, read by OCR where the text layer is sparse. */
  | { stage: 'text'; pdfFile: string; dpi: number; workDir: string }
  | { stage: 'analyze'; pdfFile: string; dpi: number; workDir: string; words: SheetWord[]; artifacts: MessagePort };

export interface AnalysisResult {
  scale: Scale | null;
  geojson: BlueprintFeatureCollection;
  words: BlueprintWord[];
  /** Recognition steps that failed; the others' results are still published. */
  warnings: string[];
}

export interface StageResults {
  open: SheetInfo;
  render: { width: number; height: number };
  text: SheetWord[];
  analyze: AnalysisResult;
}

export type StageOutcome =
  | { ok: true; value: StageResults[StageTask['stage']] }
  | { ok: false; code: SheetErrorCode; message: string };

async function withSheet<T>(pdfFile: string, dpi: number, work: (sheet: OpenSheet) => Promise<T>): Promise<T> {
  const sheet = await openSheet(new Uint8Array(await readFile(pdfFile)), dpi);
  try {
    return await work(sheet);
  } finally {
    await sheet.close();
  }
}

export async function runStage(task: StageTask): Promise<StageResults[StageTask['stage']]> {
  try {
    return await runStageWork(task);
  } finally {
    if ('artifacts' in task) task.artifacts.postMessage({ artifact: 'end' } satisfies ArtifactMessage);
  }
}

async function runStageWork(task: StageTask): Promise<StageResults[StageTask['stage']]> {
  switch (task.stage) {
    case 'open':
      return withSheet(task.pdfFile, task.dpi, async (sheet) => {
        await assertSheetHasContent(sheet);
        return sheet.info;
      });
    case 'render':
      return withSheet(task.pdfFile, task.dpi, async (sheet) => {
        const announce = (message: ArtifactMessage) => task.artifacts.postMessage(message);
        const raster = await renderSheet(sheet);
        const pngFile = path.join(task.workDir, SCALED_PNG_FILE);
        await encodeScaledPng(raster, pngFile);
        announce({ artifact: 'scaled_png', file: pngFile });
        const tilesDir = path.join(task.workDir, 'tiles');
        const pyramid = await writeTiles(raster, tilesDir);
        announce({ artifact: 'tiles', dir: tilesDir, maxZoom: pyramid.maxZoom, names: pyramid.names });
        const webpFile = path.join(task.workDir, 'preview.webp');
        await encodePreviewWebp(raster, webpFile);
        announce({ artifact: 'preview_webp', file: webpFile });
        return { width: raster.width, height: raster.height };
      });
    case 'text':
      return withSheet(task.pdfFile, task.dpi, async (sheet) =>
        // OCR reads a finer render than the blueprint's where the sheet is small enough to afford it.
        readSheetWords(sheet, async (dpi) => (dpi === task.dpi ? readFile(path.join(task.workDir, SCALED_PNG_FILE)) : scaledPng(await renderSheet(sheet, dpi)))),
      );
    case 'analyze':
      return withSheet(task.pdfFile, task.dpi, async (sheet) => {
        const primitives = await extractPrimitives(sheet);
        const svgFile = path.join(task.workDir, 'vector.svg');
        await writeFile(svgFile, renderVectorSvg(sheet.info, primitives, task.words));
        task.artifacts.postMessage({ artifact: 'vector_svg', file: svgFile } satisfies ArtifactMessage);
        const detection = detectScale({ words: task.words, primitives, info: sheet.info });
        return recognizeSheet({ info: sheet.info, primitives, words: task.words, scale: detection.scale, sizeScale: detection.sizeScale });
      });
  }
}
