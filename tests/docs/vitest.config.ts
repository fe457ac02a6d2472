import { defineConfig } from 'vitest/config';

// One test per documentation block and check; the docs site test builds nothing itself (`npm run docs` does).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
