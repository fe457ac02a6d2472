import { defineConfig } from 'tsup';
import { packageBuild } from '../../config/package-tools.js';

// The client's entries: one module per source file, so bundlers drop what an application leaves out.
// The fake (`./testing`) is built after these by `tsup.testing.config.ts`.
const modules = packageBuild(['index', 'node/index'], [/^@infra-sdk\/core/, 'valibot'], 'modules');

export default defineConfig({ ...modules, entry: [...(modules.entry as string[]), '!src/testing/**'] });
