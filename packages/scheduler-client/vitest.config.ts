import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

const shared = packageTests(90);

export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    // The test files share one import of the sources per worker instead of loading them again for
    // each file, which took most of the suite's time. What each file needs of its own (its hooks) the
    // setup file registers before it runs.
    isolate: false,
    setupFiles: [fileURLToPath(new URL('./test/file-checks.setup.ts', import.meta.url))],
  },
});
