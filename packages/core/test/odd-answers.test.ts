// Odd answers and odd inputs over real sockets: statuses outside HTTP's range, redirects to addresses
// with user information, and headers in every shape the platform has.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorTexts } from '../../../test-support/error-texts.js';
import { failure } from '../../../test-support/loopback.js';
import {
  ApiError,
  ConflictError,
  ConnectionError,
  createServiceTransport,
  createTransport,
  type HeadersInput,
  InfraSdkError,
  mergeHeaders,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  type TransportOptions,
} from '../src/index.js';
import type { TestServer } from '../src/testing/index.js';
import { trackServers } from './support.js';

const TOKEN = 'tok-0dd-answers-5ecret';
const serve = trackServers();

const rawServers: Server[] = [];
afterEach(async () => {
  await Promise.all(rawServers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that answers every request with `head` (status line and headers) and `body`, byte for byte. */
async function rawServer(head: string, body = ''): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (data) => {
      requests.push(data.toString('latin1'));
      socket.end(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    });
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, requests };
}

function transport(baseUrl: string, options: Partial<TransportOptions> = {}) {
  return createTransport({
    baseUrl,
    pathPrefix: '/v1',
    token: TOKEN,
    auth: { type: 'header', name: 'X-Test-Token' },
    retry: false,
    ...options,
  });
}

describe('statuses outside the range HTTP defines', () => {
  it.each([
    [999, 'Odd'],
    [600, 'Six Hundred'],
  ])(
    'maps %i to a ServerError that says what came back, with metadata and no token',
    async (status, text) => {
      const body = JSON.stringify({ errors: [`proxy said no to ${TOKEN}`] });
      const server = await rawServer(
        `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\nx-request-id: rid-${status}`,
        body,
      );
      const error = await failure(transport(server.url).request({ method: 'GET', path: '/x' }));
      expect(ServerError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        status,
        method: 'GET',
        url: `${server.url}/v1/x`,
        requestId: `rid-${status}`,
      });
      expect((error as Error).message).toContain(`failed with status ${status}`);
      expect((error as Error).message).toContain('outside the range HTTP defines');
      expect((error as ApiError).errors).toEqual(['proxy said no to [redacted]']);
      for (const text of errorTexts(error)) expect(text).not.toContain(TOKEN);
    },
  );

  it('maps a status 0 (a fetch that answers Response.error()) to a ServerError', async () => {
    const error = await failure(
      transport('http://127.0.0.1:9', { fetch: async () => Response.error() }).request({
        method: 'GET',
        path: '/x',
      }),
    );
    expect(ServerError.isInstance(error)).toBe(true);
    expect((error as ServerError).status).toBe(0);
  });

  it.each(['000 Zero', '99 Small', '1000 Big', '150 Early'])(
    'reports a status line %s that fetch itself refuses as a ConnectionError',
    async (line) => {
      const server = await rawServer(`HTTP/1.1 ${line}`, '{}');
      const error = await failure(transport(server.url).request({ method: 'GET', path: '/x' }));
      expect(ConnectionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/GET \/v1\/x: the service could not be reached/);
    },
  );

  it('maps a 3xx that is no redirect to follow to an ApiError, not a ServerError', async () => {
    for (const head of ['HTTP/1.1 304 Not Modified', 'HTTP/1.1 302 Found']) {
      const server = await rawServer(head);
      const error = await failure(transport(server.url).request({ method: 'GET', path: '/x' }));
      expect(ApiError.isInstance(error)).toBe(true);
      expect(ServerError.isInstance(error)).toBe(false);
      expect((error as Error).message).toContain('not a redirect the client can follow');
    }
  });

  it('keeps an error body labelled JSON that is not JSON as text, for the message', async () => {
    const server = await rawServer(
      'HTTP/1.1 502 Bad Gateway\r\ncontent-type: application/json',
      'upstream connect error or disconnect/reset before headers',
    );
    const error = await failure(transport(server.url).request({ method: 'GET', path: '/x' }));
    expect(ServerError.isInstance(error)).toBe(true);
    expect((error as ApiError).body).toBe('upstream connect error or disconnect/reset before headers');
    expect((error as Error).message).toContain('status 502: upstream connect error');
  });

  it('maps 409 to a ConflictError', async () => {
    const service = await serve();
    service.route('PUT', '/v1/x', (_req, res) => res.json(409, { errors: ['namespace exists'] }));
    const error = await failure(transport(service.url).request({ method: 'PUT', path: '/x', body: {} }));
    expect(ConflictError.isInstance(error)).toBe(true);
    expect(ApiError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/status 409: namespace exists\. The request conflicts/);
  });
});

describe('redirects to an address with user information', () => {
  it.each(['same origin', 'another origin'])(
    'are refused as a RedirectError naming the credentials (%s), and nothing is sent there',
    async (where) => {
      const service = await serve();
      const other = await serve();
      const target = (where === 'same origin' ? service : other).url.replace('://', '://user:pass@');
      service.route('GET', '/v1/moved', (_req, res) => res.empty(302, { location: `${target}/v1/here` }));
      service.route('GET', '/v1/here', (_req, res) => res.json(200, {}));
      const error = await failure(
        transport(service.url, { trustedOrigins: [other.url] }).request({ method: 'GET', path: '/moved' }),
      );
      expect(RedirectError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ problem: 'credentials', status: 302 });
      expect((error as RedirectError).location).not.toContain('pass');
      expect((error as Error).message).toContain('carries a user name or password');
      expect(service.requests.map((r) => r.path)).toEqual(['/v1/moved']);
      expect(other.requests).toHaveLength(0);
    },
  );
});

