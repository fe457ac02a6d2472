#!/usr/bin/env node
// Checks the pending release (the changesets in .changeset/) against two rules before anything is
// versioned or published:
//  1. Pinning: a client whose core range must move (core leaves the client's current `^` range, which
//     under 0.x is one minor) is released as at least a minor, never a patch, so a team that accepts only
//     a client's patches never gets a new core minor through it.
//  2. API reports: a package whose api/*.api.md lost or changed a line since its last release (the git
//     tag `<name>@<version>` that `changeset publish` creates) is released with a breaking bump (a major,
//     or a minor while the package is 0.x); one that only gained lines, with at least a feature bump.
// Exits non-zero with one line per problem. `planProblems` is exported for the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ORDER = { none: 0, patch: 1, minor: 2, major: 3 };

/** The bump that breaks a `^` range at this version: a major from 1.0, a minor under 0.x. */
export function breakingBump(version) {
  return semver.major(version) === 0 ? 'minor' : 'major';
}

/** The bump that adds to an API without breaking it: a minor from 1.0, a patch under 0.x. */
export function featureBump(version) {
  return semver.major(version) === 0 ? 'patch' : 'minor';
}

/**
 * Problems of a release plan. `releases`: changesets' plan ({ name, type, oldVersion, newVersion });
 * `manifests`: name → package.json of each workspace package; `apiChanges`: name → 'breaking' |
 * 'additive' for packages whose API report changed since their last release.
 */
export function planProblems({ releases, manifests, apiChanges = new Map() }) {
  const problems = [];
  const byName = new Map(releases.map((release) => [release.name, release]));
  for (const [name, manifest] of manifests) {
    if (manifest.private) continue;
    const release = byName.get(name) ?? { name, type: 'none', oldVersion: manifest.version };
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      const moved = byName.get(dependency);
      if (!range.startsWith('workspace:') || moved === undefined || moved.type === 'none') continue;
      if (semver.satisfies(moved.newVersion, `^${moved.oldVersion}`)) continue;
      const needed = 'minor';
      if (ORDER[release.type] < ORDER[needed]) {
        problems.push(
          `${name} depends on ${dependency}, which goes ${moved.oldVersion} → ${moved.newVersion} (outside ^${moved.oldVersion}), but ${name} is released as ${release.type === 'none' ? 'nothing' : `a ${release.type}`}: add a changeset releasing ${name} as at least a minor, so its patches never bring a new ${dependency}`,
        );
      }
    }
    const change = apiChanges.get(name);
    if (change !== undefined) {
      const needed =
        change === 'breaking' ? breakingBump(release.oldVersion) : featureBump(release.oldVersion);
      if (ORDER[release.type] < ORDER[needed]) {
        problems.push(
          `the API report of ${name} ${change === 'breaking' ? 'lost or changed lines (a breaking change)' : 'gained lines'} since ${name}@${release.oldVersion}, but it is released as ${release.type === 'none' ? 'nothing' : `a ${release.type}`}: add a changeset releasing it as at least a ${needed}`,
        );
      }
    }
  }
  return problems;
}

/** How a package's API reports differ from those at the tag of its last release; undefined when equal. */
function apiChange(name, folder, version) {
  const tag = `${name}@${version}`;
  const known = spawnSync('git', ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], { cwd: root });
  if (known.status !== 0) return { baseline: false };
  const diff = spawnSync('git', ['diff', '--unified=0', tag, '--', `${folder}/api`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (diff.status !== 0) throw new Error(`git diff against ${tag} failed: ${diff.stderr}`);
  const lines = diff.stdout.split('\n');
  const removed = lines.some((line) => line.startsWith('-') && !line.startsWith('---'));
  const added = lines.some((line) => line.startsWith('+') && !line.startsWith('+++'));
  return { baseline: true, change: removed ? 'breaking' : added ? 'additive' : undefined };
}

/**
 * Where pending changesets start: the last release (the nearest `<name>@<version>` tag, on the commit
 * `changeset version` made), or the first commit before any release. `changeset status --since` reads
 * only the changesets committed after it, and refuses packages changed after it without one. Against the
 * base branch, status fails where that branch is missing (a clone of another branch, a detached checkout);
 * against the first commit, every package counts as changed again after its first release.
 */
function statusBase() {
  const tag = spawnSync('git', ['describe', '--tags', '--abbrev=0', '--match', '@infra-sdk/*@*', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (tag.status === 0 && tag.stdout.trim() !== '') return tag.stdout.trim();
  const roots = spawnSync('git', ['rev-list', '--max-parents=0', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return roots.stdout.trim().split('\n').at(-1);
}

/** What the pending changesets release: changesets' plan, or none when no changeset is pending. */
function pendingReleases(scratch) {
  // Right after `changeset version` (the release job runs the whole suite then), nothing is pending;
  // `changeset status` would still refuse the packages changed since the last release tag.
  const pending = readdirSync(join(root, '.changeset')).filter(
    (file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md',
  );
  if (pending.length === 0) return [];
  const output = join(scratch, 'plan.json');
  const status = spawnSync(
    'pnpm',
    ['exec', 'changeset', 'status', '--since', statusBase(), '--output', output],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (status.status !== 0 || !existsSync(output)) {
    console.error(`release-plan: \`changeset status\` failed\n${status.stdout}${status.stderr}`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(output, 'utf8')).releases;
}

function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'release-plan-'));
  try {
    const releases = pendingReleases(scratch);
    const manifests = new Map();
    const apiChanges = new Map();
    const firstReleases = [];
    for (const entry of readdirSync(join(root, 'packages'))) {
      const folder = `packages/${entry}`;
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
      manifests.set(manifest.name, manifest);
      if (manifest.private) continue;
      const { baseline, change } = apiChange(manifest.name, folder, manifest.version);
      if (!baseline) firstReleases.push(manifest.name);
      else if (change) apiChanges.set(manifest.name, change);
    }
    const problems = planProblems({ releases, manifests, apiChanges });
    const planned = releases.filter((release) => release.type !== 'none');
    console.log(
      `release-plan: ${planned.length === 0 ? 'nothing to release' : planned.map((r) => `${r.name} ${r.oldVersion} → ${r.newVersion}`).join(', ')}`,
    );
    if (firstReleases.length > 0) {
      console.log(
        `release-plan: no release tag yet (first release, API compared from then on): ${firstReleases.join(', ')}`,
      );
    }
    for (const problem of problems) console.error(`release-plan: ${problem}`);
    process.exit(problems.length > 0 ? 1 : 0);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
