// A node drain followed to its end, as the CLI's drain monitor does: blocking reads of the node and of
// its allocations, side by side on one signal. Each allocation that is marked to migrate, and each
// that stops, is told once; the call resolves when the drain is complete and every allocation it moved
// has stopped. An abort ends both reads and leaves the drain where it is.

import {
  AbortError,
  type Clock,
  checkOptions,
  type DurationInput,
  InfraSdkError,
  type KeySets,
  type LogFunction,
  type OwnOptionKeys,
  type RetryLoopOptions,
} from '@infra-sdk/core';
import type { Allocation } from '../allocations/types.generated.js';
import { type CallOptions, callOptionKeys } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { listNodeAllocations, watchNodeAllocations } from './node-allocations.js';
import { watchNode } from './read-node.js';
import type { Node } from './types.generated.js';

/** One step of an allocation that a drain moves. */
export interface DrainMigration {
  /** `migrating`: marked to move (stopping here, replaced elsewhere); `stopped`: it no longer runs here. */
  readonly status: 'migrating' | 'stopped';
  /** The allocation as the step saw it. */
  readonly allocation: Allocation;
}

/** Options of `followNodeDrain`. */
export interface FollowNodeDrainOptions
  extends CallOptions,
    Pick<RetryLoopOptions, 'onRetry' | 'maxFailures'> {
  /** Told each allocation marked to migrate, and each that stopped, once. */
  readonly onMigration?: ((migration: DrainMigration) => void) | undefined;
  /** Told each new state of the node, the first one included. */
  readonly onNode?: ((node: Node) => void) | undefined;
  /** Longest wait of each blocking request: ms or text such as `"30s"`; default 5 minutes. */
  readonly wait?: DurationInput | undefined;
  /**
   * Where the follower reads the time and waits its pauses. Default `systemClock`; a test gives the
   * test clock the fake scheduler takes, and moves it.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `FollowNodeDrainOptions`. */
export const followNodeDrainOptionKeys: KeySets = [
  callOptionKeys,
  {
    onRetry: 1,
    maxFailures: 1,
    onMigration: 1,
    onNode: 1,
    wait: 1,
    clock: 1,
  } as const satisfies OwnOptionKeys<FollowNodeDrainOptions, CallOptions>,
];

const TERMINAL = new Set(['complete', 'failed', 'lost']);

/**
 * Logs for the follower's two reads, which fail together when the scheduler does: the first read to
 * warn of its failures speaks for both, and the other stays quiet until that read recovers.
 */
function sharedLogs(log: LogFunction): () => LogFunction {
  let speaker: LogFunction | undefined;
  return () => {
    const own: LogFunction = (level, line, fields) => {
      if (fields.event === 'failures') {
        if (speaker !== undefined && speaker !== own) return;
        speaker = own;
      } else if (fields.event === 'recovered') {
        if (speaker !== own) return;
        speaker = undefined;
      }
      log(level, line, fields);
    };
    return own;
  };
}

/**
 * GET /v1/node/:node_id and GET /v1/node/:node_id/allocations (blocking) — follows a node's drain to
 * its end: tells `onMigration` each allocation marked to migrate and each that stopped, and resolves
 * with the node once its drain is complete (`LastDrain.Status: 'complete'`) and every allocation it
 * moved has stopped. A node whose last drain already completed resolves at once.
 *
 * Options: `onMigration`, `onNode` (each new state of the node); `wait`, `onRetry`, `maxFailures` and
 * `clock` work for each of its two reads as for a watch's.
 *
 * @example
 * ```ts
 * import { followNodeDrain } from '@infra-sdk/scheduler-client';
 *
 * const [node] = await scheduler.nodes.list();
 * await scheduler.nodes.drain(node.ID, { DrainSpec: { Deadline: '1h' } });
 * const drained = await followNodeDrain(core, node.ID, {
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
 * @throws {TimeoutError | ConnectionError | ServerError} after `maxFailures` blocking requests of one read
 *   in a row failed, the message ending "(N failures in a row over T s)".
 */
export async function followNodeDrain(
  core: SchedulerCore,
  nodeId: string,
  options: FollowNodeDrainOptions = {},
): Promise<Node> {
  checkOptions(options, followNodeDrainOptionKeys, 'followNodeDrain options');
  const { onMigration, onNode, signal, ...rest } = options;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort(signal.reason);
  const watching = { ...rest, signal: controller.signal };
  const log = core.transport.log;
  const logs = log === undefined ? undefined : sharedLogs(log);
  const told = new Map<string, DrainMigration['status']>();
  const report = (allocations: readonly Allocation[]) => {
    for (const allocation of allocations) {
      if (allocation.DesiredTransition?.Migrate === true && !told.has(allocation.ID)) {
        told.set(allocation.ID, 'migrating');
        onMigration?.({ status: 'migrating', allocation });
      }
      if (told.get(allocation.ID) === 'migrating' && TERMINAL.has(allocation.ClientStatus ?? '')) {
        told.set(allocation.ID, 'stopped');
        onMigration?.({ status: 'stopped', allocation });
      }
    }
  };
  const aborted = () => new AbortError('The drain was left as it is: the call was aborted');

  const followAllocations = async () => {
    for await (const { data } of watchNodeAllocations(core, nodeId, { ...watching, logger: logs?.() })) {
      report(data);
    }
  };

  const followNode = async (): Promise<Node | undefined> => {
    for await (const { data } of watchNode(core, nodeId, { ...watching, logger: logs?.() })) {
      onNode?.(data);
      if (data.DrainStrategy) continue;
      const status = data.LastDrain?.Status;
      if (status === 'complete') return data;
      throw new InfraSdkError(
        status === 'canceled'
          ? `The drain of node ${nodeId} was canceled before it completed`
          : `Node ${nodeId} is not draining, and its last drain did not complete`,
      );
    }
    return undefined;
  };

  // A failed allocation read ends the node read too, and is what the call rejects with.
  let failure: { readonly error: unknown } | undefined;
  const allocations = followAllocations().catch((error: unknown) => {
    if (!controller.signal.aborted) failure = { error };
    controller.abort();
  });
  try {
    let drained: Node | undefined;
    try {
      drained = await followNode();
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    if (failure !== undefined) throw failure.error;
    if (drained === undefined || signal?.aborted) throw aborted();
    // The drain completed: the allocations read stops, and one last read tells the last stops.
    controller.abort();
    await allocations;
    report(
      await listNodeAllocations(core, nodeId, {
        ...(rest.region === undefined ? {} : { region: rest.region }),
        ...(rest.token === undefined ? {} : { token: rest.token }),
        ...(signal === undefined ? {} : { signal }),
      }),
    );
    return drained;
  } catch (error) {
    if (signal?.aborted) throw aborted();
    throw error;
  } finally {
    controller.abort();
    await allocations;
    signal?.removeEventListener('abort', onAbort);
  }
}