describe('headers in every shape', () => {
  const shapes: Array<[string, (name: string, value: string) => HeadersInput]> = [
    ['a plain object', (name, value) => ({ [name]: value })],
    ['a Headers', (name, value) => new Headers({ [name]: value })],
    ['a Map', (name, value) => new Map([[name, value]])],
    ['a list of pairs', (name, value) => [[name, value]]],
  ];

  async function echoing(): Promise<TestServer> {
    const service = await serve();
    service.route('GET', '/v1/echo', (req, res) => res.json(200, req.headers));
    return service;
  }

  it.each(shapes)('reach the server from every option as %s', async (_shape, make) => {
    const service = await echoing();
    const client = transport(service.url, {
      headers: make('X-Client', 'c'),
      hooks: { onRequest: () => make('X-Hook', 'h') },
    });
    const seen = (await client.request(
      { method: 'GET', path: '/echo', headers: make('X-Spec', 's') },
      { headers: make('X-Call', 'k') },
    )) as Record<string, string>;
    expect(seen).toMatchObject({ 'x-client': 'c', 'x-spec': 's', 'x-call': 'k', 'x-hook': 'h' });
    const profiled = createServiceTransport(
      { packageName: 'p', packageVersion: '1', pathPrefix: '/v1', auth: { type: 'bearer' } },
      { baseUrl: service.url, headers: make('X-Client', 'from-options') },
    );
    expect(await profiled.request({ method: 'GET', path: '/echo' })).toMatchObject({
      'x-client': 'from-options',
    });
  });

  it('remove a default header with undefined in a Map as in an object', async () => {
    const service = await echoing();
    const client = transport(service.url, { headers: { 'X-Default': 'd', 'X-Kept': 'k' } });
    const seen = (await client.request(
      { method: 'GET', path: '/echo' },
      { headers: new Map([['x-default', undefined]]) },
    )) as Record<string, string>;
    expect(seen['x-default']).toBeUndefined();
    expect(seen['x-kept']).toBe('k');
  });

  const unsupported: Array<[string, unknown]> = [
    ['a string', 'X-A: 1'],
    ['a Set', new Set(['X-A'])],
    ['a pair of three', [['X-A', '1', 'extra']]],
    ['a pair with a number', [['X-A', 1]]],
    ['an instance of a class', new (class Custom {})()],
  ];

  it.each(unsupported)('refuse %s before anything is sent, naming the option', async (_what, value) => {
    const service = await echoing();
    const calls: Array<() => Promise<unknown>> = [
      async () => transport(service.url, { headers: value as HeadersInput }),
      () =>
        transport(service.url).request({ method: 'GET', path: '/echo' }, { headers: value as HeadersInput }),
      () => transport(service.url).request({ method: 'GET', path: '/echo', headers: value as HeadersInput }),
      () =>
        transport(service.url, { hooks: { onRequest: () => value as HeadersInput } }).request({
          method: 'GET',
          path: '/echo',
        }),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect(RequestValidationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/headers|onRequest/);
    }
    expect(service.requests).toHaveLength(0);
  });

  it('refuse a credential from a hook in any shape', async () => {
    const service = await echoing();
    for (const [, make] of shapes) {
      const error = await failure(
        transport(service.url, { hooks: { onRequest: () => make('X-Test-Token', 'stolen') } }).request({
          method: 'GET',
          path: '/echo',
        }),
      );
      expect(InfraSdkError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('never set or replace a credential');
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('mergeHeaders', () => {
  it('joins layers of any shape, later ones winning, undefined kept to remove a default', () => {
    expect(
      mergeHeaders(
        new Headers({ 'X-A': '1', 'X-B': '1' }),
        new Map<string, string | undefined>([['x-b', undefined]]),
        [['X-C', '3']],
        undefined,
        { 'X-A': '4' },
      ),
    ).toEqual({ 'x-a': '4', 'x-b': undefined, 'x-c': '3' });
    expect(() => mergeHeaders({ 'X-A': '1' }, 'x-b: 2' as unknown as HeadersInput)).toThrow(
      RequestValidationError,
    );
  });
});

describe('bodies nested deeper than a parser can follow', () => {
  it('are reported as too-deep with their depth, not as invalid JSON', async () => {
    const depth = 100_000;
    const service = await serve();
    service.route('GET', '/v1/deep', (_req, res) =>
      res.text(200, `${'['.repeat(depth)}${']'.repeat(depth)}`),
    );
    // JSON.parse follows it; a recursive parser (as an exact-number parser may be) runs out of stack.
    expect(await transport(service.url).request({ method: 'GET', path: '/deep' })).toBeInstanceOf(Array);
    const recursive = (text: string): unknown => {
      const walk = (at: number): unknown => (text[at] === '[' ? [walk(at + 1)] : []);
      return walk(0);
    };
    const error = await failure(
      transport(service.url).request({ method: 'GET', path: '/deep', parseJson: recursive }),
    );
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'too-deep' });
    expect((error as Error).message).toContain(`nests ${depth} levels deep`);
  });
});
