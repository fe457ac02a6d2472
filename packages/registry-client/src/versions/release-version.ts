import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { VersionSchema } from './schemas.js';
import type { Version } from './types.generated.js';

/**
 * `PUT /api/v1/box/:username/:name/version/:version/release`: releases a version, which becomes `active`
 * (visible to everyone who may see the box, and the box's `current_version` when it is the highest).
 *
 * It needs a provider with an uploaded box image or a `url`; a revoked version may be released again.
 * `versions.publish` uploads, verifies and releases in one call.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, releaseVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools.box' });
 * const version = await releaseVersion(core, 'myorg/tools', '1.0.0');
 * console.log(version.status); // active
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
 * @throws {UnprocessableEntityError} when the version is already released, or has no provider with an
 *   uploaded box image or a url.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function releaseVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'PUT', path: `${versionPath(tag, version)}/release`, schema: VersionSchema }),
    options,
  );
}
