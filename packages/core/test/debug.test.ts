// The debug switch: what it logs, where, and that no token reaches the log in any form, whatever the
// auth scheme, with a fixed token or a provider that rotates it.
import { Buffer } from 'node:buffer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AuthScheme,
  createServiceTransport,
  createTransport,
  type DebugFields,
  type DebugLogger,
  InfraSdkError,
  readClientEnv,
  type TokenSource,
} from '../src/index.js';
import { startTestServer, type TestRequest, type TestServer } from '../src/testing/index.js';

// Characters that every encoding writes differently: `~ ( ) ! '`, a space, `/`, `+`.
const TOKEN = "tok~en(s3cret)!'x y/z+w";
const ROTATED = "rot~ated(s3cret)!'a b/c+d";

/** Every form a token can take on the wire or in a body, for the assertions. */
function forms(token: string): string[] {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const base64url = (text: string) => Buffer.from(text).toString('base64url');
  return [
    token,
    encodeURIComponent(token),
    encodeURI(token),
    new URLSearchParams({ t: token }).toString().slice(2),
    base64(token).replace(/=+$/, ''),
    base64url(token),
    // Basic auth's `user:token`: the token's part of it, at each offset.
    base64(`user:${token}`).slice(8, -4),
    base64(`ab:${token}`).slice(4, -4),
    base64(`abc:${token}`).slice(8, -4),
  ];
}

