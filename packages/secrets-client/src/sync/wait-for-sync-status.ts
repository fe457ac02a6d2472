// Waits until an association reaches a sync status, by reading the destinations of its secret. A read
// that fails in a way waiting may cure (a lost connection, a 5xx, a 429) is tried again at the next
// pause; the third such failure in a row is one warning line, and the failure that ends the wait says
// how many came in a row over how long.
import {
  AbortError,
  type Clock,
  checkOptions,
  createBackoff,
  createFailureStreak,
  DEFAULT_MAX_FAILURES,
  isTransientError,
  type KeySets,
  type OwnOptionKeys,
  systemClock,
  TimeoutError,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { readSecretDestinations } from './associations.js';
import type { DestinationTypeName } from './destinations.js';
import type { SyncStatus } from './known-values.js';
import type { SecretDestinations } from './types.generated.js';

/** The association to watch: a secret and a destination. */
export interface AssociationRef {
  /** Type of the destination, e.g. `repo-host`. */
  readonly type: DestinationTypeName;
  /** Name of the destination. */
  readonly name: string;
  /** Mount path of the engine that holds the secret. */
  readonly mount: string;
  /** Name of the secret under that mount. */
  readonly secret_name: string;
}

/** Options of `waitForSyncStatus`. */
export interface WaitForSyncStatusOptions extends SecretsRequestOptions {
  /** First pause between two reads, in ms; doubled (with jitter) while the status stays the same. Default 1000. */
  readonly intervalMs?: number | undefined;
  /** Longest pause between two reads, in ms. Default 15 000 (or `intervalMs` when larger). */
  readonly maxIntervalMs?: number | undefined;
  /** Give up with TimeoutError after this many ms. Default 60 000. */
  readonly timeoutMs?: number | undefined;
  /**
   * Where the wait reads the time and pauses between reads: its pauses and `timeoutMs` count on it.
   * Default `systemClock` (core). A test gives the clock it moves itself (`createTestClock()` from
   * `@infra-sdk/core/testing`, with its `fetch()` as the client's `fetch`).
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `WaitForSyncStatusOptions`. */
export const waitForSyncStatusOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { intervalMs: 1, maxIntervalMs: 1, timeoutMs: 1, clock: 1 } as const satisfies OwnOptionKeys<
    WaitForSyncStatusOptions,
    SecretsRequestOptions
  >,
];

type AssociatedDestinationFields = SecretDestinations['associated_destinations'][string];
/** The association's entry among the destinations of its secret. */
export interface AssociatedDestination extends AssociatedDestinationFields {}

/**
 * GET /v1/sys/sync/associations (the destinations of the secret), read until the association reaches one
 * of `status`; resolves to its entry; TimeoutError when it does not in time, AbortError on abort.
 *
 * Use it after setting or removing an association, whose sync runs in the background. Between reads it
 * pauses `intervalMs`, doubled (with jitter) while nothing changes, up to `maxIntervalMs`. A read that
 * fails with a `ConnectionError`, `TimeoutError`, `ServerError` or `RateLimitError` is tried again at
 * the next pause (within `timeoutMs`, at most 10 in a row); the third such failure in a row is one
 * warning line on the client's `logger`.
 *
 * @example
 * ```ts
 * import { waitForSyncStatus } from '@infra-sdk/secrets-client';
 *
 * await secrets.sync.associations.set('repo-host', 'ci', { mount: 'secret', secret_name: 'api/token' });
 * const entry = await waitForSyncStatus(
 *   core,
 *   { type: 'repo-host', name: 'ci', mount: 'secret', secret_name: 'api/token' },
 *   'SYNCED',
 *   { timeoutMs: 30_000 },
 * );
 * console.log(entry.sync_status, entry.updated_at);
 * ```
 * @throws {TimeoutError} when the association has not reached one of the statuses within `timeoutMs`
 * (the message says the status last seen).
 * @throws {AbortError} when `signal` aborts the wait.
 * @throws {RequestValidationError} before the first read, when the mount or the secret name is empty, or
 *   `options` holds a key that is not an option (named with the nearest one).
 * @throws {PermissionDeniedError} when the token's policy does not allow reading associations.
 * @throws {ConnectionError | TimeoutError | ServerError | RateLimitError} when reads still fail so at
 *   `timeoutMs`, or 10 fail in a row; the message ends "(N failures in a row over T s)".
 */
export async function waitForSyncStatus(
  core: SecretsCore,
  association: AssociationRef,
  status: SyncStatus | readonly SyncStatus[],
  options: WaitForSyncStatusOptions = {},
): Promise<AssociatedDestination> {
  checkOptions(options, waitForSyncStatusOptionKeys, 'waitForSyncStatus options');
  const wanted: readonly string[] = typeof status === 'string' ? [status] : status;
  const {
    intervalMs = 1000,
    maxIntervalMs = 15_000,
    timeoutMs = 60_000,
    clock = systemClock,
    ...request
  } = options;
  // While nothing changes the reads slow down; a change starts them over at intervalMs.
  const pauses = createBackoff({
    initialMs: Math.max(1, intervalMs),
    maxMs: Math.max(intervalMs, maxIntervalMs),
  });
  const deadline = clock.now() + timeoutMs;
  const key = `${association.type}/${association.name}`;
  const failures = createFailureStreak({ clock, what: `waiting for the sync of ${key}` });
  let seen = 'no association';
  for (;;) {
    if (options.signal?.aborted)
      throw new AbortError('Waiting for the sync status was aborted', { cause: options.signal.reason });
    let destinations: SecretDestinations;
    try {
      // One attempt per read: this loop retries, so that it counts every failure.
      destinations = await readSecretDestinations(core, association.mount, association.secret_name, {
        ...request,
        retry: request.retry ?? false,
      });
      failures.succeeded();
    } catch (error) {
      const pause = Math.min(pauses.next(), deadline - clock.now());
      if (!isTransientError(error) || pause <= 0 || failures.count + 1 >= DEFAULT_MAX_FAILURES) {
        throw failures.end(error);
      }
      failures.failed(error, pause);
      await clock.sleep(pause, options.signal);
      continue;
    }
    const entry = destinations.associated_destinations[key];
    if (entry && wanted.includes(entry.sync_status)) return entry;
    const now = entry ? `status ${entry.sync_status}` : 'no association';
    if (now !== seen) pauses.reset();
    seen = now;
    const left = deadline - clock.now();
    if (left <= 0) {
      throw new TimeoutError(
        timeoutMs,
        `the association of ${association.mount}/${association.secret_name} with ${key} did not reach ${wanted.join(' or ')} (last seen: ${seen})`,
      );
    }
    await clock.sleep(Math.min(pauses.next(), left), options.signal);
  }
}
