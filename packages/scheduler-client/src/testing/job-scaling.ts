// Scaling a task group, as the service does it: a new count is a new job version (with the evaluation
// and the deployment any version gets); every request, with a count or not, is kept as a scaling event
// of the group (the latest 20), which the scale status shows beside the group's allocation counts.
import { copy } from './copy.js';
import { badRequest } from './fault.js';
import type { RegisterResult } from './job-registry.js';
import { commitJob } from './rollout.js';
import { isLive, nowNanos } from './scheduling.js';
import { currentVersion, jobKey, type SchedulerStore, type StoredJob } from './store.js';
import type { ScalingEvent } from './wire-types.js';

const KEPT_EVENTS = 20;

/** POST /v1/job/:job_id/scale: `Count` for `Target.Group`, and the event that records it. */
export function scaleJob(
  store: SchedulerStore,
  stored: StoredJob,
  body: Readonly<Record<string, unknown>>,
): RegisterResult {
  const job = currentVersion(stored);
  const target = body.Target as Readonly<Record<string, unknown>> | null | undefined;
  const name = target?.Group;
  if (typeof name !== 'string' || name === '') throw badRequest('missing task group name for scaling action');
  const group = (job.TaskGroups ?? []).find((candidate) => candidate.Name === name);
  if (group === undefined) {
    throw badRequest(`task group "${name}" specified for scaling does not exist in job`);
  }
  const count = body.Count ?? null;
  if (count !== null && (typeof count !== 'number' || !Number.isInteger(count))) {
    throw badRequest('scaling action count must be a whole number');
  }
  if (count !== null && count < 0) throw badRequest("scaling action count can't be negative");
  if (count !== null && body.Error === true) {
    throw badRequest('scaling action with an error cannot set a count');
  }
  const policy = group.Scaling as { Min?: unknown; Max?: unknown } | null | undefined;
  if (count !== null && typeof policy?.Min === 'number' && count < policy.Min) {
    throw badRequest(`group count was less than scaling policy minimum: ${count} < ${policy.Min}`);
  }
  if (count !== null && typeof policy?.Max === 'number' && count > policy.Max) {
    throw badRequest(`group count was greater than scaling policy maximum: ${count} > ${policy.Max}`);
  }
  const previous = group.Count ?? 1;
  return store.commit((change) => {
    let evalId = '';
    if (count !== null) {
      const next = copy(job);
      for (const candidate of next.TaskGroups ?? []) if (candidate.Name === name) candidate.Count = count;
      evalId = commitJob(store, change, next, { triggeredBy: 'job-scaling' }).evaluationId;
    }
    const event: ScalingEvent = {
      Count: count,
      PreviousCount: previous,
      Error: body.Error === true,
      Message: typeof body.Message === 'string' ? body.Message : '',
      Meta: (body.Meta as Record<string, unknown> | null | undefined) ?? null,
      EvalID: evalId === '' ? null : evalId,
      Time: nowNanos(),
      CreateIndex: change.index,
    };
    const key = jobKey(stored.namespace, stored.id);
    const events = store.scalingEvents.get(key) ?? {};
    events[name] = [event, ...(events[name] ?? [])].slice(0, KEPT_EVENTS);
    store.scalingEvents.set(key, events);
    change.touch('scale');
    return {
      EvalID: evalId,
      EvalCreateIndex: evalId === '' ? 0 : change.index,
      JobModifyIndex: currentVersion(stored).JobModifyIndex ?? 0,
      Warnings: '',
      Index: change.index,
      LastContact: 0,
      KnownLeader: true,
    };
  });
}

/**
 * GET /v1/job/:job_id/scale: each group's desired count, its allocations of the current version
 * (canaries left out, as the service does), their health, and its scaling events, newest first.
 */
export function scaleStatus(store: SchedulerStore, stored: StoredJob) {
  const job = currentVersion(stored);
  const events = store.scalingEvents.get(jobKey(stored.namespace, stored.id)) ?? {};
  const allocs = store
    .allocationsOf(stored.namespace, stored.id)
    .filter((alloc) => isLive(alloc) && alloc.JobVersion === job.Version && !alloc.DeploymentStatus?.Canary);
  const groups: Record<string, Record<string, unknown>> = {};
  for (const group of job.TaskGroups ?? []) {
    const mine = allocs.filter((alloc) => alloc.TaskGroup === group.Name);
    groups[group.Name ?? ''] = {
      Desired: group.Count ?? 1,
      Placed: mine.length,
      Running: mine.filter((alloc) => alloc.ClientStatus === 'running').length,
      Healthy: mine.filter((alloc) => alloc.DeploymentStatus?.Healthy === true).length,
      Unhealthy: mine.filter((alloc) => alloc.DeploymentStatus?.Healthy === false).length,
      Events: events[group.Name ?? ''] ?? null,
    };
  }
  return {
    JobID: stored.id,
    Namespace: stored.namespace,
    JobCreateIndex: job.CreateIndex ?? 0,
    JobModifyIndex: job.JobModifyIndex ?? 0,
    JobStopped: job.Stop ?? false,
    TaskGroups: groups,
  };
}
