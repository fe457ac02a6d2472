import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { drainNode } from './drain-node.js';
import { evaluateNode } from './evaluate-node.js';
import { followNodeDrain } from './follow-drain.js';
import { iterateNodes, listNodes, watchNodes } from './list-nodes.js';
import { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
import { setNodeEligibility } from './node-eligibility.js';
import { purgeNode } from './purge-node.js';
import { readNode, watchNode } from './read-node.js';

const nodeOperations = {
  /**
   * `GET /v1/nodes`: lists the client nodes of the cluster: the whole list, or one page with `per_page`
   * (the next starts at `meta.nextToken`).
   *
   * Options: `region`, `prefix` (even-length hex), `filter`, `per_page`, `next_token`, `resources`; `index` and
   * `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * const nodes = await scheduler.nodes.list({ filter: 'Status == "ready"' });
   * console.log(nodes.map((node) => node.Name));
   * ```
   * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
   *   characters, `per_page` is not a whole number, or `index`/`wait` are out of range.
   * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listNodes,
  /**
   * `GET /v1/nodes`, every page: an `AsyncIterable` of nodes (core's `Paginator`), following
   * `X-Scheduler-NextToken`.
   *
   * Options: those of `list` without the blocking ones; `per_page` (default 100) is the page size, `signal` stops it.
   *
   * @example
   * ```ts
   * for await (const node of scheduler.nodes.iterate({ resources: true })) console.log(node.ID, node.NodeResources?.Cpu);
   * ```
   * @throws {RequestValidationError} from the iteration, before the first request, when `prefix` or
   *   `per_page` are refused.
   * @throws {ResponseValidationError} from the iteration, when the server repeats a page token (`repeated-token`).
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token's policy does not allow node `read`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  iterate: iterateNodes,
  /**
   * `GET /v1/nodes`, blocking: yields the node list now, then each time it changes.
   *
   * Options: those of `list`, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * for await (const { data: nodes, meta } of scheduler.nodes.watchList({ wait: '1m' })) {
   *   console.log(meta.index, nodes.length);
   *   break; // the current list first; the next turn waits for a change
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token's policy does not allow node `read`.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchList: watchNodes,
  /**
   * `GET /v1/node/:node_id`: reads one node (full UUID): attributes, resources, drivers, drain strategy
   * and events.
   *
   * Options: `region`; `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * const { Name, Status, SchedulingEligibility } = await scheduler.nodes.read(node.ID);
   * console.log(Name, Status, SchedulingEligibility);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readNode,
  /**
   * `GET /v1/node/:node_id`, blocking: yields the node now, then each time it changes.
   *
   * Options: those of `read`, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * for await (const { data, meta } of scheduler.nodes.watch(node.ID)) {
   *   console.log(meta.index, data.Status);
   *   break;
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
   *   options are refused.
   * @throws {NotFoundError} from the iteration, when no node has that id (or it was purged).
   * @throws {PermissionDeniedError} from the iteration, when the token's policy does not allow node `read`.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watch: watchNode,
  /**
   * `GET /v1/node/:node_id/allocations`: lists the allocations placed on a node, every job's.
   *
   * Options: `region`; `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * const allocations = await scheduler.nodes.listAllocations(node.ID);
   * console.log(allocations.length);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `read`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listAllocations: listNodeAllocations,
  /**
   * `GET /v1/node/:node_id/allocations`, blocking: yields the node's allocations now, then each time
   * they change.
   *
   * Options: those of `listAllocations`, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * for await (const { data: allocations } of scheduler.nodes.watchAllocations(node.ID)) {
   *   console.log(allocations.length);
   *   break;
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
   *   options are refused.
   * @throws {NotFoundError} from the iteration, when no node has that id (or it was purged).
   * @throws {PermissionDeniedError} from the iteration, when the token's policy does not allow node `read`.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchAllocations: watchNodeAllocations,
  /**
   * `POST /v1/node/:node_id/evaluate`: creates an evaluation for each job with allocations on the node;
   * answers their ids (`EvalIDs`).
   *
   * Options: `region`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * const { EvalIDs } = await scheduler.nodes.evaluate(node.ID);
   * console.log(EvalIDs);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  evaluate: evaluateNode,
  /**
   * `POST /v1/node/:node_id/drain`: with a `DrainSpec`, drains the node (no new allocations; its
   * allocations migrate within `Deadline`); with `DrainSpec: null`, ends the drain.
   *
   * Options: `DrainSpec` (`Deadline` required, unit text or nanoseconds; `IgnoreSystemJobs`), `MarkEligible`
   * (when ending a drain), `Meta`; `region`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * await scheduler.nodes.drain(node.ID, { DrainSpec: { Deadline: '1h', IgnoreSystemJobs: true } });
   * await scheduler.nodes.drain(node.ID, { DrainSpec: null, MarkEligible: true }); // ends the drain
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID, a `DrainSpec` has
   *   no `Deadline`, a duration is unreadable, or the body has unknown fields.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  drain: drainNode,
  /**
   * `POST /v1/node/:node_id/purge`: removes a node from the cluster; its allocations are lost and
   * replaced elsewhere (a live node can register again).
   *
   * Options: `region`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * const { EvalIDs } = await scheduler.nodes.purge(node.ID);
   * console.log(EvalIDs?.length);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  purge: purgeNode,
  /**
   * `POST /v1/node/:node_id/eligibility`: marks a node `eligible` or `ineligible` for new allocations;
   * those already on it stay.
   *
   * Options: `Eligibility`; `region`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list(); // the fake starts with 2 nodes
   * await scheduler.nodes.setEligibility(node.ID, { Eligibility: 'ineligible' });
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID or `Eligibility` is
   *   neither `eligible` nor `ineligible`.
   * @throws {NotFoundError} when no node has that id.
   * @throws {PermissionDeniedError} when the token's policy does not allow node `write`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  setEligibility: setNodeEligibility,
  /**
   * GET /v1/node/:node_id and GET /v1/node/:node_id/allocations (blocking) — follows a node's drain to
   * its end: tells `onMigration` each allocation marked to migrate and each that stopped, and resolves
   * with the node once its drain is complete (`LastDrain.Status: 'complete'`) and every allocation it
   * moved has stopped. A node whose last drain already completed resolves at once.
   *
   * Options: `onMigration`, `onNode` (each new state of the node), `wait` (of each blocking request),
   * `onRetry` and `maxFailures` (failed blocking requests are retried; 10 in a row end the call), `clock`,
   * `signal`, `region`.
   *
   * @example
   * ```ts
   * const [node] = await scheduler.nodes.list();
   * await scheduler.nodes.drain(node.ID, { DrainSpec: { Deadline: '1h' } });
   * const drained = await scheduler.nodes.followDrain(node.ID, {
   *   onMigration: ({ status, allocation }) => console.log(allocation.ID, status),
   * });
   * console.log(drained.LastDrain?.Status); // complete
   * ```
   * @throws {InfraSdkError} when the drain is canceled (`DrainSpec: null`) before it completes, or the node
   *   is not draining and its last drain did not complete.
   * @throws {AbortError} when `signal` aborts; the drain goes on as it is.
   * @throws {RequestValidationError} before sending, when the id is not a full UUID or `wait` is refused.
   * @throws {NotFoundError} when no node has that id (or it was purged while draining).
   * @throws {PermissionDeniedError} when the token's policy does not allow node `read` (and `read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError} after `maxFailures` blocking requests in a row failed.
   */
  followDrain: followNodeDrain,
};

/** The nodes group of the client; each method is the standalone operation with the core applied. */
export interface NodesGroup extends BoundGroup<SchedulerCore, typeof nodeOperations> {}

/** The nodes group of the client: `client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } })`, ... */
export function nodesGroup(core: SchedulerCore): NodesGroup {
  return bindOperations(core, nodeOperations);
}
