import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthScheme,
  createTransport,
  InfraSdkError,
  RequestValidationError,
  type StandardSchemaV1,
  validateRequest,
} from '../src/index.js';
import { startTestServer, type TestServer } from '../src/testing/index.js';

const TOKEN = 's.Zk3qV8-very-secret-token';
let server: TestServer;

// Every route echoes what it received, token included, the way a careless or hostile server might.
beforeAll(async () => {
  server = await startTestServer();
  const echo = (req: { headers: Record<string, string>; path: string; query: URLSearchParams }) =>
    `${req.headers.authorization ?? ''} ${req.headers['x-secrets-token'] ?? ''} ${req.query.get('access_token') ?? ''} ${req.path}`;
  for (const status of [400, 401, 402, 403, 404, 422, 429, 500, 502, 503]) {
    server.route('GET', `/v1/status/${status}`, (req, res) =>
      res.json(status, { errors: [`denied for ${echo(req)}`, { detail: echo(req) }], success: false }),
    );
    server.route('GET', `/v1/text/${status}`, (req, res) => res.text(status, `failure: ${echo(req)}`));
  }
  server.route('GET', '/v1/hang', (_req, res) => res.hang());
  server.route('GET', '/v1/drop', (_req, res) => res.destroy());
  server.route('GET', '/v1/reset', (req, res) => res.resetAfter(`{"partial":"${echo(req)}`));
  server.route('GET', '/v1/bad-json', (req, res) => res.text(200, `{not json ${echo(req)}`));
  server.route('GET', '/v1/bad-shape', (req, res) => res.json(200, { value: echo(req) }));
});
afterAll(async () => {
  await server.close();
});

const schemes: AuthScheme[] = [
  { type: 'bearer' },
  { type: 'header', name: 'X-Secrets-Token' },
  { type: 'query', name: 'access_token' },
];

const rejectAll: StandardSchemaV1<unknown, never> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) => ({ issues: [{ message: `unexpected ${JSON.stringify(value)}` }] }),
  },
};

function renderings(value: unknown): string[] {
  const error = value as Error;
  const out = [
    String(value),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    JSON.stringify(value),
    error.message ?? '',
    error.stack ?? '',
  ];
  let cause: unknown = error.cause;
  while (cause !== undefined && cause !== null) {
    out.push(String(cause), inspect(cause, { depth: Number.POSITIVE_INFINITY, showHidden: true }));
    cause = (cause as Error).cause;
  }
  return out;
}

async function collectErrors(
  scheme: AuthScheme,
  token: string | (() => Promise<string>),
): Promise<unknown[]> {
  const transport = createTransport({
    baseUrl: server.url,
    pathPrefix: '/v1',
    token,
    auth: scheme,
    retry: false,
    // Roomy for the answers; the hanging calls below get limits of their own.
    timeout: 10_000,
  });
  const calls: Array<() => Promise<unknown>> = [];
  for (const status of [400, 401, 402, 403, 404, 422, 429, 500, 502, 503]) {
    calls.push(() => transport.request({ method: 'GET', path: `/status/${status}` }));
    calls.push(() => transport.request({ method: 'GET', path: `/text/${status}` }));
  }
  calls.push(
    () => transport.request({ method: 'GET', path: '/hang' }, { timeout: 20 }),
    () => transport.request({ method: 'GET', path: '/drop' }),
    () => transport.request({ method: 'GET', path: '/reset' }),
    () => transport.request({ method: 'GET', path: '/bad-json' }),
    () => transport.request({ method: 'GET', path: '/bad-shape', schema: rejectAll }),
    () => transport.request({ method: 'GET', path: '/hang' }, { signal: AbortSignal.timeout(20) }),
    () =>
      transport.request({ method: 'GET', path: '/hang' }, { signal: AbortSignal.abort(new Error('stop')) }),
    () => validateRequest(rejectAll, { name: 'x' }, 'request'),
  );
  const errors: unknown[] = [];
  for (const call of calls)
    errors.push(
      await call().then(
        () => new Error('expected a failure'),
        (e: unknown) => e,
      ),
    );
  return errors;
}

