// A fake workload scheduler for tests: real HTTP on 127.0.0.1, in-memory state with the service's
// state machines, blocking queries, paging, the event stream and exec over WebSocket.

import { type Clock, checkOptions, systemClock } from '@infra-sdk/core';
import { type RecordedRequest, startTestServer } from '@infra-sdk/core/testing';
import type { FakeAclPolicy, FakeAclToken } from './acl.js';
import { addAclRoutes } from './acl-routes.js';
import { FakeAclTokens } from './acl-tokens.js';
import { addAllocationRoutes } from './allocations-routes.js';
import { failedAllocation } from './deployment-health.js';
import { addDeploymentRoutes } from './deployment-routes.js';
import { addEvaluationRoutes } from './evaluation-routes.js';
import type { FakeEventMessage } from './event-broker.js';
import { addEventRoutes, type OpenStreams } from './events-routes.js';
import { addExecRoute, type FakeExecSession } from './exec-routes.js';
import { replyAsText } from './fault.js';
import { addFileSystemRoutes } from './fs-routes.js';
import type { RouteContext } from './http.js';
import { type FakeJobSeed, jobFromSeed } from './job-parser.js';
import { registerJob } from './job-registry.js';
import { addJobRoutes } from './jobs-routes.js';
import { addLogRoutes } from './log-routes.js';
import { addNode, completeDrain, type FakeNodeSpec } from './node-registry.js';
import { addNodeRoutes } from './nodes-routes.js';
import { checkFakeSchedulerOptions, fakeSchedulerOptionKeys } from './option-keys.js';
import { settle } from './rollout.js';
import { recordAllocation, refreshJobStatus, startAllocations } from './scheduling.js';
import { addSearchRoutes } from './search-routes.js';
import { currentVersion, SchedulerStore } from './store.js';
import { addVariableRoutes } from './variable-routes.js';
import type { ServerWebSocket } from './websocket.js';
import type { Allocation, Deployment, Evaluation, Job, Node } from './wire-types.js';

/** Options of `startFakeScheduler`. */
export interface FakeSchedulerOptions {
  /** Nodes to start with: a count, or specs. Default 2 ready, eligible nodes in `dc1`. */
  readonly nodes?: number | readonly FakeNodeSpec[];
  /** The region the fake serves; calls for another one get 500 `No path to region`. Default `global`. */
  readonly region?: string;
  /** Datacenter of nodes that do not name one. Default `dc1`. */
  readonly datacenter?: string;
  /** Turns ACLs on: every call needs one of these tokens (secret → rights); `management` may do anything. */
  readonly acl?: {
    /** What each token secret may do. */
    readonly tokens: Readonly<Record<string, FakeAclToken>>;
    /** Named policies that tokens created over the API (`Policies`) take their rights from. */
    readonly policies?: Readonly<Record<string, FakeAclPolicy>>;
  };
  /** Interval of heartbeats on event streams and exec sessions, in ms. Default 10 000. */
  readonly heartbeatMs?: number;
  /** Event messages kept for replay. Default 1 000. */
  readonly eventBufferSize?: number;
  /** Blocking queries add the service's random extra wait of up to wait/16, as a real cluster does. Default true. */
  readonly blockingJitter?: boolean;
  /**
   * How allocations start: they are placed `pending` and run this many milliseconds later, as a node
   * reports them. `0` places them running at once; `'manual'` keeps them pending until
   * `startPendingAllocations()`, for tests that step through the states. Default 50.
   */
  readonly allocationStartMs?: number | 'manual';
  /**
   * Factor on the times of a job's update strategy that the fake waits: `MinHealthyTime`,
   * `HealthyDeadline` and `ProgressDeadline`. Default 0.001, so the default 10 s `MinHealthyTime` takes
   * 10 ms; `1` waits them in full (on a test `clock`, at no cost of real time), `0` not at all.
   */
  readonly timeScale?: number;
  /** Gzip replies when the request accepts it. Default true. */
  readonly gzip?: boolean;
  /**
   * Where the fake reads the time and waits: allocation starts, `MinHealthyTime` and the health and
   * progress deadlines, heartbeats, the `wait` of blocking queries, and the deadlines it writes (a
   * deployment's `RequireProgressBy`, a drain's `ForceDeadline`). Default the system clock. Give a test clock (`createTestClock` of
   * `@infra-sdk/core/testing`), the same one the client under test takes, and nothing happens until the
   * test moves it: a rollout of minutes runs in milliseconds and in the same order on any machine.
   */
  readonly clock?: Clock;
  /**
   * Milliseconds of the fake's clock between the lines a running task writes to its stdout log
   * (`<task>: tick <n>`, after `<task>: started`; `<task>: stopped` when it stops). Default 1 000;
   * `0` writes only the start and stop lines.
   */
  readonly logLineMs?: number;
}

