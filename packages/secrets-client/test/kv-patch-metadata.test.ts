// The rest of the key-value engine over HTTP against the fake: merge patches of a secret (with
// check-and-set), its names without values (subkeys), its settings (metadata write and patch:
// max_versions, cas_required, delete_version_after, custom_metadata), and deleting it with every version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, MERGE_PATCH, NotFoundError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('patch and subkeys', () => {
  it('merges a patch into the current version as a merge patch, with check-and-set', async () => {
    const secrets = clientOf(fake);
    await secrets.kv.write('app/db', { user: 'app', port: 5432, tls: { cert: 'c', key: 'k' }, legacy: true });
    const patched = await secrets.kv.patch(
      'app/db',
      { port: 6543, legacy: null, tls: { key: 'k2' } },
      { cas: 1 },
    );
    expect(last()).toMatchObject({ method: 'PATCH', path: '/v1/secret/data/app/db' });
    expect(last()?.headers['content-type']).toBe(MERGE_PATCH);
    expect(JSON.parse(last()?.body ?? '')).toEqual({
      data: { port: 6543, legacy: null, tls: { key: 'k2' } },
      options: { cas: 1 },
    });
    expect(patched.version).toBe(2);
    expect((await secrets.kv.read('app/db')).data).toEqual({
      user: 'app',
      port: 6543,
      tls: { cert: 'c', key: 'k2' },
    });
    const stale = await rejectionOf(secrets.kv.patch('app/db', { port: 1 }, { cas: 1 }));
    expect(BadRequestError.isInstance(stale)).toBe(true);
    const none = await rejectionOf(secrets.kv.patch('app/none', { port: 1 }));
    expect(NotFoundError.isInstance(none)).toBe(true);
    // The service takes a PATCH only as a merge patch.
    const plain = await rejectionOf(
      secrets.request({ method: 'PATCH', path: '/secret/data/app/db', body: { data: { port: 2 } } }),
    );
    expect((plain as BadRequestError).status).toBe(415);
  });

  it('reads the names of a version without their values, to a depth', async () => {
    const secrets = clientOf(fake);
    await secrets.kv.write('app/api', { token: 'secret-value', nested: { a: { b: 1 } } });
    const all = await secrets.kv.subkeys('app/api');
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/secret/subkeys/app/api' });
    expect(all.subkeys).toEqual({ token: null, nested: { a: { b: null } } });
    expect(JSON.stringify(all)).not.toContain('secret-value');
    const shallow = await secrets.kv.subkeys('app/api', { depth: 1, version: 1 });
    expect(last()?.query.toString()).toBe('version=1&depth=1');
    expect(shallow.subkeys).toEqual({ token: null, nested: null });
    expect(shallow.metadata.version).toBe(1);
    expect(NotFoundError.isInstance(await rejectionOf(secrets.kv.subkeys('app/api', { version: 9 })))).toBe(
      true,
    );
    await expectRejectedBeforeSending(fake, () => secrets.kv.subkeys('app/api', { depth: -1 }), 'depth');
  });
});

describe('metadata', () => {
  it('writes and patches the settings of a secret, which writes then follow', async () => {
    const secrets = clientOf(fake);
    await secrets.kv.writeMetadata('team/config', {
      max_versions: 2,
      cas_required: true,
      delete_version_after: '720h',
      custom_metadata: { owner: 'orders', tier: 'gold' },
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/secret/metadata/team/config' });
    expect(await secrets.kv.readMetadata('team/config')).toMatchObject({
      max_versions: 2,
      cas_required: true,
      delete_version_after: '2592000s',
      custom_metadata: { owner: 'orders', tier: 'gold' },
      current_version: 0,
    });
    // cas_required: a write without cas is refused.
    expect(BadRequestError.isInstance(await rejectionOf(secrets.kv.write('team/config', { a: 1 })))).toBe(
      true,
    );
    for (const cas of [0, 1, 2]) await secrets.kv.write('team/config', { a: cas }, { cas });
    const read = await secrets.kv.read('team/config');
    expect(read.metadata.custom_metadata).toEqual({ owner: 'orders', tier: 'gold' });
    expect(Object.keys((await secrets.kv.readMetadata('team/config')).versions)).toEqual(['2', '3']);

    await secrets.kv.patchMetadata('team/config', {
      cas_required: false,
      custom_metadata: { tier: null, team: 'a' },
    });
    expect(last()).toMatchObject({ method: 'PATCH', path: '/v1/secret/metadata/team/config' });
    expect(last()?.headers['content-type']).toBe(MERGE_PATCH);
    expect(await secrets.kv.readMetadata('team/config')).toMatchObject({
      max_versions: 2,
      cas_required: false,
      custom_metadata: { owner: 'orders', team: 'a' },
    });
    await secrets.kv.write('team/config', { a: 'no cas' });
    const missing = await rejectionOf(secrets.kv.patchMetadata('team/none', { max_versions: 1 }));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    await expectRejectedBeforeSending(
      fake,
      () => secrets.kv.writeMetadata('team/config', { max_versions: -1 }),
      'max_versions',
    );
  });

  it('deletes a secret with every version and its metadata', async () => {
    const secrets = clientOf(fake);
    await secrets.kv.write('gone/soon', { a: 1 });
    await secrets.kv.write('gone/soon', { a: 2 });
    await secrets.kv.deleteMetadata('gone/soon');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/v1/secret/metadata/gone/soon' });
    expect(NotFoundError.isInstance(await rejectionOf(secrets.kv.readMetadata('gone/soon')))).toBe(true);
    expect(NotFoundError.isInstance(await rejectionOf(secrets.kv.read('gone/soon', { version: 1 })))).toBe(
      true,
    );
  });
});
