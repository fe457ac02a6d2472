import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createSecretsCore,
  generateRolesetKey,
  NotFoundError,
  readRoleset,
  writeRoleset,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

// Access tokens live an hour by it: time passes when a test moves it.
const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({
    clock,
    mounts: [
      { path: 'gcp', type: 'cloud' },
      { path: 'clouds/prod', type: 'cloud' },
    ],
  });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);
const credentialsFile = JSON.stringify({
  type: 'service_account',
  private_key_id: 'k1',
  client_email: 'root@p.iam.gserviceaccount.com',
});
const blockBindings = `
resource "//cloudresourcemanager.googleapis.com/projects/p1" {
  roles = [
    "roles/viewer",
  ],
}

# a comment
resource "https://selflink/to/my/resource" {
  roles = ["project/p1/roles/custom", "organizations/o/roles/org"]
}
`;

function decodeKeyFile(privateKeyData: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(privateKeyData, 'base64').toString('utf8')) as Record<string, unknown>;
}

describe('configuration', () => {
  it('writes config, keeps credentials write-only and reads TTLs back as duration text', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write({ credentials: credentialsFile, ttl: '1h', max_ttl: 14_400 });
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({
      credentials: credentialsFile,
      ttl: '1h',
      max_ttl: 14_400,
    });
    const config = await client.cloud.config.read();
    expect(config).toMatchObject({ ttl: '1h', max_ttl: '4h' });
    expect(config).not.toHaveProperty('credentials');
    expect(fake.cloud().config.credentials).toBe(credentialsFile);
  });

  it('rotates the root key only when credentials were configured', async () => {
    const client = clientOf(fake);
    const before = fake.cloud().rootKeyId;
    const rotated = await client.cloud.config.rotateRoot();
    expect(rotated).toMatchObject({ private_key_id: fake.cloud().rootKeyId });
    expect(fake.cloud().rootKeyId).not.toBe(before);
    const other = await rejectionOf(client.cloud.config.rotateRoot({ mount: 'clouds/prod' }));
    expect(BadRequestError.isInstance(other)).toBe(true);
  });

  it('accepts workload identity federation with an audience and a service account', async () => {
    const client = clientOf(fake);
    await client.cloud.config.write(
      {
        identity_token_audience: 'aud',
        service_account_email: 'sa@p.iam.gserviceaccount.com',
        identity_token_ttl: '10m',
      },
      { mount: 'clouds/prod' },
    );
    const config = await client.cloud.config.read({ mount: 'clouds/prod' });
    expect(config).toMatchObject({ identity_token_audience: 'aud', identity_token_ttl: 600 });
    expect(fake.cloud('clouds/prod').config.credentials).toBeUndefined();
  });

  it('checks the configuration rules before sending', async () => {
    const client = clientOf(fake);
    const write = (config: Parameters<typeof client.cloud.config.write>[0]) => () =>
      client.cloud.config.write(config);
    await expectRejectedBeforeSending(
      fake,
      write({ credentials: '{}', identity_token_audience: 'a', service_account_email: 'x' }),
      'identity_token_audience',
    );
    await expectRejectedBeforeSending(fake, write({ rotation_period: 9 }), 'rotation_period');
    await expectRejectedBeforeSending(fake, write({ rotation_period: '5s' }), 'rotation_period');
    await expectRejectedBeforeSending(
      fake,
      write({ rotation_period: '1h', rotation_schedule: '0 * * * *' }),
      'rotation_schedule',
    );
    await expectRejectedBeforeSending(fake, write({ rotation_schedule: '0 * * *' }), 'rotation_schedule');
    await expectRejectedBeforeSending(fake, write({ rotation_schedule: '61 * * * *' }), 'rotation_schedule');
    await expectRejectedBeforeSending(
      fake,
      write({ rotation_schedule: '0 0 * * SAT', rotation_window: '59m' }),
      'rotation_window',
    );
    await expectRejectedBeforeSending(
      fake,
      write({ rotation_period: 3600, rotation_window: '2h' }),
      'rotation_window',
    );
    await expectRejectedBeforeSending(fake, write({ ttl: '1d' }), 'ttl');
    await expectRejectedBeforeSending(fake, write({ ttl: -1 }), 'ttl');
    await expectRejectedBeforeSending(fake, write({ ttl: 1.5 }), 'ttl');
    await expectRejectedBeforeSending(fake, write({ unknown_field: 1 } as never), 'unknown_field');
    // Valid edges go through: 10 s period, 0 (no rotation), a one-hour window with a schedule.
    await client.cloud.config.write({ rotation_period: '10s' });
    await client.cloud.config.write({ rotation_period: 0, rotation_schedule: '', ttl: '1h' });
    await client.cloud.config.write({
      rotation_schedule: '*/15 0-6 1,15 JAN-JUN MON-FRI',
      rotation_window: '1h',
    });
    expect(fake.cloud().config).toMatchObject({
      rotation_schedule: '*/15 0-6 1,15 JAN-JUN MON-FRI',
      rotation_window: 3600,
    });
  });

  it('enforces the same rules in the fake for requests that skip the client checks', async () => {
    const client = clientOf(fake);
    const raw = (body: Record<string, unknown>) =>
      rejectionOf(client.request({ method: 'POST', path: '/gcp/config', body }));
    for (const body of [
      { rotation_period: 5 },
      { rotation_schedule: 'bad' },
      { credentials: '{}', identity_token_audience: 'a' },
      { credentials: 'not json' },
      { ttl: 'soon' },
    ]) {
      expect(BadRequestError.isInstance(await raw(body)), JSON.stringify(body)).toBe(true);
    }
  });
});

