// Every option of every public function of core, misspelt at random (a character dropped, two swapped,
// one inserted or replaced): each one is refused with a RequestValidationError before anything reaches
// the server, and its message names an option as near to the misspelling as any (by a distance computed
// here, independently of core's).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientCore,
  clientOptionKeys,
  createBackoff,
  createFailureStreak,
  createRetryLoop,
  createServiceTransport,
  createTransport,
  type EnvNames,
  optionsFromEnv,
  paginate,
  parseNdjson,
  RequestValidationError,
  requestOptionKeys,
  sendOperation,
  sendRawRequest,
  watch,
} from '../src/index.js';
import { createNodeFetch, readTlsFiles } from '../src/node/index.js';
import {
  createTestClock,
  rateLimited,
  readBlockingQuery,
  startTestProxy,
  startTestServer,
  type TestServer,
} from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.route('GET', '/v1/*rest', (_req, res) => res.json(200, [], { 'x-index': '2' }));
});
afterAll(() => server.close());

/** Optimal string alignment distance, on names with case, `_` and `-` set aside. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase().replaceAll(/[-_]/g, '');
  const y = b.toLowerCase().replaceAll(/[-_]/g, '');
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[x.length] as number[])[y.length] as number;
}

type Edit = {
  readonly kind: 'drop' | 'swap' | 'insert' | 'replace';
  readonly at: number;
  readonly char: string;
};

const edits = fc.record({
  kind: fc.constantFrom('drop', 'swap', 'insert', 'replace'),
  at: fc.nat(),
  char: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'),
}) as fc.Arbitrary<Edit>;

function misspell(key: string, { kind, at, char }: Edit): string {
  const i = at % (key.length + (kind === 'insert' ? 1 : 0));
  if (kind === 'drop') return key.slice(0, i) + key.slice(i + 1);
  if (kind === 'insert') return key.slice(0, i) + char + key.slice(i);
  if (kind === 'replace') return key.slice(0, i) + char + key.slice(i + 1);
  const j = Math.min(i, key.length - 2);
  return key.slice(0, j) + key.charAt(j + 1) + key.charAt(j) + key.slice(j + 2);
}

const base = () => ({ baseUrl: server.url, pathPrefix: '/v1' });
const core = (): ClientCore => ({ transport: createTransport(base()) });
const fetcher = (query: { index: number; waitMs: number }, signal: AbortSignal) =>
  createTransport({ ...base(), metaHeaders: { index: 'x-index' } })
    .request({ method: 'GET', path: '/w', blocking: query }, { signal })
    .withMeta();
const env: EnvNames = {
  address: 'PROPERTY_UNSET_ADDR',
  token: 'PROPERTY_UNSET_TOKEN',
  service: 's',
  example: 'x',
};

const clientKeys = [
  'baseUrl',
  'token',
  'headers',
  'fetch',
  'timeout',
  'totalTimeout',
  'retry',
  'hooks',
  'logger',
  'logLevel',
  'debug',
  'validateResponses',
  'maxResponseBytes',
  'blockingMargin',
  'trustedOrigins',
  'maxRedirects',
  'clock',
  'rateLimit',
  'userAgent',
];
const loopKeys = ['signal', 'backoffMs', 'maxBackoffMs', 'maxFailures', 'onRetry', 'clock', 'logger'];
const callKeys = ['signal', 'timeout', 'headers', 'retry', 'totalTimeout', 'validateResponse', 'token'];
const tlsKeys = ['ca', 'cert', 'key', 'passphrase', 'servername', 'rejectUnauthorized'];

/** Each public function that takes options: their keys, and a call with `options` that must be refused. */
const functions: ReadonlyArray<{
  readonly name: string;
  readonly keys: readonly string[];
  readonly run: (options: Record<string, unknown>) => unknown;
}> = [
  {
    name: 'createTransport',
    keys: [...clientKeys, 'pathPrefix', 'auth', 'metaHeaders', 'crossOriginRedirects'],
    run: async (options) => createTransport({ ...base(), ...options }).request({ method: 'GET', path: '/t' }),
  },
  {
    name: 'createServiceTransport (a client listing its own keys)',
    keys: [...clientKeys, 'auth', 'namespace', 'region'],
    run: async (options) =>
      createServiceTransport(
        {
          packageName: 'p',
          packageVersion: '1',
          pathPrefix: '/v1',
          auth: { type: 'bearer' },
          optionKeys: { namespace: 1, region: 1 },
        },
        { baseUrl: server.url, ...options },
      ).request({ method: 'GET', path: '/s' }),
  },
  {
    name: 'sendOperation (per-call options)',
    keys: [...callKeys, 'index', 'wait', 'consistency'],
    run: (options) =>
      sendOperation(core(), () => ({ method: 'GET', path: '/o' }), options, [
        requestOptionKeys,
        { index: 1, wait: 1, consistency: 1 },
      ]),
  },
  {
    name: 'sendRawRequest (the request)',
    keys: ['method', 'path', 'query', 'body', 'headers', 'responseType', 'schema'],
    run: (options) => sendRawRequest(core(), { method: 'GET', path: '/r', ...options }),
  },
  {
    name: 'sendRawRequest (per-call options of a client listing its own)',
    keys: [...callKeys, 'namespace'],
    run: (options) =>
      sendRawRequest(
        { ...core(), rules: { optionKeys: { namespace: 1 } } },
        { method: 'GET', path: '/r' },
        options,
      ),
  },
  {
    name: 'retry options',
    keys: ['limit', 'retryWrites', 'statusCodes', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'],
    run: (options) => createTransport(base()).request({ method: 'GET', path: '/retry' }, { retry: options }),
  },
  {
    name: 'rateLimit',
    keys: ['perSecond', 'burst'],
    run: (options) => createTransport({ ...base(), rateLimit: { perSecond: 1, ...options } as never }),
  },
  {
    name: 'hooks',
    keys: ['onRequest', 'onResponse', 'onRetry'],
    run: (options) => createTransport({ ...base(), hooks: options }),
  },
  {
    name: 'debug',
    keys: ['logger', 'bodies'],
    run: (options) => createTransport({ ...base(), debug: options }),
  },
  {
    name: 'metaHeaders',
    keys: ['requestId', 'index', 'knownLeader', 'lastContact', 'nextToken'],
    run: (options) => createTransport({ ...base(), metaHeaders: options }),
  },
  {
    name: 'watch',
    keys: [...loopKeys, 'index', 'waitMs'],
    run: (options) => watch(fetcher, options).next(),
  },
  {
    name: 'paginate',
    keys: ['signal', 'startToken'],
    run: (options) =>
      paginate(
        async (_token, signal) => ({
          items: (await fetcher({ index: 0, waitMs: 1 }, signal)).data as unknown[],
        }),
        options,
      ).toArray(),
  },
  { name: 'createRetryLoop', keys: loopKeys, run: (options) => createRetryLoop(options) },
  { name: 'createBackoff', keys: ['initialMs', 'maxMs'], run: (options) => createBackoff(options) },
  {
    name: 'createFailureStreak',
    keys: ['clock', 'logger', 'what'],
    run: (options) => createFailureStreak(options),
  },
  {
    name: 'parseNdjson',
    keys: ['maxLineBytes', 'idleTimeout', 'signal', 'method', 'url', 'parse'],
    run: (options) => parseNdjson(new Response('{}\n').body as ReadableStream<Uint8Array>, options),
  },
  {
    name: 'optionsFromEnv (overrides of a client listing its keys)',
    keys: [...clientKeys, 'namespace'],
    run: (options) => optionsFromEnv(env, options, [clientOptionKeys, { namespace: 1 }]),
  },
  {
    name: 'createNodeFetch',
    keys: [...tlsKeys, 'proxy', 'noProxy', 'connections', 'keepAlive', 'keepAliveTimeout'],
    run: (options) => createNodeFetch(options),
  },
  { name: 'readTlsFiles', keys: ['ca', 'cert', 'key'], run: (options) => readTlsFiles(options) },
  {
    name: 'startTestServer',
    keys: ['gzip', 'maxBodyBytes', 'onRequest', 'errorReply', 'methods'],
    run: (options) => startTestServer(options),
  },
  {
    name: 'a test route',
    keys: ['streamBody', 'maxBodyBytes'],
    run: (options) => server.route('GET', '/x', () => {}, options),
  },
  { name: 'startTestProxy', keys: ['credentials'], run: (options) => startTestProxy(options) },
  {
    name: 'readBlockingQuery / blockingWait',
    keys: ['defaultWaitMs', 'maxWaitMs', 'jitter'],
    run: (options) => readBlockingQuery(new URLSearchParams('index=1'), options),
  },
  {
    name: 'rateLimited',
    keys: ['perSecond', 'clock', 'retryAfterSeconds'],
    run: (options) => rateLimited({ perSecond: 1, clock: createTestClock(0), ...options } as never, () => {}),
  },
];

describe('every option of every public function, misspelt', () => {
  for (const { name, keys, run } of functions) {
    it(`${name}: refused before sending, naming the nearest option`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), edits, async (key, edit) => {
          const wrong = misspell(key, edit);
          fc.pre(wrong !== '' && !keys.includes(wrong));
          const before = server.requests.length;
          let caught: unknown;
          try {
            await run({ [wrong]: 1 });
          } catch (error) {
            caught = error;
          }
          expect(RequestValidationError.isInstance(caught), `${wrong}: ${String(caught)}`).toBe(true);
          const issue = (caught as RequestValidationError).issues.find((each) => each.path === wrong);
          const named = /did you mean `([^`]+)`/.exec(issue?.message ?? '')?.[1];
          expect(named, issue?.message).toBeDefined();
          const nearest = Math.min(...keys.map((each) => distance(wrong, each)));
          expect(distance(wrong, named as string)).toBe(nearest);
          expect(distance(wrong, key)).toBeLessThanOrEqual(1);
          expect(server.requests.length).toBe(before);
        }),
        { numRuns: 100 },
      );
    });
  }
});
