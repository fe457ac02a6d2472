// Tokens named by their accessor: looked up or revoked without holding the token itself.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { TokenAccessorRequestSchema, TokenInfoSchema } from './schemas.js';
import type { TokenInfo } from './types.generated.js';

/**
 * `POST /v1/auth/token/lookup-accessor`: what the service says about the token an accessor names (its
 * policies, TTL, max TTL, period, path); `id`, the token itself, comes back empty. Retried like a read.
 *
 * @example
 * ```ts
 * import { createToken, lookupTokenByAccessor } from '@infra-sdk/secrets-client';
 *
 * const { accessor } = await createToken(core, { ttl: '1h' });
 * const info = await lookupTokenByAccessor(core, accessor);
 * console.log(info.ttl, info.policies, info.id === ''); // 3600 [...] true
 * ```
 * @throws {BadRequestError} when no live token has that accessor.
 * @throws {RequestValidationError} before sending, when the accessor is empty.
 * @throws {PermissionDeniedError} when the client's token may not look tokens up by accessor.
 */
export function lookupTokenByAccessor(
  core: SecretsCore,
  accessor: string,
  options?: SecretsRequestOptions,
): ApiPromise<TokenInfo, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/auth/token/lookup-accessor',
      body: await validateRequest(TokenAccessorRequestSchema, { accessor }, 'token accessor'),
      schema: TokenInfoSchema,
      idempotent: true,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * `POST /v1/auth/token/revoke-accessor`: revokes the token an accessor names, and the tokens and leases
 * made with it; resolves once it is revoked (204). Retried like a read: revoking twice ends the same token.
 *
 * @example
 * ```ts
 * import { createToken, revokeTokenByAccessor } from '@infra-sdk/secrets-client';
 *
 * const { accessor } = await createToken(core, { ttl: '1h' });
 * await revokeTokenByAccessor(core, accessor); // the token and its children stop working
 * ```
 * @throws {BadRequestError} when no live token has that accessor.
 * @throws {RequestValidationError} before sending, when the accessor is empty.
 * @throws {PermissionDeniedError} when the client's token may not revoke tokens by accessor.
 */
export function revokeTokenByAccessor(
  core: SecretsCore,
  accessor: string,
  options?: SecretsRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/auth/token/revoke-accessor',
      body: await validateRequest(TokenAccessorRequestSchema, { accessor }, 'token accessor'),
      schema: WriteResultSchema,
      idempotent: true,
    }),
    options,
    secretsRequestOptionKeys,
  );
}
