// Unwrapping: the wrapping token, used once, gives back the answer it stands for; the lookup tells what a
// token stands for (where it was made, when, for how long) without using it up.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  type StandardSchemaV1,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { WrappingTokenInfoSchema, WrappingTokenRequestSchema } from './schemas.js';
import type { WrappingTokenInfo } from './types.generated.js';
import { WRAPPED_ANSWER, type WrapInfo } from './wrap-info.js';

/** Options of `unwrap` given a bare token. */
export interface UnwrapOptions<T> extends SecretsRequestOptions {
  /** The schema of the wrapped answer's payload (`CredentialsSchema`, ...): checks it and gives its type. */
  readonly schema?: StandardSchemaV1<unknown, T> | undefined;
}

/** The keys of `UnwrapOptions`. */
export const unwrapOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { schema: 1 } as const satisfies OwnOptionKeys<UnwrapOptions<unknown>, SecretsRequestOptions>,
];

/** The body naming a wrapping token, given as text or as the wrap information of a wrapped call. */
function tokenBody(wrapped: WrapInfo | string): Promise<{ token: string }> {
  const token = typeof wrapped === 'object' && wrapped !== null ? wrapped.token : wrapped;
  return validateRequest(WrappingTokenRequestSchema, { token }, 'wrapping token');
}

/**
 * `POST /v1/sys/wrapping/unwrap`: the answer a wrapping token stands for, once (a second unwrap is a
 * `BadRequestError`). Given the wrap information of a wrapped call, the answer is typed and checked as
 * that call's own; given a bare token, as `options.schema` says (unchecked without one). Without a token,
 * the client's own token is the wrapping token (a service handed only a wrapping token unwraps it so).
 * Never retried: a repeated request would find the token spent.
 *
 * @example
 * ```ts
 * import { generateCredentials, unwrap, wrapResponse } from '@infra-sdk/secrets-client';
 *
 * const wrapped = await wrapResponse(core, '5m', generateCredentials, 'readonly');
 * const creds = await unwrap(core, wrapped); // typed as generateCredentials' answer
 * console.log(creds.username);
 * ```
 * @throws {BadRequestError} when the wrapping token is unknown, already unwrapped or past its TTL.
 * @throws {RequestValidationError} before sending, when the token is empty.
 * @throws {ResponseValidationError} when the payload does not match the call's schema or `options.schema`.
 * @throws {PermissionDeniedError} when a token is given and the client's own token (the caller's
 *   authentication) is missing, unknown or expired.
 */
export function unwrap<T>(
  core: SecretsCore,
  wrapped: WrapInfo<T>,
  options?: SecretsRequestOptions,
): ApiPromise<T, SecretsMeta>;
/**
 * `POST /v1/sys/wrapping/unwrap`: the answer a bare wrapping token (text) stands for, once, checked and
 * typed by `options.schema` (`unknown` and unchecked without one); without a token, the client's own
 * token is the wrapping token. Never retried.
 *
 * @example
 * ```ts
 * import { unwrap, wrapResponse, generateCredentials } from '@infra-sdk/secrets-client';
 * import { CredentialsSchema } from '@infra-sdk/secrets-client/schemas';
 *
 * const { token } = await wrapResponse(core, '5m', generateCredentials, 'readonly');
 * const creds = await unwrap(core, token, { schema: CredentialsSchema });
 * console.log(creds.username);
 * ```
 * @throws {BadRequestError} when the wrapping token is unknown, already unwrapped or past its TTL.
 * @throws {RequestValidationError} before sending, when the token is empty.
 * @throws {ResponseValidationError} when the payload does not match `options.schema`.
 * @throws {PermissionDeniedError} when a token is given and the client's own token is missing or unknown.
 */
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
    unwrapOptionKeys,
  );
}

/**
 * `POST /v1/sys/wrapping/lookup`: what a wrapping token stands for (creation path, time and TTL),
 * without using it up; needs no token of the client's own. Retried like a read.
 *
 * @example
 * ```ts
 * import { generateCredentials, lookupWrappingToken, wrapResponse } from '@infra-sdk/secrets-client';
 *
 * const wrapped = await wrapResponse(core, '5m', generateCredentials, 'readonly');
 * const info = await lookupWrappingToken(core, wrapped.token);
 * console.log(info.creation_path, info.creation_ttl); // database/creds/readonly 300
 * ```
 * @throws {BadRequestError} when the token is unknown, already unwrapped or past its TTL.
 * @throws {RequestValidationError} before sending, when the token is empty.
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
    secretsRequestOptionKeys,
  );
}
