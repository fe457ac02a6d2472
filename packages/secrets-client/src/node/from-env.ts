// The environment as the service's command-line tool reads it, token file included.
import { env } from 'node:process';
import type { SecretsClient } from '../client.js';
import type { SecretsClientOptions } from '../core.js';
import { fromEnv as fromEnvironment } from '../from-env.js';
import { tokenFromHelperFile } from './token-files.js';

/**
 * Creates a client from the environment as the main entry's `fromEnv` does (`SECRETS_ADDR`,
 * `SECRETS_TOKEN`, `SECRETS_NAMESPACE`, `INFRA_SDK_DEBUG`), and, when `SECRETS_TOKEN` is unset and no
 * `token` is given, uses the token the service's command-line tool keeps after a login:
 * `~/.secrets-token` (the home folder's `.secrets-token`), read before each request, so a new login
 * is picked up; without the file, requests go without a token.
 *
 * @example
 * ```ts
 * import { fromEnv } from '@infra-sdk/secrets-client/node';
 *
 * const client = fromEnv(); // SECRETS_TOKEN, else ~/.secrets-token
 * console.log((await client.token.lookupSelf()).policies);
 * ```
 * @throws {InfraSdkError} when `SECRETS_ADDR` is missing (and no `baseUrl` given), as the main
 *   entry's `fromEnv` does.
 * @throws {RequestValidationError} when `SECRETS_TOKEN` is set but empty or cannot travel in a header.
 * @throws {TypeError} as `createSecretsClient` does, for an address or option it refuses.
 */
export function fromEnv(overrides: Partial<SecretsClientOptions> = {}): SecretsClient {
  const unset = env.SECRETS_TOKEN === undefined && overrides.token === undefined;
  return fromEnvironment(unset ? { ...overrides, token: () => tokenFromHelperFile() } : overrides);
}
