import type { ApiPromise, RequestOptions } from '@infra-sdk/core';
import { sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { providerPath } from '../paths.js';
import { type UploadPreparation, UploadPreparationSchema } from './schemas.js';

/** GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload — an address to PUT the asset to; it expires shortly. */
export function prepareUpload(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  options?: RequestOptions,
): ApiPromise<UploadPreparation> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `${providerPath(tag, version, provider)}/upload`,
      schema: UploadPreparationSchema,
    }),
    options,
  );
}