describe('rolesets', () => {
  it('creates, reads, lists, updates and deletes rolesets, parsing every bindings form', async () => {
    const client = clientOf(fake);
    const base64 = Buffer.from(blockBindings).toString('base64');
    await client.cloud.rolesets.write('blocks', {
      project: 'p1',
      bindings: blockBindings,
      token_scopes: ['scope-a'],
    });
    await client.cloud.rolesets.write('encoded', {
      project: 'p1',
      bindings: base64,
      secret_type: 'service_account_key',
    });
    await client.cloud.rolesets.write('json', {
      project: 'p1',
      bindings: JSON.stringify({ resource: { 'projects/p1': { roles: ['roles/editor'] } } }),
    });
    await client.cloud.rolesets.write('mapped', {
      project: 'p1',
      bindings: { 'projects/p1': ['roles/owner'] },
    });
    expect(JSON.parse(last()?.body ?? '{}').bindings).toBe(
      JSON.stringify({ resource: { 'projects/p1': { roles: ['roles/owner'] } } }),
    );
    const blocks = await client.cloud.rolesets.read('blocks');
    expect(blocks).toMatchObject({
      secret_type: 'access_token',
      service_account_project: 'p1',
      token_scopes: ['scope-a'],
      bindings: {
        '//cloudresourcemanager.googleapis.com/projects/p1': ['roles/viewer'],
        'https://selflink/to/my/resource': ['project/p1/roles/custom', 'organizations/o/roles/org'],
      },
    });
    expect(blocks.service_account_email).toMatch(/@p1\.iam\.gserviceaccount\.com$/);
    expect((await client.cloud.rolesets.read('encoded')).bindings).toEqual(blocks.bindings);
    expect((await client.cloud.rolesets.read('json')).bindings).toEqual({ 'projects/p1': ['roles/editor'] });
    expect((await client.cloud.rolesets.list()).keys).toEqual(['blocks', 'encoded', 'json', 'mapped']);
    await client.cloud.rolesets.delete('json');
    expect(NotFoundError.isInstance(await rejectionOf(client.cloud.rolesets.read('json')))).toBe(true);
    const changed = await rejectionOf(
      client.cloud.rolesets.write('blocks', { project: 'p2', bindings: blockBindings }),
    );
    expect((changed as BadRequestError).errors[0]).toContain('project cannot be updated');
    const badBindings = await rejectionOf(
      client.cloud.rolesets.write('bad', { project: 'p', bindings: 'resource "x" { roles = [1] }' }),
    );
    expect(BadRequestError.isInstance(badBindings)).toBe(true);
  });

  it('issues one-hour access tokens; new bindings, a rotation or a key rotation invalidate them', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('tokens', {
      project: 'p1',
      bindings: { 'projects/p1': ['roles/viewer'] },
    });
    const { data: first, meta } = await client.cloud.rolesets.token('tokens').withMeta();
    expect(first.token_ttl).toBe(3600);
    expect(first.expires_at_seconds).toBe(Math.floor(clock.now() / 1000) + 3600);
    expect(meta).toMatchObject({ leaseId: '', renewable: false, leaseDuration: 0 });
    const state = fake.cloud();
    expect(state.isTokenValid(first.token)).toBe(true);
    // Judged at a time given: an hour on, it has expired.
    expect(state.isTokenValid(first.token, clock.now() + 3_600_000)).toBe(false);

    await client.cloud.rolesets.write('tokens', {
      project: 'p1',
      bindings: { 'projects/p1': ['roles/viewer'] },
    });
    expect(state.isTokenValid(first.token)).toBe(true);
    await client.cloud.rolesets.write('tokens', {
      project: 'p1',
      bindings: { 'projects/p1': ['roles/editor'] },
    });
    expect(state.isTokenValid(first.token)).toBe(false);

    const second = await client.cloud.rolesets.token('tokens');
    await client.cloud.rolesets.rotateKey('tokens');
    expect(last()?.path).toBe('/v1/gcp/roleset/tokens/rotate-key');
    expect(state.isTokenValid(second.token)).toBe(false);

    // The service's older alias path of the token endpoint, which the fake serves too.
    const aliased = await client.request<{ data: { token: string } }>({
      method: 'GET',
      path: '/gcp/token/tokens',
    });
    expect(last()?.path).toBe('/v1/gcp/token/tokens');
    const third = aliased.data;
    const email = (await client.cloud.rolesets.read('tokens')).service_account_email;
    const rotated = await client.cloud.rolesets.rotate('tokens').withMeta();
    expect(rotated.meta.status).toBe(204);
    expect(rotated.data).toBeUndefined();
    expect(state.isTokenValid(third.token)).toBe(false);
    expect((await client.cloud.rolesets.read('tokens')).service_account_email).not.toBe(email);
    const wrongKind = await rejectionOf(client.cloud.rolesets.key('tokens'));
    expect((wrongKind as BadRequestError).errors[0]).toContain('does not generate keys');
    // An hour later by the fake's clock, a token has expired.
    const expiring = await client.cloud.rolesets.token('tokens');
    await clock.advance(3_599_999);
    expect(state.isTokenValid(expiring.token)).toBe(true);
    await clock.advance(1);
    expect(state.isTokenValid(expiring.token)).toBe(false);
  });

  it("issues leased keys (GET with defaults, POST with options, the service's old alias path) that a rotation revokes", async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('keys', {
      project: 'p1',
      secret_type: 'service_account_key',
      bindings: { 'projects/p1': ['roles/viewer'] },
    });
    const { data: key, meta } = await client.cloud.rolesets.key('keys').withMeta();
    expect(last()?.method).toBe('GET');
    expect(key).toMatchObject({ key_algorithm: 'KEY_ALG_RSA_2048', key_type: 'TYPE_CLOUD_CREDENTIALS_FILE' });
    const file = decodeKeyFile(key.private_key_data);
    expect(file).toMatchObject({ type: 'service_account', project_id: 'p1' });
    expect(String(file.client_email)).toMatch(/@p1\.iam\.gserviceaccount\.com$/);
    expect(meta.leaseId).toMatch(/^gcp\/roleset\/keys\/key\/[0-9a-f-]{36}$/);
    expect(meta).toMatchObject({ renewable: true, leaseDuration: 3600 });

    const custom = await client.cloud.rolesets
      .key('keys', { key_algorithm: 'KEY_ALG_RSA_1024', ttl: '30m' })
      .withMeta();
    expect(last()?.method).toBe('POST');
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ key_algorithm: 'KEY_ALG_RSA_1024', ttl: '30m' });
    expect(custom.data.key_algorithm).toBe('KEY_ALG_RSA_1024');
    expect(custom.meta.leaseDuration).toBe(1800);

    const aliased = await client.request<{ renewable: boolean }>({
      method: 'POST',
      path: '/gcp/key/keys',
      body: {},
    });
    expect(last()?.path).toBe('/v1/gcp/key/keys');
    expect(aliased.renewable).toBe(true);
    await client.request({ method: 'GET', path: '/gcp/key/keys' });
    expect(last()?.method).toBe('GET');

    const state = fake.cloud();
    expect(state.isKeyValid(key.private_key_data)).toBe(true);
    await client.cloud.rolesets.rotate('keys');
    expect(state.isKeyValid(key.private_key_data)).toBe(false);
    expect(state.isKeyValid(custom.data.private_key_data)).toBe(false);
    expect(fake.leases().filter((lease) => lease.id.startsWith('gcp/roleset/keys/'))).toEqual([]);
    const wrongKind = await rejectionOf(client.cloud.rolesets.rotateKey('keys'));
    expect((wrongKind as BadRequestError).errors[0]).toContain('access_token');
  });

  it('checks roleset and key input before sending', async () => {
    const client = clientOf(fake);
    const bindings = { 'projects/p': ['roles/viewer'] };
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.write('r', { project: '', bindings }),
      'project',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.write('r', { project: 'p', bindings: '' }),
      'bindings',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.write('r', { project: 'p', bindings: {} }),
      'bindings',
    );
    await expectRejectedBeforeSending(
      fake,
      () =>
        client.cloud.rolesets.write('r', {
          project: 'p',
          bindings,
          secret_type: 'service_account_key',
          token_scopes: ['s'],
        }),
      'token_scopes',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.write('r', { project: 'p', bindings, secret_type: 'other' as never }),
      'secret_type',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.key('r', { key_algorithm: 'TYPE_CLOUD_CREDENTIALS_FILE' }),
      'key_algorithm',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.rolesets.key('r', { key_type: 'KEY_ALG_RSA_2048' }),
      'key_type',
    );
    await expectRejectedBeforeSending(fake, () => client.cloud.rolesets.key('r', { ttl: 'forever' }), 'ttl');
    await expectRejectedBeforeSending(fake, () => client.cloud.rolesets.read('..'));
    await expectRejectedBeforeSending(fake, () => client.cloud.rolesets.read(''));
    await expectRejectedBeforeSending(fake, () => client.cloud.rolesets.read('x', { mount: 'a//b' }));
  });

  it('encodes names as one path segment', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('a?b c#d', {
      project: 'p',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    expect(last()?.path).toBe('/v1/gcp/roleset/a%3Fb%20c%23d');
    expect((await client.cloud.rolesets.read('a?b c#d')).service_account_project).toBe('p');
  });
});

