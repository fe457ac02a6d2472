// Blocking queries of the scheduler: core's options checked against the scheduler's limits (waits up to
// 10 minutes, 5 by default, no `consistent` mode), with the earlier `stale: true` read as `consistency: 'stale'`.
import {
  type BlockingLimits,
  type BlockingQuery,
  type BlockingWatchOptions,
  type BlockingOptions as CoreBlockingOptions,
  toBlockingQuery,
  type WatchCallOptions,
} from '@infra-sdk/core';

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
export interface SchedulerBlockingOptions extends CoreBlockingOptions<SchedulerConsistency> {
  /** @deprecated Use `consistency: 'stale'`; removed in the next minor version. */
  readonly stale?: boolean;
}

/** The transport's blocking query for a read's options; none when the call does not block. */
export function blocking(options: SchedulerBlockingOptions | undefined): {
  readonly blocking?: BlockingQuery;
} {
  const consistency = options?.consistency ?? (options?.stale === true ? 'stale' : undefined);
  const query = toBlockingQuery(
    consistency === undefined ? options : { ...options, consistency },
    schedulerBlockingLimits,
  );
  return query === undefined ? {} : { blocking: query };
}

/** @deprecated Use {@link SchedulerBlockingOptions}; removed in the next minor version. */
export type BlockingOptions = SchedulerBlockingOptions;

/** @deprecated Use `WatchCallOptions<O, SchedulerConsistency>`; removed in the next minor version. */
export type Watch<O> = WatchCallOptions<O, SchedulerConsistency>;

/** @deprecated Use `BlockingWatchOptions<SchedulerConsistency>`; removed in the next minor version. */
export interface WatchSettings extends BlockingWatchOptions<SchedulerConsistency> {
  /** @deprecated Use `consistency: 'stale'`; removed in the next minor version. */
  readonly stale?: boolean;
}
