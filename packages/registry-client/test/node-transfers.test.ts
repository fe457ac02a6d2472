// Box transfers in Node through the client's fetch, over real sockets: Node's own fetch (the default)
// and core's Node transport (`createNodeFetch` from @infra-sdk/core/node), each with the same credential
// and redirect rules (the client follows redirects itself), files and chunks that stay intact, early
// answers, stalls, resets, aborts, checksum mismatches, https with a CA, and compressed answers.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import { createServer as createRawServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createNodeFetch, type NodeFetch } from '@infra-sdk/core/node';
import { createTestClock, startTestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createRegistryClient,
  InfraSdkError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
} from '../src/index.js';
import { downloadBoxFile, uploadBoxFile } from '../src/node/index.js';
import {
  ALICE_TOKEN,
  boxWithProvider,
  failingDownloads,
  isA,
  providerAt,
  readAll,
  sampleBytes,
  serveBytes,
  setup,
  untilSleeping,
  useTempFolder,
} from './support.js';

const FORMS = ['bearer', 'x-registry-token', 'query'] as const;
const asset = sampleBytes(700_000, 11);
const sha256 = createHash('sha256').update(asset).digest('hex');

const tempFolder = useTempFolder('registry-node-transfers-');
const fetches: NodeFetch[] = [];

afterEach(async () => {
  await Promise.all(fetches.splice(0).map((f) => f.close()));
});

/** Core's Node transport, closed after the test; no proxy, whatever the machine's variables say. */
function nodeFetch(options: Parameters<typeof createNodeFetch>[0] = {}): NodeFetch {
  const created = createNodeFetch({ proxy: false, ...options });
  fetches.push(created);
  return created;
}

/** The two fetches of Node: the runtime's own (the clients' default) and core's transport. */
const FETCHES: readonly [string, () => { fetch?: typeof fetch }][] = [
  ["Node's fetch", () => ({})],
  ['createNodeFetch', () => ({ fetch: nodeFetch() })],
];

const credentialsOf = (request: { headers: Record<string, string>; query: URLSearchParams } | undefined) =>
  [
    request?.headers.authorization,
    request?.headers['x-registry-token'],
    request?.query.get('access_token'),
  ].filter(Boolean);

