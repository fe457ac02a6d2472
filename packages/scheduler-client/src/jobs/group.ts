import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { createJob } from './create-job.js';
import { deployJob } from './deploy-job.js';
import { deregisterJob } from './deregister-job.js';
import { dispatchJob } from './dispatch-job.js';
import { evaluateJob } from './evaluate-job.js';
import { listJobAllocations, watchJobAllocations } from './job-allocations.js';
import {
  listJobDeployments,
  readLatestJobDeployment,
  watchJobDeployments,
  watchLatestJobDeployment,
} from './job-deployments.js';
import { listJobEvaluations, watchJobEvaluations } from './job-evaluations.js';
import { readJobScaleStatus, scaleJob, watchJobScaleStatus } from './job-scale.js';
import { setJobStability } from './job-stability.js';
import { readJobSummary, watchJobSummary } from './job-summary.js';
import { listJobVersions, watchJobVersions } from './job-versions.js';
import { iterateJobs, listJobs, watchJobs } from './list-jobs.js';
import { parseJob } from './parse-job.js';
import { planJob } from './plan-job.js';
import { readJob, watchJob } from './read-job.js';
import { revertJob } from './revert-job.js';
import { updateJob } from './update-job.js';

const jobOperations = {
  /**
   * GET /v1/jobs — lists jobs.
   *
   * Each stub has a job's `ID`, `Name`, `Type`, `Priority`, `Status` and `JobModifyIndex`, and its
   * `JobSummary` (allocation counts by task group).
   *
   * Options: `prefix` (ids that start with it), `namespace` (`*`: every namespace the token may list),
   * `filter` (an expression such as `Status == "running"`), `per_page` and `next_token` (one page;
   * `meta.nextToken` leads to the next, and `iterate` follows them for you); `index` and `wait` make it a
   * blocking read that answers once what it returns changed past `index` (`meta.index` of an earlier
   * call); `consistency: 'stale'` lets any server answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const jobs = await scheduler.jobs.list({ prefix: 'we' });
   * console.log(jobs.map((job) => job.ID)); // [ 'web' ]
   * ```
   * @throws {RequestValidationError} before sending, when `per_page` is not a whole number 0 or more, or
   *   `index`, `wait` or `consistency` is invalid.
   * @throws {BadRequestError} when the scheduler cannot read `filter` or `next_token`.
   * @throws {PermissionDeniedError} when the token may not list jobs in the namespace (`list-jobs`); with
   *   `*`, the jobs of namespaces it may not list are left out instead.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listJobs,
  /**
   * GET /v1/jobs, every page — an AsyncIterable of jobs.
   *
   * Nothing is sent until the iteration starts: `for await` gives the job stubs one by one, `.pages()`
   * whole pages, `.toArray()` all of them; the next page loads while you work through the current one.
   *
   * Options: `per_page` (default 100), `prefix`, `filter`, `namespace` (`*`: every namespace the token may
   * list), `next_token` (start there), `signal` (ends the iteration with an `AbortError`).
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const job of scheduler.jobs.iterate({ per_page: 20, filter: 'Type == "service"' })) {
   *   console.log(job.ID, job.Status);
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, before sending, when `per_page` is not a whole
   *   number 0 or more.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read `filter` or `next_token`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not list jobs in the namespace
   *   (`list-jobs`).
   * @throws {ResponseValidationError} from the iteration, when the server repeats a page token
   *   (`repeated-token`).
   * @throws {TimeoutError | ConnectionError | AbortError} from the iteration, as every call can (the
   *   README's "Errors"); `AbortError` also when `signal` aborts.
   */
  iterate: iterateJobs,
  /**
   * GET /v1/jobs, blocking — the list each time it changes.
   *
   * The first snapshot is the current list; the next ones come when a job is registered, changes or stops,
   * or when its allocations start, fail or stop (the stubs carry each job's summary).
   *
   * Options: `prefix`, `filter`, `namespace` (`*`: every namespace the token may list); `index` to start
   * after (0, the default, yields the current state first), `wait` of each blocking request (default 5
   * minutes, at most 10), `consistency`; `signal` ends the watch quietly; `onRetry`, `maxFailures`,
   * `backoffMs` and `maxBackoffMs` govern the retries of failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.jobs.watchList({ prefix: 'web' })) {
   *   console.log(data.length, meta.index);
   *   break; // or go on: one snapshot per change, until `signal` aborts
   * }
   * ```
   * @throws {RequestValidationError} from the first iteration, when `wait` or `per_page` is invalid.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read `filter`: a failure that
   *   waiting cannot mend ends the watch at once.
   * @throws {PermissionDeniedError} from the iteration, when the token may not list jobs in the namespace
   *   (`list-jobs`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchList: watchJobs,
  /**
   * POST /v1/jobs — registers a job: a new one, or a new version of one; warnings land in `meta.warnings`.
   *
   * The scheduler keeps the version, answers the evaluation that places its allocations (`EvalID`) and the
   * job's `JobModifyIndex`, and starts a deployment of a service job's new version. Registering a job that
   * did not change makes no new version. Durations in `Job` may be text (`KillTimeout: '30s'`).
   *
   * Options: `EnforceIndex` with `JobModifyIndex` registers only if the job is still at that index (0:
   * only if it is new) and makes a lost answer safe to retry; without it the call is sent once, whatever
   * `retry` says. `PolicyOverride`, `PreserveCounts` (keep the running groups' counts), `EvalPriority` (1
   * to 100), `Submission` (the source text, kept with the version). The job's own `Namespace` wins over
   * the `namespace` option, which wins over the client's.
   *
   * @example
   * ```ts
   * const { EvalID, JobModifyIndex } = await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   *   EnforceIndex: true, // with JobModifyIndex 0: only if no job 'web' exists yet
   *   JobModifyIndex: 0,
   * });
   * console.log(EvalID, JobModifyIndex);
   * ```
   * @throws {RequestValidationError} before sending, when the body does not match `CreateJobRequest` (an
   *   unknown registration field, a duration that cannot be read, `EvalPriority` outside 1 to 100).
   * @throws {BadRequestError} when the scheduler refuses the job (no datacenters, no task groups, a task
   *   without a driver, ...); `body` holds its reason.
   * @throws {ConflictError} with `EnforceIndex`, when the job is not at `JobModifyIndex` (for 0: when it
   *   exists).
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`; with
   *   `PolicyOverride`, `policy-override` too).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createJob,
  /**
   * POST /v1/jobs and the deployment it starts — registers a job and follows its deployment to the end:
   * resolves with the deployment once it succeeded, rejects with a `DeploymentFailedError` when it failed
   * or was cancelled.
   *
   * Registering a job that did not change makes no new version: the call then follows (or returns) that
   * version's deployment. A multiregion deployment that is `blocked` is followed until it is unblocked.
   *
   * Options: `promote` (`true`, or the names of groups: promote their canaries once all are healthy;
   * otherwise canaries wait for `deployments.promote` or the job's `AutoPromote`), `onProgress` (told each
   * new state of the deployment), `register` (the registration's other fields: `EnforceIndex` with
   * `JobModifyIndex`, `PolicyOverride`, `PreserveCounts`, `EvalPriority`, `Submission`), `wait` (of each
   * blocking request; default 5 minutes), `onRetry` and `maxFailures` (failed blocking requests are
   * retried; 10 in a row end the call), `clock` (where the follower reads the time and waits), `signal`,
   * `namespace`.
   *
   * @example
   * ```ts
   * const deployment = await scheduler.jobs.deploy(
   *   { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   *   { onProgress: (state) => console.log(state.Status, state.StatusDescription) },
   * );
   * console.log(deployment.Status, deployment.JobVersion); // successful 0
   * ```
   * @throws {DeploymentFailedError} when the deployment failed or was cancelled (a newer version replaced
   *   it): `deployment` as it ended, `unhealthyAllocations`, `revertedToVersion` (with `AutoRevert`),
   *   `evaluationId` (the registration's evaluation, for `evaluations.read`).
   * @throws {RequestValidationError} before sending, when the scheduler would make no deployment of the job
   *   (a batch, system, parameterized or periodic job, or `MaxParallel: 0`), or the registration does not
   *   match `CreateJobRequest`.
   * @throws {AbortError} when `signal` aborts; the deployment goes on as it is (promote, pause or fail it
   *   yourself).
   * @throws {InfraSdkError} when a newer version of the job was registered before the deployment of this one
   *   started.
   * @throws {BadRequestError | ConflictError} as `jobs.create` throws them: a job the scheduler refuses, a
   *   moved `EnforceIndex`.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) or read them
   *   (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | ServerError} when the registration fails so, or `maxFailures`
   *   blocking requests in a row did.
   */
  deploy: deployJob,
  /**
   * POST /v1/jobs/parse — turns job text into a job definition.
   *
   * The answer is a `Job` to submit as it is (`jobs.create({ Job })`); nothing is registered, so a failed
   * call is retried as a read is.
   *
   * Options: `Canonicalize` (fill unset fields with the scheduler's defaults), `Variables` (values of the
   * text's variables, as a variables file), `HCLv1` (the legacy parser); `region`.
   *
   * @example
   * ```ts
   * const job = await scheduler.jobs.parse({
   *   JobHCL: 'job "web" {\n  datacenters = ["dc1"]\n  group "web" {\n    task "server" { driver = "docker" }\n  }\n}',
   *   Canonicalize: true,
   * });
   * console.log(job.ID, job.Type, job.TaskGroups?.[0]?.Count); // web service 1
   * ```
   * @throws {BadRequestError} when the text is empty or cannot be parsed (`body` names the line).
   * @throws {RequestValidationError} before sending, when the body does not match `ParseJobRequest` (an
   *   unknown field, `JobHCL` not text).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  parse: parseJob,
  /**
   * GET /v1/job/:job_id — reads one job.
   *
   * The job's current version: its task groups, `Status` (`pending`, `running`, `dead`), `Version`,
   * `Stable` and `JobModifyIndex`; durations in nanoseconds. A `Job` read is a valid `JobInput`, to change
   * and submit again.
   *
   * Options: `namespace` (the client's by default), `region`; `index` and `wait` make it a blocking read
   * that answers once what it returns changed past `index` (`meta.index` of an earlier call);
   * `consistency: 'stale'` lets any server answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const job = await scheduler.jobs.read('web');
   * console.log(job.Version, job.TaskGroups?.[0]?.Count); // 0 1
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readJob,
  /**
   * GET /v1/job/:job_id, blocking — the job each time it changes.
   *
   * The first snapshot is the job as it is; the next ones come when a version is registered, the job
   * stops, or a version's stability changes.
   *
   * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state
   * first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends
   * the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.jobs.watch('web')) {
   *   console.log(data.Version, meta.index);
   *   break; // or go on: one snapshot per change, until `signal` aborts
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watch: watchJob,
  /**
   * GET /v1/job/:job_id/versions — lists the versions of a job, newest first.
   *
   * `Versions` holds each registered version (`Version`, `Stable`, `SubmitTime`), newest first; with
   * `diffs`, `Diffs` holds the change from each version to the one before it.
   *
   * Options: `diffs`, `namespace`, `region`; `index` and `wait` make it a blocking read that answers once
   * what it returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets
   * any server answer.
   *
   * @example
   * ```ts
   * const Job = { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
   * await scheduler.jobs.create({ Job });
   * await scheduler.jobs.create({ Job: { ...Job, Meta: { release: '2' } } });
   * const { Versions, Diffs } = await scheduler.jobs.listVersions('web', { diffs: true });
   * console.log(Versions.map((version) => version.Version), Diffs?.[0]?.Type); // [ 1, 0 ] Edited
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listVersions: listJobVersions,
  /**
   * GET /v1/job/:job_id/versions, blocking — the versions each time they change.
   *
   * The first snapshot is the versions as they are; the next ones come when a version is registered or a
   * version's stability changes.
   *
   * Options: `diffs`, `namespace`, `region`; `index` to start after (0, the default, yields the current
   * state first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal`
   * ends the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.jobs.watchVersions('web')) {
   *   console.log(data.Versions.length, meta.index);
   *   break; // or go on: one snapshot per change, until `signal` aborts
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchVersions: watchJobVersions,
  /**
   * GET /v1/job/:job_id/allocations — lists the allocations of a job.
   *
   * Allocation stubs: `ID`, `NodeID`, `TaskGroup`, `JobVersion`, `DesiredStatus` and `ClientStatus`
   * (`pending` until the node starts it, then `running`, ...), and the task states.
   *
   * Options: `all` (allocations of an earlier job registered under the same id too), `namespace`,
   * `region`; `index` and `wait` make it a blocking read that answers once what it returns changed past
   * `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const allocations = await scheduler.jobs.listAllocations('web');
   * console.log(allocations.map((alloc) => `${alloc.TaskGroup} ${alloc.ClientStatus}`)); // [ 'web pending' ]
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listAllocations: listJobAllocations,
  /**
   * GET /v1/job/:job_id/allocations, blocking — the allocations each time they change.
   *
   * The first snapshot is the allocations as they are; the next ones come when one is placed, starts,
   * fails or stops.
   *
   * Options: `all`, `namespace`, `region`; `index` to start after (0, the default, yields the current
   * state first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal`
   * ends the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data } of scheduler.jobs.watchAllocations('web')) {
   *   if (data.every((alloc) => alloc.ClientStatus === 'running')) break; // once all of them run
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchAllocations: watchJobAllocations,
  /**
   * GET /v1/job/:job_id/evaluations — lists the evaluations of a job.
   *
   * Each evaluation the scheduler made of the job (for a registration, a deregistration, a node that
   * changed, `jobs.evaluate`): `ID`, `TriggeredBy`, `Status`, and what it could not place.
   *
   * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
   * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
   * answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const evaluations = await scheduler.jobs.listEvaluations('web');
   * console.log(evaluations.map((evaluation) => evaluation.TriggeredBy)); // [ 'job-register' ]
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listEvaluations: listJobEvaluations,
  /**
   * GET /v1/job/:job_id/evaluations, blocking — the evaluations each time they change.
   *
   * The first snapshot is the evaluations as they are; the next ones come when one is created or its
   * status changes.
   *
   * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state
   * first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends
   * the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.jobs.watchEvaluations('web')) {
   *   console.log(data.length, meta.index);
   *   break; // or go on: one snapshot per change, until `signal` aborts
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchEvaluations: watchJobEvaluations,
  /**
   * GET /v1/job/:job_id/deployments — lists the deployments of a job.
   *
   * Newest first; one for each version of a service job the scheduler rolled out: `ID`, `JobVersion`,
   * `Status`, `StatusDescription`, and each group's counts in `TaskGroups`.
   *
   * Options: `all` (deployments of an earlier job registered under the same id too), `namespace`,
   * `region`; `index` and `wait` make it a blocking read that answers once what it returns changed past
   * `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const deployments = await scheduler.jobs.listDeployments('web');
   * console.log(deployments.map((deployment) => `${deployment.JobVersion} ${deployment.Status}`));
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listDeployments: listJobDeployments,
  /**
   * GET /v1/job/:job_id/deployments, blocking — the deployments each time they change.
   *
   * The first snapshot is the deployments as they are; the next ones come when one starts or its state
   * changes (allocations placed or healthy, a promotion, its end).
   *
   * Options: `all`, `namespace`, `region`; `index` to start after (0, the default, yields the current
   * state first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal`
   * ends the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data } of scheduler.jobs.watchDeployments('web')) {
   *   if (data[0]?.Status === 'successful') break; // the newest one ended well
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchDeployments: watchJobDeployments,
  /**
   * GET /v1/job/:job_id/deployment — reads the latest deployment of a job (null when there is none).
   *
   * The deployment of the newest version the scheduler rolled out: `ID`, `JobVersion`, `Status`
   * (`running`, `successful`, `failed`, ...), `StatusDescription`, each group's counts in `TaskGroups`. A
   * job that never had one (a batch job) reads as `null`.
   *
   * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
   * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
   * answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const deployment = await scheduler.jobs.latestDeployment('web');
   * console.log(deployment?.JobVersion, deployment?.Status);
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  latestDeployment: readLatestJobDeployment,
  /**
   * GET /v1/job/:job_id/deployment, blocking — the latest deployment each time it changes.
   *
   * The first snapshot is the latest deployment as it is (`null` when the job has none); the next ones
   * come when it changes or a newer one starts.
   *
   * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state
   * first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends
   * the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data } of scheduler.jobs.watchLatestDeployment('web')) {
   *   console.log(data?.Status, data?.StatusDescription);
   *   if (data?.Status !== 'running') break; // ended (or none)
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchLatestDeployment: watchLatestJobDeployment,
  /**
   * GET /v1/job/:job_id/summary — reads the summary of a job: its allocation counts by task group.
   *
   * `Summary` counts each group's allocations by client status (`Queued`, `Starting`, `Running`,
   * `Complete`, `Failed`, `Lost`); `Children` counts the child jobs of a periodic or parameterized job.
   *
   * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
   * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
   * answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { Summary } = await scheduler.jobs.summary('web');
   * console.log(Summary?.web); // { Queued: 0, Starting: 1, Running: 0, ... }
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  summary: readJobSummary,
  /**
   * GET /v1/job/:job_id/summary, blocking — the summary each time it changes.
   *
   * The first snapshot is the summary as it is; the next ones come when an allocation of the job is
   * placed, starts, fails or stops.
   *
   * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state
   * first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends
   * the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data } of scheduler.jobs.watchSummary('web')) {
   *   if (data.Summary?.web?.Running === 1) break; // the allocation runs
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchSummary: watchJobSummary,
  /**
   * POST /v1/job/:job_id/scale — sets the count of a task group: a new job version, with its evaluation
   * and deployment. Without `Count` it only records the event.
   *
   * The event (count, `Message`, `Meta`) is kept in the group's scaling events (`jobs.scaleStatus`); the
   * answer has the evaluation (`EvalID`) and the job's new `JobModifyIndex`, and the scheduler's warnings
   * land in `meta.warnings`.
   *
   * Options: `Message`, `Meta`, `Error` (the event reports an error and sets no count), `PolicyOverride`;
   * `namespace`, `region`. A write: retried only with the client's `retryWrites`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { EvalID } = await scheduler.jobs.scale('web', { Group: 'web', Count: 2, Message: 'evening peak' });
   * console.log(EvalID);
   * ```
   * @throws {BadRequestError} when the job has no such group, the count is outside the group's `Scaling`
   *   `Min` and `Max`, or an `Error` event carries a `Count`.
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id or `Group` is empty, `Count` is not a whole
   *   number 0 or more, or a field is unknown.
   * @throws {PermissionDeniedError} when the token may not scale the job (`scale-job` or `submit-job`; with
   *   `PolicyOverride`, `policy-override` too).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  scale: scaleJob,
  /**
   * GET /v1/job/:job_id/scale — reads each group's counts and scaling events.
   *
   * `TaskGroups` gives each group's `Desired` count, its allocations of the current version (`Placed`,
   * `Running`, `Healthy`, `Unhealthy`; canaries left out) and its `Events`, newest first; `JobStopped`
   * says whether the job was stopped.
   *
   * Options: `namespace`, `region`; `index` and `wait` make it a blocking read that answers once what it
   * returns changed past `index` (`meta.index` of an earlier call); `consistency: 'stale'` lets any server
   * answer.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * await scheduler.jobs.scale('web', { Group: 'web', Count: 2, Message: 'evening peak' });
   * const { TaskGroups } = await scheduler.jobs.scaleStatus('web');
   * console.log(TaskGroups?.web?.Desired, TaskGroups?.web?.Events?.[0]?.Message); // 2 evening peak
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, or `index`, `wait` or
   *   `consistency` is invalid.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job-scaling` or
   *   `read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  scaleStatus: readJobScaleStatus,
  /**
   * GET /v1/job/:job_id/scale, blocking — the scale status each time it changes.
   *
   * The first snapshot is the scale status as it is; the next ones come when a group's count, its
   * allocations' health or its scaling events change.
   *
   * Options: `namespace`, `region`; `index` to start after (0, the default, yields the current state
   * first), `wait` of each blocking request (default 5 minutes, at most 10), `consistency`; `signal` ends
   * the watch quietly; `onRetry`, `maxFailures`, `backoffMs` and `maxBackoffMs` govern the retries of
   * failed requests.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.jobs.watchScaleStatus('web')) {
   *   console.log(data.TaskGroups?.web?.Desired, meta.index);
   *   break; // or go on: one snapshot per change, until `signal` aborts
   * }
   * ```
   * @throws {NotFoundError} from the iteration, when no job has that id: a failure that waiting cannot mend
   *   ends the watch at once.
   * @throws {RequestValidationError} from the first iteration, when the id is empty or `wait` is invalid.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace
   *   (`read-job-scaling` or `read-job`).
   * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} once `maxFailures` requests in a
   *   row (10 by default) failed so; each failure before is retried after a back-off and told to `onRetry`.
   */
  watchScaleStatus: watchJobScaleStatus,
  /**
   * POST /v1/job/:job_id — registers a new version of a job.
   *
   * The body is a registration, as `jobs.create` takes it, and `Job.ID` must be the id of the path. A
   * `Job` read with `jobs.read` can be changed and sent back: the fields this version does not know are
   * kept. Warnings land in `meta.warnings`.
   *
   * Options: `EnforceIndex` with `JobModifyIndex` (register only if nobody registered another version
   * since; a lost answer is then retried safely; without it the call is sent once), `PolicyOverride`,
   * `PreserveCounts`, `EvalPriority`, `Submission`; `namespace`, `region`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const job = await scheduler.jobs.read('web');
   * await scheduler.jobs.update('web', {
   *   Job: { ...job, Meta: { owner: 'team-a' } },
   *   EnforceIndex: true, // only if the job is still as read
   *   JobModifyIndex: job.JobModifyIndex ?? 0,
   * });
   * ```
   * @throws {RequestValidationError} before sending, when the id is empty, `Job.ID` is not the id of the
   *   path, or the body does not match `UpdateJobRequest` (an unknown registration field, a duration that
   *   cannot be read, `EvalPriority` outside 1 to 100).
   * @throws {BadRequestError} when the scheduler refuses the job;
   *   `body` holds its reason.
   * @throws {ConflictError} with `EnforceIndex`, when the job is no longer at `JobModifyIndex`.
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`; with
   *   `PolicyOverride`, `policy-override` too).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  update: updateJob,
  /**
   * DELETE /v1/job/:job_id — stops the job (its allocations stop, it becomes `dead`); with `purge` removes
   * it.
   *
   * Answers the evaluation that stops the allocations (`EvalID`) and the job's `JobModifyIndex`. A stopped
   * job stays readable (a new version with `Stop: true`) until garbage collection; a purged one reads as
   * 404 at once.
   *
   * Options: `purge`, `global` (every region of a multiregion job), `eval_priority` (1 to 100),
   * `no_shutdown_delay` (skip the shutdown delays); `namespace`, `region`. A write: retried only with the
   * client's `retryWrites`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { EvalID } = await scheduler.jobs.deregister('web', { purge: true });
   * console.log(EvalID);
   * ```
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty or `eval_priority` is not a whole
   *   number from 1 to 100.
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  deregister: deregisterJob,
  /**
   * POST /v1/job/:job_id/dispatch — starts an instance of a parameterized job with a payload and meta.
   *
   * The scheduler registers a child job (`DispatchedJobID`: `<job>/dispatch-<time>-<random>`) that carries
   * the payload and meta, and the evaluation that places it (`EvalID`).
   *
   * Options: `Payload` (base64 text, or bytes encoded for you; at most 16384 bytes), `Meta` (the keys the
   * job's `MetaRequired` names, and only keys it allows), `IdempotencyToken` (a second dispatch with it
   * answers the same child, so the call is retried safely; without one it is sent once),
   * `IdPrefixTemplate`, `Priority` (1 to 100); `namespace`, `region`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: {
   *     ID: 'report',
   *     Type: 'batch',
   *     Datacenters: ['dc1'],
   *     ParameterizedJob: { Payload: 'optional', MetaRequired: ['customer'] },
   *     TaskGroups: [{ Name: 'report', Tasks: [{ Name: 'run', Driver: 'docker' }] }],
   *   },
   * });
   * const { DispatchedJobID } = await scheduler.jobs.dispatch('report', {
   *   Payload: new TextEncoder().encode('{"month":"may"}'),
   *   Meta: { customer: 'acme' },
   *   IdempotencyToken: 'acme-may', // a second dispatch with it answers the same child
   * });
   * console.log(DispatchedJobID); // report/dispatch-<time>-<random>
   * ```
   * @throws {BadRequestError} when the job is not parameterized or is stopped, the payload is missing though
   *   required or given though forbidden, or `Meta` lacks a required key or has one the job does not allow.
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, `Payload` is not base64 text or
   *   bytes or is over 16384 bytes, `Priority` is outside 1 to 100, or a field is unknown.
   * @throws {PermissionDeniedError} when the token may not dispatch jobs in the namespace (`dispatch-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  dispatch: dispatchJob,
  /**
   * POST /v1/job/:job_id/revert — reverts a job to an earlier version: registers it again, as a new
   * version.
   *
   * Answers as a registration does (`EvalID`, `JobModifyIndex`); a service job's new version is rolled out
   * as any other. `JobID` is filled in from the path.
   *
   * Options: `JobVersion` (the version to go back to; 0 when left out) or `TaggedVersion` (by its tag),
   * `EnforcePriorVersion` (only if the current version is this one; a lost answer is then retried safely;
   * without it the call is sent once), `MeshToken`, `SecretsToken`; `namespace`, `region`.
   *
   * @example
   * ```ts
   * const Job = { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
   * await scheduler.jobs.create({ Job }); // version 0
   * await scheduler.jobs.create({ Job: { ...Job, Meta: { release: '2' } } }); // version 1
   * await scheduler.jobs.revert('web', { JobVersion: 0, EnforcePriorVersion: 1 }); // version 2, as 0 was
   * ```
   * @throws {BadRequestError} when the job has no such version (or tag), or it is the current one.
   * @throws {ConflictError} with `EnforcePriorVersion`, when the current version is another one.
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
   *   from it, a version is not a whole number 0 or more, or a field is unknown.
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revert: revertJob,
  /**
   * POST /v1/job/:job_id/stable — marks a version stable or not.
   *
   * A stable version is the one a failed deployment with `AutoRevert` goes back to; the scheduler marks a
   * version stable itself when its deployment succeeds. Answers the job's `JobModifyIndex`. `JobID` is
   * filled in from the path.
   *
   * Options: `JobVersion` (0 when left out), `Stable` (left out: `false`, which marks the version not
   * stable); `namespace`, `region`. A write: retried only with the client's `retryWrites`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { JobModifyIndex } = await scheduler.jobs.setStability('web', { JobVersion: 0, Stable: true });
   * console.log(JobModifyIndex);
   * ```
   * @throws {BadRequestError} when the job has no such version.
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
   *   from it, `JobVersion` is not a whole number 0 or more, or a field is unknown.
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  setStability: setJobStability,
  /**
   * POST /v1/job/:job_id/evaluate — creates an evaluation of a job.
   *
   * The scheduler looks at the job again and places what is missing (after nodes joined, say); the answer
   * names the evaluation (`EvalID`). `JobID` is filled in from the path.
   *
   * Options: `EvalOptions.ForceReschedule` (reschedule failed allocations now, even past their reschedule
   * limit or delay); `namespace`, `region`. A write: retried only with the client's `retryWrites`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { EvalID } = await scheduler.jobs.evaluate('web', { EvalOptions: { ForceReschedule: true } });
   * console.log(EvalID);
   * ```
   * @throws {BadRequestError} when the job is periodic or parameterized (its children are evaluated, not
   *   it).
   * @throws {NotFoundError} when no job has that id in the namespace.
   * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
   *   from it, or a field is unknown.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  evaluate: evaluateJob,
  /**
   * POST /v1/job/:job_id/plan — a dry run of an update: what would be placed, stopped or fail.
   *
   * Nothing is registered (a failed call is retried as a read is): `Annotations.DesiredTGUpdates` counts
   * by group what would be placed, stopped, updated in place or replaced, `FailedTGAllocs` what could not
   * be placed and why, and `JobModifyIndex` is the index to register at (`EnforceIndex`) to get exactly
   * what was planned. Warnings land in `meta.warnings`.
   *
   * Options: `Diff` (fill `Diff` with the change from the registered job), `PolicyOverride`; `namespace`,
   * `region`.
   *
   * @example
   * ```ts
   * const Job = { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Count: 2, Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
   * const plan = await scheduler.jobs.plan('web', { Job, Diff: true });
   * console.log(plan.Annotations?.DesiredTGUpdates?.web?.Place, plan.Diff?.Type); // 2 Added
   * await scheduler.jobs.create({ Job, EnforceIndex: true, JobModifyIndex: plan.JobModifyIndex ?? 0 });
   * ```
   * @throws {BadRequestError} when the scheduler refuses the job;
   *   `body` holds its reason.
   * @throws {RequestValidationError} before sending, when the id is empty, `Job.ID` is not the id of the
   *   path, or the body does not match `PlanJobRequest` (an unknown field, a duration that cannot be read).
   * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`; with
   *   `PolicyOverride`, `policy-override` too).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  plan: planJob,
};

/** The jobs group of the client; each method is the standalone operation with the core applied. */
export interface JobsGroup extends BoundGroup<SchedulerCore, typeof jobOperations> {}

/** The jobs group of the client: `client.jobs.read(id)`, `client.jobs.dispatch(id, body)`, ... */
export function jobsGroup(core: SchedulerCore): JobsGroup {
  return bindOperations(core, jobOperations);
}
