import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { CreateVersionRequestSchema } from './request-schemas.js';
import { VersionSchema } from './schemas.js';
import type { CreateVersionRequest, Version } from './types.generated.js';

/**
 * `POST /api/v1/box/:username/:name/versions`: creates a version of a box; it starts `unreleased`,
 * without providers.
 *
 * Options: `description` is Markdown.
 *
 * @example
 * ```ts
 * import { createBox, createVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * const version = await createVersion(core, 'myorg/tools', { version: '1.0.0', description: 'First release' });
 * console.log(version.number, version.status); // 1.0.0 unreleased
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it).
 * @throws {UnprocessableEntityError} when the box already has that version.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`, `version` is empty
 *   or a field is unknown.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function createVersion(
  core: RegistryCore,
  tag: string,
  request: CreateVersionRequest,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `${boxPath(tag)}/versions`,
      body: { version: await validateRequestBody(CreateVersionRequestSchema, request, 'version') },
      schema: VersionSchema,
    }),
    options,
  );
}
