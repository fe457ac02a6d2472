// Locks over variables: `PUT /v1/var/:path` with `lock-acquire`, `lock-renew` or `lock-release`. The
// holder of a lock is whoever knows its id; the scheduler keeps the lock for its TTL after each
// acquisition or renewal, and once a lock lapsed unreleased nobody may lock the variable for its delay.

import { type ApiPromise, RequestValidationError, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { AcquireVariableLockRequestSchema, VariableMetadataSchema, VariableSchema } from './schemas.js';
import type { AcquireVariableLockRequest, Variable, VariableMetadata } from './types.generated.js';
import { bodyNamespace, variableRoute } from './variable-path.js';

/** The lock times the client asks for when a call names none: the scheduler's own example, 15 s each. */
const DEFAULT_LOCK = { TTL: '15s', LockDelay: '15s' } as const;

function lockIdOf(lockId: string, what: string): string {
  if (typeof lockId !== 'string' || lockId === '') {
    throw new RequestValidationError(what, [
      { path: 'lockId', message: 'name the lock id that acquireVariableLock answered (Lock.ID)' },
    ]);
  }
  return lockId;
}

/**
 * `PUT /v1/var/:path?lock-acquire`: locks a variable (creating it when it does not exist) and answers it
 * with `Lock.ID`, the id its holder renews, releases and writes under. The lock lapses unless renewed
 * within its `TTL`; a lapsed lock keeps the variable unlockable for its `LockDelay`.
 *
 * Options: the body's `Lock` (`TTL` and `LockDelay`: nanoseconds or unit text, 10 s to 24 h; 15 s each
 * by default) and `Items` (written with the lock; left out, the variable keeps its own). Sent once
 * unless the client has `retryWrites: true`. `holdVariableLock` acquires and renews for you.
 *
 * @example
 * ```ts
 * import { acquireVariableLock } from '@infra-sdk/scheduler-client';
 *
 * const locked = await acquireVariableLock(core, 'locks/nightly-report', { Lock: { TTL: '30s' } });
 * console.log(locked.Lock?.ID, locked.Lock?.TTL); // <uuid> 30s
 * await scheduler.variables.releaseLock('locks/nightly-report', locked.Lock?.ID ?? '');
 * ```
 * @throws {RequestValidationError} before sending, when the path is refused, `TTL` or `LockDelay` is
 *   not a duration between 10 seconds and 24 hours, `Items` is over 64 KiB, or a field is unknown.
 * @throws {ConflictError} when another holder has the lock, or a lapsed lock's delay has not passed.
 * @throws {BadRequestError} when the scheduler refuses the variable.
 * @throws {PermissionDeniedError} when the token may not write the variable.
 */
export function acquireVariableLock(
  core: SchedulerCore,
  path: string,
  body: AcquireVariableLockRequest = {},
  options?: NamespaceOptions,
): ApiPromise<Variable> {
  return sendOperation(
    core,
    async () => {
      const route = variableRoute(path, true);
      const query = { ...namespaceQuery(core, options), 'lock-acquire': '' };
      const checked = await validateRequestBody(AcquireVariableLockRequestSchema, body, 'variable lock');
      return {
        method: 'PUT',
        path: route,
        query,
        body: {
          ...bodyNamespace(core, options),
          Path: path,
          ...(checked.Items === undefined ? {} : { Items: checked.Items }),
          Lock: { ...DEFAULT_LOCK, ...checked.Lock },
        },
        schema: VariableSchema,
      };
    },
    options,
    namespaceOptionKeys,
  );
}

/**
 * `PUT /v1/var/:path?lock-renew`: renews a lock for another `TTL`; answers the variable's metadata and
 * lock (no items). Renew well before the TTL ends: a lapsed lock is gone.
 *
 * Safe to repeat, so retried as a read is.
 *
 * @example
 * ```ts
 * import { renewVariableLock } from '@infra-sdk/scheduler-client';
 *
 * const locked = await scheduler.variables.acquireLock('locks/nightly-report');
 * const lockId = locked.Lock?.ID ?? '';
 * const renewed = await renewVariableLock(core, 'locks/nightly-report', lockId);
 * console.log(renewed.ModifyIndex);
 * await scheduler.variables.releaseLock('locks/nightly-report', lockId);
 * ```
 * @throws {RequestValidationError} before sending, when the path is refused or the lock id is empty.
 * @throws {ConflictError} when the variable holds no lock of that id (it lapsed, or another holds it).
 * @throws {PermissionDeniedError} when the token may not write the variable.
 */
export function renewVariableLock(
  core: SchedulerCore,
  path: string,
  lockId: string,
  options?: NamespaceOptions,
): ApiPromise<VariableMetadata> {
  return jobWrite(core, true, options, namespaceOptionKeys, async () => ({
    method: 'PUT',
    path: variableRoute(path),
    query: { ...namespaceQuery(core, options), 'lock-renew': '' },
    body: {
      ...bodyNamespace(core, options),
      Path: path,
      Lock: { ID: lockIdOf(lockId, 'variable lock renewal') },
    },
    schema: VariableMetadataSchema,
  }));
}

/**
 * `PUT /v1/var/:path?lock-release`: releases a lock at once (no delay follows); the variable keeps its
 * items. Answers the variable's metadata.
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { releaseVariableLock } from '@infra-sdk/scheduler-client';
 *
 * const locked = await scheduler.variables.acquireLock('locks/nightly-report');
 * await releaseVariableLock(core, 'locks/nightly-report', locked.Lock?.ID ?? '');
 * ```
 * @throws {RequestValidationError} before sending, when the path is refused or the lock id is empty.
 * @throws {ConflictError} when the variable holds no lock of that id.
 * @throws {PermissionDeniedError} when the token may not write the variable.
 */
export function releaseVariableLock(
  core: SchedulerCore,
  path: string,
  lockId: string,
  options?: NamespaceOptions,
): ApiPromise<VariableMetadata> {
  return sendOperation(
    core,
    () => ({
      method: 'PUT',
      path: variableRoute(path),
      query: { ...namespaceQuery(core, options), 'lock-release': '' },
      body: {
        ...bodyNamespace(core, options),
        Path: path,
        Lock: { ID: lockIdOf(lockId, 'variable lock release') },
      },
      schema: VariableMetadataSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
