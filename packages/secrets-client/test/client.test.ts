import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createSecretsClient,
  createSecretsCore,
  fromEnv,
  type InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  packageVersion,
  RequestValidationError,
  ResponseValidationError,
  ServiceUnavailableError,
} from '../src/index.js';
import { envelopeSchema, ServiceAccountKeySchema } from '../src/schemas.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a', 'team-a/dev'] });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('headers', () => {
  it('sends the token as X-Secrets-Token, X-Secrets-Request: true and a user agent naming the package', async () => {
    await clientOf(fake).cloud.config.read();
    const headers = last()?.headers ?? {};
    expect(headers['x-secrets-token']).toBe(fake.rootToken);
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-secrets-request']).toBe('true');
    expect(headers['user-agent']).toBe(`@infra-sdk/secrets-client/${packageVersion}`);
  });

  it('sends Authorization: Bearer when asked', async () => {
    await clientOf(fake, { auth: 'bearer' }).cloud.config.read();
    expect(last()?.headers.authorization).toBe(`Bearer ${fake.rootToken}`);
    expect(last()?.headers['x-secrets-token']).toBeUndefined();
  });

  it('calls a token provider before each request', async () => {
    let calls = 0;
    const client = clientOf(fake, {
      token: async () => {
        calls += 1;
        return fake.rootToken;
      },
    });
    await client.cloud.config.read();
    await client.cloud.config.read();
    expect(calls).toBe(2);
  });

  it('appends a user agent of the caller', async () => {
    await clientOf(fake, { userAgent: 'deploy-bot/2' }).cloud.config.read();
    expect(last()?.headers['user-agent']).toBe(`@infra-sdk/secrets-client/${packageVersion} deploy-bot/2`);
  });
});

describe('namespaces', () => {
  it('sends the client namespace and lets a call choose another or none', async () => {
    const client = clientOf(fake, { namespace: 'team-a/' });
    await client.cloud.rolesets.list();
    expect(last()?.headers['x-secrets-namespace']).toBe('team-a');
    await client.cloud.rolesets.list({ namespace: 'team-a/dev' });
    expect(last()?.headers['x-secrets-namespace']).toBe('team-a/dev');
    await client.cloud.rolesets.list({ namespace: null });
    expect(last()?.headers['x-secrets-namespace']).toBeUndefined();
  });

  it('keeps each namespace apart, and joins the header with the path', async () => {
    const root = clientOf(fake);
    const team = clientOf(fake, { namespace: 'team-a' });
    await team.cloud.rolesets.write('web', { project: 'p1', bindings: { 'projects/p1': ['roles/viewer'] } });
    expect((await team.cloud.rolesets.list()).keys).toEqual(['web']);
    expect((await root.cloud.rolesets.list()).keys).toEqual([]);
    // Header "team-a" + path "gcp/..." equals the full path "team-a/gcp/..." without the header.
    expect((await root.cloud.rolesets.read('web', { mount: 'team-a/gcp' })).service_account_project).toBe(
      'p1',
    );
    const viaHeader = clientOf(fake, { namespace: 'team-a' });
    expect((await viaHeader.cloud.rolesets.read('web')).service_account_project).toBe('p1');
  });

  it('refuses a namespace that could leave its path, before sending', async () => {
    expect(() => createSecretsClient({ baseUrl: fake.url, namespace: 'a/../b' })).toThrow(
      RequestValidationError,
    );
    await expectRejectedBeforeSending(fake, () => clientOf(fake).cloud.rolesets.list({ namespace: 'x?y' }));
  });
});

