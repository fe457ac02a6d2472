import { InfraSdkError, optionsFromEnv, readEnv } from '@infra-sdk/core';
import { createRegistryClient, type RegistryClient } from './client.js';
import { isRegistryAuthHeader, type RegistryClientOptions } from './core.js';

/**
 * Creates a client from the environment: `REGISTRY_ADDR` (required), `REGISTRY_TOKEN` and
 * `REGISTRY_AUTH_HEADER` (`bearer`, `x-registry-token` or `query`); `overrides` win over them.
 */
export function fromEnv(overrides: Partial<RegistryClientOptions> = {}): RegistryClient {
  const options = optionsFromEnv(
    {
      address: 'REGISTRY_ADDR',
      token: 'REGISTRY_TOKEN',
      service: 'box registry',
      example: 'https://registry.example.com',
    },
    overrides,
  );
  const authHeader = options.authHeader ?? readEnv('REGISTRY_AUTH_HEADER');
  if (authHeader !== undefined && !isRegistryAuthHeader(authHeader)) {
    throw new InfraSdkError(
      `REGISTRY_AUTH_HEADER must be bearer, x-registry-token or query, not "${authHeader}"`,
    );
  }
  return createRegistryClient({ ...options, ...(authHeader === undefined ? {} : { authHeader }) });
}
