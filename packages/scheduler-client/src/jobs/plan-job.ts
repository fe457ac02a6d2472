import { type ApiPromise, path, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withWarnings } from '../warnings.js';
import { validateJobBody } from './job-body.js';
import { checkJobOfPath } from './job-id.js';
import { JobPlanResponseSchema, PlanJobRequestSchema } from './schemas.js';
import type { JobPlanResponse, PlanJobRequest } from './types.generated.js';

/**
 * POST /v1/job/:job_id/plan — dry-runs a job update: what would be placed, stopped or fail.
 *
 * Nothing is registered (a failed call is retried as a read is): `Annotations.DesiredTGUpdates` counts by
 * group what would be placed, stopped, updated in place or replaced, `FailedTGAllocs` what could not be
 * placed and why, and `JobModifyIndex` is the index to register at (`EnforceIndex`) to get exactly what
 * was planned. Warnings land in `meta.warnings`.
 *
 * Options: `Diff` (fill `Diff` with the change from the registered job), `PolicyOverride`.
 *
 * @example
 * ```ts
 * import { createJob, planJob } from '@infra-sdk/scheduler-client';
 *
 * const Job = { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Count: 2, Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
 * const plan = await planJob(core, 'web', { Job, Diff: true });
 * console.log(plan.Annotations?.DesiredTGUpdates?.web?.Place, plan.Diff?.Type); // 1 Edited
 * await createJob(core, { Job, EnforceIndex: true, JobModifyIndex: plan.JobModifyIndex ?? 0 });
 * ```
 * @throws {BadRequestError} when the scheduler refuses the job;
 *   `body` holds its reason.
 * @throws {RequestValidationError} before sending, when the id is empty, `Job.ID` is not the id of the path,
 *   or the body does not match `PlanJobRequest` (an unknown field, a duration that cannot be read).
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`; with
 *   `PolicyOverride`, `policy-override` too).
 */
export function planJob(
  core: SchedulerCore,
  jobId: string,
  body: PlanJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobPlanResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/plan`,
      query: namespaceQuery(core, options),
      body: checkJobOfPath(await validateJobBody(PlanJobRequestSchema, body, 'job plan'), jobId, 'job plan'),
      // A plan changes nothing on the server, so a retry is safe.
      idempotent: true,
      unwrap: withWarnings,
      schema: JobPlanResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
