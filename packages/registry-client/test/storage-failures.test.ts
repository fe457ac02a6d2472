// Storage failing an upload, over real sockets, through Node's fetch and core's Node transport: error
// statuses, 429 with Retry-After, connections cut mid-body and answers that come before the whole box
// was sent, each retried at a fresh address when the source can be read again; and the direct form
// given up above its size limit.
import { createHash } from 'node:crypto';
import { createNodeFetch, type NodeFetch } from '@infra-sdk/core/node';
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  type ApiError,
  ConnectionError,
  createRegistryClient,
  DIRECT_UPLOAD_MAX_BYTES,
  EarlyStorageAnswerError,
  InfraSdkError,
  RateLimitError,
  ServerError,
  ServiceUnavailableError,
  type TransferProgress,
  UploadAttemptsError,
  type UploadRetry,
} from '../src/index.js';
import { uploadBoxFile } from '../src/node/index.js';
import {
  apiCalls,
  boxWithProvider,
  chunkedStream,
  isA,
  sampleBytes,
  settle,
  setup,
  useTempFolder,
} from './support.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const quick = { backoff: { initialMs: 1, maxMs: 5 } } as const;
const fetches: NodeFetch[] = [];
const servers: TestServer[] = [];
const tempFolder = useTempFolder('registry-storage-failures-');

afterEach(async () => {
  await Promise.all([...fetches.splice(0), ...servers.splice(0)].map((closable) => closable.close()));
});

/** The two fetches of Node: the runtime's own (the clients' default) and core's transport. */
const FETCHES: readonly [string, () => { fetch?: typeof fetch }][] = [
  ["Node's fetch", () => ({})],
  [
    'createNodeFetch',
    () => {
      const created = createNodeFetch({ proxy: false });
      fetches.push(created);
      return { fetch: created };
    },
  ],
];

describe.each(FETCHES)('storage failures through %s', (_name, transport) => {
  it('retries a 503 at a fresh address; progress starts over from 0 with the attempt number', async () => {
    const { registry, client, clock } = await setup({ storageFaults: [{ kind: 'status', status: 503 }] });
    const alice = client({ token: 'alice-token-0123456789', ...transport() });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(300_000);
    const events: TransferProgress[] = [];
    const retries: UploadRetry[] = [];
    const result = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset, {
        ...quick,
        checksum: 'sha256',
        onProgress: (event) => events.push(event),
        onRetry: (retry) => retries.push(retry),
      }),
    );
    expect(result).toMatchObject({ attempts: 2, bytes: 300_000, checksum: sha256(asset) });
    expect(retries).toHaveLength(1);
    expect(retries[0]?.attempt).toBe(2);
    expect(retries[0]?.error).toSatisfy(isA(ServiceUnavailableError));
    const starts = events.flatMap((event, index) => (event.loaded === 0 ? [index] : []));
    expect(starts.map((index) => events[index]?.attempt)).toEqual([1, 2]);
    expect(events[(starts[1] ?? 0) - 1]).toMatchObject({ attempt: 1, loaded: 300_000 });
    expect(events.at(-1)).toMatchObject({ attempt: 2, loaded: 300_000, total: 300_000 });
    expect(registry.uploadAddresses.map((address) => address.received)).toEqual([false, true]);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.sha256).toBe(sha256(asset));
  });

  it('retries a connection cut in the middle of the body', async () => {
    const { registry, client, clock } = await setup({
      storageFaults: [{ kind: 'reset', afterBytes: 256 * 1024 }],
    });
    const alice = client({ token: 'alice-token-0123456789', ...transport() });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(4 * MiB, 3);
    const retries: UploadRetry[] = [];
    const result = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset, {
        ...quick,
        onRetry: (retry) => retries.push(retry),
      }),
    );
    expect(result.attempts).toBe(2);
    expect(retries.map((retry) => ConnectionError.isInstance(retry.error))).toEqual([true]);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({
      size: 4 * MiB,
      sha256: sha256(asset),
    });
  });

  it('never takes an answer that came before the whole box was sent as success', async () => {
    // The flaky storage of the report: 200 after 1 MiB of a 16 MiB box, the rest dropped.
    const { registry, client, clock } = await setup({
      storageFaults: [{ kind: 'early-answer', afterBytes: MiB }],
    });
    const alice = client({ token: 'alice-token-0123456789', ...transport() });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(16 * MiB, 5);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', asset, { attempts: 1 })
      .catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    // Whether the answer or the cut connection reached the client first, the upload did not succeed.
    const failed = (error as UploadAttemptsError).attempts[0]?.error;
    expect(EarlyStorageAnswerError.isInstance(failed) || ConnectionError.isInstance(failed)).toBe(true);
    if (EarlyStorageAnswerError.isInstance(failed)) {
      expect(failed).toMatchObject({ status: 200, size: 16 * MiB, method: 'PUT' });
      expect(failed.sent).toBeLessThan(16 * MiB);
      expect(failed.message).toMatch(
        /answered PUT .* with 200 after only \d+ of 16777216 bytes had been sent/,
      );
    }
    // The flaky storage kept what it read, and the client did not finish the upload on it.
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.size).toBe(MiB);
    expect((await alice.providers.read(tag, '1.0.0', 'virtualbox')).checksum).toBeNull();

    registry.failStorage({ kind: 'early-answer', afterBytes: MiB });
    const result = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', asset, { ...quick, checksum: 'sha256' }),
    );
    expect(result.attempts).toBe(2);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({
      size: 16 * MiB,
      sha256: sha256(asset),
    });
  });
});

