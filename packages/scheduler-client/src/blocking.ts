// Blocking queries of the scheduler: core's options checked against the scheduler's limits (waits up to
// 10 minutes, 5 by default, no `consistent` mode).
import {
  type ApiPromise,
  type ApiResult,
  type BlockingLimits,
  type BlockingQuery,
  blockingOptionKeys,
  blockingWatchOptionKeys,
  type BlockingOptions as CoreBlockingOptions,
  type DurationInput,
  type KeySets,
  type OperationSpec,
  type OptionKeys,
  type RequestOptions,
  retryLoopOptionKeys,
  type StandardSchemaV1,
  sendOperation,
  toBlockingQuery,
  type WatchCallOptions,
  watchBlocking,
} from '@infra-sdk/core';
import type { SchedulerCore } from './core.js';

/** Which servers may answer a scheduler read: the leader (`default`) or any server (`stale`), possibly slightly behind. */
export type SchedulerConsistency = 'default' | 'stale';

/** The scheduler's blocking-query limits: a wait of at most 10 minutes, 5 minutes by default; `default` and `stale` reads. */
export const schedulerBlockingLimits: BlockingLimits = {
  maxWaitMs: 600_000,
  defaultWaitMs: 300_000,
  consistency: ['default', 'stale'],
};

/**
 * Blocking-query options of a scheduler read: `index`, `wait` (at most 10 minutes; 5 minutes when only
 * `index` is given) and `consistency` (`'stale'` lets any server answer). With `index`, the read answers
 * once what it returns changed past it, or when `wait` ends. An `index` that is not a whole number 0 or
 * more, a negative `wait` or one over 10 minutes, or another `consistency` is refused before sending,
 * with a `RequestValidationError` (from a watch's first iteration).
 */
export interface SchedulerBlockingOptions {
  /** Return once the state index is past this one (`meta.index` of an earlier call), or when `wait` ends. */
  readonly index?: number | undefined;
  /** Longest wait: milliseconds or text such as `"30s"`; at most 10 minutes, 5 by default when `index` is given. */
  readonly wait?: DurationInput | undefined;
  /** Which servers may answer: the leader (`default`) or any of them (`stale`). */
  readonly consistency?: SchedulerConsistency | undefined;
}

/** The keys of `SchedulerBlockingOptions`: core's blocking options, whose names the scheduler's share. */
export const schedulerBlockingOptionKeys = blockingOptionKeys satisfies OptionKeys<SchedulerBlockingOptions>;

/**
 * The keys the watch form of a read adds to the read's options (`WatchCallOptions`): the retry loop's
 * (`backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry`, `clock`, `logger`) and the blocking ones.
 */
export const watchCallOptionKeys: KeySets = [retryLoopOptionKeys, blockingWatchOptionKeys];

/** The transport's blocking query for a read's options; none when the call does not block. */
export function blocking(options: SchedulerBlockingOptions | undefined): {
  readonly blocking?: BlockingQuery;
} {
  // Core reads a missing option and an `undefined` one alike.
  const query = toBlockingQuery(options as CoreBlockingOptions | undefined, schedulerBlockingLimits);
  return query === undefined ? {} : { blocking: query };
}

/** What a read sends besides its blocking query: the path, the query, how to read and check the answer. */
interface ReadSpec<T> extends Pick<OperationSpec<T>, 'path' | 'query' | 'unwrap'> {
  readonly schema: StandardSchemaV1<unknown, T>;
}

/**
 * A GET that becomes a blocking query when `options` ask for one, as every scheduler read can. `options`
 * may hold only the keys `keys` lists, and `describe` runs inside the operation: an unknown option or a
 * bad input rejects the call before anything is sent.
 */
export function blockingRead<T>(
  core: SchedulerCore,
  options: (RequestOptions & SchedulerBlockingOptions) | undefined,
  keys: KeySets,
  describe: () => ReadSpec<T>,
): ApiPromise<T> {
  return sendOperation(core, () => ({ method: 'GET', ...describe(), ...blocking(options) }), options, keys);
}

/**
 * Repeats a blocking `read` within the scheduler's limits, yielding its result each time it changes.
 * `readKeys` are the keys of the read's options: the watch takes those and `watchCallOptionKeys`, and
 * refuses any other before the first request; each read gets its own options without the watch's.
 */
export function watchRead<O, T>(
  options: WatchCallOptions<O, SchedulerConsistency> | undefined,
  readKeys: KeySets,
  read: (
    call: WatchCallOptions<O, SchedulerConsistency> & {
      readonly index: number;
      readonly wait: number;
      readonly signal: AbortSignal;
    },
  ) => ApiPromise<T>,
): AsyncGenerator<ApiResult<T>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, (call) => read(readOptionsOf(call)), [
    readKeys,
    watchCallOptionKeys,
  ]);
}

/** The options of one read of a watch: the retry loop's keys left out (the read refuses them), its signal kept. */
function readOptionsOf<C extends object>(call: C): C {
  const read = { ...call } as Record<string, unknown>;
  for (const key in retryLoopOptionKeys) if (key !== 'signal') delete read[key];
  return read as C;
}
