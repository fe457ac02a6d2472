#!/usr/bin/env node
// Fails when a tracked test, script or config reads outside the repository: a path to the reference
// folder beside it, an absolute path on the machine it was written on, or a relative path that climbs
// above the repository root. A clone of the repository has nothing beside it, so `npm test` must pass
// with only what is tracked here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Code and configuration; prose (`*.md`) may name the reference material it was taken from.
const CHECKED = /\.(?:[cm]?[jt]s|tsx|json|ya?ml)$/;

// Absolute paths of the machines the repository is developed on, and the shared folder beside it.
const FORBIDDEN = [
  { pattern: /(?<![\w.-])\/work\//, reason: 'an absolute path under /work' },
  { pattern: /(?<![\w.-])\/home\/[\w.-]+\//, reason: 'an absolute path under /home' },
  { pattern: /\.\.\/shared\b/, reason: 'the shared folder beside the repository' },
];

// A quoted relative path: `'../x'`, `"./a/../../b"`, or a bare `'..'`.
const RELATIVE = /(['"`])(\.\.?(?:\/[^'"`\s$]*)?)\1/g;

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\0').filter((file) => file !== '' && CHECKED.test(file));
}

/** Problems in one file, as `file:line: message` lines. */
function check(file) {
  const problems = [];
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    return problems; // deleted in the working tree, not yet staged
  }
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const at = `${file}:${index + 1}`;
    for (const { pattern, reason } of FORBIDDEN) {
      if (pattern.test(line)) problems.push(`${at}: reads ${reason}`);
    }
    for (const match of line.matchAll(RELATIVE)) {
      const target = resolve(root, dirname(file), match[2] ?? '.');
      const inside = relative(root, target);
      if (inside === '..' || inside.startsWith(`..${sep}`)) {
        problems.push(`${at}: '${match[2]}' points above the repository root`);
      }
    }
  }
  return problems;
}

const problems = trackedFiles().flatMap(check);
if (problems.length > 0) {
  console.error(`check-self-contained: ${problems.length} reference(s) outside the repository:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('check-self-contained: every tracked test, script and config stays inside the repository');