describe.each(FETCHES)('transfers through %s', (_name, transport) => {
  it('uploads a file and downloads it into a file, both intact, without the token at storage', async () => {
    const { registry, client } = await setup({ storage: 'temp-folder' });
    const alice = client({ token: ALICE_TOKEN, ...transport() });
    const tag = await boxWithProvider(alice);
    const source = join(tempFolder(), 'in.box');
    await writeFile(source, asset);
    const uploaded = await uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', source, { checksum: 'sha256' });
    expect(uploaded).toMatchObject({ bytes: asset.byteLength, checksum: sha256, attempts: 1 });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({ size: asset.byteLength, sha256 });
    const put = registry.requests.find((request) => request.path.startsWith('/storage/'));
    expect(put?.headers['content-length']).toBe(String(asset.byteLength));
    expect(credentialsOf(put)).toEqual([]);

    const target = join(tempFolder(), 'out.box');
    const saved = await downloadBoxFile(alice, tag, '1.0.0', 'virtualbox', target);
    expect(saved).toMatchObject({ bytes: asset.byteLength, checksum: { type: 'sha256', value: sha256 } });
    expect(new Uint8Array(await readFile(target))).toEqual(asset);
    // The stream form hands the chunks to the caller, who may keep them: they stay intact.
    const download = await alice.uploads.download(tag, '1.0.0', 'virtualbox');
    expect(await readAll(download.body)).toEqual(asset);
  });

  it('sends no credential to a download on another origin, in every token form', async () => {
    await using storage = await startTestServer();
    serveBytes(storage, '/box', asset);
    await using service = await startTestServer();
    service.route('GET', '/api/v1/box/a/b/version/1/provider/vb', (_req, res) =>
      res.json(200, providerAt(`${storage.url}/box`, sha256)),
    );
    for (const authHeader of FORMS) {
      const client = createRegistryClient({
        baseUrl: service.url,
        token: ALICE_TOKEN,
        authHeader,
        ...transport(),
      });
      const target = join(tempFolder(), `${authHeader}.box`);
      await downloadBoxFile(client, 'a/b', '1', 'vb', target);
      expect(new Uint8Array(await readFile(target))).toEqual(asset);
      expect(credentialsOf(service.requests.at(-1))).toHaveLength(1);
    }
    expect(storage.requests).toHaveLength(3);
    for (const request of storage.requests) expect(credentialsOf(request)).toEqual([]);
    expect(JSON.stringify(storage.requests)).not.toContain(ALICE_TOKEN);
  });

  it('keeps the token on a redirect within the registry and drops it on one to another origin', async () => {
    await using other = await startTestServer();
    other.route('GET', '/elsewhere.box', (req, res) =>
      res.text(200, req.header('x-registry-token') ?? 'none'),
    );
    await using server = await startTestServer();
    server
      .route('GET', '/api/v1/box/a/b/version/1/provider/:file', (req, res) =>
        res.json(200, providerAt(`${server.url}/${req.params.file}`)),
      )
      .route('GET', '/first', (_req, res) => res.empty(307, { location: '/second' }))
      .route('GET', '/second', (req, res) => res.text(200, req.header('x-registry-token') ?? 'none'))
      .route('GET', '/away', (_req, res) => res.empty(302, { location: `${other.url}/elsewhere.box` }));
    const client = createRegistryClient({
      baseUrl: server.url,
      token: ALICE_TOKEN,
      authHeader: 'x-registry-token',
      ...transport(),
    });
    const within = await client.uploads.download('a/b', '1', 'first');
    expect(new TextDecoder().decode(await readAll(within.body))).toBe(ALICE_TOKEN);
    const away = await client.uploads.download('a/b', '1', 'away');
    expect(new TextDecoder().decode(await readAll(away.body))).toBe('none');
    expect(JSON.stringify(other.requests)).not.toContain(ALICE_TOKEN);
  });

  it('refuses a write redirected to another origin; nothing reaches it', async () => {
    await using other = await startTestServer();
    await using service = await startTestServer();
    service.route('DELETE', '/api/v1/box/:user/:name', (req, res) =>
      res.empty(307, { location: `${other.url}${req.path}` }),
    );
    const client = createRegistryClient({
      baseUrl: service.url,
      token: ALICE_TOKEN,
      retry: false,
      ...transport(),
    });
    await expect(client.boxes.delete('alice/base')).rejects.toSatisfy(isA(RedirectError));
    expect(other.requests).toHaveLength(0);
  });

  it('starts a file upload over when storage refuses an expired address before the body is in', async () => {
    // Far more than the socket buffers hold: storage answers while most of the body is still to go.
    const large = sampleBytes(24 * 1024 * 1024, 5);
    const largeSha256 = createHash('sha256').update(large).digest('hex');
    let storagePuts = 0;
    const { registry, client } = await setup({
      onRequest: (req) => {
        if (req.path.startsWith('/storage/') && ++storagePuts === 1) registry.expireUploadAddresses();
        return undefined;
      },
    });
    const alice = client({ token: ALICE_TOKEN, ...transport() });
    const tag = await boxWithProvider(alice);
    const source = join(tempFolder(), 'again.box');
    await writeFile(source, large);
    const result = await uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', source, {
      checksum: 'sha256',
      direct: true,
    });
    expect(result).toMatchObject({ attempts: 2, bytes: large.byteLength, checksum: largeSha256 });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.sha256).toBe(largeSha256);
    const [refused] = registry.requests.filter((request) => request.path.startsWith('/storage/'));
    expect(refused?.bodySize).toBeLessThan(large.byteLength);
  });

  it('leaves every chunk the caller handed over intact, bytes and stream alike', async () => {
    const { registry, client } = await setup({ storage: 'temp-folder' });
    const alice = client({ token: ALICE_TOKEN, ...transport() });
    const tag = await boxWithProvider(alice);
    const bytes = asset.slice();
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', bytes);
    expect(bytes).toEqual(asset);
    const chunks = [asset.slice(0, 300_000), asset.slice(300_000)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', stream, { size: asset.byteLength });
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([300_000, asset.byteLength - 300_000]);
    expect(chunks[1]).toEqual(asset.subarray(300_000));
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({ size: asset.byteLength, sha256 });
  });

  it('refuses a storage redirect for a streamed upload; the box is not stored', async () => {
    const { registry, client } = await setup({
      onRequest: (req) =>
        req.path.startsWith('/storage/') && !req.query.has('moved')
          ? { status: 307, headers: { location: `${req.path}?moved=1` }, body: '' }
          : undefined,
    });
    const alice = client({ token: ALICE_TOKEN, ...transport() });
    const tag = await boxWithProvider(alice);
    const source = join(tempFolder(), 'moved.box');
    await writeFile(source, asset);
    const error = await uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', source).catch(
      (caught: unknown) => caught,
    );
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/answered the upload to .* with a redirect.*box was not stored/);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('fails a download that stalls, breaks or is aborted with the core errors, leaving no file', async () => {
    await using server = await failingDownloads();
    const clock = createTestClock();
    const client = createRegistryClient({ baseUrl: server.url, retry: false, clock, ...transport() });
    const target = join(tempFolder(), 'never.box');
    const stalled = downloadBoxFile(client, 'a/b', '1', 'stall', target, { idleTimeout: 100 }).catch(
      (caught: unknown) => caught,
    );
    await untilSleeping(clock);
    await clock.advance(100);
    expect(await stalled).toSatisfy(isA(TimeoutError));
    await expect(downloadBoxFile(client, 'a/b', '1', 'reset', target)).rejects.toSatisfy(
      isA(ConnectionError),
    );
    const controller = new AbortController();
    const aborted = await client.uploads.download('a/b', '1', 'stall', { signal: controller.signal });
    const reader = aborted.body.getReader();
    expect((await reader.read()).value).toHaveLength(10);
    controller.abort();
    await expect(reader.read()).rejects.toSatisfy(isA(AbortError));
    expect(await readdir(tempFolder())).toEqual([]);
  });

  it('fails a download at once when storage switches protocols instead of answering, leaving no file', async () => {
    await using service = await startTestServer();
    const storage = createRawServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\n\r\n'));
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const { port } = storage.address() as { port: number };
    try {
      service.route('GET', '/api/v1/box/a/b/version/1/provider/vb', (_req, res) =>
        res.json(200, providerAt(`http://127.0.0.1:${port}/box`)),
      );
      const client = createRegistryClient({ baseUrl: service.url, retry: false, ...transport() });
      // No idle limit and no time limit that could end it instead: the answer itself fails the call.
      const download = downloadBoxFile(client, 'a/b', '1', 'vb', join(tempFolder(), 'switched.box'), {
        idleTimeout: 600_000,
        timeout: 600_000,
      });
      await expect(download).rejects.toSatisfy(isA(ConnectionError));
      expect(await readdir(tempFolder())).toEqual([]);
    } finally {
      await new Promise((resolve) => storage.close(resolve));
    }
  });

  it('fails a download whose bytes do not match the checksum, leaving no file', async () => {
    await using server = await startTestServer();
    server.route('GET', '/api/v1/box/a/b/version/1/provider/vb', (_req, res) =>
      res.json(200, providerAt(`${server.url}/box`, '0'.repeat(64))),
    );
    serveBytes(server, '/box', asset);
    const client = createRegistryClient({ baseUrl: server.url, ...transport() });
    await expect(downloadBoxFile(client, 'a/b', '1', 'vb', join(tempFolder(), 'bad.box'))).rejects.toSatisfy(
      isA(ResponseValidationError),
    );
    expect(await readdir(tempFolder())).toEqual([]);
  });

  it('decodes a compressed answer, stacked codings (gzip, gzip) too', async () => {
    await using server = await startTestServer();
    const user = {
      username: 'zipped',
      avatar_url: null,
      profile_html: null,
      profile_markdown: null,
      boxes: [],
    };
    server.route('GET', '/api/v1/user/:name', (req, res) => {
      const twice = req.params.name === 'twice';
      const once = gzipSync(JSON.stringify({ ...user, username: req.params.name }));
      res.raw.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': twice ? 'gzip, gzip' : 'gzip',
      });
      res.raw.end(twice ? gzipSync(once) : once);
    });
    const client = createRegistryClient({ baseUrl: server.url, ...transport() });
    expect(await client.users.read('zipped')).toMatchObject({ username: 'zipped' });
    expect(await client.users.read('twice')).toMatchObject({ username: 'twice' });
  });
});

