// How a new job version reaches the allocations, as the scheduler does it: every version of a service
// job starts a deployment (cancelling the one of the version before). A first version, or one that
// changes only counts, is placed (or updated in place) at once; a destructive change first places
// `Canary` canaries beside the old version and waits for their promotion (or `AutoPromote`), then
// replaces the old allocations `MaxParallel` at a time, each batch once the one before is healthy. A
// deployment succeeds when every slot runs a healthy allocation of its version (the version then
// becomes stable); it fails on an unhealthy allocation when `ProgressDeadline` is 0, or when that
// deadline passes without progress, and with `AutoRevert` the last stable version is registered again.
import { randomUUID } from 'node:crypto';
import { copy } from './copy.js';
import { strategyOf, trackHealth, versionOf } from './deployment-health.js';
import { jobSpecText } from './job-defaults.js';
import {
  activeDeploymentOf,
  createEvaluation,
  desiredSlots,
  eligibleNodes,
  isActiveDeployment,
  isLive,
  isSchedulable,
  latestDeploymentOf,
  nowNanos,
  placeAllocation,
  reconcileJob,
  recordAllocation,
  refreshJobStatus,
  slotOf,
  stopAllocation,
} from './scheduling.js';
import { type Change, currentVersion, jobKey, type SchedulerStore, type StoredJob } from './store.js';
import type { Allocation, Deployment, DeploymentState, Job } from './wire-types.js';

const RUNNING = 'Deployment is running';
const NEEDS_PROMOTION = 'Deployment is running but requires manual promotion';
const AUTO_PROMOTION = 'Deployment is running pending automatic promotion';
const SUCCESSFUL = 'Deployment completed successfully';
const BLOCKED = 'Deployment is complete but waiting for peer region';
const NEWER_JOB = 'Cancelled due to newer version of job';
const STOPPED_JOB = 'Cancelled because job is stopped';
const UNHEALTHY = 'Failed due to unhealthy allocations';
const PROGRESS = 'Failed due to progress deadline';

/** The job without its group counts: two versions that differ only there update in place. */
export function withoutCounts(job: Job): string {
  const clone = copy(job);
  for (const group of clone.TaskGroups ?? []) group.Count = null;
  return jobSpecText(clone);
}

/** Whether a version is rolled out by a deployment: a service job whose groups update at a pace. */
function deploys(job: Job): boolean {
  if (job.Type !== 'service' || !isSchedulable(job)) return false;
  return (job.TaskGroups ?? []).some((group) => (strategyOf(job, group.Name)?.MaxParallel ?? 0) > 0);
}

/** Records a change of a deployment: its table, its time and its event. */
export function recordDeployment(change: Change, deployment: Deployment, type: string): void {
  deployment.ModifyIndex = change.index;
  deployment.ModifyTime = nowNanos();
  change.event(
    'Deployment',
    type,
    deployment.ID,
    deployment.Namespace ?? 'default',
    { Deployment: deployment },
    [deployment.JobID ?? ''],
  );
}

