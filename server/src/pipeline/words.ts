// The words of a sheet: its text layer's, and OCR's where the layer cannot hold all the sheet
// says. A layer is sparse where the text was outlined or scanned; a full one may still lack the
// words the linework letters (AutoCAD plots its SHX fonts as strokes), and those are a sheet's
// dimensions as often as not: unread, they could not check its scale note.
import type { OpenSheet } from './pdf.ts';
import { sheetWords, SPARSE_TEXT_LAYER_WORDS } from './ocr.ts';
import { unreadDrawnWords } from './recognize/topology-lettering.ts';
import { extractWords } from './text.ts';
import type { SheetWord } from './types.ts';
import { extractPrimitives } from './vectors.ts';

/** A few drawn words are a logo or a north arrow's N; this many are the sheet's lettering. */
export const UNREAD_DRAWN_WORDS = 10;

/** The sheet's words; `render(dpi)` gives the sheet as a PNG at that resolution, for OCR. */
export async function readSheetWords(sheet: OpenSheet, render: (dpi: number) => Promise<Buffer>): Promise<SheetWord[]> {
  const layer = await extractWords(sheet);
  // Duplicated strokes change no word's shape, so the linework is looked at as drawn.
  const drawsUnreadWords = layer.length >= SPARSE_TEXT_LAYER_WORDS && unreadDrawnWords((await extractPrimitives(sheet, { cleanUp: false })).paths, layer, sheet.info.dpi) >= UNREAD_DRAWN_WORDS;
  return sheetWords(layer, render, sheet.info, drawsUnreadWords);
}
