// Uploads at real sizes and their failures: chunks stay bounded, errors say what was and was not sent.
import { createHash } from 'node:crypto';
import { createTestClock, type RecordedRequest } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  DisallowedUseError,
  InfraSdkError,
  PermissionDeniedError,
  type TransferProgress,
  UploadIncompleteError,
} from '../src/index.js';
import type { FakeRegistry } from '../src/testing/index.js';
import { chooseBody } from '../src/uploads/choose-body.js';
import { toOpenableSource } from '../src/uploads/upload-source.js';
import { apiCalls, boxWithProvider, sampleBytes, setup } from './support.js';

const CHUNK = 64 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const storagePuts = (requests: readonly RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT' && request.path.startsWith('/storage/'));

/** A stream that hands over the whole of `bytes` as one chunk. */
function oneChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

describe('upload chunks', () => {
  it('passes every source kind on in chunks of at most 64 KiB, with progress for each', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(3 * 1024 * 1024 + 5);
    for (const source of [new Blob([asset]), asset, oneChunk(asset)]) {
      const events: TransferProgress[] = [];
      const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', source, {
        checksum: 'sha256',
        onProgress: (event) => events.push(event),
      });
      expect(result.checksum).toBe(sha256(asset));
      const steps = events.map((event, i) => event.loaded - (events[i - 1]?.loaded ?? 0));
      // The attempt starts with 0, then one event per chunk.
      expect(events[0]?.loaded).toBe(0);
      expect(events.length).toBe(1 + Math.ceil(asset.byteLength / CHUNK));
      expect(Math.max(...steps)).toBeLessThanOrEqual(CHUNK);
      expect(events.at(-1)?.loaded).toBe(asset.byteLength);
    }
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({
      size: asset.byteLength,
      sha256: sha256(asset),
    });
  });

  it('takes a box larger than the API body limit, written to the temp folder and recorded by digest', async () => {
    const { registry, alice } = await setup({ storage: 'temp-folder' });
    const tag = await boxWithProvider(alice);
    const size = 65 * 1024 * 1024;
    const block = sampleBytes(1024 * 1024);
    const hash = createHash('sha256');
    for (let i = 0; i < 65; i++) hash.update(block);
    const expected = hash.digest('hex');
    let sent = 0;
    const source = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) controller.close();
          else {
            controller.enqueue(block);
            sent += block.byteLength;
          }
        },
      });
    const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', source, {
      size,
      checksum: 'sha256',
    });
    expect(result).toMatchObject({ bytes: size, checksum: expected });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({ size, sha256: expected });
    const [put] = storagePuts(registry.requests);
    expect(put).toMatchObject({ body: '', bodySize: size, bodySha256: expected });
    expect(registry.uploadAddresses[0]).toMatchObject({ received: true, size, sha256: expected });
  });
});

