import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withJobId } from './job-id.js';
import {
  type JobStabilityRequest,
  JobStabilityRequestSchema,
  type JobStabilityResponse,
  JobStabilityResponseSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/stable — marks a version of a job stable or not. */
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
        await validateRequest(JobStabilityRequestSchema, body, 'job stability'),
        jobId,
        'job stability',
      ),
      schema: JobStabilityResponseSchema,
    }),
    options,
  );
}
