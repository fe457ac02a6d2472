// What a team gets with plain npm from the registry the round trip published to (global-setup.ts): one
// client brings exactly itself, core, ky, valibot and undici (core's Node transport and proxies, never
// loaded in browsers; the registry client adds its hash library), works against its fake, and holds no source map or README link that leads nowhere; two clients share one core.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  readFolder,
  readmeLinkProblems,
  repositoryWebUrl,
  sourceMapProblems,
} from '../../../scripts/lib/package-contents.mjs';
import { installedPackages, npmProject, run, temporaryFolder, workspaceRoot } from '../../lib/round-trip.mjs';
import { CORE, caretOf, versionsAfter } from './versions.js';

type Project = Awaited<ReturnType<typeof npmProject>>;

const repositoryUrl = repositoryWebUrl(JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8')));

/** A call of each client against its fake, as a team's first test would make it. */
const CLIENTS = {
  '@infra-sdk/scheduler-client': {
    extra: [],
    script: `import { createSchedulerClient } from '@infra-sdk/scheduler-client';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
await using fake = await startFakeScheduler({ nodes: 2 });
const scheduler = createSchedulerClient({ baseUrl: fake.url });
console.log(JSON.stringify({ nodes: (await scheduler.nodes.list()).length }));`,
    expected: { nodes: 2 },
  },
  '@infra-sdk/secrets-client': {
    extra: [],
    script: `import { createSecretsClient } from '@infra-sdk/secrets-client';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';
await using fake = await startFakeSecrets();
const secrets = createSecretsClient({ baseUrl: fake.url, token: fake.rootToken });
await secrets.database.connections.write('db', { plugin_name: 'postgresql-database-plugin', url: 'postgres://db', allowed_roles: ['*'] });
await secrets.database.roles.write('app', { db_name: 'db', creation_statements: ['CREATE ROLE ...'] });
const creds = await secrets.database.roles.generateCredentials('app');
console.log(JSON.stringify({ issued: fake.database().users('db').has(creds.username) }));`,
    expected: { issued: true },
  },
  '@infra-sdk/registry-client': {
    extra: ['@noble/hashes'],
    script: `import { createRegistryClient } from '@infra-sdk/registry-client';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
await using fake = await startFakeRegistry({ users: [{ username: 'me', password: 'secret' }], tokens: { t: 'me' } });
const registry = createRegistryClient({ baseUrl: fake.url, token: 't' });
await registry.boxes.create({ username: 'me', name: 'tools', is_private: false });
console.log(JSON.stringify({ name: (await registry.boxes.read('me/tools')).name }));`,
    expected: { name: 'tools' },
  },
  '@infra-sdk/mesh-client': {
    extra: [],
    script: `import { createMeshClient } from '@infra-sdk/mesh-client';
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';
await using fake = await startFakeMesh();
const mesh = createMeshClient({ baseUrl: fake.url });
await mesh.namespaces.create({ Name: 'team-1' });
console.log(JSON.stringify({ names: (await mesh.namespaces.list()).map((namespace) => namespace.Name) }));`,
    expected: { names: ['default', 'team-1'] },
  },
} as const;

let work: { path: string; remove: () => Promise<void> };

beforeAll(async () => {
  work = await temporaryFolder('consumer-install-');
  return () => work.remove();
});

/** What is wrong with the installed @infra-sdk packages of a project: dangling maps, README links. */
function contentProblems(project: Project): string[] {
  const problems: string[] = [];
  const scope = join(project.dir, 'node_modules', '@infra-sdk');
  for (const name of readFolder(scope).keys()) {
    if (!name.endsWith('/package.json') || name.split('/').length !== 2) continue;
    const folder = join(scope, name.split('/')[0] ?? '');
    const files = readFolder(folder);
    problems.push(...sourceMapProblems(files).problems.map((problem: string) => `${folder}: ${problem}`));
    const readme = files.get('README.md')?.toString('utf8');
    if (readme === undefined) problems.push(`${folder}: no README.md`);
    else
      problems.push(...readmeLinkProblems(readme, { repositoryUrl }).map((p: string) => `${folder}: ${p}`));
    if (!files.has('CHANGELOG.md')) problems.push(`${folder}: no CHANGELOG.md`);
  }
  return problems;
}

describe.each(Object.entries(CLIENTS))('npm install %s', (name, client) => {
  let project: Project;

  beforeAll(async () => {
    project = await npmProject(
      join(work.path, name.replace('/', '__')),
      inject('registry'),
      { [name]: caretOf(versionsAfter(2)[name]) },
      {
        cache: inject('npmCache'),
      },
    );
  });

  it('installs exactly the client, core, ky, valibot and undici', async () => {
    const tree = JSON.parse(await project.ls('--all', '--json'));
    const names = installedPackages(tree).map((entry) => entry.replace(/@[^@]+$/, ''));
    expect(names).toEqual([name, '@infra-sdk/core', 'ky', 'undici', 'valibot', ...client.extra].sort());
    expect(project.version(`node_modules/${name}`)).toBe(versionsAfter(2)[name]);
    expect(project.version('node_modules/@infra-sdk/core')).toBe(versionsAfter(2)[CORE]);
  });

  it('names its own version in the user agent of each of its builds', () => {
    const folder = join(project.dir, 'node_modules', name);
    const stamps = [...readFolder(join(folder, 'dist')).values()].flatMap((bytes: Buffer) =>
      [...bytes.toString('utf8').matchAll(/\bpackageVersion = "([^"]*)"/g)].map((match) => match[1]),
    );
    // The module build and the Node bundle each hold it once.
    expect(stamps).toEqual([versionsAfter(2)[name], versionsAfter(2)[name]]);
  });

  it('works against its fake', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(project.dir, 'first.mjs'), client.script);
    const output = await run(process.execPath, ['first.mjs'], { cwd: project.dir });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual(client.expected);
  });

  it('holds no dangling source map and no README link that leaves the package', () => {
    expect(contentProblems(project)).toEqual([]);
  });
});

describe('two clients in one project', () => {
  it('share one copy of core', async () => {
    const project = await npmProject(
      join(work.path, 'two-clients'),
      inject('registry'),
      Object.fromEntries(
        ['@infra-sdk/scheduler-client', '@infra-sdk/mesh-client'].map((name) => [
          name,
          caretOf(versionsAfter(2)[name]),
        ]),
      ),
      { cache: inject('npmCache') },
    );
    const tree = JSON.parse(await project.ls('@infra-sdk/core', '--all', '--json'));
    expect(installedPackages(tree).filter((entry) => entry.startsWith('@infra-sdk/core@'))).toEqual([
      `@infra-sdk/core@${versionsAfter(2)[CORE]}`,
    ]);
    for (const client of ['scheduler-client', 'mesh-client']) {
      const nested = join(
        project.dir,
        'node_modules',
        '@infra-sdk',
        client,
        'node_modules',
        '@infra-sdk',
        'core',
      );
      expect(() => readFileSync(join(nested, 'package.json'))).toThrow();
    }
    expect(await project.ls('@infra-sdk/core')).toContain(
      `@infra-sdk/core@${versionsAfter(2)[CORE]} deduped`,
    );
  });
});
