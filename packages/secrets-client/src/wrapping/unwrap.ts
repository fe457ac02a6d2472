// Unwrapping: the wrapping token, used once, gives back the answer it stands for; the lookup tells what a
// token stands for (where it was made, when, for how long) without using it up.
import { type ApiPromise, type StandardSchemaV1, sendOperation, validateRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import {
  WRAPPED_ANSWER,
  type WrapInfo,
  type WrappingTokenInfo,
  WrappingTokenInfoSchema,
  WrappingTokenRequestSchema,
} from './schemas.js';

/** Options of `unwrap` given a bare token. */
export interface UnwrapOptions<T> extends SecretsRequestOptions {
  /** The schema of the wrapped answer's payload (`CredentialsSchema`, ...): checks it and gives its type. */
  readonly schema?: StandardSchemaV1<unknown, T> | undefined;
}

/** The body naming a wrapping token, given as text or as the wrap information of a wrapped call. */
function tokenBody(wrapped: WrapInfo | string): Promise<{ token: string }> {
  const token = typeof wrapped === 'object' && wrapped !== null ? wrapped.token : wrapped;
  return validateRequest(WrappingTokenRequestSchema, { token }, 'wrapping token');
}

/**
 * POST /v1/sys/wrapping/unwrap — the answer a wrapping token stands for, once (a second unwrap is a
 * `BadRequestError`). Given the wrap information of a wrapped call, the answer is typed and checked as
 * that call's own; given a bare token, as `options.schema` says (unchecked without one). Without a token,
 * the client's own token is the wrapping token (a service handed only a wrapping token unwraps it so).
 * Never retried: a repeated request would find the token spent.
 */
export function unwrap<T>(
  core: SecretsCore,
  wrapped: WrapInfo<T>,
  options?: SecretsRequestOptions,
): ApiPromise<T, SecretsMeta>;
export function unwrap<T = unknown>(
  core: SecretsCore,
  token?: string,
  options?: UnwrapOptions<T>,
): ApiPromise<T, SecretsMeta>;
export function unwrap(
  core: SecretsCore,
  wrapped?: WrapInfo | string,
  options?: UnwrapOptions<unknown>,
): ApiPromise<unknown, SecretsMeta> {
  const { schema, ...request } = options ?? {};
  return sendOperation(
    core,
    async () => {
      const answer = typeof wrapped === 'object' ? wrapped[WRAPPED_ANSWER] : undefined;
      const reader = schema ?? answer?.schema;
      return {
        method: 'POST',
        path: '/sys/wrapping/unwrap',
        ...(wrapped === undefined ? {} : { body: await tokenBody(wrapped) }),
        ...(reader === undefined ? {} : { schema: reader }),
        ...(answer?.unwrap === undefined ? {} : { unwrap: answer.unwrap }),
      };
    },
    request,
  );
}

/**
 * POST /v1/sys/wrapping/lookup — what a wrapping token stands for (creation path, time and TTL), without
 * using it up; needs no token of the client's own. An unknown, spent or expired token is a `BadRequestError`.
 */
export function lookupWrappingToken(
  core: SecretsCore,
  wrapped: WrapInfo | string,
  options?: SecretsRequestOptions,
): ApiPromise<WrappingTokenInfo, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/sys/wrapping/lookup',
      body: await tokenBody(wrapped),
      schema: WrappingTokenInfoSchema,
      idempotent: true,
    }),
    options,
  );
}
