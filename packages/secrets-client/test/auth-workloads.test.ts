// Workload logins over HTTP against the fake: Kubernetes (the service-account token read from its file
// at each login, so a rotated token is picked up) and JWT (a token, or a function that returns a fresh
// one, checked by the key pair the fake holds); and the Node entry's `fromEnv`, which falls back on the
// token file the command-line tool keeps.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, loginJwt, NotFoundError, PermissionDeniedError } from '../src/index.js';
import { fromEnv, serviceAccountToken, TOKEN_FILE_NAME } from '../src/node/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
let folder: string;
beforeAll(async () => {
  fake = await startFakeSecrets();
  folder = await mkdtemp(join(tmpdir(), 'secrets-login-'));
});
afterAll(async () => {
  await fake.close();
  await rm(folder, { recursive: true, force: true });
});

const anonymous = () => clientOf(fake, { token: undefined });
const last = () => fake.requests.at(-1);

describe('Kubernetes', () => {
  it('logs in with the service-account token read from its file at each login', async () => {
    const file = join(folder, 'token');
    await writeFile(file, 'sa-token-one\n');
    fake.kubernetes().addRole('orders', { serviceAccountTokens: ['sa-token-one'], ttl: 300 });
    const login = anonymous();
    const jwt = serviceAccountToken(file);
    const auth = await login.auth.loginKubernetes({ role: 'orders', jwt });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/kubernetes/login' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ role: 'orders', jwt: 'sa-token-one' });
    expect(last()?.headers['x-secrets-token']).toBeUndefined();
    expect(auth.lease_duration).toBe(300);
    // The kubelet rotates the token: the next login reads the new one.
    await writeFile(file, 'sa-token-two');
    fake.kubernetes().addServiceAccountToken('orders', 'sa-token-two');
    await login.auth.loginKubernetes({ role: 'orders', jwt });
    expect(JSON.parse(last()?.body ?? '').jwt).toBe('sa-token-two');
  });

  it('refuses a token the role does not accept (403) and an unknown role (400), at any mount', async () => {
    fake.kubernetes('k8s/east').addRole('web', { serviceAccountTokens: ['east-token'] });
    const login = anonymous();
    await login.auth.loginKubernetes({ role: 'web', jwt: 'east-token' }, { mount: 'k8s/east' });
    expect(last()?.path).toBe('/v1/auth/k8s/east/login');
    const denied = await rejectionOf(
      login.auth.loginKubernetes({ role: 'web', jwt: 'stolen' }, { mount: 'k8s/east' }),
    );
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);
    expect(JSON.stringify(denied)).not.toContain('stolen');
    const unknown = await rejectionOf(
      login.auth.loginKubernetes({ role: 'nobody', jwt: 'east-token' }, { mount: 'k8s/east' }),
    );
    expect(BadRequestError.isInstance(unknown)).toBe(true);
    const missing = await rejectionOf(
      login.auth.loginKubernetes({ role: 'web', jwt: 'east-token' }, { mount: 'k8s/west' }),
    );
    expect(NotFoundError.isInstance(missing)).toBe(true);
    await expectRejectedBeforeSending(fake, () => login.auth.loginKubernetes({ role: '', jwt: 'x' }), 'role');
    await expectRejectedBeforeSending(
      fake,
      () => login.auth.loginKubernetes({ role: 'web', jwt: '  \n' }),
      'jwt',
    );
  });
});

describe('JWT', () => {
  it('logs in with a JWT the fake signed, given as it is or by a function asked at each login', async () => {
    const method = fake.jwt();
    method.addRole('ci', { boundAudiences: ['secrets'], boundSubject: 'job-1', ttl: 120 });
    const login = anonymous();
    const signed = method.sign({ aud: 'secrets', sub: 'job-1' });
    const auth = await login.auth.loginJwt({ role: 'ci', jwt: signed });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/jwt/login' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ role: 'ci', jwt: signed });
    expect(auth.lease_duration).toBe(120);
    let asked = 0;
    const fresh = () => {
      asked += 1;
      return Promise.resolve(method.sign({ aud: ['other', 'secrets'], sub: 'job-1' }));
    };
    await loginJwt(login.core, { role: 'ci', jwt: fresh });
    await loginJwt(login.core, { role: 'ci', jwt: fresh });
    expect(asked).toBe(2);
    method.defaultRole = 'ci';
    await login.auth.loginJwt({ jwt: signed });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ jwt: signed });
  });

  it('refuses an expired JWT, another audience or subject, and a forged signature (400), naming none', async () => {
    const method = fake.jwt();
    method.addRole('deploy', { boundAudiences: ['secrets'] });
    const login = anonymous();
    const tries = [
      method.sign({ aud: 'secrets' }, 0),
      method.sign({ aud: 'elsewhere' }),
      `${method.sign({ aud: 'secrets' }).slice(0, -4)}AAAA`,
    ];
    for (const jwt of tries) {
      const error = await rejectionOf(login.auth.loginJwt({ role: 'deploy', jwt }));
      expect(BadRequestError.isInstance(error), String(error)).toBe(true);
      expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain(jwt);
    }
    await expectRejectedBeforeSending(fake, () => login.auth.loginJwt({ jwt: '' }), 'jwt');
  });
});

describe('fromEnv of the Node entry', () => {
  it('uses the token file of the command-line tool when SECRETS_TOKEN is unset, and SECRETS_TOKEN when set', async () => {
    const saved = {
      HOME: process.env.HOME,
      SECRETS_ADDR: process.env.SECRETS_ADDR,
      SECRETS_TOKEN: process.env.SECRETS_TOKEN,
    };
    const { token } = fake.createToken({ ttl: 600 });
    await writeFile(join(folder, TOKEN_FILE_NAME), `${token}\n`);
    try {
      process.env.HOME = folder;
      process.env.SECRETS_ADDR = fake.url;
      delete process.env.SECRETS_TOKEN;
      const client = fromEnv({ retry: false });
      expect((await client.token.lookupSelf()).id).toBe(token);
      expect(last()?.headers['x-secrets-token']).toBe(token);
      expect(JSON.stringify(client)).not.toContain(token);
      process.env.SECRETS_TOKEN = fake.rootToken;
      expect((await fromEnv({ retry: false }).token.lookupSelf()).id).toBe(fake.rootToken);
      // No file, no variable: requests go without a token.
      process.env.HOME = join(folder, 'nowhere');
      delete process.env.SECRETS_TOKEN;
      const denied = await rejectionOf(fromEnv({ retry: false }).token.lookupSelf());
      expect(PermissionDeniedError.isInstance(denied)).toBe(true);
      expect(last()?.headers['x-secrets-token']).toBeUndefined();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
