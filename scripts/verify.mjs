#!/usr/bin/env node
// The checks of `npm test`, in two phases.
// 1. The builds, beside the tasks that need no client's build (lint, check:self-contained, and core's
//    typecheck, tests, package check and size): core builds alone before any client can, and the last
//    client builds alone at the end; those tasks use the core they leave idle. Phase 2 replays them from
//    turbo's cache.
// 2. Once the packages are built, three streams at once, each a turbo run with `--only` (nothing rebuilds
//    or restores a package's dist/ while another stream reads it):
//    - the release round trip (tests/consumers: three releases to a local registry, then installs and
//      compiles there), the longest task;
//    - the API site, then the documentation tests that load it: the next longest chain, started at once
//      rather than when a shared queue reaches it, so it does not run alone at the end;
//    - every other task, three at a time (package checks wait on npm installs).
// Exits non-zero when any stream fails.
import { spawn } from 'node:child_process';

const CONSUMERS = '@infra-sdk/consumer-tests';
const DOCS = '@infra-sdk/docs-tests';

// Tasks that need no client's build: they run beside the builds.
const BESIDE_BUILDS = [
  '//#lint',
  '//#check:self-contained',
  '@infra-sdk/core#typecheck',
  '@infra-sdk/core#test',
  '@infra-sdk/core#check:package',
  '@infra-sdk/core#size',
];

const streams = [
  [['turbo', 'run', 'test', '--only', `--filter=${CONSUMERS}`]],
  [
    ['turbo', 'run', 'lint', 'check:self-contained', 'docs:site', '--only', '--filter=//'],
    ['turbo', 'run', 'test', '--only', `--filter=${DOCS}`],
  ],
  [
    [
      'turbo',
      'run',
      'typecheck',
      'test',
      'check:package',
      'size',
      '--only',
      '--filter=!//',
      `--filter=!${CONSUMERS}`,
      `--filter=!${DOCS}`,
      '--concurrency=3',
    ],
  ],
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

/** Runs a stream's commands in order; resolves to the first non-zero exit code, or 0. */
async function runStream(commands) {
  for (const command of commands) {
    const code = await run(command);
    if (code !== 0) return code;
  }
  return 0;
}

const built = await run(['turbo', 'run', 'build', ...BESIDE_BUILDS, '--concurrency=2']);
if (built !== 0) {
  console.error('verify: the builds (or the tasks beside them) failed');
  process.exit(1);
}
const codes = await Promise.all(streams.map(runStream));
if (codes.some((code) => code !== 0)) {
  console.error(`verify: ${codes.filter((code) => code !== 0).length} of ${streams.length} streams failed`);
  process.exit(1);
}
