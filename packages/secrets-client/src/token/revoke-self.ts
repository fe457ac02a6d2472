// Letting the client's own token go.
import { type ApiPromise, sendOperation } from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';

/**
 * `POST /v1/auth/token/revoke-self`: revokes the client's token (and the tokens and leases made with
 * it); every later call with it gets 403. Resolves once the service has revoked it (204). Not retried:
 * a retry would find the token gone and fail.
 *
 * @example
 * ```ts
 * import { createSecretsCore, revokeSelfToken } from '@infra-sdk/secrets-client';
 *
 * const own = createSecretsCore({ baseUrl: 'https://secrets.example:8200', token: process.env.SECRETS_TOKEN });
 * await revokeSelfToken(own); // the token stops working
 * ```
 * @throws {PermissionDeniedError} when the token is missing, unknown, expired or already revoked.
 */
export function revokeSelfToken(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({ method: 'POST', path: '/auth/token/revoke-self', schema: WriteResultSchema }),
    options,
    secretsRequestOptionKeys,
  );
}
