import type { ApiPromise, ApiResult, Paginator, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import { type IterateOptions, iteratePages, type PagingOptions, pagingQuery } from '../paging.js';
import { type AllocationStub, AllocationStubListSchema } from './schemas.js';

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

/** GET /v1/allocations — lists allocations (one page when `per_page` is set; see `meta.nextToken`). */
export function listAllocations(
  core: SchedulerCore,
  options?: ListAllocationsOptions,
): ApiPromise<AllocationStub[]> {
  return blockingRead(core, options, () => ({
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

/** GET /v1/allocations (paged) — every allocation, page by page, following `X-Scheduler-NextToken`. */
export function iterateAllocations(
  core: SchedulerCore,
  options?: IterateAllocationsOptions,
): Paginator<AllocationStub> {
  return iteratePages((call: ListAllocationsOptions) => listAllocations(core, call), options);
}

/** GET /v1/allocations (blocking) — yields the allocation list each time it changes. */
export function watchAllocations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, (call) => listAllocations(core, call));
}