describe('static accounts', () => {
  it('manages static accounts and their tokens and keys', async () => {
    const client = clientOf(fake);
    const email = 'app@p9.iam.gserviceaccount.com';
    await client.cloud.staticAccounts.write('app', {
      service_account_email: email,
      bindings: { 'projects/p9': ['roles/viewer'] },
    });
    await client.cloud.staticAccounts.write('app-keys', {
      service_account_email: email,
      secret_type: 'service_account_key',
    });
    expect(await client.cloud.staticAccounts.read('app')).toMatchObject({
      secret_type: 'access_token',
      service_account_email: email,
      service_account_project: 'p9',
      bindings: { 'projects/p9': ['roles/viewer'] },
    });
    expect((await client.cloud.staticAccounts.read('app-keys')).bindings).toBeNull();
    expect((await client.cloud.staticAccounts.list()).keys).toEqual(['app', 'app-keys']);
    const token = await client.cloud.staticAccounts.token('app');
    expect(fake.cloud().isTokenValid(token.token)).toBe(true);
    await client.cloud.staticAccounts.rotateKey('app');
    expect(fake.cloud().isTokenValid(token.token)).toBe(false);
    const { data: key, meta } = await client.cloud.staticAccounts
      .key('app-keys', { key_type: 'TYPE_CLOUD_CREDENTIALS_FILE' })
      .withMeta();
    expect(decodeKeyFile(key.private_key_data).client_email).toBe(email);
    expect(meta.leaseId).toMatch(/^gcp\/static-account\/app-keys\/key\//);
    await client.cloud.staticAccounts.key('app-keys');
    expect(last()?.method).toBe('GET');
    const changed = await rejectionOf(
      client.cloud.staticAccounts.write('app', { service_account_email: 'other@p9.iam.gserviceaccount.com' }),
    );
    expect(BadRequestError.isInstance(changed)).toBe(true);
    await client.cloud.staticAccounts.delete('app-keys');
    expect(fake.cloud().isKeyValid(key.private_key_data)).toBe(false);
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.staticAccounts.write('x', { service_account_email: '' }),
      'service_account_email',
    );
    await expectRejectedBeforeSending(
      fake,
      () =>
        client.cloud.staticAccounts.write('x', {
          service_account_email: email,
          secret_type: 'service_account_key',
          token_scopes: ['a'],
        }),
      'token_scopes',
    );
  });
});

