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
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import {
  type IterateOptions,
  iteratePages,
  type PagingOptions,
  pagingOptionKeys,
  pagingQuery,
} from '../paging.js';
import { NodeStubListSchema } from './schemas.js';
import type { NodeStub } from './types.generated.js';

/** Options of `listNodes`. */
export interface ListNodesOptions extends CallOptions, SchedulerBlockingOptions, PagingOptions {
  /** Only nodes whose id starts with this: an even number of hex characters. */
  readonly prefix?: string | undefined;
  /** Include each node's `NodeResources` and `ReservedResources`. */
  readonly resources?: boolean | undefined;
  /** Last node first instead of first node first. */
  readonly reverse?: boolean | undefined;
}

/** Options of `iterateNodes`: the listing's options without the blocking ones; `per_page` defaults to 100. */
export type IterateNodesOptions = IterateOptions<ListNodesOptions>;

/** The keys of `IterateNodesOptions`. */
export const iterateNodesOptionKeys: KeySets = [
  callOptionKeys,
  pagingOptionKeys,
  { prefix: 1, resources: 1, reverse: 1 } as const satisfies OwnOptionKeys<
    ListNodesOptions,
    CallOptions & SchedulerBlockingOptions & PagingOptions
  >,
];

/** The keys of `ListNodesOptions`. */
export const listNodesOptionKeys: KeySets = [iterateNodesOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/nodes`: lists the client nodes of the cluster, with their status, eligibility and drain.
 *
 * @example
 * ```ts
 * import { listNodes } from '@infra-sdk/scheduler-client';
 *
 * const nodes = await listNodes(core, { filter: 'Status == "ready"', resources: true });
 * console.log(nodes.map((node) => `${node.Name} ${node.SchedulingEligibility}`));
 * ```
 * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
 *   characters or `per_page` is not a whole number.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
 */
export function listNodes(core: SchedulerCore, options?: ListNodesOptions): ApiPromise<NodeStub[]> {
  return blockingRead(core, options, listNodesOptionKeys, () => ({
    path: '/nodes',
    query: {
      ...regionQuery(core, options),
      prefix: hexPrefix(options?.prefix, 'node listing'),
      ...pagingQuery(options, 'node listing'),
      resources: options?.resources,
      reverse: options?.reverse,
    },
    schema: NodeStubListSchema,
  }));
}

/**
 * `GET /v1/nodes`, every page: an `AsyncIterable` of nodes (core's `Paginator`: `.pages()`,
 * `.toArray()`), following `X-Scheduler-NextToken`.
 *
 * @example
 * ```ts
 * import { iterateNodes } from '@infra-sdk/scheduler-client';
 *
 * for await (const node of iterateNodes(core, { per_page: 1 })) console.log(node.ID, node.Status);
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `listNodes` throws them.
 */
export function iterateNodes(core: SchedulerCore, options?: IterateNodesOptions): Paginator<NodeStub> {
  return iteratePages((call: ListNodesOptions) => listNodes(core, call), options, iterateNodesOptionKeys);
}

/**
 * `GET /v1/nodes`, blocking: yields the node list now, then each time it changes (a node joins,
 * leaves, drains, changes eligibility or status).
 *
 * @example
 * ```ts
 * import { watchNodes } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data: nodes, meta } of watchNodes(core, { wait: '1m' })) {
 *   console.log(meta.index, nodes.length);
 *   break; // the current list first; the next turn waits for a change
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `listNodes` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchNodes(
  core: SchedulerCore,
  options?: WatchCallOptions<ListNodesOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<NodeStub[]>, void, undefined> {
  return watchRead(options, listNodesOptionKeys, (call) => listNodes(core, call));
}
