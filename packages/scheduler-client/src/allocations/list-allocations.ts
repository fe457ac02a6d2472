import {
  type ApiPromise,
  type ApiResult,
  type Paginator,
  paginate,
  RequestValidationError,
  type WatchCallOptions,
} from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import { type AllocationStub, AllocationStubListSchema } from './schemas.js';

/** Options of `listAllocations`. */
export interface ListAllocationsOptions extends NamespaceOptions, SchedulerBlockingOptions {
  /** Only allocations whose id starts with this: an even number of hex characters. Sorts by id. */
  readonly prefix?: string;
  /** Page size; 0 or none means no paging. */
  readonly per_page?: number;
  /** Where the page starts: the `nextToken` of the previous page's metadata. */
  readonly next_token?: string;
  /** A filter expression, e.g. `ClientStatus == "running"`. */
  readonly filter?: string;
  /** Include `AllocatedResources`. */
  readonly resources?: boolean;
  /** Include task states (the server's default); false shrinks the response. */
  readonly task_states?: boolean;
  /** Newest first instead of oldest first. */
  readonly reverse?: boolean;
}

/** Options of `iterateAllocations`: the listing's options without the page token; `per_page` defaults to 100. */
export type IterateAllocationsOptions = Omit<ListAllocationsOptions, keyof SchedulerBlockingOptions> & {
  /** Start from this page token instead of the first page. */
  readonly next_token?: string;
};

function checkPaging(options: ListAllocationsOptions | undefined): number | undefined {
  const perPage = options?.per_page;
  if (perPage !== undefined && (!Number.isSafeInteger(perPage) || perPage < 0)) {
    throw new RequestValidationError('allocation listing', [
      { path: 'per_page', message: `${perPage} is not a whole number, 0 or more` },
    ]);
  }
  return perPage;
}

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
      per_page: checkPaging(options),
      next_token: options?.next_token,
      filter: options?.filter,
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
  const { next_token: start, signal, ...rest } = options ?? {};
  return paginate(
    async (token, pageSignal) => {
      const { data, meta } = await listAllocations(core, {
        per_page: 100,
        ...rest,
        ...(token === undefined ? {} : { next_token: token }),
        signal: pageSignal,
      }).withMeta();
      return { items: data, nextToken: meta.nextToken, meta };
    },
    { ...(signal === undefined ? {} : { signal }), ...(start === undefined ? {} : { startToken: start }) },
  );
}

/** GET /v1/allocations (blocking) — yields the allocation list each time it changes. */
export function watchAllocations(
  core: SchedulerCore,
  options?: WatchCallOptions<ListAllocationsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<AllocationStub[]>, void, undefined> {
  return watchRead(options, (call) => listAllocations(core, call));
}
