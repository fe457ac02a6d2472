import type { ApiPromise } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import { validateJobBody } from './job-body.js';
import { CreateJobRequestSchema, JobRegisterResponseSchema } from './schemas.js';
import type { CreateJobRequest, JobRegisterResponse } from './types.generated.js';

/**
 * POST /v1/jobs — registers a new job or a new version of one; warnings land in `meta.warnings`.
 *
 * The scheduler keeps the version, answers the evaluation that places its allocations (`EvalID`) and the
 * job's `JobModifyIndex`, and starts a deployment of a service job's new version. Registering a job that
 * did not change makes no new version. Durations in `Job` may be text (`KillTimeout: '30s'`).
 *
 * Options: `EnforceIndex` with `JobModifyIndex` registers only if the job is still at that index (0: only
 * if it is new) and makes a lost answer safe to retry: after a connection failure or a time-out, and on
 * 408, 429, 502, 503 and 504 (never on 500, how the scheduler refuses a moved index), within the `retry`
 * limit. Without it the call is sent once, whatever `retry` says. `PolicyOverride`, `PreserveCounts`
 * (keep the running groups' counts), `EvalPriority` (1 to 100), `Submission` (the source text, kept with
 * the version). The job's own `Namespace` wins over the `namespace` option, which wins over the client's.
 *
 * @example
 * ```ts
 * import { createJob } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID, JobModifyIndex } = await createJob(core, {
 *   Job: { ID: 'api', Datacenters: ['dc1'], TaskGroups: [{ Name: 'api', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 *   EnforceIndex: true, // with JobModifyIndex 0: only if no job 'api' exists yet
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
 */
export function createJob(
  core: SchedulerCore,
  body: CreateJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforceIndex === true, options, namespaceOptionKeys, async () => ({
    method: 'POST',
    path: '/jobs',
    query: namespaceQuery(core, options),
    body: await validateJobBody(CreateJobRequestSchema, body, 'job registration'),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
