// A PDF with its lettering turned into outlines, as many CAD exports draw it: Ghostscript's
// pdfwrite with -dNoOutputFonts fills each glyph as a path and leaves no text layer, so the words
// must be read by OCR. Ghostscript is installed by .ci/run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function withOutlinedText(pdf: Uint8Array): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'outlined-'));
  try {
    const source = path.join(dir, 'source.pdf');
    const out = path.join(dir, 'outlined.pdf');
    writeFileSync(source, pdf);
    execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', '-dNoOutputFonts', `-sOutputFile=${out}`, source]);
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true });
  }
}
