// The job state machine of the fake: register (new version when the spec changed), dispatch of
// parameterized jobs, revert, stability, evaluation and plan.
import { randomBytes } from 'node:crypto';
import { ReplyError } from '@infra-sdk/core/testing';
import { copy } from './copy.js';
import { badRequest } from './fault.js';
import { canonicalizeJob, checkJob } from './job-defaults.js';
import { diffJobs } from './job-diff.js';
import { cancelDeployments, commitJob, withoutCounts } from './rollout.js';
import {
  activeDeploymentOf,
  createEvaluation,
  eligibleNodes,
  isLive,
  latestDeploymentOf,
  nowNanos,
  reconcileJob,
  refreshJobStatus,
  replaceAllocation,
} from './scheduling.js';
import { currentVersion, jobKey, type SchedulerStore, type StoredJob } from './store.js';
import type { Job } from './wire-types.js';

type JsonObject = Record<string, unknown>;

const MAX_PAYLOAD_BYTES = 16_384;

/** Options of a registration. */
export interface RegisterOptions {
  readonly namespace: string;
  readonly enforceIndex?: boolean;
  readonly jobModifyIndex?: number;
  readonly preserveCounts?: boolean;
  /** Priority of the registration's evaluation, 1 to 100; default the job's. */
  readonly evalPriority?: number;
}

/** What registering answers. */
export interface RegisterResult {
  readonly EvalID: string;
  readonly EvalCreateIndex: number;
  readonly JobModifyIndex: number;
  readonly Warnings: string;
  readonly Index: number;
  readonly LastContact: number;
  readonly KnownLeader: boolean;
}

/** POST /v1/jobs and POST /v1/job/:job_id. */
export function registerJob(store: SchedulerStore, input: unknown, options: RegisterOptions): RegisterResult {
  checkJob(input);
  const namespace = input.Namespace || options.namespace;
  const existing = store.job(namespace, input.ID);
  const priority = options.evalPriority ?? 0;
  if (priority !== 0 && (priority < 1 || priority > 100)) {
    throw badRequest('job eval priority must be between 1 and 100');
  }
  if (options.enforceIndex) {
    // The service's words for a check-and-set index that moved.
    const wanted = options.jobModifyIndex ?? 0;
    if (existing !== undefined && wanted === 0) {
      throw badRequest('Enforcing job modify index 0: job already exists');
    }
    const actual = existing ? (currentVersion(existing).JobModifyIndex ?? 0) : 0;
    if (wanted !== actual) {
      throw badRequest(
        existing
          ? `Enforcing job modify index ${wanted}: job exists with conflicting job modify index: ${actual}`
          : `Enforcing job modify index ${wanted}: job does not exist`,
      );
    }
  }
  const job = canonicalizeJob(input as JsonObject, { region: store.settings.region, namespace }) as Job;
  if (options.preserveCounts && existing) {
    const counts = new Map(
      (currentVersion(existing).TaskGroups ?? []).map((group) => [group.Name, group.Count]),
    );
    for (const group of job.TaskGroups ?? [])
      if (counts.has(group.Name)) group.Count = counts.get(group.Name) ?? null;
  }
  return store.commit((change) => {
    const { stored, evaluationId } = commitJob(store, change, job, {
      triggeredBy: 'job-register',
      ...(options.evalPriority === undefined ? {} : { evalPriority: options.evalPriority }),
    });
    return {
      EvalID: evaluationId,
      EvalCreateIndex: change.index,
      JobModifyIndex: currentVersion(stored).JobModifyIndex ?? 0,
      Warnings: '',
      Index: change.index,
      LastContact: 0,
      KnownLeader: true,
    };
  });
}

function decodedBytes(payload: string): number {
  return Buffer.from(payload, 'base64').byteLength;
}

