import { optionsFromEnv } from '@infra-sdk/core';
import { createSecretsClient, type SecretsClient } from './client.js';
import { type SecretsClientOptions, secretsClientOptionKeys } from './core.js';

/**
 * Creates a client from the environment: `SECRETS_ADDR` (the service's address; `host:port` without a
 * scheme means `http://`), `SECRETS_TOKEN` (unset: anonymous), `SECRETS_NAMESPACE` and
 * `INFRA_SDK_DEBUG` (`1` logs each request, `bodies` adds the masked bodies), and in Node the proxy
 * variables. Under the prefix `SECRETS` (what each takes: core's README, "Environment variables"): in
 * Node the TLS variables `SECRETS_CACERT`, `SECRETS_CAPATH`, `SECRETS_CLIENT_CERT`, `SECRETS_CLIENT_KEY`,
 * `SECRETS_TLS_SERVER_NAME` and `SECRETS_SKIP_VERIFY` (the files are read now), and everywhere
 * `SECRETS_CLIENT_TIMEOUT` (`timeout`), `SECRETS_MAX_RETRIES` (`retry`) and `SECRETS_RATE_LIMIT`
 * (`rateLimit`). `overrides` win over the environment; a `fetch` there replaces the proxy and TLS
 * variables.
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
 * @throws {InfraSdkError} naming the variable, when a `SECRETS_*` TLS file cannot be read or holds no
 *   PEM, `SECRETS_CLIENT_CERT` is set without `SECRETS_CLIENT_KEY` (or the reverse), `SECRETS_SKIP_VERIFY`
 *   is not `1`, `true`, `0` or `false`, a TLS variable is set outside Node, or `SECRETS_CLIENT_TIMEOUT`,
 *   `SECRETS_MAX_RETRIES` or `SECRETS_RATE_LIMIT` is no number of its kind.
 * @throws {RequestValidationError} when `SECRETS_TOKEN` is set but empty or cannot travel in a header
 *   (naming the variable, never its value), when `overrides` holds a key that is not a client option
 *   (before any variable is read), and as `createSecretsClient` does.
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
      secretsClientOptionKeys,
    ),
  );
}
