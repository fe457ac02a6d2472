import {
  type ApiPromise,
  type RequestOptions,
  RequestValidationError,
  sendOperation,
  validateRequestBody,
} from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import { UpdateProviderRequestSchema } from './request-schemas.js';
import { ProviderSchema } from './schemas.js';
import type { Provider, UpdateProviderRequest } from './types.generated.js';

/**
 * `PUT /api/v1/box/:username/:name/version/:version/provider/:provider` (or
 * `/api/v2/.../provider/:provider/:architecture` for a provider named `{ name, architecture }`): changes
 * the name, url or checksum of a provider, and through `/api/v2` its `architecture` or
 * `default_architecture`; only the fields given are sent.
 *
 * `checksum` and `checksum_type` (`md5`, `sha1`, `sha256`, `sha384`, `sha512`) go together, and the
 * checksum must be the hex digest of its type; `url` must be an absolute http(s) address.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, updateProvider } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
 * const provider = await updateProvider(core, 'myorg/tools', '1.0.0', 'libvirt', {
 *   url: 'https://mirror.example.com/tools-1.0.0-libvirt.box',
 * });
 * console.log(provider.original_url); // https://mirror.example.com/tools-1.0.0-libvirt.box
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', architecture: 'arm64', url: 'https://downloads.example.com/arm.box' });
 * await updateProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', architecture: 'arm64' }, { default_architecture: true });
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {UnprocessableEntityError} when a new `name` is taken by another provider of the version.
 * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty, when no field is given, when architecture fields are given for a provider named
 *   without its architecture,
 *   or the fields break the rules above.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function updateProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  request: UpdateProviderRequest,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    async () => {
      const route = providerRoute(core.baseUrl, tag, version, provider);
      const fields = await validateRequestBody(UpdateProviderRequestSchema, request, 'provider update');
      if (route.url === undefined && (fields.architecture ?? fields.default_architecture) !== undefined) {
        throw new RequestValidationError('provider update', [
          {
            path: 'architecture',
            message:
              'architecture fields are changed through /api/v2: name the provider as { name, architecture }',
          },
        ]);
      }
      return { method: 'PUT', ...route, body: { provider: fields }, schema: ProviderSchema };
    },
    options,
  );
}