/** The child a dispatch with this idempotency token already made, while it is still there. */
function dispatchedWith(store: SchedulerStore, parentJob: StoredJob, token: string): StoredJob | undefined {
  const id = store.dispatchTokens.get(`${jobKey(parentJob.namespace, parentJob.id)}\u0000${token}`);
  return id === undefined ? undefined : store.job(parentJob.namespace, id);
}

/**
 * POST /v1/job/:job_id/dispatch. With an `IdempotencyToken` that made a child before (one not purged
 * since), the answer is that child again and nothing new is dispatched.
 */
export function dispatchJob(
  store: SchedulerStore,
  parentJob: StoredJob,
  body: {
    readonly Payload?: unknown;
    readonly Meta?: unknown;
    readonly IdempotencyToken?: unknown;
    readonly IdPrefixTemplate?: unknown;
    readonly Priority?: unknown;
  },
) {
  const parent = currentVersion(parentJob);
  const rules = parent.ParameterizedJob;
  if (!rules || parent.Dispatched) throw badRequest('Specified job is not a parameterized job');
  if (parent.Stop) throw badRequest('Specified job is stopped');
  const token = typeof body.IdempotencyToken === 'string' ? body.IdempotencyToken : '';
  const earlier = token === '' ? undefined : dispatchedWith(store, parentJob, token);
  if (earlier !== undefined) {
    const child = currentVersion(earlier);
    return {
      Index: child.ModifyIndex ?? store.index,
      JobCreateIndex: child.CreateIndex ?? 0,
      EvalCreateIndex: 0,
      EvalID: '',
      DispatchedJobID: child.ID,
    };
  }
  const priority = body.Priority ?? 0;
  if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > 100) {
    throw badRequest('job priority must be between 1 and 100');
  }
  const prefix = typeof body.IdPrefixTemplate === 'string' ? body.IdPrefixTemplate : '';
  const payload = typeof body.Payload === 'string' ? body.Payload : '';
  const meta = (body.Meta ?? {}) as Record<string, string>;
  const size = decodedBytes(payload);
  if (size > MAX_PAYLOAD_BYTES)
    throw badRequest(`Payload exceeds maximum size; ${size} > ${MAX_PAYLOAD_BYTES}`);
  if (rules.Payload === 'required' && payload === '')
    throw badRequest('Payload is not provided but required');
  if (rules.Payload === 'forbidden' && payload !== '') throw badRequest('Payload provided but forbidden');
  const required = rules.MetaRequired ?? [];
  const allowed = new Set([...required, ...(rules.MetaOptional ?? [])]);
  const missing = required.filter((key) => !(key in meta));
  if (missing.length > 0)
    throw badRequest(`Dispatch did not provide required meta keys: [${missing.join(' ')}]`);
  const extra = Object.keys(meta).filter((key) => !allowed.has(key));
  if (extra.length > 0)
    throw badRequest(`Dispatch request included unpermitted metadata keys: [${extra.join(' ')}]`);
  const child = copy(parent);
  const launch = `${Math.floor(Date.now() / 1000)}-${randomBytes(4).toString('hex')}`;
  child.ID = `${parent.ID}/dispatch-${prefix === '' ? '' : `${prefix}-`}${launch}`;
  child.Name = child.ID;
  child.ParentID = parent.ID;
  child.Dispatched = true;
  child.Payload = payload === '' ? null : payload;
  child.Meta = { ...(parent.Meta ?? {}), ...meta };
  if (priority > 0) child.Priority = priority;
  child.DispatchIdempotencyToken = token;
  return store.commit((change) => {
    if (token !== '')
      store.dispatchTokens.set(`${jobKey(parentJob.namespace, parentJob.id)}\u0000${token}`, child.ID);
    const { stored, evaluationId } = commitJob(store, change, child, { triggeredBy: 'job-register' });
    refreshJobStatus(store, change, parentJob);
    change.touch('jobs');
    return {
      Index: change.index,
      JobCreateIndex: currentVersion(stored).CreateIndex ?? change.index,
      EvalCreateIndex: change.index,
      EvalID: evaluationId,
      DispatchedJobID: child.ID,
    };
  });
}

