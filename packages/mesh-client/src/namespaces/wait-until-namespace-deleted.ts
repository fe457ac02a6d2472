import {
  AbortError,
  type ApiResult,
  type BlockingOptions,
  checkOptions,
  createBackoff,
  createRetryLoop,
  type DurationInput,
  type KeySets,
  NotFoundError,
  type OwnOptionKeys,
  toBlockingQuery,
  toMilliseconds,
} from '@infra-sdk/core';
import { meshBlockingLimits } from '../blocking.js';
import type { MeshCore } from '../core.js';
import { type MeshRequestOptions, meshRequestOptionKeys } from '../scope.js';
import { readNamespace } from './read-namespace.js';
import type { Namespace } from './types.generated.js';

/** Options of `waitUntilNamespaceDeleted`. */
export interface WaitUntilDeletedOptions extends MeshRequestOptions, Omit<BlockingOptions, 'index'> {
  /** Longest wait of each blocking read: milliseconds or duration text, at most 10 minutes. Default 60 seconds. */
  readonly wait?: DurationInput | undefined;
  /**
   * First pause between reads when the server sends no blocking index, or answers early without a new
   * one; doubled (with jitter) each time in a row, up to 30 seconds. Default 1 second.
   */
  readonly pollInterval?: DurationInput | undefined;
}

/** The keys of `WaitUntilDeletedOptions`. */
export const waitUntilDeletedOptionKeys: KeySets = [
  meshRequestOptionKeys,
  { wait: 1, consistency: 1, pollInterval: 1 } as const satisfies OwnOptionKeys<
    WaitUntilDeletedOptions,
    MeshRequestOptions
  >,
];

/**
 * `GET /v1/namespace/:name` until it answers 404: waits until the namespace is removed after its
 * deletion. Blocks on the index between reads (or polls when the server sends none), so it sees the
 * removal as soon as it happens. A namespace created anew under the same name counts as the old one
 * being gone. It does not send the delete, and has no deadline of its own. A read that fails with a
 * `ConnectionError`, `TimeoutError`, `ServerError` or `RateLimitError` is tried again after a back-off
 * (1 second doubled, up to 30); the third such failure in a row is one warning line on the client's
 * `logger`, and the tenth ends the wait.
 *
 * Options: `signal` (`AbortSignal.timeout(ms)` for a deadline), `wait` (of each blocking read; default
 * 60 seconds, at most 10 minutes), `pollInterval` (first pause when the server sends no index; default
 * 1 second, doubled up to 30 seconds), `consistency`, `partition` and `dc` (of each read), and the request
 * options of each read.
 *
 * @example
 * ```ts
 * import { createNamespace, deleteNamespace, waitUntilNamespaceDeleted } from '@infra-sdk/mesh-client';
 *
 * await createNamespace(core, { Name: 'team-1' });
 * await deleteNamespace(core, 'team-1');
 * await waitUntilNamespaceDeleted(core, 'team-1', { signal: AbortSignal.timeout(60_000) });
 * console.log('team-1 is gone');
 * ```
 * @throws {AbortError} when `signal` aborts first (a namespace nobody deletes is waited for until then).
 * @throws {RequestValidationError} before the first read, when the name is not a DNS hostname label,
 *   `wait` is negative, unreadable or over 10 minutes, `pollInterval` is unreadable, `consistency` is
 *   unknown, or `options` holds a key that is not an option (named with the nearest one).
 * @throws {PermissionDeniedError} when the token may not read the namespace, or is unknown.
 * @throws {ServerError | TimeoutError | ConnectionError | RateLimitError} when 10 reads in a row fail so
 *   (a 5xx such as `No cluster leader`, a lost connection), the message ending "(10 failures in a row
 *   over T s)".
 * @throws {ResponseValidationError} when an answer is not a namespace.
 */
export async function waitUntilNamespaceDeleted(
  core: MeshCore,
  name: string,
  options: WaitUntilDeletedOptions = {},
): Promise<void> {
  checkOptions(options, waitUntilDeletedOptionKeys, 'waitUntilDeleted options');
  const { wait, pollInterval, ...request } = options;
  const { clock } = core;
  // Checked as every blocking read's wait is (at most the server's longest), before the first request.
  const checked = toBlockingQuery({ index: 0, wait: wait ?? 60_000 }, meshBlockingLimits);
  const waitMs = checked?.waitMs ?? meshBlockingLimits.defaultWaitMs;
  const pollMs = toMilliseconds(pollInterval ?? 1_000);
  let index = 0;
  let firstCreateIndex: number | undefined;
  // A server that answers at once without a new index must not be asked in a loop.
  const pauses = createBackoff({ initialMs: Math.max(1, pollMs), maxMs: Math.max(pollMs, 30_000) });
  // Failed reads: retried while waiting may cure them, the third in a row heard, the tenth the end.
  const failures = createRetryLoop({ clock, signal: request.signal });
  // One attempt per read: the loop retries, so that it counts every failure.
  const retry = request.retry ?? false;
  for (;;) {
    let result: ApiResult<Namespace>;
    const startedAt = clock.now();
    try {
      result = await readNamespace(core, name, { ...request, retry, index, wait: waitMs }).withMeta();
      failures.succeeded();
    } catch (error) {
      if (NotFoundError.isInstance(error)) return;
      await failures.failed(error);
      throwIfAborted(request.signal);
      continue;
    }
    const createIndex = result.data.CreateIndex;
    firstCreateIndex ??= createIndex;
    if (createIndex !== undefined && createIndex !== firstCreateIndex) return;
    const next = result.meta.index;
    const elapsed = clock.now() - startedAt;
    if (next !== undefined && next > index) {
      // A move from 0 is the first read or a resync after going backwards, not yet progress.
      if (index !== 0) pauses.reset();
      index = next;
      continue;
    }
    // No index, one that did not move before the wait was out, or one that went backwards (a restored
    // snapshot, a new leader: start over from the current state).
    if (next === undefined || next < index) index = 0;
    else if (elapsed >= waitMs / 2) {
      pauses.reset();
      continue;
    }
    await clock.sleep(Math.max(0, pauses.next() - elapsed), request.signal);
    throwIfAborted(request.signal);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new AbortError('Waiting for the namespace to be deleted was aborted', { cause: signal.reason });
  }
}
