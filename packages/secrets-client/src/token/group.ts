// The `token` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { lookupTokenByAccessor, revokeTokenByAccessor } from './accessor.js';
import { capabilitiesSelf } from './capabilities.js';
import { createToken } from './create.js';
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
   * `POST /v1/auth/token/create` (`create-orphan` with `orphan: true`, `create/:role_name` with `role`):
   * makes a token and resolves to the `auth` block ({@link createToken} with this client's core). Not retried.
   *
   * Options: `orphan`, `role` (not both); `namespace`.
   *
   * @example
   * ```ts
   * const child = await secrets.token.create({ policies: ['readonly'], ttl: '1h', num_uses: 5 });
   * const orphan = await secrets.token.create({ period: '24h' }, { orphan: true });
   * console.log(child.accessor, orphan.lease_duration);
   * ```
   * @throws {RequestValidationError} before sending, when a field is unknown or of the wrong type, or
   *   `orphan` and `role` are both given.
   * @throws {PermissionDeniedError} when the client's token may not create tokens (or orphans) there.
   * @throws {BadRequestError} when the service refuses the request (an unknown token role).
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createToken,
  /**
   * `POST /v1/auth/token/lookup-accessor`: the token an accessor names, without the token itself
   * ({@link lookupTokenByAccessor} with this client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const { accessor } = await secrets.token.create({ ttl: '1h' });
   * const info = await secrets.token.lookupAccessor(accessor);
   * console.log(info.ttl, info.policies);
   * ```
   * @throws {BadRequestError} when no live token has that accessor.
   * @throws {RequestValidationError} before sending, when the accessor is empty.
   * @throws {PermissionDeniedError} when the client's token may not look tokens up by accessor.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  lookupAccessor: lookupTokenByAccessor,
  /**
   * `POST /v1/auth/token/revoke-accessor`: revokes the token an accessor names and its children
   * ({@link revokeTokenByAccessor} with this client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const { accessor } = await secrets.token.create({ ttl: '1h' });
   * await secrets.token.revokeAccessor(accessor); // the token and its children stop working
   * ```
   * @throws {BadRequestError} when no live token has that accessor.
   * @throws {RequestValidationError} before sending, when the accessor is empty.
   * @throws {PermissionDeniedError} when the client's token may not revoke tokens by accessor.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revokeAccessor: revokeTokenByAccessor,
  /**
   * `POST /v1/sys/capabilities-self`: what the client's token may do on each path, keyed by path
   * ({@link capabilitiesSelf} with this client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const caps = await secrets.token.capabilitiesSelf(['secret/data/app']);
   * console.log(caps['secret/data/app']); // ['read']
   * ```
   * @throws {RequestValidationError} before sending, when `paths` is empty or holds an empty path.
   * @throws {PermissionDeniedError} when the client's token is missing, unknown or expired.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  capabilitiesSelf,
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
