// Options are checked at run time as strictly as TypeScript checks them: a misspelt or unsupported key
// of any options object core takes is a RequestValidationError naming the key and the nearest option,
// and the server it would have reached sees no request.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import {
  blockingOptionKeys,
  blockingWatchOptionKeys,
  type ClientCore,
  checkOptions,
  createBackoff,
  createRetryLoop,
  createServiceTransport,
  createTransport,
  type EnvNames,
  type OptionKeys,
  optionsFromEnv,
  paginate,
  parseNdjson,
  RequestValidationError,
  requestOptionKeys,
  retryLoopOptionKeys,
  sendOperation,
  sendRawRequest,
  toBlockingQuery,
  validateRequest,
  validateRequestBody,
  watch,
  watchBlocking,
} from '../src/index.js';
import { createNodeFetch, readTlsFiles } from '../src/node/index.js';
import { startTestProxy, startTestServer } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

/** The refusal `run` throws (or rejects with), checked to be a RequestValidationError. */
async function refusal(run: () => unknown): Promise<RequestValidationError> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(RequestValidationError.isInstance(caught), String(caught)).toBe(true);
  return caught as RequestValidationError;
}

/** A server that answers every GET under /v1 and records what it was asked. */
async function service() {
  const server = await serve();
  server.route('GET', '/v1/*rest', (_req, res) => res.json(200, { ok: true }, { 'x-index': '5' }));
  return server;
}

describe('checkOptions', () => {
  it('names the unknown key and the nearest option; passes undefined, null and known keys', () => {
    const keys = { maxFailures: 1, backoffMs: 1 } as const;
    expect(() => checkOptions(undefined, keys, 'x')).not.toThrow();
    expect(() => checkOptions(null, keys, 'x')).not.toThrow();
    expect(() => checkOptions({ maxFailures: 2, backoffMs: undefined }, keys, 'x')).not.toThrow();
    const error = (() => {
      try {
        checkOptions({ maxFialures: 2, backoffMS: 1 }, keys, 'stream options');
      } catch (caught) {
        return caught as RequestValidationError;
      }
      throw new Error('not refused');
    })();
    expect(error.message).toBe(
      'Invalid stream options (nothing was sent): maxFialures: unknown option; did you mean `maxFailures`?; backoffMS: unknown option; did you mean `backoffMs`?',
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['maxFialures', 'backoffMS']);
  });

  it('names the nearest option even when it is far, with the list of options', async () => {
    const error = await refusal(() => checkOptions({ maxReconnects: 0 }, retryLoopOptionKeys, 'loop'));
    expect(error.issues[0]?.message).toMatch(
      /^unknown option; did you mean `\w+`\? The options are signal, /,
    );
  });

  it('reads a list of key sets, and keys inherited from a prototype are not options', async () => {
    expect(() =>
      checkOptions({ index: 1, signal: undefined }, [requestOptionKeys, blockingOptionKeys], 'x'),
    ).not.toThrow();
    const error = await refusal(() => checkOptions({ toString: 1 }, [requestOptionKeys], 'x'));
    expect(error.issues[0]?.path).toBe('toString');
  });
});

describe('client options', () => {
  it('createTransport refuses a misspelt option before any request, naming the nearest', async () => {
    const server = await service();
    const error = await refusal(() => createTransport({ baseUrl: server.url, tokn: 'x' } as never));
    expect(error.message).toContain('tokn: unknown option; did you mean `token`?');
    expect(server.requests).toHaveLength(0);
  });

  it('checks the nested options: retry, rateLimit, hooks, auth, metaHeaders, debug', async () => {
    const server = await service();
    const base = { baseUrl: server.url, pathPrefix: '/v1' };
    for (const [options, named] of [
      [{ rateLimit: { perSecond: 1, bursts: 2 } }, '`burst`'],
      [{ hooks: { onRetries: () => {} } }, '`onRetry`'],
      [{ auth: { type: 'header', nmae: 'x' } }, '`name`'],
      [{ metaHeaders: { idnex: 'x-index' } }, '`index`'],
      [{ debug: { body: true } }, '`bodies`'],
    ] as const) {
      const error = await refusal(() => createTransport({ ...base, ...options } as never));
      expect(error.message).toContain(`did you mean ${named}?`);
    }
    // The retry options are checked when a call first needs them: still before it is sent.
    const transport = createTransport({ ...base, retry: { limt: 1 } as never });
    const error = await refusal(() => transport.request({ method: 'GET', path: '/x' }));
    expect(error.message).toContain('limt: unknown option; did you mean `limit`?');
    const perCall = await refusal(() =>
      createTransport(base).request({ method: 'GET', path: '/x' }, { retry: { retryWrite: true } as never }),
    );
    expect(perCall.message).toContain('did you mean `retryWrites`?');
    expect(server.requests).toHaveLength(0);
  });

  it("createServiceTransport checks against ClientOptions and the client's own keys, when the profile lists them", async () => {
    const server = await service();
    const profile = {
      packageName: 'mesh',
      packageVersion: '1.0.0',
      pathPrefix: '/v1',
      auth: { type: 'bearer' } as const,
      optionKeys: { consistency: 1 },
    };
    const error = await refusal(() =>
      createServiceTransport(profile, { baseUrl: server.url, consistancy: 'stale' } as never),
    );
    expect(error.message).toBe(
      'Invalid client options (nothing was sent): consistancy: unknown option; did you mean `consistency`?',
    );
    // The client's own key is not refused, and the transport ignores it.
    const transport = createServiceTransport(profile, { baseUrl: server.url, consistency: 'stale' } as never);
    await transport.request({ method: 'GET', path: '/x' });
    // A profile without its keys checks nothing: the client has not listed what it takes.
    const { optionKeys: _, ...unlisted } = profile;
    createServiceTransport(unlisted, { baseUrl: server.url, consistancy: 'stale' } as never);
    expect(server.requests).toHaveLength(1);
  });

  it('optionsFromEnv refuses an unknown override before reading any variable', async () => {
    const names: EnvNames = { address: 'OPTIONS_CHECK_ADDR', token: 'T', service: 's', example: 'x' };
    const error = await refusal(() =>
      optionsFromEnv(names, { baseUrl: 'http://127.0.0.1:1', timout: 5 }, [
        requestOptionKeys,
        { baseUrl: 1 },
      ]),
    );
    expect(error.message).toContain('timout: unknown option; did you mean `timeout`?');
  });
});

