// Response wrapping over HTTP: a wrapped call answers with wrap information instead of failing on the
// null `data`; unwrapping gives the original answer back once, typed and checked with the original
// operation's schema; the lookup tells where a token comes from without using it; the fake wraps any
// answer, keeps it for the TTL (on a test clock) and hands it out once.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Credentials,
  createSecretsClient,
  type KvSecret,
  type Lease,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  type Roleset,
  readRoleset,
  type TokenAuth,
  unwrap,
  WRAPPED_ANSWER,
  type WrapInfo,
  wrapResponse,
} from '../src/index.js';
import { CredentialsSchema, RolesetSchema } from '../src/schemas.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  await client.database.roles.write('app', { db_name: 'db', creation_statements: ['x'], default_ttl: '1h' });
  await client.cloud.rolesets.write('web', { project: 'p', bindings: { 'projects/p': ['roles/viewer'] } });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('wrapped calls', () => {
  it('answer with the wrap information, and unwrap gives the credentials back once, typed and checked', async () => {
    const client = clientOf(fake);
    const { data: wrapped, meta } = await client
      .wrapped('5m')
      .database.roles.generateCredentials('app')
      .withMeta();
    expect(last()?.headers['x-secrets-wrap-ttl']).toBe('5m');
    const info: WrapInfo<Credentials> = wrapped;
    expect(info).toMatchObject({ ttl: 300, creation_path: 'database/creds/app', wrapped_accessor: '' });
    expect(info.token).toMatch(/\S+/);
    // What is not a call of the service (a keeper, help) is not part of the wrapped client's type.
    // @ts-expect-error: keepers are not wrapped
    void client.wrapped('5m').leases.keep;
    // @ts-expect-error: help is not wrapped
    void client.wrapped('5m').cloud.help;
    expect(info.accessor).toMatch(/\S+/);
    expect(Date.parse(info.creation_time)).toBe(clock.now());
    // The credentials' lease is not on the wrapped answer; the reader of the answer rides along unseen.
    expect(meta.leaseId).toBe('');
    expect(meta.wrapInfo).toMatchObject({ token: info.token });
    expect(Object.keys(info)).not.toContain(String(WRAPPED_ANSWER));
    expect(JSON.parse(JSON.stringify(info))).toEqual({ ...info });

    const looked = await client.wrapping.lookup(info);
    expect(looked).toMatchObject({ creation_path: 'database/creds/app', creation_ttl: 300 });
    expect(fake.wrapped().map((item) => item.token)).toContain(info.token);

    const unwrapped = await client.wrapping.unwrap(info).withMeta();
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/sys/wrapping/unwrap' });
    const creds: Credentials = unwrapped.data;
    expect(fake.database().users('db').has(creds.username)).toBe(true);
    expect(unwrapped.meta.leaseId).toMatch(/^database\/creds\/app\//);
    expect(unwrapped.meta.leaseDuration).toBe(3600);

    const again = await rejectionOf(client.wrapping.unwrap(info));
    expect(BadRequestError.isInstance(again)).toBe(true);
    expect((again as BadRequestError).errors[0]).toContain('wrapping token is not valid');
    expect(BadRequestError.isInstance(await rejectionOf(client.wrapping.lookup(info.token)))).toBe(true);
  });

  it('standalone: wrapResponse(core, ttl, operation, ...args), and unwrap(core, wrapped)', async () => {
    const client = clientOf(fake);
    const wrapped = await wrapResponse(client.core, 60, readRoleset, 'web');
    expect(last()?.headers['x-secrets-wrap-ttl']).toBe('60');
    expect(wrapped).toMatchObject({ ttl: 60, creation_path: 'gcp/roleset/web' });
    const roleset: Roleset = await unwrap(client.core, wrapped);
    expect(roleset.service_account_project).toBe('p');
  });

  it('keeps what the operation does with the answer: a renewed lease, a renewed token', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('app').withMeta();
    const lease: Lease = await client.wrapping.unwrap(await client.wrapped(60).leases.renew(meta.leaseId));
    expect(lease).toEqual({ lease_id: meta.leaseId, lease_duration: 3600, renewable: true });

    const token = fake.createToken({ ttl: 600 });
    const tokenClient = clientOf(fake, { token: token.token });
    const renewed: TokenAuth = await tokenClient.wrapping.unwrap(
      await tokenClient.wrapped(60).token.renewSelf(),
    );
    expect(renewed).toMatchObject({ client_token: token.token, lease_duration: 600 });

    await client.kv.write('app/config', { port: 8080 });
    const secret: KvSecret = await client.wrapping.unwrap(await client.wrapped(60).kv.read('app/config'));
    expect(secret.data).toEqual({ port: 8080 });
  });

  it('unwraps a bare token: checked by the schema given, or left unchecked without one', async () => {
    const client = clientOf(fake);
    const first = await client.wrapped(60).database.roles.generateCredentials('app');
    const creds: Credentials = await client.wrapping.unwrap(first.token, { schema: CredentialsSchema });
    expect(creds.username).toMatch(/\S/);

    const second = await client.wrapped(60).database.roles.generateCredentials('app');
    const wrong = await rejectionOf(client.wrapping.unwrap(second.token, { schema: RolesetSchema }));
    expect(ResponseValidationError.isInstance(wrong)).toBe(true);

    const third = await client.wrapped(60).database.roles.generateCredentials('app');
    const untyped: unknown = await client.wrapping.unwrap(third.token);
    expect(untyped).toMatchObject({ username: expect.any(String), password: expect.any(String) });
  });

  it('a service handed only a wrapping token unwraps it as its own token; the lookup needs no token at all', async () => {
    const client = clientOf(fake);
    const wrapped = await client.wrapped('2m').database.roles.generateCredentials('app');
    const anonymous = createSecretsClient({ baseUrl: fake.url, retry: false });
    expect((await anonymous.wrapping.lookup(wrapped.token)).creation_path).toBe('database/creds/app');
    const holder = createSecretsClient({ baseUrl: fake.url, token: wrapped.token, retry: false });
    const creds = await holder.wrapping.unwrap(undefined, { schema: CredentialsSchema });
    expect(last()).toMatchObject({ path: '/v1/sys/wrapping/unwrap', body: '' });
    expect(fake.database().users('db').has(creds.username)).toBe(true);
  });

  it('a wrapping token ends with its TTL', async () => {
    const client = clientOf(fake);
    const wrapped = await client.wrapped(1).cloud.rolesets.read('web');
    await clock.advance(999);
    expect(fake.wrapped().map((item) => item.token)).toContain(wrapped.token);
    await clock.advance(1);
    expect(fake.wrapped().map((item) => item.token)).not.toContain(wrapped.token);
    expect(BadRequestError.isInstance(await rejectionOf(client.wrapping.unwrap(wrapped)))).toBe(true);
  });

  it('refuses a bad TTL or token before sending, and says so when the service did not wrap (an empty answer)', async () => {
    const client = clientOf(fake);
    for (const ttl of [0, -1, 'soon', '1.5m'] as const) {
      await expectRejectedBeforeSending(fake, () => client.wrapped(ttl).cloud.rolesets.read('web'), 'ttl');
    }
    await expectRejectedBeforeSending(fake, () => client.wrapping.unwrap(''), 'token');
    await expectRejectedBeforeSending(fake, () => client.wrapping.lookup({ token: '' } as WrapInfo), 'token');
    const unwrapped = await rejectionOf(
      client
        .wrapped(60)
        .database.roles.write('app', { db_name: 'db', creation_statements: ['x'], default_ttl: '1h' }),
    );
    expect(ResponseValidationError.isInstance(unwrapped)).toBe(true);
    expect((unwrapped as Error).message).toContain('without wrapping it');
    // An empty listing is the service's 404; wrapped, it is not turned into an empty list.
    const empty = await rejectionOf(client.wrapped(60).cloud.staticAccounts.list());
    expect(NotFoundError.isInstance(empty)).toBe(true);
    expect(RequestValidationError.isInstance(empty)).toBe(false);
  });
});
