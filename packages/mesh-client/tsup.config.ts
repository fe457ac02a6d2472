import { defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';
import { declarationSources } from '../../scripts/group-docs/declaration-sources.mjs';

const entries = ['index', 'testing/index'];
const external = [/^@infra-sdk\/core/, 'valibot'];
// The declarations are built from a copy of src/ whose group members carry their functions' docs, so
// a hover on `client.<group>.<member>` shows the function's (scripts/group-docs/).
const modules = {
  ...packageBuild(entries, external, 'modules'),
  dts: { entry: declarationSources(entries) },
};

export default defineConfig([modules, nodeBundle(entries, external)]);
