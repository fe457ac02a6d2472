import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { conflictsAsErrors, safeWrite } from '../safe-writes.js';
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
  const write = safeWrite(body?.EnforceIndex === true, options);
  return conflictsAsErrors(
    sendOperation(
      core,
      async () => ({
        method: 'POST',
        idempotent: write.idempotent,
        path: path`/job/${jobId}`,
        query: namespaceQuery(core, options),
        body: await validateRequest(UpdateJobRequestSchema, body, 'job update'),
        unwrap: withWarnings,
        schema: JobRegisterResponseSchema,
      }),
      write.options,
    ),
  );
}
