// Per-team pinning as the root README promises, through the registry the round trip published to
// (global-setup.ts): scheduler-client 0.1.0 and 0.1.1 on core ^0.1.0, then core 0.2.0 with
// scheduler-client 0.2.0. A team that takes only the client's patches gets the patch and never the new
// core; a team that also pins core at the new minor gets a second copy, which works beside the first
// (errors recognised with isInstance), and `npm ls @infra-sdk/core` shows both.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { installedPackages, npmProject, run, temporaryFolder } from '../../lib/round-trip.mjs';

type Project = Awaited<ReturnType<typeof npmProject>>;

let work: { path: string; remove: () => Promise<void> };

beforeAll(async () => {
  work = await temporaryFolder('consumer-pinning-');
  return () => work.remove();
});

/** The versions of core that `npm ls @infra-sdk/core` lists, the README's check for two copies. */
async function coreVersions(project: Project): Promise<string[]> {
  const tree = JSON.parse(await project.ls('@infra-sdk/core', '--all', '--json'));
  return installedPackages(tree)
    .filter((entry) => entry.startsWith('@infra-sdk/core@'))
    .map((entry) => entry.slice('@infra-sdk/core@'.length));
}

function install(name: string, dependencies: Record<string, string>) {
  return npmProject(join(work.path, name), inject('registry'), dependencies, { cache: inject('npmCache') });
}

describe('a team that takes only the patches of scheduler-client (~0.1.0)', () => {
  let project: Project;
  beforeAll(async () => {
    project = await install('patches-only', { '@infra-sdk/scheduler-client': '~0.1.0' });
  });

  it('gets the client patch, 0.1.1, and the core it was released with, not core 0.2.0', () => {
    expect(project.version('node_modules/@infra-sdk/scheduler-client')).toBe('0.1.1');
    expect(project.version('node_modules/@infra-sdk/core')).toBe('0.1.0');
  });

  it('has one copy of core, as npm ls @infra-sdk/core shows', async () => {
    expect(await coreVersions(project)).toEqual(['0.1.0']);
  });
});

describe('a team that keeps scheduler-client ~0.1.0 and uses core 0.2.0 directly', () => {
  let project: Project;
  beforeAll(async () => {
    project = await install('two-copies', {
      '@infra-sdk/scheduler-client': '~0.1.0',
      '@infra-sdk/core': '^0.2.0',
    });
  });

  it('installs both copies, each where it was asked for', () => {
    expect(project.version('node_modules/@infra-sdk/core')).toBe('0.2.0');
    expect(project.version('node_modules/@infra-sdk/scheduler-client/node_modules/@infra-sdk/core')).toBe(
      '0.1.0',
    );
  });

  it('shows both versions through npm ls @infra-sdk/core', async () => {
    expect(await coreVersions(project)).toEqual(['0.1.0', '0.2.0']);
    expect(await project.ls('@infra-sdk/core')).toMatch(
      /@infra-sdk\/core@0\.1\.0[\s\S]*@infra-sdk\/core@0\.2\.0|@infra-sdk\/core@0\.2\.0[\s\S]*@infra-sdk\/core@0\.1\.0/,
    );
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

describe('a team that takes the new minor (^0.2.0)', () => {
  it('gets scheduler-client 0.2.0 with core 0.2.0, one copy', async () => {
    const project = await install('new-minor', { '@infra-sdk/scheduler-client': '^0.2.0' });
    expect(project.version('node_modules/@infra-sdk/scheduler-client')).toBe('0.2.0');
    expect(await coreVersions(project)).toEqual(['0.2.0']);
  });
});
