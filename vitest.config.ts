import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/test/**/*.test.ts', 'server/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration suites start servers and databases; two cores cannot run many at once.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
