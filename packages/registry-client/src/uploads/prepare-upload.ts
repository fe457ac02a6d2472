import type { ApiPromise, RequestOptions } from '@infra-sdk/core';
import { sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import { UploadPreparationSchema } from './schemas.js';
import type { UploadPreparation } from './types.generated.js';

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload` (`/api/v2/.../provider/:provider/:architecture/upload`
 * for a provider named `{ name, architecture }`): an address to PUT the
 * provider's box image to (`upload_path`).
 *
 * The address needs no token and expires shortly; `uploads.upload` does this step, the PUT, its retries
 * and the checksum for you.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, prepareUpload } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox' });
 * const { upload_path } = await prepareUpload(core, 'myorg/tools', '1.0.0', 'virtualbox');
 * const stored = await fetch(upload_path, { method: 'PUT', body: new Uint8Array(1024) });
 * console.log(stored.status); // 200: the registry now hosts the image
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function prepareUpload(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  options?: RequestOptions,
): ApiPromise<UploadPreparation> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      ...providerRoute(core.baseUrl, tag, version, provider, '/upload'),
      schema: UploadPreparationSchema,
    }),
    options,
  );
}
