import { defineConfig } from 'tsup';
import { packageBuild } from '../../config/package-tools.js';

export default defineConfig(
  packageBuild(['index', 'testing/index'], [/^@infra-sdk\/core/, 'valibot'], 'modules'),
);
