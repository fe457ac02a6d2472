import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  BadRequestError,
  createSecretsCore,
  NotFoundError,
  TimeoutError,
  waitForSyncStatus,
  writeDestination,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import {
  clientOf,
  clockedClientOf,
  expectRejectedBeforeSending,
  rejectionOf,
  runUntilSettled,
} from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a'], purgeDelayMs: 60_000 });
  fake.mount('kv/apps', 'kv');
  // Sync copies key-value secrets: the ones linked below exist.
  const client = clientOf(fake);
  for (const name of ['my-secret-1', 'one', 'two']) await client.kv.write(name, { value: name });
  await client.kv.write('team/db/password', { value: 'p' }, { mount: 'kv/apps' });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);
const cloud1 = { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'very-secret', region: 'us-west-1' };

describe('configuration', () => {
  it('reads and patches the configuration, from the root namespace only', async () => {
    const client = clientOf(fake);
    const { data, meta } = await client.sync.config.read().withMeta();
    expect(data).toEqual({ disabled: false, queue_capacity: 1_000_000 });
    expect(meta.mountType).toBe('system');
    expect(await client.sync.config.update({ queue_capacity: 10 })).toEqual({
      disabled: false,
      queue_capacity: 10,
    });
    expect(last()?.method).toBe('PATCH');
    expect(await client.sync.config.update({ disabled: 'false' })).toMatchObject({ disabled: false });
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ disabled: false });
    const team = await rejectionOf(clientOf(fake, { namespace: 'team-a' }).sync.config.read());
    expect((team as BadRequestError).errors[0]).toContain('root or the administrative namespace');
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.config.update({ queue_capacity: 0 }),
      'queue_capacity',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.config.update({ disabled: 'yes' as never }),
      'disabled',
    );
    await client.sync.config.update({ queue_capacity: 1_000_000 });
  });
});

