import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { withJobId } from './job-id.js';
import {
  type EvaluateJobRequest,
  EvaluateJobRequestSchema,
  type JobRegisterResponse,
  JobRegisterResponseSchema,
} from './schemas.js';

/** POST /v1/job/:job_id/evaluate — creates a new evaluation of a job. */
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
        await validateRequest(EvaluateJobRequestSchema, body, 'job evaluation'),
        jobId,
        'job evaluation',
      ),
      schema: JobRegisterResponseSchema,
    }),
    options,
  );
}
