import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  BadRequestError,
  ConnectionError,
  createTransport,
  InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  ServiceUnavailableError,
  type StandardSchemaV1,
  TimeoutError,
  type TransportOptions,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../src/index.js';
import { startTestServer, statusSequence, type TestServer } from '../src/testing/index.js';
import { atScales, until } from './support.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

async function serve(setup: (server: TestServer) => void): Promise<TestServer> {
  // A test that serves again is done with the server before.
  await server?.close();
  server = await startTestServer();
  setup(server);
  return server;
}

function client(options: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: server.url, pathPrefix: '/v1', retry: { baseDelayMs: 1 }, ...options });
}

/** A schema that accepts objects with a numeric `n`. */
const numberBox: StandardSchemaV1<unknown, { n: number }> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) =>
      typeof value === 'object' && value !== null && typeof (value as { n?: unknown }).n === 'number'
        ? { value: value as { n: number } }
        : { issues: [{ message: 'expected a number', path: [{ key: 'n' }] }] },
  },
};

describe('URLs, query and headers', () => {
  it('joins base URL, prefix and path, and serialises the query', async () => {
    await serve((s) => s.route('GET', '/v1/job/:id', (req, res) => res.json(200, { id: req.params.id })));
    const data = await client().request({
      method: 'GET',
      path: '/job/a%2Fb',
      query: { topic: ['Job', 'Node'], stale: true, skip: undefined, none: null, per_page: 0 },
    });
    expect(data).toEqual({ id: 'a/b' });
    const seen = server.requests[0];
    expect(seen?.path).toBe('/v1/job/a%2Fb');
    expect(seen?.query.getAll('topic')).toEqual(['Job', 'Node']);
    expect(seen?.query.get('stale')).toBe('true');
    expect(seen?.query.get('per_page')).toBe('0');
    expect(seen?.query.has('skip')).toBe(false);
    expect(seen?.query.has('none')).toBe(false);
  });

  it('accepts a base URL with a path and prefixes with or without slashes', async () => {
    await serve((s) => s.route('GET', '/proxy/api/v1/user/x', (_req, res) => res.json(200, { ok: true })));
    const transport = createTransport({ baseUrl: `${server.url}/proxy/`, pathPrefix: 'api/v1/' });
    expect(await transport.request({ method: 'GET', path: '/user/x' })).toEqual({ ok: true });
  });

  it('sends default headers, the user agent and per-call headers, and can remove a default', async () => {
    await serve((s) => s.route('POST', '/v1/echo', (req, res) => res.json(200, req.headers)));
    const transport = client({
      headers: { 'x-secrets-request': 'true', 'x-team': 'a' },
      userAgent: 'ua/1.0',
    });
    const headers = (await transport.request(
      { method: 'POST', path: '/echo', body: { a: 1 }, headers: { 'x-spec': 's' } },
      { headers: { 'x-team': undefined, 'x-call': 'c' } },
    )) as Record<string, string>;
    expect(headers['x-secrets-request']).toBe('true');
    expect(headers['user-agent']).toBe('ua/1.0');
    expect(headers['x-spec']).toBe('s');
    expect(headers['x-call']).toBe('c');
    expect(headers['x-team']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.body).toBe('{"a":1}');
  });

  it('sends false, 0 and empty strings in bodies and omits undefined fields', async () => {
    await serve((s) => s.route('PUT', '/v1/thing', (req, res) => res.json(200, req.json())));
    const sent = { a: false, b: 0, c: '', d: null, e: undefined };
    expect(await client().request({ method: 'PUT', path: '/thing', body: sent })).toEqual({
      a: false,
      b: 0,
      c: '',
      d: null,
    });
  });

  it('uses a custom fetch', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, [])));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    await client({ fetch: counting }).request({ method: 'GET', path: '/x' });
    expect(calls).toBe(1);
  });

  it('sends nothing but the spec headers to an external address', async () => {
    await serve((s) => s.route('PUT', '/storage/object', (req, res) => res.json(200, req.headers)));
    const transport = client({ token: 'secret-token-1', headers: { 'x-default': 'd' } });
    const headers = (await transport.request({
      method: 'PUT',
      path: '',
      url: `${server.url}/storage/object`,
      rawBody: 'bytes',
      headers: { 'content-type': 'application/octet-stream' },
    })) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-default']).toBeUndefined();
    expect(server.requests[0]?.body).toBe('bytes');
  });

  it('authenticates an absolute address only when asked and only on the service origin', async () => {
    await serve((s) => s.route('GET', '/files/asset', (req, res) => res.json(200, req.headers)));
    const transport = client({ token: 'secret-token-2', headers: { 'x-default': 'd' } });
    const own = (await transport.request({
      method: 'GET',
      path: '',
      url: `${server.url}/files/asset`,
      authenticate: true,
    })) as Record<string, string>;
    expect(own.authorization).toBe('Bearer secret-token-2');
    expect(own['x-default']).toBe('d');
    const plain = (await transport.request({
      method: 'GET',
      path: '',
      url: `${server.url}/files/asset`,
    })) as Record<string, string>;
    expect(plain.authorization).toBeUndefined();
    // Same host, other port: another origin, so the token stays home even when asked.
    const other = await startTestServer();
    other.route('GET', '/files/asset', (req, res) => res.json(200, req.headers));
    try {
      const foreign = (await transport.request({
        method: 'GET',
        path: '',
        url: `${other.url}/files/asset`,
        authenticate: true,
      })) as Record<string, string>;
      expect(foreign.authorization).toBeUndefined();
      expect(foreign['x-default']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('refuses a base URL that is not absolute http(s) or that carries credentials', () => {
    expect(() => createTransport({ baseUrl: 'not a url' })).toThrow(/absolute/);
    expect(() => createTransport({ baseUrl: 'localhost:4646' })).toThrow(/http or https/);
    expect(() => createTransport({ baseUrl: 'ftp://host' })).toThrow(/http or https/);
    expect(() => createTransport({ baseUrl: 'http://user:pw@host' })).toThrow(/credentials/);
  });
});

describe('authentication', () => {
  it('puts the token in a named header', async () => {
    await serve((s) => s.route('GET', '/v1/x', (req, res) => res.json(200, req.headers)));
    const headers = (await client({
      token: 'tok-123456',
      auth: { type: 'header', name: 'X-Scheduler-Token' },
    }).request({ method: 'GET', path: '/x' })) as Record<string, string>;
    expect(headers['x-scheduler-token']).toBe('tok-123456');
    expect(headers.authorization).toBeUndefined();
  });

  it('uses Authorization: Bearer by default', async () => {
    await serve((s) => s.route('GET', '/v1/x', (req, res) => res.json(200, req.headers)));
    const headers = (await client({ token: 'tok-123456' }).request({ method: 'GET', path: '/x' })) as Record<
      string,
      string
    >;
    expect(headers.authorization).toBe('Bearer tok-123456');
  });

  it('uses the query form only when chosen', async () => {
    await serve((s) =>
      s.route('GET', '/v1/x', (req, res) => res.json(200, { q: req.query.get('access_token') })),
    );
    const data = await client({ token: 'tok-123456', auth: { type: 'query', name: 'access_token' } }).request(
      {
        method: 'GET',
        path: '/x',
      },
    );
    expect(data).toEqual({ q: 'tok-123456' });
  });

  it('asks the token provider before every attempt, so a rotated token is used on retry', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([503], (req, res) => res.json(200, { token: req.header('x-mesh-token') })),
      ),
    );
    const tokens = ['first-token', 'second-token'];
    const data = await client({
      token: async () => tokens.shift(),
      auth: { type: 'header', name: 'X-Mesh-Token' },
    }).request({ method: 'GET', path: '/x' });
    expect(data).toEqual({ token: 'second-token' });
    expect(server.requests[0]?.headers['x-mesh-token']).toBe('first-token');
  });

  it('sends no token header when the provider returns nothing', async () => {
    await serve((s) => s.route('GET', '/v1/x', (req, res) => res.json(200, req.headers)));
    const headers = (await client({ token: () => undefined }).request({
      method: 'GET',
      path: '/x',
    })) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });
});

