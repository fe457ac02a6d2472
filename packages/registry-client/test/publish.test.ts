// Publishing a release in one call, over real sockets against the fake registry: the version created
// when missing, several box images uploaded in parallel and verified, the release only once every
// provider is ready, and nothing released when one fails.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InfraSdkError,
  PublishError,
  type PublishProgress,
  RequestValidationError,
  ResponseValidationError,
  UploadAttemptsError,
} from '../src/index.js';
import { apiCalls, sampleBytes, settle, setup } from './support.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const quick = { backoff: { initialMs: 1, maxMs: 5 } } as const;

/** A fresh public box `alice/<name>` without versions. */
async function emptyBox(
  alice: Awaited<ReturnType<typeof setup>>['alice'],
  name = 'release',
): Promise<string> {
  const box = await alice.boxes.create({ name, is_private: false });
  return box.tag;
}

/** A stream of `bytes`, opened afresh by each call. */
const opener = (bytes: Uint8Array) => () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

/** A stream that hands over one chunk and then nothing, until the upload gives up on it. */
const stalled = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(1024));
    },
  });

describe('publishing a release', () => {
  it('creates the version, uploads three providers in parallel, verifies them and only then releases', async () => {
    const { registry, alice } = await setup();
    const tag = await emptyBox(alice);
    const images = {
      virtualbox: sampleBytes(3 * MiB, 1),
      libvirt: sampleBytes(2 * MiB, 2),
      vmware_desktop: sampleBytes(MiB + 17, 3),
    };
    const views: PublishProgress[] = [];
    const result = await alice.versions.publish(
      tag,
      '1.0.0',
      {
        description: 'First release',
        providers: [
          { name: 'virtualbox', asset: new Blob([images.virtualbox]) },
          { name: 'libvirt', asset: images.libvirt, checksum_type: 'sha512' },
          { name: 'vmware_desktop', asset: opener(images.vmware_desktop), size: MiB + 17 },
        ],
      },
      { concurrency: 3, onProgress: (view) => views.push(view) },
    );
    expect(result.version).toMatchObject({
      version: '1.0.0',
      status: 'active',
      description_markdown: 'First release',
    });
    expect(result.providers.map((outcome) => [outcome.name, outcome.state])).toEqual([
      ['virtualbox', 'ready'],
      ['libvirt', 'ready'],
      ['vmware_desktop', 'ready'],
    ]);
    // The release came after every upload and every read-back.
    const calls = apiCalls(registry);
    const release = calls.indexOf(`PUT /api/v1/box/${tag}/version/1.0.0/release`);
    expect(release).toBe(calls.length - 1);
    const readBacks = calls.filter((call) => /^GET .*\/version\/1\.0\.0\/provider\/[^/]+$/.test(call));
    expect(readBacks).toHaveLength(3);
    for (const [name, bytes] of Object.entries(images)) {
      expect(registry.assetDigest(tag, '1.0.0', name)).toEqual({
        size: bytes.byteLength,
        sha256: sha256(bytes),
      });
    }
    const libvirt = await alice.providers.read(tag, '1.0.0', 'libvirt');
    expect(libvirt).toMatchObject({
      hosted: true,
      checksum: createHash('sha512').update(images.libvirt).digest('hex'),
      checksum_type: 'sha512',
    });
    expect(result.providers[0]?.provider).toMatchObject({
      checksum: sha256(images.virtualbox),
      checksum_type: 'sha256',
    });

    // One view of the whole release: the bytes of every upload together, and each provider's state.
    const total = MiB * 6 + 17;
    expect(views.every((view) => view.total === total)).toBe(true);
    expect(Math.max(...views.map((view) => view.loaded))).toBe(total);
    expect(views.at(-1)?.providers.map((row) => row.state)).toEqual(['ready', 'ready', 'ready']);
    for (const name of Object.keys(images)) {
      const states = views.map((view) => view.providers.find((row) => row.name === name)?.state);
      const order = ['waiting', 'uploading', 'verifying', 'ready'];
      expect([...new Set(states)]).toEqual(order);
    }
    // Uploads overlapped: at some moment more than one provider was on its way.
    expect(views.some((view) => view.providers.filter((row) => row.state === 'uploading').length > 1)).toBe(
      true,
    );
  });

  it('reuses a version and providers that exist, and points providers with a url at it', async () => {
    const { registry, alice } = await setup();
    const tag = await emptyBox(alice);
    await alice.versions.create(tag, { version: '2.0.0', description: 'kept' });
    await alice.providers.create(tag, '2.0.0', { name: 'virtualbox' });
    const image = sampleBytes(100_000);
    const result = await alice.versions.publish(tag, '2.0.0', {
      description: 'ignored: the version exists',
      providers: [
        { name: 'virtualbox', asset: image, checksum: sha256(image).toUpperCase(), checksum_type: 'sha256' },
        {
          name: 'hyperv',
          url: 'https://downloads.example.com/box-hyperv.box',
          checksum: 'a59e7332e8bbe896f11f478fc61fa8a6',
          checksum_type: 'md5',
        },
      ],
    });
    expect(result.version).toMatchObject({ status: 'active', description_markdown: 'kept' });
    expect(result.providers[1]?.provider).toMatchObject({
      original_url: 'https://downloads.example.com/box-hyperv.box',
      checksum: 'a59e7332e8bbe896f11f478fc61fa8a6',
      checksum_type: 'md5',
    });
    expect(apiCalls(registry).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/v1/boxes',
      `POST /api/v1/box/${tag}/versions`,
      `POST /api/v1/box/${tag}/version/2.0.0/providers`,
      `POST /api/v1/box/${tag}/version/2.0.0/providers`,
    ]);
  });

  it('retries a provider whose storage failed, its bytes back to 0 in the view, and still releases', async () => {
    const { alice, clock } = await setup({
      storageFaults: [{ kind: 'status', status: 503, provider: 'libvirt' }],
    });
    const tag = await emptyBox(alice);
    const views: PublishProgress[] = [];
    const result = await settle(
      clock,
      alice.versions.publish(
        tag,
        '1.0.0',
        {
          providers: [
            { name: 'virtualbox', asset: sampleBytes(300_000, 1) },
            { name: 'libvirt', asset: sampleBytes(300_000, 2) },
          ],
        },
        { ...quick, concurrency: 1, onProgress: (view) => views.push(view) },
      ),
    );
    expect(result.version.status).toBe('active');
    expect(result.providers[1]?.upload?.attempts).toBe(2);
    const retrying = views.findIndex((view) => view.providers[1]?.state === 'retrying');
    expect(views[retrying]?.providers[1]).toMatchObject({ loaded: 0, attempt: 2 });
    // The whole goes back by what the failed attempt had sent.
    expect(views[retrying]?.loaded).toBe(300_000);
    expect(views[retrying - 1]?.loaded).toBe(600_000);
  });

  it('waits out a 429 from the registry on any of its calls, by its Retry-After', async () => {
    const refused = new Set<string>();
    const { registry, alice, clock } = await setup({
      onRequest: (req) => {
        const key = `${req.method} ${req.path.replace(/\/provider\/[^/]+$/, '/provider/*')}`;
        const limited = /POST .*\/providers$|GET .*\/upload$|PUT .*\/release$/.test(key);
        if (!limited || refused.has(key)) return undefined;
        refused.add(key);
        return {
          status: 429,
          headers: { 'retry-after': '1' },
          body: { errors: ['slow down'], success: false },
        };
      },
    });
    const tag = await emptyBox(alice);
    const started = clock.now();
    const result = await settle(
      clock,
      alice.versions.publish(tag, '1.0.0', {
        providers: [{ name: 'virtualbox', asset: sampleBytes(1000) }],
      }),
    );
    expect(result.version.status).toBe('active');
    expect(refused.size).toBe(3);
    // Each refused call waited the second it was asked to (longer than the back-off's first pause).
    expect(clock.now() - started).toBe(3000);
    const calls = apiCalls(registry);
    expect(calls.filter((call) => call.endsWith('/release'))).toHaveLength(2);
    expect(calls.filter((call) => call.endsWith('/providers'))).toHaveLength(2);
  });
});

