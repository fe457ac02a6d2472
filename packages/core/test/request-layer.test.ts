// The parts every client is built from: the operation helper, the façade binder, blocking options,
// fromEnv, open enums, the tracing hooks and what the transport does around ky, each over a real
// loopback server.
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  bindOperations,
  blockingTimeout,
  type ClientCore,
  createTransport,
  emptyResponseMeta,
  extendMeta,
  InfraSdkError,
  NotFoundError,
  RequestValidationError,
  type ResponseEvent,
  type ResponseMeta,
  readClientEnv,
  ServiceUnavailableError,
  sendOperation,
  TimeoutError,
  type TransportOptions,
  toBlockingQuery,
  watchBlocking,
} from '../src/index.js';
import { openEnum } from '../src/schema/index.js';
import { sleep, startTestServer, statusSequence, type TestServer } from '../src/testing/index.js';
import { atScales } from './support.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

async function serve(setup: (server: TestServer) => void): Promise<TestServer> {
  // A test that runs again at a larger scale serves again: the server before is done with.
  await server?.close();
  server = await startTestServer();
  setup(server);
  return server;
}

function transport(options: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: server.url, pathPrefix: '/v1', retry: { baseDelayMs: 1 }, ...options });
}

const limits = { maxWaitMs: 600_000, defaultWaitMs: 300_000 } as const;

describe('sendOperation', () => {
  it('checks the input while describing the call: a refused input sends nothing', async () => {
    await serve((s) => s.route('POST', '/v1/thing', (_req, res) => res.json(200, {})));
    const core: ClientCore = { transport: transport() };
    const call = sendOperation(core, () => {
      throw new RequestValidationError('thing', [{ path: 'name', message: 'is required' }]);
    });
    await expect(call).rejects.toThrow(RequestValidationError);
    await expect(call).rejects.toThrow(/nothing was sent/);
    expect(server.requests).toHaveLength(0);
  });

  it('applies the service rules: prepare, call options, envelope, error mapping, recovery', async () => {
    await serve((s) => {
      s.route('GET', '/v1/thing', (req, res) =>
        res.json(200, { data: { name: req.headers['x-ns'] ?? 'none' }, lease: 7 }),
      );
      s.route('GET', '/v1/missing', (_req, res) => res.json(404, { errors: [] }));
      s.route('GET', '/v1/forbidden', (_req, res) => res.json(403, { errors: ['no'] }));
    });
    class ServiceError extends Error {}
    interface LeaseMeta extends ResponseMeta {
      readonly lease: number;
    }
    const core: ClientCore<LeaseMeta> = {
      transport: transport(),
      rules: {
        prepare: (spec) => ({ ...spec, query: { ...spec.query, prepared: 'yes' } }),
        callOptions: (options) => {
          const { namespace, ...rest } = options as typeof options & { namespace?: string };
          return namespace === undefined
            ? rest
            : { ...rest, headers: { ...rest.headers, 'x-ns': namespace } };
        },
        unwrap: (body, meta) => ({
          data: (body as { data: unknown }).data,
          meta: { ...meta, lease: (body as { lease: number }).lease },
        }),
        mapError: (error) => (NotFoundError.isInstance(error) ? error : new ServiceError('mapped')),
      },
    };
    const schema = v.looseObject({ name: v.string() });
    const { data, meta } = await sendOperation(core, () => ({ method: 'GET', path: '/thing', schema }), {
      namespace: 'team-a',
    } as never).withMeta();
    expect(data).toEqual({ name: 'team-a' });
    expect(meta.lease).toBe(7);
    expect(server.requests[0]?.query.get('prepared')).toBe('yes');
    const empty = await sendOperation(core, () => ({
      method: 'GET',
      path: '/missing',
      recover: (error) =>
        NotFoundError.isInstance(error)
          ? { data: [] as string[], meta: { ...emptyResponseMeta(error.status, error.requestId), lease: 0 } }
          : undefined,
    })).withMeta();
    expect(empty.data).toEqual([]);
    expect(empty.meta).toEqual({
      status: 404,
      requestId: undefined,
      index: undefined,
      knownLeader: undefined,
      lastContact: undefined,
      nextToken: undefined,
      warnings: [],
      headers: {},
      durationMs: 0,
      attempts: 0,
      lease: 0,
    });
    await expect(sendOperation(core, () => ({ method: 'GET', path: '/forbidden' }))).rejects.toThrow(
      ServiceError,
    );
  });

  it("extends the metadata with an envelope's fields, the response headers still read only when asked", async () => {
    await serve((s) =>
      s.route('GET', '/v1/thing', (_req, res) =>
        res.json(200, { lease: 7 }, { 'x-request-id': 'r-1', 'x-extra': 'e' }),
      ),
    );
    let headerReads = 0;
    const core: ClientCore = {
      transport: transport(),
      rules: {
        unwrap: (body, meta) => {
          // Core's metadata, its lazy headers counted as they are read.
          const counted: ResponseMeta = {
            ...emptyResponseMeta(meta.status, meta.requestId),
            get headers() {
              headerReads += 1;
              return meta.headers;
            },
          };
          const lease = (body as { lease: number }).lease;
          return { data: body, meta: extendMeta(counted, { lease, warnings: ['w'] }) };
        },
      },
    };
    const { meta } = await sendOperation(core, () => ({ method: 'GET', path: '/thing' })).withMeta();
    expect(headerReads).toBe(0);
    expect(meta).toMatchObject({ status: 200, requestId: 'r-1', lease: 7, warnings: ['w'] });
    expect(meta.headers['x-extra']).toBe('e');
    expect(headerReads).toBe(1);
    expect(JSON.parse(JSON.stringify(meta)).headers['x-extra']).toBe('e');
  });

  it('retries the LIST verb by default, like GET', async () => {
    server = await startTestServer({ methods: ['LIST'] });
    await ((s: TestServer) =>
      s.route(
        'LIST',
        '/v1/keys',
        statusSequence([503], (_req, res) => res.json(200, { keys: ['a'] })),
      ))(server);
    expect(
      await sendOperation({ transport: transport() }, () => ({ method: 'LIST', path: '/keys' })),
    ).toEqual({
      keys: ['a'],
    });
    expect(server.requests.map((request) => request.method)).toEqual(['LIST', 'LIST']);
  });
});