describe('responses and metadata', () => {
  it('treats 204 and a 200 with only warnings as success, with the warnings in the metadata', async () => {
    await serve((s) => {
      s.route('DELETE', '/v1/a', (_req, res) => res.empty(204));
      s.route('POST', '/v1/b', (_req, res) => res.json(200, { warnings: ['ttl capped'] }));
    });
    expect(await client().request({ method: 'DELETE', path: '/a' })).toBeUndefined();
    const { data, meta } = await client().request({ method: 'POST', path: '/b' }).withMeta();
    expect(data).toEqual({ warnings: ['ttl capped'] });
    expect(meta.warnings).toEqual(['ttl capped']);
    expect(meta.status).toBe(200);
  });

  it('reads request id, index, leader, last contact and next token from the configured headers', async () => {
    await serve((s) =>
      s.route('GET', '/v1/allocations', (_req, res) =>
        res.json(200, [], {
          'x-request-id': 'req-1',
          'X-Scheduler-Index': '42',
          'X-Scheduler-KnownLeader': 'true',
          'X-Scheduler-LastContact': '7',
          'X-Scheduler-NextToken': 'tok-2',
        }),
      ),
    );
    const transport = client({
      metaHeaders: {
        index: 'X-Scheduler-Index',
        knownLeader: 'X-Scheduler-KnownLeader',
        lastContact: 'X-Scheduler-LastContact',
        nextToken: 'X-Scheduler-NextToken',
      },
    });
    const { meta } = await transport.request({ method: 'GET', path: '/allocations' }).withMeta();
    expect(meta).toMatchObject({
      requestId: 'req-1',
      index: 42,
      knownLeader: true,
      lastContact: 7,
      nextToken: 'tok-2',
    });
    expect(meta.headers['x-scheduler-index']).toBe('42');
  });

  it('sends a described request through send(), resolving to its data and metadata', async () => {
    await serve((s) =>
      s.route('GET', '/v1/job/:id', (req, res) =>
        res.json(200, { n: 7, id: req.params.id }, { 'x-request-id': 'r-1' }),
      ),
    );
    const result = await client().send({ method: 'GET', path: '/job/a%2Fb', schema: numberBox });
    expect(result.data).toEqual({ n: 7, id: 'a/b' });
    expect(result.meta).toMatchObject({ status: 200, requestId: 'r-1' });
    const failed = await client()
      .send({ method: 'GET', path: '/job/x', schema: numberBox }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(AbortError.isInstance(failed)).toBe(true);
  });

  it('leaves metadata undefined when the headers are absent or not numbers', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, {}, { 'x-mesh-index': 'abc' })));
    const { meta } = await client({
      metaHeaders: { index: 'X-Mesh-Index', knownLeader: 'X-Mesh-KnownLeader' },
    })
      .request({ method: 'GET', path: '/x' })
      .withMeta();
    expect(meta.index).toBeUndefined();
    expect(meta.knownLeader).toBeUndefined();
    expect(meta.requestId).toBeUndefined();
  });

  it('unwraps an envelope and maps the payload while keeping the metadata', async () => {
    await serve((s) =>
      s.route('GET', '/v1/creds', (_req, res) => res.json(200, { request_id: 'r-9', data: { n: 3 } })),
    );
    const result = await client()
      .request({
        method: 'GET',
        path: '/creds',
        unwrap: (body, meta) => {
          const envelope = body as { request_id: string; data: unknown };
          return { data: envelope.data, meta: { ...meta, requestId: envelope.request_id } };
        },
        schema: numberBox,
      })
      .map((data) => data.n * 2)
      .withMeta();
    expect(result.data).toBe(6);
    expect(result.meta.requestId).toBe('r-9');
  });

  it('reads text and streams', async () => {
    await serve((s) => {
      s.route('GET', '/v1/help', (_req, res) => res.text(200, '# help'));
      s.route('GET', '/v1/stream', (_req, res) => res.chunked(200, ['a', 'b', 'c']));
    });
    expect(await client().request({ method: 'GET', path: '/help', responseType: 'text' })).toBe('# help');
    const body = await client().request<ReadableStream<Uint8Array>>({
      method: 'GET',
      path: '/stream',
      responseType: 'stream',
    });
    expect(await new Response(body).text()).toBe('abc');
  });

  it('ends a streamed body when its signal aborts, after the garbage collector ran', async () => {
    // Fetch reaches the body only through a request nothing else holds; the collector may take it.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    await serve((s) =>
      s.route('GET', '/v1/follow', (_req, res) =>
        res.chunked(
          200,
          (async function* () {
            yield 'first';
            await new Promise(() => {});
          })(),
        ),
      ),
    );
    const stop = new AbortController();
    const body = await client().request<ReadableStream<Uint8Array>>(
      { method: 'GET', path: '/follow', responseType: 'stream' },
      { signal: AbortSignal.any([stop.signal, new AbortController().signal]) },
    );
    const reader = body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    for (let round = 0; round < 3; round++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const next = reader.read();
    stop.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends a call still waiting for its answer when its signal aborts, through a fetch that sends a copy of the request, after the garbage collector ran', async () => {
    // A fetch that hands on a copy (a router, a logger) leaves the copy, and the abort it carries, to
    // the collector; the call must end anyway, as a blocking read's would after minutes.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    let asked!: () => void;
    const arrived = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await serve((s) =>
      s.route('GET', '/v1/wait', async (req) => {
        asked();
        await new Promise((resolve) => req.signal.addEventListener('abort', resolve, { once: true }));
      }),
    );
    const copying: typeof fetch = (input, init) =>
      globalThis.fetch(new Request(new Request(input, init).url, new Request(input, init)));
    const stop = new AbortController();
    const call = client({ fetch: copying })
      .request({ method: 'GET', path: '/wait' }, { signal: stop.signal, timeout: 60_000 })
      .catch((error: unknown) => error);
    await arrived;
    for (let round = 0; round < 3; round++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    stop.abort();
    expect(AbortError.isInstance(await call)).toBe(true);
  });

  it('validates responses with the schema, unless turned off per client or per call', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, { n: 'not a number' })));
    const error = await client()
      .request({ method: 'GET', path: '/x', schema: numberBox })
      .catch((e: unknown) => e);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).issues[0]).toEqual({ path: 'n', message: 'expected a number' });
    expect((error as ResponseValidationError).message).toMatch(/GET \/v1\/x/);
    expect(
      await client({ validateResponses: false }).request({ method: 'GET', path: '/x', schema: numberBox }),
    ).toEqual({
      n: 'not a number',
    });
    expect(
      await client().request({ method: 'GET', path: '/x', schema: numberBox }, { validateResponse: false }),
    ).toEqual({ n: 'not a number' });
  });

  it('reports malformed JSON as a ResponseValidationError', async () => {
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => res.text(200, '{"a":', { 'content-type': 'application/json' })),
    );
    const error = await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).problem).toBe('invalid-json');
  });

  it('refuses a body larger than the limit', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, { big: 'x'.repeat(5000) })));
    const error = await client({ maxResponseBytes: 1000 })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect((error as ResponseValidationError).problem).toBe('too-large');
  });
});