describe('transfers over https', () => {
  it("downloads over https with the CA it is given; Node's fetch and a transport without it refuse the certificate", async () => {
    const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
    const [cert, key] = await Promise.all([fixture('loopback-cert.pem'), fixture('loopback-key.pem')]);
    const server = createServer({ cert, key }, (req, res) => {
      if (req.url === '/box') {
        res.writeHead(200, { 'content-length': String(asset.byteLength) }).end(asset);
        return;
      }
      const body = JSON.stringify(providerAt(`https://127.0.0.1:${port}/box`, sha256));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const baseUrl = `https://127.0.0.1:${port}`;
      const trusting = createRegistryClient({ baseUrl, fetch: nodeFetch({ ca: cert }) });
      const target = join(tempFolder(), 'tls.box');
      await downloadBoxFile(trusting, 'a/b', '1', 'vb', target);
      expect(new Uint8Array(await readFile(target))).toEqual(asset);
      for (const fetch of [undefined, nodeFetch()]) {
        const strict = createRegistryClient({ baseUrl, retry: false, ...(fetch ? { fetch } : {}) });
        await expect(strict.providers.read('a/b', '1', 'vb')).rejects.toSatisfy(isA(ConnectionError));
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the sources', () => {
  it('open no sockets themselves: no module outside testing/ imports node:http, node:https, node:net or node:tls', async () => {
    const root = new URL('../src/', import.meta.url);
    const files = (await readdir(root, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('testing'),
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      const source = await readFile(new URL(file, root), 'utf8');
      if (/^import (?!type )[^;]*from 'node:(http|https|net|tls)'/m.test(source)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
