import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { providerPath } from '../paths.js';
import { type UpdateProviderRequest, UpdateProviderRequestSchema } from './request-schemas.js';
import { type Provider, ProviderSchema } from './schemas.js';

/** PUT /api/v1/box/:username/:name/version/:version/provider/:provider — changes the name, url or checksum of a provider. */
export function updateProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  request: UpdateProviderRequest,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: providerPath(tag, version, provider),
      body: { provider: await validateRequest(UpdateProviderRequestSchema, request, 'provider update') },
      schema: ProviderSchema,
    }),
    options,
  );
}
