// pdf.js's parser, bundled with the widget (never fetched from a CDN). Importing it in a module
// worker is enough: it notices it runs in a worker and starts listening to its port.
import 'pdfjs-dist/build/pdf.worker.mjs';
