// One step of a keeper (issue, renew, revoke) run through core's retry loop: retried with back-off while
// the failure may pass and the deadline (a lease's end) allows, then given up with its last error. The
// loop's failure streak writes the warning of the third failure in a row (to the logger of the client
// whose call failed) and counts the failures into the error that ends the step.
import { type Clock, createFailureStreak, createRetryLoop, InfraSdkError } from '@infra-sdk/core';
import { deadlineSignal } from './timing.js';
import type { KeeperEvent, KeeperEventSubject, KeeperOptions, KeeperStep } from './types.js';

/** How a step ended. */
export type StepOutcome<R> =
  | { readonly ok: true; readonly value: R }
  /** `ranOut`: the deadline ended the retries (not the failure itself, nor a stop). */
  | { readonly ok: false; readonly error: unknown; readonly ranOut: boolean };

// The streak that only counts: the retry loop's own writes the warning, this one adds the count and span
// to the last failure when the deadline, not the loop, ends the retries.
const quiet = (): void => {};

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
  const tally = createFailureStreak({ clock, logger: quiet });
  let last: unknown;
  try {
    while (loop.running) {
      try {
        const value = await run(phase.signal);
        loop.succeeded();
        return { ok: true, value };
      } catch (error) {
        // Counted one failure late, so that `end` below counts the last one once.
        if (last !== undefined) tally.failed(last, 0);
        last = error;
        await loop.failed(error);
      }
    }
    return { ok: false, error: stop.aborted ? last : tally.end(last), ranOut: !stop.aborted };
  } catch (error) {
    return { ok: false, error, ranOut: false };
  } finally {
    phase.clear();
  }
}

/** `error` as an error of this client's: an InfraSdkError as it is, anything else as the cause of one. */
export function asClientError(error: unknown): InfraSdkError {
  if (InfraSdkError.isInstance(error)) return error;
  return new InfraSdkError(error instanceof Error ? error.message : String(error), { cause: error });
}
