import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

const shared = packageTests(90);

export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    // Each test fails when it leaves a server, a connection or a timer holding the event loop.
    setupFiles: [fileURLToPath(new URL('../../test-support/open-handles.setup.ts', import.meta.url))],
  },
});
