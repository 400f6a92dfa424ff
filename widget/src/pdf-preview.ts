// A first look at the sheet while the server is still cutting tiles: page 1 of the original PDF,
// rendered in the browser.

import { PDFWorker, getDocument } from 'pdfjs-dist';

export interface RenderedPage {
  canvas: HTMLCanvasElement;
  /** The page's size in blueprint units (pixels at `dpi`), which the canvas may be smaller than. */
  width: number;
  height: number;
}

/** Longest side of the preview canvas; more would cost memory without helping a quick look. */
const MAX_PREVIEW_SIDE = 4096;
const POINTS_PER_INCH = 72;

export async function renderPdfPage(data: ArrayBuffer, dpi: number): Promise<RenderedPage> {
  const port = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module', name: 'pdf' });
  const worker = PDFWorker.create({ port });
  try {
    const pdf = await getDocument({ data: new Uint8Array(data), worker, isEvalSupported: false }).promise;
    try {
      const page = await pdf.getPage(1);
      const sheet = page.getViewport({ scale: dpi / POINTS_PER_INCH });
      const shrink = Math.min(1, MAX_PREVIEW_SIDE / Math.max(sheet.width, sheet.height));
      const viewport = page.getViewport({ scale: (dpi / POINTS_PER_INCH) * shrink });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport, background: 'white' }).promise;
      return { canvas, width: Math.round(sheet.width), height: Math.round(sheet.height) };
    } finally {
      await pdf.destroy();
    }
  } finally {
    worker.destroy();
    port.terminate();
  }
}