describe('destinations', () => {
  it('creates destinations of all five types, masking their secrets', async () => {
    const client = clientOf(fake);
    const created = await client.sync.destinations.write('cloud1-sm', 'store-1', {
      ...cloud1,
      custom_tags: { team: 'a' },
    });
    expect(created).toEqual({
      connection_details: { access_key_id: '*****', secret_access_key: '*****', region: 'us-west-1' },
      name: 'store-1',
      type: 'cloud1-sm',
      options: {
        granularity_level: 'secret-path',
        secret_name_template: expect.any(String),
        custom_tags: { team: 'a' },
      },
    });
    await client.sync.destinations.write('cloud2-kv', 'vault-1', {
      key_vault_uri: 'https://keyvault-1234abcd.example.net',
      tenant_id: 't',
      client_id: 'c',
      client_secret: 'cs',
    });
    await client.sync.destinations.write('cloud3-sm', 'sm-1', {
      credentials: '{"type":"service_account"}',
      project_id: 'p',
      replication_locations: ['us-east1'],
    });
    await client.sync.repoHostApps.write('app-1', {
      app_id: '42',
      private_key: '-----BEGIN RSA PRIVATE KEY-----',
    });
    await client.sync.destinations.write('repo-host', 'repo-1', {
      access_token: 'ghp_x',
      repository_owner: 'org',
      repository_name: 'repo',
    });
    await client.sync.destinations.write('repo-host', 'org-1', {
      secrets_location: 'organization',
      app_name: 'app-1',
      installation_id: 7,
      organization_name: 'org',
      organization_visibility: 'selected',
      selected_repository_names: 'a,b',
    });
    const hosting = await client.sync.destinations.write('hosting-project', 'site-1', {
      access_token: 'tok',
      project_id: 'prj_1',
      deployment_environments: ['development', 'preview', 'production'],
    });
    expect(hosting?.options?.granularity_level).toBe('secret-key');
    expect(hosting?.connection_details.access_token).toBe('*****');

    const read = await client.sync.destinations.read('cloud2-kv', 'vault-1');
    expect(read.connection_details).toMatchObject({ client_secret: '*****', client_id: 'c' });
    expect(read.options).not.toHaveProperty('custom_tags');
    expect(
      NotFoundError.isInstance(await rejectionOf(client.sync.destinations.read('cloud2-kv', 'absent'))),
    ).toBe(true);
  });

  it('lists all destinations by type and the destinations of one type, in both list forms', async () => {
    const client = clientOf(fake);
    const all = await client.sync.destinations.list();
    expect(all.keys).toEqual(['cloud1-sm/', 'cloud2-kv/', 'cloud3-sm/', 'hosting-project/', 'repo-host/']);
    expect(all.key_info['repo-host/']).toEqual(['org-1', 'repo-1']);
    expect(all.total_destinations).toBe(6);
    expect(await client.sync.destinations.listByType('repo-host', { listMethod: 'GET' })).toEqual({
      keys: ['org-1', 'repo-1'],
      total_destinations: 2,
    });
    expect(last()?.query.get('list')).toBe('true');
    expect(await client.sync.destinations.listByType('cloud1-sm', { namespace: 'team-a' })).toEqual({
      keys: [],
      total_destinations: 0,
    });
    expect(await clientOf(fake, { namespace: 'team-a' }).sync.destinations.list()).toEqual({
      key_info: {},
      keys: [],
      total_destinations: 0,
    });
  });

  it('checks the required fields of each type before sending', async () => {
    const client = clientOf(fake);
    const write = (type: string, body: Record<string, unknown>) => () =>
      client.sync.destinations.write(type as 'cloud1-sm', 'x', body as never);
    await expectRejectedBeforeSending(
      fake,
      write('cloud2-kv', { key_vault_uri: 'u', client_id: 'c', tenant_id: 't' }),
      'client_secret',
    );
    await expectRejectedBeforeSending(fake, write('cloud3-sm', {}), 'credentials');
    await expectRejectedBeforeSending(
      fake,
      write('hosting-project', { access_token: 't', project_id: 'p', deployment_environments: [] }),
      'deployment_environments',
    );
    await expectRejectedBeforeSending(
      fake,
      write('hosting-project', { access_token: 't', project_id: 'p', deployment_environments: ['staging'] }),
      'deployment_environments.0',
    );
    await expectRejectedBeforeSending(
      fake,
      write('hosting-project', { project_id: 'p', deployment_environments: ['preview'] }),
      'access_token',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', { repository_owner: 'o', repository_name: 'r' }),
      'access_token',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', {
        access_token: 't',
        app_name: 'a',
        installation_id: '1',
        repository_owner: 'o',
        repository_name: 'r',
      }),
      'app_name',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', { app_name: 'a', repository_owner: 'o', repository_name: 'r' }),
      'installation_id',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', {
        access_token: 't',
        installation_id: '1',
        repository_owner: 'o',
        repository_name: 'r',
      }),
      'installation_id',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', { access_token: 't', repository_owner: 'o' }),
      'repository_name',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', { access_token: 't', secrets_location: 'organization' }),
      'organization_name',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', {
        access_token: 't',
        secrets_location: 'organization',
        organization_name: 'o',
        repository_name: 'r',
      }),
      'repository_name',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', {
        access_token: 't',
        repository_owner: 'o',
        repository_name: 'r',
        organization_visibility: 'all',
      }),
      'organization_visibility',
    );
    await expectRejectedBeforeSending(
      fake,
      write('repo-host', { access_token: 't', repository_owner: 'o', repository_name: 'r', custom_tags: {} }),
      'custom_tags',
    );
    await expectRejectedBeforeSending(
      fake,
      write('cloud1-sm', { allowed_ipv4_addresses: ['10.0.0.0/33'] }),
      'allowed_ipv4_addresses.0',
    );
    await expectRejectedBeforeSending(
      fake,
      write('cloud1-sm', { allowed_ipv4_addresses: ['300.0.0.0/8'] }),
      'allowed_ipv4_addresses.0',
    );
    await expectRejectedBeforeSending(
      fake,
      write('cloud1-sm', { allowed_ipv6_addresses: ['10.0.0.0/8'] }),
      'allowed_ipv6_addresses.0',
    );
    await expectRejectedBeforeSending(
      fake,
      write('cloud1-sm', { allowed_ports: [70_000] }),
      'allowed_ports.0',
    );
    await expectRejectedBeforeSending(fake, write('ftp', {}), 'type');
    await client.sync.destinations.write('cloud1-sm', 'networked', {
      allowed_ipv4_addresses: ['10.0.0.0/8'],
      allowed_ipv6_addresses: ['2001:db8::/32'],
      allowed_ports: [443],
      disable_strict_networking: false,
      custom_tags: null,
      granularity: 'secret-key',
    });
    expect(fake.sync().destinations.get('cloud1-sm/networked')?.options).toMatchObject({
      allowed_ports: [443],
      granularity_level: 'secret-key',
    });
    const raw = await rejectionOf(
      client.request({
        method: 'POST',
        path: '/sys/sync/destinations/cloud2-kv/raw',
        body: { key_vault_uri: 'u' },
      }),
    );
    expect(BadRequestError.isInstance(raw)).toBe(true);
    const unknownApp = await rejectionOf(
      client.sync.destinations.write('repo-host', 'bad-app', {
        app_name: 'nope',
        installation_id: '1',
        repository_owner: 'o',
        repository_name: 'r',
      }),
    );
    expect((unknownApp as BadRequestError).errors[0]).toContain('no repository-host app');
  });

  it('works standalone with the generic write', async () => {
    const core = createSecretsCore({ baseUrl: fake.url, token: fake.rootToken, retry: false });
    const written = await writeDestination(core, 'cloud1-sm', 'standalone', { region: 'eu-west-1' });
    expect(written?.connection_details).toEqual({ region: 'eu-west-1' });
  });
});

