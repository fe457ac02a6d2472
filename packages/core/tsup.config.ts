import { defineConfig } from 'tsup';
import { packageBuild } from '../../config/package-tools.js';

// `#env-proxy` stays an import in the main entry: the runtime (or an application's bundler) resolves it
// through package.json `imports`, to `node/env-proxy` under the `node` condition, `node/env-proxy-none`
// elsewhere; both are built as entries of their own.
export default defineConfig(
  packageBuild(
    ['index', 'node/index', 'testing/index', 'schema/index', 'node/env-proxy', 'node/env-proxy-none'],
    ['ky', 'undici', '#env-proxy'],
  ),
);