describe('per-call options', () => {
  const keys = [requestOptionKeys, blockingOptionKeys, { partition: 1 }];

  it('sendOperation refuses a key its options do not have, before describing the call', async () => {
    const server = await service();
    const core: ClientCore = { transport: createTransport({ baseUrl: server.url, pathPrefix: '/v1' }) };
    let described = 0;
    const list = (options: Record<string, unknown>) =>
      sendOperation(
        core,
        () => {
          described += 1;
          return {
            method: 'GET',
            path: '/namespaces',
            blocking: toBlockingQuery(options, { maxWaitMs: 1, defaultWaitMs: 1 }),
          };
        },
        options,
        keys,
      );
    for (const [key, nearest] of [
      ['partiton', 'partition'],
      ['perPage', undefined],
      ['consistancy', 'consistency'],
      ['meta', undefined],
      ['params', undefined],
    ] as const) {
      const error = await refusal(() => list({ [key]: 'x' }));
      expect(error.issues[0]?.path).toBe(key);
      if (nearest) expect(error.issues[0]?.message).toBe(`unknown option; did you mean \`${nearest}\`?`);
    }
    expect(described).toBe(0);
    await list({ partition: 'p', index: 1, timeout: 1000 });
    expect(server.requests).toHaveLength(1);
  });

  it('sendRawRequest refuses a raw request key it does not know, and call options by the rules', async () => {
    const server = await service();
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
    const core: ClientCore = { transport, rules: { optionKeys: { namespace: 1 } } };
    const raw = await refusal(() =>
      sendRawRequest(core, { method: 'GET', path: '/x', params: { a: 1 } } as never),
    );
    expect(raw.message).toContain('params: unknown option; did you mean `path`?');
    const call = await refusal(() =>
      sendRawRequest(core, { method: 'GET', path: '/x' }, { namspace: 'a' } as never),
    );
    expect(call.message).toContain('namspace: unknown option; did you mean `namespace`?');
    await sendRawRequest(core, { method: 'GET', path: '/x' }, { namespace: 'a' } as never);
    expect(server.requests).toHaveLength(1);
  });
});

