import { type ApiPromise, path } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import { validateJobBody } from './job-body.js';
import { checkJobOfPath } from './job-id.js';
import { JobRegisterResponseSchema, UpdateJobRequestSchema } from './schemas.js';
import type { JobRegisterResponse, UpdateJobRequest } from './types.generated.js';

/**
 * POST /v1/job/:job_id — registers a new version of an existing job.
 *
 * The body is a registration, as `jobs.create` takes it, and `Job.ID` must be the id of the path. A `Job`
 * read with `jobs.read` can be changed and sent back: the fields this version does not know are kept.
 * Warnings land in `meta.warnings`.
 *
 * Options: `EnforceIndex` with `JobModifyIndex` (register only if nobody registered another version since;
 * a lost answer is then retried safely; without it the call is sent once), `PolicyOverride`,
 * `PreserveCounts`, `EvalPriority`, `Submission`.
 *
 * @example
 * ```ts
 * import { readJob, updateJob } from '@infra-sdk/scheduler-client';
 *
 * const job = await readJob(core, 'web');
 * await updateJob(core, 'web', {
 *   Job: { ...job, Meta: { owner: 'team-a' } },
 *   EnforceIndex: true, // only if the job is still as read
 *   JobModifyIndex: job.JobModifyIndex ?? 0,
 * });
 * ```
 * @throws {RequestValidationError} before sending, when the id is empty, `Job.ID` is not the id of the path,
 *   or the body does not match `UpdateJobRequest` (an unknown registration field, a duration that cannot be
 *   read, `EvalPriority` outside 1 to 100).
 * @throws {BadRequestError} when the scheduler refuses the job;
 *   `body` holds its reason.
 * @throws {ConflictError} with `EnforceIndex`, when the job is no longer at `JobModifyIndex`.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`; with
 *   `PolicyOverride`, `policy-override` too).
 */
export function updateJob(
  core: SchedulerCore,
  jobId: string,
  body: UpdateJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforceIndex === true, options, namespaceOptionKeys, async () => ({
    method: 'POST',
    path: path`/job/${jobId}`,
    query: namespaceQuery(core, options),
    body: checkJobOfPath(
      await validateJobBody(UpdateJobRequestSchema, body, 'job update'),
      jobId,
      'job update',
    ),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
