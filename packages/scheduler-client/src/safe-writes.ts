// Writes the scheduler makes safe to repeat: a registration with a check-and-set index (`EnforceIndex`)
// or a revert with `EnforcePriorVersion` cannot apply twice (the second finds the index moved), and a
// dispatch with an `IdempotencyToken` answers the child it made before. Such a write is retried as a
// read is when its answer was lost: after a connection failure or a time-out, and on the statuses of
// an answer that never came from the scheduler itself (408, 429, 502, 503, 504). Not on 500, which is
// how the scheduler refuses a moved index. The same writes without one are sent once, whatever
// `retryWrites` says: a second dispatch would start a second job.
import {
  ApiError,
  ApiPromise,
  ConflictError,
  type KeySets,
  type OperationSpec,
  type RequestOptions,
  sendOperation,
} from '@infra-sdk/core';
import type { SchedulerCore } from './core.js';

const LOST_ANSWER_STATUSES: readonly number[] = [408, 429, 502, 503, 504];

/**
 * The request options and `idempotent` flag of a write: unchanged when it is not `safe`; otherwise
 * retried as above, within the client's (or the call's) retry limit.
 */
function safeWrite<O extends RequestOptions>(
  safe: boolean,
  options: O | undefined,
): { readonly options: O | undefined; readonly idempotent: boolean } {
  if (!safe) return { options, idempotent: false };
  const retry = options?.retry;
  if (retry === false) return { options, idempotent: true };
  const given = typeof retry === 'number' ? { limit: retry } : (retry ?? {});
  return {
    options: { ...options, retry: { statusCodes: LOST_ANSWER_STATUSES, ...given } } as O,
    idempotent: true,
  };
}

// How the scheduler words a check-and-set index that moved: a registration's, a revert's prior version.
const MOVED = /^Enforcing job modify index \d+:|job has version \d+; enforcing version \d+/i;

/** The scheduler's refusal of a moved check-and-set index, whatever its status, as a `ConflictError` (the status kept). */
function asConflict(error: unknown): unknown {
  if (ConflictError.isInstance(error) || !ApiError.isInstance(error)) return error;
  const text = [error.body ?? '', ...error.errors.map((item) => (typeof item === 'string' ? item : ''))].join(
    '\n',
  );
  if (!MOVED.test(text)) return error;
  return new ConflictError({
    status: error.status,
    method: error.method,
    url: error.url,
    errors: error.errors,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.body === undefined ? {} : { body: error.body }),
  });
}

/**
 * A write of the jobs API: retried as above when `safe` (it carries a check-and-set index or an
 * idempotency token), sent once otherwise, and a moved index reported as a `ConflictError`. `options`
 * may hold only the keys `keys` lists: any other is refused before anything is sent.
 */
export function jobWrite<T, O extends RequestOptions>(
  core: SchedulerCore,
  safe: boolean,
  options: O | undefined,
  keys: KeySets,
  describe: () => Promise<OperationSpec<T>>,
): ApiPromise<T> {
  const write = safeWrite(safe, options);
  const call = sendOperation(
    core,
    async () => ({ ...(await describe()), idempotent: write.idempotent }),
    write.options,
    keys,
  );
  return new ApiPromise(
    call.withMeta().catch((error: unknown) => {
      throw asConflict(error);
    }),
  );
}
