import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  delay,
  isTransientError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ServerError,
  TimeoutError,
} from '../src/index.js';

describe('delay', () => {
  it('waits, and ends early without rejecting when the signal aborts, also when already aborted', async () => {
    let waited = false;
    await delay(5).then(() => {
      waited = true;
    });
    expect(waited).toBe(true);
    const controller = new AbortController();
    const pending = delay(60_000, controller.signal);
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
    await expect(delay(60_000, AbortSignal.abort())).resolves.toBeUndefined();
  });
});

describe('isTransientError', () => {
  it('is true for failures a later try may get past, false for the rest', () => {
    const init = { method: 'GET', url: 'http://127.0.0.1/x' };
    expect(isTransientError(new ConnectionError('reset', init))).toBe(true);
    expect(isTransientError(new TimeoutError(10, 'no response arrived', init))).toBe(true);
    expect(isTransientError(new ServerError({ status: 502, ...init }))).toBe(true);
    expect(isTransientError(new RateLimitError({ status: 429, ...init }))).toBe(true);
    expect(isTransientError(new NotFoundError({ status: 404, ...init }))).toBe(false);
    expect(isTransientError(new RequestValidationError('request', []))).toBe(false);
    expect(isTransientError(new Error('other'))).toBe(false);
  });
});
