// Where credentials go, over real sockets: redirects by method, origin and scheme, header values that
// cannot be sent, the time window of an attempt, and loops against servers that say nothing new.
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { failure } from '../../../test-support/loopback.js';
import {
  ConnectionError,
  createBackoff,
  createServiceTransport,
  createTransport,
  RedirectError,
  RequestValidationError,
  readTokenEnv,
  TimeoutError,
  type TransportOptions,
  watch,
} from '../src/index.js';
import { createNodeFetch } from '../src/node/index.js';
import {
  BlockingIndex,
  blockingWait,
  createTestClock,
  sleep,
  type TestClock,
  type TestServer,
} from '../src/testing/index.js';
import { trackServers, until } from './support.js';

const TOKEN = 'tok-Sup3rSecret-9f8e7d';
const serve = trackServers();

function expectNoLeak(error: unknown, ...secrets: string[]): void {
  for (const text of errorTexts(error)) for (const secret of secrets) expect(text).not.toContain(secret);
}

/** The service on one origin, with a route that redirects wherever the test says. */
async function redirecting(status: number, target: (service: TestServer) => string) {
  const service = await serve();
  service.route(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'], '/v1/moved', (_req, res) =>
    res.empty(status, { location: target(service) }),
  );
  service.route(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'], '/v1/here', (req, res) =>
    res.json(200, { method: req.method, token: req.header('x-test-token') ?? null, body: req.text }),
  );
  return service;
}

function client(service: TestServer, options: Partial<TransportOptions> = {}) {
  return createTransport({
    baseUrl: service.url,
    pathPrefix: '/v1',
    token: TOKEN,
    auth: { type: 'header', name: 'X-Test-Token' },
    headers: { 'X-Test-Namespace': 'team-a' },
    retry: false,
    ...options,
  });
}

