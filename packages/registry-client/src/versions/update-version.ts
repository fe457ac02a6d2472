import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { UpdateVersionRequestSchema } from './request-schemas.js';
import { VersionSchema } from './schemas.js';
import type { UpdateVersionRequest, Version } from './types.generated.js';

/**
 * `PUT /api/v1/box/:username/:name/version/:version`: changes the number or description of a version.
 *
 * Only the fields given are sent.
 *
 * @example
 * ```ts
 * import { createBox, createVersion, updateVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * const version = await updateVersion(core, 'myorg/tools', '1.0.0', { description: 'Kernel 6.8' });
 * console.log(version.description_markdown); // Kernel 6.8
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {UnprocessableEntityError} when the new number is taken by another version of the box.
 * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty, when no field
 *   is given, or a field is unknown.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function updateVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  request: UpdateVersionRequest,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: versionPath(tag, version),
      body: { version: await validateRequestBody(UpdateVersionRequestSchema, request, 'version update') },
      schema: VersionSchema,
    }),
    options,
  );
}
