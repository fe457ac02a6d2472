// The token's own life: looked up once, then renewed with renew-self (a periodic token by its period,
// for as long as it lives) at a random point of its remaining life, until its max TTL is near; then it
// is watched until shortly before its end, when a new login is the caller's to make.
import { checkOptions } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { settingsOf } from '../keeper/keep-credentials.js';
import { startKeeper } from '../keeper/keeper.js';
import { type CredentialKeeper, type KeeperOptions, keeperOptionKeys } from '../keeper/types.js';
import { lookupSelfToken, renewSelfToken } from './self.js';
import type { TokenInfo } from './types.generated.js';

/** The client's token as its keeper reports it: what lookup-self says, without the token itself. */
export type KeptToken = Omit<TokenInfo, 'id'>;

/**
 * Keeps the client's own token alive: `GET /v1/auth/token/lookup-self` once, then
 * `POST /v1/auth/token/renew-self` at a random point of its remaining life while it is renewable
 * (a periodic token for ever, any other until its max TTL is near). A token that never expires needs
 * nothing and is only held; one that is not renewable is watched until shortly before it ends. The
 * keeper never revokes the token; a new login once it ends is the caller's to make.
 *
 * @example
 * ```ts
 * import { keepToken } from '@infra-sdk/secrets-client';
 *
 * await using kept = keepToken(core, { onEvent: (event) => console.log(event.type) });
 * const token = await kept.ready;
 * console.log(token.data.policies, token.expiresAt); // a root token never expires: undefined
 * ```
 * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1, or
 *   `backoffMs` / `maxBackoffMs` are not finite numbers of 0 or more.
 * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text, or
 *   `options` holds a key that is not an option (named with the nearest one).
 *   Failures of the calls are never thrown: they are `retry` and `error` events, and `done` says how
 *   the keeper ended (`reason`: `stopped`, `expiring`, `expired`, `error`). `ready` rejects with the
 *   failure of the lookup (`PermissionDeniedError` for an unknown or expired token).
 */
export function keepToken(
  core: SecretsCore,
  options: KeeperOptions<KeptToken> = {},
): CredentialKeeper<KeptToken> {
  checkOptions(options, keeperOptionKeys, 'keeper options');
  const settings = settingsOf(options);
  const { request, clock } = settings;
  return startKeeper<KeptToken>(
    {
      calls: {
        issue: async (signal) => {
          const sentAt = clock.now();
          const { id: _token, ...info } = await lookupSelfToken(core, { ...request, signal });
          const period = info.period ?? 0;
          const duration = info.ttl;
          return {
            data: info,
            sentAt,
            lifetime: {
              // The accessor names the token in events without being it.
              leaseId: info.accessor,
              renewable: info.renewable === true && duration > 0,
              durationSeconds: period > 0 ? period : info.creation_ttl,
              expiresAt: duration > 0 ? sentAt + duration * 1000 : undefined,
              rotates: false,
            },
          };
        },
        renew: async (_credential, increment, signal) => {
          const { data, meta } = await renewSelfToken(core, { ...request, increment, signal }).withMeta();
          return { leaseDuration: data.lease_duration, renewable: data.renewable, warnings: meta.warnings };
        },
        // The keeper never revokes the token the client runs on.
        revoke: undefined,
      },
      initial: undefined,
      replace: false,
      revokeAfterMs: 0,
      // Asked: the caller's increment, else the token's period or creation TTL (so only a max TTL cuts it).
      increment: settings.increment,
      renewWindow: settings.renewWindow,
    },
    options,
  );
}
