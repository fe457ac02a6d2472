import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { providerPath } from '../paths.js';
import { type Provider, ProviderSchema } from './schemas.js';

/** GET /api/v1/box/:username/:name/version/:version/provider/:provider — reads a provider with its checksum. */
export function readProvider(
  core: RegistryCore,
  tag: string,
  version: string,
  provider: string,
  options?: RequestOptions,
): ApiPromise<Provider> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: providerPath(tag, version, provider), schema: ProviderSchema }),
    options,
  );
}
