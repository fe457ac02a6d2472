import { defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';

const external = [/^@infra-sdk\/core/, 'valibot'];
// The client's entries: one module per source file, so bundlers drop what an application leaves out.
// The fake (`./testing`) is built after these by `tsup.testing.config.ts`. Under Node all three entries
// load from `dist/bundled/`, sharing their chunks.
const modules = packageBuild(['index', 'node/index'], external, 'modules');

export default defineConfig([
  { ...modules, entry: [...(modules.entry as string[]), '!src/testing/**'] },
  nodeBundle(['index', 'node/index', 'testing/index'], external),
]);
