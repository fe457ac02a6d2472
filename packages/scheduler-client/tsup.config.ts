import { build, defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';
import { declarationBuild } from '../../scripts/group-docs/declaration-sources.mjs';

const entries = ['index', 'schemas', 'testing/index'];
const external = [/^@infra-sdk\/core/, 'valibot'];
const modules = packageBuild(entries, external, 'modules');
export default defineConfig([
  {
    ...modules,
    // The written-out schema types and their check hold only types: no module of their own to publish.
    entry: [...(modules.entry as string[]), '!src/**/types.generated.ts', '!src/**/*.check.ts'],
    // The declarations are built after the modules, from a copy of src/ whose group members carry their
    // functions' docs, then written with each doc once; a hover on `client.<group>.<member>` shows the
    // function's doc (scripts/group-docs/).
    ...declarationBuild(build, entries, modules),
  },
  nodeBundle(entries, external),
]);
