import type { ApiPromise, ApiResult, WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { hexPrefix } from '../identifiers.js';
import { type NodeStub, NodeStubListSchema } from './schemas.js';

/** Options of `listNodes`. */
export interface ListNodesOptions extends CallOptions, SchedulerBlockingOptions {
  /** Only nodes whose id starts with this: an even number of hex characters. */
  readonly prefix?: string;
}

/** GET /v1/nodes — lists the nodes of the cluster. */
export function listNodes(core: SchedulerCore, options?: ListNodesOptions): ApiPromise<NodeStub[]> {
  return blockingRead(core, options, () => ({
    path: '/nodes',
    query: { ...regionQuery(core, options), prefix: hexPrefix(options?.prefix, 'node listing') },
    schema: NodeStubListSchema,
  }));
}

/** GET /v1/nodes (blocking) — yields the node list each time it changes. */
export function watchNodes(
  core: SchedulerCore,
  options?: WatchCallOptions<ListNodesOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<NodeStub[]>, void, undefined> {
  return watchRead(options, (call) => listNodes(core, call));
}
