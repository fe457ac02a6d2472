import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  type ClientCore,
  createServiceTransport,
  extendMeta,
  InfraSdkError,
  mergeHeaders,
  type RequestOptions,
  RequestValidationError,
  type ResponseMeta,
  ResponseValidationError,
  readEnv,
  type ServiceProfile,
  type ServiceRules,
  type StandardSchemaV1,
  sendRawRequest,
} from '../src/index.js';
import { startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const profile: ServiceProfile = {
  packageName: '@infra-sdk/example-client',
  packageVersion: '1.2.3',
  pathPrefix: '/v1',
  auth: { type: 'header', name: 'X-Example-Token' },
  headers: { 'x-example-request': 'true' },
  metaHeaders: { index: 'X-Example-Index' },
};

describe('service transport', () => {
  it('applies the profile and the user options together', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/thing/:name', (req, res) =>
      res.json(200, { headers: req.headers, name: req.params.name }, { 'x-example-index': '9' }),
    );
    const transport = createServiceTransport(profile, {
      baseUrl: server.url,
      token: 'example-token',
      headers: { 'x-team': 'blue' },
      userAgent: 'my-tool/0.1',
      timeout: 1_000,
      totalTimeout: 5_000,
      retry: 1,
      validateResponses: true,
      maxResponseBytes: 1_000_000,
      blockingMargin: 2_000,
      fetch: (input, init) => fetch(input, init),
      hooks: {},
    });
    const { data, meta } = await sendRawRequest<{ headers: Record<string, string>; name: string }>(
      { transport },
      {
        method: 'GET',
        path: '/thing/a%2Fb',
        query: { q: '1' },
        headers: { 'x-extra': 'e' },
      },
    ).withMeta();
    expect(data.name).toBe('a/b');
    expect(data.headers['x-example-token']).toBe('example-token');
    expect(data.headers['x-example-request']).toBe('true');
    expect(data.headers['x-team']).toBe('blue');
    expect(data.headers['x-extra']).toBe('e');
    expect(data.headers['user-agent']).toBe('@infra-sdk/example-client/1.2.3 my-tool/0.1');
    expect(meta.index).toBe(9);
  });

  it('lets the user pick another auth scheme', async () => {
    server = await startTestServer();
    server.route('POST', '/v1/x', (req, res) =>
      res.json(200, { auth: req.header('authorization'), body: req.json() }),
    );
    const transport = createServiceTransport(profile, {
      baseUrl: server.url,
      token: 't-1234',
      auth: { type: 'bearer' },
    });
    expect(await sendRawRequest({ transport }, { method: 'POST', path: '/x', body: { a: 1 } })).toEqual({
      auth: 'Bearer t-1234',
      body: { a: 1 },
    });
  });

  it('refuses raw paths that could leave the prefix, before sending', async () => {
    server = await startTestServer();
    const transport = createServiceTransport(profile, { baseUrl: server.url });
    for (const path of ['x', '/a/../b', '/a/%2e%2e/b', '/a?b=1', '/a#f', '/a/%zz', '/./a']) {
      await expect(sendRawRequest({ transport }, { method: 'GET', path })).rejects.toThrow(
        RequestValidationError,
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('reads environment variables, treating empty as unset', () => {
    process.env.INFRA_SDK_TEST_VALUE = 'v';
    process.env.INFRA_SDK_TEST_EMPTY = '';
    expect(readEnv('INFRA_SDK_TEST_VALUE')).toBe('v');
    expect(readEnv('INFRA_SDK_TEST_EMPTY')).toBeUndefined();
    expect(readEnv('INFRA_SDK_TEST_MISSING')).toBeUndefined();
  });
});

describe('raw requests take the path of operations', () => {
  interface EnvelopeMeta extends ResponseMeta {
    readonly lease: string;
  }

  /** A service whose rules do all four things a service may do, as the secrets and registry rules do. */
  function ruledCore(baseUrl: string, seen: string[]): ClientCore<EnvelopeMeta> {
    const rules: ServiceRules<EnvelopeMeta> = {
      prepare: (spec) => {
        seen.push(`prepare ${spec.method} ${spec.path}`);
        if (JSON.stringify(spec.body ?? '').length > 40) {
          throw new RequestValidationError('request body', [{ path: '', message: 'too large' }]);
        }
        return { ...spec, parseJson: (text) => JSON.parse(text.replace('"n":1', '"n":"exact"')) };
      },
      callOptions: (options) => {
        const { team, ...rest } = options as RequestOptions & { team?: string };
        return team === undefined
          ? rest
          : { ...rest, headers: mergeHeaders(rest.headers, { 'x-team': team }) };
      },
      unwrap: (body, meta) => {
        const envelope = body as { ok?: boolean; data?: unknown; lease?: string };
        if (envelope.ok === false) throw new InfraSdkError('the service reported a failure');
        return { data: envelope.data, meta: extendMeta(meta, { lease: envelope.lease ?? '' }) };
      },
      mapError: (error) =>
        ApiError.isInstance(error) && error.status === 403 ? new InfraSdkError('mapped 403') : error,
    };
    return {
      transport: createServiceTransport(profile, { baseUrl, token: 'example-token' }),
      rules,
    };
  }

  it('applies prepare, callOptions, unwrap and mapError; the payload is the whole envelope', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/leased', (req, res) =>
      res.json(200, { ok: true, data: { n: 1 }, lease: 'lease-7', team: req.header('x-team') ?? null }),
    );
    server.route('GET', '/v1/reported', (_req, res) => res.json(200, { ok: false }));
    server.route('GET', '/v1/forbidden', (_req, res) => res.json(403, { errors: ['no'] }));
    const seen: string[] = [];
    const core = ruledCore(server.url, seen);
    const { data, meta } = await sendRawRequest(core, { method: 'GET', path: '/leased' }, {
      team: 'blue',
    } as RequestOptions).withMeta();
    // The service's parser ran (prepare), its header went out (callOptions), the envelope stayed.
    expect(data).toEqual({ ok: true, data: { n: 'exact' }, lease: 'lease-7', team: 'blue' });
    expect(meta.lease).toBe('lease-7');
    expect(seen).toEqual(['prepare GET /leased']);
    await expect(sendRawRequest(core, { method: 'GET', path: '/reported' })).rejects.toThrow(
      'the service reported a failure',
    );
    await expect(sendRawRequest(core, { method: 'GET', path: '/forbidden' })).rejects.toThrow('mapped 403');
  });

  it('refuses before sending what the service rules refuse, and validates against a schema', async () => {
    server = await startTestServer();
    server.route('POST', '/v1/leased', (_req, res) => res.json(200, { ok: true, data: 1 }));
    const core = ruledCore(server.url, []);
    await expect(
      sendRawRequest(core, { method: 'POST', path: '/leased', body: { text: 'x'.repeat(100) } }),
    ).rejects.toThrow(RequestValidationError);
    expect(server.requests).toHaveLength(0);
    const wrongShape: StandardSchemaV1<unknown, string> = {
      '~standard': { version: 1, vendor: 't', validate: () => ({ issues: [{ message: 'not a string' }] }) },
    };
    await expect(
      sendRawRequest(core, { method: 'POST', path: '/leased', body: {}, schema: wrongShape }),
    ).rejects.toThrow(ResponseValidationError);
  });

  it('works on a core without rules, with the fields it leaves out given as undefined', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/plain', (req, res) => res.json(200, { query: req.query.toString() }));
    const transport = createServiceTransport(profile, { baseUrl: server.url });
    const body = await sendRawRequest(
      { transport },
      {
        method: 'GET',
        path: '/plain',
        query: undefined,
        body: undefined,
        headers: undefined,
        responseType: undefined,
        schema: undefined,
      },
      { timeout: undefined, retry: undefined, headers: undefined },
    );
    expect(body).toEqual({ query: '' });
  });
});
