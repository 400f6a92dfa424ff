// `npm start` serves the widget, SDK and demo from widget/dist. Build them when they are missing
// or older than their sources, so a fresh clone starts with one command and restarts stay fast.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtPage = path.join(root, 'widget/dist/widget/index.html');
const sources = ['widget/src', 'widget/index.html', 'widget/vite.config.ts', 'sdk/src', 'demo', 'core/src'];

function newestMtime(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = statSync(builtPage, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (changedAt > builtAt) {
  console.log('Building the widget, SDK and demo (npm run build:web)…');
  execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
}
