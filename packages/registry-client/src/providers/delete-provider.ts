import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import { ProviderSchema } from './schemas.js';
import type { Provider } from './types.generated.js';

/**
 * `DELETE /api/v1/box/:username/:name/version/:version/provider/:provider` (or
 * `/api/v2/.../provider/:provider/:architecture` for a provider named `{ name, architecture }`): deletes a provider;
 * resolves to the deleted provider.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, deleteProvider } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
 * const gone = await deleteProvider(core, 'myorg/tools', '1.0.0', 'libvirt');
 * console.log(gone.name); // libvirt
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function deleteProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      ...providerRoute(core.baseUrl, tag, version, provider),
      schema: ProviderSchema,
    }),
    options,
  );
}
