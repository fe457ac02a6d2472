import { type ApiPromise, path, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { jobWrite } from '../safe-writes.js';
import { DispatchJobRequestSchema, JobDispatchResponseSchema } from './schemas.js';
import type { DispatchJobRequest, JobDispatchResponse } from './types.generated.js';

/**
 * POST /v1/job/:job_id/dispatch — starts an instance of a parameterized job with a payload and meta.
 *
 * The scheduler registers a child job (`DispatchedJobID`: `<job>/dispatch-<time>-<random>`) that carries
 * the payload and meta, and the evaluation that places it (`EvalID`).
 *
 * Options: `Payload` (base64 text, or bytes encoded for you; at most 16384 bytes), `Meta` (the keys the
 * job's `MetaRequired` names, and only keys it allows), `IdempotencyToken` (a second dispatch with it
 * answers the same child, so a lost answer is retried: after a connection failure or a time-out, and on
 * 408, 429, 502, 503 and 504, never on 500, within the `retry` limit; without one the dispatch is sent
 * once, whatever `retry` says), `IdPrefixTemplate`, `Priority` (1 to 100).
 *
 * @example
 * ```ts
 * import { createJob, dispatchJob } from '@infra-sdk/scheduler-client';
 *
 * await createJob(core, {
 *   Job: {
 *     ID: 'report',
 *     Type: 'batch',
 *     Datacenters: ['dc1'],
 *     ParameterizedJob: { Payload: 'optional', MetaRequired: ['customer'] },
 *     TaskGroups: [{ Name: 'report', Tasks: [{ Name: 'run', Driver: 'docker' }] }],
 *   },
 * });
 * const { DispatchedJobID } = await dispatchJob(core, 'report', {
 *   Payload: new TextEncoder().encode('{"month":"may"}'),
 *   Meta: { customer: 'acme' },
 *   IdempotencyToken: 'acme-may', // a second dispatch with it answers the same child
 * });
 * console.log(DispatchedJobID); // report/dispatch-<time>-<random>
 * ```
 * @throws {BadRequestError} when the job is not parameterized or is stopped, the payload is missing though
 *   required or given though forbidden, or `Meta` lacks a required key or has one the job does not allow.
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {RequestValidationError} before sending, when the id is empty, `Payload` is not base64 text or
 *   bytes or is over 16384 bytes, `Priority` is outside 1 to 100, or a field is unknown.
 * @throws {PermissionDeniedError} when the token may not dispatch jobs in the namespace (`dispatch-job`).
 */
export function dispatchJob(
  core: SchedulerCore,
  jobId: string,
  body: DispatchJobRequest = {},
  options?: NamespaceOptions,
): ApiPromise<JobDispatchResponse> {
  return jobWrite(core, (body?.IdempotencyToken ?? '') !== '', options, namespaceOptionKeys, async () => ({
    method: 'POST',
    path: path`/job/${jobId}/dispatch`,
    query: namespaceQuery(core, options),
    body: await validateRequestBody(DispatchJobRequestSchema, body, 'job dispatch'),
    schema: JobDispatchResponseSchema,
  }));
}
