import { defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';
import { declarationSources } from '../../scripts/group-docs/declaration-sources.mjs';

const entries = ['index', 'schemas', 'testing/index'];
const external = [/^@infra-sdk\/core/, 'valibot'];
const modules = packageBuild(entries, external, 'modules');
export default defineConfig([
  {
    ...modules,
    // The written-out schema types and their check hold only types: no module of their own to publish.
    entry: [...(modules.entry as string[]), '!src/**/types.generated.ts', '!src/**/*.check.ts'],
    // The declarations are built from a copy of src/ whose group members carry their functions' docs, so
    // a hover on `client.<group>.<member>` shows the function's (scripts/group-docs/).
    dts: { entry: declarationSources(entries) },
  },
  nodeBundle(entries, external),
]);
