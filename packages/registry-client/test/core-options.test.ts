// Core's per-call token, rate limit, clock, call metadata and `REGISTRY_*` variables, each reaching core
// through this client's factory, call options and fromEnv(), over real HTTP against the fake registry.
import type { RequestHook } from '@infra-sdk/core/testing';
import { createTestClock, rateLimited } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOOPBACK_CERT_FILE, startTlsFront } from '../../../test-support/tls-front.js';
import { fromEnv, ServerError, TimeoutError, UnauthorizedError } from '../src/index.js';
import type { FakeRegistry } from '../src/testing/index.js';
import { ALICE_TOKEN, sampleBytes, settle, setup } from './support.js';

const START = 1_700_000_000_000;
const seeded = [
  { tag: 'alice/tools', versions: [{ version: '1.0.0', providers: [{ name: 'virtualbox' }] }] },
];

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

/** A TLS front (test-support/tls-front.ts) to `target`, closed after the test. */
async function tlsFront(target: string) {
  const front = await startTlsFront(target);
  closing.push(front);
  return front;
}

/** `METHOD path` and the Authorization header of every request the fake received. */
const sent = (registry: FakeRegistry) =>
  registry.requests.map((request) => [
    `${request.method} ${request.path.replace(/\/storage\/.*/, '/storage/…')}`,
    request.headers.authorization,
  ]);

describe('a per-call token', () => {
  it('replaces the client token for that call only, in registry calls and a release, never at storage', async () => {
    const { registry, clock, anonymous } = await setup();
    const created = await anonymous.boxes.create(
      { name: 'tools', is_private: false },
      { token: ALICE_TOKEN },
    );
    expect(created.tag).toBe('alice/tools');
    const refused = await anonymous.boxes.create({ name: 'other' }).catch((error: unknown) => error);
    expect(UnauthorizedError.isInstance(refused)).toBe(true);
    const release = await settle(
      clock,
      anonymous.versions.publish(
        'alice/tools',
        '1.0.0',
        { providers: [{ name: 'virtualbox', asset: sampleBytes(4096) }] },
        { token: () => ALICE_TOKEN },
      ),
    );
    expect(release.version.status).toBe('active');
    const bearer = `Bearer ${ALICE_TOKEN}`;
    const calls = sent(registry);
    expect(calls.slice(0, 2)).toEqual([
      ['POST /api/v1/boxes', bearer],
      ['POST /api/v1/boxes', undefined],
    ]);
    // Every call of the release carried the call's token, except the PUT to storage, which carries none.
    const releaseCalls = calls.slice(2);
    expect(releaseCalls.filter(([line]) => line?.startsWith('PUT /storage/'))).toEqual([
      ['PUT /storage/…', undefined],
    ]);
    expect(
      releaseCalls
        .filter(([line]) => !line?.startsWith('PUT /storage/'))
        .every(([, auth]) => auth === bearer),
    ).toBe(true);
  });
});

