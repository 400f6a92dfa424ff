// The shared real drawings (../shared/realplans), read by path: never copied into the project.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const realplans = path.resolve(import.meta.dirname, '../../../../shared/realplans');

/** One page of a real drawing as a PDF of its own (qpdf; the repairs it warns of, such as a duplicated key, are no failure). */
export function realPage(file: string, page: number): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-'));
  try {
    const out = path.join(dir, 'page.pdf');
    execFileSync('qpdf', ['--warning-exit-0', path.join(realplans, file), '--pages', '.', String(page), '--', out]);
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true });
  }
}