describe('error responses', () => {
  const cases: Array<[number, unknown, (e: unknown) => boolean, RegExp]> = [
    [400, { errors: ['missing field'] }, (e) => BadRequestError.isInstance(e), /missing field/],
    [401, { errors: ['bad token'], success: false }, (e) => UnauthorizedError.isInstance(e), /bad token/],
    [
      403,
      { errors: [{ message: 'denied by policy' }] },
      (e) => PermissionDeniedError.isInstance(e),
      /denied by policy/,
    ],
    [404, { errors: [] }, (e) => NotFoundError.isInstance(e), /status 404/],
    [
      422,
      { errors: ['name taken'], success: false },
      (e) => UnprocessableEntityError.isInstance(e),
      /name taken/,
    ],
    [402, { errors: ['billing'] }, (e) => ApiError.isInstance(e) && !ServerError.isInstance(e), /billing/],
    [500, 'plain text failure', (e) => ServerError.isInstance(e), /plain text failure/],
    [
      503,
      { errors: ['Vault is sealed'] },
      (e) => ServiceUnavailableError.isInstance(e) && ServerError.isInstance(e),
      /sealed/,
    ],
    [409, { message: 'conflict here' }, (e) => ApiError.isInstance(e), /conflict here/],
    [418, { errors: 'a single string', success: false }, (e) => ApiError.isInstance(e), /a single string/],
  ];
  for (const [status, body, check, message] of cases) {
    it(`maps ${status} to its error class and reads the body`, async () => {
      await serve((s) =>
        s.route('POST', '/v1/x', (_req, res) =>
          typeof body === 'string'
            ? res.text(status, body)
            : res.json(status, body, { 'x-request-id': 'rid-1' }),
        ),
      );
      const error = await client()
        .request({ method: 'POST', path: '/x', body: {} })
        .catch((e: unknown) => e);
      expect(check(error)).toBe(true);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).message).toMatch(message);
      expect((error as ApiError).method).toBe('POST');
      expect((error as ApiError).url).toBe(`${server.url}/v1/x`);
      expect(server.requests).toHaveLength(1);
    });
  }

  it('keeps the service error list and request id', async () => {
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) =>
        res.json(400, { errors: ['one', { code: 7, detail: 'two' }] }, { 'x-request-id': 'rid-7' }),
      ),
    );
    const error = (await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.errors).toEqual(['one', { code: 7, detail: 'two' }]);
    expect(error.requestId).toBe('rid-7');
    expect(error.message).toMatch(/one; two/);
  });

  it('reads an empty error body and a JSON body sent as text', async () => {
    await serve((s) => {
      s.route('GET', '/v1/empty', (_req, res) => res.empty(404));
      s.route('GET', '/v1/text-json', (_req, res) => res.text(400, '{"errors":["as text"]}'));
    });
    const empty = (await client()
      .request({ method: 'GET', path: '/empty' })
      .catch((e: unknown) => e)) as ApiError;
    expect(NotFoundError.isInstance(empty)).toBe(true);
    expect(empty.errors).toEqual([]);
    const text = (await client()
      .request({ method: 'GET', path: '/text-json' })
      .catch((e: unknown) => e)) as ApiError;
    expect(text.errors).toEqual(['as text']);
  });
});

