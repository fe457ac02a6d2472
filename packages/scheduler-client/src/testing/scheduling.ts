// The fake's scheduler: evaluations, placement of allocations on eligible nodes (one per count of
// each group, one per node for system jobs), replacement of stopped ones and job status. Deployments
// (rolling updates, canaries, health) are deployments.ts's.
import { randomUUID } from 'node:crypto';
import { copy } from './copy.js';
import { type Change, currentVersion, type SchedulerStore, type StoredJob } from './store.js';
import { WireNanos } from './wire-nanos.js';
import type {
  Allocation,
  Deployment,
  Evaluation,
  Job,
  Node,
  TaskEvent,
  TaskGroup,
  TaskState,
} from './wire-types.js';

const MAX_TASK_EVENTS = 10;

// Wall clock at start plus a monotonic nanosecond clock: times with every digit, as a real cluster writes.
const startNanos = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();

/** Unix nanoseconds now, with digits below the millisecond. */
export function nowNanos(): WireNanos {
  return new WireNanos(startNanos + process.hrtime.bigint());
}

/** ISO 8601 now. */
export function nowIso(): string {
  return new Date().toISOString();
}

function groupsOf(job: Job): TaskGroup[] {
  return job.TaskGroups ?? [];
}

/** Whether the job places allocations itself (parameterized and periodic parents do not). */
export function isSchedulable(job: Job): boolean {
  if (job.Stop) return false;
  if (job.ParameterizedJob && !job.Dispatched) return false;
  if (job.Periodic?.Enabled) return false;
  return true;
}

/** Whether an allocation is meant to run. */
export function isLive(alloc: Allocation): boolean {
  return alloc.DesiredStatus === 'run' && alloc.ClientStatus !== 'complete' && alloc.ClientStatus !== 'lost';
}

/** Nodes that take new allocations for `job`: ready, eligible, not draining, in one of its datacenters. */
export function eligibleNodes(store: SchedulerStore, job: Job): Node[] {
  const datacenters = job.Datacenters ?? [];
  return [...store.nodes.values()].filter(
    (node) =>
      node.Status === 'ready' &&
      node.SchedulingEligibility === 'eligible' &&
      !node.Drain &&
      (datacenters.includes('*') || datacenters.includes(node.Datacenter ?? '')),
  );
}

/** How many live allocations each node runs, counted in one pass over the allocations. */
function liveCounts(store: SchedulerStore): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alloc of store.allocations.values()) {
    if (isLive(alloc)) counts.set(alloc.NodeID ?? '', (counts.get(alloc.NodeID ?? '') ?? 0) + 1);
  }
  return counts;
}

/** The node with the fewest live allocations (the lowest id among equals). */
function leastLoaded(store: SchedulerStore, candidates: readonly Node[]): Node | undefined {
  const counts = liveCounts(store);
  const load = (node: Node) => counts.get(node.ID) ?? 0;
  return [...candidates].sort((a, b) => load(a) - load(b) || a.ID.localeCompare(b.ID))[0];
}

/** Appends a task event, keeping the latest 10. */
export function addTaskEvent(state: TaskState, event: TaskEvent): void {
  const events = state.Events ?? [];
  events.push(event);
  if (events.length > MAX_TASK_EVENTS) events.splice(0, events.length - MAX_TASK_EVENTS);
  state.Events = events;
}

/** A task event as the client writes them. */
export function taskEvent(type: string, fields: Partial<TaskEvent> = {}): TaskEvent {
  const message = fields.DisplayMessage ?? fields.Message ?? type;
  return {
    Type: type,
    Time: nowNanos(),
    FailsTask: false,
    RestartReason: '',
    SetupError: '',
    DriverError: '',
    ExitCode: 0,
    Signal: 0,
    Message: '',
    KillTimeout: 0,
    KillError: '',
    KillReason: '',
    StartDelay: 0,
    DownloadError: '',
    ValidationError: '',
    DiskLimit: 0,
    FailedSibling: '',
    VaultError: '',
    TaskSignalReason: '',
    TaskSignal: '',
    DriverMessage: '',
    GenericSource: '',
    Details: {},
    ...fields,
    DisplayMessage: message,
  };
}

