#!/usr/bin/env node
// The checks of `npm test`. First the builds, beside the tasks that need none of the clients' builds
// (lint, check:self-contained, core's typecheck and tests): core builds alone before any client can, and
// those tasks use the core it leaves idle; the second phase replays them from turbo's cache. Then, once the
// packages are built, the rest in two streams at once: the release round trip
// (tests/consumers: three releases to a local registry, then installs and compiles there, the longest
// task by far) beside every other task. In one turbo run it would start only when the other tasks had
// left a slot free, and then run alone at the end; beside them, it ends with them. Both streams run
// with `--only`: the builds are done (`turbo run build` before this), so neither stream rebuilds or
// restores a package's dist/ while the other reads it. Exits non-zero when either stream fails.
import { spawn } from 'node:child_process';

const CONSUMERS = '@infra-sdk/consumer-tests';
const TASKS = ['lint', 'check:self-contained', 'typecheck', 'test', 'check:package', 'size', 'docs:site'];

// Tasks that need no client's build: they run beside the builds.
const BESIDE_BUILDS = [
  '//#lint',
  '//#check:self-contained',
  '@infra-sdk/core#typecheck',
  '@infra-sdk/core#test',
];

const streams = [
  ['turbo', 'run', 'test', '--only', `--filter=${CONSUMERS}`],
  ['turbo', 'run', ...TASKS, '--only', `--filter=!${CONSUMERS}`, '--concurrency=3'],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`verify: ${command} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const built = await run(['turbo', 'run', 'build', ...BESIDE_BUILDS, '--concurrency=2']);
if (built !== 0) {
  console.error('verify: the builds (or the tasks beside them) failed');
  process.exit(1);
}
const codes = await Promise.all(streams.map(run));
if (codes.some((code) => code !== 0)) {
  console.error(`verify: ${codes.filter((code) => code !== 0).length} of ${streams.length} streams failed`);
  process.exit(1);
}