describe('an early answer, as the client counts it', () => {
  /**
   * Storage that reads `afterBytes` of a PUT, answers 200 and reads no more, keeping the connection open:
   * Node's fetch then resolves with the 200 while it still has body to send, and cannot send it. The
   * answer is complete (no body) but not ended, since ending it would close the connection and fetch
   * might then fail on the write before it reads the answer.
   */
  async function earlyStorage(afterBytes: number): Promise<TestServer> {
    const server = await startTestServer();
    servers.push(server);
    server
      .route('GET', '/api/v1/box/a/b/version/1/provider/vb/upload', (_req, res) =>
        res.json(200, { upload_path: `${server.url}/bucket/box` }),
      )
      .route(
        'PUT',
        '/bucket/box',
        async (req, res) => {
          let read = 0;
          for await (const chunk of req.stream ?? []) {
            read += (chunk as Buffer).length;
            if (read >= afterBytes) break;
          }
          res.raw.writeHead(200, { 'content-length': '0' });
          res.raw.flushHeaders();
        },
        { streamBody: true },
      );
    return server;
  }

  it.each(FETCHES)(
    'knows, through %s, that fetch had not taken the whole body when storage answered',
    async (_name, transport) => {
      const server = await earlyStorage(MiB);
      const client = createRegistryClient({ baseUrl: server.url, retry: false, ...transport() });
      for (const [source, size] of [
        [sampleBytes(16 * MiB), 16 * MiB],
        [() => chunkedStream(sampleBytes(16 * MiB)), undefined],
      ] as const) {
        const error = await client.uploads
          .upload('a/b', '1', 'vb', source, { attempts: 1 })
          .catch((caught: unknown) => caught);
        const failed = (error as UploadAttemptsError).attempts?.[0]?.error;
        expect(EarlyStorageAnswerError.isInstance(failed), String(error)).toBe(true);
        expect(failed).toMatchObject({ status: 200, size });
        expect((failed as EarlyStorageAnswerError).sent).toBeLessThan(16 * MiB);
        if (size === undefined)
          expect((failed as Error).message).toMatch(/before the source reached its end/);
      }
    },
  );
});

