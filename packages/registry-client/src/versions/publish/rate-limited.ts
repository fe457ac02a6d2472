// A release makes many registry calls in parallel, and the registry answers 429 beyond its (unpublished)
// rate. Each call refused so is made again after the wait the registry asked for, or core's back-off,
// waited on the client's clock.
import { AbortError, type Clock, createRetryLoop, RateLimitError } from '@infra-sdk/core';
import type { RegistryStep } from '../../uploads/upload-attempt.js';
import { DEFAULT_ATTEMPTS, MAX_STORAGE_RETRY_AFTER_MS } from '../../uploads/upload-retries.js';
import type { PublishSettings } from './types.generated.js';

/** Runs registry calls, each made again (up to `attempts` times in all) while the registry answers 429. */
export function rateLimitedSteps(
  settings: PublishSettings,
  signal: AbortSignal | undefined,
  clock: Clock,
): RegistryStep {
  return async (step) => {
    const loop = createRetryLoop({
      signal,
      clock,
      maxFailures: settings.attempts ?? DEFAULT_ATTEMPTS,
      ...(settings.backoff?.initialMs === undefined ? {} : { backoffMs: settings.backoff.initialMs }),
      ...(settings.backoff?.maxMs === undefined ? {} : { maxBackoffMs: settings.backoff.maxMs }),
    });
    for (;;) {
      try {
        return await step();
      } catch (error) {
        // A wait longer than an upload waits for storage ends the call too: it would stall the release.
        if (!RateLimitError.isInstance(error) || (error.retryAfterMs ?? 0) > MAX_STORAGE_RETRY_AFTER_MS) {
          throw error;
        }
        await loop.failed(error);
        if (signal?.aborted) throw new AbortError('Publishing was aborted', { cause: signal.reason });
      }
    }
  };
}
