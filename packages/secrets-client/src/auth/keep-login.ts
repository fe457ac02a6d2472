// Staying logged in with one object. The token a login issued is renewed (renew-self) while the service
// grants what is asked; once a renewal comes back short (the token's maximum life is near) or the token
// cannot be renewed, the keeper logs in again with the same method, hands the new token over (the token
// source answers with it from then on) and, after a grace period, revokes the old one (revoke-self).
// Each call carries the token it is about (the call's `token`), whatever the client's own token is.
import { checkOptions, type KeySets, type OwnOptionKeys } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { DEFAULT_REVOKE_AFTER_MS, settingsOf } from '../keeper/keep-credentials.js';
import { startKeeper } from '../keeper/keeper.js';
import { type CredentialKeeper, type KeeperOptions, keeperOptionKeys } from '../keeper/types.js';
import { revokeSelfToken } from '../token/revoke-self.js';
import { renewSelfToken } from '../token/self.js';
import type { LoginAuth } from './types.generated.js';

/**
 * The login a keeper makes, first and each time the token's maximum life is near, given the keeper's
 * signal: `({ signal }) => loginAppRole(core, { role_id, secret_id: readSecretId() }, { signal })`.
 * Called again each time, so it may read fresh credentials first (an `async` function reading a secret
 * id file): any promise of the `auth` block will do.
 */
export type LoginCall = (options: { readonly signal: AbortSignal }) => PromiseLike<LoginAuth>;

/** Options of `keepLogin`. */
export interface KeepLoginOptions extends KeeperOptions<LoginAuth> {
  /**
   * Grace between handing a new token over and revoking the one it replaces (revoke-self), in ms, for
   * the requests still running with it. Default 30 000.
   */
  readonly revokeAfterMs?: number | undefined;
}

/** The keys of `KeepLoginOptions`. */
export const keepLoginOptionKeys: KeySets = [
  keeperOptionKeys,
  { revokeAfterMs: 1 } as const satisfies OwnOptionKeys<KeepLoginOptions, KeeperOptions<LoginAuth>>,
];

/** A login keeper: a credential keeper of tokens, and the token source of the clients that use them. */
export interface LoginKeeper extends CredentialKeeper<LoginAuth> {
  /**
   * The token to send now, for a client's `token` option: `createSecretsClient({ baseUrl, token:
   * session.token })`. Waits for the first login; each new token from the moment it is handed over.
   */
  readonly token: () => Promise<string>;
}

/**
 * Logs in with `login` and stays logged in: renews the token (`POST /v1/auth/token/renew-self`) at a
 * random point of its remaining life while the service grants what is asked; when its maximum life is
 * near (a renewal came back short) or it cannot be renewed, logs in again with `login`, hands the new
 * token over (to `onCredential`, the iterators and `token`) and, `revokeAfterMs` later, revokes the old
 * one (`POST /v1/auth/token/revoke-self`). No request goes out with a token past its end. Each of its
 * calls carries the token it is about, so `core` may be the very client whose token source is the
 * keeper's `token`. Events name tokens by their accessor, never by the token.
 *
 * @example
 * ```ts
 * import { createSecretsClient, createSecretsCore, keepLogin, loginAppRole } from '@infra-sdk/secrets-client';
 *
 * const login = createSecretsCore({ baseUrl: 'https://secrets.example:8200' });
 * await using session = keepLogin(login, ({ signal }) =>
 *   loginAppRole(login, { role_id: 'my-role-id', secret_id: process.env.SECRET_ID }, { signal }),
 * );
 * const app = createSecretsClient({ baseUrl: 'https://secrets.example:8200', token: session.token });
 * console.log((await app.token.lookupSelf()).policies);
 * ```
 * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1,
 *   `revokeAfterMs` is not a number of 0 or more, or `backoffMs` / `maxBackoffMs` are not finite.
 * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text, or
 *   `options` holds a key that is not an option (named with the nearest one).
 *   Failures of the calls are never thrown: they are `retry` and `error` events, `done` says how the
 *   keeper ended, and `ready` (and `token`) reject with the first login's failure (`BadRequestError`).
 */
export function keepLogin(core: SecretsCore, login: LoginCall, options: KeepLoginOptions = {}): LoginKeeper {
  checkOptions(options, keepLoginOptionKeys, 'keeper options');
  const { revokeAfterMs = DEFAULT_REVOKE_AFTER_MS, ...keeperOptions } = options;
  if (!(Number.isFinite(revokeAfterMs) && revokeAfterMs >= 0)) {
    throw new RangeError(`revokeAfterMs must be a number of ms, 0 or more, not ${revokeAfterMs}`);
  }
  const settings = settingsOf(keeperOptions);
  const { request, clock } = settings;
  const keeper = startKeeper<LoginAuth>(
    {
      calls: {
        issue: async (signal) => {
          const sentAt = clock.now();
          const auth = await login({ signal });
          const seconds = auth.lease_duration;
          return {
            data: auth,
            sentAt,
            lifetime: {
              // The accessor names the token in events without being it.
              leaseId: auth.accessor,
              renewable: auth.renewable && seconds > 0,
              durationSeconds: seconds,
              expiresAt: seconds > 0 ? sentAt + seconds * 1000 : undefined,
              rotates: false,
            },
          };
        },
        renew: async (credential, increment, signal) => {
          const { data, meta } = await renewSelfToken(core, {
            ...request,
            increment,
            signal,
            token: credential.data.client_token,
          }).withMeta();
          return { leaseDuration: data.lease_duration, renewable: data.renewable, warnings: meta.warnings };
        },
        revoke: async (credential, signal) => {
          await revokeSelfToken(core, { ...request, signal, token: credential.data.client_token });
        },
      },
      initial: undefined,
      replace: true,
      revokeAfterMs,
      increment: settings.increment,
      renewWindow: settings.renewWindow,
    },
    keeperOptions,
  );
  const token = async (): Promise<string> => (keeper.current ?? (await keeper.ready)).data.client_token;
  return Object.assign(keeper, { token });
}