describe('bindOperations', () => {
  it('builds a façade group whose methods are the standalone operations with the core applied', async () => {
    await serve((s) => s.route('GET', '/v1/item/:id', (req, res) => res.json(200, { id: req.params.id })));
    const core: ClientCore = { transport: transport() };
    const readItem = (c: ClientCore, id: string) =>
      sendOperation(c, () => ({ method: 'GET', path: `/item/${encodeURIComponent(id)}` }));
    const group = bindOperations(core, { read: readItem });
    expect(await group.read('a b')).toEqual({ id: 'a b' });
    expect(await readItem(core, 'c')).toEqual({ id: 'c' });
  });
});

describe('blocking queries', () => {
  it('sends the default wait whenever an index is given, and the consistency mode', () => {
    expect(toBlockingQuery({ index: 7 }, limits)).toEqual({ index: 7, waitMs: 300_000 });
    expect(toBlockingQuery({ index: 7, wait: '30s', consistency: 'stale' }, limits)).toEqual({
      index: 7,
      waitMs: 30_000,
      consistency: 'stale',
    });
    expect(toBlockingQuery({}, limits, 'consistent')).toEqual({ consistency: 'consistent' });
    expect(toBlockingQuery(undefined, limits)).toBeUndefined();
  });

  it('refuses a negative or over-limit wait, a bad index and a mode the service lacks', () => {
    const refused = (options: Parameters<typeof toBlockingQuery>[0], only?: ('default' | 'stale')[]) => {
      try {
        toBlockingQuery(options, { ...limits, ...(only ? { consistency: only } : {}) });
      } catch (error) {
        expect(RequestValidationError.isInstance(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused({ wait: -1 })).toMatch(/wait.*0 or more/);
    expect(refused({ wait: '11m' })).toMatch(/longer than the service's longest wait \(600s\)/);
    expect(refused({ wait: 600_001 })).toMatch(/longest wait/);
    expect(refused({ index: -3 })).toMatch(/index.*whole number/);
    expect(refused({ index: 1.5 })).toMatch(/index/);
    expect(refused({ consistency: 'consistent' }, ['default', 'stale'])).toMatch(/"default" or "stale"/);
  });

  it('gives a blocking attempt wait + wait/16 + margin before it times out', async () => {
    await serve((s) => s.route('GET', '/v1/slow', (_req, res) => res.hang()));
    // The default per-attempt limit (a minute) would leave this call hanging past the test's own limit.
    const error = await transport({ timeout: 60_000, blockingMargin: 10, retry: false })
      .request({ method: 'GET', path: '/slow', blocking: { index: 1, waitMs: 160 } })
      .catch((e: unknown) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    // 160 + 160/16 + 10: without the wait/16 term the limit would be 170.
    expect((error as TimeoutError).timeoutMs).toBe(180);
    expect(blockingTimeout(160, 10)).toBe(180);
    expect(blockingTimeout(1_600, 100)).toBe(1_800);
    expect(server.requests[0]?.query.get('wait')).toBe('160ms');
  });

  it('refuses an over-limit watch wait before the first request', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, {})));
    const watch = watchBlocking({ wait: '20m' }, limits, () => {
      throw new Error('must not read');
    });
    await expect(watch.next()).rejects.toThrow(/Invalid watch \(nothing was sent\): wait/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('readClientEnv', () => {
  const names = {
    address: 'X_ADDR',
    token: 'X_TOKEN',
    namespace: 'X_NAMESPACE',
    service: 'x server',
    example: 'http://127.0.0.1:1',
  };
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ['X_ADDR', 'X_TOKEN', 'X_NAMESPACE']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('reads address, token and namespace, overrides winning; host:port means http', () => {
    process.env.X_ADDR = '127.0.0.1:8500';
    process.env.X_TOKEN = 's3cret';
    process.env.X_NAMESPACE = 'team';
    expect(readClientEnv(names)).toEqual({
      baseUrl: 'http://127.0.0.1:8500',
      token: 's3cret',
      namespace: 'team',
    });
    expect(
      readClientEnv(names, { baseUrl: 'https://a.example', namespace: 'other', token: () => 't' }),
    ).toEqual({
      baseUrl: 'https://a.example',
      namespace: 'other',
    });
  });

  it('names the missing address variable and refuses an empty token without quoting it', () => {
    delete process.env.X_ADDR;
    expect(() => readClientEnv(names)).toThrow(
      'X_ADDR is not set: set it to the x server address (for example http://127.0.0.1:1) or pass baseUrl',
    );
    expect(() => readClientEnv(names)).toThrow(InfraSdkError);
    process.env.X_ADDR = 'http://127.0.0.1:1';
    process.env.X_TOKEN = '';
    expect(() => readClientEnv(names)).toThrow(/X_TOKEN/);
    process.env.X_TOKEN = 'bad\nvalue';
    expect(() => readClientEnv(names)).toThrow(RequestValidationError);
  });
});

describe('openEnum', () => {
  it('accepts known and newer values, and refuses what is not a string', () => {
    const Status = openEnum(['running', 'dead']);
    expect(v.parse(Status, 'running')).toBe('running');
    expect(v.parse(Status, 'paused-by-a-newer-server')).toBe('paused-by-a-newer-server');
    expect(() => v.parse(Status, 3)).toThrow(/Expected a string such as "running", "dead"/);
  });
});

describe('tracing hooks', () => {
  it('lets onRequest add headers, and tells onResponse the status, duration and attempt', async () => {
    await serve((s) =>
      s.route(
        'GET',
        '/v1/traced',
        statusSequence([502], (req, res) => res.json(200, { traceparent: req.headers.traceparent })),
      ),
    );
    const responses: ResponseEvent[] = [];
    const seen: unknown[] = [];
    const data = await transport({
      token: 'hook-secret-token',
      hooks: {
        onRequest: (event) => {
          seen.push(event);
          return { traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b${event.attempt}-01` };
        },
        onResponse: (event) => void responses.push(event),
      },
    }).request({ method: 'GET', path: '/traced' });
    expect(data).toEqual({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b1-01' });
    expect(server.requests[0]?.headers.traceparent).toMatch(/b0-01$/);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer hook-secret-token');
    expect(responses.map(({ attempt, status }) => [attempt, status])).toEqual([
      [0, 502],
      [1, 200],
    ]);
    for (const event of responses) expect(event.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(seen)).not.toContain('hook-secret-token');
  });

  it('never lets a hook set or replace a credential: the call fails and nothing is sent', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(200, {})));
    for (const [auth, name] of [
      [undefined, 'Authorization'],
      [{ type: 'header', name: 'X-Mesh-Token' } as const, 'x-mesh-token'],
      [undefined, 'cookie'],
    ] as const) {
      const call = transport({
        token: 'hook-secret-token',
        ...(auth ? { auth } : {}),
        hooks: { onRequest: () => ({ [name]: 'stolen' }) },
      }).request({ method: 'GET', path: '/x' });
      await expect(call).rejects.toThrow(/hooks may add headers but never set or replace a credential/);
    }
    expect(server.requests).toHaveLength(0);
  });
});

// What the transport does itself around ky: the limit on a whole call, error bodies read inside the
// attempt, and raw bodies handed to fetch as they are.
describe('the limit on a whole call', () => {
  // ky keeps these limits on the system's timers. Each test runs at a small scale first and again at
  // larger ones only when the machine was too busy for the first attempt to reach the server in time.

  it('ends a wait between retries: no attempt is made after the limit', async () => {
    // The service asks for an hour: a wait the limit did not end would outlast this test.
    const { error, limit } = await atScales(
      async (scale) => {
        await serve((s) =>
          s.route('GET', '/v1/x', (_req, res) => res.json(503, {}, { 'retry-after': '3600' })),
        );
        const limit = 250 * scale;
        const error = await transport({ totalTimeout: limit, retry: { maxRetryAfterMs: 7_200_000 } })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return { error, limit };
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(limit);
    expect(server.requests).toHaveLength(1);
  });

  it("reports the caller's abort during a wait between retries as an abort, not a time-out", async () => {
    const controller = new AbortController();
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => {
        res.json(503, {}, { 'retry-after': '3600' });
      }),
    );
    // Once the answer is in, the client is on its way to waiting the hour the service asked for.
    const error = await transport({
      retry: { maxRetryAfterMs: 7_200_000 },
      hooks: { onResponse: () => void setImmediate(() => controller.abort()) },
    })
      .request({ method: 'GET', path: '/x' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports no retry to the observer when the wait before it ran to the limit', async () => {
    const { error, retries } = await atScales(
      async (scale) => {
        await serve((s) =>
          s.route('GET', '/v1/x', (_req, res) => res.json(503, {}, { 'retry-after': '3600' })),
        );
        const retries: number[] = [];
        const error = await transport({
          totalTimeout: 100 * scale,
          retry: { maxRetryAfterMs: 7_200_000 },
          hooks: { onRetry: (event) => void retries.push(event.attempt) },
        })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return { error, retries };
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('ends a back-off wait at the limit: no attempt is made after it', async () => {
    // A back-off of half an hour at least: a wait the limit did not end would outlast this test.
    const hour = 3_600_000;
    const { error, limit } = await atScales(
      async (scale) => {
        await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(503, {})));
        const limit = 100 * scale;
        const error = await transport({ totalTimeout: limit, retry: { baseDelayMs: hour, maxDelayMs: hour } })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return { error, limit };
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(limit);
    expect(server.requests).toHaveLength(1);
  });

  it('ends a retry at the limit when its own time limit would let it run past it', async () => {
    // The first attempt spends a fifth of the call's limit; the second is answered nine tenths of the
    // limit after it starts: past the call's limit, inside a full window of its own. These timers all
    // run in this process, so the call's fires before the answer's however busy the machine: only an
    // attempt given a window of its own would get the answer.
    const { error, limit, calls } = await atScales(
      async (scale) => {
        const limit = 500 * scale;
        const state = { error: undefined as unknown, limit, calls: 0 };
        await serve((s) =>
          s.route('GET', '/v1/x', async (req, res) => {
            state.calls += 1;
            const call = state.calls;
            await sleep(call === 1 ? limit / 5 : (limit * 9) / 10, req.signal).catch(() => undefined);
            if (req.signal.aborted) return;
            return call === 1 ? res.json(503, {}) : res.json(200, { late: true });
          }),
        );
        state.error = await transport({ timeout: 60_000, totalTimeout: limit })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return state;
      },
      (state) => state.calls === 2,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(limit);
    expect((error as Error).message).toMatch(/retries included/);
    expect(calls).toBe(2);
  });

  it('reports a body that the limit cut off as the limit, not as an abort', async () => {
    const { error, limit, calls } = await atScales(
      async (scale) => {
        const limit = 400 * scale;
        const state = { error: undefined as unknown, limit, calls: 0 };
        await serve((s) =>
          s.route('GET', '/v1/x', async (_req, res) => {
            state.calls += 1;
            if (state.calls === 1) return res.json(503, {});
            res.raw.writeHead(200, { 'content-type': 'application/json' });
            res.raw.write('{"a":');
            await new Promise(() => {});
          }),
        );
        state.error = await transport({ timeout: 60_000, totalTimeout: limit })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return state;
      },
      (state) => state.calls === 2,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(limit);
    expect(calls).toBe(2);
  });

  it('counts the time a token provider takes against the limit of the call', async () => {
    // The provider takes a quarter of the call's limit and the answer comes seven eighths of the limit
    // after the attempt starts: past the call's limit, inside a window of the call's length of its own.
    const { error, limit } = await atScales(
      async (scale) => {
        const limit = 400 * scale;
        await serve((s) =>
          s.route('GET', '/v1/x', async (req, res) => {
            await sleep((limit * 7) / 8, req.signal).catch(() => undefined);
            if (!req.signal.aborted) res.json(200, { late: true });
          }),
        );
        const error = await transport({
          timeout: 60_000,
          totalTimeout: limit,
          token: async () => {
            await sleep(limit / 4);
            return 'slow-token';
          },
        })
          .request({ method: 'GET', path: '/x' })
          .catch((e: unknown) => e);
        return { error, limit };
      },
      () => server.requests.length > 0,
    );
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(limit);
    expect(server.requests).toHaveLength(1);
  });

  it("lets the caller's signal end a streamed body whose attempt had a guard of its own", async () => {
    await serve((s) =>
      s.route('GET', '/v1/stream', async (_req, res) => {
        res.raw.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.raw.write('{"n":1}\n');
        await new Promise(() => {});
      }),
    );
    const controller = new AbortController();
    // The token arrives after the attempt's own limit could end inside the call's: the attempt is guarded.
    const body = await transport({
      timeout: 60_000,
      totalTimeout: 10_000,
      token: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'stream-token';
      },
    }).request<ReadableStream<Uint8Array>>(
      { method: 'GET', path: '/stream', responseType: 'stream' },
      { signal: controller.signal },
    );
    const reader = body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"n":1}\n');
    const next = reader.read();
    controller.abort();
    await expect(next).rejects.toThrow();
  });

  it('retries a status the retry options list, 413 included', async () => {
    let calls = 0;
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => {
        calls += 1;
        return calls === 1 ? res.json(413, {}) : res.json(200, { ok: true });
      }),
    );
    const data = await transport({ retry: { statusCodes: [413], baseDelayMs: 1 } }).request({
      method: 'GET',
      path: '/x',
    });
    expect(data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});

describe('error bodies', () => {
  it('reads the body of an error response into the error', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(503, { errors: ['draining'] })));
    const error = (await transport({ retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ServiceUnavailableError;
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    expect(error.errors).toEqual(['draining']);
  });

  it('leaves an error body over 10 MiB unread: the error keeps its status and no body', async () => {
    const large = 'x'.repeat(10 * 1024 * 1024 + 1);
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.text(500, large)));
    const error = (await transport({ retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.body).toBeUndefined();
  });
});

describe('raw bodies', () => {
  it('hands a streamed body to fetch as it is, never a copy of it', async () => {
    await serve((s) => s.route('PUT', '/v1/blob', (_req, res) => res.empty(204)));
    const stream = new Blob(['payload']).stream();
    const seen: unknown[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(init?.body ?? (input instanceof Request ? input.body : undefined));
      return fetch(input, init);
    };
    await transport({ fetch: spy }).request({ method: 'PUT', path: '/blob', rawBody: stream });
    expect(seen).toEqual([stream]);
    expect(server.requests[0]?.body).toBe('payload');
  });

  it('sends a byte body again on a retry', async () => {
    let calls = 0;
    await serve((s) =>
      s.route('PUT', '/v1/blob', (req, res) => {
        calls += 1;
        if (calls === 1) res.json(503, {});
        else res.text(200, req.text);
      }),
    );
    const text = await transport({ retry: { baseDelayMs: 1 } }).request({
      method: 'PUT',
      path: '/blob',
      rawBody: new TextEncoder().encode('again'),
      idempotent: true,
      responseType: 'text',
    });
    expect(text).toBe('again');
    expect(calls).toBe(2);
  });
});
