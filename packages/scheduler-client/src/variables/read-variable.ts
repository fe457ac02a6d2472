import type { ApiPromise, ApiResult, KeySets, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { VariableSchema } from './schemas.js';
import type { Variable } from './types.generated.js';
import { variableRoute } from './variable-path.js';

/** Options of reads of one variable. */
export interface ReadVariableOptions extends NamespaceOptions, SchedulerBlockingOptions {}

/** The keys of `ReadVariableOptions`. */
export const readVariableOptionKeys: KeySets = [namespaceOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/var/:path`: reads a variable with its items, its `ModifyIndex` (the `cas` of a
 * check-and-set write) and its `Lock`, if one is held.
 *
 * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { readVariable } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.variables.write('team/db', { Items: { user: 'app', password: 'hunter2' } });
 * const variable = await readVariable(core, 'team/db');
 * console.log(variable.Items?.user, variable.ModifyIndex);
 * ```
 * @throws {RequestValidationError} before sending, when the path has characters other than letters,
 *   digits, `-`, `_`, `~` and `/`, an empty segment, or more than 128 characters.
 * @throws {NotFoundError} when no variable has that path in the namespace.
 * @throws {PermissionDeniedError} when the token may not read the variable.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
 */
export function readVariable(
  core: SchedulerCore,
  path: string,
  options?: ReadVariableOptions,
): ApiPromise<Variable> {
  return blockingRead(core, options, readVariableOptionKeys, () => ({
    path: variableRoute(path),
    query: namespaceQuery(core, options),
    schema: VariableSchema,
  }));
}

/**
 * `GET /v1/var/:path`, blocking: yields the variable now, then each time it is written, locked or
 * unlocked.
 *
 * Options: those of the read, and the watch's `index` (start after it), `wait`, `signal` (ends the
 * watch quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
 *
 * @example
 * ```ts
 * import { watchVariable } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.variables.write('team/db', { Items: { user: 'app' } });
 * for await (const { data } of watchVariable(core, 'team/db')) {
 *   console.log(data.Items);
 *   break; // the variable as it is first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the path or the watch's options are refused.
 * @throws {NotFoundError} from the iteration, when no variable has that path (or it was deleted).
 * @throws {PermissionDeniedError} from the iteration, when the token may not read the variable.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchVariable(
  core: SchedulerCore,
  path: string,
  options?: WatchCallOptions<ReadVariableOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Variable>, void, undefined> {
  return watchRead(options, readVariableOptionKeys, (call) => readVariable(core, path, call));
}
