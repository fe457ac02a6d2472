// The client option that makes reads follow the client's own writes, and its settings checked once.
import { checkOptions, type OptionKeys } from '@infra-sdk/core';

/**
 * Reads that follow the client's own writes on a cluster whose standby nodes answer reads (performance
 * standbys, performance replicas). Every write's answer carries the service's consistency index
 * (`X-Secrets-Index`); with this option on, the client keeps the newest index it saw and sends it with
 * each later read (`GET`, `LIST`, `HEAD`), so a node that has not replicated that write yet does not
 * answer with what it had before: it answers 412 (or forwards the read, with `whenBehind: 'forward'`),
 * and the client asks again after a back-off on the client's `clock`, up to `retries` times, then
 * fails with `InconsistentReadError`. The index is per client, shared by every call of the client (its
 * groups, standalone operations on its core, keepers, `request()` and `wrapped()`).
 *
 * `true` takes every default. One call can also wait for an index it got elsewhere (another client's
 * or process's write: `meta.consistencyIndex`) with the per-call `consistencyIndex` option, with or
 * without this option; its 412 answers are retried by these settings.
 *
 * @example
 * ```ts
 * const secrets = createSecretsClient({ baseUrl, token, readYourWrites: true });
 * await secrets.kv.write('app/db', { password: 'new' });
 * console.log((await secrets.kv.read('app/db')).data.password); // 'new', whichever node answers
 * ```
 */
export interface ReadYourWritesOptions {
  /**
   * What a read does when the node that answers has not reached the index: `retry` (default) asks
   * again after a back-off; `forward` asks the node to forward it to the active node instead
   * (`X-Secrets-Inconsistent: forward-active-node`: one answer, at the cost of a hop), retrying a 412
   * like `retry`; `fail` throws `InconsistentReadError` at the first 412.
   */
  readonly whenBehind?: 'retry' | 'forward' | 'fail' | undefined;
  /** Times a read answered 412 is sent again before `InconsistentReadError`. Default 5. */
  readonly retries?: number | undefined;
  /** First pause in ms before asking again, doubled each time, with jitter. Default 100. */
  readonly backoffMs?: number | undefined;
  /** Longest pause in ms. Default 2 000. */
  readonly maxBackoffMs?: number | undefined;
}

export const readYourWritesOptionKeys = {
  whenBehind: 1,
  retries: 1,
  backoffMs: 1,
  maxBackoffMs: 1,
} as const satisfies OptionKeys<ReadYourWritesOptions>;

/** The settings of a client: whether it remembers indexes, and how a 412 is retried. */
export interface ReadYourWrites {
  readonly remember: boolean;
  readonly whenBehind: 'retry' | 'forward' | 'fail';
  readonly retries: number;
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
}

/** Checks the option and fills in the defaults; without it, a call's own `consistencyIndex` still retries a 412. */
export function resolveReadYourWrites(option: boolean | ReadYourWritesOptions | undefined): ReadYourWrites {
  const settings = typeof option === 'object' && option !== null;
  if (settings) checkOptions(option, readYourWritesOptionKeys, 'readYourWrites options');
  const { whenBehind = 'retry', retries = 5, backoffMs = 100, maxBackoffMs = 2_000 } = settings ? option : {};
  if (
    !(settings || option === undefined || typeof option === 'boolean') ||
    !['retry', 'forward', 'fail'].includes(whenBehind) ||
    !(Number.isSafeInteger(retries) && retries >= 0) ||
    !(backoffMs >= 0 && maxBackoffMs >= 0 && Number.isFinite(backoffMs + maxBackoffMs))
  ) {
    throw new TypeError(
      `readYourWrites must be true, false or { whenBehind: "retry" | "forward" | "fail", retries, backoffMs, maxBackoffMs } (whole retries, finite ms, 0 or more), not ${JSON.stringify(option)}`,
    );
  }
  return { remember: !!option, whenBehind, retries, backoffMs, maxBackoffMs };
}
