import { InfraSdkError, optionsFromEnv, readEnv } from '@infra-sdk/core';
import { createRegistryClient, type RegistryClient } from './client.js';
import { isRegistryAuthHeader, type RegistryClientOptions, registryClientOptionKeys } from './core.js';

/**
 * Creates a client from the environment: `REGISTRY_ADDR` (required), `REGISTRY_TOKEN` (unset:
 * anonymous), `REGISTRY_AUTH_HEADER` (`bearer`, `x-registry-token` or `query`) and `INFRA_SDK_DEBUG`
 * (`1` or `bodies`: the debug log); `overrides` win over them.
 *
 * In Node, `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY` route the registry calls, uploads and downloads
 * (unless `overrides` has a `fetch`). An address without a scheme means `http://`.
 *
 * Under the prefix `REGISTRY` (what each takes: core's README, "Environment variables"): in Node the TLS
 * variables `REGISTRY_CACERT`, `REGISTRY_CAPATH`, `REGISTRY_CLIENT_CERT`, `REGISTRY_CLIENT_KEY`,
 * `REGISTRY_TLS_SERVER_NAME` and `REGISTRY_SKIP_VERIFY` (the files are read now; a `fetch` in
 * `overrides` replaces them), and everywhere `REGISTRY_CLIENT_TIMEOUT` (`timeout`),
 * `REGISTRY_MAX_RETRIES` (`retry`) and `REGISTRY_RATE_LIMIT` (`rateLimit`).
 *
 * @example
 * ```ts
 * import { fromEnv } from '@infra-sdk/registry-client';
 *
 * const client = fromEnv({ userAgent: 'release-pipeline/1.4' }); // REGISTRY_ADDR, REGISTRY_TOKEN, ...
 * await client.tokens.validate(); // the token of REGISTRY_TOKEN is valid
 * ```
 * @throws {InfraSdkError} when `REGISTRY_ADDR` is unset and `overrides` has no `baseUrl` (naming both), when
 *   `REGISTRY_AUTH_HEADER`, `INFRA_SDK_DEBUG` or a proxy variable holds a value it cannot use, naming it.
 * @throws {InfraSdkError} naming the variable, when a `REGISTRY_*` TLS file cannot be read or holds no
 *   PEM, `REGISTRY_CLIENT_CERT` is set without `REGISTRY_CLIENT_KEY` (or the reverse),
 *   `REGISTRY_SKIP_VERIFY` is not `1`, `true`, `0` or `false`, a TLS variable is set outside Node, or
 *   `REGISTRY_CLIENT_TIMEOUT`, `REGISTRY_MAX_RETRIES` or `REGISTRY_RATE_LIMIT` is no number of its kind.
 * @throws {RequestValidationError} when `REGISTRY_TOKEN` is set but empty (leave it unset for anonymous use),
 *   or `overrides` holds a key that is not a client option (before any variable is read).
 * @throws {TypeError} when the address is not an http(s) one.
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
    registryClientOptionKeys,
  );
  const authHeader = options.authHeader ?? readEnv('REGISTRY_AUTH_HEADER');
  if (authHeader !== undefined && !isRegistryAuthHeader(authHeader)) {
    throw new InfraSdkError(
      `REGISTRY_AUTH_HEADER must be bearer, x-registry-token or query, not "${authHeader}"`,
    );
  }
  return createRegistryClient({ ...options, ...(authHeader === undefined ? {} : { authHeader }) });
}
