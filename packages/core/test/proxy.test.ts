// Proxies in Node over real sockets: the test kit's forward proxy on 127.0.0.1, a plain-http service
// (the test server) and an https one (node:https with the loopback certificate of ./fixtures). The
// proxy comes from createNodeFetch's options or from HTTP_PROXY, HTTPS_PROXY and NO_PROXY.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readClientEnv } from '../src/env.js';
import { ConnectionError, InfraSdkError } from '../src/errors.js';
import { createNodeFetch, type NodeFetch, type NodeFetchOptions } from '../src/node/index.js';
import {
  startTestProxy,
  startTestServer,
  type TestProxy,
  type TestProxyOptions,
} from '../src/testing/index.js';
import { createTransport } from '../src/transport.js';
import { trackServers } from './support.js';

const TOKEN = 'service-token-5f1d2c3b4a';
const cert = readFileSync(new URL('./fixtures/loopback-cert.pem', import.meta.url), 'utf8');
const key = readFileSync(new URL('./fixtures/loopback-key.pem', import.meta.url), 'utf8');
const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];

const serve = trackServers();
const proxies: TestProxy[] = [];
const fetches: NodeFetch[] = [];
const tlsServers: Server[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await Promise.all(fetches.splice(0).map((f) => f.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await Promise.all(
    tlsServers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** Clears every proxy variable of the machine the tests run on, then sets `values`. */
function proxyEnv(values: Record<string, string> = {}): void {
  for (const name of PROXY_VARIABLES) vi.stubEnv(name, values[name] ?? '');
}

async function proxy(options?: TestProxyOptions): Promise<TestProxy> {
  const started = await startTestProxy(options);
  proxies.push(started);
  return started;
}

function nodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const created = createNodeFetch(options);
  fetches.push(created);
  return created;
}

/** A plain-http service that answers with the credentials it saw. */
async function httpService() {
  const server = await serve();
  server.route('GET', '/v1/whoami', (req, res) =>
    res.json(200, {
      token: req.header('authorization') ?? null,
      proxy: req.header('proxy-authorization') ?? null,
    }),
  );
  return server;
}

/** An https service (the loopback certificate) that answers with the credentials it saw. */
async function httpsService(): Promise<{ url: string; port: number }> {
  const server = createServer({ cert, key }, (req, res) => {
    const body = JSON.stringify({
      token: req.headers.authorization ?? null,
      proxy: req.headers['proxy-authorization'] ?? null,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  tlsServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}`, port };
}

function whoami(baseUrl: string, fetch: typeof globalThis.fetch) {
  const transport = createTransport({ baseUrl, pathPrefix: '/v1', token: TOKEN, fetch, retry: false });
  return transport.request<{ token: string | null; proxy: string | null }>({
    method: 'GET',
    path: '/whoami',
  });
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('createNodeFetch with a proxy address', () => {
  it('asks the proxy for an http service in absolute form; the token reaches the service', async () => {
    proxyEnv();
    const service = await httpService();
    const forward = await proxy();
    const seen = await whoami(service.url, nodeFetch({ proxy: forward.url }));
    expect(seen).toEqual({ token: `Bearer ${TOKEN}`, proxy: null });
    expect(forward.requests).toMatchObject([
      { kind: 'forward', method: 'GET', target: `${service.url}/v1/whoami`, refused: undefined },
    ]);
    expect(forward.requests[0]?.headers['proxy-authorization']).toBeUndefined();
  });

  it('tunnels to an https service with CONNECT; the proxy sees neither the path nor the token', async () => {
    proxyEnv();
    const service = await httpsService();
    const forward = await proxy();
    const seen = await whoami(service.url, nodeFetch({ proxy: forward.url, ca: cert }));
    expect(seen).toEqual({ token: `Bearer ${TOKEN}`, proxy: null });
    expect(forward.requests).toMatchObject([
      { kind: 'connect', method: 'CONNECT', target: `127.0.0.1:${service.port}` },
    ]);
    const tunnelled = Buffer.from(forward.requests[0]?.tunnelled ?? []);
    // A TLS handshake and records went through, none of it readable.
    expect(tunnelled.byteLength).toBeGreaterThan(100);
    expect(tunnelled.includes(TOKEN)).toBe(false);
    expect(tunnelled.includes('/v1/whoami')).toBe(false);
    expect(JSON.stringify(forward.requests[0]?.headers)).not.toContain(TOKEN);
  });

  it("sends the proxy's credentials from its address, to the proxy only, for http and https", async () => {
    proxyEnv();
    const plain = await httpService();
    const secure = await httpsService();
    const guarded = await proxy({ credentials: { username: 'ops@corp', password: 'p:ss/w@rd' } });
    const address = `http://${encodeURIComponent('ops@corp')}:${encodeURIComponent('p:ss/w@rd')}@127.0.0.1:${guarded.port}`;
    const through = nodeFetch({ proxy: address, ca: cert });
    expect(await whoami(plain.url, through)).toEqual({ token: `Bearer ${TOKEN}`, proxy: null });
    expect(await whoami(secure.url, through)).toEqual({ token: `Bearer ${TOKEN}`, proxy: null });
    expect(guarded.requests.map((r) => [r.kind, r.headers['proxy-authorization'], r.refused])).toEqual([
      ['forward', basic('ops@corp', 'p:ss/w@rd'), undefined],
      ['connect', basic('ops@corp', 'p:ss/w@rd'), undefined],
    ]);
    expect(plain.requests[0]?.headers['proxy-authorization']).toBeUndefined();
    expect(inspect(through, { showHidden: true, depth: 10 })).not.toContain('p:ss');
  });

  it('fails as a connection error when the proxy refuses the credentials, and nothing reaches the service', async () => {
    proxyEnv();
    const plain = await httpService();
    const secure = await httpsService();
    const guarded = await proxy({ credentials: { username: 'ops', password: 'right' } });
    const through = nodeFetch({ proxy: `http://ops:wrong-secret@127.0.0.1:${guarded.port}`, ca: cert });
    for (const url of [plain.url, secure.url]) {
      const error = await whoami(url, through).catch((caught: unknown) => caught);
      expect(ConnectionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(
        /proxy answered 407 instead of passing the request on: it wants credentials/,
      );
      expect(inspect(error, { depth: 10 })).not.toContain('wrong-secret');
      expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
    }
    expect(guarded.requests.map((r) => [r.kind, r.refused])).toEqual([
      ['forward', 407],
      ['connect', 407],
    ]);
    expect(plain.requests).toEqual([]);
  });

  it('reaches the hosts of `noProxy` directly, and ignores the variables', async () => {
    proxyEnv({ NO_PROXY: '*' });
    const direct = await httpService();
    const proxied = await httpService();
    const forward = await proxy();
    const through = nodeFetch({ proxy: forward.url, noProxy: `127.0.0.1:${direct.port}` });
    await whoami(direct.url, through);
    await whoami(proxied.url, through);
    expect(forward.requests.map((r) => r.target)).toEqual([`${proxied.url}/v1/whoami`]);
    expect(direct.requests).toHaveLength(1);
  });

  it('refuses an address that is not an http(s) proxy, without repeating it', () => {
    for (const proxy of ['socks5://user:hunter22@127.0.0.1:1080', 'http://[not a host']) {
      let message = '';
      try {
        createNodeFetch({ proxy });
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/`proxy` must be an http:\/\/ or https:\/\/ address/);
      expect(message).not.toContain('hunter22');
    }
  });
});

describe('createNodeFetch with the proxy variables', () => {
  it('sends http services through HTTP_PROXY and https ones through HTTPS_PROXY', async () => {
    const plainProxy = await proxy();
    const secureProxy = await proxy();
    proxyEnv({ HTTP_PROXY: plainProxy.url, HTTPS_PROXY: secureProxy.url });
    const plain = await httpService();
    const secure = await httpsService();
    const through = nodeFetch({ ca: cert });
    await whoami(plain.url, through);
    await whoami(secure.url, through);
    expect(plainProxy.requests.map((r) => r.kind)).toEqual(['forward']);
    expect(secureProxy.requests.map((r) => [r.kind, r.target])).toEqual([
      ['connect', `127.0.0.1:${secure.port}`],
    ]);
  });

  it('reads the lower-case names first, and takes host:port without a scheme as http://', async () => {
    const chosen = await proxy();
    const ignored = await proxy();
    proxyEnv({ http_proxy: `127.0.0.1:${chosen.port}`, HTTP_PROXY: ignored.url });
    const plain = await httpService();
    await whoami(plain.url, nodeFetch());
    expect(chosen.requests).toHaveLength(1);
    expect(ignored.requests).toHaveLength(0);
  });

  it('sends the hosts NO_PROXY lists directly, by host and port or by name', async () => {
    const forward = await proxy();
    const direct = await httpService();
    const proxied = await httpService();
    proxyEnv({ HTTP_PROXY: forward.url, NO_PROXY: `example.test, 127.0.0.1:${direct.port}` });
    const through = nodeFetch();
    await whoami(direct.url, through);
    await whoami(proxied.url, through);
    expect(forward.requests.map((r) => r.target)).toEqual([`${proxied.url}/v1/whoami`]);

    proxyEnv({ HTTP_PROXY: forward.url, no_proxy: '127.0.0.1' });
    await whoami(proxied.url, nodeFetch());
    expect(forward.requests).toHaveLength(1);
    expect(proxied.requests).toHaveLength(2);
  });

  it('lets `noProxy` replace NO_PROXY, and `proxy: false` ignore every variable', async () => {
    const forward = await proxy();
    const plain = await httpService();
    proxyEnv({ HTTP_PROXY: forward.url, NO_PROXY: '127.0.0.1' });
    await whoami(plain.url, nodeFetch({ noProxy: 'example.test' }));
    expect(forward.requests).toHaveLength(1);
    proxyEnv({ HTTP_PROXY: forward.url });
    await whoami(plain.url, nodeFetch({ proxy: false }));
    expect(forward.requests).toHaveLength(1);
    expect(plain.requests).toHaveLength(2);
  });

  it('names a variable that holds no proxy address, never its value', () => {
    proxyEnv({ HTTPS_PROXY: 'ftp://ops:hunter22@proxy.example' });
    expect(() => createNodeFetch()).toThrow(InfraSdkError);
    expect(() => createNodeFetch()).toThrow(/^HTTPS_PROXY is not a proxy address/);
    try {
      createNodeFetch();
    } catch (error) {
      expect(inspect(error)).not.toContain('hunter22');
    }
  });
});

describe('fromEnv in Node: readClientEnv', () => {
  const names = { address: 'SVC_ADDR', token: 'SVC_TOKEN', service: 'test service', example: 'http://x' };

  it('gives no fetch when no proxy variable is set, or when the caller gave one', () => {
    proxyEnv({ NO_PROXY: '127.0.0.1' });
    expect(readClientEnv(names, { baseUrl: 'http://127.0.0.1:1' }).fetch).toBeUndefined();
    proxyEnv({ HTTP_PROXY: 'http://127.0.0.1:9' });
    const own = (() => Promise.reject(new Error('unused'))) as typeof fetch;
    expect(readClientEnv(names, { baseUrl: 'http://127.0.0.1:1', fetch: own }).fetch).toBeUndefined();
  });

  it('gives a fetch through the proxies of the variables, honouring NO_PROXY', async () => {
    const forward = await proxy({ credentials: { username: 'env', password: 'from-the-url' } });
    const direct = await httpService();
    const proxied = await httpService();
    proxyEnv({
      HTTP_PROXY: `http://env:from-the-url@127.0.0.1:${forward.port}`,
      NO_PROXY: `127.0.0.1:${direct.port}`,
    });
    vi.stubEnv('SVC_TOKEN', TOKEN);
    for (const service of [proxied, direct]) {
      const env = readClientEnv(names, { baseUrl: service.url });
      expect(env.fetch).toBeTypeOf('function');
      expect(inspect(env, { depth: 10 })).not.toContain('from-the-url');
      const transport = createTransport({ ...env, pathPrefix: '/v1', retry: false });
      expect(await transport.request({ method: 'GET', path: '/whoami' })).toEqual({
        token: `Bearer ${TOKEN}`,
        proxy: null,
      });
    }
    expect(forward.requests.map((r) => [r.target, r.headers['proxy-authorization']])).toEqual([
      [`${proxied.url}/v1/whoami`, basic('env', 'from-the-url')],
    ]);
    expect(direct.requests).toHaveLength(1);
  });

  it('fails when a proxy variable holds no proxy address, naming the variable', () => {
    proxyEnv({ http_proxy: 'socks5://ops:hunter22@127.0.0.1:1080' });
    let message = '';
    try {
      readClientEnv(names, { baseUrl: 'http://127.0.0.1:1' });
    } catch (error) {
      expect(InfraSdkError.isInstance(error)).toBe(true);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^http_proxy is not a proxy address/);
    expect(message).not.toContain('hunter22');
  });

  it('leaves the proxy to the runtime in Bun and Deno, whose fetch reads the variables itself', () => {
    proxyEnv({ HTTP_PROXY: 'http://127.0.0.1:9' });
    for (const runtime of ['Bun', 'Deno']) {
      vi.stubGlobal(runtime, {});
      expect(readClientEnv(names, { baseUrl: 'http://127.0.0.1:1' }).fetch).toBeUndefined();
      vi.unstubAllGlobals();
    }
  });
});

describe('the test proxy', () => {
  it('refuses what a forward proxy does not serve, and answers 502 for a target it cannot reach', async () => {
    proxyEnv();
    const forward = await proxy();
    expect((await fetch(`${forward.url}/v1/whoami`)).status).toBe(400);
    const gone = await startTestServer();
    const { port } = gone;
    await gone.close();
    const through = nodeFetch({ proxy: forward.url });
    expect((await through(`http://127.0.0.1:${port}/gone`)).status).toBe(502);
    await expect(through(`https://127.0.0.1:${port}/gone`)).rejects.toThrow('fetch failed');
    expect(forward.requests.map((r) => [r.kind, r.refused])).toEqual([
      ['forward', 400],
      ['forward', 502],
      ['connect', 502],
    ]);
  });
});

describe('outside Node', () => {
  it('leaves proxies to the runtime: `#env-proxy` gives no fetch there, whatever the variables say', async () => {
    proxyEnv({ HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' });
    const { envProxyFetch } = await import('../src/node/env-proxy-none.js');
    expect(envProxyFetch()).toBeUndefined();
  });
});