describe('impersonated accounts', () => {
  it('manages impersonated accounts whose tokens carry the account TTL', async () => {
    const client = clientOf(fake);
    const email = 'imp@p3.iam.gserviceaccount.com';
    await client.cloud.impersonatedAccounts.write('imp', {
      service_account_email: email,
      token_scopes: ['s1'],
      ttl: '2h',
    });
    expect(await client.cloud.impersonatedAccounts.read('imp')).toEqual({
      service_account_email: email,
      service_account_project: 'p3',
      token_scopes: ['s1'],
      ttl: 7200,
    });
    await client.cloud.impersonatedAccounts.write('default-ttl', { service_account_email: email });
    expect((await client.cloud.impersonatedAccounts.read('default-ttl')).ttl).toBe(3600);
    expect((await client.cloud.impersonatedAccounts.list()).keys).toEqual(['default-ttl', 'imp']);
    expect((await client.cloud.impersonatedAccounts.token('imp')).token_ttl).toBe(7200);
    await client.cloud.impersonatedAccounts.delete('default-ttl');
    expect((await client.cloud.impersonatedAccounts.list()).keys).toEqual(['imp']);
    await client.cloud.impersonatedAccounts.write('imp', { service_account_email: email, ttl: '12h' });
    expect((await client.cloud.impersonatedAccounts.read('imp')).ttl).toBe(43_200);
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.impersonatedAccounts.write('x', { service_account_email: email, ttl: '13h' }),
      'ttl',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.cloud.impersonatedAccounts.write('x', { service_account_email: email, ttl: 43_201 }),
      'ttl',
    );
    const raw = await rejectionOf(
      client.request({
        method: 'POST',
        path: '/gcp/impersonated-account/x',
        body: { service_account_email: email, ttl: '13h' },
      }),
    );
    expect(BadRequestError.isInstance(raw)).toBe(true);
  });
});

