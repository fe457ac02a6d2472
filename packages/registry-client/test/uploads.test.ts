import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  CHECKSUM_TYPES,
  createRegistryClient,
  InfraSdkError,
  NotFoundError,
  RequestValidationError,
  ServerError,
  TimeoutError,
  type TransferProgress,
  UnprocessableEntityError,
  UploadAddressError,
  UploadAttemptsError,
} from '../src/index.js';
import {
  ALICE_TOKEN,
  apiCalls,
  boxWithProvider,
  chunkedStream,
  isA,
  sampleBytes,
  settle,
  setup,
  until,
  untilSleeping,
} from './support.js';

describe('uploads', () => {
  it('uploads from a Blob, bytes, an ArrayBuffer, a stream and a stream-opening function', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(200_000);
    const sources = [
      new Blob([asset]),
      asset,
      asset.slice().buffer,
      chunkedStream(asset, 10_000),
      () => chunkedStream(asset, 7_000),
    ];
    for (const source of sources) {
      const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', source);
      expect(result).toMatchObject({
        bytes: asset.byteLength,
        attempts: 1,
        checksum: undefined,
        provider: undefined,
      });
      expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);
    }
    const storagePuts = registry.requests.filter((request) => request.path.startsWith('/storage/'));
    expect(storagePuts.map((request) => request.headers['content-length'])).toEqual([
      '200000',
      '200000',
      '200000',
      undefined,
      undefined,
    ]);
    expect(storagePuts.map((request) => request.headers['transfer-encoding'])).toEqual([
      undefined,
      undefined,
      undefined,
      'chunked',
      'chunked',
    ]);
  });

  it('sends a stream with Content-Length when its size is given, and no token or default headers to storage', async () => {
    const { registry, client } = await setup();
    const alice = client({ token: ALICE_TOKEN, headers: { 'x-team': 'infra' } });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(50_000);
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', chunkedStream(asset, 4096), {
      size: asset.byteLength,
      contentType: 'application/x-box',
    });
    const put = registry.requests.find((request) => request.path.startsWith('/storage/'));
    expect(put?.headers).toMatchObject({ 'content-length': '50000', 'content-type': 'application/x-box' });
    expect(put?.headers.authorization).toBeUndefined();
    expect(put?.headers['x-team']).toBeUndefined();
    expect(registry.requests[0]?.headers['x-team']).toBe('infra');
  });

  it('reports progress per chunk, up to the total', async () => {
    const { alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(300_000);
    const events: TransferProgress[] = [];
    await alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset, {
      onProgress: (event) => events.push(event),
    });
    expect(events.length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ direction: 'upload', loaded: 300_000, total: 300_000, attempt: 1 });
    const loaded = events.map((event) => event.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
  });

  it('computes each checksum type while streaming and sets it on the provider', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(123_457);
    for (const type of CHECKSUM_TYPES) {
      const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', chunkedStream(asset, 9_999), {
        checksum: type,
      });
      const expected = createHash(type).update(asset).digest('hex');
      expect(result).toMatchObject({ checksum: expected, checksum_type: type });
      expect(result.provider).toMatchObject({ checksum: expected, checksum_type: type, hosted: true });
      expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
        provider: { checksum: expected, checksum_type: type },
      });
    }
    const read = await alice.providers.read(tag, '1.0.0', 'virtualbox');
    expect(read.checksum_type).toBe('sha512');
  });

  it('in the direct form, PUTs to storage first and calls the callback, with the token, only after a 2xx', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(70_000);
    const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', new Blob([asset]), {
      direct: true,
    });
    expect(result.bytes).toBe(70_000);
    const calls = registry.requests.slice(-3);
    expect(
      calls.map((request) => `${request.method} ${request.path.replace(/[0-9a-f]{32}/, '<id>')}`),
    ).toEqual([
      'GET /api/v1/box/alice/base/version/1.0.0/provider/virtualbox/upload/direct',
      'PUT /storage/<id>',
      'PUT /api/v1/box/alice/base/version/1.0.0/provider/virtualbox/upload/direct/<id>',
    ]);
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(calls[2]?.headers.authorization).toBe(`Bearer ${ALICE_TOKEN}`);
    expect(registry.uploadAddresses).toEqual([
      expect.objectContaining({ direct: true, received: true, completed: true }),
    ]);
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);
    expect((await alice.providers.read(tag, '1.0.0', 'virtualbox')).hosted).toBe(true);
  });

  it('in the direct form, never calls the callback when storage fails', async () => {
    const { registry, alice, clock } = await setup({
      onRequest: (req) => (req.path.startsWith('/storage/') ? { status: 500, body: 'disk full' } : undefined),
    });
    const tag = await boxWithProvider(alice);
    const error = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), { direct: true }),
    ).catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    const { attempts } = error as UploadAttemptsError;
    expect(attempts.map((failed) => ServerError.isInstance(failed.error))).toEqual([true, true, true]);
    expect(ServerError.isInstance((error as Error).cause)).toBe(true);
    expect(registry.requests.some((request) => request.path.includes('/upload/direct/'))).toBe(false);
    expect((await alice.providers.read(tag, '1.0.0', 'virtualbox')).hosted).toBe(false);
  });

  it('replaces an address that expires mid-way and starts over from the first byte', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(100_000);
    let opened = 0;
    const events: TransferProgress[] = [];
    const result = await alice.uploads.upload(
      tag,
      '1.0.0',
      'virtualbox',
      () => {
        opened += 1;
        // The first attempt outlives its address: it expires after the first chunk was sent.
        return chunkedStream(asset, 8192, opened === 1 ? () => registry.expireUploadAddresses() : undefined);
      },
      { checksum: 'sha1', onProgress: (event) => events.push(event) },
    );
    expect(opened).toBe(2);
    expect(result).toMatchObject({
      attempts: 2,
      bytes: 100_000,
      checksum: createHash('sha1').update(asset).digest('hex'),
    });
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);
    expect(registry.uploadAddresses.map((address) => address.received)).toEqual([false, true]);
    expect(events.at(-1)).toMatchObject({ attempt: 2, loaded: 100_000 });
    // The second attempt starts visibly from 0, then counts again from its first chunk.
    expect(
      events
        .filter((event) => event.attempt === 2)
        .map((event) => event.loaded)
        .slice(0, 2),
    ).toEqual([0, 8192]);
  });

  it('replaces an expired address in the direct form too', async () => {
    let storagePuts = 0;
    const { registry, alice } = await setup({
      // Expires the address while the first PUT is under way (the fake checks it once the body arrived).
      onRequest: (req) => {
        if (req.path.startsWith('/storage/') && ++storagePuts === 1) registry.expireUploadAddresses();
        return undefined;
      },
    });
    const tag = await boxWithProvider(alice);
    const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', new Blob([sampleBytes(5000)]), {
      direct: true,
    });
    expect(result.attempts).toBe(2);
    expect(registry.uploadAddresses.map((address) => [address.received, address.completed])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('fails clearly when the address expired and the source is a stream that cannot be read again', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) => {
        if (req.path.startsWith('/storage/')) registry.expireUploadAddresses();
        return undefined;
      },
    });
    const tag = await boxWithProvider(alice);
    const stream = chunkedStream(sampleBytes(50_000), 4096);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', stream)
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/cannot be read a second time/);
    expect(UploadAddressError.isInstance((error as Error).cause)).toBe(true);
    expect(registry.uploadAddresses).toHaveLength(1);
  });

  it('gives up after the allowed number of attempts, naming every one', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) => {
        if (req.path.startsWith('/storage/')) registry.expireUploadAddresses();
        return undefined;
      },
    });
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(100), { attempts: 2 })
      .catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    const { attempts } = error as UploadAttemptsError;
    expect(attempts.map((failed) => failed.attempt)).toEqual([1, 2]);
    for (const failed of attempts) {
      expect(UploadAddressError.isInstance(failed.error)).toBe(true);
      expect((failed.error as UploadAddressError).status).toBe(403);
      expect((failed.error as UploadAddressError).errors).toEqual([
        'the upload address expired; request a new one',
      ]);
    }
    // Storage never got the token, so the message must not blame its permissions.
    expect((error as Error).message).toMatch(
      /^The box was not stored: 2 attempts failed, and no attempt is left \(attempts: 2\).*attempt 1 \(100 bytes sent\): Storage refused the upload address with status 403.*attempt 2 /,
    );
    expect((error as Error).message).not.toMatch(/token/);
    expect(registry.uploadAddresses).toHaveLength(2);
  });

  it('fails with TimeoutError when the upload makes no progress for idleTimeout by its clock', async () => {
    const { alice, clock } = await setup();
    const tag = await boxWithProvider(alice);
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
      },
    });
    let settled = false;
    const upload = alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', stalled, { idleTimeout: 100 })
      .catch((caught: unknown) => caught)
      .finally(() => {
        settled = true;
      });
    await untilSleeping(clock);
    await clock.advance(99);
    expect(settled).toBe(false);
    await clock.advance(1);
    const error = await upload;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 100, method: 'PUT' });
  });

  it('starts the idle time over with each chunk that moves, by its clock', async () => {
    const { registry, alice, clock } = await setup();
    const tag = await boxWithProvider(alice);
    // Its fetch is not the clock's: the clock moves while the PUT is in flight.
    const uploader = createRegistryClient({ baseUrl: registry.url, token: ALICE_TOKEN, retry: false, clock });
    let source: ReadableStreamDefaultController<Uint8Array> | undefined;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        source = controller;
        controller.enqueue(new Uint8Array(10));
      },
    });
    let loaded = 0;
    let settled = false;
    const upload = uploader.uploads
      .upload(tag, '1.0.0', 'virtualbox', slow, {
        idleTimeout: 100,
        onProgress: (progress) => {
          loaded = progress.loaded;
        },
      })
      .catch((caught: unknown) => caught)
      .finally(() => {
        settled = true;
      });
    await until(() => loaded === 10 && clock.pending > 0);
    await clock.advance(60);
    source?.enqueue(new Uint8Array(20));
    await until(() => loaded === 30);
    // 120 ms since the PUT began, 60 since the last chunk: still moving.
    await clock.advance(60);
    await clock.advance(39);
    expect(settled).toBe(false);
    await clock.advance(1);
    const error = await upload;
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/no progress after 30 bytes/);
  });

  it('stops when the caller aborts', async () => {
    const { alice } = await setup();
    const tag = await boxWithProvider(alice);
    const controller = new AbortController();
    // The abort comes once fetch took the first chunk and waits for more, which never come.
    const stalled = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new Uint8Array(10));
      },
      pull() {
        controller.abort();
      },
    });
    await expect(
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', stalled, { signal: controller.signal }),
    ).rejects.toSatisfy(isA(AbortError));
  });

  it('reports an abort that comes right after the last chunk of a Blob was read as an AbortError', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = new Blob([sampleBytes(3 * 2 ** 20)]);
    for (let round = 0; round < 5; round++) {
      const controller = new AbortController();
      const error = await alice.uploads
        .upload(tag, '1.0.0', 'virtualbox', asset, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => {
            if (loaded === total) controller.abort();
          },
        })
        .catch((caught: unknown) => caught);
      expect(AbortError.isInstance(error), String(error)).toBe(true);
    }
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('checks the target, the source and the options before sending anything', async () => {
    const { registry, alice } = await setup();
    const bytes = sampleBytes(10);
    await expect(alice.uploads.upload('bad', '1', 'v', bytes)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.uploads.upload('a/b', '', 'v', bytes)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.uploads.upload('a/b', '1', 'v', 'text' as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const options = [
      { checksum: 'crc32' },
      { idleTimeout: 0 },
      { size: -1 },
      { attempts: 11 },
      { attempts: 0 },
      { directMaxBytes: -1 },
      { backoff: { initialMs: -1 } },
      { onRetry: 1 },
      { direct: 'yes' },
      { onProgress: 'log' },
    ];
    for (const option of options) {
      await expect(alice.uploads.upload('a/b', '1', 'v', bytes, option as never)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(registry.requests).toHaveLength(0);
  });
});

describe('upload steps', () => {
  it('prepares both forms and completes the direct one by hand', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const plain = await alice.uploads.prepare(tag, '1.0.0', 'virtualbox');
    expect(plain.upload_path).toMatch(new RegExp(`^${registry.url}/storage/[0-9a-f]{32}$`));
    const direct = await alice.uploads.prepareDirect(tag, '1.0.0', 'virtualbox');
    expect(direct.callback).toMatch(
      new RegExp(
        `^${registry.url}/api/v1/box/alice/base/version/1.0.0/provider/virtualbox/upload/direct/[0-9a-f]{32}$`,
      ),
    );
    const early = await alice.uploads.completeDirect(direct.callback).catch((error: unknown) => error);
    expect(UnprocessableEntityError.isInstance(early)).toBe(true);

    const put = await fetch(direct.upload_path, { method: 'PUT', body: 'box bytes' });
    expect(put.status).toBe(200);
    await expect(alice.uploads.completeDirect(direct.callback)).resolves.toBeUndefined();
    await expect(alice.uploads.completeDirect(direct.callback)).resolves.toBeUndefined();
    expect(new TextDecoder().decode(await registry.asset(tag, '1.0.0', 'virtualbox'))).toBe('box bytes');
    expect(apiCalls(registry).filter((call) => call.includes('/upload'))).toHaveLength(5);
  });

  it('refuses a callback outside the registry, so the token never leaves it', async () => {
    const { registry, alice } = await setup();
    for (const callback of [
      'https://elsewhere.example/api/v1/box/alice/base/version/1/provider/v/upload/direct/1',
      `${registry.url}/storage/abc`,
      `${registry.url}/api/v1/../storage/abc`,
      'not a url',
    ]) {
      await expect(alice.uploads.completeDirect(callback)).rejects.toBeInstanceOf(RequestValidationError);
    }
    expect(registry.requests).toHaveLength(0);
  });

  it('lets storage refuse an unknown or used address', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    expect((await fetch(`${registry.url}/storage/unknown`, { method: 'PUT', body: 'x' })).status).toBe(404);
    const { upload_path } = await alice.uploads.prepare(tag, '1.0.0', 'virtualbox');
    expect((await fetch(upload_path, { method: 'PUT', body: 'x' })).status).toBe(200);
    const again = await fetch(upload_path, { method: 'PUT', body: 'y' });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      errors: ['this upload address was already used; request a new one'],
      success: false,
    });
  });

  it('answers 404 for uploads to a provider that does not exist', async () => {
    const { alice } = await setup();
    await boxWithProvider(alice);
    await expect(alice.uploads.prepare('alice/base', '1.0.0', 'hyperv')).rejects.toSatisfy(
      isA(NotFoundError),
    );
    await expect(alice.uploads.prepareDirect('alice/base', '9', 'virtualbox')).rejects.toSatisfy(
      isA(NotFoundError),
    );
  });
});

describe('uploads without request streams', () => {
  it('sends a Blob or bytes whole, with the checksum from a first read and progress at start and end', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(90_000);
    for (const source of [new Blob([asset]), asset]) {
      const events: TransferProgress[] = [];
      const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', source, {
        streamBody: false,
        checksum: 'md5',
        direct: true,
        onProgress: (event) => events.push(event),
      });
      expect(result).toMatchObject({
        bytes: 90_000,
        checksum: createHash('md5').update(asset).digest('hex'),
      });
      expect(events.map((event) => event.loaded)).toEqual([0, 90_000]);
      expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);
    }
    const puts = registry.requests.filter((request) => request.path.startsWith('/storage/'));
    expect(puts.map((request) => request.headers['content-length'])).toEqual(['90000', '90000']);
  });

  it('refuses a stream source where streams cannot be sent', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', chunkedStream(sampleBytes(10), 5), { streamBody: false })
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/cannot send a stream/);
    expect(registry.requests.filter((request) => request.path.includes('upload'))).toEqual([]);
  });
});
