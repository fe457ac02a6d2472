// The `token` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepToken } from './keep-token.js';
import { revokeSelfToken } from './revoke-self.js';
import { lookupSelfToken, renewSelfToken } from './self.js';

/** The operations of `client.token`. */
export const tokenOperations = {
  /**
   * `GET /v1/auth/token/lookup-self`: what the service says about the client's token: policies, TTL,
   * creation TTL, explicit max TTL, period, renewability ({@link lookupSelfToken} with this client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const token = await secrets.token.lookupSelf();
   * console.log(token.policies, token.ttl, token.renewable);
   * ```
   * @throws {PermissionDeniedError} when the token is missing, unknown or expired.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  lookupSelf: lookupSelfToken,
  /**
   * `POST /v1/auth/token/renew-self`: renews the client's token, never past its max TTL, and resolves to
   * the answer's `auth` block ({@link renewSelfToken} with this client's core). Retried like a read.
   *
   * Options: `increment` (seconds or duration text; default the token's TTL, a periodic token gets its
   * period); `namespace`.
   *
   * @example
   * ```ts
   * import { createSecretsClient } from '@infra-sdk/secrets-client';
   *
   * // A token with a TTL to renew (the root token never expires): `POST /v1/auth/token/create`.
   * const { auth } = await secrets.request<{ auth: { client_token: string } }>({
   *   method: 'POST',
   *   path: '/auth/token/create',
   *   body: { ttl: '1h' },
   * });
   * const own = createSecretsClient({ baseUrl: 'https://secrets.example:8200', token: auth.client_token });
   * const renewed = await own.token.renewSelf({ increment: '30m' });
   * console.log(renewed.lease_duration); // 1800
   * ```
   * @throws {BadRequestError} when the token cannot be renewed (not renewable, or it never expires).
   * @throws {RequestValidationError} before sending, when `increment` is not whole seconds or duration text.
   * @throws {PermissionDeniedError} when the token is missing, unknown or expired.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  renewSelf: renewSelfToken,
  /**
   * `POST /v1/auth/token/revoke-self`: revokes the client's token; every later call with it gets 403
   * ({@link revokeSelfToken} with this client's core). Not retried.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * await secrets.token.revokeSelf(); // the client's token stops working
   * ```
   * @throws {PermissionDeniedError} when the token is missing, unknown, expired or already revoked.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revokeSelf: revokeSelfToken,
  /**
   * Keeps the client's token alive: `GET /v1/auth/token/lookup-self` once, then
   * `POST /v1/auth/token/renew-self` at a random point of its remaining life while it is renewable
   * ({@link keepToken} with this client's core). Never revokes the token.
   *
   * Options: the keeper options (`increment`, `renewWindow`, `onCredential`, `onEvent`, `backoffMs`,
   * `maxBackoffMs`, `maxFailures`, `clock`, `signal`) and request options for its calls.
   *
   * @example
   * ```ts
   * await using kept = secrets.token.keep({ onEvent: (event) => console.log(event.type) });
   * const token = await kept.ready;
   * console.log(token.data.ttl, token.expiresAt);
   * ```
   * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1, or
   *   `backoffMs` / `maxBackoffMs` are not finite numbers of 0 or more.
   * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text.
   *   Failures of the calls are never thrown: they are `retry` and `error` events; `done` says how the
   *   keeper ended, and `ready` rejects with the lookup's failure (`PermissionDeniedError`).
   */
  keep: keepToken,
};

/** `client.token`: the life of the client's own token, bound to the client's core. */
export interface TokenGroup extends BoundGroup<SecretsCore, typeof tokenOperations> {}

/** Builds `client.token`. */
export function tokenGroup(core: SecretsCore): TokenGroup {
  return bindOperations(core, tokenOperations);
}
