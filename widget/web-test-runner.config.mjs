// `npm run test:widget`: component tests of the widget and the SDK in Debian's Chromium.
//
// TypeScript is transpiled per file with the compiler's own transpileModule (the repository's
// tsconfig, so Lit's legacy decorators behave as in the Vite build). The blueprint API is a fake
// server at the network boundary (test/fake-api.mjs); everything the browser runs is real code.

import { fileURLToPath } from 'node:url';
import { playwrightLauncher } from '@web/test-runner-playwright';
import ts from 'typescript';
import { fakeApiMiddleware } from './test/fake-api.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function compilerOptions() {
  const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, repoRoot);
  return {
    ...options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: false,
    inlineSourceMap: true,
    inlineSources: true,
  };
}

function typescriptPlugin() {
  const options = compilerOptions();
  return {
    name: 'typescript-transpile',
    resolveMimeType(context) {
      if (context.path.endsWith('.ts')) return 'js';
    },
    transform(context) {
      if (!context.path.endsWith('.ts')) return;
      const { outputText } = ts.transpileModule(context.body, { compilerOptions: options, fileName: context.path });
      return { body: outputText };
    },
  };
}

export default {
  rootDir: repoRoot,
  files: ['widget/test/**/*.test.ts'],
  nodeResolve: true,
  // Two shared cores: one page at a time keeps timings (and real mouse input) predictable.
  concurrency: 1,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 30_000 } },
  plugins: [typescriptPlugin()],
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  middleware: [fakeApiMiddleware()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions,
    }),
  ],
};