describe('upload failures say what was sent', () => {
  it('says when a stream ends before its declared size, and stores nothing', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', oneChunk(sampleBytes(1000)), { size: 5000 })
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/ended after 1000 bytes, but the size option said 5000/);
    expect((error as Error).message).toMatch(/box was not stored/);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('says when a stream gives more than its declared size, and stores nothing', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', oneChunk(sampleBytes(300_000)), { size: 100_000 })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/more bytes than the size option said \(100000\)/);
    expect((error as Error).message).not.toMatch(/could not be reached/);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('says when reading a stream source fails, instead of blaming the network', async () => {
    const { registry, alice } = await setup({ storage: 'temp-folder' });
    const tag = await boxWithProvider(alice);
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (pulls <= 2) controller.enqueue(sampleBytes(CHUNK));
        else controller.error(new Error('disk went away'));
      },
    });
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', failing)
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /Reading the upload source failed after \d+ bytes \(disk went away\): the upload was stopped and the box was not stored/,
    );
    expect(registry.uploadAddresses[0]).toMatchObject({ received: false });
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('refuses a body that outlived its address in storage, and starts over at a fresh one', async () => {
    // The registry's clock jumps an hour once storage has read the first body to its end.
    let fake: FakeRegistry | undefined;
    const firstBodyRead = () =>
      fake?.requests.some((request) => request.path.startsWith('/storage/') && request.bodySha256 !== '') ??
      false;
    const clock = createTestClock();
    const { registry, alice } = await setup({
      storage: 'temp-folder',
      clock,
      registryClock: { now: () => clock.now() + (firstBodyRead() ? 3_600_000 : 0), sleep: clock.sleep },
    });
    fake = registry;
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(300_000);
    const source = () => oneChunk(asset);
    const result = await alice.uploads.upload(tag, '1.0.0', 'virtualbox', source, { checksum: 'sha256' });
    expect(result).toMatchObject({ attempts: 2, checksum: sha256(asset) });
    expect(registry.uploadAddresses.map((address) => address.received)).toEqual([false, true]);
    expect(storagePuts(registry.requests).map((request) => request.bodySize)).toEqual([300_000, 300_000]);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toEqual({
      size: asset.byteLength,
      sha256: sha256(asset),
    });
  });

  it('refuses a size that differs from a Blob or bytes before anything is sent', async () => {
    const { registry, alice } = await setup();
    const tag = await boxWithProvider(alice);
    const before = registry.requests.length;
    await expect(
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(10), { size: 11 }),
    ).rejects.toThrow(/nothing was sent.*size: is 11, but the source holds 10 bytes/);
    expect(registry.requests.length).toBe(before);
  });

  it('checks the direct form callback before the first byte goes to storage', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) =>
        req.path.endsWith('/upload/direct')
          ? {
              status: 200,
              body: {
                upload_path: `${registry.url}/storage/none`,
                callback: 'https://elsewhere.example/done',
              },
            }
          : undefined,
    });
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(100), { direct: true })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /callback outside http:\/\/127\.0\.0\.1:\d+\/api\/v1, where the token may not go; the box was not sent to storage/,
    );
    expect(storagePuts(registry.requests)).toEqual([]);
  });

  it('refuses a storage redirect for a streamed body instead of keeping every chunk for it', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) =>
        req.path.startsWith('/storage/') && !req.query.has('moved')
          ? { status: 307, headers: { location: `${req.path}?moved=1` }, body: '' }
          : undefined,
    });
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(200_000))
      .catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/answered the upload to .* with a redirect.*box was not stored/);
    expect(storagePuts(registry.requests)).toHaveLength(1);
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')).toBeUndefined();
  });

  it('says the box reached storage when the callback fails afterwards', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) =>
        req.method === 'PUT' && req.path.includes('/upload/direct/')
          ? { status: 500, body: { errors: ['callback broke'], success: false } }
          : undefined,
    });
    const tag = await boxWithProvider(alice);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', sampleBytes(4000), { direct: true, checksum: 'md5' })
      .catch((caught: unknown) => caught);
    expect(UploadIncompleteError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ stage: 'callback', bytes: 4000 });
    const incomplete = error as UploadIncompleteError;
    expect(incomplete.message).toMatch(
      /Storage accepted all 4000 bytes.*registry does not host it yet.*callback broke/,
    );
    expect(incomplete.callback).toMatch(/\/upload\/direct\//);
    expect(registry.uploadAddresses[0]).toMatchObject({ received: true, completed: false });
  });

  it('says the box is hosted when only setting its checksum fails', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) =>
        req.method === 'PUT' && req.path.endsWith('/provider/virtualbox')
          ? { status: 500, body: { errors: ['database down'], success: false } }
          : undefined,
    });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(3000);
    const error = await alice.uploads
      .upload(tag, '1.0.0', 'virtualbox', asset, { checksum: 'sha256' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ stage: 'checksum', bytes: 3000, checksum: sha256(asset) });
    expect((error as Error).message).toMatch(
      /registry hosts it, but setting its checksum failed.*database down/,
    );
    expect(registry.assetDigest(tag, '1.0.0', 'virtualbox')?.sha256).toBe(sha256(asset));
  });

  it('words a registry 403 as the disallowed use it is, with the registry errors', async () => {
    const { registry, alice } = await setup({
      onRequest: (req) =>
        req.method === 'POST' && req.path === '/api/v1/boxes'
          ? { status: 403, body: { errors: ['private boxes need a paid plan'], success: false } }
          : undefined,
    });
    const error = await alice.boxes
      .create({ name: 'secret', is_private: true })
      .catch((caught: unknown) => caught);
    expect(DisallowedUseError.isInstance(error)).toBe(true);
    expect(PermissionDeniedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, errors: ['private boxes need a paid plan'] });
    expect((error as Error).message).toBe(
      'POST /api/v1/boxes failed with status 403: private boxes need a paid plan. The registry refused this as a disallowed use; the errors it sent (above, and in `errors`) say why',
    );
    expect(apiCalls(registry)).toEqual(['POST /api/v1/boxes']);
  });
});

describe('choosing the request body', () => {
  const whole = toOpenableSource(new Blob(['box']), undefined);
  const stream = toOpenableSource(new ReadableStream<Uint8Array>(), undefined);
  const node = { canStream: true, overHttp1: true };
  const chromium = { canStream: true, overHttp1: false };
  const safari = { canStream: false, overHttp1: false };

  it('streams everything in Node, Deno and Bun', () => {
    expect(chooseBody(whole, 'http://storage.test/x', undefined, node)).toBe(true);
    expect(chooseBody(stream, 'http://storage.test/x', undefined, node)).toBe(true);
  });

  it('sends a Blob whole where streams need HTTP/2, and a stream only to https', () => {
    expect(chooseBody(whole, 'http://storage.test/x', undefined, chromium)).toBe(false);
    expect(chooseBody(whole, 'https://storage.test/x', undefined, chromium)).toBe(false);
    expect(chooseBody(stream, 'https://storage.test/x', undefined, chromium)).toBe(true);
    expect(() => chooseBody(stream, 'http://storage.test/x', undefined, chromium)).toThrow(
      /HTTP\/2 only.*plain http.*nothing was sent/,
    );
    expect(chooseBody(whole, 'https://storage.test/x', undefined, safari)).toBe(false);
  });

  it('follows streamBody when given, and refuses an upload address that is not http(s)', () => {
    expect(chooseBody(whole, 'http://storage.test/x', false, node)).toBe(false);
    expect(chooseBody(whole, 'http://storage.test/x', true, chromium)).toBe(true);
    expect(() => chooseBody(whole, 'ftp://storage.test/x', undefined, node)).toThrow(/not an http\(s\) URL/);
    expect(() => chooseBody(whole, 'not a url', undefined, node)).toThrow(/nothing was sent to storage/);
  });
});
