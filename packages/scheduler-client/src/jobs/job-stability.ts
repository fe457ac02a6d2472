import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../client.js';
import { withJobId } from './job-id.js';
import {
  type JobStabilityRequest,
  JobStabilityResponse,
  JobStabilityRequest as JobStabilitySchema,
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
        await validateRequest(JobStabilitySchema, body, 'job stability'),
        jobId,
        'job stability',
      ),
      schema: JobStabilityResponse,
    }),
    options,
  );
}