/** POST /v1/job/:job_id/revert. */
export function revertJob(
  store: SchedulerStore,
  stored: StoredJob,
  body: {
    readonly JobVersion?: number;
    readonly EnforcePriorVersion?: number;
    readonly TaggedVersion?: string;
  },
): RegisterResult {
  const current = currentVersion(stored);
  let target: Job | undefined;
  if (body.TaggedVersion !== undefined && body.TaggedVersion !== '') {
    target = stored.versions.find(
      (version) => (version.VersionTag as { Name?: string } | undefined)?.Name === body.TaggedVersion,
    );
    if (target === undefined) throw badRequest(`no version found with tag "${body.TaggedVersion}"`);
  } else {
    const wanted = body.JobVersion ?? 0;
    target = stored.versions[wanted];
    if (target === undefined) throw badRequest(`job "${stored.id}" has no version ${wanted}`);
  }
  if (body.EnforcePriorVersion !== undefined && body.EnforcePriorVersion !== current.Version) {
    throw badRequest(
      `Current job has version ${current.Version}; enforcing version ${body.EnforcePriorVersion}`,
    );
  }
  if (target.Version === current.Version) throw badRequest(`can't revert to current version`);
  const job = copy(target);
  return store.commit((change) => {
    const { evaluationId } = commitJob(store, change, job, { triggeredBy: 'job-register', force: true });
    return {
      EvalID: evaluationId,
      EvalCreateIndex: change.index,
      JobModifyIndex: currentVersion(stored).JobModifyIndex ?? 0,
      Warnings: '',
      Index: change.index,
      LastContact: 0,
      KnownLeader: true,
    };
  });
}

/** POST /v1/job/:job_id/stable. */
export function setJobStability(
  store: SchedulerStore,
  stored: StoredJob,
  body: { readonly JobVersion?: number; readonly Stable?: boolean },
): { JobModifyIndex: number } {
  const version = stored.versions[body.JobVersion ?? 0];
  if (version === undefined) throw badRequest(`job "${stored.id}" has no version ${body.JobVersion ?? 0}`);
  return store.commit((change) => {
    version.Stable = body.Stable ?? false;
    version.ModifyIndex = change.index;
    change.touch('jobs');
    change.event('Job', 'JobRegistered', stored.id, stored.namespace, { Job: currentVersion(stored) });
    return { JobModifyIndex: change.index };
  });
}

/** POST /v1/job/:job_id/evaluate. */
export function evaluateJob(
  store: SchedulerStore,
  stored: StoredJob,
  forceReschedule: boolean,
): RegisterResult {
  const job = currentVersion(stored);
  if (job.Periodic?.Enabled) throw badRequest("can't evaluate periodic job");
  if (job.ParameterizedJob && !job.Dispatched) throw badRequest("can't evaluate parameterized job");
  return store.commit((change) => {
    const evaluation = createEvaluation(store, change, job, 'job-eval');
    if (forceReschedule) {
      for (const alloc of store.allocationsOf(stored.namespace, stored.id)) {
        if (alloc.ClientStatus !== 'failed' || alloc.NextAllocation) continue;
        alloc.DesiredTransition = { ...alloc.DesiredTransition, ForceReschedule: true };
        alloc.DesiredStatus = 'stop';
        replaceAllocation(store, change, alloc, evaluation.ID);
      }
    }
    const active = activeDeploymentOf(store, stored);
    if (active !== undefined) change.affected.add(active.ID);
    else {
      reconcileJob(store, change, stored, {
        evalId: evaluation.ID,
        deploymentId: latestDeploymentOf(store, stored)?.ID ?? '',
        replace: false,
      });
    }
    refreshJobStatus(store, change, stored);
    return {
      EvalID: evaluation.ID,
      EvalCreateIndex: change.index,
      JobModifyIndex: job.JobModifyIndex ?? 0,
      Warnings: '',
      Index: change.index,
      LastContact: 0,
      KnownLeader: true,
    };
  });
}

