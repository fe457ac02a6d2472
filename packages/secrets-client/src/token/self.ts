// The token's own life: what it says about itself, and its renewal.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import type { DurationValue } from '../types.generated.js';
import { RenewSelfRequestSchema, TokenAuthSchema, TokenInfoSchema } from './schemas.js';
import type { TokenAuth, TokenInfo } from './types.generated.js';

/** Options of a token renewal. */
export interface RenewSelfOptions extends SecretsRequestOptions {
  /** Time asked for from now: seconds or duration text. Default: the token's own TTL; a periodic token gets its period. */
  readonly increment?: DurationValue | undefined;
}

/** The keys of `RenewSelfOptions`. */
export const renewSelfOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { increment: 1 } as const satisfies OwnOptionKeys<RenewSelfOptions, SecretsRequestOptions>,
];

/**
 * `GET /v1/auth/token/lookup-self`: what the service says about the client's token: its policies, TTL
 * and creation TTL, explicit max TTL, period, renewability and accessor (`id` is the token itself).
 *
 * @example
 * ```ts
 * import { lookupSelfToken } from '@infra-sdk/secrets-client';
 *
 * const token = await lookupSelfToken(core);
 * console.log(token.policies, token.ttl); // a root token: ['root'] 0 (it never expires)
 * ```
 * @throws {PermissionDeniedError} when the token is missing, unknown or expired.
 */
export function lookupSelfToken(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<TokenInfo, SecretsMeta> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: '/auth/token/lookup-self', schema: TokenInfoSchema }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * `POST /v1/auth/token/renew-self`: renews the client's token (never past its max TTL; a periodic token
 * gets its period) and resolves to the `auth` block of the answer: the new `lease_duration` and whether
 * it can be renewed again. A capped renewal says so in `meta.warnings`. Retried like a read.
 *
 * @example
 * ```ts
 * import { createSecretsCore, renewSelfToken } from '@infra-sdk/secrets-client';
 *
 * // A token with a TTL to renew (the root token never expires): `POST /v1/auth/token/create`.
 * const { auth } = await secrets.request<{ auth: { client_token: string } }>({
 *   method: 'POST',
 *   path: '/auth/token/create',
 *   body: { ttl: '1h' },
 * });
 * const own = createSecretsCore({ baseUrl: 'https://secrets.example:8200', token: auth.client_token });
 * const renewed = await renewSelfToken(own, { increment: '30m' });
 * console.log(renewed.lease_duration, renewed.renewable); // 1800 true
 * ```
 * @throws {BadRequestError} when the token cannot be renewed (not renewable, or it never expires).
 * @throws {RequestValidationError} before sending, when `increment` is not whole seconds or duration text.
 * @throws {PermissionDeniedError} when the token is missing, unknown or expired.
 */
export function renewSelfToken(
  core: SecretsCore,
  options?: RenewSelfOptions,
): ApiPromise<TokenAuth, SecretsMeta> {
  const { increment, ...request } = options ?? {};
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/auth/token/renew-self',
      body: await validateRequest(
        RenewSelfRequestSchema,
        increment === undefined ? {} : { increment },
        'token renewal',
      ),
      schema: TokenAuthSchema,
      // The answer's payload is its `auth` block; `data` is null.
      unwrap: (body, meta) => {
        const unwrapped = unwrapEnvelope(body, meta);
        return { data: unwrapped.meta.auth ?? undefined, meta: unwrapped.meta };
      },
      // Renewing twice only extends the same token, so a lost answer may be retried.
      idempotent: true,
    }),
    request,
    renewSelfOptionKeys,
  );
}
