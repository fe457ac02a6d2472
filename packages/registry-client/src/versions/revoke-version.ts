import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { VersionSchema } from './schemas.js';
import type { Version } from './types.generated.js';

/**
 * `PUT /api/v1/box/:username/:name/version/:version/revoke`: revokes a released version: it becomes
 * `revoked`, hidden from everyone but the box's managers, and may be released again.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, releaseVersion, revokeVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools.box' });
 * await releaseVersion(core, 'myorg/tools', '1.0.0');
 * const version = await revokeVersion(core, 'myorg/tools', '1.0.0');
 * console.log(version.status); // revoked
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
 * @throws {UnprocessableEntityError} when the version is not released (`active`).
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function revokeVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'PUT', path: `${versionPath(tag, version)}/revoke`, schema: VersionSchema }),
    options,
  );
}
