// Blocking queries of the scheduler: core's options checked against the scheduler's limits (waits up to
// 10 minutes, 5 by default, no `consistent` mode).
import {
  type ApiPromise,
  type ApiResult,
  type BlockingLimits,
  type BlockingQuery,
  type BlockingOptions as CoreBlockingOptions,
  type DurationInput,
  type OperationSpec,
  type RequestOptions,
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
 * `index` is given) and `consistency` (`'stale'` lets any server answer).
 */
export interface SchedulerBlockingOptions {
  /** Return once the state index is past this one (`meta.index` of an earlier call), or when `wait` ends. */
  readonly index?: number | undefined;
  /** Longest wait: milliseconds or text such as `"30s"`; at most 10 minutes, 5 by default when `index` is given. */
  readonly wait?: DurationInput | undefined;
  /** Which servers may answer: the leader (`default`) or any of them (`stale`). */
  readonly consistency?: SchedulerConsistency | undefined;
}

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
 * A GET that becomes a blocking query when `options` ask for one, as every scheduler read can. `describe`
 * runs inside the operation, so a bad input rejects the call before anything is sent.
 */
export function blockingRead<T>(
  core: SchedulerCore,
  options: (RequestOptions & SchedulerBlockingOptions) | undefined,
  describe: () => ReadSpec<T>,
): ApiPromise<T> {
  return sendOperation(core, () => ({ method: 'GET', ...describe(), ...blocking(options) }), options);
}

/** Repeats a blocking `read` within the scheduler's limits, yielding its result each time it changes. */
export function watchRead<O, T>(
  options: WatchCallOptions<O, SchedulerConsistency> | undefined,
  read: (
    call: WatchCallOptions<O, SchedulerConsistency> & {
      readonly index: number;
      readonly wait: number;
      readonly signal: AbortSignal;
    },
  ) => ApiPromise<T>,
): AsyncGenerator<ApiResult<T>, void, undefined> {
  return watchBlocking(options, schedulerBlockingLimits, read);
}