describe('a release that fails', () => {
  it('releases nothing when a provider fails, and says how each provider ended', async () => {
    const { registry, alice, clock } = await setup({
      storageFaults: [{ kind: 'status', status: 500, provider: 'libvirt', times: Number.POSITIVE_INFINITY }],
    });
    const tag = await emptyBox(alice);
    const error = await settle(
      clock,
      alice.versions.publish(
        tag,
        '1.0.0',
        {
          providers: [
            { name: 'virtualbox', asset: sampleBytes(10_000, 1) },
            { name: 'libvirt', asset: sampleBytes(10_000, 2) },
            { name: 'vmware_desktop', asset: sampleBytes(10_000, 3) },
          ],
        },
        { ...quick, concurrency: 1 },
      ),
    ).catch((caught: unknown) => caught);
    expect(PublishError.isInstance(error)).toBe(true);
    const failure = error as PublishError;
    expect(failure.stage).toBe('providers');
    expect(failure.providers.map((outcome) => [outcome.name, outcome.state])).toEqual([
      ['virtualbox', 'ready'],
      ['libvirt', 'failed'],
      ['vmware_desktop', 'waiting'],
    ]);
    expect(UploadAttemptsError.isInstance(failure.providers[1]?.error)).toBe(true);
    expect(failure.message).toMatch(
      new RegExp(
        `^Version 1\\.0\\.0 of ${tag} was not released: a provider failed\\. virtualbox ready; libvirt failed \\(The box was not stored: 3 attempts failed`,
      ),
    );
    expect(failure.message).toMatch(/vmware_desktop waiting$/);
    expect((await alice.versions.read(tag, '1.0.0')).status).toBe('unreleased');
    expect(apiCalls(registry).some((call) => call.endsWith('/release'))).toBe(false);
  });

  it('stops the providers still on their way when one fails', async () => {
    const { registry, alice } = await setup({
      storageFaults: [{ kind: 'reset', provider: 'libvirt' }],
    });
    const tag = await emptyBox(alice);
    const error = await alice.versions
      .publish(
        tag,
        '1.0.0',
        {
          providers: [
            { name: 'virtualbox', asset: stalled },
            { name: 'libvirt', asset: sampleBytes(10_000) },
            { name: 'vmware_desktop', asset: stalled },
          ],
        },
        { attempts: 1, concurrency: 3 },
      )
      .catch((caught: unknown) => caught);
    expect((error as PublishError).providers.map((outcome) => outcome.state)).toEqual([
      'cancelled',
      'failed',
      'cancelled',
    ]);
    expect(registry.uploadAddresses.every((address) => !address.received)).toBe(true);
    expect((await alice.versions.read(tag, '1.0.0')).status).toBe('unreleased');
  });

  it('fails a provider whose image does not have the checksum given, before setting it', async () => {
    const { registry, alice } = await setup();
    const tag = await emptyBox(alice);
    const image = sampleBytes(5000);
    const error = await alice.versions
      .publish(tag, '1.0.0', {
        providers: [{ name: 'virtualbox', asset: image, checksum: 'ab'.repeat(32), checksum_type: 'sha256' }],
      })
      .catch((caught: unknown) => caught);
    const failed = (error as PublishError).providers[0]?.error;
    expect(InfraSdkError.isInstance(failed)).toBe(true);
    expect(failed?.message).toBe(
      `The box image uploaded for virtualbox has sha256 ${sha256(image)}, not the ${'ab'.repeat(32)} given: it is not the image you meant to publish. Its checksum was not set`,
    );
    expect((await alice.providers.read(tag, '1.0.0', 'virtualbox')).checksum).toBeNull();
    expect(apiCalls(registry).some((call) => call.endsWith('/release'))).toBe(false);
  });

  it('fails a provider the registry records otherwise than it was sent', async () => {
    const { alice } = await setup({
      onRequest: (req) =>
        req.method === 'GET' && req.path.endsWith('/provider/virtualbox')
          ? {
              status: 200,
              body: {
                name: 'virtualbox',
                hosted: true,
                hosted_token: null,
                original_url: null,
                created_at: 'x',
                updated_at: 'x',
                download_url: 'https://example.com/x.box',
                checksum: '00'.repeat(32),
                checksum_type: 'sha256',
              },
            }
          : undefined,
    });
    const tag = await emptyBox(alice);
    const error = await alice.versions
      .publish(tag, '1.0.0', { providers: [{ name: 'virtualbox', asset: sampleBytes(5000) }] })
      .catch((caught: unknown) => caught);
    const failed = (error as PublishError).providers[0]?.error;
    expect(ResponseValidationError.isInstance(failed)).toBe(true);
    expect((failed as ResponseValidationError).issues.map((issue) => issue.path)).toEqual(['checksum']);
    expect((await alice.versions.read(tag, '1.0.0')).status).toBe('unreleased');
  });

  it('refuses a version that is already released before uploading anything', async () => {
    const { registry, alice } = await setup();
    const tag = await emptyBox(alice);
    await alice.versions.publish(tag, '1.0.0', {
      providers: [{ name: 'virtualbox', asset: sampleBytes(10) }],
    });
    const before = registry.requests.length;
    const error = await alice.versions
      .publish(tag, '1.0.0', { providers: [{ name: 'libvirt', asset: sampleBytes(10) }] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ stage: 'version', name: 'PublishError' });
    expect((error as Error).message).toMatch(
      /1\.0\.0 of alice\/release is already released; nothing was uploaded/,
    );
    expect(registry.requests.slice(before).map((request) => request.method)).toEqual(['GET']);
  });

  it('checks the request and the options before sending anything', async () => {
    const { registry, alice } = await setup();
    const image = sampleBytes(10);
    const bad: [unknown, unknown][] = [
      [{ providers: [] }, {}],
      [{ providers: [{ name: 'vb' }] }, {}],
      [{ providers: [{ name: 'vb', asset: image, url: 'https://example.com/x.box' }] }, {}],
      [{ providers: [{ name: 'vb', asset: 'text' }] }, {}],
      [{ providers: [{ name: 'vb', url: 'https://example.com/x.box', size: 3 }] }, {}],
      [{ providers: [{ name: 'vb', asset: image, checksum: 'abc' }] }, {}],
      [
        {
          providers: [
            { name: 'vb', asset: image },
            { name: 'vb', asset: image },
          ],
        },
        {},
      ],
      [{ providers: [{ name: 'vb', asset: image }], other: 1 }, {}],
      [{ providers: [{ name: 'vb', asset: image }] }, { concurrency: 0 }],
      [{ providers: [{ name: 'vb', asset: image }] }, { attempts: 11 }],
    ];
    for (const [request, options] of bad) {
      await expect(
        alice.versions.publish('alice/x', '1', request as never, options as never),
      ).rejects.toSatisfy((error: unknown) => RequestValidationError.isInstance(error));
    }
    await expect(
      alice.versions.publish('no-slash', '1', { providers: [{ name: 'vb', asset: image }] }),
    ).rejects.toSatisfy((error: unknown) => RequestValidationError.isInstance(error));
    expect(registry.requests).toHaveLength(0);
  });
});
