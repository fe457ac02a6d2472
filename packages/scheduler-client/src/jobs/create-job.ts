import { type ApiPromise, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { withWarnings } from '../warnings.js';
import {
  type CreateJobRequest,
  CreateJobRequestSchema,
  type JobRegisterResponse,
  JobRegisterResponseSchema,
} from './schemas.js';

/** POST /v1/jobs — registers a new job or a new version of one; warnings land in `meta.warnings`. */
export function createJob(
  core: SchedulerCore,
  body: CreateJobRequest,
  options?: NamespaceOptions,
): ApiPromise<JobRegisterResponse> {
  return jobWrite(core, body?.EnforceIndex === true, options, async () => ({
    method: 'POST',
    path: '/jobs',
    query: namespaceQuery(core, options),
    body: await validateRequest(CreateJobRequestSchema, body, 'job registration'),
    unwrap: withWarnings,
    schema: JobRegisterResponseSchema,
  }));
}
