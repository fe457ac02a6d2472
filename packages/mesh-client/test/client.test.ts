import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { startTestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMeshClient,
  createMeshCore,
  fromEnv,
  InfraSdkError,
  PermissionDeniedError,
  packageVersion,
  RequestValidationError,
} from '../src/index.js';
import { NamespaceListSchema } from '../src/schemas.js';
import { clientOf, failure, trackFakes } from './support.js';

const start = trackFakes();
const SECRET = 's3cr3t-token-value';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What `call` throws, or undefined. */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (caught) {
    return caught;
  }
  return undefined;
}

describe('createMeshClient', () => {
  it('names this package and version in the user agent, after which a given one follows', async () => {
    const fake = await start();
    expect(packageVersion).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    await clientOf(fake).namespaces.list();
    expect(fake.requests.at(-1)?.headers['user-agent']).toBe(`@infra-sdk/mesh-client/${packageVersion}`);
    await clientOf(fake, { userAgent: 'my-tool/2.0', headers: { 'x-team': 'blue' } }).namespaces.list();
    expect(fake.requests.at(-1)?.headers).toMatchObject({
      'user-agent': `@infra-sdk/mesh-client/${packageVersion} my-tool/2.0`,
      'x-team': 'blue',
    });
  });

  it('asks a token provider before every request, so a rotated token is used', async () => {
    const fake = await start({ acl: { tokens: [{ secret: 'first', rules: ['operator:read'] }] } });
    let current = 'first';
    const mesh = clientOf(fake, { token: async () => current });
    await mesh.namespaces.list();
    current = 'second';
    fake.addToken({ secret: 'second', rules: ['operator:read'] });
    await mesh.namespaces.list();
    expect(fake.requests.map((request) => request.headers['x-mesh-token'])).toEqual(['first', 'second']);
  });

  it('passes per-call headers, and lets them remove a default header', async () => {
    const fake = await start();
    const mesh = clientOf(fake, { headers: { 'x-default': 'yes' } });
    await mesh.namespaces.read('default', { headers: { 'x-call': 'one', 'x-default': undefined } });
    const headers = fake.requests.at(-1)?.headers;
    expect(headers?.['x-call']).toBe('one');
    expect(headers?.['x-default']).toBeUndefined();
  });

  it('reaches other endpoints through request(), with the same auth', async () => {
    const fake = await start({ acl: { tokens: [{ secret: SECRET, rules: ['operator:read'] }] } });
    const mesh = clientOf(fake, { token: SECRET });
    const { data, meta } = await mesh
      .request({ method: 'GET', path: '/namespaces', query: { stale: true }, schema: NamespaceListSchema })
      .withMeta();
    expect(data.map((namespace) => namespace.Name)).toEqual(['default']);
    expect(meta.index).toBe(fake.index);
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBe(SECRET);
    const before = fake.requests.length;
    await expect(mesh.request({ method: 'GET', path: '/namespace/../acl/tokens' })).rejects.toThrow(
      RequestValidationError,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('never shows the token: util.inspect and JSON.stringify of the client and its core', () => {
    const mesh = createMeshClient({ baseUrl: 'http://127.0.0.1:1', token: SECRET, consistency: 'stale' });
    const core = createMeshCore({ baseUrl: 'http://127.0.0.1:1', token: SECRET });
    for (const text of [
      inspect(mesh),
      JSON.stringify(mesh),
      inspect(core),
      JSON.stringify(core),
      String(mesh),
    ]) {
      expect(text).not.toContain(SECRET);
    }
    expect(JSON.parse(JSON.stringify(mesh))).toEqual({
      baseUrl: 'http://127.0.0.1:1',
      pathPrefix: '/v1',
      auth: 'header:X-Mesh-Token',
      token: '[redacted]',
      consistency: 'stale',
    });
    expect(inspect(core)).toContain('[redacted]');
  });

  it('never shows the token in errors, even when the service echoes it', async () => {
    const server = await startTestServer();
    try {
      server.route('GET', '/v1/namespaces', (req, res) =>
        res.text(403, `token ${req.header('x-mesh-token')} lacks operator:read`),
      );
      const error = await failure(createMeshClient({ baseUrl: server.url, token: SECRET }).namespaces.list());
      expect(PermissionDeniedError.isInstance(error)).toBe(true);
      for (const text of [inspect(error), JSON.stringify(error), String(error), (error as Error).message]) {
        expect(text).not.toContain(SECRET);
      }
      expect((error as PermissionDeniedError).body).toBe('token [redacted] lacks operator:read');
    } finally {
      await server.close();
    }
  });
});

describe('fromEnv', () => {
  it('reads MESH_ADDR and MESH_TOKEN', async () => {
    const fake = await start({ acl: { tokens: [{ secret: 'from-env', rules: ['operator:read'] }] } });
    vi.stubEnv('MESH_ADDR', fake.url);
    vi.stubEnv('MESH_TOKEN', 'from-env');
    expect((await fromEnv().namespaces.list()).length).toBe(1);
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBe('from-env');
  });

  it('reads MESH_CONSISTENCY, and refuses a value it does not know', async () => {
    const fake = await start();
    vi.stubEnv('MESH_ADDR', fake.url);
    vi.stubEnv('MESH_CONSISTENCY', 'stale');
    await fromEnv().namespaces.list();
    expect(fake.requests.at(-1)?.query.get('stale')).toBe('true');
    vi.stubEnv('MESH_CONSISTENCY', 'eventual');
    const error = thrownBy(fromEnv);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'MESH_CONSISTENCY must be default, stale or consistent, not "eventual"; fix or unset it',
    );
    expect(() => fromEnv({ consistency: 'eventual' as 'stale' })).toThrow(/not "eventual"/);
  });

  it('takes host:port without a scheme as http', async () => {
    const fake = await start();
    vi.stubEnv('MESH_ADDR', fake.url.replace('http://', ''));
    vi.stubEnv('MESH_TOKEN', undefined);
    await fromEnv().namespaces.list();
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBeUndefined();
    // Set but empty is a mistake (an unset variable expanded in a shell), not a request for anonymous use.
    vi.stubEnv('MESH_TOKEN', '');
    expect(() => fromEnv()).toThrow(/MESH_TOKEN: is empty/);
  });

  it('lets overrides win over the environment', async () => {
    const fake = await start();
    vi.stubEnv('MESH_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('MESH_TOKEN', 'env-token');
    await fromEnv({ baseUrl: fake.url, token: 'override', userAgent: 'x/1' }).namespaces.list();
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBe('override');
  });

  it('fails clearly without an address', () => {
    vi.stubEnv('MESH_ADDR', '');
    const error = thrownBy(fromEnv);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'MESH_ADDR is not set: set it to the mesh server address (for example http://127.0.0.1:8500) or pass baseUrl',
    );
  });
});
