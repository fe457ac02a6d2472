import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

export default defineConfig(
  packageTests(90, {
    setupFiles: [fileURLToPath(new URL('./test/file-checks.setup.ts', import.meta.url))],
  }),
);
