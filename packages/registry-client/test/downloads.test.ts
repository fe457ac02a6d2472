import { createHash } from 'node:crypto';
import { createTestClock, startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createRegistryClient,
  InfraSdkError,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type TransferProgress,
} from '../src/index.js';
import {
  ALICE_TOKEN,
  failingDownloads,
  isA,
  providerAt,
  readAll,
  sampleBytes,
  serveBytes,
  setup,
  untilSleeping,
} from './support.js';

const asset = sampleBytes(150_000, 7);
const sha256 = createHash('sha256').update(asset).digest('hex');

describe('downloads', () => {
  it('streams a hosted asset, verifying its checksum and reporting progress', async () => {
    const { registry, anonymous } = await setup({
      boxes: [
        {
          tag: 'alice/dl',
          private: false,
          versions: [
            {
              version: '1',
              status: 'active',
              providers: [{ name: 'vb', asset, checksum: sha256, checksum_type: 'sha256' }],
            },
          ],
        },
      ],
    });
    const events: TransferProgress[] = [];
    const { data, meta } = await anonymous.uploads
      .download('alice/dl', '1', 'vb', { onProgress: (event) => events.push(event) })
      .withMeta();
    expect(meta.status).toBe(200);
    expect(data).toMatchObject({ size: 150_000, checksum: { type: 'sha256', value: sha256 } });
    expect(data.provider).toMatchObject({ name: 'vb', hosted: true });
    expect(await readAll(data.body)).toEqual(asset);
    expect(events.at(-1)).toEqual({ direction: 'download', loaded: 150_000, total: 150_000, attempt: 1 });
    expect(registry.requests.at(-1)?.path).toBe('/alice/boxes/dl/versions/1/providers/vb.box');
    expect((await anonymous.boxes.read('alice/dl')).downloads).toBe(1);
  });

  it('fails the stream at its end when the checksum does not match', async () => {
    const wrong = 'f'.repeat(64);
    const { anonymous } = await setup({
      boxes: [
        {
          tag: 'alice/bad',
          private: false,
          versions: [
            {
              version: '1',
              status: 'active',
              providers: [{ name: 'vb', asset, checksum: wrong, checksum_type: 'sha256' }],
            },
          ],
        },
      ],
    });
    const download = await anonymous.uploads.download('alice/bad', '1', 'vb');
    const error = await readAll(download.body).catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'checksum', message: `expected sha256 ${wrong}, received ${sha256}` },
    ]);
    expect((error as Error).message).toMatch(/does not match its checksum/);

    const unverified = await anonymous.uploads.download('alice/bad', '1', 'vb', { verify: false });
    expect(unverified.checksum).toBeUndefined();
    expect(await readAll(unverified.body)).toEqual(asset);

    const given = await anonymous.uploads.download('alice/bad', '1', 'vb', {
      checksum: { type: 'sha256', value: sha256.toUpperCase() },
    });
    expect(await readAll(given.body)).toEqual(asset);
  });

  it('follows a url provider to its host without sending any credentials there', async () => {
    await using external = await startTestServer();
    serveBytes(external, '/files/ext.box', asset);
    const { registry, client } = await setup({
      boxes: [
        {
          tag: 'alice/ext',
          versions: [
            {
              version: '1',
              status: 'active',
              providers: [
                {
                  name: 'vb',
                  url: `${external.url}/files/ext.box`,
                  checksum: sha256,
                  checksum_type: 'sha256',
                },
              ],
            },
          ],
        },
      ],
    });
    for (const authHeader of ['bearer', 'x-registry-token', 'query'] as const) {
      const alice = client({ token: ALICE_TOKEN, authHeader });
      const download = await alice.uploads.download('alice/ext', '1', 'vb');
      expect(await readAll(download.body)).toEqual(asset);
      const atRegistry = registry.requests.at(-1);
      expect(atRegistry?.path).toBe('/alice/boxes/ext/versions/1/providers/vb.box');
      const credentials = [
        atRegistry?.headers.authorization,
        atRegistry?.headers['x-registry-token'],
        atRegistry?.query.get('access_token'),
      ];
      expect(credentials.filter(Boolean)).toHaveLength(1);
    }
    expect(external.requests).toHaveLength(3);
    for (const request of external.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-registry-token']).toBeUndefined();
      expect(request.query.has('access_token')).toBe(false);
      expect(JSON.stringify(request)).not.toContain(ALICE_TOKEN);
    }
    expect(registry.box('alice/ext')?.downloads).toBe(3);
  });

  it('keeps credentials on a redirect within the registry', async () => {
    await using server = await startTestServer();
    server
      .route('GET', '/api/v1/box/a/b/version/1/provider/vb', (_req, res) =>
        res.json(200, providerAt(`${server.url}/first.box`)),
      )
      .route('GET', '/first.box', (_req, res) => res.empty(307, { location: '/second.box' }))
      .route('GET', '/second.box', (req, res) => res.text(200, req.header('x-registry-token') ?? 'none'));
    const client = createRegistryClient({
      baseUrl: server.url,
      token: ALICE_TOKEN,
      authHeader: 'x-registry-token',
    });
    const download = await client.uploads.download('a/b', '1', 'vb');
    expect(new TextDecoder().decode(await readAll(download.body))).toBe(ALICE_TOKEN);
  });

  it('keeps private assets to their owners', async () => {
    const { alice, bob } = await setup({
      boxes: [
        {
          tag: 'alice/priv',
          versions: [{ version: '1', status: 'active', providers: [{ name: 'vb', asset }] }],
        },
      ],
    });
    await expect(bob.uploads.download('alice/priv', '1', 'vb')).rejects.toSatisfy(isA(NotFoundError));
    const download = await alice.uploads.download('alice/priv', '1', 'vb');
    expect(download.checksum).toBeUndefined();
    expect(await readAll(download.body)).toEqual(asset);
  });

  it('answers 404 for a provider without an asset or url', async () => {
    const { alice } = await setup({
      boxes: [{ tag: 'alice/empty', versions: [{ version: '1', providers: [{ name: 'vb' }] }] }],
    });
    await expect(alice.uploads.download('alice/empty', '1', 'vb')).rejects.toSatisfy(isA(NotFoundError));
  });

  it('refuses to verify a checksum type it does not know, unless told not to verify', async () => {
    const { alice } = await setup({
      boxes: [
        {
          tag: 'alice/odd',
          versions: [
            { version: '1', providers: [{ name: 'vb', asset, checksum: 'abc', checksum_type: 'crc32' }] },
          ],
        },
      ],
    });
    const error = await alice.uploads.download('alice/odd', '1', 'vb').catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/crc32/);
    const download = await alice.uploads.download('alice/odd', '1', 'vb', { verify: false });
    expect(await readAll(download.body)).toEqual(asset);
  });

  it('fails with TimeoutError when no byte arrives for too long, ConnectionError when the connection breaks, AbortError on abort', async () => {
    await using server = await failingDownloads();
    const clock = createTestClock();
    const client = createRegistryClient({ baseUrl: server.url, retry: false, clock });
    const stalled = await client.uploads.download('a/b', '1', 'stall', { idleTimeout: 100 });
    const reading = readAll(stalled.body).catch((caught: unknown) => caught);
    await untilSleeping(clock);
    await clock.advance(100);
    const timeout = await reading;
    expect(TimeoutError.isInstance(timeout)).toBe(true);
    expect(timeout).toMatchObject({ timeoutMs: 100, url: `${server.url}/stall` });
    const broken = await client.uploads.download('a/b', '1', 'reset');
    await expect(readAll(broken.body)).rejects.toSatisfy(isA(ConnectionError));
    const controller = new AbortController();
    const aborted = await client.uploads.download('a/b', '1', 'stall', { signal: controller.signal });
    const reader = aborted.body.getReader();
    expect((await reader.read()).value).toHaveLength(10);
    controller.abort();
    await expect(reader.read()).rejects.toSatisfy(isA(AbortError));
  });

  it('checks the target before sending anything', async () => {
    const { registry, alice } = await setup();
    await expect(alice.uploads.download('alice', '1', 'vb')).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.uploads.download('alice/x', '1', '..')).rejects.toBeInstanceOf(RequestValidationError);
    const options = [
      { checksum: { type: 'crc32', value: 'ab' } },
      { checksum: { type: 'md5', value: 'abc' } },
      { checksum: { type: 'md5', value: 'a'.repeat(32), extra: 1 } },
      { idleTimeout: 0 },
      { verify: 'no' },
      { onProgress: 1 },
    ];
    for (const option of options) {
      await expect(alice.uploads.download('alice/x', '1', 'vb', option as never)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(registry.requests).toHaveLength(0);
  });
});
