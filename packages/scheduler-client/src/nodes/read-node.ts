import { type ApiPromise, type ApiResult, path, type WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  watchRead,
} from '../blocking.js';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type Node, NodeSchema } from './schemas.js';

/** Options of reads of one node. */
export interface ReadNodeOptions extends CallOptions, SchedulerBlockingOptions {}

/** GET /v1/node/:node_id — reads one node; the id must be the full UUID. */
export function readNode(core: SchedulerCore, nodeId: string, options?: ReadNodeOptions): ApiPromise<Node> {
  return blockingRead(core, options, () => ({
    path: path`/node/${fullUuid(nodeId, 'node id')}`,
    query: regionQuery(core, options),
    schema: NodeSchema,
  }));
}

/** GET /v1/node/:node_id (blocking) — yields the node each time it changes. */
export function watchNode(
  core: SchedulerCore,
  nodeId: string,
  options?: WatchCallOptions<ReadNodeOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Node>, void, undefined> {
  return watchRead(options, (call) => readNode(core, nodeId, call));
}
