import { optionsFromEnv } from '@infra-sdk/core';
import { createSecretsClient, type SecretsClient } from './client.js';
import type { SecretsClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SECRETS_ADDR` (the service's address; `host:port` without a
 * scheme means `http://`), `SECRETS_TOKEN` (unset: anonymous), `SECRETS_NAMESPACE` and
 * `INFRA_SDK_DEBUG` (`1` logs each request, `bodies` adds the masked bodies); `overrides` win over the
 * environment.
 *
 * @example
 * ```ts
 * import { fromEnv } from '@infra-sdk/secrets-client';
 *
 * const client = fromEnv({ timeout: 10_000 });
 * console.log((await client.token.lookupSelf()).policies);
 * ```
 * @throws {InfraSdkError} when `SECRETS_ADDR` is missing (and no `baseUrl` given), `INFRA_SDK_DEBUG`
 *   has a value it does not know, or a proxy variable holds no proxy address.
 * @throws {RequestValidationError} when `SECRETS_TOKEN` is set but empty or cannot travel in a header
 *   (naming the variable, never its value), and as `createSecretsClient` does.
 * @throws {TypeError} as `createSecretsClient` does, for an address or option it refuses.
 */
export function fromEnv(overrides: Partial<SecretsClientOptions> = {}): SecretsClient {
  return createSecretsClient(
    optionsFromEnv(
      {
        address: 'SECRETS_ADDR',
        token: 'SECRETS_TOKEN',
        namespace: 'SECRETS_NAMESPACE',
        service: 'secrets service',
        example: 'https://secrets.example:8200',
      },
      overrides,
    ),
  );
}
