import type { ApiPromise, RequestOptions } from '@infra-sdk/core';
import { sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { providerPath } from '../paths.js';
import { type DirectUploadPreparation, DirectUploadPreparationSchema } from './schemas.js';

/** GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload/direct — a storage address to PUT the asset to, and the callback that finalises it. */
export function prepareDirectUpload(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  options?: RequestOptions,
): ApiPromise<DirectUploadPreparation> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: `${providerPath(tag, version, provider)}/upload/direct`,
      schema: DirectUploadPreparationSchema,
    }),
    options,
  );
}