describe('listing forms', () => {
  it('uses the LIST verb by default and GET ?list=true when asked, per client or per call', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('lister', {
      project: 'p',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    const viaList = await client.cloud.rolesets.list();
    expect(last()?.method).toBe('LIST');
    expect(last()?.query.get('list')).toBeNull();
    const viaGet = await client.cloud.rolesets.list({ listMethod: 'GET' });
    expect(last()?.method).toBe('GET');
    expect(last()?.query.get('list')).toBe('true');
    expect(viaGet).toEqual(viaList);
    await clientOf(fake, { listMethod: 'GET' }).cloud.rolesets.list();
    expect(last()?.method).toBe('GET');
    expect(() => createSecretsClient({ baseUrl: fake.url, listMethod: 'PUT' as never })).toThrow(TypeError);
    await expectRejectedBeforeSending(fake, () =>
      client.cloud.rolesets.list({ listMethod: 'POST' as never }),
    );
  });

  it('reads an empty listing (the service answers 404 without errors) as no keys', async () => {
    const { data, meta } = await clientOf(fake).cloud.impersonatedAccounts.list().withMeta();
    expect(data).toEqual({ keys: [] });
    expect(meta.status).toBe(404);
  });
});

describe('help', () => {
  it('returns the help text and the OpenAPI document of a path and the paths below it', async () => {
    const client = clientOf(fake);
    const help = await client.help('/gcp/config');
    expect(last()?.query.get('help')).toBe('1');
    expect(help.help).toContain('gcp/config');
    const paths = Object.keys((help.openapi?.paths ?? {}) as Record<string, unknown>);
    expect(paths).toEqual(expect.arrayContaining(['/', '/rotate-root']));
    const mount = await client.cloud.help();
    expect(Object.keys((mount.openapi?.paths ?? {}) as Record<string, unknown>)).toContain(
      '/roleset/{name}/key',
    );
    const sys = await client.help('/sys/leases');
    expect(Object.keys((sys.openapi?.paths ?? {}) as Record<string, unknown>)).toEqual([
      '/renew',
      '/revoke',
      '/lookup',
      '/revoke-prefix/{prefix}',
      '/revoke-force/{prefix}',
    ]);
  });

  it('refuses a help path that could reach another endpoint', async () => {
    for (const bad of ['gcp', '/gcp/../sys', '/gcp?x=1', '/gcp/%2e%2e/x']) {
      await expectRejectedBeforeSending(fake, () => clientOf(fake).help(bad), 'path');
    }
  });
});

describe('envelope and metadata', () => {
  it('resolves to data and keeps the whole envelope on the metadata', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('meta', { project: 'p', bindings: { 'projects/p': ['roles/viewer'] } });
    const { data, meta } = await client.cloud.rolesets.read('meta').withMeta();
    expect(data.service_account_project).toBe('p');
    expect(meta.status).toBe(200);
    expect(meta.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(meta).toMatchObject({
      leaseId: '',
      leaseDuration: 0,
      renewable: false,
      wrapInfo: null,
      auth: null,
    });
    expect(meta.warnings).toEqual([]);
    // The response headers stay on the metadata, copied from the response when first read.
    expect(meta.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(JSON.stringify(meta)).headers['content-type']).toMatch(/^application\/json/);
    const mapped = await client.cloud.rolesets.read('meta').map((roleset) => roleset.secret_type);
    expect(mapped).toBe('access_token');
  });

  it('puts the service warnings on the metadata', async () => {
    const client = clientOf(fake);
    const result = await client
      .request({
        method: 'POST',
        path: '/gcp/roleset/warned',
        body: { project: 'p', bindings: '{"resource":{"a":{"roles":["r"]}}}', colour: 'blue' },
      })
      .withMeta();
    expect(result.meta.warnings).toEqual(['Endpoint ignored these unrecognized parameters: [colour]']);
  });
});

describe('raw requests', () => {
  it('reaches any path with the same auth and namespace, returning the whole envelope', async () => {
    const client = clientOf(fake, { namespace: 'team-a' });
    const body = await client.request<{ data: { keys: string[] }; request_id: string }>({
      method: 'GET',
      path: '/gcp/rolesets',
      query: { list: true },
    });
    expect(body.data.keys).toContain('web');
    expect(last()?.headers['x-secrets-namespace']).toBe('team-a');
    await client.request(
      { method: 'GET', path: '/gcp/rolesets', query: { list: true } },
      { namespace: null },
    );
    expect(last()?.headers['x-secrets-namespace']).toBeUndefined();
    await expectRejectedBeforeSending(
      fake,
      () => client.request({ method: 'GET', path: '/gcp/../sys' }),
      'path',
    );
  });
});

describe('errors', () => {
  it('maps 403 and 404 with the service error list', async () => {
    const stranger = clientOf(fake, { token: 'not-a-known-token' });
    const denied = await rejectionOf(stranger.cloud.config.read());
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);
    expect((denied as PermissionDeniedError).errors).toEqual(['permission denied']);
    const missing = await rejectionOf(clientOf(fake).cloud.rolesets.read('absent'));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    const route = await rejectionOf(clientOf(fake).cloud.config.read({ mount: 'nothing-here' }));
    expect((route as NotFoundError).errors[0]).toContain('no handler for route');
  });

  it('answers 503 while sealed', async () => {
    const sealed = await startFakeSecrets({ sealed: true });
    try {
      const error = await rejectionOf(clientOf(sealed).cloud.config.read());
      expect(ServiceUnavailableError.isInstance(error)).toBe(true);
      expect((error as ServiceUnavailableError).errors).toEqual(['the service is sealed']);
      sealed.unseal();
      await expect(clientOf(sealed).cloud.config.read()).resolves.toMatchObject({ ttl: '0s' });
      sealed.seal();
      expect(sealed.sealed).toBe(true);
    } finally {
      await sealed.close();
    }
  });

  it('is refused by a fake that requires X-Secrets-Request when the header is removed', async () => {
    await using strict = await startFakeSecrets({ requireRequestHeader: true });
    await expect(clientOf(strict).cloud.config.read()).resolves.toBeDefined();
    const error = await rejectionOf(
      clientOf(strict).cloud.config.read({ headers: { 'X-Secrets-Request': undefined } }),
    );
    expect((error as InfraSdkError & { status: number }).status).toBe(412);
  });

  it('reports a response of the wrong shape, unless validation is off for the client or the call', async () => {
    const client = clientOf(fake);
    await client.cloud.rolesets.write('shape', {
      project: 'p',
      bindings: { 'projects/p': ['roles/viewer'] },
    });
    // Reading the access-token endpoint with the key schema cannot match.
    const wrong = await rejectionOf(
      client.request({
        method: 'GET',
        path: '/gcp/roleset/shape/token',
        schema: envelopeSchema(ServiceAccountKeySchema),
      }),
    );
    expect(ResponseValidationError.isInstance(wrong)).toBe(true);
    expect((wrong as ResponseValidationError).issues.map((issue) => issue.path)).toContain(
      'data.private_key_data',
    );
    const loose = createSecretsClient({ baseUrl: fake.url, token: fake.rootToken, validateResponses: false });
    const token = await loose.request({
      method: 'GET',
      path: '/gcp/roleset/shape/token',
      schema: envelopeSchema(ServiceAccountKeySchema),
    });
    expect(token).toHaveProperty('data.token');
    const perCall = await client.request(
      { method: 'GET', path: '/gcp/roleset/shape/token', schema: envelopeSchema(ServiceAccountKeySchema) },
      { validateResponse: false },
    );
    expect(perCall).toHaveProperty('data.token');
  });

  it('refuses a request body above the size limit before sending', async () => {
    const client = clientOf(fake, { maxRequestBytes: 1024 });
    const error = await expectRejectedBeforeSending(fake, () =>
      client.cloud.config.write({ credentials: JSON.stringify({ blob: 'x'.repeat(2000) }) }),
    );
    expect(error.message).toContain('more than the service accepts (1024 bytes)');
    expect(() => createSecretsClient({ baseUrl: fake.url, maxRequestBytes: 0 })).toThrow(TypeError);
  });

  it('refuses a body above the 32 MB default before sending', async () => {
    const error = await expectRejectedBeforeSending(fake, () =>
      clientOf(fake).cloud.config.write({ credentials: 'é'.repeat(17 * 1024 * 1024) }),
    );
    expect(error.message).toContain(`(${32 * 1024 * 1024} bytes)`);
  });
});

