import { type ApiPromise, type ApiResult, type KeySets, path, type WatchCallOptions } from '@infra-sdk/core';
import {
  blockingRead,
  type SchedulerBlockingOptions,
  type SchedulerConsistency,
  schedulerBlockingOptionKeys,
  watchRead,
} from '../blocking.js';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { NodeSchema } from './schemas.js';
import type { Node } from './types.generated.js';

/** Options of reads of one node. */
export interface ReadNodeOptions extends CallOptions, SchedulerBlockingOptions {}

/** The keys of `ReadNodeOptions`. */
export const readNodeOptionKeys: KeySets = [callOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/node/:node_id`: reads one node (full UUID): its attributes, resources, drivers, drain
 * strategy and events.
 *
 * @example
 * ```ts
 * import { readNode } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * const { Name, Datacenter, Attributes } = await readNode(core, node.ID);
 * console.log(Name, Datacenter, Attributes?.['kernel.name']);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {NotFoundError} when no node has that id.
 * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
 */
export function readNode(core: SchedulerCore, nodeId: string, options?: ReadNodeOptions): ApiPromise<Node> {
  return blockingRead(core, options, readNodeOptionKeys, () => ({
    path: path`/node/${fullUuid(nodeId, 'node id')}`,
    query: regionQuery(core, options),
    schema: NodeSchema,
  }));
}

/**
 * `GET /v1/node/:node_id`, blocking: yields the node now, then each time it changes.
 *
 * @example
 * ```ts
 * import { watchNode } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
 * for await (const { data, meta } of watchNode(core, node.ID)) {
 *   console.log(meta.index, data.Status, data.DrainStrategy);
 *   break;
 * }
 * ```
 * @throws {RequestValidationError | PermissionDeniedError} from the iteration, as `readNode` throws them.
 * @throws {NotFoundError} from the iteration, when no node has that id (or it was purged).
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchNode(
  core: SchedulerCore,
  nodeId: string,
  options?: WatchCallOptions<ReadNodeOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<Node>, void, undefined> {
  return watchRead(options, readNodeOptionKeys, (call) => readNode(core, nodeId, call));
}
