// Where the token and request bodies go, over real sockets: redirects to another origin by method, a
// trusted origin, header values, empty tokens, and watches that must not loop hot. The redirecting and
// stalling servers are the core test kit's plain servers, not the fake.
import { createTestClock, startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { failure, redirectRoutes, serverPool } from '../../../test-support/loopback.js';
import { createSchedulerClient, fromEnv, RedirectError, RequestValidationError } from '../src/index.js';
import { clientOf, fakeScheduler, serviceJob } from './support.js';

const TOKEN = 'sched-Tok3n-77a1c4e2';
const servers = serverPool(startTestServer);
afterEach(async () => {
  await servers.closeAll();
  vi.unstubAllEnvs();
});

/** A server that answers the job routes with `status` and `location(path)`. */
async function redirector(status: number, location: (path: string) => string): Promise<TestServer> {
  return redirectRoutes(await servers.start(), ['/v1/jobs', '/v1/job/:id'], status, location);
}

function expectNoLeak(error: unknown, ...secrets: string[]): void {
  for (const text of errorTexts(error)) for (const secret of secrets) expect(text).not.toContain(secret);
}

const secretJob = () => ({ ...serviceJob('web'), Meta: { db_password: 'db-pass-4411' } });

describe('redirects to another origin', () => {
  it.each([301, 302, 303, 307, 308])(
    'refuses %i for reads, registrations and deletes; nothing reaches the other origin',
    async (status) => {
      const other = await servers.start();
      const service = await redirector(status, (path) => `${other.url}${path}`);
      const client = createSchedulerClient({ baseUrl: service.url, token: TOKEN, retry: false });
      const calls = [
        () => client.jobs.list(),
        () => client.jobs.read('web'),
        () => client.jobs.create({ Job: secretJob() }),
        () => client.request({ method: 'DELETE', path: '/job/web' }),
      ];
      for (const call of calls) {
        const error = await failure(call());
        expect(RedirectError.isInstance(error), String(error)).toBe(true);
        expect((error as Error).message).toContain('trustedOrigins');
        expectNoLeak(error, TOKEN, 'db-pass-4411');
      }
      expect(other.requests).toHaveLength(0);
      expect(service.requests.every((r) => r.headers['x-scheduler-token'] === TOKEN)).toBe(true);
    },
  );

  it('follows to a trusted origin with the token and the body', async () => {
    const fake = await fakeScheduler();
    const service = await redirector(307, (path) => `${fake.url}${path}`);
    const client = createSchedulerClient({
      baseUrl: service.url,
      token: TOKEN,
      trustedOrigins: [fake.url],
      retry: false,
    });
    await client.jobs.create({ Job: secretJob() });
    const registered = fake.requests.at(-1);
    expect(registered?.method).toBe('POST');
    expect(registered?.headers['x-scheduler-token']).toBe(TOKEN);
    expect(registered?.body).toContain('db-pass-4411');
    expect((await clientOf(fake).jobs.read('web')).Meta).toEqual({ db_password: 'db-pass-4411' });
  });
});

describe('tokens and header values', () => {
  it('refuses a token a header cannot carry, at creation and from a provider, naming only the option', async () => {
    const bad = `${TOKEN}\r\nX-Injected: 1`;
    let creation: unknown;
    try {
      createSchedulerClient({ baseUrl: 'http://127.0.0.1:1', token: bad });
    } catch (error) {
      creation = error;
    }
    expect(RequestValidationError.isInstance(creation)).toBe(true);
    expectNoLeak(creation, TOKEN);
    const fake = await fakeScheduler();
    const perCall = await failure(clientOf(fake, { token: async () => bad }).jobs.list());
    expect(RequestValidationError.isInstance(perCall)).toBe(true);
    expectNoLeak(perCall, TOKEN);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an empty token and an empty SCHEDULER_TOKEN', () => {
    expect(() => createSchedulerClient({ baseUrl: 'http://127.0.0.1:1', token: '' })).toThrow(
      /token: is empty/,
    );
    vi.stubEnv('SCHEDULER_ADDR', 'http://127.0.0.1:1');
    vi.stubEnv('SCHEDULER_TOKEN', '');
    expect(() => fromEnv()).toThrow(/SCHEDULER_TOKEN: is empty/);
  });
});

describe('watches against a server that says nothing new', () => {
  it('back off when every answer comes at once with the same index', async () => {
    const server = await servers.start();
    server.route('GET', '/v1/jobs', (_req, res) => res.json(200, [], { 'X-Scheduler-Index': '12' }));
    const clock = createTestClock();
    const controller = new AbortController();
    const client = createSchedulerClient({ baseUrl: server.url, fetch: clock.fetch() });
    const watching = (async () => {
      for await (const _ of client.jobs.watchList({
        wait: '1m',
        backoffMs: 20,
        signal: controller.signal,
        clock,
      })) {
        // Only the first snapshot arrives; the rest repeat its index.
      }
    })();
    const started = clock.now();
    await clock.runUntil(() => server.requests.length === 6);
    controller.abort();
    await watching;
    // A hot loop asks again at once. After the first repeat it paused 20, 40, 80 and 160 ms by its clock
    // (each between half and all of that) before each of the next four requests.
    expect(clock.now() - started).toBeGreaterThanOrEqual(10 + 20 + 40 + 80);
    expect(clock.now() - started).toBeLessThanOrEqual(20 + 40 + 80 + 160);
  });
});
