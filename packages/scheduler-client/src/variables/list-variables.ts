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
 * `GET /v1/vars`: lists variables by path, without their items (`Path`, `ModifyIndex`, times, `Lock`):
 * the whole list, or one page when `per_page` is set (the next starts at `meta.nextToken`).
 *
 * Options: `prefix` (paths that start with it), `namespace` (`'*'`: every namespace the token may list),
 * `filter`, `per_page`, `next_token`, `reverse`; `index` and `wait` make it a blocking read.
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
 * @throws {RequestValidationError} before sending, when `per_page` is not a whole number 0 or more, or
 *   `index`/`wait` are out of range.
 * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
 * @throws {PermissionDeniedError} when the token may not list variables in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the listing without the blocking ones; `per_page` (default 100) is the page size,
 * `next_token` where to start, `signal` stops it.
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
 * @throws {RequestValidationError} from the iteration, before the first request, when `per_page` is refused.
 * @throws {ResponseValidationError} from the iteration, when the server repeats a page token (`repeated-token`).
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
 * @throws {PermissionDeniedError} from the iteration, when the token may not list variables in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the
 * watch quietly), `backoffMs`, `maxBackoffMs`, `maxFailures`, `onRetry` and `clock`.
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
 * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
 * @throws {PermissionDeniedError} from the iteration, when the token may not list variables in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchVariables(
  core: SchedulerCore,
  options?: WatchCallOptions<ListVariablesOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<VariableMetadata[]>, void, undefined> {
  return watchRead(options, listVariablesOptionKeys, (call) => listVariables(core, call));
}