/** The allocation without the job copy, as allocation events carry it. */
export function withoutJob(alloc: Allocation): Record<string, unknown> {
  const { Job: _job, ...rest } = alloc;
  return rest;
}

/** Records a change of an allocation: its table, its event, and its deployment to settle. */
export function recordAllocation(change: Change, alloc: Allocation, type: string): void {
  if (alloc.DeploymentID) change.affected.add(alloc.DeploymentID);
  change.touch('allocs');
  change.event(
    'Allocation',
    type,
    alloc.ID,
    alloc.Namespace ?? 'default',
    { Allocation: withoutJob(alloc) },
    [alloc.JobID ?? '', alloc.DeploymentID ?? ''],
  );
}

/** Creates an evaluation of a job. */
export function createEvaluation(
  store: SchedulerStore,
  change: Change,
  job: Job,
  triggeredBy: string,
  extra: Partial<Evaluation> = {},
): Evaluation {
  const evaluation: Evaluation = {
    ID: randomUUID(),
    Namespace: job.Namespace ?? 'default',
    Priority: job.Priority ?? 50,
    Type: job.Type ?? 'service',
    TriggeredBy: triggeredBy,
    JobID: job.ID,
    JobModifyIndex: job.JobModifyIndex ?? 0,
    NodeID: '',
    NodeModifyIndex: 0,
    DeploymentID: '',
    Status: 'complete',
    StatusDescription: '',
    Wait: 0,
    NextEval: '',
    PreviousEval: '',
    BlockedEval: '',
    FailedTGAllocs: null,
    ClassEligibility: null,
    EscapedComputedClass: false,
    AnnotatePlan: false,
    QueuedAllocations: Object.fromEntries(groupsOf(job).map((group) => [group.Name ?? '', 0])),
    SnapshotIndex: change.index,
    CreateIndex: change.index,
    ModifyIndex: change.index,
    ...extra,
  };
  store.evaluations.set(evaluation.ID, evaluation);
  change.touch('evals');
  change.event(
    'Evaluation',
    'EvaluationUpdated',
    evaluation.ID,
    evaluation.Namespace ?? 'default',
    {
      Evaluation: evaluation,
    },
    [job.ID],
  );
  return evaluation;
}

function portOf(store: SchedulerStore, group: TaskGroup, label: string | null | undefined): number {
  for (const network of group.Networks ?? []) {
    for (const port of [...(network.ReservedPorts ?? []), ...(network.DynamicPorts ?? [])]) {
      if (port.Label === label && port.Value) return port.Value;
    }
  }
  return store.nextPort();
}

function registerServices(
  store: SchedulerStore,
  change: Change,
  alloc: Allocation,
  node: Node,
  group: TaskGroup,
) {
  const services = [
    ...(group.Services ?? []).map((service) => ({ service, task: 'group' })),
    ...(group.Tasks ?? []).flatMap((task) =>
      (task.Services ?? []).map((service) => ({ service, task: task.Name ?? '' })),
    ),
  ];
  for (const { service, task } of services) {
    const name = service.Name ?? `${alloc.JobID}-${group.Name}`;
    const port = portOf(store, group, service.PortLabel);
    const id = `_scheduler-task-${alloc.ID}-${task}-${name}-${service.PortLabel ?? ''}`;
    store.services.set(id, {
      ID: id,
      ServiceName: name,
      Namespace: alloc.Namespace ?? 'default',
      NodeID: node.ID,
      Datacenter: node.Datacenter ?? '',
      JobID: alloc.JobID ?? '',
      AllocID: alloc.ID,
      Tags: service.Tags ?? null,
      Address: '127.0.0.1',
      Port: port,
      CreateIndex: change.index,
      ModifyIndex: change.index,
    });
    change.touch('services');
  }
}

