import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { type CreateProviderRequest, CreateProviderRequestSchema } from './request-schemas.js';
import { type Provider, ProviderSchema } from './schemas.js';

/** POST /api/v1/box/:username/:name/version/:version/providers — adds a provider, with a download `url` or for a later upload. */
export function createProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  request: CreateProviderRequest,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `${versionPath(tag, version)}/providers`,
      body: { provider: await validateRequest(CreateProviderRequestSchema, request, 'provider') },
      schema: ProviderSchema,
    }),
    options,
  );
}
