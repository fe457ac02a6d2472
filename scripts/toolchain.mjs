#!/usr/bin/env node
// Runs a root script with the pinned toolchain: a Node that the tools accept (taken from the npm
// registry when the running one is older) and the pnpm named in `packageManager`. It needs nothing
// but Node >= 20 and npm, so `npm test` works on a fresh machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = manifest.packageManager.replace(/^pnpm@/, '');
const nodeVersion = manifest.toolchain.node;
const toolDir = join(root, '.toolchain');
const script = process.argv[2];

if (!script) fail('usage: node scripts/toolchain.mjs <root script>');

// tsup, vitest, size-limit and changesets accept Node ^22.19 or ^24.11 and later.
function nodeIsUsable(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 19) || (major === 24 && minor >= 11) || major >= 25;
}

function installedVersion(name) {
  const file = join(toolDir, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

function fail(message) {
  console.error(`toolchain: ${message}`);
  process.exit(1);
}

function run(command, args, env, cwd = root) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const nodePackage = `node-${process.platform}-${process.arch}`;
const wanted = [];
const useOwnNode = !nodeIsUsable(process.version);
if (useOwnNode && installedVersion(nodePackage) !== nodeVersion) wanted.push(`${nodePackage}@${nodeVersion}`);
if (installedVersion('pnpm') !== pnpmVersion) wanted.push(`pnpm@${pnpmVersion}`);

if (wanted.length > 0) {
  console.log(`toolchain: installing ${wanted.join(', ')} into .toolchain/`);
  // npm removes from the folder what its package.json does not list: name what is there to stay, or a
  // Node installed after pnpm (a run under an older Node after one under a newer) would take pnpm away.
  for (const name of [nodePackage, 'pnpm']) {
    const version = installedVersion(name);
    if (version && !wanted.some((each) => each.startsWith(`${name}@`))) wanted.push(`${name}@${version}`);
  }
  mkdirSync(toolDir, { recursive: true });
  writeFileSync(join(toolDir, 'package.json'), '{ "private": true }\n');
  run(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', ...wanted],
    process.env,
    toolDir,
  );
}

const bins = [join(toolDir, 'node_modules', '.bin')];
if (useOwnNode) bins.unshift(join(toolDir, 'node_modules', nodePackage, 'bin'));
const env = {
  ...process.env,
  PATH: [...bins, process.env.PATH].join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

const versions = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
console.log(`toolchain: node ${versions}, pnpm ${pnpmVersion}`);
run('pnpm', ['install', '--frozen-lockfile'], env);
// Arguments after the script's name reach it: `npm run stress -- --runs 5`.
run('pnpm', ['run', script, ...process.argv.slice(3)], env);
