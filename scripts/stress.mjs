#!/usr/bin/env node
// The stress mode: runs the test suites of some packages again and again while CPU-bound processes run
// beside them, as on a busy CI machine, and reports every test that failed even once. A test that
// depends on how fast the machine is fails here long before it fails in CI.
//
//   npm run stress                                  20 runs of secrets-client and scheduler-client, 2 loads
//   npm run stress -- --runs 5 --load 3 core        5 runs of core beside 3 loads
//   npm run stress -- --all                         every package's suite
//
// Exits non-zero when any test failed in any run. The packages must be built (`npm run build`), as
// their tests import each other's `dist/`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '20' },
    load: { type: 'string', default: '2' },
    all: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const loads = Number(values.load);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number >= 1, not ${values.runs}`);
if (!Number.isInteger(loads) || loads < 0)
  throw new Error(`--load must be a whole number >= 0, not ${values.load}`);

const known = readdirSync(join(root, 'packages'));
const chosen = values.all
  ? known
  : positionals.length > 0
    ? positionals
    : ['secrets-client', 'scheduler-client'];
for (const name of chosen) {
  if (!known.includes(name)) throw new Error(`no package ${name}: one of ${known.join(', ')}`);
}

/** A process that keeps one core busy until it is killed. */
function startLoad() {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** Runs one package's suite once; resolves to the names of the tests that failed (or the run's own failure). */
function runSuite(name) {
  const dir = join(root, 'packages', name);
  // The package's vitest config writes its JSON report here (as in `npm test`).
  const report = join(dir, 'test-results.json');
  rmSync(report, { force: true });
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['exec', 'vitest', 'run', '--reporter=dot', '--reporter=json'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('close', (code) => {
      if (!existsSync(report)) {
        resolve([`${name}: the run ended with ${code} before reporting\n${errors.slice(-2000)}`]);
        return;
      }
      const result = JSON.parse(readFileSync(report, 'utf8'));
      const failures = result.testResults.flatMap((file) => {
        const tests = file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${name}: ${file.name.slice(dir.length + 1)} > ${test.fullName}`);
        // A file that failed to load has no failed test, only its own failure.
        if (tests.length === 0 && file.status === 'failed')
          return [`${name}: ${file.name.slice(dir.length + 1)}: ${file.message}`];
        return tests;
      });
      resolve(failures);
    });
  });
}

const started = Date.now();
const loadProcesses = Array.from({ length: loads }, startLoad);
const stopLoads = () => {
  for (const load of loadProcesses) load.kill('SIGKILL');
};
process.on('exit', stopLoads);
process.on('SIGINT', () => process.exit(130));

const failedTests = new Map();
try {
  for (let round = 1; round <= runs; round++) {
    const roundStart = Date.now();
    const failures = [];
    for (const name of chosen) failures.push(...(await runSuite(name)));
    for (const failure of failures) failedTests.set(failure, (failedTests.get(failure) ?? 0) + 1);
    const seconds = ((Date.now() - roundStart) / 1000).toFixed(1);
    console.log(
      `stress: run ${round}/${runs} of ${chosen.join(', ')} beside ${loads} loads: ${failures.length} failed (${seconds} s)`,
    );
  }
} finally {
  stopLoads();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failedTests.size === 0) {
  console.log(
    `stress: ${runs} runs of ${chosen.join(', ')} beside ${loads} loads, no test failed (${minutes} min)`,
  );
} else {
  console.log(`stress: tests that failed at least once in ${runs} runs (${minutes} min):`);
  for (const [test, count] of failedTests) console.log(`  ${count}x ${test}`);
  process.exitCode = 1;
}
