// The versioned key-value engine over HTTP: versions written (check-and-set), read, listed, deleted,
// restored and destroyed; paths checked part by part; and secret sync, which reads what it links from
// the key-value store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type KvMetadata,
  type KvSecret,
  NotFoundError,
  readKvSecret,
  writeKvSecret,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a'] });
  fake.mount('team-kv', 'kv');
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('secrets and their versions', () => {
  it('writes versions (any JSON values), reads the current one or an earlier one', async () => {
    const client = clientOf(fake);
    const first = await client.kv.write('app/db', { user: 'app', port: 5432, tls: { verify: true } });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/secret/data/app/db' });
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({
      data: { user: 'app', port: 5432, tls: { verify: true } },
    });
    expect(first).toMatchObject({ version: 1, destroyed: false, deletion_time: '' });
    await client.kv.write('app/db', { user: 'app', port: 6543 });
    const current: KvSecret = await client.kv.read('app/db');
    expect(current).toMatchObject({ data: { user: 'app', port: 6543 }, metadata: { version: 2 } });
    expect(last()?.query.get('version')).toBeNull();
    const earlier = await client.kv.read('app/db', { version: 1 });
    expect(last()?.query.get('version')).toBe('1');
    expect(earlier.data).toEqual({ user: 'app', port: 5432, tls: { verify: true } });
    expect(fake.kv().secrets.get('app/db')?.current_version).toBe(2);
  });

  it('check-and-set: a write naming another version than the current one is refused', async () => {
    const client = clientOf(fake);
    expect((await client.kv.write('cas', { v: 1 }, { cas: 0 })).version).toBe(1);
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ data: { v: 1 }, options: { cas: 0 } });
    const again = await rejectionOf(client.kv.write('cas', { v: 'again' }, { cas: 0 }));
    expect(BadRequestError.isInstance(again)).toBe(true);
    expect((again as BadRequestError).errors[0]).toContain('check-and-set parameter did not match');
    expect((await client.kv.write('cas', { v: 2 }, { cas: 1 })).version).toBe(2);
    expect(BadRequestError.isInstance(await rejectionOf(client.kv.write('cas', { v: 3 }, { cas: 1 })))).toBe(
      true,
    );
    expect((await client.kv.read('cas')).data).toEqual({ v: 2 });
  });

  it('deletes and restores versions, destroys them for good, and reads the metadata of each', async () => {
    const client = clientOf(fake);
    for (const value of [1, 2, 3]) await client.kv.write('life', { value });
    await client.kv.delete('life');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/v1/secret/data/life' });
    expect(NotFoundError.isInstance(await rejectionOf(client.kv.read('life')))).toBe(true);
    await client.kv.deleteVersions('life', [1]);
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ versions: [1] });
    let metadata: KvMetadata = await client.kv.readMetadata('life');
    expect(metadata).toMatchObject({ current_version: 3, oldest_version: 1, cas_required: false });
    expect(metadata.versions['3']?.deletion_time).not.toBe('');
    expect(metadata.versions['1']?.deletion_time).not.toBe('');
    expect(metadata.versions['2']?.deletion_time).toBe('');

    await client.kv.undeleteVersions('life', [3, 1]);
    expect(last()).toMatchObject({ path: '/v1/secret/undelete/life' });
    expect((await client.kv.read('life')).data).toEqual({ value: 3 });
    await client.kv.destroyVersions('life', [1]);
    expect(last()).toMatchObject({ path: '/v1/secret/destroy/life' });
    expect(NotFoundError.isInstance(await rejectionOf(client.kv.read('life', { version: 1 })))).toBe(true);
    await client.kv.undeleteVersions('life', [1]);
    metadata = await client.kv.readMetadata('life');
    expect(metadata.versions['1']).toMatchObject({ destroyed: true });
    expect(fake.kv().secrets.get('life')?.versions.get(1)?.data).toBeNull();

    await client.kv.deleteMetadata('life');
    expect(NotFoundError.isInstance(await rejectionOf(client.kv.readMetadata('life')))).toBe(true);
    expect(NotFoundError.isInstance(await rejectionOf(client.kv.read('life', { version: 2 })))).toBe(true);
  });

  it('keeps the last ten versions', async () => {
    const client = clientOf(fake);
    for (let value = 1; value <= 12; value += 1) await client.kv.write('many', { value });
    const metadata = await client.kv.readMetadata('many');
    expect(metadata).toMatchObject({ current_version: 12, oldest_version: 3 });
    expect(Object.keys(metadata.versions)).toHaveLength(10);
    expect(NotFoundError.isInstance(await rejectionOf(client.kv.read('many', { version: 2 })))).toBe(true);
  });

  it('lists a folder: secrets, and folders with a trailing "/"; an empty one is an empty list', async () => {
    const client = clientOf(fake, { listMethod: 'GET' });
    await client.kv.write('list/top', { a: 1 });
    await client.kv.write('list/nested/one', { a: 1 });
    await client.kv.write('list/nested/deeper/two', { a: 1 });
    expect((await client.kv.list('list')).keys).toEqual(['nested/', 'top']);
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/secret/metadata/list/' });
    expect(last()?.query.get('list')).toBe('true');
    expect((await clientOf(fake).kv.list('list/nested/')).keys).toEqual(['deeper/', 'one']);
    expect((await clientOf(fake).kv.list()).keys).toContain('list/');
    expect(last()).toMatchObject({ method: 'LIST', path: '/v1/secret/metadata/' });
    expect((await client.kv.list('nothing-here')).keys).toEqual([]);
  });

  it('works at another mount (client-wide or per call) and in a namespace', async () => {
    const core = clientOf(fake, { kvMount: 'team-kv' }).core;
    await writeKvSecret(core, 'x', { here: true });
    expect(last()?.path).toBe('/v1/team-kv/data/x');
    expect((await readKvSecret(clientOf(fake).core, 'x', { mount: 'team-kv' })).data).toEqual({ here: true });
    expect(fake.kv('team-kv').secrets.has('x')).toBe(true);
    const team = clientOf(fake, { namespace: 'team-a' });
    await team.kv.write('x', { team: 'a' });
    expect(fake.kv('secret', 'team-a').secrets.get('x')?.current_version).toBe(1);
    expect(NotFoundError.isInstance(await rejectionOf(clientOf(fake).kv.read('x')))).toBe(true);
  });

  it('refuses paths that would reach another secret or endpoint, and bad versions, before sending', async () => {
    const client = clientOf(fake);
    for (const path of ['', '/app', 'app/', 'a//b', 'a/../b', '..', 'a/%2Fb', 'a/b%', 'a\nb']) {
      await expectRejectedBeforeSending(fake, () => client.kv.read(path), 'path');
    }
    await expectRejectedBeforeSending(fake, () => client.kv.list('../x'), 'path');
    await expectRejectedBeforeSending(fake, () => client.kv.read('a', { version: -1 }), 'version');
    await expectRejectedBeforeSending(fake, () => client.kv.read('a', { version: 1.5 }), 'version');
    await expectRejectedBeforeSending(fake, () => client.kv.write('a', { x: 1 }, { cas: -1 }), 'options.cas');
    await expectRejectedBeforeSending(fake, () => client.kv.write('a', [] as never), 'data');
    await expectRejectedBeforeSending(fake, () => client.kv.deleteVersions('a', []), 'versions');
    await expectRejectedBeforeSending(fake, () => client.kv.destroyVersions('a', [0]), 'versions.0');
  });
});