/** Stores `job` as the next version of its job (or the first), then evaluates and schedules it. */
export function commitJob(
  store: SchedulerStore,
  change: Change,
  job: Job,
  how: {
    /** What the evaluation says caused it. */
    readonly triggeredBy: string;
    /** A new version even when the spec is the same, replacing every allocation (a revert). */
    readonly force?: boolean;
    /** Priority of the evaluation; default the job's. */
    readonly evalPriority?: number;
  },
): { stored: StoredJob; evaluationId: string } {
  const { triggeredBy, force = false } = how;
  const namespace = job.Namespace ?? 'default';
  let stored = store.job(namespace, job.ID);
  const previous = stored ? currentVersion(stored) : undefined;
  const changed = force || previous === undefined || jobSpecText(previous) !== jobSpecText(job);
  const destructive = previous !== undefined && (force || withoutCounts(previous) !== withoutCounts(job));
  if (stored === undefined) {
    stored = { namespace, id: job.ID, versions: [] };
    store.jobs.set(jobKey(namespace, job.ID), stored);
  }
  if (changed) {
    job.Version = stored.versions.length;
    job.Stable = false;
    job.SubmitTime = nowNanos();
    job.CreateIndex = previous?.CreateIndex ?? change.index;
    job.ModifyIndex = change.index;
    job.JobModifyIndex = change.index;
    job.Status = 'pending';
    job.StatusDescription = '';
    // A tag names one version: a new version starts without one.
    (job as Job & { VersionTag?: unknown }).VersionTag = null;
    stored.versions.push(job);
    change.touch('jobs');
    cancelDeployments(store, change, stored, NEWER_JOB);
  }
  const current = currentVersion(stored);
  const evaluation = createEvaluation(store, change, current, triggeredBy, {
    ...(how.evalPriority ? { Priority: how.evalPriority } : {}),
  });
  let unplaced: Record<string, number> = {};
  const active = activeDeploymentOf(store, stored);
  if (changed && deploys(current)) {
    const deployment = createDeployment(store, change, current);
    evaluation.DeploymentID = deployment.ID;
    unplaced = rollOut(store, change, stored, deployment, evaluation.ID);
  } else if (active !== undefined) {
    // The same spec again while its deployment is under way: the deployment goes on as it was.
    change.affected.add(active.ID);
  } else {
    const latest = deploys(current) ? latestDeploymentOf(store, stored) : undefined;
    unplaced = reconcileJob(store, change, stored, {
      evalId: evaluation.ID,
      deploymentId: latest?.ID ?? '',
      replace: destructive,
    }).unplaced;
  }
  if (Object.keys(unplaced).length > 0) {
    evaluation.QueuedAllocations = { ...evaluation.QueuedAllocations, ...unplaced };
    evaluation.FailedTGAllocs = Object.fromEntries(
      Object.entries(unplaced).map(([group, missing]) => [
        group,
        {
          NodesEvaluated: store.nodes.size,
          NodesFiltered: store.nodes.size - eligibleNodes(store, current).length,
          NodesExhausted: 0,
          CoalescedFailures: missing - 1,
        },
      ]),
    );
  }
  refreshJobStatus(store, change, stored);
  change.event('Job', 'JobRegistered', current.ID, namespace, { Job: current });
  return { stored, evaluationId: evaluation.ID };
}

function createDeployment(store: SchedulerStore, change: Change, job: Job): Deployment {
  const now = nowNanos();
  const deployment: Deployment = {
    ID: randomUUID(),
    Namespace: job.Namespace ?? 'default',
    JobID: job.ID,
    JobVersion: job.Version ?? 0,
    JobModifyIndex: job.JobModifyIndex ?? 0,
    JobSpecModifyIndex: job.JobModifyIndex ?? 0,
    JobCreateIndex: job.CreateIndex ?? 0,
    IsMultiregion: job.Multiregion !== null && job.Multiregion !== undefined,
    TaskGroups: {},
    Status: 'running',
    StatusDescription: RUNNING,
    CreateIndex: change.index,
    ModifyIndex: change.index,
    CreateTime: now,
    ModifyTime: now,
  };
  store.deployments.set(deployment.ID, deployment);
  return deployment;
}

/** Cancels the deployments of a job that are still under way (a newer version, a stopped job). */
export function cancelDeployments(
  store: SchedulerStore,
  change: Change,
  stored: StoredJob,
  description: string = STOPPED_JOB,
): void {
  for (const deployment of store.deployments.values()) {
    if (deployment.Namespace !== stored.namespace || deployment.JobID !== stored.id) continue;
    if (!isActiveDeployment(deployment)) continue;
    deployment.Status = 'cancelled';
    deployment.StatusDescription = description;
    store.progressDeadlines.delete(deployment.ID);
    recordDeployment(change, deployment, 'DeploymentStatusUpdate');
  }
}

