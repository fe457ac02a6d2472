// The release round trip, once for every test of this folder: the repository copied to a temporary
// folder and released from there to a local registry (Verdaccio on 127.0.0.1) three times, as the release
// job would release it:
//  1. what is pending: the changesets of .changeset/ (the first release: every package 0.1.0), and every
//     package the registry does not have yet (all of them: it starts empty);
//  2. a scheduler-client patch, on the core it was released with;
//  3. a core release that leaves the clients' range (a minor under 0.x): first planned with a
//     scheduler-client patch, which the release-plan rules refuse, then with every client released the
//     same way, as the rules ask.
// The tests install from that registry with plain npm. What they check about the releases themselves
// (versions, changelogs, the refused plan) is recorded here and handed to them.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { breakingBump } from '../../scripts/release-plan.mjs';
import {
  addChangeset,
  copyRepository,
  ensureVerdaccio,
  PACKAGES,
  release,
  releasePlan,
  startRegistry,
  temporaryFolder,
  versionsIn,
} from '../lib/round-trip.mjs';

/** One release of the round trip: the versions it made, and every package's version after it. */
export interface Round {
  released: Record<string, string>;
  versions: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local registry's address. */
    registry: string;
    /** A folder for npm's cache, shared by the tests. */
    npmCache: string;
    /** The versions before the first release, then the three releases. */
    before: Record<string, string>;
    rounds: Round[];
    /** The CHANGELOG.md of each package after the first release, by package name. */
    changelogs: Record<string, string>;
    /** What the release-plan rules said to a core release leaving the clients' range with a client patch. */
    refusedPlan: { ok: boolean; output: string };
  }
}

const CORE = '@infra-sdk/core';
const SCHEDULER = '@infra-sdk/scheduler-client';
const CLIENTS = PACKAGES.filter((folder) => folder !== 'core').map((folder) => `@infra-sdk/${folder}`);

export default async function setup(project: TestProject) {
  const started = performance.now();
  const phases: string[] = [];
  let phaseStart = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  const work = await temporaryFolder('release-round-trip-');
  await ensureVerdaccio();
  const storage = join(work.path, 'registry');
  mkdirSync(storage);
  const registry = await startRegistry(storage);
  phase('registry started');
  const copy = join(work.path, 'repository');
  try {
    const { git } = await copyRepository(copy);
    const before = versionsIn(copy);
    phase('repository copied and installed');
    const rounds: Round[] = [];

    rounds.push(await release(copy, git, registry.url));
    const changelogs = Object.fromEntries(
      PACKAGES.map((folder) => [
        `@infra-sdk/${folder}`,
        readFileSync(join(copy, 'packages', folder, 'CHANGELOG.md'), 'utf8'),
      ]),
    );
    phase('first release');

    await addChangeset(
      copy,
      git,
      'scheduler-fix',
      { [SCHEDULER]: 'patch' },
      'A fix in the scheduler client.',
    );
    rounds.push(await release(copy, git, registry.url));
    phase('client patch');

    const coreBump = breakingBump(versionsIn(copy)[CORE]);
    await addChangeset(
      copy,
      git,
      'core-feature',
      { [CORE]: coreBump, [SCHEDULER]: 'patch' },
      'A core feature.',
    );
    const refusedPlan = await releasePlan(copy);
    const everyone = Object.fromEntries([CORE, ...CLIENTS].map((name) => [name, coreBump]));
    await addChangeset(copy, git, 'core-feature', everyone, 'A core feature; every client moves to it.');
    rounds.push(await release(copy, git, registry.url));
    phase('core release');

    project.provide('registry', registry.url);
    project.provide('npmCache', join(work.path, 'npm-cache'));
    project.provide('before', before);
    project.provide('rounds', rounds);
    project.provide('changelogs', changelogs);
    project.provide('refusedPlan', refusedPlan);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`release round trip: 3 releases to ${registry.url} in ${total} s (${phases.join(', ')})`);
  } catch (error) {
    await registry.stop();
    await work.remove();
    throw error;
  }
  return async () => {
    await registry.stop();
    await work.remove();
  };
}