function deregisterServices(store: SchedulerStore, change: Change, allocId: string): void {
  for (const [id, service] of store.services) {
    if (service.AllocID !== allocId) continue;
    store.services.delete(id);
    change.touch('services');
  }
}

/** Places one allocation of a group on the least busy eligible node; undefined when no node fits. */
export function placeAllocation(
  store: SchedulerStore,
  change: Change,
  job: Job,
  group: TaskGroup,
  slot: number,
  context: {
    readonly evalId: string;
    readonly deploymentId: string;
    readonly previous?: Allocation;
    readonly node?: Node;
    /** A canary of a deployment: it runs beside the old version until promoted. */
    readonly canary?: boolean;
  },
): Allocation | undefined {
  const node = context.node ?? leastLoaded(store, eligibleNodes(store, job));
  if (node === undefined) return undefined;
  const now = nowNanos();
  const tasks = group.Tasks ?? [];
  const taskStates: Record<string, TaskState> = {};
  for (const task of tasks) {
    taskStates[task.Name ?? ''] = {
      State: 'pending',
      Failed: false,
      StartedAt: null,
      FinishedAt: null,
      LastRestart: null,
      Restarts: 0,
      Events: [
        taskEvent('Received', { DisplayMessage: 'Task received by client' }),
        taskEvent('Task Setup', {
          Message: 'Building Task Directory',
          Details: { message: 'Building Task Directory' },
        }),
      ],
      TaskHandle: null,
    };
  }
  const taskResources = Object.fromEntries(tasks.map((task) => [task.Name ?? '', task.Resources ?? {}]));
  const cpu = tasks.reduce((sum, task) => sum + (task.Resources?.CPU ?? 0), 0);
  const memory = tasks.reduce((sum, task) => sum + (task.Resources?.MemoryMB ?? 0), 0);
  const disk = group.EphemeralDisk?.SizeMB ?? 300;
  const alloc: Allocation = {
    ID: randomUUID(),
    Namespace: job.Namespace ?? 'default',
    EvalID: context.evalId,
    Name: `${job.ID}.${group.Name}[${slot}]`,
    NodeID: node.ID,
    NodeName: node.Name ?? '',
    JobID: job.ID,
    JobType: job.Type ?? 'service',
    JobVersion: job.Version ?? 0,
    Job: copy(job),
    TaskGroup: group.Name ?? '',
    DesiredStatus: 'run',
    DesiredDescription: '',
    DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
    ClientStatus: 'pending',
    ClientDescription: 'No tasks have started',
    DeploymentID: context.deploymentId,
    DeploymentStatus: context.canary
      ? { Healthy: null, Canary: true, ModifyIndex: change.index, Timestamp: null }
      : null,
    FollowupEvalID: '',
    PreviousAllocation: context.previous?.ID ?? '',
    NextAllocation: '',
    RescheduleTracker: null,
    PreemptedAllocations: null,
    PreemptedByAllocation: '',
    Resources: { CPU: cpu, MemoryMB: memory, DiskMB: disk, Networks: group.Networks ?? null },
    SharedResources: { CPU: 0, MemoryMB: 0, DiskMB: disk, Networks: null },
    TaskResources: taskResources,
    AllocatedResources: {
      Tasks: Object.fromEntries(
        tasks.map((task) => [
          task.Name ?? '',
          {
            Cpu: { CpuShares: task.Resources?.CPU ?? 0 },
            Memory: { MemoryMB: task.Resources?.MemoryMB ?? 0 },
          },
        ]),
      ),
      Shared: { DiskMB: disk },
    },
    Metrics: {
      NodesEvaluated: store.nodes.size,
      NodesFiltered: 0,
      NodesExhausted: 0,
      NodesAvailable: { [node.Datacenter ?? 'dc1']: eligibleNodes(store, job).length },
      ClassFiltered: null,
      ConstraintFiltered: null,
      ClassExhausted: null,
      DimensionExhausted: null,
      QuotaExhausted: null,
      Scores: { [`${node.ID}.binpack`]: 0.5 },
      AllocationTime: 1000,
      CoalescedFailures: 0,
    },
    TaskStates: taskStates,
    CreateIndex: change.index,
    ModifyIndex: change.index,
    AllocModifyIndex: change.index,
    CreateTime: now,
    ModifyTime: now,
  };
  store.allocations.set(alloc.ID, alloc);
  if (context.previous) {
    context.previous.NextAllocation = alloc.ID;
    context.previous.ModifyIndex = change.index;
  }
  registerServices(store, change, alloc, node, group);
  if (store.settings.allocationStart === 0) markRunning(change, alloc);
  else change.starting.push(alloc.ID);
  recordAllocation(change, alloc, 'AllocationCreated');
  return alloc;
}

