import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { VersionSchema } from './schemas.js';
import type { Version } from './types.generated.js';

/**
 * `DELETE /api/v1/box/:username/:name/version/:version`: deletes a version with its providers; resolves
 * to the deleted version.
 *
 * @example
 * ```ts
 * import { createBox, createVersion, deleteVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * const gone = await deleteVersion(core, 'myorg/tools', '1.0.0');
 * console.log(gone.number); // 1.0.0
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function deleteVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'DELETE', path: versionPath(tag, version), schema: VersionSchema }),
    options,
  );
}
