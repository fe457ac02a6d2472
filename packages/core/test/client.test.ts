import { afterEach, describe, expect, it } from 'vitest';
import {
  createServiceTransport,
  RequestValidationError,
  readEnv,
  type ServiceProfile,
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
      transport,
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
    expect(await sendRawRequest(transport, { method: 'POST', path: '/x', body: { a: 1 } })).toEqual({
      auth: 'Bearer t-1234',
      body: { a: 1 },
    });
  });

  it('refuses raw paths that could leave the prefix, before sending', async () => {
    server = await startTestServer();
    const transport = createServiceTransport(profile, { baseUrl: server.url });
    for (const path of ['x', '/a/../b', '/a/%2e%2e/b', '/a?b=1', '/a#f', '/a/%zz', '/./a']) {
      await expect(sendRawRequest(transport, { method: 'GET', path })).rejects.toThrow(
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