describe('long-lived work', () => {
  it('watch and watchBlocking refuse an unknown key before the first request', async () => {
    const server = await service();
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'x-index' },
    });
    const fetcher = (query: { index: number; waitMs: number }, signal: AbortSignal) =>
      transport.request({ method: 'GET', path: '/w', blocking: query }, { signal }).withMeta();
    const iterator = watch(fetcher, { maxReconnects: 0 } as never);
    const error = await refusal(() => iterator.next());
    expect(error.message).toContain('maxReconnects: unknown option; did you mean');
    const limits = { maxWaitMs: 60_000, defaultWaitMs: 1_000 };
    const blocking = watchBlocking(
      { waitt: '1s' } as never,
      limits,
      (call) =>
        transport.request({ method: 'GET', path: '/w', blocking: toBlockingQuery(call, limits) }, call),
      [retryLoopOptionKeys, blockingWatchOptionKeys, requestOptionKeys],
    );
    const blockingError = await refusal(() => blocking.next());
    expect(blockingError.message).toContain('waitt: unknown option; did you mean `wait`?');
    expect(server.requests).toHaveLength(0);
  });

  it('paginate, createRetryLoop, createBackoff and parseNdjson refuse an unknown key at once', async () => {
    const server = await service();
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
    let pages = 0;
    const error = await refusal(() =>
      paginate(
        async () => {
          pages += 1;
          await transport.request({ method: 'GET', path: '/p' });
          return { items: [] };
        },
        { startTokn: 'a' } as never,
      ),
    );
    expect(error.message).toContain('did you mean `startToken`?');
    expect(pages).toBe(0);
    expect((await refusal(() => createRetryLoop({ maxFailure: 2 } as never))).message).toContain(
      'did you mean `maxFailures`?',
    );
    expect((await refusal(() => createBackoff({ initalMs: 2 } as never))).message).toContain(
      'did you mean `initialMs`?',
    );
    const body = new Response('{}\n').body as ReadableStream<Uint8Array>;
    expect((await refusal(() => parseNdjson(body, { idleTimeOut: 5 } as never))).message).toContain(
      'did you mean `idleTimeout`?',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('the Node transport and the test kit', () => {
  it('createNodeFetch refuses `https: { ca }`, naming `ca` as the option to give', async () => {
    const error = await refusal(() => createNodeFetch({ https: { ca: 'PEM' } } as never));
    expect(error.message).toBe(
      'Invalid createNodeFetch options (nothing was sent): https: unknown option; give `ca` at the top level, not inside `https`',
    );
    expect((await refusal(() => createNodeFetch({ keepAliveTimout: 5 } as never))).message).toContain(
      'did you mean `keepAliveTimeout`?',
    );
  });

  it('readTlsFiles refuses a path it does not read, before reading any file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tls-keys-'));
    try {
      const error = await refusal(() => readTlsFiles({ caFile: join(dir, 'ca.pem') } as never));
      expect(error.message).toContain('caFile: unknown option; did you mean `ca`?');
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('startTestServer, its routes, startTestProxy refuse unknown options', async () => {
    expect((await refusal(() => startTestServer({ gzipp: true } as never))).message).toContain(
      'did you mean `gzip`?',
    );
    const server = await serve();
    expect(
      (await refusal(() => server.route('GET', '/x', () => {}, { streamBodies: true } as never))).message,
    ).toContain('did you mean `streamBody`?');
    expect((await refusal(() => startTestProxy({ credential: {} } as never))).message).toContain(
      'did you mean `credentials`?',
    );
  });
});

describe('key sets', () => {
  it('are checked against their types both ways at compile time', () => {
    interface Options {
      readonly depth?: number | undefined;
      readonly follow?: boolean | undefined;
    }
    const keys = { depth: 1, follow: 1 } as const satisfies OptionKeys<Options>;
    // @ts-expect-error a key the type does not have
    const extra = { depth: 1, follow: 1, deep: 1 } as const satisfies OptionKeys<Options>;
    // @ts-expect-error a key of the type left out
    const missing = { depth: 1 } as const satisfies OptionKeys<Options>;
    expect([keys, extra, missing].map((set) => Object.keys(set).length)).toEqual([2, 3, 1]);
  });
});

describe('a body field refused by a strict object', () => {
  const Update = v.strictObject({ Canary: v.optional(v.number()), MaxParallel: v.optional(v.number()) });
  const Job = v.strictObject({
    ID: v.string(),
    Name: v.optional(v.string()),
    Update: v.optional(Update),
    TaskGroups: v.optional(v.array(v.strictObject({ Name: v.string(), Update: v.optional(Update) }))),
  });

  it('names where a field of that name belongs, or the nearest field, and nothing is sent', async () => {
    const server = await service();
    const core: ClientCore = { transport: createTransport({ baseUrl: server.url, pathPrefix: '/v1' }) };
    const register = (job: unknown) =>
      sendOperation(core, async () => ({
        method: 'PUT',
        path: '/jobs',
        body: await validateRequestBody(Job, job, 'job'),
      }));
    const canary = await refusal(() => register({ ID: 'web', Canary: 1 }));
    expect(canary.issues).toEqual([
      {
        path: 'Canary',
        message: 'is not a field here; `Canary` belongs in `Update` or `TaskGroups[].Update`',
      },
    ]);
    const typo = await refusal(() => register({ ID: 'web', Nmae: 'x' }));
    expect(typo.issues[0]?.message).toBe('is not a field; did you mean `Name`? (names are case-sensitive)');
    const nested = await refusal(() =>
      register({ ID: 'web', TaskGroups: [{ Name: 'g', Update: { canary: 1 } }] }),
    );
    expect(nested.issues[0]).toEqual({
      path: 'TaskGroups.0.Update.canary',
      message: 'is not a field; did you mean `Canary`? (names are case-sensitive)',
    });
    const far = await refusal(() => register({ ID: 'web', Datacenters: ['dc1'] }));
    expect(far.issues[0]?.message).toBe('is not a field; the fields are ID, Name, Update, TaskGroups');
    // A schema's own message for an unknown key is kept as it is.
    const Own = v.strictObject({ ID: v.string() }, 'only ID');
    const own = await refusal(() => validateRequestBody(Own, { ID: 'a', Name: 'b' }, 'job'));
    // validateRequest keeps valibot's words: a read that checks a name carries no schema walk.
    const plain = await refusal(() => validateRequest(Job, { ID: 'web', Canary: 1 }, 'job'));
    expect(plain.issues[0]?.message).toMatch(/^Invalid key/);
    expect(own.issues[0]?.message).toBe('only ID');
    expect(server.requests).toHaveLength(0);
  });
});

afterEach(() => {
  delete process.env.OPTIONS_CHECK_ADDR;
});
