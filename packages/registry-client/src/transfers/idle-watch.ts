// The idle limit of a transfer, on the client's clock: one sleep at a time, moved on lazily when bytes
// moved in the meantime (re-arming a timer for every chunk costs throughput), so a test clock decides
// when a stalled transfer times out and no transfer waits on real time in a test.
import type { Clock } from '@infra-sdk/core';

/** A running idle watch. */
export interface IdleWatch {
  /** Bytes moved: the idle time starts over. */
  moved(): void;
  /** Ends the watch; `onIdle` is not called after it. */
  stop(): void;
}

/** Calls `onIdle` once `idleMs` pass by `clock` without `moved()`, unless `stop()` comes first. */
export function watchIdle(clock: Clock, idleMs: number, onIdle: () => void): IdleWatch {
  const stopped = new AbortController();
  let lastMove = clock.now();
  const run = async () => {
    for (let wait = idleMs; ; ) {
      await clock.sleep(wait, stopped.signal);
      if (stopped.signal.aborted) return;
      const quiet = clock.now() - lastMove;
      if (quiet >= idleMs) break;
      wait = idleMs - quiet;
    }
    onIdle();
  };
  void run();
  return {
    moved: () => {
      lastMove = clock.now();
    },
    stop: () => stopped.abort(),
  };
}
