// The Node transport's pool and the wire rules both Node fetches keep (the runtime's own and
// createNodeFetch's), over real sockets: a body that disagrees with its declared length is refused,
// an unasked-for protocol switch fails at once, stacked content codings decode or fail clearly.
import { readdir, readFile } from 'node:fs/promises';
import { createServer as createRawServer, type Server as RawServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError } from '../src/errors.js';
import { createNodeFetch, type NodeFetch } from '../src/node/index.js';
import { createTransport } from '../src/transport.js';
import { deferred, trackServers } from './support.js';

const serve = trackServers();
const fetches: NodeFetch[] = [];
const rawServers: RawServer[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(fetches.splice(0).map((f) => f.close()));
  await Promise.all(rawServers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function nodeFetch(options: Parameters<typeof createNodeFetch>[0] = {}): NodeFetch {
  const created = createNodeFetch({ proxy: false, ...options });
  fetches.push(created);
  return created;
}

/** A server that answers every request with the client's port, so a test sees which connection it came on. */
async function portEcho() {
  const server = await serve();
  server.route('GET', '/port', (_req, res) => res.text(200, String(res.raw.socket?.remotePort)));
  return server;
}

/** Starts a bare TCP server that answers the first request on each connection with `reply`. */
async function rawServer(reply: string): Promise<string> {
  const server = createRawServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(reply));
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('createNodeFetch: the pool', () => {
  it('keeps connections open for later requests, and opens one per request with keepAlive: false', async () => {
    const server = await portEcho();
    const portsOf = async (fetch: NodeFetch) => {
      const ports: string[] = [];
      for (let i = 0; i < 4; i++) ports.push(await (await fetch(`${server.url}/port`)).text());
      return new Set(ports).size;
    };
    // undici frees a connection just after the body's last byte, so the next request may open a second one.
    expect(await portsOf(nodeFetch())).toBeLessThan(4);
    expect(await portsOf(nodeFetch({ keepAlive: false }))).toBe(4);
  });

  it('holds requests to `connections` per origin: three at once share one connection', async () => {
    const server = await portEcho();
    const limited = nodeFetch({ connections: 1 });
    const ports = await Promise.all([1, 2, 3].map(async () => (await limited(`${server.url}/port`)).text()));
    expect(new Set(ports).size).toBe(1);
  });

  it('opens more connections without a limit, one per request in flight', async () => {
    const server = await serve();
    const arrived: number[] = [];
    const all = deferred();
    server.route('GET', '/wait', async (_req, res) => {
      arrived.push(res.raw.socket?.remotePort ?? 0);
      if (arrived.length === 3) all.resolve();
      await all.promise;
      res.text(200, 'ok');
    });
    const unlimited = nodeFetch();
    await Promise.all([1, 2, 3].map(async () => (await unlimited(`${server.url}/wait`)).text()));
    expect(new Set(arrived).size).toBe(3);
  });

  it('refuses a pool size or an idle time that is not a positive number', () => {
    expect(() => createNodeFetch({ connections: 0 })).toThrow(RangeError);
    expect(() => createNodeFetch({ connections: 1.5 })).toThrow(/`connections` must be a whole number/);
    expect(() => createNodeFetch({ keepAliveTimeout: -1 })).toThrow(/`keepAliveTimeout` must be a number/);
    expect(() => createNodeFetch({ keepAliveTimeout: Number.NaN })).toThrow(RangeError);
  });

  it('closes with `await using`; requests after it fail', async () => {
    const server = await portEcho();
    let kept: NodeFetch | undefined;
    {
      await using scoped = createNodeFetch({ proxy: false, keepAliveTimeout: 60_000 });
      kept = scoped;
      expect((await scoped(`${server.url}/port`)).status).toBe(200);
    }
    await expect(kept(`${server.url}/port`)).rejects.toThrow('fetch failed');
  });
});

describe.each([
  ["Node's fetch", () => undefined],
  ['createNodeFetch', () => nodeFetch()],
])('the wire through %s', (_name, makeFetch) => {
  const transport = (baseUrl: string) => {
    const fetch = makeFetch();
    // Limits far beyond the test's own: a failure must come from the answer, never from a timer.
    return createTransport({
      baseUrl,
      retry: false,
      timeout: 600_000,
      totalTimeout: 600_000,
      ...(fetch === undefined ? {} : { fetch }),
    });
  };

  it('refuses a body longer or shorter than its declared length; the service never gets it whole', async () => {
    const server = await serve();
    const handled: number[] = [];
    server.route('PUT', '/blob', (req, res) => {
      handled.push(req.bytes.byteLength);
      res.empty(204);
    });
    const service = transport(server.url);
    for (const size of [5, 15]) {
      const rawBody = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(size));
          controller.close();
        },
      });
      const sent = service.request({
        method: 'PUT',
        path: '/blob',
        rawBody,
        headers: { 'content-length': '10' },
        responseType: 'text',
      });
      const error = await sent.catch((caught: unknown) => caught);
      expect(ConnectionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/content-length/i);
    }
    expect(handled).toEqual([]);
  });

  it('fails at once on a protocol switch it did not ask for, instead of waiting on a body that never comes', async () => {
    const url = await rawServer(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\nConnection: Upgrade\r\n\r\n',
    );
    const error = await transport(url)
      .request({ method: 'GET', path: '/v1/job' })
      .catch((caught: unknown) => caught);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/upgrade/i);
  });

  it('decodes stacked content codings (gzip, gzip), and fails clearly past five of them', async () => {
    const server = await serve();
    server.route('GET', '/zipped/:times', (req, res) => {
      const times = Number(req.params.times);
      let body = Buffer.from(JSON.stringify({ layers: times }));
      for (let i = 0; i < times; i++) body = gzipSync(body);
      res.raw.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': Array.from({ length: times }, () => 'gzip').join(', '),
      });
      res.raw.end(body);
    });
    const service = transport(server.url);
    expect(await service.request({ method: 'GET', path: '/zipped/2' })).toEqual({ layers: 2 });
    expect(await service.request({ method: 'GET', path: '/zipped/5' })).toEqual({ layers: 5 });
    const error = await service
      .request({ method: 'GET', path: '/zipped/6' })
      .catch((caught: unknown) => caught);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/too many content-encodings/);
  });
});

describe('the sources', () => {
  it("open no sockets themselves: outside testing/, sockets, TLS and proxies are undici's", async () => {
    const root = new URL('../src/', import.meta.url);
    const files = (await readdir(root, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('testing'),
    );
    expect(files).toContain('node/node-fetch.ts');
    const offenders: string[] = [];
    for (const file of files) {
      const source = await readFile(new URL(file, root), 'utf8');
      if (/^import (?!type )[^;]*from 'node:(http|https|net|tls)'/m.test(source)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
