import { type ApiPromise, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { JobSchema } from './definition.js';
import { ParseJobRequestSchema } from './schemas.js';
import type { Job, ParseJobRequest } from './types.generated.js';

/**
 * POST /v1/jobs/parse — turns job text in the block language into a job definition.
 *
 * The answer is a `Job` to submit as it is (`jobs.create({ Job })`); nothing is registered, so a failed
 * call is retried as a read is.
 *
 * Options: `Canonicalize` (fill unset fields with the scheduler's defaults), `Variables` (values of the
 * text's variables, as a variables file), `HCLv1` (the legacy parser).
 *
 * @example
 * ```ts
 * import { parseJob } from '@infra-sdk/scheduler-client';
 *
 * const job = await parseJob(core, {
 *   JobHCL: 'job "web" {\n  datacenters = ["dc1"]\n  group "web" {\n    task "server" { driver = "docker" }\n  }\n}',
 *   Canonicalize: true,
 * });
 * console.log(job.ID, job.Type, job.TaskGroups?.[0]?.Count); // web service 1
 * ```
 * @throws {BadRequestError} when the text is empty or cannot be parsed (`body` names the line).
 * @throws {RequestValidationError} before sending, when the body does not match `ParseJobRequest` (an
 *   unknown field, `JobHCL` not text).
 */
export function parseJob(core: SchedulerCore, body: ParseJobRequest, options?: CallOptions): ApiPromise<Job> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/jobs/parse',
      query: regionQuery(core, options),
      body: await validateRequestBody(ParseJobRequestSchema, body, 'job parse request'),
      // Parsing changes nothing on the server, so a retry is safe.
      idempotent: true,
      schema: JobSchema,
    }),
    options,
    callOptionKeys,
  );
}
