// Long-lived work that fails again and again is heard: the third failure in a row is one warning line
// (which endpoint, what failed, when the next try is), a recovery after it one info line, and the error
// that ends the work says how many failures in a row over how long. One implementation for core's
// retry loop (watches, event streams, keepers) and for any loop a client writes itself.
import { type Clock, systemClock } from './clock.js';
import { InfraSdkError } from './errors.js';
import { createLog, defaultLog, type LogFunction, type Logger, logOf } from './log.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

/** The failure in a row that is reported: the first two pass quietly, a blip is no news. */
const WARN_AT = 3;

/** Settings of a failure streak. */
export interface FailureStreakOptions {
  /** Where the time of each failure is read. Default `systemClock`. */
  readonly clock?: Clock | undefined;
  /**
   * Where the warning goes. Default: the logger of the client whose request failed (its `logger` and
   * `logLevel`), found from the error; the console at `warn` for an error of no client's request.
   */
  readonly logger?: Logger | undefined;
  /** Names the work in the warning when the failure names no request, e.g. `event stream`. */
  readonly what?: string | undefined;
}

const streakOptionKeys = { clock: 1, logger: 1, what: 1 } as const satisfies OptionKeys<FailureStreakOptions>;

/** The failures in a row of one long-lived piece of work. */
export interface FailureStreak {
  /** Failures in a row since the last success. */
  readonly count: number;
  /**
   * Records a failure that will be tried again after `nextTryMs`: the third in a row writes one warning
   * line naming the endpoint (method and path, never the query), the failure and the next try.
   */
  failed(error: unknown, nextTryMs: number): void;
  /** Records a success: the count starts over (with an info line when a warning was written). */
  succeeded(): void;
  /**
   * Records the failure that ends the work and returns it: an InfraSdkError after at least one other in
   * a row gets "N failures in a row over T s" added to its message (and stack); other values are
   * returned as they are. Throw what it returns.
   */
  end<E>(error: E): E;
}

/**
 * Starts the failure bookkeeping of a long-lived loop of a client's own (a follower, a keeper): call
 * `failed` before each retry, `succeeded` after each success, and throw `end(error)` when giving up.
 * Core's retry loop (`createRetryLoop`) keeps one already.
 *
 * @example
 * ```ts
 * import { createFailureStreak, createTransport, delay } from '@infra-sdk/core';
 *
 * const mesh = createTransport({ baseUrl: 'http://127.0.0.1:8500', pathPrefix: '/v1' });
 * const streak = createFailureStreak({ what: 'namespace poll' });
 * for (let tries = 1; ; tries++) {
 *   try {
 *     console.log(await mesh.request({ method: 'GET', path: '/namespaces' }));
 *     streak.succeeded();
 *     break;
 *   } catch (error) {
 *     if (tries === 5) throw streak.end(error); // "... (5 failures in a row over 3.1 s)"
 *     streak.failed(error, 100); // the third in a row: one warning line
 *     await delay(100);
 *   }
 * }
 * ```
 * @throws {RequestValidationError} when `options` holds a key other than `clock`, `logger` and `what`.
 */
export function createFailureStreak(options: FailureStreakOptions = {}): FailureStreak {
  checkOptions(options, streakOptionKeys, 'failure streak options');
  const { clock = systemClock, what } = options;
  const given = options.logger === undefined ? undefined : createLog(options.logger, 'debug');
  let count = 0;
  let since = 0;
  // The log and the request of the warning written in this streak, for the line of its recovery.
  let warned: { readonly log: LogFunction; readonly where: string } | undefined;
  const span = () => clock.now() - since;
  const countOne = () => {
    if (count === 0) since = clock.now();
    count += 1;
  };
  return {
    get count() {
      return count;
    },
    failed(error, nextTryMs) {
      countOne();
      if (count !== WARN_AT) return;
      const log = given ?? logOf(error) ?? defaultLog;
      const { method, path } = endpointOf(error);
      const { name, text } = describeFailure(error, method, path);
      const where = method ? `${method} ${path}` : (what ?? 'a request');
      log(
        'warn',
        `infra-sdk: ${where} failed ${count} times in a row over ${spanOf(span())} (${name}: ${text}); trying again in ${pauseOf(nextTryMs)}`,
        {
          event: 'failures',
          method,
          path,
          what,
          failures: count,
          spanMs: span(),
          error: name,
          message: text,
          nextTryMs,
        },
      );
      warned = { log, where };
    },
    succeeded() {
      if (warned && count > 0) {
        warned.log(
          'info',
          `infra-sdk: ${warned.where} succeeded again after ${count} failures in a row over ${spanOf(span())}`,
          { event: 'recovered', what, failures: count, spanMs: span() },
        );
      }
      warned = undefined;
      count = 0;
    },
    end(error) {
      countOne();
      if (count > 1 && InfraSdkError.isInstance(error)) {
        const before = error.message;
        const after = `${before} (${count} failures in a row over ${spanOf(span())})`;
        error.message = after;
        // The stack's first line repeats the message as it was when the error was made.
        if (error.stack?.includes(before)) error.stack = error.stack.replace(before, after);
      }
      count = 0;
      warned = undefined;
      return error;
    },
  };
}

/** The method and path (no query) of the request a failure names, when it names one. */
function endpointOf(error: unknown): { method?: string; path?: string } {
  const { method, url } = (typeof error === 'object' && error !== null ? error : {}) as {
    method?: unknown;
    url?: unknown;
  };
  if (typeof method !== 'string' || typeof url !== 'string') return {};
  try {
    return { method, path: new URL(url).pathname };
  } catch {
    return { method, path: url.replace(/[?#].*$/, '') };
  }
}

/** The failure's class name and the first line of its message, without the request it repeats. */
function describeFailure(error: unknown, method?: string, path?: string): { name: string; text: string } {
  const name = error instanceof Error ? error.name : typeof error;
  let text = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  // `GET /v1/x?index=5: ...` and `GET /v1/x?index=5 failed ...`: the warning names the request itself.
  if (method && path && text.startsWith(`${method} ${path}`))
    text = text.replace(/^\S+ \S+?(: | (?=failed))/, '');
  return { name, text: text.length > 160 ? `${text.slice(0, 157)}...` : text };
}

/** A span of time in seconds: `0.4 s`, `3.5 s`, `127 s`. */
function spanOf(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** A pause before the next try: `850 ms` below a second, in seconds above. */
function pauseOf(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : spanOf(ms);
}