/** Starts a deployment: its groups' states, the canaries of a destructive change, the first placements. */
function rollOut(
  store: SchedulerStore,
  change: Change,
  stored: StoredJob,
  deployment: Deployment,
  evalId: string,
): Record<string, number> {
  const job = currentVersion(stored);
  const live = store.allocationsOf(stored.namespace, stored.id).filter(isLive);
  const names = new Set((job.TaskGroups ?? []).map((group) => group.Name));
  for (const alloc of live) {
    if (!names.has(alloc.TaskGroup)) {
      stopAllocation(store, change, alloc, { description: 'alloc not needed due to job update' });
    }
  }
  const unplaced: Record<string, number> = {};
  const groups: Record<string, DeploymentState> = {};
  deployment.TaskGroups = groups;
  for (const group of job.TaskGroups ?? []) {
    const name = group.Name ?? '';
    const strategy = strategyOf(job, name);
    const mine = live.filter((alloc) => alloc.TaskGroup === name);
    const total = desiredSlots(store, job, group);
    // An allocation that already runs this spec (counts aside) is updated in place: a change of
    // counts, or a revert to the version it runs. Only the others are replaced, behind canaries.
    const spec = withoutCounts(job);
    const same = mine.filter((alloc) => alloc.Job != null && withoutCounts(alloc.Job) === spec);
    const kept = new Set(same.map(slotOf));
    const replaced = mine.filter(
      (alloc) => !same.includes(alloc) && slotOf(alloc) < total && !kept.has(slotOf(alloc)),
    );
    const canaries = replaced.length > 0 ? (strategy?.Canary ?? 0) : 0;
    groups[name] = {
      AutoRevert: strategy?.AutoRevert ?? false,
      AutoPromote: strategy?.AutoPromote ?? false,
      ProgressDeadline: strategy?.ProgressDeadline ?? 0,
      RequireProgressBy: null,
      Promoted: false,
      PlacedCanaries: null,
      DesiredCanaries: canaries,
      DesiredTotal: total,
      PlacedAllocs: 0,
      HealthyAllocs: 0,
      UnhealthyAllocs: 0,
    };
    for (const alloc of same) joinDeployment(change, alloc, deployment, job);
    for (let slot = 0; slot < canaries; slot++) {
      const canary = placeAllocation(store, change, job, group, slot, {
        evalId,
        deploymentId: deployment.ID,
        canary: true,
      });
      if (canary === undefined) unplaced[name] = (unplaced[name] ?? 0) + 1;
    }
  }
  for (const [name, missing] of Object.entries(advance(store, change, deployment, job, evalId))) {
    unplaced[name] = (unplaced[name] ?? 0) + missing;
  }
  recount(store, deployment, job);
  deployment.StatusDescription = describeRunning(deployment);
  armProgress(store, deployment, job);
  recordDeployment(change, deployment, 'DeploymentStatusUpdate');
  return unplaced;
}

/** An allocation updated in place: it belongs to the new version and its deployment from now on. */
function joinDeployment(change: Change, alloc: Allocation, deployment: Deployment, job: Job): void {
  alloc.DeploymentID = deployment.ID;
  alloc.JobVersion = job.Version ?? 0;
  alloc.Job = copy(job);
  alloc.AllocModifyIndex = change.index;
  alloc.ModifyIndex = change.index;
  // A healthy allocation stays healthy (no longer a canary: it is one of the new version's); any
  // other is watched again.
  if (alloc.DeploymentStatus?.Healthy === true) {
    alloc.DeploymentStatus = { ...alloc.DeploymentStatus, Canary: false, ModifyIndex: change.index };
  } else {
    alloc.DeploymentStatus = null;
    if (alloc.ClientStatus === 'running') change.started.push(alloc);
  }
  recordAllocation(change, alloc, 'AllocationUpdated');
}

function inCanaryPhase(state: DeploymentState): boolean {
  return (state.DesiredCanaries ?? 0) > 0 && !state.Promoted;
}

/**
 * Places what the deployment may place now: missing slots at once, replacements of old allocations as
 * long as fewer than `MaxParallel` new ones wait for their health. Returns the slots no node could take.
 */
