// pdf.js for every stage: its legacy build, with the engine's own Array.prototype.push put back.
// The legacy build and its worker each bundle core-js, which replaces push on Node 20's V8 (over
// how it reports a write to a frozen length) with a script version several times slower. That
// polyfill then served every array in the process: wall and room recognition, Flatbush and
// polygon-clipping spent a fifth of their time in it. pdf.js never pushes onto frozen arrays.
// The worker module is loaded here, not on the first getDocument, so that it too has run before
// push is put back; pdf.js runs it in this thread (its "fake worker") from globalThis.pdfjsWorker.
import { nativePush } from './native-push.ts';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';

Array.prototype.push = nativePush;

export { getDocument, OPS };
export type { PDFDocumentProxy, PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