describe('retries', () => {
  it('retries a read after 5xx and succeeds', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([500, 502, 503], (_req, res) => res.json(200, { ok: 1 })),
      ),
    );
    expect(
      await client({ retry: { limit: 3, baseDelayMs: 1 } }).request({ method: 'GET', path: '/x' }),
    ).toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(4);
  });

  it('gives up after the limit with the last error', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([500, 500, 500, 500], (_req, res) => res.json(200, {})),
      ),
    );
    const error = await client({ retry: { limit: 2, baseDelayMs: 1 } })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(ServerError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a write unless told it is safe', async () => {
    await serve((s) =>
      s.route(
        'POST',
        '/v1/x',
        statusSequence([503], (_req, res) => res.json(200, { ok: 1 })),
      ),
    );
    const error = await client()
      .request({ method: 'POST', path: '/x', body: {} })
      .catch((e: unknown) => e);
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(
      await client().request({ method: 'POST', path: '/x', body: {} }, { retry: { retryWrites: true } }),
    ).toEqual({
      ok: 1,
    });
  });

  it('retries a write the operation declares idempotent, and never a read declared otherwise', async () => {
    await serve((s) => {
      s.route(
        'POST',
        '/v1/w',
        statusSequence([503], (_req, res) => res.json(200, { ok: 'w' })),
      );
      s.route(
        'GET',
        '/v1/r',
        statusSequence([503], (_req, res) => res.json(200, { ok: 'r' })),
      );
    });
    expect(await client().request({ method: 'POST', path: '/w', idempotent: true })).toEqual({ ok: 'w' });
    const error = await client()
      .request({ method: 'GET', path: '/r', idempotent: false })
      .catch((e: unknown) => e);
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
  });

  it('does not retry 4xx other than 408 and 429', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([404], (_req, res) => res.json(200, {})),
      ),
    );
    const error = await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  // ky waits between attempts on the system's timers, so these tests tell the wait the service asked
  // for from the back-off by what each one leads to, not by the time it took: a wait of an hour that
  // only the call's limit ends, and a wait of nothing that wins over a back-off of an hour.
  const hour = 3_600_000;
  const longBackoff = { baseDelayMs: hour, maxDelayMs: hour, maxRetryAfterMs: 2 * hour } as const;

  it('honours Retry-After in seconds on 429', async () => {
    // The 1 ms back-off would retry at once and get the 200; the hour asked for outlasts the call's limit.
    const error = await atScales(
      async (scale) => {
        await serve((s) =>
          s.route(
            'GET',
            '/v1/x',
            statusSequence([{ status: 429, headers: { 'retry-after': '3600' } }], (_req, res) =>
              res.json(200, { ok: 1 }),
            ),
          ),
        );
        return client({ totalTimeout: 200 * scale, retry: { baseDelayMs: 1, maxRetryAfterMs: 2 * hour } })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('retries after the Retry-After wait, which replaces the back-off', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([{ status: 429, headers: { 'retry-after': '0' } }], (_req, res) =>
          res.json(200, { ok: 1 }),
        ),
      ),
    );
    const retries: number[] = [];
    // The back-off alone (half an hour at least) would run into the call's limit of ten seconds.
    const data = await client({
      totalTimeout: 10_000,
      retry: longBackoff,
      hooks: { onRetry: (event) => void retries.push(event.attempt) },
    }).request({ method: 'GET', path: '/x' });
    expect(data).toEqual({ ok: 1 });
    expect(retries).toEqual([1]);
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const answer =
      (dates: string[]) =>
      (s: TestServer): unknown =>
        s.route('GET', '/v1/x', (_req, res) => {
          const date = dates.shift();
          return date === undefined ? res.json(200, { ok: 1 }) : res.json(503, {}, { 'retry-after': date });
        });
    // An hour from now: only the call's limit ends the wait, though the back-off would retry at once.
    const error = await atScales(
      async (scale) => {
        await serve(answer([new Date(Date.now() + hour).toUTCString()]));
        return client({ totalTimeout: 200 * scale, retry: { baseDelayMs: 1, maxRetryAfterMs: 2 * hour } })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    // A minute ago: retried at once, though the back-off would take half an hour.
    await serve(answer([new Date(Date.now() - 60_000).toUTCString()]));
    const data = await client({ totalTimeout: 10_000, retry: longBackoff }).request({
      method: 'GET',
      path: '/x',
    });
    expect(data).toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('hands back a RateLimitError when Retry-After is beyond the cap', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([{ status: 429, headers: { 'retry-after': '3600' } }], (_req, res) =>
          res.json(200, {}),
        ),
      ),
    );
    const error = (await client({ retry: { maxRetryAfterMs: 5_000, baseDelayMs: 1 } })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as RateLimitError;
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.message).toMatch(/try again in 3600 s/);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a read whose connection resets mid-body', async () => {
    let calls = 0;
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => {
        calls += 1;
        if (calls === 1) return res.resetAfter('{"items":[1,2,');
        return res.json(200, { items: [1, 2, 3] });
      }),
    );
    expect(await client().request({ method: 'GET', path: '/x' })).toEqual({ items: [1, 2, 3] });
    expect(calls).toBe(2);
  });

  it('reports a write whose connection resets mid-body as a ConnectionError, sent once', async () => {
    await serve((s) => s.route('POST', '/v1/x', (_req, res) => res.resetAfter('{"ok":')));
    const error = await client()
      .request({ method: 'POST', path: '/x', body: {} })
      .catch((e: unknown) => e);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a connection dropped before any answer as a ConnectionError after the retries', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.destroy()));
    const error = (await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ConnectionError;
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/GET \/v1\/x/);
    expect(server.requests).toHaveLength(3);
  });

  it('reports a refused connection as a ConnectionError', async () => {
    await serve(() => {});
    const url = server.url;
    await server.close();
    const error = await createTransport({ baseUrl: url, retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/could not be reached/);
  });

  it('does not retry a streamed body', async () => {
    await serve((s) =>
      s.route(
        'PUT',
        '/v1/upload',
        statusSequence([503], (_req, res) => res.empty(200)),
      ),
    );
    const stream = new Blob(['abc']).stream();
    const error = await client()
      .request({ method: 'PUT', path: '/upload', rawBody: stream, idempotent: true })
      .catch((e: unknown) => e);
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts and abort', () => {
  it('times out a hanging server per attempt', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.hang()));
    const error = (await client({ timeout: 150, retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.timeoutMs).toBe(150);
    expect(error.message).toMatch(/GET \/v1\/x: no response arrived within 150 ms/);
  });

  it('retries after a timeout and then succeeds', async () => {
    let calls = 0;
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => {
        calls += 1;
        return calls === 1 ? res.hang() : res.json(200, { ok: true });
      }),
    );
    expect(await client({ timeout: 150 }).request({ method: 'GET', path: '/x' })).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('bounds the total time of a call, retries included', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.hang()));
    const error = (await client({ timeout: 200, totalTimeout: 300, retry: { limit: 10, baseDelayMs: 1 } })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.timeoutMs).toBe(300);
    expect(error.message).toMatch(/retries included/);
    expect(server.requests.length).toBeLessThan(11);
  });

  it('takes a total limit per call, over the client one', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.hang()));
    const error = (await client({ timeout: 200, totalTimeout: 60_000, retry: { limit: 10, baseDelayMs: 1 } })
      .request({ method: 'GET', path: '/x' }, { totalTimeout: 300 })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.timeoutMs).toBe(300);
  });

  it('times out a body that stops arriving', async () => {
    await serve((s) =>
      s.route('GET', '/v1/x', async (_req, res) => {
        res.raw.writeHead(200, { 'content-type': 'application/json' });
        res.raw.write('{"a":');
        await new Promise(() => {});
      }),
    );
    const error = await client({ timeout: 200, retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
  });

  it('never sends a call whose signal is already aborted', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, {})));
    const error = await client()
      .request({ method: 'GET', path: '/x' }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('aborts a call in flight and does not retry it', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.hang()));
    const controller = new AbortController();
    const pending = client()
      .request({ method: 'GET', path: '/x' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await until(() => server.requests.length === 1);
    controller.abort();
    expect(AbortError.isInstance(await pending)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('gives a blocking query its wait plus wait/16 plus a margin, not the default timeout', async () => {
    await serve((s) =>
      s.route('GET', '/v1/jobs', async (req, res) => {
        // Three times the default limit: an attempt under it would time out first (same process, same timers).
        await new Promise((resolve) => setTimeout(resolve, 150));
        res.json(200, [], { 'x-scheduler-index': String(Number(req.query.get('index')) + 1) });
      }),
    );
    const transport = client({
      timeout: 50,
      blockingMargin: 1_000,
      metaHeaders: { index: 'X-Scheduler-Index' },
    });
    const { meta } = await transport
      .request({ method: 'GET', path: '/jobs', blocking: { index: 5, waitMs: 300, consistency: 'stale' } })
      .withMeta();
    expect(meta.index).toBe(6);
    const query = server.requests[0]?.query;
    expect(query?.get('index')).toBe('5');
    expect(query?.get('wait')).toBe('300ms');
    expect(query?.get('stale')).toBe('true');
  });
});

describe('odd failures', () => {
  it('maps a fetch that throws a bare TypeError to ConnectionError, and anything else to InfraSdkError', async () => {
    await serve(() => {});
    const typeError = await client({ retry: false, fetch: async () => Promise.reject(new TypeError('boom')) })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(ConnectionError.isInstance(typeError)).toBe(true);
    expect((typeError as Error).message).toMatch(/could not be reached \(boom\)/);
    const other = await client({ retry: false, fetch: async () => Promise.reject(new RangeError('odd')) })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(InfraSdkError.isInstance(other)).toBe(true);
    expect((other as Error).message).toBe('odd');
  });

  it('joins a JSON body that arrives in many pieces', async () => {
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => res.chunked(200, ['{"a":', '[1,', '2,', '3]}'], { delayMs: 5 })),
    );
    const call = client().request({ method: 'GET', path: '/x' });
    expect(await call).toEqual({ a: [1, 2, 3] });
    // Derived promises are plain promises.
    expect(call.then((value) => value)).not.toHaveProperty('withMeta');
  });
});

