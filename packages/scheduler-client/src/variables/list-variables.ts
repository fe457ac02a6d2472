import type {
  ApiPromise,
  ApiResult,
  KeySets,
  OwnOptionKeys,
  Paginator,
  WatchCallOptions,
} from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { VariableMetadataListSchema } from './schemas.js';
import type { VariableMetadata } from './types.generated.js';

/** Options of `listVariables`. */
export interface ListVariablesOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only variables whose path starts with this, e.g. `team/`. */
  readonly prefix?: string | undefined;
  /** Last path first instead of first path first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateVariables`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateVariablesOptions = IterateOptions<ListVariablesOptions>;

/** The keys of `IterateVariablesOptions`. */
export const iterateVariablesOptionKeys: KeySets = [
  namespaceOptionKeys,
  pagingOptionKeys,
  { prefix: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListVariablesOptions,
    NamespaceOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListVariablesOptions`. */
export const listVariablesOptionKeys: KeySets = [iterateVariablesOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/vars`: lists variables by path, without their items (`Path`, `ModifyIndex`, times, `Lock`).
 *
 * @example
 * ```ts
 * import { listVariables } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.variables.write('team/db', { Items: { user: 'app' } });
 * await scheduler.variables.write('team/cache', { Items: { size: '1g' } });
 * const variables = await listVariables(core, { prefix: 'team/' });
 * console.log(variables.map((variable) => `${variable.Path} ${variable.ModifyIndex}`));
 * ```
 * @throws {RequestValidationError} before sending, when `per_page` is not a whole number 0 or more.
 * @throws {PermissionDeniedError} when the token may not list variables in the namespace.
 */
export function listVariables(
  core: SchedulerCore,
  options?: ListVariablesOptions,
): ApiPromise<VariableMetadata[]> {
  return blockingRead(core, options, listVariablesOptionKeys, () => ({
    path: '/vars',
    query: {
      ...namespaceQuery(core, options),
      prefix: options?.prefix,
      ...pagingQuery(options, 'variable listing'),
      reverse: options?.reverse,
    },
    schema: VariableMetadataListSchema,
  }));
}

/**
 * `GET /v1/vars`, every page: an `AsyncIterable` of variables without their items (core's `Paginator`:
 * `.pages()`, `.toArray()`), following `X-Scheduler-NextToken`.
 *
 * @example
 * ```ts
 * import { iterateVariables } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.variables.write('team/db', { Items: { user: 'app' } });
 * for await (const variable of iterateVariables(core, { prefix: 'team/', per_page: 50 })) {
 *   console.log(variable.Path);
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listVariables` throws them.
 */
export function iterateVariables(
  core: SchedulerCore,
  options?: IterateVariablesOptions,
): Paginator<VariableMetadata> {
  return iteratePages(
    (call: ListVariablesOptions) => listVariables(core, call),
    options,
    iterateVariablesOptionKeys,
  );
}

/**
 * `GET /v1/vars`, blocking: yields the variable list now, then each time a variable is written,
 * deleted, locked or unlocked.
 *
 * @example
 * ```ts
 * import { watchVariables } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchVariables(core, { prefix: 'team/' })) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listVariables` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchVariables(
  core: SchedulerCore,
  options?: WatchCallOptions<ListVariablesOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<VariableMetadata[]>, void, undefined> {
  return watchRead(options, listVariablesOptionKeys, (call) => listVariables(core, call));
}
