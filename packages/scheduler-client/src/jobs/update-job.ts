import { type ApiPromise, path, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import {
  type JobRegisterResponse,
  JobRegisterResponseSchema,
  type UpdateJobRequest,
  UpdateJobRequestSchema,
} from './schemas.js';

/** POST /v1/job/:job_id — registers a new version of an existing job. */
export function updateJob(
  core: SchedulerCore,
  jobId: string,
  body: UpdateJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforceIndex === true, options, async () => ({
    method: 'POST',
    path: path`/job/${jobId}`,
    query: namespaceQuery(core, options),
    body: await validateRequest(UpdateJobRequestSchema, body, 'job update'),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
