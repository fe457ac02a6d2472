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
 * `GET /v1/allocations`: lists allocations, oldest first: the whole list, or one page when `per_page`
 * is set (the next one starts at `meta.nextToken`).
 *
 * Options: `namespace` (`'*'` for every namespace the token may see), `prefix` (an even number of hex
 * characters; sorts by id), `filter`, `per_page`, `next_token`, `resources`, `task_states: false`
 * (smaller answers), `reverse`; `index` and `wait` make it a blocking read.
 *
 * @example
 * ```ts
 * import { listAllocations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * const { data, meta } = await listAllocations(core, { per_page: 10, task_states: false }).withMeta();
 * console.log(data.map((alloc) => alloc.ID), meta.nextToken);
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters, `per_page` is not a whole number, or `index`/`wait` are out of range.
 * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of `listAllocations` without the blocking ones; `per_page` (100 by default) is the
 * page size, `next_token` where to start, `signal` stops it.
 *
 * @example
 * ```ts
 * import { iterateAllocations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const alloc of iterateAllocations(core, { namespace: '*', filter: 'JobID == "web"' })) {
 *   console.log(alloc.ID, alloc.ClientStatus);
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, before the first request, when `prefix` or
 *   `per_page` are refused.
 * @throws {ResponseValidationError} from the iteration, when the server repeats a page token
 *   (`repeated-token`).
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
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
 * Options: those of `listAllocations`, and the watch's `index`, `wait`, `signal` (ends the watch
 * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
 *
 * @example
 * ```ts
 * import { watchAllocations } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 * });
 * for await (const { data, meta } of watchAllocations(core, { wait: '1m' })) {
 *   console.log(meta.index, data.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
 * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
 * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
 *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
 */
export function watchAllocations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, listAllocationsOptionKeys, (call) => listAllocations(core, call));
}
