// Blocking queries, as both services that have them take them: `index`, `wait` (with the service's
// default and maximum) and a consistency mode, checked before anything is sent; and `watch` on top.
import { type DurationInput, toMilliseconds } from './duration.js';
import { RequestValidationError, type ValidationIssue } from './errors.js';
import type { ApiPromise, ApiResult, ResponseMeta } from './meta.js';
import { checkOptions, type KeySets, type OptionKeys, type OwnOptionKeys } from './option-keys.js';
import type { BlockingQuery, RequestOptions } from './request-spec.js';
import type { RetryLoopOptions } from './retry-loop.js';
import { follow, type WatchOptions } from './watch.js';

/** Which servers may answer a read: the leader (`default`), any server (`stale`), or a leader that first confirms it leads (`consistent`). */
export type Consistency = 'default' | 'stale' | 'consistent';

/** Blocking-query options of a read; `C` is the consistency modes the service offers. */
export interface BlockingOptions<C extends Consistency = Consistency> {
  /** Return once the state index is past this one (from `meta.index` of an earlier call), or when `wait` ends. */
  readonly index?: number | undefined;
  /** Longest wait: milliseconds, or duration text such as `"30s"` or `"5m"`. Default: the service's, when `index` is given. */
  readonly wait?: DurationInput | undefined;
  /** Which servers may answer. Default: the client's. */
  readonly consistency?: C | undefined;
}

/** The keys of `BlockingOptions`, for checking a blocking read's options. */
export const blockingOptionKeys = {
  index: 1,
  wait: 1,
  consistency: 1,
} as const satisfies OptionKeys<BlockingOptions>;

/** A service's blocking-query limits. */
export interface BlockingLimits {
  /** The service's longest wait in ms; a longer one is refused before sending. */
  readonly maxWaitMs: number;
  /** The wait the service uses when none is given, in ms; sent whenever an index is, so the call's time limit covers it. */
  readonly defaultWaitMs: number;
  /** Consistency modes the service offers. Default all three. */
  readonly consistency?: readonly Consistency[] | undefined;
}

/** Options of a watch: where to start, each request's wait and consistency, back-off, and the abort signal. */
export interface BlockingWatchOptions<C extends Consistency = Consistency>
  extends Omit<WatchOptions, 'waitMs'> {
  /** Wait of each blocking request: milliseconds or duration text. Default: the service's. */
  readonly wait?: DurationInput | undefined;
  /** Which servers may answer each request. Default: the client's. */
  readonly consistency?: C | undefined;
}

/**
 * The keys `BlockingWatchOptions` adds to the retry loop's: a client's watch options are checked against
 * `[retryLoopOptionKeys, blockingWatchOptionKeys, ...its call's own]`.
 */
export const blockingWatchOptionKeys = {
  index: 1,
  wait: 1,
  consistency: 1,
} as const satisfies OwnOptionKeys<BlockingWatchOptions, RetryLoopOptions>;

/** Options of the watch form of a call: the call's options without its blocking ones and signal, plus the watch's. */
export type WatchCallOptions<O, C extends Consistency = Consistency> = Omit<
  O,
  keyof BlockingOptions | 'signal'
> &
  BlockingWatchOptions<C>;

/**
 * Checks the blocking options of a call and turns them into the transport's blocking query (undefined
 * when the call does not block). Throws RequestValidationError for a bad index, a negative or
 * over-limit wait, or a mode the service does not offer.
 */
export function toBlockingQuery(
  options: BlockingOptions | undefined,
  limits: BlockingLimits,
  fallbackConsistency: Consistency = 'default',
): BlockingQuery | undefined {
  const index = options?.index;
  const issues: ValidationIssue[] = [];
  if (index !== undefined && (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0)) {
    issues.push({ path: 'index', message: `${String(index)} is not a whole number, 0 or more` });
  }
  const asked = options?.wait === undefined ? undefined : checkWait(options.wait, limits, issues);
  const consistency = options?.consistency ?? fallbackConsistency;
  const modes = limits.consistency ?? ['default', 'stale', 'consistent'];
  if (!modes.includes(consistency)) {
    issues.push({
      path: 'consistency',
      message: `must be ${modes.map((mode) => JSON.stringify(mode)).join(' or ')}, not ${JSON.stringify(consistency)}`,
    });
  }
  if (issues.length > 0) throw new RequestValidationError('blocking query', issues);
  // A missing or zero wait is the service's default: sending it explicitly gives the call the matching
  // time limit (wait + wait/16 + margin) instead of the plain per-attempt one.
  const waitMs = asked ? asked : index === undefined ? undefined : limits.defaultWaitMs;
  if (index === undefined && waitMs === undefined && consistency === 'default') return undefined;
  return {
    ...(index === undefined ? {} : { index }),
    ...(waitMs === undefined ? {} : { waitMs }),
    ...(consistency === 'default' ? {} : { consistency }),
  };
}

