import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withJobId } from './job-id.js';
import { EvaluateJobRequestSchema, JobRegisterResponseSchema } from './schemas.js';
import type { EvaluateJobRequest, JobRegisterResponse } from './types.generated.js';

/**
 * POST /v1/job/:job_id/evaluate — creates a new evaluation of a job.
 *
 * The scheduler looks at the job again and places what is missing (after nodes joined, say); the answer
 * names the evaluation (`EvalID`). `JobID` is filled in from the path.
 *
 * Options: `EvalOptions.ForceReschedule` (reschedule failed allocations now, even past their reschedule
 * limit or delay). Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { evaluateJob } from '@infra-sdk/scheduler-client';
 *
 * const { EvalID } = await evaluateJob(core, 'web', { EvalOptions: { ForceReschedule: true } });
 * console.log(EvalID);
 * ```
 * @throws {BadRequestError} when the job is periodic or parameterized (its children are evaluated, not
 *   it).
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, a `JobID` in the body differs
 *   from it, or a field is unknown.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function evaluateJob(
  core: SchedulerCore,
  jobId: string,
  body: EvaluateJobRequest = {},
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/evaluate`,
      query: namespaceQuery(core, options),
      body: withJobId(
        await validateRequestBody(EvaluateJobRequestSchema, body, 'job evaluation'),
        jobId,
        'job evaluation',
      ),
      schema: JobRegisterResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
