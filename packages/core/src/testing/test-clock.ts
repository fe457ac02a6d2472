// A clock that moves only when a test moves it. Work waiting on it (a keeper's next renewal, a watch's
// back-off, a fake's lease expiry) wakes in due order as the test advances time, so a test of hours
// of lifetimes runs in milliseconds and its outcome never depends on how busy the machine is.
import type { Clock } from '../clock.js';

interface Sleeper {
  readonly due: number;
  readonly order: number;
  readonly wake: () => void;
}

/** A clock for tests: `now()` stands still until `advance`, `advanceTo` or `next` moves it. */
export interface TestClock extends Clock {
  /** How many sleeps are waiting. */
  readonly pending: number;
  /** When the earliest waiting sleep is due, or undefined when none waits. */
  readonly nextDue: number | undefined;
  /** Moves the time forward by `ms`, waking each sleep that falls due, in order, letting each one's work run. */
  advance(ms: number): Promise<void>;
  /** Moves the time forward to `at` (never back), as `advance` does. */
  advanceTo(at: number): Promise<void>;
  /**
   * Waits (on real I/O, at most `timeoutMs` of it) until some sleep is waiting, then moves the time to
   * the earliest one's due time and wakes it. Resolves to the new time.
   */
  next(options?: { timeoutMs?: number }): Promise<number>;
  /**
   * A `fetch` (default: the global one) whose calls the clock waits for: `next` and `runUntil` move
   * the time only while none of its requests is in flight (sent, or its body still being read), so a
   * request's own deadline on this clock never passes under it. Give it to the clients under test.
   */
  fetch(base?: typeof fetch): typeof fetch;
  /** How many requests of `fetch()` are in flight. */
  readonly inFlight: number;
  /**
   * Moves the time from sleep to sleep until `done()` holds, waiting on real I/O between steps (for
   * requests in flight to answer). Fails after `maxSteps` steps, or when nothing waits and `done()`
   * still does not hold after `timeoutMs` of real time.
   */
  runUntil(done: () => boolean, options?: { maxSteps?: number; timeoutMs?: number }): Promise<void>;
}

/** One turn of the event loop: timers of real I/O and their promise reactions run. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Creates a {@link TestClock} that starts at `start` (default: the system's time now).
 *
 * @example
 * ```ts
 * import { createTestClock } from '@infra-sdk/core/testing';
 *
 * const clock = createTestClock();
 * const slept = clock.sleep(3_600_000).then(() => 'woke');
 * await clock.advance(3_600_000); // no real hour passes
 * console.log(await slept); // 'woke'
 * ```
 */
export function createTestClock(start: number = Date.now()): TestClock {
  let now = start;
  let order = 0;
  let sleepers: Sleeper[] = [];
  const listeners = new Set<() => void>();
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const settled = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const idle of [...idleWaiters]) idle();
  };

  /** Resolves when no tracked request is in flight, then lets their answers' work run. */
  const quiet = async (timeoutMs: number) => {
    if (inFlight > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          idleWaiters.delete(idle);
          reject(new Error(`test clock: requests still in flight after ${timeoutMs} ms of real time`));
        }, timeoutMs);
        const idle = () => {
          clearTimeout(timer);
          idleWaiters.delete(idle);
          resolve();
        };
        idleWaiters.add(idle);
      });
    }
    for (let settle = 0; settle < 3; settle++) await turn();
  };

  /** Counts a request as in flight until its answer's body is read to the end, cancelled or failed. */
  const tracked =
    (base: typeof fetch): typeof fetch =>
    async (input, init) => {
      inFlight += 1;
      let response: Response;
      try {
        response = await base(input, init);
      } catch (error) {
        settled();
        throw error;
      }
      if (response.body === null) {
        settled();
        return response;
      }
      let open = true;
      const end = () => {
        if (open) {
          open = false;
          settled();
        }
      };
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              end();
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            end();
            controller.error(error);
          }
        },
        cancel(reason) {
          end();
          return reader.cancel(reason);
        },
      });
      const copy = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      Object.defineProperties(copy, {
        url: { value: response.url },
        redirected: { value: response.redirected },
      });
      return copy;
    };

  const remove = (sleeper: Sleeper) => {
    sleepers = sleepers.filter((candidate) => candidate !== sleeper);
  };

  const wakeDue = async (until: number) => {
    for (;;) {
      const due = sleepers
        .filter((sleeper) => sleeper.due <= until)
        .sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (due === undefined) break;
      now = Math.max(now, due.due);
      remove(due);
      due.wake();
      // Let the woken work run (its requests answered, perhaps a sleep again) before the next one wakes.
      await quiet(5_000);
    }
    now = Math.max(now, until);
  };

  const waitForSleeper = (timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (sleepers.length > 0) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`test clock: nothing slept within ${timeoutMs} ms of real time`));
      }, timeoutMs);
      const listener = () => {
        clearTimeout(timer);
        listeners.delete(listener);
        resolve();
      };
      listeners.add(listener);
    });

  const clock: TestClock = {
    now: () => now,
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const onAbort = () => {
          remove(sleeper);
          resolve();
        };
        const sleeper: Sleeper = {
          due: now + Math.max(0, ms),
          order: order++,
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
        for (const listener of [...listeners]) listener();
      });
    },
    get pending() {
      return sleepers.length;
    },
    get nextDue() {
      return sleepers.length === 0 ? undefined : Math.min(...sleepers.map((sleeper) => sleeper.due));
    },
    advance: (ms) => wakeDue(now + ms),
    advanceTo: (at) => wakeDue(at),
    fetch: (base = globalThis.fetch) => tracked(base),
    get inFlight() {
      return inFlight;
    },
    async next({ timeoutMs = 5_000 } = {}) {
      await quiet(timeoutMs);
      await waitForSleeper(timeoutMs);
      await quiet(timeoutMs);
      await wakeDue(clock.nextDue ?? now);
      return now;
    },
    async runUntil(done, { maxSteps = 1_000, timeoutMs = 5_000 } = {}) {
      for (let step = 0; ; step++) {
        // Real I/O first: answers in flight arrive before time moves on.
        await quiet(timeoutMs);
        if (done()) return;
        if (step >= maxSteps) throw new Error(`test clock: not done after ${maxSteps} steps`);
        await clock.next({ timeoutMs });
      }
    },
  };
  return clock;
}
