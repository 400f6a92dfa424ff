// Opening a PDF and mapping its first page into blueprint coordinates. Every stage that reads the
// PDF goes through here so the coordinate system is defined in exactly one place.
import { getDocument, OPS } from './pdfjs.ts';
import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from './pdfjs.ts';
import type { SheetInfo } from './types.ts';

/** A failure that belongs to the document, reported on the job as `error_code`/`error_message`. */
export class SheetError extends Error {
  constructor(readonly code: SheetErrorCode, message: string) {
    super(message);
    this.name = 'SheetError';
  }
}

export type SheetErrorCode = 'invalid_pdf' | 'encrypted_pdf' | 'empty_document' | 'page_too_large';

/** ARCH E1 (30×42 in) and A0 fit with room to spare; larger pages are almost always broken files. */
export const MAX_PAGE_SIDE_INCHES = 200;

export interface OpenSheet {
  doc: PDFDocumentProxy;
  page: PDFPageProxy;
  /** pdf.js viewport at `dpi`: `viewport.transform` maps PDF user space to blueprint coordinates. */
  viewport: PageViewport;
  info: SheetInfo;
  close(): Promise<void>;
}

export async function openSheet(pdf: Uint8Array, dpi: number): Promise<OpenSheet> {
  let doc: PDFDocumentProxy;
  try {
    // pdf.js detaches the buffer it is given; callers keep theirs.
    doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false }).promise;
  } catch (error) {
    // pdf.js 5 exports no PasswordException class; its errors keep their names across the worker.
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new SheetError('encrypted_pdf', 'The PDF is password-protected; upload an unencrypted copy.');
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new SheetError('invalid_pdf', `The file could not be read as a PDF: ${reason}`);
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw new SheetError('empty_document', 'The PDF has no pages.');
  }
  const page = await doc.getPage(1);
  const unit = page.getViewport({ scale: 1 });
  if (Math.max(unit.width, unit.height) / 72 > MAX_PAGE_SIDE_INCHES) {
    await doc.destroy();
    throw new SheetError(
      'page_too_large',
      `The first page is ${(unit.width / 72).toFixed(1)}×${(unit.height / 72).toFixed(1)} in; at most ${MAX_PAGE_SIDE_INCHES} in a side is accepted.`,
    );
  }
  const viewport = page.getViewport({ scale: dpi / 72 });
  const info: SheetInfo = {
    pageCount: doc.numPages,
    widthPt: unit.width,
    heightPt: unit.height,
    rotate: page.rotate,
    dpi,
    widthPx: Math.round(viewport.width),
    heightPx: Math.round(viewport.height),
  };
  return { doc, page, viewport, info, close: () => doc.destroy() };
}

const PAINTING_OPERATORS = new Set<number>([
  OPS.constructPath,
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
  OPS.shadingFill,
]);

/**
 * pdf.js stands in an empty page for a document without pages, so "empty" is judged by content:
 * a first page that paints nothing has nothing to take off.
 */
export async function assertSheetHasContent(sheet: OpenSheet): Promise<void> {
  const operators = await sheet.page.getOperatorList();
  if (!operators.fnArray.some((op) => PAINTING_OPERATORS.has(op))) {
    throw new SheetError('empty_document', 'The PDF has no pages, or its first page draws nothing.');
  }
}
