import { type ApiPromise, path, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import { withJobId } from './job-id.js';
import { JobRegisterResponseSchema, RevertJobRequestSchema } from './schemas.js';
import type { JobRegisterResponse, RevertJobRequest } from './types.generated.js';

/**
 * POST /v1/job/:job_id/revert — registers an earlier version of a job again, as a new version.
 *
 * Answers as a registration does (`EvalID`, `JobModifyIndex`); a service job's new version is rolled out
 * as any other. `JobID` is filled in from the path.
 *
 * Options: `JobVersion` (the version to go back to; 0 when left out) or `TaggedVersion` (by its tag),
 * `EnforcePriorVersion` (only if the current version is this one; a lost answer is then retried safely;
 * without it the call is sent once), `MeshToken`, `SecretsToken`.
 *
 * @example
 * ```ts
 * import { revertJob } from '@infra-sdk/scheduler-client';
 *
 * const job = await scheduler.jobs.read('web'); // version 0
 * await scheduler.jobs.create({ Job: { ...job, Meta: { release: '2' } } }); // version 1
 * await revertJob(core, 'web', { JobVersion: 0, EnforcePriorVersion: 1 }); // version 2, as 0 was
 * ```
 * @throws {BadRequestError} when the job has no such version (or tag), or it is the current one.
 * @throws {ConflictError} with `EnforcePriorVersion`, when the current version is another one.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
 *   from it, a version is not a whole number 0 or more, or a field is unknown.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function revertJob(
  core: SchedulerCore,
  jobId: string,
  body: RevertJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforcePriorVersion !== undefined, options, namespaceOptionKeys, async () => ({
    method: 'POST',
    path: path`/job/${jobId}/revert`,
    query: namespaceQuery(core, options),
    body: withJobId(
      await validateRequestBody(RevertJobRequestSchema, body, 'job revert'),
      jobId,
      'job revert',
    ),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
