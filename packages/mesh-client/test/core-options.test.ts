// Core's per-call token, rate limit, clock, call metadata and `MESH_*` variables, each reaching core
// through this client's factory, call options and fromEnv(), over real HTTP against the fake mesh.
import { createTestClock, rateLimited, startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOOPBACK_CERT_FILE, startTlsFront } from '../../../test-support/tls-front.js';
import { fromEnv, type MeshClient, PermissionDeniedError, ServerError, TimeoutError } from '../src/index.js';
import type { FakeMesh } from '../src/testing/index.js';
import { clientOf, failure, settle, trackFakes } from './support.js';

const start = trackFakes();
const START = 1_700_000_000_000;

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

/** A test server whose `/v1/*` routes answer as the fake does, through `rateLimited` by `clock`. */
async function limitedFront(fake: FakeMesh, options: Parameters<typeof rateLimited>[0]) {
  const server: TestServer = await startTestServer();
  closing.push(server);
  const limited = rateLimited(options, async (req, res) => {
    const query = req.query.size > 0 ? `?${req.query}` : '';
    const answer = await fetch(`${fake.url}${req.path}${query}`);
    res.json(answer.status, await answer.json(), {
      'x-mesh-index': answer.headers.get('x-mesh-index') ?? '0',
    });
  });
  server.route('GET', '/v1/*rest', limited);
  return { url: server.url, limited };
}

/** A TLS front (test-support/tls-front.ts) to `target`, closed after the test. */
async function tlsFront(target: string) {
  const front = await startTlsFront(target);
  closing.push(front);
  return front;
}

const tokensSent = (fake: FakeMesh) => fake.requests.map((request) => request.headers['x-mesh-token']);

describe('a per-call token', () => {
  it('replaces the client token for that call only', async () => {
    const fake = await start({
      acl: {
        tokens: [
          { secret: 'reader-token', rules: ['namespace:*:read'] },
          { secret: 'operator-token', rules: ['operator:write'] },
        ],
      },
    });
    const mesh = clientOf(fake, { token: 'reader-token', retry: false });

    const created = await mesh.namespaces.create({ Name: 'team-1' }, { token: 'operator-token' });
    expect(created.Name).toBe('team-1');
    // The client's own token again: it may read, not write.
    expect((await mesh.namespaces.read('team-1')).Name).toBe('team-1');
    const refused = await failure(mesh.namespaces.create({ Name: 'team-2' }));
    expect(PermissionDeniedError.isInstance(refused)).toBe(true);
    // A provider works per call too, and the raw request takes the option like any operation.
    await mesh.request({ method: 'GET', path: '/namespace/team-1' }, { token: () => 'operator-token' });
    expect(tokensSent(fake)).toEqual(['operator-token', 'reader-token', 'reader-token', 'operator-token']);
  });
});

describe('rateLimit and clock', () => {
  it('paces 100 calls at 20 per second over at least 4.5 s of the clock, never earning a 429 from a server allowing 25', async () => {
    const clock = createTestClock(START);
    const fake = await start();
    const front = await limitedFront(fake, { perSecond: 25, clock });
    // No retries: a single 429 would fail its call.
    const mesh: MeshClient = clientOf(front, {
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 20 },
      retry: false,
    });
    const calls = Promise.all(Array.from({ length: 100 }, () => mesh.namespaces.list().withMeta()));
    const results = await settle(clock, calls);
    expect(results.every((result) => result.data[0]?.Name === 'default')).toBe(true);
    expect(front.limited.refused).toBe(0);
    expect(front.limited.accepted).toHaveLength(100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(4_500);
    // The last call waited for its slot by the client's clock, and meta says so.
    expect(Math.max(...results.map((result) => result.meta.durationMs))).toBeGreaterThanOrEqual(4_500);
  });

  it('meta.durationMs runs on the client clock and meta.attempts counts the retry', async () => {
    const clock = createTestClock(START);
    const fake = await start({ knownLeader: false });
    // One attempt a second: the retry takes the next slot, a second later by the clock.
    const mesh = clientOf(fake, {
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 1 },
      retry: { limit: 1, baseDelayMs: 1 },
      hooks: {
        onResponse: (event) => {
          if (event.status === 500) fake.setKnownLeader(true);
        },
      },
    });
    const { data, meta } = await settle(clock, mesh.namespaces.read('default').withMeta());
    expect(data.Name).toBe('default');
    expect(meta.attempts).toBe(2);
    expect(meta.durationMs).toBe(1_000);
    // Once the next slot is due, a call takes no time of the clock: real I/O does not move it.
    await clock.advance(1_000);
    const again = await settle(clock, mesh.namespaces.read('default').withMeta());
    expect(again.meta.attempts).toBe(1);
    expect(again.meta.durationMs).toBe(0);
  });
});

describe('fromEnv() with the MESH_ prefix', () => {
  it('reads MESH_CACERT, MESH_RATE_LIMIT, MESH_MAX_RETRIES and MESH_CLIENT_TIMEOUT', async () => {
    const clock = createTestClock(START);
    const fake = await start();
    const front = await tlsFront(fake.url);
    vi.stubEnv('MESH_ADDR', front.url);
    vi.stubEnv('MESH_TOKEN', undefined);
    vi.stubEnv('MESH_CACERT', LOOPBACK_CERT_FILE);
    vi.stubEnv('MESH_RATE_LIMIT', '2');
    vi.stubEnv('MESH_MAX_RETRIES', '1');
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      vi.stubEnv(name, undefined);
    // The certificate's authority is trusted only through MESH_CACERT: the call goes over https.
    const mesh = fromEnv({ clock });
    const first = await settle(clock, mesh.namespaces.read('default').withMeta());
    expect(first.data.Name).toBe('default');
    expect(first.meta.durationMs).toBe(0);
    // Two per second: the next call waits half a second of the clock for its slot.
    const second = await settle(clock, mesh.namespaces.read('default').withMeta());
    expect(second.meta.durationMs).toBe(500);

    // One retry, as MESH_MAX_RETRIES says (the call's retry options only shorten the pause).
    fake.setKnownLeader(false);
    const before = fake.requests.length;
    const failed = await failure(
      settle(clock, mesh.namespaces.read('default', { retry: { baseDelayMs: 1 } })),
    );
    expect(ServerError.isInstance(failed)).toBe(true);
    expect(fake.requests.length - before).toBe(2);

    // MESH_CLIENT_TIMEOUT: an attempt nobody answers ends after 200 ms.
    vi.stubEnv('MESH_CLIENT_TIMEOUT', '200ms');
    const impatient = fromEnv({ retry: false });
    front.stall();
    const timedOut = await failure(impatient.namespaces.read('default'));
    expect(TimeoutError.isInstance(timedOut)).toBe(true);
    expect((timedOut as TimeoutError).timeoutMs).toBe(200);
  });

  it('fails naming the variable when one holds what it cannot use', async () => {
    vi.stubEnv('MESH_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('MESH_TOKEN', undefined);
    for (const [name, value] of [
      ['MESH_RATE_LIMIT', 'fast'],
      ['MESH_MAX_RETRIES', '-1'],
      ['MESH_CLIENT_TIMEOUT', 'soon'],
      ['MESH_CACERT', `${LOOPBACK_CERT_FILE}.missing`],
    ] as const) {
      vi.stubEnv(name, value);
      expect(() => fromEnv()).toThrow(new RegExp(name));
      vi.stubEnv(name, '');
    }
  });
});
