// Per-team pinning as the root README promises, through the registry the round trip published to
// (global-setup.ts): the first release of scheduler-client and its patch on the core they were released
// with, then a core release outside the clients' range with every client. A team that takes only the
// client's patches gets the patch and never the new core; a team that also uses the new core directly
// gets a second copy, which works beside the first (errors recognised with isInstance), and
// `npm ls @infra-sdk/core` shows both.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { installedPackages, npmProject, run, temporaryFolder } from '../../lib/round-trip.mjs';
import { CORE, caretOf, patchesOf, SCHEDULER, versionsAfter } from './versions.js';

type Project = Awaited<ReturnType<typeof npmProject>>;

let work: { path: string; remove: () => Promise<void> };

beforeAll(async () => {
  work = await temporaryFolder('consumer-pinning-');
  return () => work.remove();
});

/** The versions of core that `npm ls @infra-sdk/core` lists, the README's check for two copies. */
async function coreVersions(project: Project): Promise<string[]> {
  const tree = JSON.parse(await project.ls(CORE, '--all', '--json'));
  return installedPackages(tree)
    .filter((entry) => entry.startsWith(`${CORE}@`))
    .map((entry) => entry.slice(CORE.length + 1));
}

function install(name: string, dependencies: Record<string, string>) {
  return npmProject(join(work.path, name), inject('registry'), dependencies, { cache: inject('npmCache') });
}

describe('a team that takes only the patches of the first scheduler-client release (~x.y.z)', () => {
  let project: Project;
  beforeAll(async () => {
    project = await install('patches-only', { [SCHEDULER]: patchesOf(versionsAfter(0)[SCHEDULER]) });
  });

  it('gets the client patch and the core it was released with, not the new core', () => {
    expect(project.version(`node_modules/${SCHEDULER}`)).toBe(versionsAfter(1)[SCHEDULER]);
    expect(project.version(`node_modules/${CORE}`)).toBe(versionsAfter(0)[CORE]);
    expect(versionsAfter(2)[CORE]).not.toBe(versionsAfter(0)[CORE]);
  });

  it('has one copy of core, as npm ls @infra-sdk/core shows', async () => {
    expect(await coreVersions(project)).toEqual([versionsAfter(0)[CORE]]);
  });
});

describe('a team that keeps those patches and uses the new core directly', () => {
  let project: Project;
  beforeAll(async () => {
    project = await install('two-copies', {
      [SCHEDULER]: patchesOf(versionsAfter(0)[SCHEDULER]),
      [CORE]: caretOf(versionsAfter(2)[CORE]),
    });
  });

  it('installs both copies, each where it was asked for', () => {
    expect(project.version(`node_modules/${CORE}`)).toBe(versionsAfter(2)[CORE]);
    expect(project.version(`node_modules/${SCHEDULER}/node_modules/${CORE}`)).toBe(versionsAfter(0)[CORE]);
  });

  it('shows both versions through npm ls @infra-sdk/core', async () => {
    expect(await coreVersions(project)).toEqual([versionsAfter(0)[CORE], versionsAfter(2)[CORE]].sort());
    const listing = await project.ls(CORE);
    expect(listing).toContain(`${CORE}@${versionsAfter(0)[CORE]}`);
    expect(listing).toContain(`${CORE}@${versionsAfter(2)[CORE]}`);
  });

  it("runs both: the client works against its fake, and the other copy recognises the client's errors", async () => {
    writeFileSync(
      join(project.dir, 'both.mjs'),
      `import { NotFoundError } from '@infra-sdk/core';
import { createSchedulerClient } from '@infra-sdk/scheduler-client';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
await using fake = await startFakeScheduler();
const scheduler = createSchedulerClient({ baseUrl: fake.url });
const jobs = await scheduler.jobs.list();
const error = await scheduler.jobs.read('missing').catch((caught) => caught);
console.log(JSON.stringify({ jobs: jobs.length, recognised: NotFoundError.isInstance(error), sameClass: error instanceof NotFoundError }));
`,
    );
    const output = await run(process.execPath, ['both.mjs'], { cwd: project.dir });
    // instanceof fails across copies (two classes); isInstance reads a brand both copies share.
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({
      jobs: 0,
      recognised: true,
      sameClass: false,
    });
  });
});

describe('a team that takes the new release (^ on it)', () => {
  it('gets the new client with the new core, one copy', async () => {
    const project = await install('new-release', { [SCHEDULER]: caretOf(versionsAfter(2)[SCHEDULER]) });
    expect(project.version(`node_modules/${SCHEDULER}`)).toBe(versionsAfter(2)[SCHEDULER]);
    expect(await coreVersions(project)).toEqual([versionsAfter(2)[CORE]]);
  });
});