/** The client started the allocation's tasks: it runs; its health is tracked from now on. */
export function markRunning(change: Change, alloc: Allocation): void {
  const started = nowIso();
  alloc.ClientStatus = 'running';
  alloc.ClientDescription = 'Tasks are running';
  for (const state of Object.values(alloc.TaskStates ?? {})) {
    state.State = 'running';
    state.StartedAt = started;
    addTaskEvent(state, taskEvent('Started', { DisplayMessage: 'Task started by client' }));
  }
  alloc.ModifyIndex = change.index;
  alloc.ModifyTime = nowNanos();
  change.started.push(alloc);
}

/** Starts the pending allocations among `ids` (still meant to run) in one change, as their nodes report them running. */
export function startAllocations(store: SchedulerStore, ids: readonly string[]): void {
  const starting = ids
    .map((id) => store.allocations.get(id))
    .filter(
      (alloc): alloc is Allocation =>
        alloc !== undefined && alloc.ClientStatus === 'pending' && alloc.DesiredStatus === 'run',
    );
  if (starting.length === 0) return;
  store.commit((change) => {
    const jobs = new Set<StoredJob>();
    for (const alloc of starting) {
      markRunning(change, alloc);
      recordAllocation(change, alloc, 'AllocationUpdated');
      const stored = store.job(alloc.Namespace ?? 'default', alloc.JobID ?? '');
      if (stored) jobs.add(stored);
    }
    for (const stored of jobs) refreshJobStatus(store, change, stored);
  });
}

/** Stops an allocation: its tasks are killed and it ends `complete` (or `lost` when its node is gone). */
export function stopAllocation(
  store: SchedulerStore,
  change: Change,
  alloc: Allocation,
  how: {
    readonly description: string;
    readonly clientStatus?: 'complete' | 'lost';
    readonly migrate?: boolean;
  },
): void {
  const finished = nowIso();
  alloc.DesiredStatus = 'stop';
  alloc.DesiredDescription = how.description;
  alloc.ClientStatus = how.clientStatus ?? 'complete';
  alloc.ClientDescription =
    alloc.ClientStatus === 'lost' ? 'alloc is lost since its node is down' : 'All tasks have completed';
  if (how.migrate) alloc.DesiredTransition = { ...alloc.DesiredTransition, Migrate: true };
  for (const state of Object.values(alloc.TaskStates ?? {})) {
    if (state.State === 'dead') continue;
    addTaskEvent(
      state,
      taskEvent('Killing', { KillReason: how.description, DisplayMessage: 'Sent interrupt' }),
    );
    addTaskEvent(state, taskEvent('Killed', { DisplayMessage: 'Task successfully killed' }));
    state.State = 'dead';
    state.FinishedAt = finished;
  }
  alloc.ModifyIndex = change.index;
  alloc.AllocModifyIndex = change.index;
  alloc.ModifyTime = nowNanos();
  deregisterServices(store, change, alloc.ID);
  store.taskLogs.stopped(alloc.ID, store.timeline.now());
  recordAllocation(change, alloc, 'AllocationUpdateDesiredStatus');
}

