// Retry policy, configured on ky explicitly: its defaults retry writes like PUT and DELETE and wait
// as long as any Retry-After says, neither of which suits a secrets or scheduler client.
import { isHTTPError, isNetworkError, isTimeoutError, type RetryOptions as KyRetryOptions } from 'ky';
import { backoffDelay } from './backoff.js';
import { ConnectionError } from './errors.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** How failed attempts are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  readonly limit?: number | undefined;
  /** Also retry POST, PUT, PATCH and DELETE. Only for writes the caller knows are safe to repeat. Default false. */
  readonly retryWrites?: boolean | undefined;
  /** Statuses that are retried. Default 408, 429, 500, 502, 503, 504. */
  readonly statusCodes?: readonly number[] | undefined;
  /** First back-off delay in ms, doubled on each retry, with jitter. Default 300. */
  readonly baseDelayMs?: number | undefined;
  /** Longest back-off delay in ms. Default 10 000. */
  readonly maxDelayMs?: number | undefined;
  /** Longest `Retry-After` honoured, in ms; a longer one ends the retries with the error. Default 60 000. */
  readonly maxRetryAfterMs?: number | undefined;
}

const retryOptionKeys = {
  limit: 1,
  retryWrites: 1,
  statusCodes: 1,
  baseDelayMs: 1,
  maxDelayMs: 1,
  maxRetryAfterMs: 1,
} as const satisfies OptionKeys<RetryOptions>;

/** Retry settings: options, a retry count, or `false` for none. */
export type RetryInput = RetryOptions | number | false;

/** Retry settings with every default filled in. */
export type ResolvedRetry = { readonly [K in keyof RetryOptions]-?: Exclude<RetryOptions[K], undefined> };

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

/** Merges the client's retry settings with one call's; a field set to `undefined` keeps the one below. */
export function resolveRetry(client: RetryInput | undefined, call?: RetryInput): ResolvedRetry {
  const merged: Record<string, unknown> = { ...DEFAULTS };
  for (const input of [client, call]) {
    const layer = input === false ? { limit: 0 } : typeof input === 'number' ? { limit: input } : input;
    checkOptions(layer, retryOptionKeys, 'retry options');
    for (const [key, value] of Object.entries(layer ?? {})) if (value !== undefined) merged[key] = value;
  }
  const { limit } = merged;
  if (!Number.isInteger(limit) || (limit as number) < 0) {
    throw new RangeError(`retry.limit must be a whole number of 0 or more, not ${limit}`);
  }
  return merged as ResolvedRetry;
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

/**
 * The ky retry settings of one call with `method` (upper case), which may be retried (whether it may
 * is decided before). ky waits between attempts, ends the waits at the call's `totalTimeout`, and
 * honours `Retry-After` (and the rate-limit headers it knows) on 429 and 503, up to `maxRetryAfterMs`;
 * the pause otherwise is core's one back-off (`backoffDelay`), handed to ky as its `delay`.
 */
export function kyRetry(retry: ResolvedRetry, method: string): KyRetryOptions {
  const backoff = { initialMs: retry.baseDelayMs, maxMs: retry.maxDelayMs };
  return {
    limit: retry.limit,
    methods: [method.toLowerCase()],
    statusCodes: [...retry.statusCodes],
    afterStatusCodes: RETRY_AFTER_STATUSES,
    maxRetryAfter: retry.maxRetryAfterMs,
    delay: (attempt) => backoffDelay(attempt - 1, backoff),
    shouldRetry: ({ error }) => shouldRetry(error, retry),
  };
}

/**
 * Which failures are worth another attempt: the listed statuses, time-outs, network failures and a
 * body that broke off. `undefined` leaves the wait to ky, which reads the service's `Retry-After`.
 */
function shouldRetry(error: Error, retry: ResolvedRetry): boolean | undefined {
  if (isHTTPError(error)) {
    const { status, headers } = error.response;
    if (!retry.statusCodes.includes(status)) return false;
    if (!RETRY_AFTER_STATUSES.includes(status)) return true;
    // ky would wait `maxRetryAfter` and try again; waiting less than the service asked would only earn
    // another refusal, so its error (with `retryAfterMs`) goes back to the caller at once instead.
    const asked = parseRetryAfter(headers.get('retry-after'));
    return asked !== undefined && asked > retry.maxRetryAfterMs ? false : undefined;
  }
  return isTimeoutError(error) || isNetworkError(error) || ConnectionError.isInstance(error);
}