function advance(
  store: SchedulerStore,
  change: Change,
  deployment: Deployment,
  job: Job,
  evalId?: string,
): Record<string, number> {
  const unplaced: Record<string, number> = {};
  if (deployment.Status !== 'running') return unplaced;
  let evaluation = evalId;
  for (const group of job.TaskGroups ?? []) {
    const name = group.Name ?? '';
    const state = deployment.TaskGroups?.[name];
    if (state === undefined || inCanaryPhase(state)) continue;
    const total = state.DesiredTotal ?? 0;
    const maxParallel = Math.max(1, strategyOf(job, name)?.MaxParallel ?? 1);
    const mine = store
      .allocationsOf(deployment.Namespace ?? 'default', deployment.JobID ?? '')
      .filter((alloc) => alloc.TaskGroup === name && isLive(alloc));
    const current = new Map<number, Allocation>();
    for (const alloc of mine.filter((candidate) => candidate.DeploymentID === deployment.ID)) {
      const slot = slotOf(alloc);
      if (slot >= total || current.has(slot)) {
        stopAllocation(store, change, alloc, { description: 'alloc not needed due to job update' });
      } else current.set(slot, alloc);
    }
    // Old allocations whose slot a promoted canary took, or that the new count leaves out, go at once.
    const old: Allocation[] = [];
    for (const alloc of mine.filter((candidate) => candidate.DeploymentID !== deployment.ID)) {
      const slot = slotOf(alloc);
      if (slot >= total || current.has(slot)) {
        stopAllocation(store, change, alloc, { description: 'alloc not needed due to job update' });
      } else old.push(alloc);
    }
    let waiting = [...current.values()].filter((alloc) => alloc.DeploymentStatus?.Healthy !== true).length;
    for (let slot = 0; slot < total; slot++) {
      if (current.has(slot)) continue;
      const previous = old.find((alloc) => slotOf(alloc) === slot);
      if (previous !== undefined) {
        if (waiting >= maxParallel) continue;
        stopAllocation(store, change, previous, { description: 'alloc is being updated due to job update' });
      }
      evaluation ??= createEvaluation(store, change, job, 'deployment-watcher', {
        DeploymentID: deployment.ID,
      }).ID;
      const placed = placeAllocation(store, change, job, group, slot, {
        evalId: evaluation,
        deploymentId: deployment.ID,
        ...(previous === undefined ? {} : { previous }),
      });
      if (placed === undefined) unplaced[name] = (unplaced[name] ?? 0) + 1;
      else {
        current.set(slot, placed);
        waiting += 1;
      }
    }
  }
  return unplaced;
}

/** Counts each group's allocations; true when more are healthy than before (progress). */
function recount(store: SchedulerStore, deployment: Deployment, job: Job): boolean {
  let progressed = false;
  for (const group of job.TaskGroups ?? []) {
    const state = deployment.TaskGroups?.[group.Name ?? ''];
    if (state === undefined) continue;
    const placed = [...store.allocations.values()].filter(
      (alloc) =>
        alloc.DeploymentID === deployment.ID &&
        alloc.TaskGroup === group.Name &&
        (isLive(alloc) || alloc.DeploymentStatus?.Healthy === false),
    );
    const healthy = placed.filter((alloc) => alloc.DeploymentStatus?.Healthy === true).length;
    if (healthy > (state.HealthyAllocs ?? 0)) progressed = true;
    const canaries = placed.filter((alloc) => alloc.DeploymentStatus?.Canary).map((alloc) => alloc.ID);
    state.PlacedAllocs = placed.length;
    state.HealthyAllocs = healthy;
    state.UnhealthyAllocs = placed.filter((alloc) => alloc.DeploymentStatus?.Healthy === false).length;
    state.PlacedCanaries = canaries.length > 0 ? canaries : null;
  }
  return progressed;
}

/** What a running deployment says it waits for. */
function describeRunning(deployment: Deployment): string {
  const waiting = Object.values(deployment.TaskGroups ?? {}).filter(inCanaryPhase);
  if (waiting.length === 0) return RUNNING;
  return waiting.every((state) => state.AutoPromote) ? AUTO_PROMOTION : NEEDS_PROMOTION;
}

