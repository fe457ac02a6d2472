import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    testTimeout: 30_000,
    // Each test fails when it leaves a server, a connection or a timer holding the event loop.
    setupFiles: [fileURLToPath(new URL('../../test-support/open-handles.setup.ts', import.meta.url))],
  },
});
