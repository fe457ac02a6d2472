import { availableParallelism } from 'node:os';
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
    // setup files register before it runs; each test fails when it leaves a server, a connection or a
    // timer holding the event loop (a fake not closed, a keeper not stopped).
    isolate: false,
    setupFiles: [
      fileURLToPath(new URL('../../test-support/open-handles.setup.ts', import.meta.url)),
      fileURLToPath(new URL('./test/file-checks.setup.ts', import.meta.url)),
    ],
    // The files mostly wait on loopback round trips, not on the processor: two run at once even on a
    // machine of two cores (the runner's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
