import { checkOptions, type OptionKeys } from '../option-keys.js';
import type { BlockingIndex } from './blocking-index.js';
import { ReplyError } from './reply-error.js';
import type { TestRequest } from './types.js';
import { parseWaitMs } from './wait-duration.js';

/** Limits of blocking queries; the defaults are the services' (5 minutes, at most 10). */
export interface BlockingQueryOptions {
  /** Wait when the query gives none, in ms; default 300 000 (5 minutes). */
  readonly defaultWaitMs?: number | undefined;
  /** Longest wait allowed, in ms; longer requests are cut to it; default 600 000 (10 minutes). */
  readonly maxWaitMs?: number | undefined;
}

/** Options of `blockingWait`. */
export interface BlockingWaitOptions extends BlockingQueryOptions {
  /** Add up to wait/16 of random extra time, as the services do. Default false, for predictable tests. */
  readonly jitter?: boolean | undefined;
}

/** The blocking part of a query: the index to wait past (undefined: do not block) and how long. */
export interface BlockingQuery {
  /** Index to wait past; undefined when the query does not block. */
  readonly index: number | undefined;
  /** How long to wait at most, in ms, after the default and the cap are applied. */
  readonly waitMs: number;
}

/** Reads `index` and `wait` from a query; a bad value is a 400 `ReplyError`. */
export function readBlockingQuery(query: URLSearchParams, options: BlockingQueryOptions = {}): BlockingQuery {
  checkOptions(
    options,
    { defaultWaitMs: 1, maxWaitMs: 1, jitter: 1 } satisfies OptionKeys<BlockingWaitOptions>,
    'blocking query options',
  );
  const defaultWaitMs = options.defaultWaitMs ?? 300_000;
  const maxWaitMs = options.maxWaitMs ?? 600_000;
  const rawIndex = query.get('index') ?? '';
  if (rawIndex !== '' && !/^\d+$/.test(rawIndex)) {
    throw new ReplyError(400, `invalid index "${rawIndex}": expected a non-negative integer`);
  }
  const rawWait = query.get('wait') ?? '';
  let waitMs = defaultWaitMs;
  if (rawWait !== '') {
    try {
      waitMs = parseWaitMs(rawWait);
    } catch (error) {
      throw new ReplyError(400, `invalid wait: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // As the services do: a zero wait means the default, and anything above the maximum is the maximum.
  if (waitMs === 0) waitMs = defaultWaitMs;
  return { index: rawIndex === '' ? undefined : Number(rawIndex), waitMs: Math.min(waitMs, maxWaitMs) };
}

/** Waits on `index` as the request's `index` and `wait` ask, and returns the index to report. */
export async function blockingWait(
  req: TestRequest,
  index: BlockingIndex,
  options: BlockingWaitOptions = {},
): Promise<number> {
  const query = readBlockingQuery(req.query, options);
  if (query.index === undefined) return index.current;
  const extra = options.jitter === true ? Math.random() * (query.waitMs / 16) : 0;
  return index.waitFor(query.index, query.waitMs + extra, req.signal);
}
