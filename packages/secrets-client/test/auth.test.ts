// Logins over HTTP against the fake's auth methods: AppRole (a secret id as it is, spent, or wrapped),
// userpass, at their default mounts and elsewhere; the typed `auth` answer, the token it issues used by
// a client, revoke-self, and no credential in what a failure says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createSecretsClient,
  type LoginAuth,
  loginAppRole,
  NotFoundError,
  PermissionDeniedError,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

/** A client without a token of its own, as a service that is about to log in has. */
const anonymous = () => clientOf(fake, { token: undefined });
const last = () => fake.requests.at(-1);

describe('AppRole', () => {
  it('logs in with a role id and secret id, and the token it issues works', async () => {
    const roleId = fake.approle().addRole('web', { ttl: 600, maxTtl: 3600 });
    const secretId = fake.approle().secretId('web');
    const login = anonymous();
    const auth: LoginAuth = await login.auth.loginAppRole({ role_id: roleId, secret_id: secretId });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/approle/login' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ role_id: roleId, secret_id: secretId });
    expect(last()?.headers['x-secrets-token']).toBeUndefined();
    expect(auth).toMatchObject({ lease_duration: 600, renewable: true, policies: ['default'] });
    expect(auth.client_token).not.toBe('');
    const app = clientOf(fake, { token: auth.client_token });
    const info = await app.token.lookupSelf();
    expect(info).toMatchObject({
      accessor: auth.accessor,
      path: 'auth/approle/login',
      explicit_max_ttl: 3600,
    });
  });

  it('refuses a wrong or spent secret id with 400, naming neither id', async () => {
    const roleId = fake.approle().addRole('batch');
    const once = fake.approle().secretId('batch', 1);
    const login = anonymous();
    await login.auth.loginAppRole({ role_id: roleId, secret_id: once });
    const spent = await rejectionOf(login.auth.loginAppRole({ role_id: roleId, secret_id: once }));
    expect(BadRequestError.isInstance(spent)).toBe(true);
    expect((spent as Error).message).toContain('invalid role or secret ID');
    for (const text of [(spent as Error).message, JSON.stringify(spent), String((spent as Error).stack)]) {
      expect(text).not.toContain(once);
    }
    const wrong = await rejectionOf(
      login.auth.loginAppRole({ role_id: roleId, secret_id: 'not-a-secret-id' }),
    );
    expect((wrong as BadRequestError).status).toBe(400);
  });

  it('unwraps a wrapped secret id first, with the wrapping token as the request token, and spends it', async () => {
    const roleId = fake.approle().addRole('wrapped', { ttl: 60 });
    const wrappingToken = fake.approle().wrappedSecretId('wrapped', 120);
    const login = anonymous();
    const before = fake.requests.length;
    const auth = await loginAppRole(login.core, { role_id: roleId, wrapped_secret_id: wrappingToken });
    const [unwrap, sent] = fake.requests.slice(before);
    expect(unwrap).toMatchObject({ method: 'POST', path: '/v1/sys/wrapping/unwrap', body: '' });
    expect(unwrap?.headers['x-secrets-token']).toBe(wrappingToken);
    expect(sent?.path).toBe('/v1/auth/approle/login');
    expect(sent?.headers['x-secrets-token']).toBeUndefined();
    expect(auth.lease_duration).toBe(60);
    expect(fake.wrapped().some((entry) => entry.token === wrappingToken)).toBe(false);
    // A client with a token of its own sends the wrapping token in its place, and no token with the login.
    const admin = clientOf(fake);
    const again = fake.approle().wrappedSecretId('wrapped');
    await admin.auth.loginAppRole({ role_id: roleId, wrapped_secret_id: again });
    const [unwrapAgain, loginAgain] = fake.requests.slice(-2);
    expect(unwrapAgain?.headers['x-secrets-token']).toBe(again);
    expect(loginAgain?.headers['x-secrets-token']).toBeUndefined();
    const spent = await rejectionOf(login.auth.loginAppRole({ role_id: roleId, wrapped_secret_id: again }));
    expect((spent as BadRequestError).status).toBe(400);
  });

  it('logs in at any mount path, and a method not mounted there is a 404', async () => {
    const roleId = fake.approle('team-a/machines').addRole('ci', { bindSecretId: false, ttl: 30 });
    const login = anonymous();
    const auth = await login.auth.loginAppRole({ role_id: roleId }, { mount: 'team-a/machines' });
    expect(last()?.path).toBe('/v1/auth/team-a/machines/login');
    expect(JSON.parse(last()?.body ?? '')).toEqual({ role_id: roleId });
    expect(auth.lease_duration).toBe(30);
    const missing = await rejectionOf(login.auth.loginAppRole({ role_id: roleId }, { mount: 'nowhere' }));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    await expectRejectedBeforeSending(fake, () => login.auth.loginAppRole({ role_id: '' }), 'role_id');
  });
});

describe('userpass', () => {
  it('logs in with a password in the body only, and refuses a wrong one without repeating it', async () => {
    fake.userpass().addUser('ada', { password: 'correct horse battery', ttl: 120, policy: 'root' });
    const login = anonymous();
    const auth = await login.auth.loginUserpass('ada', { password: 'correct horse battery' });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/userpass/login/ada' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ password: 'correct horse battery' });
    expect(auth).toMatchObject({ lease_duration: 120, policies: ['root'] });
    const wrong = await rejectionOf(login.auth.loginUserpass('ada', { password: 'wrong staple' }));
    expect(BadRequestError.isInstance(wrong)).toBe(true);
    expect(`${(wrong as Error).message} ${JSON.stringify(wrong)}`).not.toContain('wrong staple');
  });

  it('logs in at another mount; refuses an empty password and a name that is not one segment before sending', async () => {
    fake.userpass('people').addUser('grace', { password: 'hopper-1906' });
    const login = anonymous();
    await login.auth.loginUserpass('grace', { password: 'hopper-1906' }, { mount: 'people' });
    expect(last()?.path).toBe('/v1/auth/people/login/grace');
    await expectRejectedBeforeSending(
      fake,
      () => login.auth.loginUserpass('grace', { password: '' }),
      'password',
    );
    await expectRejectedBeforeSending(fake, () => login.auth.loginUserpass('../root', { password: 'x' }));
  });
});

describe('the token a login issues', () => {
  it('is a token source: a provider that logs in gives a client its token', async () => {
    fake.userpass().addUser('svc', { password: 'svc-password', ttl: 300 });
    const login = anonymous();
    const app = createSecretsClient({
      baseUrl: fake.url,
      retry: false,
      token: async () => (await login.auth.loginUserpass('svc', { password: 'svc-password' })).client_token,
    });
    expect((await app.token.lookupSelf()).path).toBe('auth/userpass/login');
    expect(JSON.stringify(app)).not.toContain('svc-password');
  });

  it('revokes itself: revoke-self, then every call with it gets 403', async () => {
    fake.userpass().addUser('leaving', { password: 'leaving-pw', ttl: 300 });
    const auth = await anonymous().auth.loginUserpass('leaving', { password: 'leaving-pw' });
    const app = clientOf(fake, { token: auth.client_token });
    await app.token.revokeSelf();
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/token/revoke-self', body: '' });
    expect(fake.token(auth.client_token)).toBeUndefined();
    expect(PermissionDeniedError.isInstance(await rejectionOf(app.token.lookupSelf()))).toBe(true);
  });
});
