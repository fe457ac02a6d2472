#!/usr/bin/env node
// `prepack` of every package: a tarball never ships without a current dist/. Builds (tsup) when dist/
// is missing or older than any build input; a dist/ that is current is left alone, so packing inside
// the checks never rewrites files another task is reading.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const packageDir = process.cwd();
const sharedConfig = join(packageDir, '..', '..', 'config');

/** Every file under `dir` (recursively), or none when it does not exist. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const inputs = [
  ...filesUnder(join(packageDir, 'src')),
  ...filesUnder(sharedConfig),
  ...['package.json', 'tsconfig.json', 'tsup.config.ts', 'tsup.testing.config.ts']
    .map((file) => join(packageDir, file))
    .filter(existsSync),
];
const outputs = filesUnder(join(packageDir, 'dist'));
const newestInput = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));

if (outputs.length === 0 || oldestOutput < newestInput) {
  console.log(`prepack: dist/ is ${outputs.length === 0 ? 'missing' : 'older than its sources'}, building`);
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
