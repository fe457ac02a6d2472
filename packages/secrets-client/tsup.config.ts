import { defineConfig } from 'tsup';
import { nodeBundle, packageBuild } from '../../config/package-tools.js';

const entries = ['index', 'node/index', 'testing/index'];
const external = [/^@infra-sdk\/core/, 'valibot'];

export default defineConfig([packageBuild(entries, external, 'modules'), nodeBundle(entries, external)]);
