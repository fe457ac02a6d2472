import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type NodeEvaluateResponse, NodeEvaluateResponseSchema } from './schemas.js';

/** POST /v1/node/:node_id/evaluate — creates evaluations for the jobs with allocations on a node. */
export function evaluateNode(
  core: SchedulerCore,
  nodeId: string,
  options?: CallOptions,
): ApiPromise<NodeEvaluateResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'POST',
      path: path`/node/${fullUuid(nodeId, 'node id')}/evaluate`,
      query: regionQuery(core, options),
      schema: NodeEvaluateResponseSchema,
    }),
    options,
  );
}