describe('associations', () => {
  const secret = { mount: 'secret', secret_name: 'my-secret-1' };

  it('sets (SYNCED), reads, lists and removes (UNSYNCED) associations', async () => {
    const client = clientOf(fake);
    const set = await client.sync.associations.set('cloud1-sm', 'store-1', secret);
    const accessor = Object.values(set.associated_secrets)[0]?.accessor;
    expect(accessor).toMatch(/^kv_[0-9a-f]{8}$/);
    expect(set).toEqual({
      associated_secrets: {
        [`${accessor}/my-secret-1`]: {
          accessor,
          secret_name: 'my-secret-1',
          sync_status: 'SYNCED',
          updated_at: expect.any(String),
        },
      },
      store_name: 'store-1',
      store_type: 'cloud1-sm',
    });
    await client.sync.associations.set('repo-host', 'repo-1', secret);
    await client.sync.associations.set('cloud1-sm', 'store-1', {
      mount: 'kv/apps',
      secret_name: 'team/db/password',
    });
    const again = await client.sync.associations.set('cloud1-sm', 'store-1', secret);
    expect(Object.keys(again.associated_secrets)).toHaveLength(1);
    expect(
      Object.keys((await client.sync.associations.read('cloud1-sm', 'store-1')).associated_secrets),
    ).toHaveLength(2);

    const list = await client.sync.associations.list();
    expect(list).toEqual({
      key_info: {
        'secret/my-secret-1': [{ mount: 'secret/', secret_path: 'my-secret-1' }],
        'kv/apps/team/db/password': [{ mount: 'kv/apps/', secret_path: 'team/db/password' }],
      },
      keys: ['kv/apps/team/db/password', 'secret/my-secret-1'],
      total_associations: 3,
      total_secrets: 2,
    });

    const destinations = await client.sync.associations.destinationsOf('secret', 'my-secret-1');
    expect(last()?.path).toBe('/v1/sys/sync/associations/secret/my-secret-1');
    expect(destinations.associated_destinations).toEqual({
      'cloud1-sm/store-1': {
        type: 'cloud1-sm',
        name: 'store-1',
        sync_status: 'SYNCED',
        updated_at: expect.any(String),
      },
      'repo-host/repo-1': {
        type: 'repo-host',
        name: 'repo-1',
        sync_status: 'SYNCED',
        updated_at: expect.any(String),
      },
    });
    const viaQuery = await client.sync.associations.destinationsOf('secret', 'my-secret-1', {
      form: 'query',
    });
    expect(last()?.path).toBe('/v1/sys/sync/associations/destinations');
    expect(viaQuery).toEqual(destinations);

    const removed = await client.sync.associations.remove('repo-host', 'repo-1', secret);
    expect(Object.values(removed.associated_secrets)[0]?.sync_status).toBe('UNSYNCED');
    const again2 = await client.sync.associations.remove('repo-host', 'repo-1', secret);
    expect(Object.values(again2.associated_secrets)[0]?.sync_status).toBe('UNSYNCED');
    expect(
      Object.keys(
        (await client.sync.associations.destinationsOf('secret', 'my-secret-1')).associated_destinations,
      ),
    ).toEqual(['cloud1-sm/store-1']);
  });

  it('chooses the query form by itself when a name holds "/"', async () => {
    const client = clientOf(fake);
    const result = await client.sync.associations.destinationsOf('kv/apps', 'team/db/password');
    expect(last()?.path).toBe('/v1/sys/sync/associations/destinations');
    expect(last()?.query.get('mount')).toBe('kv/apps');
    expect(last()?.query.get('secret_name')).toBe('team/db/password');
    expect(Object.keys(result.associated_destinations)).toEqual(['cloud1-sm/store-1']);
    await client.sync.associations.destinationsOf('secret', 'a/b');
    expect(last()?.path).toBe('/v1/sys/sync/associations/destinations');
    const forcedPath = await client.sync.associations.destinationsOf('kv', 'plain', { form: 'path' });
    expect(forcedPath.associated_destinations).toEqual({});
  });

  it('refuses associations to mounts that are not versioned key-value stores', async () => {
    const client = clientOf(fake);
    const error = await rejectionOf(
      client.sync.associations.set('cloud1-sm', 'store-1', { mount: 'gcp', secret_name: 'x' }),
    );
    expect((error as BadRequestError).errors[0]).toContain('not a versioned key-value mount');
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.set('cloud1-sm', 'store-1', { mount: '', secret_name: 'x' }),
      'mount',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.remove('cloud1-sm', 'store-1', { mount: 'secret', secret_name: '' }),
      'secret_name',
    );
    await expectRejectedBeforeSending(fake, () => client.sync.associations.destinationsOf('', 'x'), 'mount');
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.associations.destinationsOf('secret', ''),
      'secret_name',
    );
  });

  it('queues operations as PENDING while sync is disabled and runs them once re-enabled', async () => {
    const clock = createTestClock();
    const client = clockedClientOf(fake, clock);
    await client.sync.config.update({ disabled: true });
    const pending = await client.sync.associations.set('cloud2-kv', 'vault-1', secret);
    expect(Object.values(pending.associated_secrets)[0]?.sync_status).toBe('PENDING');
    const removing = await client.sync.associations.remove('cloud1-sm', 'store-1', {
      mount: 'kv/apps',
      secret_name: 'team/db/password',
    });
    expect(Object.values(removing.associated_secrets)[0]?.sync_status).toBe('PENDING');
    expect(fake.sync().queue).toHaveLength(2);
    const ref = { type: 'cloud2-kv', name: 'vault-1', ...secret } as const;
    const waiting = client.sync.associations.waitForStatus(ref, 'SYNCED', {
      clock,
      intervalMs: 20,
      timeoutMs: 5000,
    });
    // Read once, PENDING: it pauses before reading again.
    await clock.runUntil(() => clock.pending > 0);
    // After the pause, one more read, PENDING still: it pauses again.
    const reads = fake.requests.length;
    await clock.next();
    await clock.runUntil(() => fake.requests.length === reads + 1 && clock.pending > 0);
    await client.sync.config.update({ disabled: 'false' });
    expect(await runUntilSettled(clock, waiting)).toMatchObject({
      type: 'cloud2-kv',
      name: 'vault-1',
      sync_status: 'SYNCED',
    });
    expect(fake.sync().queue).toHaveLength(0);
    expect(
      (await client.sync.associations.destinationsOf('kv/apps', 'team/db/password')).associated_destinations,
    ).toEqual({});
  });

  it('gives up waiting with TimeoutError, or AbortError when aborted', async () => {
    const clock = createTestClock();
    const core = createSecretsCore({
      baseUrl: fake.url,
      token: fake.rootToken,
      retry: false,
      fetch: clock.fetch(),
    });
    const ref = { type: 'cloud1-sm', name: 'store-1', ...secret };
    const startedAt = clock.now();
    const timeout = await rejectionOf(
      runUntilSettled(
        clock,
        waitForSyncStatus(core, ref, ['UNSYNCED', 'PENDING'], { clock, intervalMs: 10, timeoutMs: 50 }),
      ),
    );
    expect(TimeoutError.isInstance(timeout)).toBe(true);
    expect((timeout as TimeoutError).message).toContain('last seen: status SYNCED');
    // It gave up once its time was up by its clock, not before.
    expect(clock.now() - startedAt).toBe(50);
    const controller = new AbortController();
    const aborted = waitForSyncStatus(core, { ...ref, name: 'absent' }, 'SYNCED', {
      clock,
      intervalMs: 1000,
      signal: controller.signal,
    });
    await clock.runUntil(() => clock.pending > 0);
    controller.abort();
    expect(AbortError.isInstance(await rejectionOf(aborted))).toBe(true);
    const early = new AbortController();
    early.abort();
    expect(
      AbortError.isInstance(
        await rejectionOf(waitForSyncStatus(core, ref, 'SYNCED', { signal: early.signal })),
      ),
    ).toBe(true);
  });

  it('refuses to delete a destination with associations unless purged, then purges in the background', async () => {
    const client = clientOf(fake);
    const refused = await rejectionOf(client.sync.destinations.delete('cloud1-sm', 'store-1'));
    expect((refused as BadRequestError).errors[0]).toContain('purge=true');
    const plain = await client.sync.destinations.delete('cloud3-sm', 'sm-1').withMeta();
    expect(plain.meta.status).toBe(204);
    expect(last()?.query.get('purge')).toBeNull();
    await client.sync.destinations.delete('cloud1-sm', 'store-1', { purge: true });
    expect(last()?.query.get('purge')).toBe('true');
    const purging = await client.sync.destinations.read('cloud1-sm', 'store-1');
    expect(purging.purge_initiated_at).toEqual(expect.any(String));
    const busy = await rejectionOf(client.sync.associations.set('cloud1-sm', 'store-1', secret));
    expect((busy as BadRequestError).errors[0]).toContain('being purged');
    fake.sync().finishPurges();
    expect(
      NotFoundError.isInstance(await rejectionOf(client.sync.destinations.read('cloud1-sm', 'store-1'))),
    ).toBe(true);
    expect(
      Object.keys(
        (await client.sync.associations.destinationsOf('secret', 'my-secret-1')).associated_destinations,
      ),
    ).toEqual(['cloud2-kv/vault-1']);
  });

  it('rejects associations beyond the queue capacity', async () => {
    const client = clientOf(fake);
    await client.sync.config.update({ disabled: true, queue_capacity: 1 });
    await client.sync.associations.set('cloud2-kv', 'vault-1', { mount: 'secret', secret_name: 'one' });
    const full = await rejectionOf(
      client.sync.associations.set('cloud2-kv', 'vault-1', { mount: 'secret', secret_name: 'two' }),
    );
    expect((full as BadRequestError).errors[0]).toContain('queue is full');
    await client.sync.config.update({ disabled: false, queue_capacity: 1_000_000 });
  });
});

