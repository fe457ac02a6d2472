// Blocking queries: `index` and `wait` on a read, and watches that follow the index.
import {
  type ApiPromise,
  type ApiResult,
  type BlockingQuery,
  type DurationInput,
  RequestValidationError,
  toMilliseconds,
  type WatchOptions,
  watch,
} from '@infra-sdk/core';

/** The scheduler's longest blocking wait: 10 minutes. */
export const MAX_WAIT_MS = 600_000;

/** The scheduler's default blocking wait: 5 minutes. */
export const DEFAULT_WAIT_MS = 300_000;

/** Blocking-query settings of a read on an endpoint that supports them. */
export interface BlockingOptions {
  /** Return once the state index is past this one, or when `wait` ends. */
  readonly index?: number;
  /** Longest wait: milliseconds, or duration text such as `"30s"` or `"5m"`; at most 10 minutes. Default 5 minutes when `index` is given. */
  readonly wait?: DurationInput;
  /** Let any server answer (`stale`), possibly slightly behind the leader. */
  readonly stale?: boolean;
}

/** Options of a watch: where to start, how long each request waits, back-off, and the abort signal. */
export interface WatchSettings extends Omit<WatchOptions, 'waitMs'> {
  /** Wait of each blocking request: milliseconds or duration text; at most 10 minutes. Default 5 minutes. */
  readonly wait?: DurationInput;
  /** Let any server answer (`stale`). */
  readonly stale?: boolean;
}

/** Checks a wait and returns it in milliseconds. */
export function waitMilliseconds(wait: DurationInput): number {
  const ms = toMilliseconds(wait);
  if (ms > MAX_WAIT_MS) {
    throw new RequestValidationError('blocking query', [
      { path: 'wait', message: `${String(wait)} is longer than the maximum wait of 10 minutes` },
    ]);
  }
  return ms;
}

/** Options of a watch: the call's options without its blocking settings, plus the watch settings. */
export type Watch<O> = Omit<O, keyof BlockingOptions | 'signal'> & WatchSettings;

/** The request's blocking settings for `options`; none when the call does not block. */
export function blocking(options: BlockingOptions | undefined): { readonly blocking?: BlockingQuery } {
  if (options === undefined) return {};
  const { index, wait, stale } = options;
  if (index !== undefined && (!Number.isSafeInteger(index) || index < 0)) {
    throw new RequestValidationError('blocking query', [
      { path: 'index', message: `${index} is not a whole number, 0 or more` },
    ]);
  }
  if (index === undefined && wait === undefined && !stale) return {};
  // The service reads a missing or zero wait as its default; sending that default explicitly gives the
  // call the matching time limit (wait + wait/16 + margin) instead of the plain per-attempt one.
  const asked = wait === undefined ? 0 : waitMilliseconds(wait);
  const waitMs = asked > 0 ? asked : index === undefined ? undefined : DEFAULT_WAIT_MS;
  return {
    blocking: {
      ...(index === undefined ? {} : { index }),
      ...(waitMs === undefined ? {} : { waitMs }),
      ...(stale ? { consistency: 'stale' as const } : {}),
    },
  };
}

/** Follows a blocking read: one snapshot per change of the index, until the signal aborts. */
export async function* follow<T>(
  settings: WatchSettings | undefined,
  read: (blocking: { index: number; wait: number; signal: AbortSignal }) => ApiPromise<T>,
): AsyncGenerator<ApiResult<T>, void, undefined> {
  const { wait, stale: _stale, ...rest } = settings ?? {};
  const waitMs = wait === undefined ? undefined : waitMilliseconds(wait);
  yield* watch((query, signal) => read({ index: query.index, wait: query.waitMs, signal }).withMeta(), {
    ...rest,
    ...(waitMs === undefined ? {} : { waitMs }),
  });
}
