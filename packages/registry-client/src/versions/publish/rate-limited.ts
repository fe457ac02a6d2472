// A release makes many registry calls in parallel, and the registry answers 429 beyond its (unpublished)
// rate. Each call refused so is made again after the wait the registry asked for, or core's back-off,
// waited on the client's clock.
import { AbortError, type Clock, createBackoff, RateLimitError } from '@infra-sdk/core';
import type { RegistryStep } from '../../uploads/upload-attempt.js';
import { DEFAULT_ATTEMPTS, MAX_STORAGE_RETRY_AFTER_MS } from '../../uploads/upload-retries.js';
import type { PublishSettings } from './schemas.js';

/** Runs registry calls, each made again (up to `attempts` times in all) while the registry answers 429. */
export function rateLimitedSteps(
  settings: PublishSettings,
  signal: AbortSignal | undefined,
  clock: Clock,
): RegistryStep {
  const attempts = settings.attempts ?? DEFAULT_ATTEMPTS;
  return async (step) => {
    const backoff = createBackoff({
      ...(settings.backoff?.initialMs === undefined ? {} : { initialMs: settings.backoff.initialMs }),
      ...(settings.backoff?.maxMs === undefined ? {} : { maxMs: settings.backoff.maxMs }),
    });
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        // A wait longer than an upload waits for storage ends the call too: it would stall the release.
        const asked = RateLimitError.isInstance(error) ? (error.retryAfterMs ?? 0) : undefined;
        if (asked === undefined || asked > MAX_STORAGE_RETRY_AFTER_MS) throw error;
        if (!signal?.aborted) {
          if (attempt >= attempts) throw error;
          // The registry is not asked again sooner than it said.
          await clock.sleep(Math.max(asked, backoff.next()), signal);
        }
        if (signal?.aborted) throw new AbortError('Publishing was aborted', { cause: signal.reason });
      }
    }
  };
}