describe('retries and what ends them', () => {
  it("honours a 429's Retry-After, and gives up at once on one longer than an upload waits", async () => {
    const { registry, alice, clock } = await setup({
      storageFaults: [{ kind: 'status', status: 429, retryAfter: 1 }],
    });
    const tag = await boxWithProvider(alice);
    const retries: UploadRetry[] = [];
    const started = clock.now();
    const result = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), {
        ...quick,
        onRetry: (retry) => retries.push(retry),
      }),
    );
    expect(result.attempts).toBe(2);
    expect(retries[0]?.error).toSatisfy(isA(RateLimitError));
    // The pause is the longer of the back-off (at most 5 ms here) and what storage asked for, on the clock.
    expect(retries[0]?.delayMs).toBe(1000);
    expect(clock.now() - started).toBe(1000);

    registry.failStorage({ kind: 'status', status: 429, retryAfter: 120 });
    const puts = registry.requests.length;
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), quick)
      .catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /storage asked to wait 120 s before the next, longer than the 60 s/,
    );
    expect((error as Error).cause).toSatisfy(isA(RateLimitError));
    expect(
      registry.requests.slice(puts).filter((request) => request.path.startsWith('/storage/')),
    ).toHaveLength(1);
  });

  it('retries a 408 and every 5xx, and names every attempt when none is left', async () => {
    const { registry, alice, clock } = await setup({
      storageFaults: [
        { kind: 'status', status: 408 },
        { kind: 'status', status: 500 },
        { kind: 'status', status: 502 },
      ],
    });
    const tag = await boxWithProvider(alice);
    const error = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', new Blob([sampleBytes(5000)]), quick),
    ).catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    const { attempts, message } = error as UploadAttemptsError;
    expect(
      attempts.map((failed) => [failed.attempt, failed.bytes, (failed.error as ApiError).status]),
    ).toEqual([
      [1, 5000, 408],
      [2, 5000, 500],
      [3, 5000, 502],
    ]);
    expect(ServerError.isInstance(attempts[1]?.error)).toBe(true);
    expect(message).toMatch(
      /^The box was not stored: 3 attempts failed, and no attempt is left \(attempts: 3\)/,
    );
    expect(message).toMatch(/attempt 1 \(5000 bytes sent\): PUT .* 408.*attempt 2 .* 500.*attempt 3 .* 502/);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
    // The registry was asked for one fresh address per attempt.
    expect(apiCalls(registry).filter((call) => call.endsWith('/upload'))).toHaveLength(3);
  });

  it('fails at once, saying so, when the source is a stream that cannot be read again', async () => {
    const { registry, alice } = await setup({ storageFaults: [{ kind: 'status', status: 503 }] });
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', chunkedStream(sampleBytes(100_000)), quick)
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^Storage failed the upload \(PUT .* 503.*\), and the source is a ReadableStream that cannot be read a second time/,
    );
    expect((error as Error).cause).toSatisfy(isA(ServiceUnavailableError));
    expect(registry.uploadAddresses).toHaveLength(1);
  });

  it('starts a file upload over from the first byte after a storage failure', async () => {
    const { registry, alice, clock } = await setup({
      storage: 'temp-folder',
      storageFaults: [{ kind: 'reset', afterBytes: 100_000 }],
    });
    const tag = await boxWithProvider(alice);
    const { writeFile } = await import('node:fs/promises');
    const asset = sampleBytes(3 * MiB, 9);
    const path = `${tempFolder()}/box.box`;
    await writeFile(path, asset);
    const result = await settle(
      clock,
      uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', path, { ...quick, checksum: 'sha256' }),
    );
    expect(result).toMatchObject({ attempts: 2, bytes: 3 * MiB, checksum: sha256(asset) });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.sha256).toBe(sha256(asset));
  });

  it('ends with an AbortError when the signal aborts during the pause before another attempt', async () => {
    const { alice } = await setup({ storageFaults: [{ kind: 'status', status: 503 }] });
    const tag = await boxWithProvider(alice);
    const controller = new AbortController();
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), {
        backoff: { initialMs: 60_000 },
        signal: controller.signal,
        onRetry: () => controller.abort(),
      })
      .catch((caught: unknown) => caught);
    expect(AbortError.isInstance(error)).toBe(true);
  });
});

describe('direct or plain form, by size', () => {
  it('uses the plain form for a box larger than directMaxBytes, and the direct form up to it', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const large = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(2000), {
      direct: true,
      directMaxBytes: 1999,
    });
    const small = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(1999), {
      direct: true,
      directMaxBytes: 1999,
    });
    expect([large.direct, small.direct]).toEqual([false, true]);
    expect(registry.uploadAddresses.map((address) => address.direct)).toEqual([false, true]);
  });

  it('stops using the direct form above 5 GiB by default, as the service CLI does, unless told otherwise', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    expect(DIRECT_UPLOAD_MAX_BYTES).toBe(5 * 1024 ** 3);
    // A source that claims more than 5 GiB; the upload is stopped once its form was chosen.
    const huge = () => chunkedStream(sampleBytes(MiB));
    for (const directMaxBytes of [undefined, Number.POSITIVE_INFINITY]) {
      const controller = new AbortController();
      await alice.uploads
        .upload(tag, '1.0.0', 'virtualbox', huge, {
          direct: true,
          size: DIRECT_UPLOAD_MAX_BYTES + 1,
          signal: controller.signal,
          onProgress: () => controller.abort(),
          ...(directMaxBytes === undefined ? {} : { directMaxBytes }),
        })
        .catch((caught: unknown) => caught);
    }
    expect(apiCalls(registry).filter((call) => call.includes('/upload'))).toEqual([
      'GET /api/v1/box/alice/base/version/1.0.0/provider/virtualbox/upload',
      'GET /api/v1/box/alice/base/version/1.0.0/provider/virtualbox/upload/direct',
    ]);
  });
});
