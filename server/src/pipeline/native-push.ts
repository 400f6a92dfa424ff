// Array.prototype.push as the engine provides it, captured before pdf.js loads (see pdfjs.ts).
// A module of its own so that it is evaluated before pdf.js is: ES modules run their imports
// in order.
export const nativePush = Array.prototype.push;
