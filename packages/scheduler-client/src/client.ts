// The grouped client: the standalone operations bound to one core.
import { type ApiPromise, type RawRequest, type RequestOptions, sendRawRequest } from '@infra-sdk/core';
import { type AllocationsGroup, allocationsGroup } from './allocations/group.js';
import { createSchedulerCore, type SchedulerClientOptions, type SchedulerCore } from './core.js';
import { type DeploymentsGroup, deploymentsGroup } from './deployments/group.js';
import { type EventsGroup, eventsGroup } from './events/group.js';
import { type JobsGroup, jobsGroup } from './jobs/group.js';
import { type NodesGroup, nodesGroup } from './nodes/group.js';

/** The grouped scheduler client; every method is also a standalone export taking a `SchedulerCore`. */
export interface SchedulerClient {
  /** The core the groups are built on, for standalone operations. */
  readonly core: SchedulerCore;
  /** Jobs: create, read, plan, update, dispatch, revert and watch them, with their versions, allocations, evaluations and deployments. */
  readonly jobs: JobsGroup;
  /** Client nodes: list, read, drain, purge, set eligibility and watch them, with their allocations. */
  readonly nodes: NodesGroup;
  /** Allocations: list, read, stop, signal, restart, exec into and watch them, with their services. */
  readonly allocations: AllocationsGroup;
  /** Deployments: list, read and watch them; promote canaries, pause, resume, fail, set allocation health, unblock. */
  readonly deployments: DeploymentsGroup;
  /** The event stream, filtered by topic. */
  readonly events: EventsGroup;
  /** Sends a request to an endpoint the typed surface does not cover, with the same auth, retries and errors. */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T>;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
}

/** Creates a scheduler client with every resource group, built on `createSchedulerCore(options)`. */
export function createSchedulerClient(options: SchedulerClientOptions): SchedulerClient {
  const core = createSchedulerCore(options);
  return {
    core,
    jobs: jobsGroup(core),
    nodes: nodesGroup(core),
    allocations: allocationsGroup(core),
    deployments: deploymentsGroup(core),
    events: eventsGroup(core),
    request: (request, call) => sendRawRequest(core, request, call),
    toJSON: core.toJSON,
    [Symbol.for('nodejs.util.inspect.custom')]: core.toJSON,
  };
}
