import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import {
  TagJobVersionRequestSchema,
  TagJobVersionResponseSchema,
  UntagJobVersionResponseSchema,
} from './schemas.js';
import type {
  TagJobVersionRequest,
  TagJobVersionResponse,
  UntagJobVersionResponse,
} from './types.generated.js';

/**
 * `POST /v1/job/:job_id/versions/:tag_name/tag`: names a version of a job (the latest unless `Version`
 * says which). A tagged version is kept from garbage collection, can be reverted to by name
 * (`TaggedVersion`) and compared against (`listJobVersions` with `diff_tag`). A name is unique within a
 * job; a version carries one tag, so tagging it again replaces its tag.
 *
 * Options: the body's `Version` and `Description`. Setting the same tag again is harmless, so retried
 * as reads are.
 *
 * @example
 * ```ts
 * import { tagJobVersion } from '@infra-sdk/scheduler-client';
 *
 * const tag = await tagJobVersion(core, 'web', 'golden', { Version: 0, Description: 'the version we can roll back to' });
 * console.log(tag.Name, tag.TaggedTime?.toDate());
 * ```
 * @throws {RequestValidationError} before sending, when the id or tag name is empty, `Version` is not a
 *   whole number 0 or more, or a field is unknown.
 * @throws {BadRequestError} when another version of the job already carries that tag name.
 * @throws {NotFoundError} when no job has that id, or it has no such version.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function tagJobVersion(
  core: SchedulerCore,
  jobId: string,
  tagName: string,
  body: TagJobVersionRequest = {},
  options?: NamespaceOptions,
): ApiPromise<TagJobVersionResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: path`/job/${jobId}/versions/${tagName}/tag`,
      query: namespaceQuery(core, options),
      body: await validateRequestBody(TagJobVersionRequestSchema, body, 'job version tag'),
      schema: TagJobVersionResponseSchema,
      idempotent: true,
    }),
    options,
    namespaceOptionKeys,
  );
}

/**
 * `DELETE /v1/job/:job_id/versions/:tag_name/tag`: removes a tag from the version that carries it; the
 * version stays (and may be garbage collected like any other).
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { untagJobVersion } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.tagVersion('web', 'golden');
 * await untagJobVersion(core, 'web', 'golden');
 * ```
 * @throws {RequestValidationError} before sending, when the id or tag name is empty.
 * @throws {NotFoundError} when no job has that id, or no version of it carries that tag.
 * @throws {PermissionDeniedError} when the token may not submit jobs in the namespace (`submit-job`).
 */
export function untagJobVersion(
  core: SchedulerCore,
  jobId: string,
  tagName: string,
  options?: NamespaceOptions,
): ApiPromise<UntagJobVersionResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: path`/job/${jobId}/versions/${tagName}/tag`,
      query: namespaceQuery(core, options),
      schema: UntagJobVersionResponseSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}
