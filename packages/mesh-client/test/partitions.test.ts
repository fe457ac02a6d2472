// Admin partitions and datacenters over real HTTP against the fake: `?partition=` and `?dc=` on every
// operation, `Partition` in bodies, the ACL answer headers on `meta`, and watches that stay quiet while
// the index moves for changes they do not return.
import { describe, expect, it } from 'vitest';
import { NotFoundError, ServerError } from '../src/index.js';
import type { FakeMesh } from '../src/testing/index.js';
import { clientOf, expectRefusedBeforeSending, failure, trackFakes } from './support.js';

const start = trackFakes();

const names = (list: readonly { Name: string }[]) => list.map((namespace) => namespace.Name);

/** Resolves once `fake` has received `count` list requests (polling every 5 ms, for about 5 s at most). */
async function listRequests(fake: FakeMesh, count: number): Promise<void> {
  const lists = () => fake.requests.filter((request) => request.path === '/v1/namespaces').length;
  for (let i = 0; i < 1000 && lists() < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('admin partitions', () => {
  it('creates, reads, lists, updates and deletes namespaces of a partition, apart from the default one', async () => {
    const fake = await start({ partitions: ['web'], deletionDelayMs: false });
    const mesh = clientOf(fake);
    const byBody = await mesh.namespaces.create({ Name: 'frontend', Partition: 'web' });
    expect(byBody).toMatchObject({ Name: 'frontend', Partition: 'web' });
    expect(fake.requests.at(-1)?.query.has('partition')).toBe(false);
    const byOption = await mesh.namespaces.create({ Name: 'api' }, { partition: 'web' });
    expect(byOption.Partition).toBe('web');
    expect(fake.requests.at(-1)?.query.get('partition')).toBe('web');
    // The same name in the default partition is another namespace.
    await mesh.namespaces.create({ Name: 'frontend', Description: 'default partition' });

    expect(names(await mesh.namespaces.list({ partition: 'web' }))).toEqual(['api', 'default', 'frontend']);
    expect(names(await mesh.namespaces.list())).toEqual(['default', 'frontend']);
    const read = await mesh.namespaces.read('frontend', { partition: 'web' });
    expect(read).toMatchObject({ Partition: 'web' });
    expect(read.Description).toBeUndefined();

    // A namespace just read spreads into an update: its Partition goes with it.
    const updated = await mesh.namespaces.update('frontend', { ...read, Description: 'web frontend' });
    expect(updated).toMatchObject({ Partition: 'web', Description: 'web frontend' });
    expect(fake.namespace('frontend')?.Description).toBe('default partition');
    await mesh.namespaces.update('api', { Meta: { tier: 'api' } }, { partition: 'web' });
    expect(fake.namespace('api', 'web')?.Meta).toEqual({ tier: 'api' });

    await mesh.namespaces.delete('frontend', { partition: 'web' });
    expect(fake.requests.at(-1)?.query.get('partition')).toBe('web');
    expect(fake.namespace('frontend', 'web')?.DeletedAt).toBeDefined();
    expect(fake.namespace('frontend')?.DeletedAt).toBeUndefined();
    // Removed from web only: the wait reads web's, while the default partition's stays.
    expect(fake.finishDeletion()).toBe(1);
    await mesh.namespaces.waitUntilDeleted('frontend', { partition: 'web' });
    expect(fake.requests.at(-1)?.query.get('partition')).toBe('web');
    expect(fake.namespace('frontend')).toBeDefined();
  });

  it('refuses a partition the server does not have, and one that cannot be a partition name, before sending', async () => {
    const fake = await start({ namespaces: [{ Name: 'seeded', Partition: 'ops' }], partitions: ['ops'] });
    const mesh = clientOf(fake, { retry: false });
    expect(fake.namespaces('ops').map((namespace) => namespace.Name)).toEqual(['default', 'seeded']);
    const unknown = await failure(mesh.namespaces.read('default', { partition: 'nope' }));
    expect(NotFoundError.isInstance(unknown)).toBe(true);
    fake.addPartition('nope');
    expect((await mesh.namespaces.read('default', { partition: 'nope' })).Partition).toBe('nope');

    await expectRefusedBeforeSending(fake, () => mesh.namespaces.list({ partition: 'a/b' }), 'partition');
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.create({ Name: 'x', Partition: 'ops' }, { partition: 'web' }),
      'Partition',
    );
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.update('x', { Partition: 'ops' }, { partition: 'web' }),
      'Partition',
    );
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.create({ Name: 'x', Partition: '-' }),
      'Partition',
    );
  });
});

