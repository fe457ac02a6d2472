import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  format: ['esm'],
  target: 'es2023',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
  external: [/^@infra-sdk\/core/, 'valibot', /^node:/],
  removeNodeProtocol: false,
  // The user agent names the published version; the source reads it from this constant.
  define: { PACKAGE_VERSION: JSON.stringify(version) },
});