/** What a careless or hostile service sends back: the token it received, in every form. */
function echo(req: TestRequest): Record<string, unknown> {
  const token =
    req.header('x-test-token') ??
    req.header('authorization')?.replace(/^Bearer /, '') ??
    req.query.get('access_token') ??
    '';
  return {
    raw: token,
    percent: encodeURIComponent(token),
    form: new URLSearchParams({ t: token }).toString(),
    base64: Buffer.from(token).toString('base64'),
    base64url: Buffer.from(token).toString('base64url'),
    basic: `Basic ${Buffer.from(`user:${token}`).toString('base64')}`,
    path: req.path,
    body: req.text,
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.route('*', '/v1/echo', (req, res) => res.json(200, echo(req), { 'x-request-id': 'req-42' }));
  // Each path fails once, quoting what it received, then answers.
  const failed = new Set<string>();
  server.route('GET', '/v1/flaky/:id', (req, res) => {
    if (failed.has(req.path)) return res.json(200, echo(req));
    failed.add(req.path);
    res.json(503, { errors: [`overloaded for ${JSON.stringify(echo(req))}`] });
  });
  server.route('GET', '/v1/denied', (req, res) =>
    res.json(403, { errors: [`no: ${JSON.stringify(echo(req))}`] }),
  );
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A logger that keeps every line and its fields. */
function recorder(): DebugLogger & { lines: string[]; fields: DebugFields[]; text: () => string } {
  const lines: string[] = [];
  const fields: DebugFields[] = [];
  return {
    lines,
    fields,
    debug(line, facts) {
      lines.push(line);
      fields.push(facts);
    },
    text: () => `${lines.join('\n')}\n${JSON.stringify(fields)}`,
  };
}

const schemes: AuthScheme[] = [
  { type: 'bearer' },
  { type: 'header', name: 'X-Test-Token' },
  { type: 'query', name: 'access_token' },
];

/**
 * Makes every kind of call that logs something, with bodies on, and returns the log. Each call also
 * quotes the first token in its query, path or body, as a later call may still quote a rotated one.
 */
async function logOf(scheme: AuthScheme, token: TokenSource): Promise<string> {
  const logger = recorder();
  const transport = createTransport({
    baseUrl: server.url,
    pathPrefix: '/v1',
    token,
    auth: scheme,
    retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 },
    debug: { logger, bodies: true },
  });
  const current = TOKEN;
  await transport.request({ method: 'GET', path: '/echo', query: { note: current, other: 'x' } });
  await transport.request({
    method: 'POST',
    path: '/echo',
    body: {
      note: current,
      nested: { value: `say ${current}` },
      basic: Buffer.from(`u:${current}`).toString('base64'),
    },
  });
  await transport.request({ method: 'GET', path: `/flaky/${encodeURIComponent(current)}-${Math.random()}` });
  await expect(transport.request({ method: 'GET', path: '/denied' })).rejects.toThrow();
  expect(logger.lines.length).toBeGreaterThanOrEqual(9);
  return logger.text();
}

describe('debug switch', () => {
  it('logs a line per request, response and retry with the facts a debugger needs', async () => {
    const logger = recorder();
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      token: TOKEN,
      retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 },
      debug: { logger },
    });
    await transport.request({ method: 'GET', path: '/echo', query: { q: '1' } });
    await transport.request({ method: 'GET', path: `/flaky/${Math.random()}` });
    expect(logger.lines[0]).toBe(`infra-sdk request GET ${server.url}/v1/echo?q=1 attempt 0`);
    expect(logger.lines[1]).toMatch(
      new RegExp(
        `^infra-sdk response 200 GET ${server.url}/v1/echo\\?q=1 attempt 0, \\d+ ms, request id req-42$`,
      ),
    );
    expect(logger.fields[1]).toMatchObject({
      event: 'response',
      method: 'GET',
      status: 200,
      attempt: 0,
      requestId: 'req-42',
    });
    expect(logger.fields[1]?.durationMs).toBeTypeOf('number');
    const retry = logger.fields.find((line) => line.event === 'retry');
    expect(retry).toMatchObject({ event: 'retry', attempt: 1 });
    expect(retry?.error).toContain('status 503');
    expect(logger.lines.filter((line) => line.includes('/flaky/'))).toHaveLength(5);
    // Bodies only when asked.
    expect(logger.lines.join('\n')).not.toContain('body:');
    expect(logger.fields.some((line) => line.body !== undefined)).toBe(false);
  });

  it('adds bodies when asked, with credential fields and passwords in addresses masked, long ones cut', async () => {
    const logger = recorder();
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      debug: { logger, bodies: true },
    });
    await transport.request({
      method: 'PUT',
      path: '/echo',
      body: {
        user: { login: 'ada', password: 'hunter2-long' },
        client_token: 'tk-123456',
        connection_url: 'postgres://ada:pw-98765@db:5432/app',
        count: 3,
      },
    });
    await transport.request({ method: 'POST', path: '/echo', body: { blob: 'x'.repeat(10_000) } });
    await transport.request({ method: 'POST', path: '/echo', rawBody: new Uint8Array(12) });
    const log = logger.text();
    expect(log).toContain('"login":"ada"');
    expect(log).toContain('"count":3');
    expect(log).toContain('"password":"[redacted]"');
    expect(log).toContain('"client_token":"[redacted]"');
    expect(log).toContain('postgres://ada:[redacted]@db:5432/app');
    for (const secret of ['hunter2-long', 'tk-123456', 'pw-98765']) expect(log).not.toContain(secret);
    expect(logger.lines.some((line) => line.includes('more characters)'))).toBe(true);
    expect(logger.lines.every((line) => line.length < 4096 + 400)).toBe(true);
    expect(
      logger.fields.find(
        (line) => line.event === 'request' && line.method === 'POST' && line.body === '[12 bytes]',
      ),
    ).toBeDefined();
  });

  it('masks credential fields however the JSON is laid out, in the hook events as in the log', async () => {
    const bodies: Array<string | undefined> = [];
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      hooks: { onRequest: (event) => void bodies.push(event.body()) },
    });
    const texts = [
      '{\n  "password": "pa\\"ss, word",\n  "name": "n"\n}',
      '{"api_key":12345678,"nested":{"Secret_Value":"s3cr3t-one"}}',
      '"private_key": "-----BEGIN KEY----- abc"',
      '{"note":"{\\"client_token\\":\\"s.quoted-123\\",\\"n\\":1}"}',
    ];
    for (const text of texts) await transport.request({ method: 'POST', path: '/echo', rawBody: text });
    const seen = bodies.join('\n');
    for (const secret of ['pa\\"ss', 'ss, word', '12345678', 's3cr3t-one', 'BEGIN KEY', 's.quoted-123']) {
      expect(seen).not.toContain(secret);
    }
    expect(seen).toContain('"name": "n"');
    expect(seen).toContain('\\"n\\":1');
    expect(bodies.every((body) => body?.includes('[redacted]'))).toBe(true);
  });

  for (const scheme of schemes) {
    it(`never logs a fixed token in any encoding (${scheme.type})`, async () => {
      const log = await logOf(scheme, TOKEN);
      expect(log).toContain('[redacted]');
      for (const form of forms(TOKEN)) expect(log).not.toContain(form);
    });

    it(`never logs a rotating token from a provider in any encoding (${scheme.type})`, async () => {
      let calls = 0;
      const provider = async () => (calls++ < 2 ? TOKEN : ROTATED);
      const log = await logOf(scheme, provider);
      expect(calls).toBeGreaterThan(4);
      expect(log).toContain('[redacted]');
      for (const form of [...forms(TOKEN), ...forms(ROTATED)]) expect(log).not.toContain(form);
    });
  }

  it('logs to console.debug by default, one line per event', async () => {
    const spy = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1', token: TOKEN, debug: true });
    await transport.request({ method: 'GET', path: '/echo' });
    expect(spy.mock.calls.map((call) => call.length)).toEqual([1, 1]);
    expect(String(spy.mock.calls[1]?.[0])).toMatch(/^infra-sdk response 200 GET /);
    for (const form of forms(TOKEN)) expect(JSON.stringify(spy.mock.calls)).not.toContain(form);
  });

  it('runs beside the caller’s hooks, whose headers still go out, and survives a logger that throws', async () => {
    const seen: string[] = [];
    const transport = createServiceTransport(
      { packageName: 'p', packageVersion: '1', pathPrefix: '/v1', auth: { type: 'bearer' } },
      {
        baseUrl: server.url,
        debug: {
          logger: {
            debug: () => {
              throw new Error('log disk full');
            },
          },
        },
        hooks: {
          onRequest: () => ({ traceparent: '00-abc-def-01' }),
          onResponse: (event) => {
            seen.push(`${event.status} ${event.requestId}`);
          },
        },
      },
    );
    const body = (await transport.request({ method: 'GET', path: '/echo' })) as { path: string };
    expect(body.path).toBe('/v1/echo');
    expect(server.requests.at(-1)?.headers.traceparent).toBe('00-abc-def-01');
    expect(seen).toEqual(['200 req-42']);
  });

  it('is off unless asked: false, undefined and no option log nothing', async () => {
    const spy = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    for (const debug of [false, undefined]) {
      await createTransport({ baseUrl: server.url, pathPrefix: '/v1', debug }).request({
        method: 'GET',
        path: '/echo',
      });
    }
    await createTransport({ baseUrl: server.url, pathPrefix: '/v1' }).request({
      method: 'GET',
      path: '/echo',
    });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('INFRA_SDK_DEBUG', () => {
  const names = {
    address: 'INFRA_SDK_T_ADDR',
    token: 'INFRA_SDK_T_TOKEN',
    service: 'test',
    example: 'http://h',
  };
  afterEach(() => {
    delete process.env.INFRA_SDK_DEBUG;
    delete process.env.INFRA_SDK_T_ADDR;
  });

  it('turns the switch on from fromEnv(), with bodies when it says so; the caller’s setting wins', () => {
    process.env.INFRA_SDK_T_ADDR = '127.0.0.1:1';
    const cases: Array<[string | undefined, unknown]> = [
      [undefined, undefined],
      ['', undefined],
      ['0', undefined],
      ['false', undefined],
      ['1', true],
      ['true', true],
      [' TRUE ', true],
      ['bodies', { bodies: true }],
    ];
    for (const [value, expected] of cases) {
      if (value === undefined) delete process.env.INFRA_SDK_DEBUG;
      else process.env.INFRA_SDK_DEBUG = value;
      expect(readClientEnv(names).debug).toEqual(expected);
    }
    process.env.INFRA_SDK_DEBUG = '1';
    expect(readClientEnv(names, { debug: false }).debug).toBeUndefined();
    expect(readClientEnv(names, { debug: undefined }).debug).toBe(true);
  });

  it('refuses a value it does not know, naming the variable and the values it takes', () => {
    process.env.INFRA_SDK_T_ADDR = '127.0.0.1:1';
    process.env.INFRA_SDK_DEBUG = 'verbose';
    expect(() => readClientEnv(names)).toThrow(InfraSdkError);
    expect(() => readClientEnv(names)).toThrow(
      /INFRA_SDK_DEBUG must be 1 or true .* bodies .* not "verbose"/,
    );
  });

  it('logs the calls of a client made from the environment', async () => {
    process.env.INFRA_SDK_T_ADDR = server.url;
    process.env.INFRA_SDK_DEBUG = '1';
    const spy = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const env = readClientEnv(names);
    const transport = createServiceTransport(
      { packageName: 'p', packageVersion: '1', pathPrefix: '/v1', auth: { type: 'bearer' } },
      { ...env, token: TOKEN },
    );
    await transport.request({ method: 'GET', path: '/echo' });
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
