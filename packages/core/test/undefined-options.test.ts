// An option given as `undefined` (a value read from an unset environment variable, an option passed
// through) means "not given": the default applies, exactly as when the key is left out.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBackoff,
  createRetryLoop,
  createServiceTransport,
  createTransport,
  optionsFromEnv,
  paginate,
  parseNdjson,
  readClientEnv,
  ServiceUnavailableError,
  toBlockingQuery,
  watch,
} from '../src/index.js';
import { createNodeFetch } from '../src/node/index.js';
import { statusSequence } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

describe('undefined means not given', () => {
  it('in every transport option: the defaults apply, retries included', async () => {
    const server = await serve({ gzip: undefined, maxBodyBytes: undefined, methods: undefined });
    server.route(
      'GET',
      '/v1/flaky',
      statusSequence([503, 503], (_req, res) => res.json(200, { ok: true })),
    );
    server.route('GET', '/v1/who', (req, res) => res.json(200, { ua: req.header('user-agent') ?? null }));
    const unset: string | undefined = process.env.INFRA_SDK_TEST_SURELY_UNSET;
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      token: unset,
      auth: undefined,
      headers: undefined,
      userAgent: unset,
      fetch: undefined,
      timeout: undefined,
      totalTimeout: undefined,
      blockingMargin: undefined,
      // Each field undefined: the default of each (2 retries, 300 ms doubling...) holds.
      retry: { limit: undefined, baseDelayMs: 1, maxDelayMs: undefined, statusCodes: undefined },
      maxResponseBytes: undefined,
      validateResponses: undefined,
      metaHeaders: { requestId: undefined, index: undefined },
      hooks: { onRequest: undefined, onResponse: undefined, onRetry: undefined },
      debug: undefined,
      trustedOrigins: undefined,
      crossOriginRedirects: undefined,
      maxRedirects: undefined,
    });
    // Two 503s, then a success: only the default limit of 2 retries gets there.
    expect(
      await transport.request(
        { method: 'GET', path: '/flaky', query: undefined, headers: undefined, idempotent: undefined },
        { retry: { limit: undefined, retryWrites: undefined }, timeout: undefined, signal: undefined },
      ),
    ).toEqual({ ok: true });
    expect(server.requests.filter((request) => request.path === '/v1/flaky')).toHaveLength(3);
    // No user agent of ours (the runtime's own, if any), no token header.
    const { ua } = (await transport.request({ method: 'GET', path: '/who' })) as { ua: string | null };
    expect(String(ua)).not.toContain('undefined');
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(transport.toJSON()).toMatchObject({ token: undefined });
  });

  it('in client options: the profile and the transport defaults apply', async () => {
    const server = await serve();
    // A Retry-After of 0 spares the default back-off's real waits; the default limit still decides.
    const now = { status: 503, headers: { 'retry-after': '0' } };
    server.route(
      'GET',
      '/v1/flaky',
      statusSequence([now, now], (_req, res) => res.json(200, { ok: true })),
    );
    const transport = createServiceTransport(
      {
        packageName: 'p',
        packageVersion: '1',
        pathPrefix: '/v1',
        auth: { type: 'bearer' },
        metaHeaders: undefined,
        headers: undefined,
        crossOriginRedirects: undefined,
      },
      { baseUrl: server.url, token: undefined, auth: undefined, retry: undefined, userAgent: undefined },
    );
    expect(await transport.request({ method: 'GET', path: '/flaky' })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('p/1');
  });

  it('in a retry given as undefined fields over a client retry: the client’s values hold', async () => {
    const server = await serve();
    server.route('GET', '/v1/down', (_req, res) => res.json(503, { errors: ['down'] }));
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1', retry: { limit: 0 } });
    await expect(
      transport.request({ method: 'GET', path: '/down' }, { retry: { limit: undefined } }),
    ).rejects.toThrow(ServiceUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  it('in the loops and streams: watch, retry loop, back-off, paging, NDJSON, blocking queries', async () => {
    const controller = new AbortController();
    const snapshots = watch(async () => ({ data: 1, meta: { index: 5 } as never }), {
      index: undefined,
      waitMs: undefined,
      signal: controller.signal,
      backoffMs: undefined,
      maxBackoffMs: undefined,
      maxFailures: undefined,
      onRetry: undefined,
    });
    expect((await snapshots.next()).value).toMatchObject({ data: 1 });
    controller.abort();
    await snapshots.return(undefined);

    const loop = createRetryLoop({ signal: undefined, backoffMs: undefined, maxFailures: undefined });
    expect(loop.running).toBe(true);
    const backoff = createBackoff({ initialMs: undefined, maxMs: undefined });
    const first = backoff.next();
    expect(first).toBeGreaterThanOrEqual(500);
    expect(first).toBeLessThanOrEqual(1000);

    const pages = paginate(async (token) => ({ items: [token ?? 'first'], nextToken: undefined }), {
      signal: undefined,
      startToken: undefined,
    });
    expect(await pages.toArray()).toEqual(['first']);

    const body = new Response('{"a":1}\n{"a":2}\n').body as ReadableStream<Uint8Array>;
    const values: unknown[] = [];
    for await (const value of parseNdjson(body, {
      maxLineBytes: undefined,
      idleTimeout: undefined,
      signal: undefined,
      parse: undefined,
      method: undefined,
      url: undefined,
    })) {
      values.push(value);
    }
    expect(values).toEqual([{ a: 1 }, { a: 2 }]);

    const limits = { maxWaitMs: 600_000, defaultWaitMs: 300_000, consistency: undefined };
    expect(
      toBlockingQuery({ index: undefined, wait: undefined, consistency: undefined }, limits),
    ).toBeUndefined();
    expect(toBlockingQuery({ index: 3, wait: undefined }, limits)).toEqual({ index: 3, waitMs: 300_000 });
  });

  it('in fromEnv overrides: the variables are read', () => {
    process.env.INFRA_SDK_T_ADDR = '127.0.0.1:9';
    process.env.INFRA_SDK_T_TOKEN = 'from-env-token';
    try {
      const env = readClientEnv(
        {
          address: 'INFRA_SDK_T_ADDR',
          token: 'INFRA_SDK_T_TOKEN',
          namespace: undefined,
          service: 't',
          example: 'x',
        },
        { baseUrl: undefined, token: undefined, namespace: undefined, fetch: undefined, debug: undefined },
      );
      expect(env).toEqual({ baseUrl: 'http://127.0.0.1:9', token: 'from-env-token' });
    } finally {
      delete process.env.INFRA_SDK_T_ADDR;
      delete process.env.INFRA_SDK_T_TOKEN;
    }
  });

  it('in the options fromEnv() builds: a given override wins, an undefined one leaves the variable in charge', () => {
    process.env.INFRA_SDK_T_ADDR = '127.0.0.1:9';
    process.env.INFRA_SDK_T_TOKEN = 'from-env-token';
    process.env.HTTP_PROXY = 'http://127.0.0.1:1';
    const names = { address: 'INFRA_SDK_T_ADDR', token: 'INFRA_SDK_T_TOKEN', service: 't', example: 'x' };
    const own: typeof fetch = (input, init) => globalThis.fetch(input, init);
    try {
      const unset = optionsFromEnv(names, {
        baseUrl: undefined,
        token: undefined,
        fetch: undefined,
        timeout: undefined,
      });
      expect(unset.baseUrl).toBe('http://127.0.0.1:9');
      expect(unset.token).toBe('from-env-token');
      expect(typeof unset.fetch).toBe('function');
      expect('timeout' in unset).toBe(false);
      const given = optionsFromEnv(names, { baseUrl: '127.0.0.1:8', token: 'given', fetch: own, timeout: 5 });
      expect(given).toEqual({ baseUrl: 'http://127.0.0.1:8', token: 'given', fetch: own, timeout: 5 });
    } finally {
      delete process.env.INFRA_SDK_T_ADDR;
      delete process.env.INFRA_SDK_T_TOKEN;
      delete process.env.HTTP_PROXY;
    }
  });

  it('in the Node transport options', async () => {
    const server = await serve();
    server.route('GET', '/v1/x', (_req, res) => res.json(200, { ok: true }));
    await using nodeFetch = createNodeFetch({
      ca: undefined,
      cert: undefined,
      key: undefined,
      passphrase: undefined,
      servername: undefined,
      rejectUnauthorized: undefined,
      proxy: false,
      noProxy: undefined,
      connections: undefined,
      keepAlive: undefined,
      keepAliveTimeout: undefined,
    });
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1', fetch: nodeFetch });
    expect(await transport.request({ method: 'GET', path: '/x' })).toEqual({ ok: true });
  });
});

afterEach(() => {
  delete process.env.INFRA_SDK_TEST_SURELY_UNSET;
});
