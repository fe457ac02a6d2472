// Where the token and request bodies go, over real sockets: redirects to another origin by method,
// a trusted origin, header values, empty tokens, and waits that must not loop hot. The redirecting and
// stalling servers are the core test kit's plain servers, not the fake.
import { createTestClock, startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { redirectRoutes, serverPool } from '../../../test-support/loopback.js';
import { createMeshClient, fromEnv, RedirectError, RequestValidationError } from '../src/index.js';
import { clientOf, failure, runClock, trackFakes } from './support.js';

const TOKEN = 'mesh-Tok3n-5e1f0a9b';
const start = trackFakes();
const servers = serverPool(startTestServer);
afterEach(async () => {
  await servers.closeAll();
  vi.unstubAllEnvs();
});

/** A server that answers every route of the namespace API with `status` and `location(path)`. */
async function redirector(status: number, location: (path: string) => string): Promise<TestServer> {
  const patterns = ['/v1/namespaces', '/v1/namespace', '/v1/namespace/:name'];
  return redirectRoutes(await servers.start(), patterns, status, location);
}

function expectNoLeak(error: unknown, ...secrets: string[]): void {
  for (const text of errorTexts(error)) for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('redirects to another origin', () => {
  it.each([301, 302, 303, 307, 308])(
    'refuses %i for reads, writes and deletes; nothing reaches the other origin',
    async (status) => {
      const other = await servers.start();
      const service = await redirector(status, (path) => `${other.url}${path}`);
      const mesh = createMeshClient({ baseUrl: service.url, token: TOKEN, retry: false });
      const calls = [
        () => mesh.namespaces.list(),
        () => mesh.namespaces.read('team-1'),
        () => mesh.namespaces.create({ Name: 'team-1', Description: 'private-note-31' }),
        () => mesh.namespaces.update('team-1', { Description: 'private-note-31' }),
        () => mesh.namespaces.delete('team-1'),
      ];
      for (const call of calls) {
        const error = await failure(call());
        expect(RedirectError.isInstance(error), String(error)).toBe(true);
        expect((error as Error).message).toContain('trustedOrigins');
        expectNoLeak(error, TOKEN, 'private-note-31');
      }
      expect(other.requests).toHaveLength(0);
      expect(service.requests.every((r) => r.headers['x-mesh-token'] === TOKEN)).toBe(true);
    },
  );

  it('follows to a trusted origin with the token and the body', async () => {
    const fake = await start({ acl: { tokens: [{ secret: TOKEN, rules: ['operator:write'] }] } });
    const service = await redirector(307, (path) => `${fake.url}${path}`);
    const mesh = createMeshClient({
      baseUrl: service.url,
      token: TOKEN,
      trustedOrigins: [fake.url],
      retry: false,
    });
    const created = await mesh.namespaces.create({ Name: 'team-1', Description: 'moved' });
    expect(created.Description).toBe('moved');
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBe(TOKEN);
    expect(fake.requests.at(-1)?.body).toContain('moved');
  });
});

describe('tokens and header values', () => {
  it('refuses a token a header cannot carry, at creation and from a provider, naming only the option', async () => {
    const bad = `${TOKEN}\nX-Injected: 1`;
    let creation: unknown;
    try {
      createMeshClient({ baseUrl: 'http://127.0.0.1:1', token: bad });
    } catch (error) {
      creation = error;
    }
    expect(RequestValidationError.isInstance(creation)).toBe(true);
    expectNoLeak(creation, TOKEN);
    const fake = await start();
    const perCall = await failure(clientOf(fake, { token: () => bad }).namespaces.list());
    expect(RequestValidationError.isInstance(perCall)).toBe(true);
    expectNoLeak(perCall, TOKEN);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an empty token and an empty MESH_TOKEN', () => {
    expect(() => createMeshClient({ baseUrl: 'http://127.0.0.1:1', token: '' })).toThrow(/token: is empty/);
    vi.stubEnv('MESH_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('MESH_TOKEN', '');
    expect(() => fromEnv()).toThrow(RequestValidationError);
  });
});

describe('waiting for a deletion', () => {
  it('backs off against a server that answers at once with the same index', async () => {
    const server = await servers.start();
    server.route('GET', '/v1/namespace/:name', (_req, res) =>
      res.json(200, { Name: 'team-1', CreateIndex: 3, ModifyIndex: 9 }, { 'X-Mesh-Index': '9' }),
    );
    const clock = createTestClock();
    const started = clock.now();
    const controller = new AbortController();
    const waiting = failure(
      clientOf(server, { clock, fetch: clock.fetch() }).namespaces.waitUntilDeleted('team-1', {
        wait: 60_000,
        pollInterval: 20,
        signal: controller.signal,
      }),
    );
    await runClock(clock, () => clock.now() >= started + 400 || server.requests.length >= 100);
    controller.abort();
    await waiting;
    // A hot loop makes hundreds of reads in 400 ms; pauses of 20, 40, 80, 160 ms make a handful.
    expect(server.requests.length).toBeLessThan(12);
  });

  it('backs off against a server whose index keeps going backwards', async () => {
    const server = await servers.start();
    let flip = false;
    server.route('GET', '/v1/namespace/:name', (_req, res) => {
      flip = !flip;
      return res.json(200, { Name: 'team-1', CreateIndex: 3 }, { 'X-Mesh-Index': flip ? '9' : '4' });
    });
    const clock = createTestClock();
    const started = clock.now();
    const controller = new AbortController();
    const waiting = failure(
      clientOf(server, { clock, fetch: clock.fetch() }).namespaces.waitUntilDeleted('team-1', {
        wait: 60_000,
        pollInterval: 20,
        signal: controller.signal,
      }),
    );
    await runClock(clock, () => clock.now() >= started + 400 || server.requests.length >= 100);
    controller.abort();
    await waiting;
    expect(server.requests.length).toBeLessThan(16);
  });
});
