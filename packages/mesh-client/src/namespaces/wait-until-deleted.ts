import {
  AbortError,
  type ApiResult,
  type DurationInput,
  delay,
  NotFoundError,
  type RequestOptions,
  toMilliseconds,
} from '@infra-sdk/core';
import type { Consistency } from '../consistency.js';
import type { MeshCore } from '../core.js';
import { readNamespace } from './read.js';
import type { Namespace } from './schemas.js';

/** Options of `waitUntilNamespaceDeleted`. */
export interface WaitUntilDeletedOptions extends RequestOptions {
  /** Longest wait of each blocking read: milliseconds or duration text. Default 60 seconds. */
  readonly wait?: DurationInput;
  /** Pause between reads when the server sends no blocking index. Default 1 second. */
  readonly pollInterval?: DurationInput;
  /** Consistency mode of the reads; default: the client's. */
  readonly consistency?: Consistency;
}

/**
 * Waits until GET /v1/namespace/:name answers 404, i.e. the namespace is removed after its deletion.
 * Blocks on the index between reads (or polls when the server sends none), so it sees the removal as
 * soon as it happens. A namespace created anew under the same name counts as the old one being gone.
 * End it with `signal` (`AbortSignal.timeout(ms)` for a deadline), which rejects with AbortError.
 */
export async function waitUntilNamespaceDeleted(
  core: MeshCore,
  name: string,
  options: WaitUntilDeletedOptions = {},
): Promise<void> {
  const { wait, pollInterval, ...request } = options;
  const waitMs = toMilliseconds(wait ?? 60_000);
  const pollMs = toMilliseconds(pollInterval ?? 1_000);
  let index = 0;
  let firstCreateIndex: number | undefined;
  for (;;) {
    let result: ApiResult<Namespace>;
    try {
      result = await readNamespace(core, name, { ...request, index, wait: waitMs }).withMeta();
    } catch (error) {
      if (NotFoundError.isInstance(error)) return;
      throw error;
    }
    const createIndex = result.data.CreateIndex;
    firstCreateIndex ??= createIndex;
    if (createIndex !== undefined && createIndex !== firstCreateIndex) return;
    const next = result.meta.index;
    if (next === undefined) {
      await delay(pollMs, request.signal);
      if (request.signal?.aborted) {
        throw new AbortError('Waiting for the namespace to be deleted was aborted', {
          cause: request.signal.reason,
        });
      }
      index = 0;
    } else {
      // An index that goes backwards (a restored snapshot, a new leader) restarts from the current state.
      index = next < index ? 0 : next;
    }
  }
}
