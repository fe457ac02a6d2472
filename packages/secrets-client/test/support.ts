// Shared set-up of the tests: a fake service per test file and clients pointed at it, used the way a
// user would (through the package entries).
import { expect } from 'vitest';
import { createSecretsClient, RequestValidationError, type SecretsClientOptions } from '../src/index.js';
import type { FakeSecrets } from '../src/testing/index.js';
import { checkRequestsOf } from './openapi.js';

/** A client of `fake` with its root token and no retries (faults are tested on purpose, not retried away). */
export function clientOf(fake: FakeSecrets, options: Partial<SecretsClientOptions> = {}) {
  checkRequestsOf(fake);
  return createSecretsClient({ baseUrl: fake.url, token: fake.rootToken, retry: false, ...options });
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

/** Waits until `condition` holds, checking every few ms; fails after `limitMs` (a bound on a hang, not a timing check). */
export async function until(condition: () => boolean, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