describe('mounts and standalone operations', () => {
  it('reaches an engine at any mount path, per client or per call', async () => {
    const prod = clientOf(fake, { cloudMount: 'clouds/prod' });
    await prod.cloud.rolesets.write('p', { project: 'p', bindings: { 'projects/p': ['roles/viewer'] } });
    expect(last()?.path).toBe('/v1/clouds/prod/roleset/p');
    expect((await clientOf(fake).cloud.rolesets.list({ mount: 'clouds/prod' })).keys).toEqual(['p']);
  });

  it('works through the core with standalone functions', async () => {
    const core = createSecretsCore({ baseUrl: fake.url, token: fake.rootToken, retry: false });
    await writeRoleset(core, 'standalone', {
      project: 'p',
      secret_type: 'service_account_key',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    expect((await readRoleset(core, 'standalone')).secret_type).toBe('service_account_key');
    expect((await generateRolesetKey(core, 'standalone')).key_type).toBe('TYPE_CLOUD_CREDENTIALS_FILE');
  });
});

describe('access control', () => {
  it('tells create from update and honours read-only policies', async () => {
    fake.setToken('creator', [
      { path: 'gcp/roleset/*', capabilities: ['create', 'read'] },
      { path: 'gcp/rolesets', capabilities: ['list'] },
    ]);
    const creator = clientOf(fake, { token: 'creator' });
    const bindings = { 'projects/p': ['roles/viewer'] };
    await creator.cloud.rolesets.write('acl', { project: 'p', bindings });
    const update = await rejectionOf(creator.cloud.rolesets.write('acl', { project: 'p', bindings }));
    expect((update as BadRequestError).status).toBe(403);
    expect((await creator.cloud.rolesets.list()).keys).toContain('acl');
    const denied = await rejectionOf(creator.cloud.rolesets.delete('acl'));
    expect((denied as BadRequestError).status).toBe(403);
    fake.setToken('denied', [{ path: 'gcp/*', capabilities: ['deny'] }]);
    expect(
      ((await rejectionOf(clientOf(fake, { token: 'denied' }).cloud.rolesets.list())) as BadRequestError)
        .status,
    ).toBe(403);
    fake.revokeToken('creator');
    expect(((await rejectionOf(creator.cloud.rolesets.read('acl'))) as BadRequestError).status).toBe(403);
  });
});