describe('redirects within the origin', () => {
  it.each([
    [307, 'POST', 'POST', true],
    [308, 'PUT', 'PUT', true],
    [307, 'DELETE', 'DELETE', false],
    [303, 'POST', 'GET', false],
    [301, 'POST', 'GET', false],
    [302, 'POST', 'GET', false],
    [302, 'PATCH', 'PATCH', true],
    [301, 'GET', 'GET', false],
  ])(
    'follows %i on %s as %s, with the token, and the body only when the method keeps it',
    async (status, method, followed, body) => {
      const service = await redirecting(status, (s) => `${s.url}/v1/here`);
      const data = await client(service).request({
        method,
        path: '/moved',
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: { password: 'db-pass' } }),
      });
      expect(data).toEqual({ method: followed, token: TOKEN, body: body ? '{"password":"db-pass"}' : '' });
      const last = service.requests.at(-1);
      expect(last?.headers['x-test-namespace']).toBe('team-a');
      if (!body) expect(last?.headers['content-type']).toBeUndefined();
    },
  );

  it('puts a query token back on the next address of the same origin', async () => {
    const service = await redirecting(307, (s) => `${s.url}/v1/here`);
    service.route('GET', '/v1/query', (req, res) => res.json(200, { q: req.query.get('access_token') }));
    service.route('GET', '/v1/moved-q', (_req, res) => res.empty(302, { location: '/v1/query' }));
    const transport = client(service, { auth: { type: 'query', name: 'access_token' } });
    expect(await transport.request({ method: 'GET', path: '/moved-q' })).toEqual({ q: TOKEN });
  });

  it.each([307, 303])('refuses a %i answering a streamed body, which cannot be replayed', async (status) => {
    const service = await redirecting(status, (s) => `${s.url}/v1/here`);
    const error = await failure(
      client(service).request({
        method: 'PUT',
        path: '/moved',
        rawBody: new Blob(['abc']).stream(),
      }),
    );
    expect(RedirectError.isInstance(error)).toBe(true);
    // fetch refuses the redirect itself (see the next test), and does not say its status or target.
    expect(error).toMatchObject({ problem: 'body', status: 0, method: 'PUT', location: undefined });
    expect((error as Error).message).toBe(
      `PUT /v1/moved: a redirect to a hidden address not followed: a streamed body cannot be sent again; send bytes or a Blob to have it followed`,
    );
    expect(service.requests.filter((r) => r.path === '/v1/moved')).toHaveLength(1);
    expect(service.requests.filter((r) => r.path === '/v1/here')).toHaveLength(0);
  });

  it('sends a streamed body with redirect mode error, so that fetch keeps none of its chunks', async () => {
    // Under 'manual', Node's fetch tees a streamed body for a redirect it could not follow and holds
    // every chunk until the answer: a 1 GiB upload held 1 GiB (bench/, the core upload row).
    const service = await serve();
    service.route('PUT', '/v1/put', (req, res) => res.json(200, { bytes: req.bytes.length }));
    const modes: string[] = [];
    const transport = client(service, {
      fetch: (input, init) => {
        modes.push(init?.redirect ?? (input as Request).redirect);
        return fetch(input, init);
      },
    });
    const streamed = await transport.request({
      method: 'PUT',
      path: '/put',
      rawBody: new Blob(['abc']).stream(),
    });
    const bytes = await transport.request({ method: 'PUT', path: '/put', rawBody: new Uint8Array(3) });
    expect([streamed, bytes]).toEqual([{ bytes: 3 }, { bytes: 3 }]);
    expect(modes).toEqual(['error', 'manual']);
  });

  it('checks the redirect a fetch answers for a streamed body when it ignores redirect mode error', async () => {
    const service = await redirecting(307, (s) => `${s.url}/v1/here`);
    const manual: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'manual' });
    const error = await failure(
      client(service, { fetch: manual }).request({
        method: 'PUT',
        path: '/moved',
        rawBody: new Blob(['abc']).stream(),
      }),
    );
    expect(error).toMatchObject({ problem: 'body', status: 307, location: `${service.url}/v1/here` });
    expect(service.requests.filter((r) => r.path === '/v1/here')).toHaveLength(0);
  });

  it('keeps the error of a fetch that fails for another reason with a streamed body', async () => {
    const service = await serve();
    const error = await failure(
      client(service, {
        fetch: () => Promise.reject(new TypeError('fetch failed', { cause: new Error('socket hang up') })),
      }).request({ method: 'PUT', path: '/put', rawBody: new Blob(['abc']).stream() }),
    );
    expect(ConnectionError.isInstance(error)).toBe(true);
  });

  it('gives up after maxRedirects hops with a RedirectError', async () => {
    const service = await redirecting(302, (s) => `${s.url}/v1/moved`);
    const error = await failure(
      client(service, { maxRedirects: 3 }).request({ method: 'GET', path: '/moved' }),
    );
    expect(RedirectError.isInstance(error)).toBe(true);
    expect((error as RedirectError).problem).toBe('too-many');
    expect(service.requests).toHaveLength(4);
    expect((error as Error).message).toContain('maxRedirects');
  });
});

