import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import { ProviderSchema } from './schemas.js';
import type { Provider } from './types.generated.js';

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider` (or
 * `/api/v2/.../provider/:provider/:architecture` for a provider named `{ name, architecture }`): reads a provider: whether the
 * registry hosts its box image, its `original_url`, `download_url`, `checksum` and `checksum_type`.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, readProvider } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
 * const provider = await readProvider(core, 'myorg/tools', '1.0.0', 'libvirt');
 * console.log(provider.hosted, provider.original_url); // false https://downloads.example.com/...
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function readProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    () => ({ method: 'GET', ...providerRoute(core.baseUrl, tag, version, provider), schema: ProviderSchema }),
    options,
  );
}
