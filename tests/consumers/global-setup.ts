// The release round trip, once for every test of this folder: the repository copied to a temporary
// folder and released from there to a local registry (Verdaccio on 127.0.0.1) three times, as the release
// job would release it:
//  1. the first release: the changesets of .changeset/ as they are (every package 0.1.0);
//  2. a scheduler-client patch (0.1.1), on core ^0.1.0;
//  3. a core minor (0.2.0): first planned with a scheduler-client patch, which the release-plan rules
//     refuse, then with every client as a minor (0.2.0), as the rules ask.
// The tests install from that registry with plain npm. What they check about the releases themselves
// (the changelogs, the refused plan) is recorded here and handed to them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  addChangeset,
  copyRepository,
  ensureVerdaccio,
  PACKAGES,
  release,
  releasePlan,
  startRegistry,
  temporaryFolder,
} from '../lib/round-trip.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local registry's address. */
    registry: string;
    /** A folder for npm's cache, shared by the tests. */
    npmCache: string;
    /** What each release published: package name → version. */
    releases: Record<string, string>[];
    /** The CHANGELOG.md of each package after the first release, by package name. */
    firstChangelogs: Record<string, string>;
    /** What the release-plan rules said to a core minor released with a scheduler-client patch. */
    refusedPlan: { ok: boolean; output: string };
  }
}

const CLIENTS = PACKAGES.filter((folder) => folder !== 'core').map((folder) => `@infra-sdk/${folder}`);

export default async function setup(project: TestProject) {
  const started = performance.now();
  const work = await temporaryFolder('release-round-trip-');
  await ensureVerdaccio();
  const storage = join(work.path, 'registry');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(storage);
  const registry = await startRegistry(storage);
  const copy = join(work.path, 'repository');
  try {
    const { git } = await copyRepository(copy);
    const releases: Record<string, string>[] = [];

    releases.push((await release(copy, git, registry.url)).released);
    const firstChangelogs = Object.fromEntries(
      PACKAGES.map((folder) => [
        `@infra-sdk/${folder}`,
        readFileSync(join(copy, 'packages', folder, 'CHANGELOG.md'), 'utf8'),
      ]),
    );

    await addChangeset(
      copy,
      git,
      'scheduler-fix',
      { '@infra-sdk/scheduler-client': 'patch' },
      'A fix in the scheduler client.',
    );
    releases.push((await release(copy, git, registry.url)).released);

    await addChangeset(
      copy,
      git,
      'core-feature',
      { '@infra-sdk/core': 'minor', '@infra-sdk/scheduler-client': 'patch' },
      'A feature in core.',
    );
    const refusedPlan = await releasePlan(copy);
    await addChangeset(
      copy,
      git,
      'core-feature',
      Object.fromEntries([['@infra-sdk/core', 'minor'], ...CLIENTS.map((name) => [name, 'minor'])]),
      'A feature in core; every client moves to it.',
    );
    releases.push((await release(copy, git, registry.url)).released);

    project.provide('registry', registry.url);
    project.provide('npmCache', join(work.path, 'npm-cache'));
    project.provide('releases', releases);
    project.provide('firstChangelogs', firstChangelogs);
    project.provide('refusedPlan', refusedPlan);
    console.log(
      `release round trip: 3 releases published to ${registry.url} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
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
