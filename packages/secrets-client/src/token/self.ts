// The token's own life: what it says about itself, and its renewal.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { DurationValue } from '../duration.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import {
  RenewSelfRequestSchema,
  type TokenAuth,
  TokenAuthSchema,
  type TokenInfo,
  TokenInfoSchema,
} from './schemas.js';

/** Options of a token renewal. */
export interface RenewSelfOptions extends SecretsRequestOptions {
  /** Time asked for from now: seconds or duration text. Default: the token's own TTL; a periodic token gets its period. */
  readonly increment?: DurationValue | undefined;
}

/** GET /v1/auth/token/lookup-self — what the service says about the client's token: TTL, max TTL, period, renewability. */
export function lookupSelfToken(
  core: SecretsCore,
  options?: SecretsRequestOptions,
): ApiPromise<TokenInfo, SecretsMeta> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: '/auth/token/lookup-self', schema: TokenInfoSchema }),
    options,
  );
}

/**
 * POST /v1/auth/token/renew-self — renews the client's token (never past its max TTL) and resolves to the
 * `auth` block of the answer: the new `lease_duration` and whether it can be renewed again.
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
  );
}
