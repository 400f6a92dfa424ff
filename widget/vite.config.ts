// `npm run build:web`: one build for everything the server serves to browsers.
//
//   widget/dist/widget/index.html    the widget iframe page           → /widget/
//   widget/dist/demo/index.html      the demo host page               → /demo/
//   widget/dist/widget/assets/…      code, workers and CSS of both    → /widget/assets/
//   widget/dist/sdk/blueprint-widget.js   the SDK as one ES module    → /sdk/blueprint-widget.js
//   widget/dist/sdk/blueprint-widget.d.ts its types (and types/…)     → /sdk/blueprint-widget.d.ts
//
// The SDK is built separately, as a library, so that it is a single self-contained file that host
// pages can import without any of the widget's chunks.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { build, defineConfig, type Plugin } from 'vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const sdkEntry = fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url));

/** Declarations of the SDK's public types, for host pages written in TypeScript. */
function emitSdkDeclarations(sdkOutDir: string): void {
  const program = ts.createProgram([sdkEntry], {
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: repoRoot,
    outDir: `${sdkOutDir}/types`,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  // Our sources import with `.ts`; published declarations must name the `.js` their readers see.
  const { diagnostics } = program.emit(undefined, (fileName, text) =>
    ts.sys.writeFile(fileName, text.replace(/(from '\.{1,2}\/[^']+)\.ts'/g, "$1.js'")),
  );
  const errors = [...ts.getPreEmitDiagnostics(program), ...diagnostics];
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost({})));
  writeFileSync(`${sdkOutDir}/blueprint-widget.d.ts`, "export * from './types/sdk/src/index.js';\n");
}

function sdkLibrary(): Plugin {
  return {
    name: 'blueprint-sdk-library',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: repoRoot,
        logLevel: 'warn',
        build: {
          outDir: `${outDir}/sdk`,
          emptyOutDir: true,
          sourcemap: true,
          lib: {
            entry: sdkEntry,
            formats: ['es'],
            fileName: () => 'blueprint-widget.js',
          },
        },
      });
      emitSdkDeclarations(`${outDir}/sdk`);
    },
  };
}

export default defineConfig({
  root: repoRoot,
  base: '/',
  plugins: [sdkLibrary()],
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'widget/assets',
    sourcemap: true,
    // OpenLayers and pdf.js are large by nature; the iframe loads them once and caches them.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      // The SDK's own build runs inside this one's closeBundle and would be reported as slow.
      checks: { bundlerTimings: false },
      input: {
        widget: fileURLToPath(new URL('./index.html', import.meta.url)),
        demo: fileURLToPath(new URL('../demo/index.html', import.meta.url)),
      },
    },
  },
});
