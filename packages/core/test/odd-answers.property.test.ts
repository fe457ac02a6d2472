// Whatever a server answers and whatever headers a caller passes, a call ends in a success or in one of
// the documented error classes, never in a bare Error, TypeError or RangeError. Over a real socket on
// 127.0.0.1: a server that writes the status line, headers and body fast-check makes up, byte for byte.
import { createServer, type Server } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, type HeadersInput, InfraSdkError } from '../src/index.js';

/** The classes a call may end in: every one is documented, none is the bare root. */
const DOCUMENTED = new Set([
  'ApiError',
  'BadRequestError',
  'UnauthorizedError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableEntityError',
  'RateLimitError',
  'ServerError',
  'ServiceUnavailableError',
  'RequestValidationError',
  'ResponseValidationError',
  'TimeoutError',
  'ConnectionError',
  'RedirectError',
  'AbortError',
]);

interface Answer {
  readonly statusLine: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

let server: Server;
let base: string;
let next: Answer = { statusLine: 'HTTP/1.1 200 OK', headers: [], body: '{}' };

beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => {
      const { statusLine, headers, body } = next;
      const lines = [statusLine, ...headers.map(([name, value]) => `${name}: ${value}`)];
      lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/);
const headerValue = fc.string({ maxLength: 24 });

/** Status lines: every code from 0 to 1 099, HTTP versions, reasons, and lines that are not status lines. */
const statusLine = fc.oneof(
  fc.integer({ min: 0, max: 1_099 }).map((code) => `HTTP/1.1 ${code} Reason`),
  fc
    .tuple(
      fc.constantFrom('HTTP/1.0', 'HTTP/1.1', 'HTTP/2', 'HTTP/9.9', 'ICY'),
      fc.integer({ min: 0, max: 999 }),
      fc.string({ maxLength: 12 }),
    )
    .map(([version, code, reason]) => `${version} ${code} ${reason}`),
  fc.constantFrom(
    'HTTP/1.1 301 Moved',
    'HTTP/1.1 302 Found',
    'HTTP/1.1 303 See Other',
    'HTTP/1.1 307 Temporary',
    'HTTP/1.1 308 Permanent',
  ),
  fc.string({ maxLength: 20 }),
);

/**
 * Where a redirect points: this server, other origins and schemes, user information, and garbage. The
 * transport refuses every other origin, so no request leaves 127.0.0.1.
 */
const location = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath().map((path) => `${base}${path}`),
  fc.webPath(),
  fc
    .constantFrom(
      () => base.replace('://', '://user:pass@'),
      () => '//elsewhere.invalid/x',
      () => 'ftp://127.0.0.1/x',
      () => 'javascript:alert(1)',
      () => 'data:text/plain,hi',
      () => 'http://[::1',
      () => 'http://127.0.0.1:0/',
      () => `${base}/v1/x?access_token=leaked`,
    )
    .map((make) => make()),
  fc.string({ maxLength: 30 }),
);

const answer: fc.Arbitrary<Answer> = fc.record({
  statusLine,
  headers: fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom('location', 'Location'), location),
      fc.tuple(fc.constantFrom('retry-after', 'ratelimit-reset', 'x-request-id'), headerValue),
      fc.tuple(
        fc.constant('content-type'),
        fc.constantFrom('application/json', 'text/plain', 'application/x-ndjson'),
      ),
      fc.tuple(headerName, headerValue),
    ),
    { maxLength: 4 },
  ),
  body: fc.oneof(fc.json(), fc.string({ maxLength: 40 }), fc.constant('')),
});

/** Headers as a caller may pass them: every supported shape, and anything else at all. */
const headersInput = fc.oneof(
  fc.dictionary(headerName, headerValue, { maxKeys: 3 }),
  fc.dictionary(headerName, headerValue, { maxKeys: 3 }).map((record) => new Headers(record)),
  fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }).map((pairs) => new Map(pairs)),
  fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
  fc.anything(),
) as fc.Arbitrary<HeadersInput>;

describe('any answer, any headers', () => {
  it('property: a call ends in a success or a documented error class, never a bare one', async () => {
    await fc.assert(
      fc.asyncProperty(
        answer,
        fc.option(headersInput, { nil: undefined }),
        fc.option(headersInput, { nil: undefined }),
        fc.option(headersInput, { nil: undefined }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom('json', 'text') as fc.Arbitrary<'json' | 'text'>,
        async (reply, perCall, perRequest, fromHook, method, responseType) => {
          next = reply;
          const transport = createTransport({
            baseUrl: base,
            pathPrefix: '/v1',
            token: 'property-secret-token',
            auth: { type: 'header', name: 'X-Test-Token' },
            timeout: 500,
            totalTimeout: 2_000,
            retry: { limit: 1, baseDelayMs: 1, maxRetryAfterMs: 20 },
            hooks: { onRequest: () => fromHook },
          });
          const outcome = await transport
            .send(
              {
                method,
                path: '/x',
                responseType,
                ...(method === 'GET' || method === 'DELETE' ? {} : { body: { n: 1 } }),
                ...(perRequest === undefined ? {} : { headers: perRequest }),
              },
              perCall === undefined ? {} : { headers: perCall },
            )
            .then(
              () => 'success',
              (error: unknown) => error,
            );
          if (outcome === 'success') return;
          expect(InfraSdkError.isInstance(outcome)).toBe(true);
          expect(DOCUMENTED.has((outcome as Error).name)).toBe(true);
          expect(String(outcome)).not.toContain('property-secret-token');
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