describe('secret sync reads the secrets it links', () => {
  it('links a secret that exists (its current version is what the destination gets); refuses one that does not', async () => {
    const client = clientOf(fake);
    await client.sync.destinations.write('cloud1-sm', 'store', { region: 'us-east-1' });
    const missing = await rejectionOf(
      client.sync.associations.set('cloud1-sm', 'store', { mount: 'secret', secret_name: 'sync/absent' }),
    );
    expect(BadRequestError.isInstance(missing)).toBe(true);
    expect((missing as BadRequestError).errors[0]).toContain('not found');
    expect(fake.sync().associations.get('cloud1-sm/store')?.size ?? 0).toBe(0);

    await client.kv.write('sync/api', { key: 'one' });
    await client.kv.write('sync/api', { key: 'two' });
    const linked = await client.sync.associations.set('cloud1-sm', 'store', {
      mount: 'secret',
      secret_name: 'sync/api',
    });
    expect(Object.values(linked.associated_secrets)[0]?.sync_status).toBe('SYNCED');
    expect(fake.sync().associations.get('cloud1-sm/store')?.get('secret/sync/api')?.synced_version).toBe(2);

    // Its current version deleted: nothing to sync, so a new link is refused; unlinking still works.
    await client.kv.delete('sync/api');
    const deleted = await rejectionOf(
      client.sync.associations.set('cloud1-sm', 'store', { mount: 'secret', secret_name: 'sync/api' }),
    );
    expect(BadRequestError.isInstance(deleted)).toBe(true);
    const removed = await client.sync.associations.remove('cloud1-sm', 'store', {
      mount: 'secret',
      secret_name: 'sync/api',
    });
    expect(Object.values(removed.associated_secrets)[0]?.sync_status).toBe('UNSYNCED');
  });
});