/** Whether every group has its count of healthy allocations of the new version, and no old ones. */
function isComplete(store: SchedulerStore, deployment: Deployment, job: Job): boolean {
  const live = store.allocationsOf(deployment.Namespace ?? 'default', deployment.JobID ?? '').filter(isLive);
  return (job.TaskGroups ?? []).every((group) => {
    const state = deployment.TaskGroups?.[group.Name ?? ''];
    if (state === undefined) return true;
    if (inCanaryPhase(state)) return false;
    const mine = live.filter((alloc) => alloc.TaskGroup === group.Name);
    const healthy = mine.filter(
      (alloc) => alloc.DeploymentID === deployment.ID && alloc.DeploymentStatus?.Healthy === true,
    ).length;
    return healthy >= (state.DesiredTotal ?? 0) && mine.length === healthy;
  });
}

/** Whether the progress deadline fails the deployment: a group short of healthy allocations. */
function lacksProgress(deployment: Deployment): boolean {
  return Object.values(deployment.TaskGroups ?? {}).some((state) =>
    inCanaryPhase(state)
      ? (state.HealthyAllocs ?? 0) < (state.DesiredCanaries ?? 0)
      : (state.HealthyAllocs ?? 0) < (state.DesiredTotal ?? 0),
  );
}

/** (Re)starts the progress deadline: the deployment fails unless it makes progress before. */
export function armProgress(store: SchedulerStore, deployment: Deployment, job: Job): void {
  const deadlines = Object.keys(deployment.TaskGroups ?? {})
    .map((name) => strategyOf(job, name)?.ProgressDeadline ?? 0)
    .filter((deadline) => deadline > 0);
  if (deadlines.length === 0) return;
  const shortest = Math.min(...deadlines);
  const due = store.timeline.now() + store.scaled(shortest);
  store.progressDeadlines.set(deployment.ID, due);
  const by = new Date(due).toISOString();
  for (const state of Object.values(deployment.TaskGroups ?? {})) {
    if ((state.ProgressDeadline ?? 0) > 0) state.RequireProgressBy = by;
  }
  store.timeline.deadline(store.scaled(shortest), () => {
    if (store.progressDeadlines.get(deployment.ID) !== due || deployment.Status !== 'running') return;
    if (!lacksProgress(deployment)) return;
    store.commit((change) => failDeployment(store, change, deployment, PROGRESS));
  });
}

/** Marks a deployment failed; with `AutoRevert`, registers the last stable version again. */
export function failDeployment(
  store: SchedulerStore,
  change: Change,
  deployment: Deployment,
  description: string,
): void {
  deployment.Status = 'failed';
  store.progressDeadlines.delete(deployment.ID);
  const stored = store.job(deployment.Namespace ?? 'default', deployment.JobID ?? '');
  let text = description;
  let rollback: Job | undefined;
  const autoRevert = Object.values(deployment.TaskGroups ?? {}).some((state) => state.AutoRevert);
  if (stored !== undefined && autoRevert) {
    const stable = stored.versions
      .filter((version) => version.Stable && (version.Version ?? 0) < (deployment.JobVersion ?? 0))
      .at(-1);
    if (stable === undefined) text += ' - no stable job version to auto revert to';
    else if (jobSpecText(stable) === jobSpecText(currentVersion(stored))) {
      text += ` - not rolling back to stable job version ${stable.Version} as current job has same specification`;
    } else {
      text += ` - rolling back to job version ${stable.Version}`;
      rollback = stable;
    }
  }
  deployment.StatusDescription = text;
  recordDeployment(change, deployment, 'DeploymentStatusUpdate');
  if (stored !== undefined && rollback !== undefined) {
    commitJob(store, change, copy(rollback), { triggeredBy: 'deployment-watcher', force: true });
  }
}

