import { defineConfig } from 'tsup';
import { packageBuild } from '../../config/package-tools.js';

// The fake runs in Node only and is built as one file: laid out one module per source file, it held
// 30 MB more during a 1 GiB upload (the bench's "upload to the fake" row). Built after the client's
// entries, into the same folder, so it must not clean it.
export default defineConfig({
  ...packageBuild(['testing/index'], [/^@infra-sdk\/core/, 'valibot']),
  clean: false,
});