describe('repository-host apps', () => {
  it('configures apps with a masked key and refuses to delete one in use', async () => {
    const client = clientOf(fake);
    const { data, meta } = await client.sync.repoHostApps.read('app-1').withMeta();
    expect(data).toEqual({
      app_id: 42,
      fingerprint: expect.any(String),
      name: 'app-1',
      private_key: '*****',
    });
    expect(meta.mountType).toBe('system');
    const inUse = await rejectionOf(client.sync.repoHostApps.delete('app-1'));
    expect((inUse as BadRequestError).errors[0]).toContain('org-1');
    await client.sync.repoHostApps.write('app-2', { app_id: 43, private_key: 'key' });
    await client.sync.repoHostApps.delete('app-2');
    expect(NotFoundError.isInstance(await rejectionOf(client.sync.repoHostApps.read('app-2')))).toBe(true);
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.repoHostApps.write('x', { app_id: 'abc', private_key: 'k' }),
      'app_id',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.repoHostApps.write('x', { app_id: 1, private_key: '' }),
      'private_key',
    );
  });

  it('answers help for sys/sync', async () => {
    const help = await clientOf(fake).sync.help();
    expect(Object.keys(help.openapi?.paths ?? {})).toEqual(
      expect.arrayContaining(['/config', '/associations/destinations', '/github-apps/{name}']),
    );
  });
});
