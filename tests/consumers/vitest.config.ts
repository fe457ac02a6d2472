import { defineConfig } from 'vitest/config';

// Each test packs the packages and installs them in a fresh project, then compiles or runs it there.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
