import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { v2Route, versionPath } from '../paths.js';
import { CreateProviderRequestSchema } from './request-schemas.js';
import { ProviderSchema } from './schemas.js';
import type { CreateProviderRequest, Provider } from './types.generated.js';

/**
 * `POST /api/v1/box/:username/:name/version/:version/providers` (`/api/v2/...` with `architecture`): adds
 * a provider (`virtualbox`, `libvirt`, ...) to a version, with a download `url`, or without one for a box
 * image uploaded later.
 *
 * With `architecture` (`amd64`, `arm64`, ...) the provider is one of several box images of that name, one
 * per architecture; `default_architecture: true` makes it the one the version offers by default.
 *
 * `checksum` and `checksum_type` (`md5`, `sha1`, `sha256`, `sha384`, `sha512`) go together, and the
 * checksum must be the hex digest of its type; `url` must be an absolute http(s) address.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox' }); // its box image uploaded later
 * const libvirt = await createProvider(core, 'myorg/tools', '1.0.0', {
 *   name: 'libvirt',
 *   url: 'https://downloads.example.com/tools-1.0.0-libvirt.box',
 *   checksum: 'a59e7332e8bbe896f11f478fc61fa8a6',
 *   checksum_type: 'md5',
 * });
 * console.log(libvirt.hosted); // false: the registry points at the url
 * const arm = await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox', architecture: 'arm64' });
 * console.log(arm.architecture); // arm64
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see) or the version does not exist.
 * @throws {UnprocessableEntityError} when the version already has a provider of that name (and architecture).
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty, or the fields break the
 *   rules above (a checksum without its type, a url that is not http(s), an unknown field).
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function createProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  request: CreateProviderRequest,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    async () => {
      const path = `${versionPath(tag, version)}/providers`;
      const fields = await validateRequestBody(CreateProviderRequestSchema, request, 'provider');
      return {
        method: 'POST',
        ...(fields.architecture === undefined ? { path } : v2Route(core.baseUrl, path)),
        body: { provider: fields },
        schema: ProviderSchema,
      };
    },
    options,
  );
}
