// Core's per-call token, rate limit, clock, call metadata and `SECRETS_*` variables, each reaching core
// through this client's factory, call options and fromEnv(), over real HTTP against the fake service.
import {
  createTestClock,
  rateLimited,
  startTestServer,
  type TestClock,
  type TestServer,
} from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOOPBACK_CERT_FILE, startTlsFront } from '../../../test-support/tls-front.js';
import {
  fromEnv,
  PermissionDeniedError,
  type SecretsClient,
  ServiceUnavailableError,
  TimeoutError,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf } from './support.js';

const START = 1_700_000_000_000;

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

/**
 * Settles `work` while moving `clock` from sleep to sleep, letting real I/O run between steps. Unlike
 * `runUntilSettled` it does not fail when a call ends with nothing asleep: a call whose slot is due
 * takes no time of the clock.
 */
async function settle<T>(clock: TestClock, work: PromiseLike<T>): Promise<T> {
  let done = false;
  const settled = Promise.resolve(work).finally(() => {
    done = true;
  });
  settled.catch(() => undefined);
  while (!done) {
    const due = clock.nextDue;
    if (due !== undefined && clock.inFlight === 0) await clock.advanceTo(due);
    // A millisecond's pause lets sockets answer; the outcome never depends on its length.
    else await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return settled;
}

async function start(options: Parameters<typeof startFakeSecrets>[0] = {}): Promise<FakeSecrets> {
  const fake = await startFakeSecrets(options);
  closing.push(fake);
  return fake;
}

/** A test server whose `/v1/*` reads answer as the fake does, through `rateLimited` by `clock`. */
async function limitedFront(fake: FakeSecrets, options: Parameters<typeof rateLimited>[0]) {
  const server: TestServer = await startTestServer();
  closing.push(server);
  const limited = rateLimited(options, async (req, res) => {
    const answer = await fetch(`${fake.url}${req.path}`, {
      headers: { 'X-Secrets-Token': req.header('x-secrets-token') ?? '' },
    });
    res.json(answer.status, await answer.json());
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

const tokensSent = (fake: FakeSecrets) => fake.requests.map((request) => request.headers['x-secrets-token']);

describe('a per-call token', () => {
  it('replaces the client token for that call only', async () => {
    const fake = await start();
    const reader = fake.createToken({ policy: [{ path: 'secret/data/*', capabilities: ['read'] }] });
    const secrets = clientOf(fake, { token: reader.token });

    await secrets.kv.write('app/db', { user: 'app' }, { token: fake.rootToken });
    expect((await secrets.kv.read('app/db')).data).toEqual({ user: 'app' });
    // The client's own token again: it may read, not write.
    const refused = await rejectionOf(secrets.kv.write('app/db', { user: 'other' }));
    expect(PermissionDeniedError.isInstance(refused)).toBe(true);
    // A provider works per call too.
    const self = await secrets.token.lookupSelf({ token: () => fake.rootToken });
    expect(self.policies).toContain('root');
    expect(tokensSent(fake)).toEqual([fake.rootToken, reader.token, reader.token, fake.rootToken]);
  });
});

describe('rateLimit and clock', () => {
  it('paces 100 calls at 20 per second over at least 4.5 s of the clock, never earning a 429 from a server allowing 25', async () => {
    const clock = createTestClock(START);
    const fake = await start({ clock });
    const front = await limitedFront(fake, { perSecond: 25, clock });
    // No retries: a single 429 would fail its call.
    const secrets: SecretsClient = clientOf(fake, {
      baseUrl: front.url,
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 20 },
      retry: false,
    });
    const calls = Promise.all(Array.from({ length: 100 }, () => secrets.token.lookupSelf().withMeta()));
    const results = await settle(clock, calls);
    expect(results.every((result) => result.data.policies.includes('root'))).toBe(true);
    expect(front.limited.refused).toBe(0);
    expect(front.limited.accepted).toHaveLength(100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(4_500);
    // The last call waited for its slot by the client's clock, and meta says so.
    expect(Math.max(...results.map((result) => result.meta.durationMs))).toBeGreaterThanOrEqual(4_500);
  });

  it('meta.durationMs runs on the client clock and meta.attempts counts the retry', async () => {
    const clock = createTestClock(START);
    const fake = await start({ clock, sealed: true });
    // One attempt a second: the retry takes the next slot, a second later by the clock.
    const secrets = clientOf(fake, {
      clock,
      fetch: clock.fetch(),
      rateLimit: { perSecond: 1 },
      retry: { limit: 1, baseDelayMs: 1 },
      hooks: {
        onResponse: (event) => {
          if (event.status === 503) fake.unseal();
        },
      },
    });
    const { data, meta } = await settle(clock, secrets.token.lookupSelf().withMeta());
    expect(data.policies).toContain('root');
    expect(meta.attempts).toBe(2);
    expect(meta.durationMs).toBe(1_000);
    // Once the next slot is due, a call takes no time of the clock: real I/O does not move it.
    await clock.advance(1_000);
    const again = await settle(clock, secrets.token.lookupSelf().withMeta());
    expect(again.meta.attempts).toBe(1);
    expect(again.meta.durationMs).toBe(0);
  });
});

describe('fromEnv() with the SECRETS_ prefix', () => {
  it('reads SECRETS_CACERT, SECRETS_RATE_LIMIT, SECRETS_MAX_RETRIES and SECRETS_CLIENT_TIMEOUT', async () => {
    const clock = createTestClock(START);
    const fake = await start({ clock });
    const front = await tlsFront(fake.url);
    vi.stubEnv('SECRETS_ADDR', front.url);
    vi.stubEnv('SECRETS_TOKEN', fake.rootToken);
    vi.stubEnv('SECRETS_NAMESPACE', undefined);
    vi.stubEnv('SECRETS_CACERT', LOOPBACK_CERT_FILE);
    vi.stubEnv('SECRETS_RATE_LIMIT', '2');
    vi.stubEnv('SECRETS_MAX_RETRIES', '1');
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      vi.stubEnv(name, undefined);
    // The certificate's authority is trusted only through SECRETS_CACERT: the call goes over https.
    const secrets = fromEnv({ clock });
    const first = await settle(clock, secrets.token.lookupSelf().withMeta());
    expect(first.data.policies).toContain('root');
    expect(first.meta.durationMs).toBe(0);
    // Two per second: the next call waits half a second of the clock for its slot.
    const second = await settle(clock, secrets.token.lookupSelf().withMeta());
    expect(second.meta.durationMs).toBe(500);

    // One retry, as SECRETS_MAX_RETRIES says (the call's retry options only shorten the pause).
    fake.seal();
    const before = fake.requests.length;
    const failed = await rejectionOf(settle(clock, secrets.token.lookupSelf({ retry: { baseDelayMs: 1 } })));
    expect(ServiceUnavailableError.isInstance(failed)).toBe(true);
    expect(fake.requests.length - before).toBe(2);
    fake.unseal();

    // SECRETS_CLIENT_TIMEOUT: an attempt nobody answers ends after 200 ms.
    vi.stubEnv('SECRETS_CLIENT_TIMEOUT', '200ms');
    const impatient = fromEnv({ retry: false });
    front.stall();
    const timedOut = await rejectionOf(impatient.token.lookupSelf());
    expect(TimeoutError.isInstance(timedOut)).toBe(true);
    expect((timedOut as TimeoutError).timeoutMs).toBe(200);
  });

  it('fails naming the variable when one holds what it cannot use', async () => {
    vi.stubEnv('SECRETS_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('SECRETS_TOKEN', undefined);
    for (const [name, value] of [
      ['SECRETS_RATE_LIMIT', 'fast'],
      ['SECRETS_MAX_RETRIES', '-1'],
      ['SECRETS_CLIENT_TIMEOUT', 'soon'],
      ['SECRETS_CACERT', `${LOOPBACK_CERT_FILE}.missing`],
    ] as const) {
      vi.stubEnv(name, value);
      expect(() => fromEnv()).toThrow(new RegExp(name));
      vi.stubEnv(name, '');
    }
  });
});
