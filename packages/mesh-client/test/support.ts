// Shared by the test files: fake servers closed after each test, and a client pointed at one.
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
): Promise<void> {
  const before = fake.requests.length;
  const error = await failure(call());
  expect(RequestValidationError.isInstance(error)).toBe(true);
  expect((error as RequestValidationError).issues.map((issue) => issue.path)).toContain(path);
  expect(fake.requests.length).toBe(before);
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