/** A running fake scheduler. */
export interface FakeScheduler extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`: the `baseUrl` for clients. */
  readonly url: string;
  /** Every HTTP request received, in order (exec upgrades as method `UPGRADE`). */
  readonly requests: readonly RecordedRequest[];
  /** The latest state index. */
  readonly index: number;
  /** Exec sessions run so far. */
  readonly execSessions: readonly FakeExecSession[];
  /** Event messages still buffered for replay. */
  readonly events: readonly FakeEventMessage[];
  /** Registers a node (again, when given the id of a purged one) and places what was waiting for room. */
  addNode(spec?: FakeNodeSpec): Node;
  /** Registers a job without HTTP, as `POST /v1/jobs` would (durations may be unit text). */
  registerJob(
    job: FakeJobSeed,
    options?: { readonly namespace?: string },
  ): {
    /** Id of the evaluation the registration created. */
    EvalID: string;
    /** Index at which the job was registered. */
    JobModifyIndex: number;
  };
  /** Current versions of all jobs. */
  jobs(): Job[];
  /** The current version of one job. */
  job(id: string, namespace?: string): Job | undefined;
  /** Every registered node. */
  nodes(): Node[];
  /** Every allocation the fake holds. */
  allocations(): Allocation[];
  /** Every evaluation. */
  evaluations(): Evaluation[];
  /** Every deployment. */
  deployments(): Deployment[];
  /** Marks an allocation's client status (e.g. `failed`), as a node would report it; a failed one is unhealthy for its deployment. */
  setAllocationStatus(allocId: string, clientStatus: string): void;
  /** Starts the allocations waiting with `allocationStartMs: 'manual'`; returns how many started. */
  startPendingAllocations(): number;
  /** Appends `text` to a task's `stdout` or `stderr` log, as the task would write it. */
  writeTaskLog(allocId: string, task: string, type: 'stdout' | 'stderr', text: string): void;
  /**
   * Writes (or replaces) a file in an allocation's directory, e.g. `web/local/app.conf` or
   * `alloc/data/result.json`, as its tasks would; its directories appear with it.
   */
  writeAllocationFile(allocId: string, path: string, content: string | Uint8Array): void;
  /** Finishes a node's drain as the drainer does once all allocations moved. */
  completeDrain(nodeId: string): void;
  /** Drops every open event stream without a proper end, like a network failure; returns how many. */
  dropEventStreams(): number;
  /** Drops every open exec session without a closing handshake; returns how many. */
  dropExecSessions(): number;
  /**
   * Stops the server, ends every connection and drops every step still to come, so nothing of the fake
   * keeps the process alive afterwards. `await using` does the same.
   */
  close(): Promise<void>;
}

/**
 * Starts a fake scheduler on 127.0.0.1 with a free port. A key that `options` (or a node spec, `acl`, or
 * a token's rights in it) does not have is a RequestValidationError naming the nearest one
 * (`fakeSchedulerOptionKeys` lists them), as is one of `addNode` and `registerJob`.
 *
 * Rollouts go as the service's: every new version of a service job whose update strategy has a
 * `MaxParallel` starts a deployment and cancels the one of the version before. A first version, or one
 * that changes only counts, is placed (or updated in place) at once; a destructive change first places
 * `Canary` canaries beside the old allocations and waits for their promotion (`deployments.promote`, or
 * `AutoPromote` once all of them are healthy), then replaces the old allocations `MaxParallel` at a time,
 * each batch once the one before is healthy. A paused deployment places nothing. An allocation turns
 * healthy `MinHealthyTime` after it starts running when its checks pass, and unhealthy when it fails
 * (`setAllocationStatus(id, 'failed')`) or `HealthyDeadline` passes first; with `HealthCheck: 'manual'`
 * only `deployments.setAllocationHealth` decides. The fake runs no checks: each keeps its
 * `InitialStatus`, so a check written `InitialStatus: 'critical'` (or `'warning'`) makes its allocations
 * unhealthy, the way to show a failing health check. A deployment fails at the first unhealthy
 * allocation when `ProgressDeadline` is 0, otherwise when that deadline (counted again from each
 * progress) passes with a group still short of healthy allocations; `AutoRevert` then registers the last
 * stable version again (a version turns stable when its deployment succeeds). A multiregion job's
 * deployment ends `blocked`, waiting for its peer regions. These times are scaled by `timeScale` and
 * read from `clock`.
 */
export async function startFakeScheduler(options: FakeSchedulerOptions = {}): Promise<FakeScheduler> {
  checkFakeSchedulerOptions(options);
  const store = new SchedulerStore({
    region: options.region ?? 'global',
    datacenter: options.datacenter ?? 'dc1',
    eventBufferSize: options.eventBufferSize ?? 1000,
    allocationStart: options.allocationStartMs ?? 50,
    timeScale: options.timeScale ?? 0.001,
    clock: options.clock ?? systemClock,
    logLineMs: options.logLineMs ?? 1000,
  });
  store.setScheduler({
    start: (ids) => startAllocations(store, ids),
    settle: (change) => settle(store, change),
  });
  const context: RouteContext = {
    store,
    tokens: options.acl === undefined ? undefined : new FakeAclTokens(store, options.acl),
    heartbeatMs: options.heartbeatMs ?? 10_000,
    blocking: { jitter: options.blockingJitter ?? true, sleep: store.sleep },
  };
  const streams: OpenStreams = new Set();
  const sockets = new Set<ServerWebSocket>();
  const sessions: FakeExecSession[] = [];
  const server = await startTestServer({ gzip: options.gzip ?? true, errorReply: replyAsText });
  addJobRoutes(server, context);
  addNodeRoutes(server, context);
  addAllocationRoutes(server, context);
  addDeploymentRoutes(server, context);
  addEvaluationRoutes(server, context);
  addLogRoutes(server, context);
  addVariableRoutes(server, context);
  addAclRoutes(server, context);
  addSearchRoutes(server, context);
  addFileSystemRoutes(server, context);
  addEventRoutes(server, context, streams);
  addExecRoute(server, context, sessions, sockets);

  const seeds = options.nodes ?? 2;
  for (const spec of typeof seeds === 'number' ? Array.from({ length: seeds }, () => ({})) : seeds) {
    addNode(store, spec);
  }

  const close = async () => {
    store.close();
    for (const socket of sockets) socket.destroy();
    await server.close();
  };
  return {
    url: server.url,
    get requests() {
      return server.requests;
    },
    get index() {
      return store.index;
    },
    get execSessions() {
      return sessions;
    },
    get events() {
      return store.events.backlog;
    },
    addNode: (spec) => {
      checkOptions(spec, fakeSchedulerOptionKeys.node, 'node');
      return addNode(store, spec);
    },
    registerJob: (job, scope) => {
      checkOptions(scope, fakeSchedulerOptionKeys.registerJob, 'registerJob options');
      const result = registerJob(store, jobFromSeed(job), { namespace: scope?.namespace ?? 'default' });
      return { EvalID: result.EvalID, JobModifyIndex: result.JobModifyIndex };
    },
    jobs: () => [...store.jobs.values()].map(currentVersion),
    job: (id, namespace = 'default') => {
      const stored = store.job(namespace, id);
      return stored ? currentVersion(stored) : undefined;
    },
    nodes: () => [...store.nodes.values()],
    allocations: () => [...store.allocations.values()],
    evaluations: () => [...store.evaluations.values()],
    deployments: () => [...store.deployments.values()],
    setAllocationStatus: (allocId, clientStatus) => {
      const alloc = store.allocations.get(allocId);
      if (alloc === undefined) throw new Error(`no allocation ${allocId}`);
      store.commit((change) => {
        alloc.ClientStatus = clientStatus;
        alloc.ModifyIndex = change.index;
        if (!failedAllocation(store, change, alloc)) recordAllocation(change, alloc, 'AllocationUpdated');
        const stored = store.job(alloc.Namespace ?? 'default', alloc.JobID ?? '');
        if (stored) refreshJobStatus(store, change, stored);
      });
    },
    startPendingAllocations: () => store.startPending(),
    writeTaskLog: (allocId, task, type, text) => {
      if (!store.allocations.has(allocId)) throw new Error(`no allocation ${allocId}`);
      store.taskLogs.write(allocId, task, type, text);
    },
    writeAllocationFile: (allocId, path, content) => {
      if (!store.allocations.has(allocId)) throw new Error(`no allocation ${allocId}`);
      store.allocFiles.write(allocId, path, content);
    },
    completeDrain: (nodeId) => {
      const node = store.nodes.get(nodeId);
      if (node === undefined) throw new Error(`no node ${nodeId}`);
      completeDrain(store, node);
    },
    dropEventStreams: () => {
      const count = streams.size;
      for (const res of streams) res.raw.destroy();
      streams.clear();
      return count;
    },
    dropExecSessions: () => {
      const count = sockets.size;
      for (const socket of sockets) socket.destroy();
      return count;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
