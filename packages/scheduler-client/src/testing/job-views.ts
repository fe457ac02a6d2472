// How the fake shows jobs: list stubs and allocation summaries, computed from the allocations.

import { isLive } from './scheduling.js';
import { currentVersion, type SchedulerStore, type StoredJob } from './store.js';
import type { Allocation, JobStub, JobSummary } from './wire-types.js';

function countInto(summary: Record<string, number>, alloc: Allocation): void {
  const key =
    alloc.ClientStatus === 'running'
      ? 'Running'
      : alloc.ClientStatus === 'complete'
        ? 'Complete'
        : alloc.ClientStatus === 'failed'
          ? 'Failed'
          : alloc.ClientStatus === 'lost'
            ? 'Lost'
            : 'Starting';
  summary[key] = (summary[key] ?? 0) + 1;
}

/** The allocation counts of a job by group, and of its children by status. */
export function jobSummary(store: SchedulerStore, stored: StoredJob): JobSummary {
  const job = currentVersion(stored);
  const allocs = store.allocationsOf(stored.namespace, stored.id);
  const summary: Record<string, Record<string, number>> = {};
  for (const group of job.TaskGroups ?? []) {
    const name = group.Name ?? '';
    const counts: Record<string, number> = {
      Queued: 0,
      Complete: 0,
      Failed: 0,
      Running: 0,
      Starting: 0,
      Lost: 0,
    };
    const mine = allocs.filter((alloc) => alloc.TaskGroup === name);
    for (const alloc of mine) countInto(counts, alloc);
    const wanted = job.Stop || (job.ParameterizedJob && !job.Dispatched) ? 0 : (group.Count ?? 1);
    counts.Queued = Math.max(0, wanted - mine.filter(isLive).length);
    summary[name] = counts;
  }
  const children = { Pending: 0, Running: 0, Dead: 0 };
  for (const other of store.jobs.values()) {
    const candidate = currentVersion(other);
    if (other.namespace !== stored.namespace || candidate.ParentID !== stored.id) continue;
    if (candidate.Status === 'running') children.Running += 1;
    else if (candidate.Status === 'dead') children.Dead += 1;
    else children.Pending += 1;
  }
  const modify = Math.max(job.ModifyIndex ?? 0, ...allocs.map((alloc) => alloc.ModifyIndex ?? 0));
  return {
    JobID: stored.id,
    Namespace: stored.namespace,
    Summary: summary,
    Children: children,
    CreateIndex: job.CreateIndex ?? 0,
    ModifyIndex: modify,
  };
}

/** A job as the list shows it. */
export function jobStub(store: SchedulerStore, stored: StoredJob): JobStub {
  const job = currentVersion(stored);
  return {
    ID: job.ID,
    ParentID: job.ParentID ?? '',
    Name: job.Name ?? job.ID,
    Namespace: stored.namespace,
    Type: job.Type ?? 'service',
    Priority: job.Priority ?? 50,
    Status: job.Status ?? 'pending',
    StatusDescription: job.StatusDescription ?? '',
    JobSummary: jobSummary(store, stored),
    CreateIndex: job.CreateIndex ?? 0,
    ModifyIndex: job.ModifyIndex ?? 0,
    JobModifyIndex: job.JobModifyIndex ?? 0,
  };
}
