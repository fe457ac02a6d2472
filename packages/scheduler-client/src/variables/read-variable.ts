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
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `readVariable` throws them.
 * @throws {NotFoundError} from the iteration, when no variable has that path (or it was deleted).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchVariable(
  core: SchedulerCore,
  path: string,
  options?: WatchCallOptions<ReadVariableOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Variable>, void, undefined> {
  return watchRead(options, readVariableOptionKeys, (call) => readVariable(core, path, call));
}
