import { build, defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';
import { declarationBuild } from '../../scripts/group-docs/declaration-sources.mjs';

const external = [/^@infra-sdk\/core/, 'valibot'];
// The client's entries: one module per source file, so bundlers drop what an application leaves out.
// The fake (`./testing`) is built after these by `tsup.testing.config.ts`. Under Node all three entries
// load from `dist/bundled/`, sharing their chunks. The declarations are built after the modules, from a
// copy of src/ whose group members carry their functions' docs, then written with each doc once; a hover
// on `client.<group>.<member>` shows the function's doc (scripts/group-docs/).
const entries = ['index', 'node/index', 'schemas'];
const modules = packageBuild(entries, external, 'modules');

export default defineConfig([
  {
    ...modules,
    // The written-out schema types and their check hold only types: no module of their own to publish.
    entry: [
      ...(modules.entry as string[]),
      '!src/testing/**',
      '!src/**/types.generated.ts',
      '!src/**/*.check.ts',
    ],
    ...declarationBuild(build, entries, modules),
  },
  nodeBundle([...entries, 'testing/index'], external),
]);
