// Retry policy, configured on ky explicitly: its defaults retry writes like PUT and DELETE and wait
// as long as any Retry-After says, neither of which suits a secrets or scheduler client.

import type { RetryOptions as KyRetryOptions } from 'ky';
import { HTTPError, TimeoutError } from 'ky';
import { isFetchFailure } from './fetch-failure.js';

/** How failed attempts are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  readonly limit?: number;
  /** Also retry POST, PUT, PATCH and DELETE. Only for writes the caller knows are safe to repeat. Default false. */
  readonly retryWrites?: boolean;
  /** Statuses that are retried. Default 408, 429, 500, 502, 503, 504. */
  readonly statusCodes?: readonly number[];
  /** First back-off delay in ms, doubled on each retry, with jitter. Default 300. */
  readonly baseDelayMs?: number;
  /** Longest back-off delay in ms. Default 10 000. */
  readonly maxDelayMs?: number;
  /** Longest `Retry-After` honoured, in ms; a longer one ends the retries with the error. Default 60 000. */
  readonly maxRetryAfterMs?: number;
}

/** Retry settings: options, a retry count, or `false` for none. */
export type RetryInput = RetryOptions | number | false;

/** Retry settings with every default filled in. */
export type ResolvedRetry = Required<RetryOptions>;

/** Methods that never change state, retried without being asked. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'LIST']);

const DEFAULTS: ResolvedRetry = {
  limit: 2,
  retryWrites: false,
  statusCodes: [408, 429, 500, 502, 503, 504],
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/** Statuses whose `Retry-After` is read. */
const RETRY_AFTER_STATUSES = [429, 503];

function expand(input: RetryInput | undefined): RetryOptions {
  if (input === undefined) return {};
  if (input === false) return { limit: 0 };
  if (typeof input === 'number') return { limit: input };
  return input;
}

/** Merges the client's retry settings with one call's. */
export function resolveRetry(client: RetryInput | undefined, call?: RetryInput): ResolvedRetry {
  const merged = { ...DEFAULTS, ...expand(client), ...expand(call) };
  if (!Number.isInteger(merged.limit) || merged.limit < 0) {
    throw new RangeError(`retry.limit must be a whole number of 0 or more, not ${merged.limit}`);
  }
  return merged;
}

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds from now. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// The methods ky retries unless told otherwise: a call with one of them leaves `methods` out, since ky
// normalises every retry option it is given, on every call.
const KY_METHODS = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

/**
 * The ky retry configuration of one call with `method` (upper case) that may be retried (whether it may
 * is decided before) and must end by `deadline` (a `Date.now()` time). Every failure ky sees is decided
 * here, and every wait ky takes between attempts comes from here and ends at the deadline at the
 * latest, so ky needs no signal of the call's own to end a wait: that signal would cost ky an
 * `AbortSignal.any` on every request.
 */
export function kyRetryUntil(retry: ResolvedRetry, method: string, deadline: number): KyRetryOptions {
  // The wait the service asked for (`Retry-After`), from `shouldRetry` to the delay ky takes right after.
  let asked: number | undefined;
  return {
    limit: retry.limit,
    ...(KY_METHODS.has(method) ? {} : { methods: [method.toLowerCase()] }),
    shouldRetry: ({ error }) => {
      asked = undefined;
      // ky would retry anything thrown; only statuses, time-outs and network failures are worth another try.
      if (!(error instanceof HTTPError)) return error instanceof TimeoutError || isFetchFailure(error);
      const { status, headers } = error.response;
      if (!retry.statusCodes.includes(status)) return false;
      if (RETRY_AFTER_STATUSES.includes(status)) asked = parseRetryAfter(headers.get('retry-after'));
      // Waiting less than the service asked would only earn another refusal: hand the error back instead.
      return asked === undefined || asked <= retry.maxRetryAfterMs;
    },
    delay: (attempt) => retry.baseDelayMs * 2 ** (attempt - 1),
    jitter: (delay) => {
      // Half fixed, half random: spreads clients apart without ever retrying at once. The service's
      // own wait is kept as it asked.
      const wait = asked ?? Math.min(retry.maxDelayMs, delay / 2 + Math.random() * (delay / 2));
      asked = undefined;
      return Math.max(0, Math.min(wait, deadline - Date.now()));
    },
  };
}
