import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { VersionSchema } from './schemas.js';
import type { Version } from './types.generated.js';

/**
 * `GET /api/v1/box/:username/:name/version/:version`: reads a version with its status and providers.
 * Others than the box's managers see released (`active`) versions only.
 *
 * @example
 * ```ts
 * import { createBox, createVersion, readVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * const version = await readVersion(core, 'myorg/tools', '1.0.0');
 * console.log(version.status, version.providers.length); // unreleased 0
 * ```
 * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version
 *   the caller may see.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function readVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: versionPath(tag, version), schema: VersionSchema }),
    options,
  );
}