/** Records an allocation changed in place (signal, restart). */
export function touchAllocation(change: Change, alloc: Allocation): void {
  alloc.ModifyIndex = change.index;
  alloc.ModifyTime = nowNanos();
  recordAllocation(change, alloc, 'AllocationUpdated');
}

// Read once per allocation: a rollout asks for the slot of every allocation of its job at each change.
const slots = new WeakMap<Allocation, { readonly name: string; readonly slot: number }>();

/** The slot of an allocation in its group: the `N` of its name `job.group[N]`. */
export function slotOf(alloc: Allocation): number {
  const name = alloc.Name ?? '';
  const known = slots.get(alloc);
  if (known?.name === name) return known.slot;
  const match = /\[(\d+)\]$/.exec(name);
  const slot = match ? Number(match[1]) : 0;
  slots.set(alloc, { name, slot });
  return slot;
}

/** The slots a group should fill: its count, or one per eligible node for system jobs. */
export function desiredSlots(store: SchedulerStore, job: Job, group: TaskGroup): number {
  if (job.Type === 'system' || job.Type === 'sysbatch') return eligibleNodes(store, job).length;
  return group.Count ?? 1;
}

/** What a reconcile did. */
export interface Reconciled {
  readonly placed: Allocation[];
  readonly stopped: Allocation[];
  /** Slots of each group that no node could take. */
  readonly unplaced: Record<string, number>;
}

/**
 * Brings the allocations of a job in line with its current version: with `replace` every live
 * allocation is replaced (a new version); otherwise missing slots are filled and extra ones stopped.
 */
export function reconcileJob(
  store: SchedulerStore,
  change: Change,
  stored: StoredJob,
  context: { readonly evalId: string; readonly deploymentId: string; readonly replace: boolean },
): Reconciled {
  const job = currentVersion(stored);
  const placed: Allocation[] = [];
  const stopped: Allocation[] = [];
  const unplaced: Record<string, number> = {};
  const live = store.allocationsOf(stored.namespace, stored.id).filter(isLive);
  const schedulable = isSchedulable(job);
  const groups = new Map(groupsOf(job).map((group) => [group.Name ?? '', group]));
  for (const alloc of live) {
    const keep = schedulable && groups.has(alloc.TaskGroup ?? '') && !context.replace;
    if (keep) continue;
    stopAllocation(store, change, alloc, {
      description: job.Stop
        ? 'alloc not needed due to job update'
        : 'alloc is being updated due to job update',
    });
    stopped.push(alloc);
  }
  if (!schedulable) return { placed, stopped, unplaced };
  for (const [name, group] of groups) {
    const running = live.filter((alloc) => alloc.TaskGroup === name && isLive(alloc));
    const wanted = desiredSlots(store, job, group);
    const bySlot = [...running].sort((a, b) => slotOf(b) - slotOf(a));
    while (bySlot.length > wanted) {
      const extra = bySlot.shift();
      if (extra === undefined) break;
      stopAllocation(store, change, extra, { description: 'alloc not needed due to job update' });
      stopped.push(extra);
    }
    const taken = new Set(bySlot.map(slotOf));
    const nodes = job.Type === 'system' || job.Type === 'sysbatch' ? eligibleNodes(store, job) : undefined;
    const busyNodes = new Set(bySlot.map((alloc) => alloc.NodeID));
    let missing = 0;
    for (let slot = 0; slot < wanted; slot++) {
      if (taken.has(slot)) continue;
      const node = nodes?.find((candidate) => !busyNodes.has(candidate.ID));
      const alloc = placeAllocation(store, change, job, group, slot, {
        evalId: context.evalId,
        deploymentId: context.deploymentId,
        ...(node === undefined ? {} : { node }),
      });
      if (alloc === undefined) missing += 1;
      else {
        placed.push(alloc);
        busyNodes.add(alloc.NodeID);
      }
    }
    if (missing > 0) unplaced[name] = missing;
  }
  return { placed, stopped, unplaced };
}

