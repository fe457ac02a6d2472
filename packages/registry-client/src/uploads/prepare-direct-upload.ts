import type { ApiPromise, RequestOptions } from '@infra-sdk/core';
import { sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type ProviderRef, providerRoute } from '../paths.js';
import { DirectUploadPreparationSchema } from './schemas.js';
import type { DirectUploadPreparation } from './types.generated.js';

/**
 * `GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload/direct` (`/api/v2/.../provider/:provider/:architecture/upload/direct`
 * for a provider named `{ name, architecture }`): a backend storage
 * address to PUT the box image to (`upload_path`), and the registry's `callback` that finalises it.
 *
 * Storage takes the image at `upload_path` (no token); the registry hosts it only once
 * `completeDirectUpload(core, callback)` is called. `uploads.upload` with `direct: true` does all three
 * steps for you.
 *
 * @example
 * ```ts
 * import { createBox, createProvider, createVersion, prepareDirectUpload } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * await createVersion(core, 'myorg/tools', { version: '1.0.0' });
 * await createProvider(core, 'myorg/tools', '1.0.0', { name: 'virtualbox' });
 * const { upload_path, callback } = await prepareDirectUpload(core, 'myorg/tools', '1.0.0', 'virtualbox');
 * console.log(upload_path !== callback); // true
 * ```
 * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
 *   `provider` is empty.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function prepareDirectUpload(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: ProviderRef,
  options?: RequestOptions,
): ApiPromise<DirectUploadPreparation> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      ...providerRoute(core.baseUrl, tag, version, provider, '/upload/direct'),
      schema: DirectUploadPreparationSchema,
    }),
    options,
  );
}
