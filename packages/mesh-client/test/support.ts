// Shared by the test files: fake servers closed after each test, a client pointed at one, and the
// moves of a test clock.
import type { TestClock } from '@infra-sdk/core/testing';
import { afterEach, expect } from 'vitest';
import { failure } from '../../../test-support/loopback.js';
import {
  createMeshClient,
  type MeshClient,
  type MeshClientOptions,
  RequestValidationError,
} from '../src/index.js';
import { type FakeMesh, type FakeMeshOptions, startFakeMesh } from '../src/testing/index.js';

export { failure };

/** Returns a `start()` that starts fake mesh servers and closes all of them after each test. */
export function trackFakes(): (options?: FakeMeshOptions) => Promise<FakeMesh> {
  const fakes: FakeMesh[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });
  return async (options) => {
    const fake = await startFakeMesh(options);
    fakes.push(fake);
    return fake;
  };
}

/** A client of `fake`. */
export function clientOf(
  fake: { readonly url: string },
  options: Partial<MeshClientOptions> = {},
): MeshClient {
  return createMeshClient({ baseUrl: fake.url, ...options });
}

/** Expects a RequestValidationError naming `path`, and that `fake` received nothing meanwhile. */
export async function expectRefusedBeforeSending(
  fake: FakeMesh,
  call: () => Promise<unknown>,
  path: string,
): Promise<RequestValidationError> {
  const before = fake.requests.length;
  const error = await failure(call());
  expect(RequestValidationError.isInstance(error)).toBe(true);
  expect((error as RequestValidationError).issues.map((issue) => issue.path)).toContain(path);
  expect(fake.requests.length).toBe(before);
  return error as RequestValidationError;
}

/** Resolves once `server` has received `count` requests in all (polling every 5 ms, for about 5 s at most). */
export async function received(
  server: { readonly requests: readonly unknown[] },
  count: number,
): Promise<void> {
  for (let i = 0; i < 1000 && server.requests.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Lets real I/O run while nothing on the clock can: a millisecond's pause, so the process idles on its
 * sockets instead of spinning (the outcome never depends on its length).
 */
const idle = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Moves `clock` from sleep to sleep (a pause between reads, a back-off, the fake's wait or removal)
 * until `done()` holds, letting real I/O run between steps; no real time is waited for.
 */
export async function runClock(clock: TestClock, done: () => boolean): Promise<void> {
  while (!done()) {
    const due = clock.nextDue;
    if (due !== undefined && clock.inFlight === 0) await clock.advanceTo(due);
    else await idle();
  }
}

/** Resolves once something sleeps on `clock` (a blocking query's wait, a pause), letting real I/O run meanwhile. */
export async function untilSleeping(clock: TestClock): Promise<void> {
  while (clock.pending === 0) await idle();
}

/** Settles `work` while moving `clock` from sleep to sleep (see `runClock`). */
export async function settle<T>(clock: TestClock, work: PromiseLike<T>): Promise<T> {
  let done = false;
  const settled = Promise.resolve(work).finally(() => {
    done = true;
  });
  settled.catch(() => undefined);
  await runClock(clock, () => done);
  return settled;
}
