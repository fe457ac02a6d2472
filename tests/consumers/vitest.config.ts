import { defineConfig } from 'vitest/config';

// The global setup releases the repository to a local registry (a few minutes); each test installs from
// it into a fresh project with npm, then compiles or runs there.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
