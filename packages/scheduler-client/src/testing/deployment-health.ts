// The health of a deployment's allocations, as the scheduler's clients report it. An allocation turns
// healthy `MinHealthyTime` after it starts when its checks pass, and unhealthy when it fails or when
// `HealthyDeadline` passes first; with `HealthCheck: "manual"` only the allocation-health endpoint
// decides. The fake runs no checks: each keeps its `InitialStatus`, so a check written
// `InitialStatus: "critical"` (or `"warning"`) fails and one without it passes.

import { isActiveDeployment, isLive, nowIso, recordAllocation } from './scheduling.js';
import type { Change, SchedulerStore, StoredJob } from './store.js';
import type { Allocation, Job, TaskGroup } from './wire-types.js';

type UpdateStrategy = NonNullable<TaskGroup['Update']>;

/** The update strategy of a group: its own, or the job's. */
export function strategyOf(job: Job, groupName: string | null | undefined): UpdateStrategy | undefined {
  const group = (job.TaskGroups ?? []).find((candidate) => candidate.Name === groupName);
  return group?.Update ?? job.Update ?? undefined;
}

/** The version of `stored` a deployment rolls out. */
export function versionOf(stored: StoredJob | undefined, version: number | undefined): Job | undefined {
  return stored?.versions.find((candidate) => candidate.Version === version);
}

/** Whether every check of the group's services (and its tasks') is passing: none is written failing. */
function checksPass(job: Job, groupName: string | null | undefined): boolean {
  const group = (job.TaskGroups ?? []).find((candidate) => candidate.Name === groupName);
  const services = [
    ...(group?.Services ?? []),
    ...(group?.Tasks ?? []).flatMap((task) => task.Services ?? []),
  ];
  return services.every((service) =>
    (service.Checks ?? []).every((check) => {
      const status = check.InitialStatus ?? '';
      return status === '' || status === 'passing';
    }),
  );
}

/** Sets an allocation's health in its deployment, as its node reports it. */
export function setHealth(change: Change, alloc: Allocation, healthy: boolean): void {
  alloc.DeploymentStatus = {
    ...alloc.DeploymentStatus,
    Healthy: healthy,
    Canary: alloc.DeploymentStatus?.Canary ?? false,
    ModifyIndex: change.index,
    Timestamp: nowIso(),
  };
  alloc.ModifyIndex = change.index;
  recordAllocation(change, alloc, 'AllocationUpdated');
}

/** The deployment and job version an allocation's health counts for, while that deployment is under way. */
function trackedBy(store: SchedulerStore, alloc: Allocation) {
  const deployment = store.deployments.get(alloc.DeploymentID ?? '');
  if (deployment === undefined || !isActiveDeployment(deployment)) return undefined;
  const stored = store.job(deployment.Namespace ?? 'default', deployment.JobID ?? '');
  const job = versionOf(stored, deployment.JobVersion);
  return job === undefined ? undefined : { deployment, job };
}

/** Whether the allocation still waits for its health: live, not yet reported, in a deployment under way. */
function awaitsHealth(store: SchedulerStore, alloc: Allocation): boolean {
  return (
    isLive(alloc) &&
    (alloc.DeploymentStatus?.Healthy ?? null) === null &&
    trackedBy(store, alloc) !== undefined
  );
}

/** Starts watching the health of allocations that began running, on the fake's clock. */
export function trackHealth(store: SchedulerStore, started: readonly Allocation[]): void {
  for (const alloc of started) {
    const tracked = trackedBy(store, alloc);
    if (tracked === undefined) continue;
    const strategy = strategyOf(tracked.job, alloc.TaskGroup);
    const mode = strategy?.HealthCheck ?? 'checks';
    if (mode === 'manual') continue;
    const passes = mode === 'task_states' || checksPass(tracked.job, alloc.TaskGroup);
    // Both steps are scheduled now; when the deadline is due first (or at the same time, healthy
    // wins a tie), the allocation is unhealthy.
    if (passes) {
      store.timeline.after(store.scaled(strategy?.MinHealthyTime), () => {
        if (!awaitsHealth(store, alloc) || alloc.ClientStatus !== 'running') return;
        store.commit((change) => setHealth(change, alloc, true));
      });
    }
    store.timeline.deadline(store.scaled(strategy?.HealthyDeadline), () => {
      if (!awaitsHealth(store, alloc)) return;
      store.commit((change) => setHealth(change, alloc, false));
    });
  }
}

/** A failed allocation of a deployment under way is unhealthy at once; true when it was recorded so. */
export function failedAllocation(store: SchedulerStore, change: Change, alloc: Allocation): boolean {
  if (alloc.ClientStatus !== 'failed' || !awaitsHealth(store, alloc)) return false;
  setHealth(change, alloc, false);
  return true;
}
