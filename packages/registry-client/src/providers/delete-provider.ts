import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { providerPath } from '../paths.js';
import { type Provider, ProviderSchema } from './schemas.js';

/** DELETE /api/v1/box/:username/:name/version/:version/provider/:provider — deletes a provider; resolves to the deleted provider. */
export function deleteProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    () => ({ method: 'DELETE', path: providerPath(tag, version, provider), schema: ProviderSchema }),
    options,
  );
}
