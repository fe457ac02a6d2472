import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withJobId } from './job-id.js';
import { JobStabilityRequestSchema, JobStabilityResponseSchema } from './schemas.js';
import type { JobStabilityRequest, JobStabilityResponse } from './types.generated.js';

/**
 * POST /v1/job/:job_id/stable — marks a version of a job stable or not.
 *
 * A stable version is the one a failed deployment with `AutoRevert` goes back to; the scheduler marks a
 * version stable itself when its deployment succeeds. Answers the job's `JobModifyIndex`. `JobID` is
 * filled in from the path.
 *
 * Options: `JobVersion` (0 when left out), `Stable` (left out: `false`, which marks the version not
 * stable). Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { setJobStability } from '@infra-sdk/scheduler-client';
 *
 * const { JobModifyIndex } = await setJobStability(core, 'web', { JobVersion: 0, Stable: true });
 * console.log(JobModifyIndex);
 * ```
 * @throws {BadRequestError} when the job has no such version.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
 *   from it, `JobVersion` is not a whole number 0 or more, or a field is unknown.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function setJobStability(
  core: SchedulerCore,
  jobId: string,
  body: JobStabilityRequest,
  options?: NamespaceOptions,
): ApiPromise<JobStabilityResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/stable`,
      query: namespaceQuery(core, options),
      body: withJobId(
        await validateRequestBody(JobStabilityRequestSchema, body, 'job stability'),
        jobId,
        'job stability',
      ),
      schema: JobStabilityResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