/** POST /v1/job/:job_id/plan: what registering `input` would do, without doing it. */
export function planJob(store: SchedulerStore, input: unknown, namespace: string, withDiff: boolean) {
  checkJob(input);
  const ns = input.Namespace || namespace;
  const job = canonicalizeJob(input as JsonObject, { region: store.settings.region, namespace: ns }) as Job;
  const stored = store.job(ns, job.ID);
  const previous = stored ? currentVersion(stored) : undefined;
  const destructive = previous !== undefined && withoutCounts(previous) !== withoutCounts(job);
  const nodes = eligibleNodes(store, job).length;
  const updates: Record<string, Record<string, number>> = {};
  const failed: Record<string, unknown> = {};
  for (const group of job.TaskGroups ?? []) {
    const name = group.Name ?? '';
    const live = stored
      ? store.allocationsOf(ns, job.ID).filter((alloc) => alloc.TaskGroup === name && isLive(alloc)).length
      : 0;
    const wanted = job.Type === 'system' || job.Type === 'sysbatch' ? nodes : (group.Count ?? 1);
    const kept = Math.min(live, wanted);
    const place = Math.max(0, wanted - live);
    updates[name] = {
      Place: place,
      Stop: Math.max(0, live - wanted),
      Migrate: 0,
      Ignore: destructive ? 0 : kept,
      InPlaceUpdate: 0,
      DestructiveUpdate: destructive ? kept : 0,
      Canary: 0,
      Preemptions: 0,
    };
    if (place > 0 && nodes === 0) {
      failed[name] = {
        NodesEvaluated: store.nodes.size,
        NodesFiltered: store.nodes.size,
        CoalescedFailures: place - 1,
      };
    }
  }
  return {
    Index: store.index,
    JobModifyIndex: previous?.JobModifyIndex ?? 0,
    Diff: withDiff ? diffJobs(previous, job) : null,
    Annotations: { DesiredTGUpdates: updates },
    CreatedEvals: null,
    FailedTGAllocs: Object.keys(failed).length > 0 ? failed : null,
    NextPeriodicLaunch: null,
    Warnings: '',
  };
}

/** Options of a deregistration (`DELETE /v1/job/:job_id`). */
export interface DeregisterOptions {
  readonly purge: boolean;
  readonly evalPriority?: number;
}

/** DELETE /v1/job/:job_id: the job stops (a new version with `Stop`), its allocations stop; `purge` removes it. */
export function deregisterJob(store: SchedulerStore, stored: StoredJob, options: DeregisterOptions) {
  return store.commit((change) => {
    const current = currentVersion(stored);
    let job = current;
    if (!current.Stop) {
      job = copy(current);
      job.Stop = true;
      job.Version = stored.versions.length;
      job.Stable = false;
      job.SubmitTime = nowNanos();
      job.ModifyIndex = change.index;
      job.JobModifyIndex = change.index;
      stored.versions.push(job);
    }
    const evaluation = createEvaluation(store, change, job, 'job-deregister', {
      ...(options.evalPriority === undefined ? {} : { Priority: options.evalPriority }),
    });
    reconcileJob(store, change, stored, { evalId: evaluation.ID, deploymentId: '', replace: false });
    cancelDeployments(store, change, stored);
    refreshJobStatus(store, change, stored);
    change.touch('jobs');
    if (options.purge) store.jobs.delete(jobKey(stored.namespace, stored.id));
    change.event('Job', 'JobDeregistered', stored.id, stored.namespace, { Job: job });
    return {
      EvalID: evaluation.ID,
      EvalCreateIndex: change.index,
      JobModifyIndex: job.JobModifyIndex ?? change.index,
      Index: change.index,
    };
  });
}

