// The `wrapping` group of the client, and the client whose every answer comes back wrapped.
import type { ApiPromise } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { CloudGroup } from '../cloud/group.js';
import type { SecretsCore } from '../core.js';
import type { DatabaseGroup } from '../database/group.js';
import type { SecretsMeta } from '../envelope.js';
import type { KvGroup } from '../kv/group.js';
import type { LeasesGroup } from '../leases/group.js';
import type { SyncGroup } from '../sync/group.js';
import type { TokenGroup } from '../token/group.js';
import type { WrapInfo, WrappingTokenInfo } from './schemas.js';
import { lookupWrappingToken, type UnwrapOptions, unwrap } from './unwrap.js';

/** `client.wrapping`: unwrapping and looking up wrapping tokens (`sys/wrapping`). */
export interface WrappingGroup {
  /**
   * `POST /v1/sys/wrapping/unwrap`: the answer of a wrapped call, once, typed and checked as that call's
   * own (`unwrap` with this client's core). Never retried: the token works once.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const wrapped = await secrets.wrapped('5m').database.roles.generateCredentials('readonly');
   * const creds = await secrets.wrapping.unwrap(wrapped); // Credentials
   * console.log(creds.username);
   * ```
   * @throws {BadRequestError} when the wrapping token is unknown, already unwrapped or past its TTL.
   * @throws {RequestValidationError} before sending, when the token is empty.
   * @throws {ResponseValidationError} when the payload does not match the call's schema.
   * @throws {PermissionDeniedError} when the client's own token is missing, unknown or expired.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  unwrap<T>(wrapped: WrapInfo<T>, options?: SecretsRequestOptions): ApiPromise<T, SecretsMeta>;
  /**
   * `POST /v1/sys/wrapping/unwrap`: the answer a bare wrapping token stands for, checked by
   * `options.schema` (`unwrap` with this client's core); without a token, the client's own token is the
   * wrapping token. Never retried.
   *
   * Options: `schema` (the payload's schema; without it the answer is `unknown`, unchecked); `namespace`.
   *
   * @example
   * ```ts
   * import { createSecretsClient, CredentialsSchema } from '@infra-sdk/secrets-client';
   *
   * const { token } = await secrets.wrapped('5m').database.roles.generateCredentials('readonly');
   * // A worker handed only the wrapping token uses it as its token, and unwraps it so.
   * const worker = createSecretsClient({ baseUrl: 'https://secrets.example:8200', token });
   * const creds = await worker.wrapping.unwrap(undefined, { schema: CredentialsSchema });
   * console.log(creds.username);
   * ```
   * @throws {BadRequestError} when the wrapping token is unknown, already unwrapped or past its TTL.
   * @throws {RequestValidationError} before sending, when the token is empty.
   * @throws {ResponseValidationError} when the payload does not match `options.schema`.
   * @throws {PermissionDeniedError} when a token is given and the client's own token is missing or unknown.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  unwrap<T = unknown>(token?: string, options?: UnwrapOptions<T>): ApiPromise<T, SecretsMeta>;
  /**
   * `POST /v1/sys/wrapping/lookup`: what a wrapping token stands for (creation path, time and TTL),
   * without using it up; needs no token of the client's own ({@link lookupWrappingToken} with this
   * client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const wrapped = await secrets.wrapped('5m').database.roles.generateCredentials('readonly');
   * const info = await secrets.wrapping.lookup(wrapped);
   * console.log(info.creation_path); // database/creds/readonly
   * ```
   * @throws {BadRequestError} when the token is unknown, already unwrapped or past its TTL.
   * @throws {RequestValidationError} before sending, when the token is empty.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  lookup(
    wrapped: WrapInfo | string,
    options?: SecretsRequestOptions,
  ): ApiPromise<WrappingTokenInfo, SecretsMeta>;
}

/** Builds `client.wrapping`. */
export function wrappingGroup(core: SecretsCore): WrappingGroup {
  return {
    unwrap: (wrapped?: WrapInfo | string, options?: UnwrapOptions<unknown>) =>
      unwrap(core, wrapped as string | undefined, options),
    lookup: (wrapped, options) => lookupWrappingToken(core, wrapped, options),
  };
}

/**
 * A group of the client whose every call answers with wrap information instead of its payload: each
 * method takes what it always takes, and resolves to `WrapInfo` of what it would have resolved to.
 * Members that are not calls of the service (keepers, waits, help) are left out.
 */
export type Wrapped<G> = {
  readonly [K in keyof G as K extends 'help'
    ? never
    : G[K] extends (...args: never[]) => ApiPromise<unknown, SecretsMeta>
      ? K
      : G[K] extends (...args: never[]) => unknown
        ? never
        : K]: G[K] extends (...args: infer A) => ApiPromise<infer T, SecretsMeta>
    ? (...args: A) => ApiPromise<WrapInfo<T>, SecretsMeta>
    : Wrapped<G[K]>;
};

/** The client as `client.wrapped(ttl)` returns it: every call's answer wrapped for that TTL. */
export interface WrappedSecretsClient {
  /** The cloud-credentials engine, answers wrapped. */
  readonly cloud: Wrapped<CloudGroup>;
  /** The database engine, answers wrapped. */
  readonly database: Wrapped<DatabaseGroup>;
  /** The versioned key-value engine, answers wrapped. */
  readonly kv: Wrapped<KvGroup>;
  /** Secret sync, answers wrapped. */
  readonly sync: Wrapped<SyncGroup>;
  /** Lease renewal and revocation, answers wrapped. */
  readonly leases: Wrapped<LeasesGroup>;
  /** The client's token, answers wrapped. */
  readonly token: Wrapped<TokenGroup>;
}
