import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

export default defineConfig({
  ...packageTests(95),
  // The sources, not the built file package.json `imports` points at.
  resolve: { alias: { '#env-proxy': fileURLToPath(new URL('./src/node/env-proxy.ts', import.meta.url)) } },
});