/** Places a replacement for a stopped allocation when its job still wants the slot. */
export function replaceAllocation(
  store: SchedulerStore,
  change: Change,
  previous: Allocation,
  evalId: string,
): Allocation | undefined {
  const stored = store.job(previous.Namespace ?? 'default', previous.JobID ?? '');
  if (stored === undefined) return undefined;
  const job = currentVersion(stored);
  if (!isSchedulable(job)) return undefined;
  const group = groupsOf(job).find((candidate) => candidate.Name === previous.TaskGroup);
  if (group === undefined || slotOf(previous) >= desiredSlots(store, job, group)) return undefined;
  // During a deployment the replacement is part of it, as the service's migrations are, and still
  // names the allocation it replaces.
  const active = activeDeploymentOf(store, stored);
  if (active !== undefined) change.affected.add(active.ID);
  return placeAllocation(store, change, job, group, slotOf(previous), {
    evalId,
    deploymentId: active?.ID ?? previous.DeploymentID ?? '',
    previous,
  });
}

/** The status a job should show given its allocations and children. */
export function jobStatusOf(store: SchedulerStore, stored: StoredJob): string {
  const job = currentVersion(stored);
  if (job.Stop) return 'dead';
  if (!isSchedulable(job)) return 'running';
  const allocs = store.allocationsOf(stored.namespace, stored.id);
  if (allocs.some((alloc) => alloc.ClientStatus === 'running')) return 'running';
  if (allocs.length > 0 && allocs.every((alloc) => !isLive(alloc))) return 'dead';
  return 'pending';
}

/** Sets the job's status from its allocations, recording the change when it moved. */
export function refreshJobStatus(store: SchedulerStore, change: Change, stored: StoredJob): void {
  const job = currentVersion(stored);
  const status = jobStatusOf(store, stored);
  if (job.Status === status) return;
  job.Status = status;
  job.ModifyIndex = change.index;
  change.touch('jobs');
}

/** Places what every job is still missing, e.g. after a node became eligible. */
export function placeMissing(store: SchedulerStore, change: Change): void {
  for (const stored of store.jobs.values()) {
    const job = currentVersion(stored);
    if (!isSchedulable(job)) continue;
    // A deployment under way places what is missing itself, at its own pace.
    const active = activeDeploymentOf(store, stored);
    if (active !== undefined) {
      change.affected.add(active.ID);
      continue;
    }
    const result = reconcileJob(store, change, stored, {
      evalId: '',
      deploymentId: latestDeploymentOf(store, stored)?.ID ?? '',
      replace: false,
    });
    if (result.placed.length === 0 && result.stopped.length === 0) continue;
    const evaluation = createEvaluation(store, change, job, 'node-update');
    for (const alloc of result.placed) alloc.EvalID = evaluation.ID;
    refreshJobStatus(store, change, stored);
  }
}

/** The most recent deployment of a job. */
export function latestDeploymentOf(store: SchedulerStore, stored: StoredJob): Deployment | undefined {
  let latest: Deployment | undefined;
  for (const deployment of store.deployments.values()) {
    if (deployment.Namespace !== stored.namespace || deployment.JobID !== stored.id) continue;
    if (latest === undefined || (deployment.CreateIndex ?? 0) >= (latest.CreateIndex ?? 0))
      latest = deployment;
  }
  return latest;
}

/** Whether a deployment still moves: running, paused, or waiting for its peer regions. */
export function isActiveDeployment(deployment: Deployment): boolean {
  return ['running', 'paused', 'pending', 'initializing', 'blocked', 'unblocking'].includes(
    deployment.Status ?? '',
  );
}

/** The deployment of a job's current version that is still under way, if any. */
export function activeDeploymentOf(store: SchedulerStore, stored: StoredJob): Deployment | undefined {
  const deployment = latestDeploymentOf(store, stored);
  const job = currentVersion(stored);
  return deployment !== undefined &&
    deployment.JobVersion === job.Version &&
    deployment.Status !== 'blocked' &&
    isActiveDeployment(deployment)
    ? deployment
    : undefined;
}