/** POST /v1/job/:job_id/periodic/force: launches an instance of a periodic job now, as its schedule would. */
export function forcePeriodicJob(store: SchedulerStore, stored: StoredJob) {
  const parent = currentVersion(stored);
  if (!parent.Periodic?.Enabled) throw badRequest('Job is not periodic');
  if (parent.Stop) throw badRequest('Job is stopped');
  const child = copy(parent);
  child.ID = `${parent.ID}/periodic-${Math.floor(store.clock.now() / 1000)}`;
  child.Name = child.ID;
  child.ParentID = parent.ID;
  child.Periodic = null;
  return store.commit((change) => {
    const { evaluationId } = commitJob(store, change, child, { triggeredBy: 'periodic-job' });
    refreshJobStatus(store, change, stored);
    change.touch('jobs');
    return { EvalID: evaluationId, EvalCreateIndex: change.index, Index: change.index };
  });
}

type Tagged = Job & { VersionTag?: { Name?: string; Description?: string; TaggedTime?: unknown } | null };

/** POST /v1/job/:job_id/versions/:tag_name/tag: names a version; a name is unique within the job. */
export function tagJobVersion(
  store: SchedulerStore,
  stored: StoredJob,
  name: string,
  body: { readonly Version?: unknown; readonly Description?: unknown },
) {
  const wanted = body.Version ?? currentVersion(stored).Version ?? 0;
  if (typeof wanted !== 'number' || !Number.isInteger(wanted) || wanted < 0) {
    throw badRequest('Version must be a non-negative integer');
  }
  const version = stored.versions[wanted] as Tagged | undefined;
  if (version === undefined) throw new ReplyError(404, `job "${stored.id}" has no version ${wanted}`);
  const holder = stored.versions.find((other) => (other as Tagged).VersionTag?.Name === name) as
    | Tagged
    | undefined;
  if (holder !== undefined && holder !== version) {
    throw badRequest(`tag "${name}" already exists on a different version of job "${stored.id}"`);
  }
  return store.commit((change) => {
    const tag = {
      Name: name,
      Description: typeof body.Description === 'string' ? body.Description : '',
      TaggedTime: nowNanos(),
    };
    version.VersionTag = tag;
    change.touch('jobs');
    return { ...tag, Index: change.index, LastContact: 0, KnownLeader: true };
  });
}

/** DELETE /v1/job/:job_id/versions/:tag_name/tag: removes a tag from the version that carries it. */
export function untagJobVersion(store: SchedulerStore, stored: StoredJob, name: string) {
  const version = stored.versions.find((other) => (other as Tagged).VersionTag?.Name === name) as
    | Tagged
    | undefined;
  if (version === undefined) throw new ReplyError(404, `tag "${name}" not found on job "${stored.id}"`);
  return store.commit((change) => {
    version.VersionTag = null;
    change.touch('jobs');
    return {
      EvalID: '',
      EvalCreateIndex: 0,
      JobModifyIndex: 0,
      Index: change.index,
      LastContact: 0,
      KnownLeader: true,
    };
  });
}

/** The version a versions read compares against: by `diff_tag` or `diff_version`; undefined for none. */
export function comparedVersion(
  stored: StoredJob,
  tag: string | null,
  version: string | null,
): Job | undefined {
  if (tag !== null && tag !== '') {
    const found = stored.versions.find((other) => (other as Tagged).VersionTag?.Name === tag);
    if (found === undefined) throw badRequest(`tag "${tag}" not found`);
    return found;
  }
  if (version !== null && version !== '') {
    if (!/^\d+$/.test(version)) throw badRequest(`failed to parse diff_version "${version}"`);
    const found = stored.versions[Number(version)];
    if (found === undefined) throw badRequest(`version ${version} not found`);
    return found;
  }
  return undefined;
}