describe('redirects to another origin', () => {
  async function elsewhere() {
    const other = await serve();
    other.route(['GET', 'HEAD', 'POST', 'PUT', 'DELETE'], '/landing', (req, res) =>
      res.json(200, { headers: req.headers, body: req.text }),
    );
    return other;
  }

  it.each([301, 302, 303, 307, 308])(
    'refuses %i by default for every method, and sends nothing there',
    async (status) => {
      const other = await elsewhere();
      const service = await redirecting(status, () => `${other.url}/landing?token=stolen-${status}`);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const error = await failure(
          client(service).request({
            method,
            path: '/moved',
            ...(method === 'POST' || method === 'PUT' ? { body: { password: 'db-pass' } } : {}),
          }),
        );
        expect(RedirectError.isInstance(error)).toBe(true);
        const redirect = error as RedirectError;
        expect(redirect.problem).toBe('other-origin');
        expect(redirect.status).toBe(status);
        expect(redirect.location).toBe(`${other.url}/landing?token=%5Bredacted%5D`);
        expect(redirect.message).toContain('trustedOrigins');
        expect(redirect.message).toContain(other.url);
        expectNoLeak(error, TOKEN, `stolen-${status}`);
      }
      expect(other.requests).toHaveLength(0);
    },
  );

  it('follows to a trusted origin with the token, the service headers and the body', async () => {
    const other = await elsewhere();
    const service = await redirecting(307, () => `${other.url}/landing`);
    const data = (await client(service, { trustedOrigins: [`${other.url}/`] }).request({
      method: 'POST',
      path: '/moved',
      body: { password: 'db-pass' },
    })) as { headers: Record<string, string>; body: string };
    expect(data.headers['x-test-token']).toBe(TOKEN);
    expect(data.headers['x-test-namespace']).toBe('team-a');
    expect(data.body).toBe('{"password":"db-pass"}');
  });

  it('follows a GET without any credential or service header when the policy says so, and never a write or a body', async () => {
    const other = await elsewhere();
    const service = await redirecting(302, () => `${other.url}/landing`);
    const transport = client(service, {
      crossOriginRedirects: 'follow-without-credentials',
      headers: { 'X-Test-Namespace': 'team-a', accept: 'application/json' },
    });
    const data = (await transport.request(
      { method: 'GET', path: '/moved' },
      { headers: { 'X-Call-Secret': 'call-secret' } },
    )) as { headers: Record<string, string> };
    expect(data.headers['x-test-token']).toBeUndefined();
    expect(data.headers['x-test-namespace']).toBeUndefined();
    expect(data.headers['x-call-secret']).toBeUndefined();
    expect(data.headers.accept).toBe('application/json');
    const write = await failure(transport.request({ method: 'DELETE', path: '/moved' }));
    expect(RedirectError.isInstance(write)).toBe(true);
    // A 302 turns a POST into a GET without its body (fetch's rule): that GET may go, bare.
    const post = (await transport.request({
      method: 'POST',
      path: '/moved',
      body: { password: 'db-pass' },
    })) as {
      headers: Record<string, string>;
      body: string;
    };
    expect(post.body).toBe('');
    expect(post.headers['x-test-token']).toBeUndefined();
    expect(other.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
    const kept = await redirecting(307, () => `${other.url}/landing`);
    const body = await failure(
      client(kept, { crossOriginRedirects: 'follow-without-credentials' }).request({
        method: 'POST',
        path: '/moved',
        body: { password: 'db-pass' },
      }),
    );
    expect(RedirectError.isInstance(body)).toBe(true);
    expect(other.requests).toHaveLength(2);
  });

  it('takes the policy per request, as a download to storage does', async () => {
    const other = await elsewhere();
    const service = await redirecting(302, () => `${other.url}/landing`);
    const data = (await client(service).request({
      method: 'GET',
      path: '/moved',
      crossOriginRedirects: 'follow-without-credentials',
    })) as { headers: Record<string, string> };
    expect(data.headers['x-test-token']).toBeUndefined();
  });

  it('keeps credentials off once dropped, even when the chain comes back to the service', async () => {
    const service = await redirecting(302, () => `${other.url}/back`);
    const other = await serve();
    other.route('GET', '/back', (_req, res) => res.empty(302, { location: `${service.url}/v1/here` }));
    const data = await client(service, { crossOriginRedirects: 'follow-without-credentials' }).request({
      method: 'GET',
      path: '/moved',
    });
    expect(data).toEqual({ method: 'GET', token: null, body: '' });
  });

  it('never follows https to http, trusted or not', async () => {
    const plain = await elsewhere();
    const tls = createHttpsServer(
      {
        cert: readFileSync(new URL('./fixtures/loopback-cert.pem', import.meta.url)),
        key: readFileSync(new URL('./fixtures/loopback-key.pem', import.meta.url)),
      },
      (req, res) => {
        const target = req.url === '/v1/same-host' ? `http://127.0.0.1:${port}/x` : `${plain.url}/landing`;
        res.writeHead(302, { location: target }).end();
      },
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    try {
      const transport = createTransport({
        baseUrl: `https://127.0.0.1:${port}`,
        pathPrefix: '/v1',
        token: TOKEN,
        auth: { type: 'header', name: 'X-Test-Token' },
        trustedOrigins: [plain.url],
        crossOriginRedirects: 'follow-without-credentials',
        fetch: createNodeFetch({
          proxy: false,
          ca: readFileSync(new URL('./fixtures/loopback-cert.pem', import.meta.url)),
        }),
        retry: false,
      });
      for (const path of ['/moved', '/same-host']) {
        const error = await failure(transport.request({ method: 'GET', path }));
        expect(RedirectError.isInstance(error)).toBe(true);
        expect((error as RedirectError).problem).toBe('insecure');
        expectNoLeak(error, TOKEN);
      }
      expect(plain.requests).toHaveLength(0);
    } finally {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});

describe('redirects a browser hides', () => {
  /** A manual redirect as a browser reports it: no status, no Location. */
  const opaque = () => ({ type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null });

  it('are refused unless the policy follows other origins without credentials', async () => {
    const service = await serve();
    const error = await failure(
      client(service, { fetch: (async () => opaque()) as unknown as typeof fetch }).request({
        method: 'GET',
        path: '/moved',
      }),
    );
    expect(RedirectError.isInstance(error)).toBe(true);
    expect((error as RedirectError).problem).toBe('hidden');
  });

  it('are sent again without credentials and left to the browser when the policy allows', async () => {
    const service = await serve();
    service.route('GET', '/v1/moved', (req, res) =>
      res.json(200, { token: req.header('x-test-token') ?? null }),
    );
    const seen: Request[] = [];
    const browserLike = (async (input: Request) => {
      seen.push(input);
      return seen.length === 1 ? opaque() : fetch(input);
    }) as unknown as typeof fetch;
    const data = await client(service, {
      fetch: browserLike,
      crossOriginRedirects: 'follow-without-credentials',
    }).request({ method: 'GET', path: '/moved' });
    expect(data).toEqual({ token: null });
    expect(seen[0]?.redirect).toBe('manual');
    expect(seen[1]?.redirect).toBe('follow');
  });
});

describe('header values', () => {
  const bad = [
    ['a line break', `${TOKEN}\r\nX-Injected: 1`],
    ['a NUL', `${TOKEN}\u0000`],
    ['a character beyond Latin-1', `${TOKEN}€`],
    ['surrounding whitespace', ` ${TOKEN} `],
  ];

  it.each(bad)(
    'refuses a token with %s when the client is made, naming the option only',
    async (_what, token) => {
      const service = await serve();
      let error: unknown;
      try {
        client(service, { token });
      } catch (caught) {
        error = caught;
      }
      expect(RequestValidationError.isInstance(error)).toBe(true);
      expect((error as RequestValidationError).issues[0]?.path).toBe('token');
      expectNoLeak(error, TOKEN);
    },
  );

  it.each(bad)('refuses a token with %s from a provider before sending anything', async (_what, token) => {
    const service = await serve();
    const error = await failure(
      client(service, { token: async () => token }).request({ method: 'GET', path: '/x' }),
    );
    expect(RequestValidationError.isInstance(error)).toBe(true);
    expect(ConnectionError.isInstance(error)).toBe(false);
    expect((error as Error).message).toContain('token');
    expectNoLeak(error, TOKEN);
    expect(service.requests).toHaveLength(0);
  });

  it('refuses an empty token at creation and from a provider; anonymous is spelt by leaving it out', async () => {
    const service = await serve();
    service.route('GET', '/v1/x', (req, res) => res.json(200, { token: req.header('x-test-token') ?? null }));
    expect(() => client(service, { token: '' })).toThrow(/token: is empty; leave the token out/);
    const error = await failure(client(service, { token: () => '' }).request({ method: 'GET', path: '/x' }));
    expect(RequestValidationError.isInstance(error)).toBe(true);
    const anonymous = createTransport({
      baseUrl: service.url,
      pathPrefix: '/v1',
      auth: { type: 'header', name: 'X-Test-Token' },
    });
    expect(await anonymous.request({ method: 'GET', path: '/x' })).toEqual({ token: null });
  });

  it('refuses bad default, service and per-call headers by name, never by value', async () => {
    const service = await serve();
    expect(() => client(service, { headers: { 'X-Test-Namespace': `team\r\n${TOKEN}` } })).toThrow(
      /headers\.X-Test-Namespace: contains a line break/,
    );
    expect(() => client(service, { headers: { 'Bad Name': 'x' } })).toThrow(RequestValidationError);
    expect(() =>
      createServiceTransport(
        {
          packageName: 'p',
          packageVersion: '1',
          pathPrefix: '/v1',
          auth: { type: 'header', name: 'X Token' },
        },
        { baseUrl: service.url },
      ),
    ).toThrow(/auth\.name/);
    const perCall = await failure(
      client(service).request({ method: 'GET', path: '/x' }, { headers: { 'X-Secret': `${TOKEN}\n` } }),
    );
    expect(RequestValidationError.isInstance(perCall)).toBe(true);
    expectNoLeak(perCall, TOKEN);
    const perSpec = await failure(
      client(service).request({ method: 'GET', path: '/x', headers: { 'X-Ns': 'ü€' } }),
    );
    expect(RequestValidationError.isInstance(perSpec)).toBe(true);
    expect(service.requests).toHaveLength(0);
  });

  it('reads a token variable: unset is anonymous, empty or unsendable is refused by name', () => {
    const env = (globalThis as { process: { env: Record<string, string | undefined> } }).process.env;
    const name = 'INFRA_SDK_CORE_TEST_TOKEN';
    try {
      delete env[name];
      expect(readTokenEnv(name)).toBeUndefined();
      env[name] = '';
      expect(() => readTokenEnv(name)).toThrow(/INFRA_SDK_CORE_TEST_TOKEN: is empty/);
      env[name] = `${TOKEN}\n`;
      expect(() => readTokenEnv(name)).toThrow(RequestValidationError);
      env[name] = TOKEN;
      expect(readTokenEnv(name)).toBe(TOKEN);
    } finally {
      delete env[name];
    }
  });
});

describe('errors copied from causes', () => {
  it('reports a refused connection as ConnectionError with no token anywhere, query form included', async () => {
    const service = await serve();
    const url = service.url;
    await service.close();
    const error = await failure(
      createTransport({
        baseUrl: url,
        token: TOKEN,
        auth: { type: 'query', name: 'access_token' },
        retry: false,
      }).request({ method: 'GET', path: '/x' }),
    );
    expect(ConnectionError.isInstance(error)).toBe(true);
    expectNoLeak(error, TOKEN);
  });

  it('redacts the token from a fetch failure that quotes it', async () => {
    const service = await serve();
    const quoting = (async (input: Request) => {
      throw new TypeError(`fetch failed for ${input.url}`, {
        cause: Object.assign(new Error(`socket closed while sending ${input.headers.get('x-test-token')}`), {
          code: 'UND_ERR_SOCKET',
        }),
      });
    }) as unknown as typeof fetch;
    const error = await failure(
      client(service, { fetch: quoting, auth: { type: 'query', name: 'access_token' } }).request({
        method: 'GET',
        path: '/x',
      }),
    );
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('UND_ERR_SOCKET');
    expectNoLeak(error, TOKEN);
  });
});

describe('one time window per attempt', () => {
  it('counts the body against the same limit as the headers', async () => {
    const service = await serve();
    // Headers at 50 ms, the body's end at 150: inside the limit one at a time, past it together.
    // Server and client share this process's timers, so the limit (at 100) always fires first.
    service.route('GET', '/v1/slow', async (_req, res) => {
      await sleep(50);
      await res.chunked(200, ['{"a":', '1}'], { delayMs: 100 });
    });
    const error = await failure(client(service, { timeout: 100 }).request({ method: 'GET', path: '/slow' }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(100);
  });
});

describe('loops against a server that says nothing new', () => {
  it('backs off when a blocking answer comes back at once with the same index', async () => {
    const service = await serve();
    service.route('GET', '/v1/state', (_req, res) => res.json(200, {}, { 'X-Index': '7' }));
    const clock = createTestClock(0);
    const transport = createTransport({
      baseUrl: service.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Index' },
    });
    const controller = new AbortController();
    const fetcher = (query: { index: number; waitMs: number }, signal: AbortSignal) =>
      transport.request({ method: 'GET', path: '/state', blocking: query }, { signal }).withMeta();
    const done = (async () => {
      for await (const _ of watch(fetcher, {
        waitMs: 60_000,
        backoffMs: 20,
        signal: controller.signal,
        clock,
      })) {
        // The first snapshot only; the rest are the same index.
      }
    })();
    const pauses = await pausesOf(clock, 5, (round) => expect(service.requests).toHaveLength(round + 2));
    controller.abort();
    await done;
    expectDoubling(pauses, 20);
  });

  it('backs off when the index keeps going backwards', async () => {
    const service = await serve();
    let next = 10;
    service.route('GET', '/v1/state', (_req, res) => {
      next = next === 10 ? 5 : 10;
      return res.json(200, {}, { 'X-Index': String(next) });
    });
    const clock = createTestClock(0);
    const transport = createTransport({
      baseUrl: service.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Index' },
    });
    const controller = new AbortController();
    let yielded = 0;
    const done = (async () => {
      for await (const _ of watch(
        (query, signal) =>
          transport.request({ method: 'GET', path: '/state', blocking: query }, { signal }).withMeta(),
        { waitMs: 60_000, backoffMs: 20, signal: controller.signal, clock },
      )) {
        yielded += 1;
      }
    })();
    // 5 and 10 are yielded; then each round: 5 after 10 is a step back, so after a pause (longer each
    // time) the watch starts over from the current state, 10 again, and yields it.
    const pauses = await pausesOf(clock, 5, (round) => {
      expect(service.requests).toHaveLength(2 * round + 3);
      expect(yielded).toBe(round + 2);
    });
    controller.abort();
    await done;
    expectDoubling(pauses, 20);
  });

  it('still follows a live index without pausing after a normal wait', async () => {
    const service = await serve();
    const index = new BlockingIndex(1);
    service.route('GET', '/v1/state', async (req, res) => {
      const current = await blockingWait(req, index);
      return res.json(200, {}, { 'X-Index': String(current) });
    });
    const transport = createTransport({
      baseUrl: service.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Index' },
    });
    const iterator = watch(
      (query, signal) =>
        transport.request({ method: 'GET', path: '/state', blocking: query }, { signal }).withMeta(),
      { waitMs: 5_000, backoffMs: 60_000 },
    );
    expect((await iterator.next()).value?.meta.index).toBe(1);
    const pending = iterator.next();
    index.bump();
    expect((await pending).value?.meta.index).toBe(2);
    await iterator.return();
  });

  it('has a back-off that doubles with jitter up to its cap and starts over on reset', () => {
    const backoff = createBackoff({ initialMs: 100, maxMs: 400 });
    const pauses = [backoff.next(), backoff.next(), backoff.next(), backoff.next()];
    const ranges = [
      [50, 100],
      [100, 200],
      [200, 400],
      [200, 400],
    ];
    expect(
      pauses.map((pause, i) => pause >= (ranges[i]?.[0] ?? 0) && pause <= (ranges[i]?.[1] ?? 0)),
    ).toEqual([true, true, true, true]);
    expect(backoff.count).toBe(4);
    backoff.reset();
    expect(backoff.next()).toBeLessThanOrEqual(100);
  });
});

/**
 * Lets the loop on `clock` reach its next `rounds` pauses: at each, checks (nothing else moves while the
 * pause waits), notes the pause asked for and lets it pass. Returns the pauses in ms.
 */
async function pausesOf(clock: TestClock, rounds: number, check: (round: number) => void): Promise<number[]> {
  const pauses: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await until(() => clock.pending === 1);
    check(round);
    pauses.push((clock.nextDue ?? 0) - clock.now());
    await clock.next();
  }
  return pauses;
}

/** Each pause is between half and all of `initialMs` doubled once per pause before it. */
function expectDoubling(pauses: readonly number[], initialMs: number): void {
  pauses.forEach((pause, round) => {
    expect(pause).toBeGreaterThanOrEqual((initialMs * 2 ** round) / 2);
    expect(pause).toBeLessThanOrEqual(initialMs * 2 ** round);
  });
}
