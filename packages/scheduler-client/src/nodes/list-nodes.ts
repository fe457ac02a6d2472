import type { ApiPromise, ApiResult, Paginator, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import { type IterateOptions, iteratePages, type PagingOptions, pagingQuery } from '../paging.js';
import { type NodeStub, NodeStubListSchema } from './schemas.js';

/** Options of `listNodes`. */
export interface ListNodesOptions extends CallOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only nodes whose id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Include each node's `NodeResources` and `ReservedResources`. */
  readonly resources?: boolean | undefined;
}

/** Options of `iterateNodes`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateNodesOptions = IterateOptions<ListNodesOptions>;

/** GET /v1/nodes — lists the nodes of the cluster. */
export function listNodes(core: SchedulerCore, options?: ListNodesOptions): ApiPromise<NodeStub[]> {
  return blockingRead(core, options, () => ({
    path: '/nodes',
    query: {
      ...regionQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'node listing'),
      ...pagingQuery(options, 'node listing'),
      resources: options?.resources,
    },
    schema: NodeStubListSchema,
  }));
}

/** GET /v1/nodes (paged) — every node, page by page, following `X-Scheduler-NextToken`. */
export function iterateNodes(core: SchedulerCore, options?: IterateNodesOptions): Paginator<NodeStub> {
  return iteratePages((call: ListNodesOptions) => listNodes(core, call), options);
}

/** GET /v1/nodes (blocking) — yields the node list each time it changes. */
export function watchNodes(
  core: SchedulerCore,
  options?: WatchCallOptions<ListNodesOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<NodeStub[]>, void, undefined> {
  return watchRead(options, (call) => listNodes(core, call));
}
