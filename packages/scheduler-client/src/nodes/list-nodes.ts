import type { ApiPromise, ApiResult } from '@infra-sdk/core';
import { type BlockingOptions, blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { hexPrefix } from '../identifiers.js';
import { type CallOptions, regionQuery, send } from '../operation.js';
import { type NodeStub, NodeStubList } from './schemas.js';

/** Options of `listNodes`. */
export interface ListNodesOptions extends CallOptions, BlockingOptions {
  /** Only nodes whose id starts with this: an even number of hex characters. */
  readonly prefix?: string;
}

/** GET /v1/nodes — lists the nodes of the cluster. */
export function listNodes(core: SchedulerCore, options?: ListNodesOptions): ApiPromise<NodeStub[]> {
  return send(core, options, () => ({
    method: 'GET',
    path: '/nodes',
    query: { ...regionQuery(core, options), prefix: hexPrefix(options?.prefix, 'node listing') },
    ...blocking(options),
    schema: NodeStubList,
  }));
}

/** GET /v1/nodes (blocking) — yields the node list each time it changes. */
export function watchNodes(
  core: SchedulerCore,
  options?: Watch<ListNodesOptions>,
): AsyncGenerator<ApiResult<NodeStub[]>, void, undefined> {
  return follow(options, (query) => listNodes(core, { ...options, ...query }));
}