describe('redaction', () => {
  it('never shows the token in inspect or JSON of the client, its core or its errors', async () => {
    const token = 'secret-token-value-123';
    const client = createSecretsClient({ baseUrl: fake.url, token, namespace: 'team-a', retry: false });
    const core = createSecretsCore({ baseUrl: fake.url, token, namespace: 'team-a' });
    for (const text of [
      inspect(client, { depth: 5 }),
      JSON.stringify(client),
      inspect(core, { depth: 5 }),
      JSON.stringify(core),
    ]) {
      expect(text).not.toContain(token);
      expect(text).toContain('[redacted]');
      expect(text).toContain('team-a');
    }
    const error = await rejectionOf(client.cloud.config.read());
    for (const text of [String(error), inspect(error, { depth: 5 }), JSON.stringify(error)]) {
      expect(text).not.toContain(token);
    }
  });
});

describe('construction', () => {
  it('checks mounts segment by segment', () => {
    expect(() => createSecretsClient({ baseUrl: fake.url, cloudMount: '../sys' })).toThrow(
      RequestValidationError,
    );
    expect(createSecretsClient({ baseUrl: fake.url, cloudMount: '/team/gcp/' }).core.cloudMount).toBe(
      'team/gcp',
    );
  });

  it('creates a client from the environment, overrides first', async () => {
    try {
      vi.stubEnv('SECRETS_ADDR', undefined);
      expect(() => fromEnv()).toThrow(/SECRETS_ADDR is not set/);
      vi.stubEnv('SECRETS_ADDR', fake.url);
      vi.stubEnv('SECRETS_TOKEN', fake.rootToken);
      vi.stubEnv('SECRETS_NAMESPACE', 'team-a');
      const client = fromEnv({ retry: false });
      await client.cloud.rolesets.list();
      expect(last()?.headers['x-secrets-namespace']).toBe('team-a');
      expect(last()?.headers['x-secrets-token']).toBe(fake.rootToken);
      expect(fromEnv({ namespace: 'team-a/dev' }).core.namespace).toBe('team-a/dev');
      // An option filled from somewhere that had nothing is not given: the variable counts.
      expect(fromEnv({ namespace: undefined, kvMount: undefined }).core).toMatchObject({
        namespace: 'team-a',
        kvMount: 'secret',
      });
      expect(
        createSecretsClient({ baseUrl: fake.url, namespace: undefined, cloudMount: undefined }).core,
      ).toMatchObject({
        namespace: undefined,
        cloudMount: 'gcp',
      });
    } finally {
      // The test files share a process: what is changed here is put back as it was.
      vi.unstubAllEnvs();
    }
  });
});