describe('redaction', () => {
  for (const scheme of schemes) {
    it(`keeps a ${scheme.type} token out of every error class`, async () => {
      const errors = await collectErrors(scheme, TOKEN);
      const kinds = new Set(errors.map((e) => (e as Error).name));
      // Every class of the hierarchy that a call can raise is in play here.
      for (const kind of [
        'BadRequestError',
        'UnauthorizedError',
        'ApiError',
        'PermissionDeniedError',
        'NotFoundError',
        'UnprocessableEntityError',
        'RateLimitError',
        'ServerError',
        'ServiceUnavailableError',
        'TimeoutError',
        'ConnectionError',
        'ResponseValidationError',
        'AbortError',
        'RequestValidationError',
      ]) {
        expect(kinds).toContain(kind);
      }
      for (const error of errors) {
        expect(InfraSdkError.isInstance(error)).toBe(true);
        for (const text of renderings(error)) expect(text).not.toContain(TOKEN);
      }
    });
  }

  it('keeps a token from a provider out of errors too', async () => {
    const errors = await collectErrors({ type: 'query', name: 'access_token' }, async () => TOKEN);
    for (const error of errors) for (const text of renderings(error)) expect(text).not.toContain(TOKEN);
  });

  it('still tells the caller what the service said, with the token masked', async () => {
    const [first] = await collectErrors({ type: 'bearer' }, TOKEN);
    expect((first as Error).message).toMatch(/denied for Bearer \[redacted\]/);
  });

  it('keeps the token out of the transport itself', () => {
    const transport = createTransport({ baseUrl: server.url, token: TOKEN });
    for (const text of [
      String(transport),
      inspect(transport, { depth: 10, showHidden: true }),
      JSON.stringify(transport),
    ]) {
      expect(text).not.toContain(TOKEN);
    }
    expect(JSON.stringify(transport)).toContain('[redacted]');
  });

  it('keeps request values out of the message of a request that fails validation only as far as the schema says', async () => {
    const error = await validateRequest(rejectAll, 1, 'job').catch((e: unknown) => e);
    expect(RequestValidationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('Invalid job (nothing was sent): unexpected 1');
  });
});

describe('every form a token takes on the wire', () => {
  // `~ ( ) ! '` stay as they are in encodeURIComponent but are encoded in a form (URLSearchParams), and a
  // space is `%20` in one and `+` in the other: a query token shows up in neither form as written.
  const ODD = "Zk3 q~V8(x)!'s-secret";
  const forms = [ODD, encodeURIComponent(ODD), new URLSearchParams({ k: ODD }).toString().slice(2)];

  it('has three different forms for this token', () => {
    expect(new Set(forms).size).toBe(3);
    expect(forms[2]).toContain('+');
    expect(forms[2]).toContain('%7E');
  });

  it('keeps a query token out of messages, causes, stacks and inspected errors, in every form', async () => {
    const odd = await startTestServer();
    try {
      // The server quotes what it received in every form: raw, as the URL carried it, and percent-encoded.
      const echo = (req: { query: URLSearchParams }) => {
        const value = req.query.get('key') ?? '';
        return `${value} | ${encodeURIComponent(value)} | ${req.query.toString()}`;
      };
      odd.route('GET', '/v1/json', (req, res) =>
        res.json(400, { errors: [`refused ${echo(req)}`, { detail: echo(req) }] }),
      );
      odd.route('GET', '/v1/text', (req, res) => res.text(503, `down ${echo(req)}`));
      odd.route('GET', '/v1/shape', (req, res) => res.json(200, { value: echo(req) }));
      const transport = (fetchImpl?: typeof fetch) =>
        createTransport({
          baseUrl: odd.url,
          pathPrefix: '/v1',
          token: ODD,
          auth: { type: 'query', name: 'key' },
          retry: false,
          ...(fetchImpl ? { fetch: fetchImpl } : {}),
        });
      // A runtime failure that quotes the URL it was given, with the token in it as fetch sent it.
      const quoting = (async (input: Request) => {
        throw new TypeError(`fetch failed for ${input.url}`, {
          cause: new Error(`socket closed: ${input.url} (${decodeURIComponent(input.url)})`),
        });
      }) as unknown as typeof fetch;
      const errors = [
        await transport()
          .request({ method: 'GET', path: '/json' })
          .catch((e: unknown) => e),
        await transport()
          .request({ method: 'GET', path: '/text' })
          .catch((e: unknown) => e),
        await transport()
          .request({ method: 'GET', path: '/shape', schema: rejectAll })
          .catch((e: unknown) => e),
        await transport(quoting)
          .request({ method: 'GET', path: '/json' })
          .catch((e: unknown) => e),
      ];
      expect(errors.map((e) => (e as Error).name)).toEqual([
        'BadRequestError',
        'ServiceUnavailableError',
        'ResponseValidationError',
        'ConnectionError',
      ]);
      // The token did reach the server, which quoted it back in every form.
      expect(odd.requests[0]?.query.get('key')).toBe(ODD);
      for (const error of errors) {
        for (const text of renderings(error)) for (const form of forms) expect(text).not.toContain(form);
      }
      expect((errors[0] as Error).message).toContain('[redacted]');
    } finally {
      await odd.close();
    }
  });
});
