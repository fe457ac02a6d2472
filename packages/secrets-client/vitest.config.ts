import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

export default defineConfig(
  packageTests(90, {
    setupFiles: [fileURLToPath(new URL('./test/file-checks.setup.ts', import.meta.url))],
    // The files mostly wait on loopback round trips, not on the processor: two run at once even on a
    // machine of two cores (the runner's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  }),
);
