// Shared set-up of the tests: a fake service per test file and clients pointed at it, used the way a
// user would (through the package entries).
import type { TestClock } from '@infra-sdk/core/testing';
import { expect } from 'vitest';
import { createSecretsClient, RequestValidationError, type SecretsClientOptions } from '../src/index.js';
import type { FakeSecrets } from '../src/testing/index.js';
import { checkRequestsOf } from './openapi.js';

/** A client of `fake` with its root token and no retries (faults are tested on purpose, not retried away). */
export function clientOf(fake: FakeSecrets, options: Partial<SecretsClientOptions> = {}) {
  checkRequestsOf(fake);
  return createSecretsClient({ baseUrl: fake.url, token: fake.rootToken, retry: false, ...options });
}

/** A client of `fake` whose requests `clock` waits for: the time moves only while none is in flight. */
export function clockedClientOf(
  fake: FakeSecrets,
  clock: TestClock,
  options: Partial<SecretsClientOptions> = {},
) {
  return clientOf(fake, { fetch: clock.fetch(), ...options });
}

/** Asserts that `call` fails with RequestValidationError naming `field`, and that the fake received nothing. */
export async function expectRejectedBeforeSending(
  fake: FakeSecrets,
  call: () => Promise<unknown>,
  field?: string,
): Promise<RequestValidationError> {
  const before = fake.requests.length;
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(
    RequestValidationError.isInstance(error),
    `expected a RequestValidationError, got ${String(error)}`,
  ).toBe(true);
  const validation = error as RequestValidationError;
  if (field !== undefined) expect(validation.issues.map((issue) => issue.path)).toContain(field);
  expect(fake.requests.length).toBe(before);
  return validation;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/**
 * Moves `clock` from sleep to sleep (each request of its `fetch` answered before it moves on) until
 * `promise` settles, and settles as it did. The steps bound a hang; no real time is waited for.
 */
export async function runUntilSettled<T>(
  clock: TestClock,
  promise: Promise<T>,
  options: { readonly maxSteps?: number } = {},
): Promise<T> {
  let settled = false;
  const watched = promise.finally(() => {
    settled = true;
  });
  // Awaited below; until then a rejection is not unhandled.
  watched.catch(() => {});
  await clock.runUntil(() => settled, options);
  return watched;
}
