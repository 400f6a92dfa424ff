// Writes a suite of synthetic sheets: NNN.pdf, NNN.truth.json and a small NNN.png preview each.
//   node --import tsx bench/synth/cli.ts --out bench/out/synth --count 24 [--seed 1]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateSheet, suiteOptions } from './generate.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/out/synth' },
    count: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    'no-preview': { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seedBase = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seedBase)) {
  console.error('usage: cli.ts --out DIR --count N [--seed S] [--no-preview]');
  process.exit(2);
}
const outDir = path.resolve(values.out);
mkdirSync(outDir, { recursive: true });

for (let i = 0; i < count; i++) {
  const options = suiteOptions(i, seedBase);
  const { pdf, truth } = await generateSheet(options);
  const stem = path.join(outDir, truth.pdf.replace(/\.pdf$/, ''));
  writeFileSync(`${stem}.pdf`, pdf);
  writeFileSync(`${stem}.truth.json`, `${JSON.stringify(truth, null, 1)}\n`);
  if (!values['no-preview']) execFileSync('pdftoppm', ['-r', '40', '-png', '-singlefile', `${stem}.pdf`, stem]);
  const { sheet } = truth;
  console.log(
    `${truth.pdf}  ${sheet.pageSize} ${sheet.orientation}  ${sheet.units} ${truth.scale?.label ?? `(no note; drawn at ${sheet.drawnScale})`}  ${sheet.wallStyle}  ${sheet.program}: ` +
      `${truth.rooms.length} rooms, ${truth.openings.length} openings, ${truth.fixtures.length} fixtures`,
  );
}
