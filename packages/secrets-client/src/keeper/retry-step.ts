// One step of a keeper (issue, renew, revoke) run through core's retry loop: retried with back-off while
// the failure may pass and the deadline (a lease's end) allows, then given up with its last error.
import { type Clock, createRetryLoop } from '@infra-sdk/core';
import { deadlineSignal } from './timing.js';
import type { KeeperEvent, KeeperEventSubject, KeeperOptions, KeeperStep } from './types.js';

/** How a step ended. */
export type StepOutcome<R> =
  | { readonly ok: true; readonly value: R }
  /** `ranOut`: the deadline ended the retries (not the failure itself, nor a stop). */
  | { readonly ok: false; readonly error: unknown; readonly ranOut: boolean };

/**
 * Runs `run` until it succeeds, fails for good, `deadline` passes or `stop` aborts; each retry is an
 * event. The deadline and the pauses are on `clock`.
 */
export async function runStep<R>(
  clock: Clock,
  step: KeeperStep,
  about: KeeperEventSubject,
  settings: Pick<KeeperOptions<unknown>, 'backoffMs' | 'maxBackoffMs' | 'maxFailures'>,
  emit: (event: KeeperEvent) => void,
  stop: AbortSignal,
  deadline: number | undefined,
  run: (signal: AbortSignal) => Promise<R>,
): Promise<StepOutcome<R>> {
  const phase = deadlineSignal(clock, stop, deadline);
  const loop = createRetryLoop({
    clock,
    signal: phase.signal,
    backoffMs: settings.backoffMs,
    maxBackoffMs: settings.maxBackoffMs,
    maxFailures: settings.maxFailures,
    onRetry: (event) => emit({ type: 'retry', step, ...about, ...event }),
  });
  let last: unknown;
  try {
    while (loop.running) {
      try {
        const value = await run(phase.signal);
        loop.succeeded();
        return { ok: true, value };
      } catch (error) {
        last = error;
        await loop.failed(error);
      }
    }
    return { ok: false, error: last, ranOut: !stop.aborted };
  } catch (error) {
    return { ok: false, error, ranOut: false };
  } finally {
    phase.clear();
  }
}
