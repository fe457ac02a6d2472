// Box transfers behind a forward proxy (core's test proxy on 127.0.0.1), the registry and its storage
// on two servers: the proxy from HTTP_PROXY and NO_PROXY through fromEnv(), or from the options of
// core's Node transport for a client made in code, with storage over https through a CONNECT tunnel.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createNodeFetch, type NodeFetch } from '@infra-sdk/core/node';
import { startTestProxy, startTestServer, type TestProxy, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistryClient, fromEnv } from '../src/index.js';
import { downloadBoxFile, uploadBoxFile } from '../src/node/index.js';
import { ALICE_TOKEN, providerAt, sampleBytes, useTempFolder } from './support.js';

const PROVIDER = '/api/v1/box/alice/base/version/1.0.0/provider/virtualbox';
const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
const asset = sampleBytes(900_000, 7);
const sha256 = createHash('sha256').update(asset).digest('hex');
const tempFolder = useTempFolder('registry-proxy-');

const closing: { close(): Promise<void> }[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closing.splice(0).map((item) => item.close()));
});

function closedAfter<T extends { close(): Promise<void> }>(item: T): T {
  closing.push(item);
  return item;
}

/** Clears every proxy variable of the machine the tests run on, then sets `values`. */
function proxyEnv(values: Record<string, string> = {}): void {
  for (const name of PROXY_VARIABLES) vi.stubEnv(name, values[name] ?? '');
}

/** Storage on a server of its own: PUT /put takes the box, GET /box gives it. */
async function plainStorage(): Promise<TestServer> {
  const storage = closedAfter(await startTestServer());
  storage.route(
    'PUT',
    '/put',
    async (req, res) => {
      for await (const _ of req.stream ?? []);
      res.empty(200);
    },
    { streamBody: true },
  );
  storage.route('GET', '/box', (_req, res) => {
    res.raw.writeHead(200, { 'content-length': String(asset.byteLength) });
    res.raw.end(asset);
  });
  return storage;
}