/** Marks the canaries of `groups` promoted: the rest of the update may go on. */
export function promoteGroups(
  store: SchedulerStore,
  change: Change,
  deployment: Deployment,
  job: Job,
  groups: readonly string[],
): void {
  for (const name of groups) {
    const state = deployment.TaskGroups?.[name];
    if (state !== undefined) state.Promoted = true;
  }
  deployment.StatusDescription = describeRunning(deployment);
  armProgress(store, deployment, job);
  change.affected.add(deployment.ID);
  recordDeployment(change, deployment, 'DeploymentPromotion');
}

/** The groups whose canaries all run healthy and promote themselves. */
function autoPromotable(deployment: Deployment): string[] {
  const waiting = Object.entries(deployment.TaskGroups ?? {}).filter(([, state]) => inCanaryPhase(state));
  if (waiting.length === 0) return [];
  const ready = waiting.every(
    ([, state]) => state.AutoPromote && (state.HealthyAllocs ?? 0) >= (state.DesiredCanaries ?? 0),
  );
  return ready ? waiting.map(([name]) => name) : [];
}

/** Brings a deployment up to date with its allocations: counts, failure, promotion, placements, success. */
function refresh(store: SchedulerStore, change: Change, deployment: Deployment): void {
  if (!isActiveDeployment(deployment)) return;
  const stored = store.job(deployment.Namespace ?? 'default', deployment.JobID ?? '');
  const job = versionOf(stored, deployment.JobVersion);
  if (stored === undefined || job === undefined) return;
  const before = JSON.stringify(deployment.TaskGroups);
  const progressed = recount(store, deployment, job);
  if (deployment.Status === 'running') {
    if (progressed) armProgress(store, deployment, job);
    const failsAtOnce = Object.entries(deployment.TaskGroups ?? {}).some(
      ([name, state]) =>
        (state.UnhealthyAllocs ?? 0) > 0 && (strategyOf(job, name)?.ProgressDeadline ?? 0) === 0,
    );
    if (failsAtOnce) {
      failDeployment(store, change, deployment, UNHEALTHY);
      return;
    }
    const promotable = autoPromotable(deployment);
    if (promotable.length > 0) promoteGroups(store, change, deployment, job, promotable);
    advance(store, change, deployment, job);
    recount(store, deployment, job);
    if (isComplete(store, deployment, job)) {
      succeed(store, change, deployment, job);
      return;
    }
    deployment.StatusDescription = describeRunning(deployment);
  }
  if (JSON.stringify(deployment.TaskGroups) !== before) {
    recordDeployment(change, deployment, progressed ? 'DeploymentAllocHealth' : 'DeploymentStatusUpdate');
  }
}

/** Every slot healthy: the deployment succeeds (or waits for its peer regions) and its version is stable. */
function succeed(store: SchedulerStore, change: Change, deployment: Deployment, job: Job): void {
  deployment.Status = deployment.IsMultiregion ? 'blocked' : 'successful';
  deployment.StatusDescription = deployment.IsMultiregion ? BLOCKED : SUCCESSFUL;
  store.progressDeadlines.delete(deployment.ID);
  job.Stable = true;
  job.ModifyIndex = change.index;
  change.touch('jobs');
  recordDeployment(change, deployment, 'DeploymentStatusUpdate');
}

/**
 * Settles a change before it is committed: the allocations that began running get their health
 * watched, and every deployment whose allocations changed is brought up to date (which may place
 * more, and start other deployments by reverting).
 */
export function settle(store: SchedulerStore, change: Change): void {
  const done = new Set<string>();
  for (let round = 0; round < 100; round++) {
    const started = change.started.splice(0);
    for (const alloc of started) {
      store.taskLogs.started(alloc.ID, Object.keys(alloc.TaskStates ?? {}), store.timeline.now());
    }
    trackHealth(store, started);
    const pending = [...change.affected].filter((id) => !done.has(id));
    if (pending.length === 0) return;
    for (const id of pending) {
      done.add(id);
      const deployment = store.deployments.get(id);
      if (deployment !== undefined) refresh(store, change, deployment);
    }
  }
}