describe('datacenters', () => {
  it('sends dc on every operation; another datacenter the server cannot reach is a ServerError', async () => {
    const fake = await start({ datacenter: 'east' });
    const mesh = clientOf(fake, { retry: false });
    await mesh.namespaces.create({ Name: 'team-1' }, { dc: 'east' });
    await mesh.namespaces.read('team-1', { dc: 'east' });
    await mesh.namespaces.list({ dc: 'east', partition: 'default' });
    await mesh.namespaces.update('team-1', { Description: 'x' }, { dc: 'east' });
    await mesh.namespaces.delete('team-1', { dc: 'east' });
    expect(fake.requests.map((request) => request.query.get('dc'))).toEqual([
      'east',
      'east',
      'east',
      'east',
      'east',
    ]);
    expect(fake.requests[2]?.query.get('partition')).toBe('default');

    const far = await failure(mesh.namespaces.list({ dc: 'west' }));
    expect(ServerError.isInstance(far)).toBe(true);
    expect((far as ServerError).body).toBe('No path to datacenter');
    await expectRefusedBeforeSending(fake, () => mesh.namespaces.read('default', { dc: 'a b' }), 'dc');
  });
});

describe('ACL answer headers', () => {
  it("puts the server's default policy and whether ACLs filtered the result on meta", async () => {
    const fake = await start({
      acl: {
        defaultPolicy: 'deny',
        tokens: [
          { secret: 'root', rules: ['operator:write'] },
          { secret: 'team', rules: ['namespace:team-1:read'] },
        ],
      },
    });
    const root = clientOf(fake, { token: 'root' });
    await root.namespaces.create({ Name: 'team-1' });
    await root.namespaces.create({ Name: 'team-2' });
    const all = await root.namespaces.list().withMeta();
    expect(all.meta).toMatchObject({ defaultAclPolicy: 'deny', resultsFilteredByAcls: false });
    const team = await clientOf(fake, { token: 'team' }).namespaces.list().withMeta();
    expect(names(team.data)).toEqual(['team-1']);
    expect(team.meta).toMatchObject({ defaultAclPolicy: 'deny', resultsFilteredByAcls: true });
    expect(team.meta.headers['x-mesh-results-filtered-by-acls']).toBe('true');
    const one = await clientOf(fake, { token: 'team' }).namespaces.read('team-1').withMeta();
    expect(one.meta.resultsFilteredByAcls).toBe(false);

    const open = await start();
    const { meta } = await clientOf(open).namespaces.list().withMeta();
    expect(meta).toMatchObject({ defaultAclPolicy: undefined, resultsFilteredByAcls: false });
  });
});

describe('quiet watches', () => {
  /** Watches the default partition's list while another partition changes, then the default one. */
  async function watchThroughOtherChanges(everyIndex: boolean | undefined): Promise<string[][]> {
    const fake = await start({ partitions: ['web'] });
    const watcher = clientOf(fake);
    const other = clientOf(fake);
    const controller = new AbortController();
    const snapshots: string[][] = [];
    for await (const { data, meta } of watcher.namespaces.watchList({
      wait: '10s',
      signal: controller.signal,
      ...(everyIndex === undefined ? {} : { everyIndex }),
    })) {
      snapshots.push(names(data));
      expect(meta.index).toBe(fake.index);
      if (snapshots.length === 1) {
        // The index moves for a namespace of another partition: the watch's next read answers at once.
        await other.namespaces.create({ Name: 'frontend' }, { partition: 'web' });
        // Once the read after that one blocks, a change the watch returns.
        void listRequests(fake, 3).then(() => other.namespaces.create({ Name: 'team-1' }));
      }
      if (snapshots.at(-1)?.includes('team-1')) controller.abort();
    }
    expect(
      fake.requests.filter((request) => request.path === '/v1/namespaces').length,
    ).toBeGreaterThanOrEqual(3);
    return snapshots;
  }

  it('yields only when the namespaces it returns changed', async () => {
    expect(await watchThroughOtherChanges(undefined)).toEqual([['default'], ['default', 'team-1']]);
  });

  it('yields on every index move with everyIndex', async () => {
    expect(await watchThroughOtherChanges(true)).toEqual([['default'], ['default'], ['default', 'team-1']]);
  });

  it('a namespace watch of a partition stays quiet through changes elsewhere', async () => {
    const fake = await start({ partitions: ['web'] });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'frontend', Partition: 'web', Description: 'v1' });
    const controller = new AbortController();
    const seen: (string | undefined)[] = [];
    for await (const { data } of mesh.namespaces.watch('frontend', {
      partition: 'web',
      wait: '10s',
      signal: controller.signal,
    })) {
      seen.push(data.Description);
      if (seen.length === 1) {
        await mesh.namespaces.create({ Name: 'elsewhere' });
        const reads = () =>
          fake.requests.filter((request) => request.path === '/v1/namespace/frontend').length;
        void (async () => {
          for (let i = 0; i < 1000 && reads() < 3; i++)
            await new Promise((resolve) => setTimeout(resolve, 5));
          await mesh.namespaces.update('frontend', { Description: 'v2' }, { partition: 'web' });
        })();
      } else controller.abort();
    }
    expect(seen).toEqual(['v1', 'v2']);
    const reads = fake.requests.filter((request) => request.path === '/v1/namespace/frontend');
    expect(reads.every((request) => request.query.get('partition') === 'web')).toBe(true);
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });
});
