#!/usr/bin/env node
// Adds up the vitest JSON reports of every package and the examples, and prints one closing line for the
// whole suite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let passed = 0;
let failed = 0;
let skipped = 0;
const packagesDir = join(root, 'packages');
const testsDir = join(root, 'tests');
const folders = [
  ...readdirSync(packagesDir).map((name) => join(packagesDir, name)),
  join(root, 'examples'),
  ...readdirSync(testsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'lib')
    .map((entry) => join(testsDir, entry.name)),
];
for (const folder of folders) {
  const report = join(folder, 'test-results.json');
  if (!existsSync(report)) continue;
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  // The runtime tests list runtimes missing on this machine (CI requires them all and fails instead).
  if (result.notRun?.length > 0)
    console.log(`test-summary: runtimes not run on this machine: ${result.notRun.join(', ')}`);
}
if (passed + failed === 0) {
  console.error('test-summary: no test results found');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 ? 1 : 0);
