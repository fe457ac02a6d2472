// A team pins core at one version and a client that needs another: both copies install side by side,
// each side gets the core it asked for, errors from one copy are recognised by the other, and the
// documented check (`npm ls @infra-sdk/core`) names both versions.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installProject, packAll, run, temporaryFolder } from '../../lib/packed.mjs';

interface Manifest {
  version: string;
  dependencies: Record<string, string>;
}

let work: { path: string; remove: () => Promise<void> };
let project: string;

/** Rewrites a tarball's package.json (version, dependency ranges) into a new tarball, as a later release would be. */
async function reversioned(tarball: string, name: string, edit: (manifest: Manifest) => void) {
  const dir = join(work.path, 'edit', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', dir], { cwd: dir });
  const file = join(dir, 'package', 'package.json');
  const manifest = JSON.parse(await readFile(file, 'utf8'));
  edit(manifest);
  await writeFile(file, JSON.stringify(manifest, null, 2));
  const out = join(work.path, `${name}.tgz`);
  await run('tar', ['-czf', out, '-C', dir, 'package'], { cwd: dir });
  return out;
}

beforeAll(async () => {
  work = await temporaryFolder('consumer-pinning-');
  const packed = await packAll(join(work.path, 'tarballs'), ['core', 'scheduler-client']);
  const core = packed.get('@infra-sdk/core') ?? '';
  const scheduler = packed.get('@infra-sdk/scheduler-client') ?? '';
  const core020 = await reversioned(core, 'core-0.2.0', (manifest) => {
    manifest.version = '0.2.0';
  });
  const core030 = await reversioned(core, 'core-0.3.0', (manifest) => {
    manifest.version = '0.3.0';
  });
  const scheduler051 = await reversioned(scheduler, 'scheduler-client-0.5.1', (manifest) => {
    manifest.version = '0.5.1';
    manifest.dependencies['@infra-sdk/core'] = '^0.3.0';
  });
  project = join(work.path, 'team');
  await mkdir(project);
  await installProject(project, {
    tarballs: new Map([
      ['@infra-sdk/core', core020],
      ['@infra-sdk/scheduler-client', scheduler051],
    ]),
    overrides: { '@infra-sdk/scheduler-client>@infra-sdk/core': `file:${core030}` },
  });
});

afterAll(async () => {
  await work?.remove();
});

describe('a team pinning core 0.2.0 and scheduler-client 0.5.1 (which needs core ^0.3.0)', () => {
  it('installs both copies, each where it was asked for', async () => {
    const version = async (path: string) => JSON.parse(await readFile(join(project, path), 'utf8')).version;
    expect(await version('node_modules/@infra-sdk/core/package.json')).toBe('0.2.0');
    expect(
      await version('node_modules/@infra-sdk/scheduler-client/node_modules/@infra-sdk/core/package.json'),
    ).toBe('0.3.0');
  });

  it('runs both: the client works against its fake, and its errors are recognised by the other copy', async () => {
    await writeFile(
      join(project, 'both.mjs'),
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
    const output = await run(process.execPath, ['both.mjs'], { cwd: project });
    // instanceof fails across copies (two classes); isInstance reads a brand both copies share.
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({
      jobs: 0,
      recognised: true,
      sameClass: false,
    });
  });

  it('shows both versions through the documented check, npm ls @infra-sdk/core', async () => {
    const output = await run('npm', ['ls', '@infra-sdk/core', '--all', '--json'], { cwd: project }).catch(
      (error: Error & { stdout?: string }) => error.stdout ?? '',
    );
    const versions = new Set<string>();
    const walk = (node: { version?: string; dependencies?: Record<string, unknown> }, name?: string) => {
      if (name === '@infra-sdk/core' && node.version) versions.add(node.version);
      for (const [child, value] of Object.entries(node.dependencies ?? {})) walk(value as typeof node, child);
    };
    walk(JSON.parse(output.slice(output.indexOf('{'))));
    expect([...versions].sort()).toEqual(['0.2.0', '0.3.0']);
  });
});
