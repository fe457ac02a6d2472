import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'node/index': 'src/node/index.ts',
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
  external: ['ky', 'undici', /^node:/],
  // Keep the `node:` prefix on builtins in the Node-only entries: Deno and bundlers need it.
  removeNodeProtocol: false,
});