function checkWait(
  wait: DurationInput,
  limits: BlockingLimits,
  issues: ValidationIssue[],
): number | undefined {
  let ms: number;
  try {
    ms = toMilliseconds(wait);
  } catch (error) {
    const reason = RequestValidationError.isInstance(error) ? error.issues[0]?.message : undefined;
    issues.push({ path: 'wait', message: reason ?? `${String(wait)} is not a duration` });
    return undefined;
  }
  if (ms > limits.maxWaitMs) {
    issues.push({
      path: 'wait',
      message: `${String(wait)} is longer than the service's longest wait (${limits.maxWaitMs / 1000}s)`,
    });
    return undefined;
  }
  return ms;
}

/**
 * Follows a blocking read: one snapshot now and one after every change of the index, until the signal
 * aborts. `read` makes one request with the watch's options merged with that request's `index`, `wait`
 * (in ms) and `signal`; the watch's own keys (`backoffMs`, ...) ride along and the transport ignores them.
 * Each request is sent once (`retry: false`, unless `options` give a `retry`): the watch retries a
 * failure itself, on its clock, so that it counts every failure and warns at the third.
 * `optionKeys` lists every key `options` may hold (the watch's, `[retryLoopOptionKeys,
 * blockingWatchOptionKeys]`, and the call's own): any other is refused before the first request.
 *
 * @example
 * ```ts
 * import { type BlockingOptions, type RequestOptions, createTransport, toBlockingQuery, watchBlocking } from '@infra-sdk/core';
 *
 * const limits = { maxWaitMs: 600_000, defaultWaitMs: 300_000, consistency: ['default', 'stale'] as const };
 * const mesh = createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1', metaHeaders: { index: 'X-Mesh-Index' } });
 * const listNamespaces = (options: BlockingOptions & RequestOptions) =>
 *   mesh.request({ method: 'GET', path: '/namespaces', blocking: toBlockingQuery(options, limits) }, options);
 *
 * for await (const { data, meta } of watchBlocking({ wait: '1m' }, limits, (call) => listNamespaces(call))) {
 *   console.log(meta.index, data);
 *   break; // or keep going: one snapshot per change
 * }
 * ```
 * @throws {RequestValidationError} before the first request, when `wait` is negative, unreadable or over
 *   the service's longest, or `options` holds a key `optionKeys` does not list.
 * @throws {ApiError} the read's error when it will not pass by waiting (a 4xx), as `watch` does.
 * @throws {ConnectionError | TimeoutError | ServerError | RateLimitError} the last of `maxFailures`
 *   transient failures in a row, as `watch` does.
 */
export async function* watchBlocking<
  O extends BlockingWatchOptions,
  T,
  M extends ResponseMeta = ResponseMeta,
>(
  options: O | undefined,
  limits: BlockingLimits,
  read: (
    call: O & { readonly index: number; readonly wait: number; readonly signal: AbortSignal },
  ) => ApiPromise<T, M>,
  optionKeys?: KeySets,
): AsyncGenerator<ApiResult<T, M>, void, undefined> {
  if (optionKeys) checkOptions(options, optionKeys, 'watch options');
  const { wait, consistency: _consistency, ...rest } = options ?? ({} as O);
  const issues: ValidationIssue[] = [];
  const asked = wait === undefined ? undefined : checkWait(wait, limits, issues);
  if (issues.length > 0) throw new RequestValidationError('watch', issues);
  const waitMs = asked || limits.defaultWaitMs;
  // The watch retries a failed request itself, on its clock, and counts each failure: a transport
  // retrying inside each request as well would hide failures from the count and delay the warning of
  // the third. A `retry` the caller gives still applies.
  const retry = (options as RequestOptions | undefined)?.retry ?? false;
  yield* follow(
    (query, signal) =>
      read({ ...(options as O), retry, index: query.index, wait: query.waitMs, signal }).withMeta(),
    // The call options in `rest` are keys the watch does not read.
    { ...(rest as WatchOptions), waitMs },
    false,
  );
}
