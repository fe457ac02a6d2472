import { type ApiPromise, type ApiResult, path } from '@infra-sdk/core';
import { type BlockingOptions, blocking, follow, type Watch } from '../blocking.js';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import { type CallOptions, regionQuery, send } from '../operation.js';
import { Node } from './schemas.js';

/** Options of reads of one node. */
export interface ReadNodeOptions extends CallOptions, BlockingOptions {}

/** GET /v1/node/:node_id — reads one node; the id must be the full UUID. */
export function readNode(core: SchedulerCore, nodeId: string, options?: ReadNodeOptions): ApiPromise<Node> {
  return send(core, options, () => ({
    method: 'GET',
    path: path`/node/${fullUuid(nodeId, 'node id')}`,
    query: regionQuery(core, options),
    ...blocking(options),
    schema: Node,
  }));
}

/** GET /v1/node/:node_id (blocking) — yields the node each time it changes. */
export function watchNode(
  core: SchedulerCore,
  nodeId: string,
  options?: Watch<ReadNodeOptions>,
): AsyncGenerator<ApiResult<Node>, void, undefined> {
  return follow(options, (query) => readNode(core, nodeId, { ...options, ...query }));
}
