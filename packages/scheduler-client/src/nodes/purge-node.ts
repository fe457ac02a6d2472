import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type NodeEvaluateResponse, NodeEvaluateResponseSchema } from './schemas.js';

/** POST /v1/node/:node_id/purge — removes a node from the cluster (a live node can rejoin). */
export function purgeNode(
  core: SchedulerCore,
  nodeId: string,
  options?: CallOptions,
): ApiPromise<NodeEvaluateResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/purge`,
      query: regionQuery(core, options),
      schema: NodeEvaluateResponseSchema,
    }),
    options,
  );
}
