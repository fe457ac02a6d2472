// A fake registry with two users, an organization and tokens, and clients for each caller, all on one
// test clock: retries' pauses, idle limits and address expiry pass only when a test moves it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '@infra-sdk/core';
import { createTestClock, startTestServer, type TestClock, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, beforeEach } from 'vitest';
import { createRegistryClient, type RegistryClient, type RegistryClientOptions } from '../src/index.js';
import { type FakeRegistry, type FakeRegistryOptions, startFakeRegistry } from '../src/testing/index.js';

export const ALICE_TOKEN = 'alice-token-0123456789';
export const BOB_TOKEN = 'bob-token-9876543210';

export interface Setup {
  readonly registry: FakeRegistry;
  /** The clock of the fake and of every client: moved by `settle`, or by the test. */
  readonly clock: TestClock;
  readonly alice: RegistryClient;
  readonly bob: RegistryClient;
  readonly anonymous: RegistryClient;
  /** A client with other options, for the fake; its `fetch` (default: the global one) is the clock's. */
  client(options: Partial<RegistryClientOptions>): RegistryClient;
}

/** The fake registry's options, with the test clock the clients share. */
export interface SetupOptions extends Omit<FakeRegistryOptions, 'clock'> {
  /** The clients' clock, and the registry's unless `registryClock` is given. Default: a new test clock. */
  readonly clock?: TestClock;
  /** A clock of the registry's own, read beside the clients'. */
  readonly registryClock?: Clock;
}

const running: FakeRegistry[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((registry) => registry.close()));
});

/** Starts a fake registry (closed after the test) with users alice and bob and organization acme. */
export async function setup(options: SetupOptions = {}): Promise<Setup> {
  const { clock = createTestClock(), registryClock = clock, ...fakeOptions } = options;
  const registry = await startFakeRegistry({
    users: [
      { username: 'alice', password: 'alice-password', email: 'alice@example.com' },
      { username: 'bob', password: 'bob-password' },
    ],
    organizations: [{ username: 'acme', members: ['alice'] }],
    tokens: { [ALICE_TOKEN]: 'alice', [BOB_TOKEN]: 'bob' },
    ...fakeOptions,
    clock: registryClock,
  });
  running.push(registry);
  const client = (extra: Partial<RegistryClientOptions>) =>
    createRegistryClient({
      baseUrl: registry.url,
      retry: false,
      clock,
      ...extra,
      fetch: clock.fetch(extra.fetch),
    });
  return {
    registry,
    clock,
    alice: client({ token: ALICE_TOKEN }),
    bob: client({ token: BOB_TOKEN }),
    anonymous: client({}),
    client,
  };
}

/** Requests the fake received under the API prefix, as `METHOD path`. */
export function apiCalls(registry: FakeRegistry): string[] {
  return registry.requests.filter((r) => r.path.startsWith('/api/v1')).map((r) => `${r.method} ${r.path}`);
}

/** A provider body pointing its download at `url`. */
export const providerAt = (url: string, checksum: string | null = null) => ({
  name: 'vb',
  hosted: true,
  hosted_token: null,
  original_url: null,
  created_at: 'x',
  updated_at: 'x',
  download_url: url,
  checksum,
  checksum_type: checksum === null ? null : 'sha256',
});

/**
 * A registry whose provider `a/b` 1 `<file>` downloads from `/<file>` on itself: `stall` sends 10 of its
 * 100 bytes and then nothing, `reset` breaks the connection after 10 bytes.
 */
export async function failingDownloads(): Promise<TestServer> {
  const server = await startTestServer();
  server
    .route('GET', '/api/v1/box/a/b/version/1/provider/:file', (req, res) =>
      res.json(200, providerAt(`${server.url}/${req.params.file}`)),
    )
    .route('GET', '/stall', (_req, res) => {
      res.raw.writeHead(200, { 'content-length': '100' });
      res.raw.write(new Uint8Array(10));
    })
    .route('GET', '/reset', (_req, res) => res.resetAfter(new Uint8Array(10)));
  return server;
}

/** Answers every GET of `path` on `server` with `bytes` and their Content-Length. */
export function serveBytes(server: TestServer, path: string, bytes: Uint8Array): void {
  server.route('GET', path, (_req, res) => {
    res.raw.writeHead(200, { 'content-length': String(bytes.byteLength) });
    res.raw.end(bytes);
  });
}

/** Reads a whole stream into one array. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** A stream of `bytes` in chunks of `size` (no length of its own), calling `afterFirst` once the first chunk was taken. */
export function chunkedStream(
  bytes: Uint8Array,
  size = 64 * 1024,
  afterFirst?: () => void,
): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
      if (offset === size) afterFirst?.();
    },
  });
}

/** Deterministic pseudo-random bytes, four at a time (xorshift32): boxes of many MiB cost little to make. */
export function sampleBytes(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  const words = new Uint32Array(out.buffer, 0, length >>> 2);
  // Spread the seed, so that seeds 1 and 2 start far apart; xorshift needs a state other than 0.
  let state = (Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  for (let i = 0; i < words.length; i++) words[i] = next();
  for (let i = words.length * 4; i < length; i++) out[i] = next() & 0xff;
  return out;
}

/** Creates alice's box `alice/<name>` with version 1.0.0 and provider virtualbox (no asset). */
export async function boxWithProvider(alice: RegistryClient, name = 'base'): Promise<string> {
  const tag = `alice/${name}`;
  await alice.boxes.create({ name, short_description: 'a box', is_private: false });
  await alice.versions.create(tag, { version: '1.0.0', description: 'first' });
  await alice.providers.create(tag, '1.0.0', { name: 'virtualbox' });
  return tag;
}

/** A predicate for `toSatisfy`: the value is an error of this core class (checked by brand). */
export function isA(type: { isInstance(value: unknown): boolean }): (value: unknown) => boolean {
  return (value) => type.isInstance(value);
}

/** A fresh temporary folder for each test of the file, removed after it; call at the top of the file. */
export function useTempFolder(prefix: string): () => string {
  let folder = '';
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  return () => folder;
}

/**
 * Lets real I/O run while nothing on the clock can: a millisecond's pause, so the process idles on its
 * sockets instead of spinning (the outcome never depends on its length).
 */
const idle = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Settles `work`, moving `clock` to the next waiting sleep (a pause before another attempt, a 429's
 * wait) whenever no request of the clock's `fetch` is in flight, so retries take no real time.
 */
export async function settle<T>(clock: TestClock, work: PromiseLike<T>): Promise<T> {
  let done = false;
  const settled = Promise.resolve(work).finally(() => {
    done = true;
  });
  settled.catch(() => undefined);
  while (!done) {
    const due = clock.nextDue;
    if (due !== undefined && clock.inFlight === 0) await clock.advanceTo(due);
    else await idle();
  }
  return settled;
}

/** Resolves once `condition()` holds, letting real I/O run meanwhile. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await idle();
}

/** Resolves once something sleeps on `clock` (a transfer's idle limit), letting real I/O run meanwhile. */
export function untilSleeping(clock: TestClock): Promise<void> {
  return until(() => clock.pending > 0);
}