describe('rateLimit and clock', () => {
  it('paces 100 calls at 20 per second over at least 4.5 s of the clock, never earning a 429 from a registry allowing 25', async () => {
    const clock = createTestClock(START);
    const limited = rateLimited({ perSecond: 25, clock }, () => undefined);
    const onRequest: RequestHook = async (req, res) => {
      await limited(req, res);
      return undefined;
    };
    const { client } = await setup({ clock, boxes: seeded, onRequest });
    // No retries (setup's clients have none): a single 429 would fail its call.
    const paced = client({ token: ALICE_TOKEN, rateLimit: { perSecond: 20 } });
    const results = await settle(
      clock,
      Promise.all(Array.from({ length: 100 }, () => paced.boxes.read('alice/tools').withMeta())),
    );
    expect(results.every((result) => result.data.tag === 'alice/tools')).toBe(true);
    expect(limited.refused).toBe(0);
    expect(limited.accepted).toHaveLength(100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(4_500);
    expect(Math.max(...results.map((result) => result.meta.durationMs))).toBeGreaterThanOrEqual(4_500);
  });

  it('meta.durationMs runs on the client clock, meta.attempts counts the retry, and a PUT to storage takes no slot', async () => {
    const clock = createTestClock(START);
    const arrived: [string, number][] = [];
    let failures = 1;
    const onRequest: RequestHook = (req, res) => {
      arrived.push([`${req.method} ${req.path.replace(/\/storage\/.*/, '/storage/…')}`, clock.now() - START]);
      if (req.path === '/api/v1/box/alice/tools' && failures > 0) {
        failures -= 1;
        res.json(503, { errors: ['busy'], success: false });
      }
      return undefined;
    };
    const { client } = await setup({ clock, boxes: seeded, onRequest });
    // One request a second: the retry takes the next slot, a second later by the clock.
    const paced = client({
      token: ALICE_TOKEN,
      rateLimit: { perSecond: 1 },
      retry: { limit: 1, baseDelayMs: 1 },
    });
    const { data, meta } = await settle(clock, paced.boxes.read('alice/tools').withMeta());
    expect(data.tag).toBe('alice/tools');
    expect(meta.attempts).toBe(2);
    expect(meta.durationMs).toBe(1_000);

    // Once the next slot is due, a call takes no time of the clock: real I/O does not move it.
    await clock.advance(1_000);
    arrived.length = 0;
    const upload = await settle(
      clock,
      paced.uploads
        .upload('alice/tools', '1.0.0', 'virtualbox', sampleBytes(1024), { checksum: 'sha256' })
        .withMeta(),
    );
    expect(upload.meta.attempts).toBe(1);
    // The address was asked for at 2 s and storage got the PUT at once; the checksum's call to the
    // registry waited for the next slot: only registry calls take slots.
    const [ask, put, ...after] = arrived;
    expect(ask).toEqual(['GET /api/v1/box/alice/tools/version/1.0.0/provider/virtualbox/upload', 2_000]);
    expect(put).toEqual(['PUT /storage/…', 2_000]);
    expect(after.length).toBeGreaterThan(0);
    expect(after.map(([, at]) => at)).toEqual(after.map((_, i) => 3_000 + i * 1_000));
  });
});

describe('fromEnv() with the REGISTRY_ prefix', () => {
  it('reads REGISTRY_CACERT, REGISTRY_RATE_LIMIT, REGISTRY_MAX_RETRIES and REGISTRY_CLIENT_TIMEOUT', async () => {
    const clock = createTestClock(START);
    let failures = 0;
    const onRequest: RequestHook = (req, res) => {
      if (req.path === '/api/v1/box/alice/tools' && failures > 0) {
        failures -= 1;
        res.json(503, { errors: ['busy'], success: false });
      }
      return undefined;
    };
    const { registry } = await setup({ clock, boxes: seeded, onRequest });
    const front = await tlsFront(registry.url);
    vi.stubEnv('REGISTRY_ADDR', front.url);
    vi.stubEnv('REGISTRY_TOKEN', ALICE_TOKEN);
    vi.stubEnv('REGISTRY_CACERT', LOOPBACK_CERT_FILE);
    vi.stubEnv('REGISTRY_RATE_LIMIT', '2');
    vi.stubEnv('REGISTRY_MAX_RETRIES', '1');
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      vi.stubEnv(name, undefined);
    // The certificate's authority is trusted only through REGISTRY_CACERT: the calls go over https.
    const registryClient = fromEnv({ clock });
    const first = await settle(clock, registryClient.boxes.read('alice/tools').withMeta());
    expect(first.data.tag).toBe('alice/tools');
    expect(first.meta.durationMs).toBe(0);
    // Two per second: the next call waits half a second of the clock for its slot.
    const second = await settle(clock, registryClient.boxes.read('alice/tools').withMeta());
    expect(second.meta.durationMs).toBe(500);

    // One retry, as REGISTRY_MAX_RETRIES says (the call's retry options only shorten the pause).
    failures = 5;
    const failed = await settle(
      clock,
      registryClient.boxes
        .read('alice/tools', { retry: { baseDelayMs: 1 } })
        .catch((error: unknown) => error),
    );
    expect(ServerError.isInstance(failed)).toBe(true);
    expect(failures).toBe(3);

    // REGISTRY_CLIENT_TIMEOUT: an attempt nobody answers ends after 200 ms.
    vi.stubEnv('REGISTRY_CLIENT_TIMEOUT', '200ms');
    const impatient = fromEnv({ retry: false });
    front.stall();
    const timedOut = await impatient.boxes.read('alice/tools').catch((error: unknown) => error);
    expect(TimeoutError.isInstance(timedOut)).toBe(true);
    expect((timedOut as TimeoutError).timeoutMs).toBe(200);
  });

  it('fails naming the variable when one holds what it cannot use', () => {
    vi.stubEnv('REGISTRY_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('REGISTRY_TOKEN', undefined);
    for (const [name, value] of [
      ['REGISTRY_RATE_LIMIT', 'fast'],
      ['REGISTRY_MAX_RETRIES', '-1'],
      ['REGISTRY_CLIENT_TIMEOUT', 'soon'],
      ['REGISTRY_CACERT', `${LOOPBACK_CERT_FILE}.missing`],
    ] as const) {
      vi.stubEnv(name, value);
      expect(() => fromEnv()).toThrow(new RegExp(name));
      vi.stubEnv(name, '');
    }
  });
});
