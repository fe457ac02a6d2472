import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type CallOptions, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type Job, JobSchema } from './definition.js';
import { type ParseJobRequest, ParseJobRequestSchema } from './schemas.js';

/** POST /v1/jobs/parse — turns job text in the block language into a job definition. */
export function parseJob(core: SchedulerCore, body: ParseJobRequest, options?: CallOptions): ApiPromise<Job> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/jobs/parse',
      query: regionQuery(core, options),
      body: await validateRequest(ParseJobRequestSchema, body, 'job parse request'),
      // Parsing changes nothing on the server, so a retry is safe.
      idempotent: true,
      schema: JobSchema,
    }),
    options,
  );
}
