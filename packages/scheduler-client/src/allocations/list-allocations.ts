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
import { hexPrefix } from '../identifiers.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { AllocationStubListSchema } from './schemas.js';
import type { AllocationStub } from './types.generated.js';

/** Options of `listAllocations`. */
export interface ListAllocationsOptions extends NamespaceOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only allocations whose id starts with this: an even number of hex characters. Sorts by id. */
  readonly prefix?: string | undefined;
  /** Include `AllocatedResources`. */
  readonly resources?: boolean | undefined;
  /** Include task states (the server's default); false shrinks the response. */
  readonly task_states?: boolean | undefined;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateAllocations`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateAllocationsOptions = IterateOptions<ListAllocationsOptions>;

/** The keys of `IterateAllocationsOptions`. */
export const iterateAllocationsOptionKeys: KeySets = [
  namespaceOptionKeys,
  pagingOptionKeys,
  { prefix: 1, resources: 1, task_states: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListAllocationsOptions,
    NamespaceOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListAllocationsOptions`. */
export const listAllocationsOptionKeys: KeySets = [iterateAllocationsOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/allocations`: lists allocations, oldest first.
 *
 * @example
 * ```ts
 * import { listAllocations } from '@infra-sdk/scheduler-client';
 *
 * const { data, meta } = await listAllocations(core, { per_page: 10, task_states: false }).withMeta();
 * console.log(data.map((alloc) => alloc.ID), meta.nextToken);
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters or `per_page` is not a whole number.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace.
 */
export function listAllocations(
  core: SchedulerCore,
  options?: ListAllocationsOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, listAllocationsOptionKeys, () => ({
    path: '/allocations',
    query: {
      ...namespaceQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'allocation listing'),
      ...pagingQuery(options, 'allocation listing'),
      resources: options?.resources,
      task_states: options?.task_states,
      reverse: options?.reverse,
    },
    schema: AllocationStubListSchema,
  }));
}

/**
 * `GET /v1/allocations`, every page: an `AsyncIterable` of allocations (core's `Paginator`) that asks
 * page after page, following `X-Scheduler-NextToken`; `.pages()` gives whole pages, `.toArray()` all.
 *
 * @example
 * ```ts
 * import { iterateAllocations } from '@infra-sdk/scheduler-client';
 *
 * for await (const alloc of iterateAllocations(core, { namespace: '*', filter: 'JobID == "web"' })) {
 *   console.log(alloc.ID, alloc.ClientStatus);
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listAllocations` throws them.
 */
export function iterateAllocations(
  core: SchedulerCore,
  options?: IterateAllocationsOptions,
): Paginator<AllocationStub> {
  return iteratePages(
    (call: ListAllocationsOptions) => listAllocations(core, call),
    options,
    iterateAllocationsOptionKeys,
  );
}

/**
 * `GET /v1/allocations`, blocking: yields the allocation list now, then each time it changes.
 *
 * @example
 * ```ts
 * import { watchAllocations } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchAllocations(core, { wait: '1m' })) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listAllocations` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchAllocations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, listAllocationsOptionKeys, (call) => listAllocations(core, call));
}