/** The same storage over https (the loopback certificate of ./fixtures); it records what it received. */
async function httpsStorage(cert: string, key: string) {
  const received: { method: string; authorization: string | undefined; sha256: string }[] = [];
  const server: Server = createServer({ cert, key }, (req, res) => {
    const hash = createHash('sha256');
    req.on('data', (chunk: Buffer) => hash.update(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        authorization: req.headers.authorization,
        sha256: hash.digest('hex'),
      });
      if (req.method === 'GET') res.writeHead(200, { 'content-length': String(asset.byteLength) }).end(asset);
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedAfter({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** A registry on another port whose upload address and download point at `storage`. */
async function registryFor(storageUrl: string): Promise<TestServer> {
  const registry = closedAfter(await startTestServer());
  registry
    .route('GET', `${PROVIDER}/upload`, (_req, res) => res.json(200, { upload_path: `${storageUrl}/put` }))
    .route('GET', PROVIDER, (_req, res) => res.json(200, providerAt(`${storageUrl}/box`, sha256)))
    .route('PUT', PROVIDER, (req, res) => {
      const { provider } = req.json() as { provider: { checksum: string; checksum_type: string } };
      res.json(200, { ...providerAt(`${storageUrl}/box`), ...provider });
    });
  return registry;
}

async function boxFile(): Promise<string> {
  const path = join(tempFolder(), 'in.box');
  await writeFile(path, asset);
  return path;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('fromEnv behind a proxy', () => {
  it('sends the registry calls and the PUT to storage on another host through HTTP_PROXY', async () => {
    const storage = await plainStorage();
    const registry = await registryFor(storage.url);
    const proxy = closedAfter(
      await startTestProxy({ credentials: { username: 'build', password: 's3cret' } }),
    );
    proxyEnv({ HTTP_PROXY: `http://build:s3cret@127.0.0.1:${proxy.port}` });
    vi.stubEnv('REGISTRY_ADDR', registry.url);
    vi.stubEnv('REGISTRY_TOKEN', ALICE_TOKEN);
    const client = fromEnv({ retry: false });

    const loaded: number[] = [];
    const uploaded = await uploadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', await boxFile(), {
      checksum: 'sha256',
      onProgress: ({ loaded: bytes }) => loaded.push(bytes),
    });
    expect(uploaded).toMatchObject({ bytes: asset.byteLength, checksum: sha256 });
    expect(loaded.at(-1)).toBe(asset.byteLength);
    const target = join(tempFolder(), 'out.box');
    await downloadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', target);
    expect(new Uint8Array(await readFile(target))).toEqual(asset);

    expect(proxy.requests.map((r) => [r.kind, r.method, r.target, r.refused])).toEqual([
      ['forward', 'GET', `${registry.url}${PROVIDER}/upload`, undefined],
      ['forward', 'PUT', `${storage.url}/put`, undefined],
      ['forward', 'PUT', `${registry.url}${PROVIDER}`, undefined],
      ['forward', 'GET', `${registry.url}${PROVIDER}`, undefined],
      ['forward', 'GET', `${storage.url}/box`, undefined],
    ]);
    for (const request of proxy.requests) {
      expect(request.headers['proxy-authorization']).toBe(basic('build', 's3cret'));
      expect(request.headers['proxy-authorization']).not.toContain(ALICE_TOKEN);
    }
    // The token goes to the registry only; neither server sees the proxy's credentials.
    expect(registry.requests.map((r) => r.headers.authorization)).toEqual(
      Array(3).fill(`Bearer ${ALICE_TOKEN}`),
    );
    expect(storage.requests.map((r) => [r.method, r.headers.authorization, r.bodySha256])).toEqual([
      ['PUT', undefined, sha256],
      ['GET', undefined, expect.any(String)],
    ]);
    const seenByServers = JSON.stringify([...registry.requests, ...storage.requests].map((r) => r.headers));
    expect(seenByServers).not.toContain('proxy-authorization');
  });

  it('sends storage directly when NO_PROXY lists it, the registry still through the proxy', async () => {
    const storage = await plainStorage();
    const registry = await registryFor(storage.url);
    const proxy = closedAfter(await startTestProxy());
    proxyEnv({ http_proxy: proxy.url, no_proxy: `registry.example, 127.0.0.1:${storage.port}` });
    vi.stubEnv('REGISTRY_ADDR', registry.url);
    vi.stubEnv('REGISTRY_TOKEN', ALICE_TOKEN);
    const client = fromEnv({ retry: false });
    await uploadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', await boxFile(), { checksum: 'sha256' });
    await downloadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', join(tempFolder(), 'out.box'));
    expect(proxy.requests.map((r) => `${r.method} ${r.target}`)).toEqual([
      `GET ${registry.url}${PROVIDER}/upload`,
      `PUT ${registry.url}${PROVIDER}`,
      `GET ${registry.url}${PROVIDER}`,
    ]);
    expect(storage.requests.map((r) => r.method)).toEqual(['PUT', 'GET']);
    expect(storage.requests[0]?.bodySha256).toBe(sha256);
  });
});

describe('a client made in code behind a proxy', () => {
  it('reaches https storage through a CONNECT tunnel with the proxy and CA of createNodeFetch', async () => {
    const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
    const [cert, key] = await Promise.all([fixture('loopback-cert.pem'), fixture('loopback-key.pem')]);
    const storage = await httpsStorage(cert, key);
    const registry = await registryFor(storage.url);
    const proxy: TestProxy = closedAfter(await startTestProxy());
    proxyEnv();
    const fetch: NodeFetch = closedAfter(createNodeFetch({ proxy: proxy.url, ca: cert }));
    const client = createRegistryClient({ baseUrl: registry.url, token: ALICE_TOKEN, retry: false, fetch });

    await uploadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', await boxFile(), { checksum: 'sha256' });
    const target = join(tempFolder(), 'out.box');
    await downloadBoxFile(client, 'alice/base', '1.0.0', 'virtualbox', target);
    expect(new Uint8Array(await readFile(target))).toEqual(asset);

    expect(storage.received).toEqual([
      { method: 'PUT', authorization: undefined, sha256 },
      { method: 'GET', authorization: undefined, sha256: expect.any(String) },
    ]);
    const storageHost = new URL(storage.url).host;
    const tunnels = proxy.requests.filter((r) => r.kind === 'connect');
    expect(proxy.requests.filter((r) => r.kind === 'forward').map((r) => r.target)).toEqual([
      `${registry.url}${PROVIDER}/upload`,
      `${registry.url}${PROVIDER}`,
      `${registry.url}${PROVIDER}`,
    ]);
    expect(new Set(tunnels.map((r) => r.target))).toEqual(new Set([storageHost]));
    // The box went through the tunnel encrypted: none of its bytes are readable there.
    const tunnelled = Buffer.from(tunnels[0]?.tunnelled ?? []);
    expect(tunnelled.byteLength).toBeGreaterThan(64 * 1024);
    expect(tunnelled.includes(Buffer.from(asset.subarray(0, 32)))).toBe(false);
    expect(tunnelled.includes(Buffer.from(asset.subarray(500_000, 500_032)))).toBe(false);
  });
});
