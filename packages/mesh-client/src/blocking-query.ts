import {
  type BlockingQuery,
  type DurationInput,
  type RequestOptions,
  toMilliseconds,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { type Consistency, ConsistencySchema } from './consistency.js';

/** Query options of endpoints that support blocking queries and consistency modes. */
export interface BlockingQueryOptions {
  /** Block until the state index is past this one (from `meta.index` of an earlier call). */
  readonly index?: number;
  /** Longest time to block: milliseconds, or duration text such as `"30s"` or `"5m"`. Default 5 minutes when `index` is given. */
  readonly wait?: DurationInput;
  /** Consistency mode of this call; default: the client's `consistency`. */
  readonly consistency?: Consistency;
}

/** Per-call options of a blocking read or list. */
export interface BlockingReadOptions extends RequestOptions, BlockingQueryOptions {}

// The server's default wait: sent explicitly whenever an index is, so the call's time limit covers it.
const DEFAULT_WAIT_MS = 300_000;

const BlockingQueryOptionsSchema = v.object({
  index: v.optional(
    v.pipe(v.number(), v.safeInteger('must be an integer'), v.minValue(0, 'must be 0 or more')),
  ),
  wait: v.optional(v.union([v.number(), v.string()], 'must be milliseconds or duration text')),
  consistency: v.optional(ConsistencySchema),
});

/** Checks the blocking options of a call and turns them into the transport's blocking query. */
export async function toBlockingQuery(
  options: BlockingQueryOptions,
  clientConsistency: Consistency,
): Promise<BlockingQuery> {
  const checked = await validateRequest(
    BlockingQueryOptionsSchema,
    { index: options.index, wait: options.wait, consistency: options.consistency },
    'blocking query options',
  );
  // The server reads a zero wait as its default; sending the default keeps the time limit honest.
  const asked = checked.wait === undefined ? 0 : toMilliseconds(checked.wait);
  const waitMs = asked > 0 ? asked : checked.index === undefined ? undefined : DEFAULT_WAIT_MS;
  return {
    ...(checked.index === undefined ? {} : { index: checked.index }),
    ...(waitMs === undefined ? {} : { waitMs }),
    consistency: checked.consistency ?? clientConsistency,
  };
}