describe('body reading', () => {
  it('reads each body once: no clone of the response, the payload from the bytes read', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, { a: [1, 2, 3] })));
    let clones = 0;
    class CountingResponse extends Response {
      override clone(): Response {
        clones += 1;
        return super.clone();
      }
    }
    const responses: Response[] = [];
    const counting = (async (input: Request, init?: RequestInit) => {
      const real = await fetch(input, init);
      const response = new CountingResponse(real.body, real);
      responses.push(response);
      return response;
    }) as typeof fetch;
    const transport = client({ fetch: counting });
    expect(await transport.request({ method: 'GET', path: '/x' })).toEqual({ a: [1, 2, 3] });
    expect(await transport.request({ method: 'GET', path: '/x', responseType: 'text' })).toBe(
      '{"a":[1,2,3]}',
    );
    expect(clones).toBe(0);
    expect(responses.every((response) => response.bodyUsed)).toBe(true);
  });
});

describe('hooks', () => {
  it('reports requests, responses and retries with redacted URLs', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/x',
        statusSequence([500], (_req, res) => res.json(200, {})),
      ),
    );
    const events: string[] = [];
    await client({
      token: 'query-secret-token',
      auth: { type: 'query', name: 'access_token' },
      hooks: {
        onRequest: (e) => void events.push(`request ${e.attempt} ${e.url}`),
        onResponse: (e) => void events.push(`response ${e.attempt} ${e.status}`),
        onRetry: (e) => void events.push(`retry ${e.attempt} ${e.error.name}`),
      },
    }).request({ method: 'GET', path: '/x' });
    expect(events).toEqual([
      `request 0 ${server.url}/v1/x`,
      'response 0 500',
      'retry 1 ServerError',
      `request 1 ${server.url}/v1/x`,
      'response 1 200',
    ]);
    expect(events.join('\n')).not.toContain('query-secret-token');
  });
});
