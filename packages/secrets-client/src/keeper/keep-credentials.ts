// Keeping the credentials of this service alive: database credentials, service-account keys and access
// tokens (issued again before they end), static credentials (read again after each rotation), and leases
// already held (renewed to their maximum life).
import {
  type ApiPromise,
  type ApiResult,
  checkOptions,
  type KeySets,
  type OwnOptionKeys,
  systemClock,
} from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { durationSeconds } from '../duration.js';
import type { LeaseInfo, SecretsMeta } from '../envelope.js';
import { renewLease, revokeLease } from '../leases/renew-revoke.js';
import type { DurationValue } from '../types.generated.js';
import { startKeeper } from './keeper.js';
import { type Lifetime, lifetimeOf } from './lifetime.js';
import type { Issued, KeeperCalls } from './plan.js';
import { checkShare, type LifeShare } from './timing.js';
import { type CredentialKeeper, type KeeperOptions, keeperOptionKeys } from './types.js';

/** Default share of the remaining life at which a keeper renews. */
export const DEFAULT_RENEW_WINDOW: LifeShare = [0.5, 0.8];

/** Default grace between handing a new credential over and revoking the one it replaces, in ms. */
export const DEFAULT_REVOKE_AFTER_MS = 30_000;

/** The call that issues a credential, given the keeper's signal: `({ signal }) => secrets.database.roles.generateCredentials('app', { signal })`. */
export type IssueCredentials<T> = (options: { readonly signal: AbortSignal }) => ApiPromise<T, SecretsMeta>;

/** Options of `keepCredentials`. */
export interface KeepCredentialsOptions<T> extends KeeperOptions<T> {
  /**
   * Issue a new credential before the current one reaches the end of its life. Default true.
   *
   * When: one that could never be renewed (an access token) where it would have been renewed
   * (`renewWindow`); one whose renewals came back short (its maximum life is near) at a random point
   * between 5% and 30% of what is left after the last renewal; one whose renewal failed for good, at
   * once. Either of the first two is moved earlier so that `revokeAfterMs` fits before its end, but never
   * before that share's start, so a grace longer than a credential lives does not make the keeper issue
   * again and again. Static credentials (no lease; `ttl` until the next rotation) are read again 1 s after
   * the rotation plus a random spread of up to 5 s (a tenth of `ttl` when that is less); a read that still
   * gives the old password is kept and made again after a back-off. If `onCredential` throws, the
   * replaced credential is not revoked: it runs out on its own.
   *
   * `false` watches the credential to its end instead: once it cannot be renewed further, the keeper
   * ends with `expiring` at a random point between 80% and 90% of what is left.
   */
  readonly reissue?: boolean | undefined;
  /** Grace between handing a new credential over and revoking the one it replaces, in ms. Default 30 000. */
  readonly revokeAfterMs?: number | undefined;
  /** A credential already held (`.withMeta()` of the call that issued it), kept first instead of issuing one. */
  readonly initial?: ApiResult<T, SecretsMeta> | undefined;
  /** When `initial` was issued. Default: now (by the keeper's `clock`). */
  readonly issuedAt?: Date | undefined;
}

/** The keys of `KeepCredentialsOptions`. */
export const keepCredentialsOptionKeys: KeySets = [
  keeperOptionKeys,
  { reissue: 1, revokeAfterMs: 1, initial: 1, issuedAt: 1 } as const satisfies OwnOptionKeys<
    KeepCredentialsOptions<unknown>,
    KeeperOptions<unknown>
  >,
];

/** Options of `keepLease`. */
export interface KeepLeaseOptions extends KeeperOptions<LeaseInfo> {
  /** When the lease was issued. Default: now (by the keeper's `clock`). */
  readonly issuedAt?: Date | undefined;
}

/** The keys of `KeepLeaseOptions`. */
export const keepLeaseOptionKeys: KeySets = [
  keeperOptionKeys,
  { issuedAt: 1 } as const satisfies OwnOptionKeys<KeepLeaseOptions, KeeperOptions<LeaseInfo>>,
];

/** The lease calls of a keeper of this service's credentials, with the caller's request options. */
function leaseCalls<T>(core: SecretsCore, options: SecretsRequestOptions): Omit<KeeperCalls<T>, 'issue'> {
  return {
    renew: async (credential, increment, signal) => {
      const { data, meta } = await renewLease(core, credential.leaseId, {
        ...options,
        increment,
        signal,
      }).withMeta();
      return { leaseDuration: data.lease_duration, renewable: data.renewable, warnings: meta.warnings };
    },
    revoke: async (credential, signal) => {
      await revokeLease(core, credential.leaseId, { ...options, signal });
    },
  };
}

/** The keeper settings of `options`, and the request options each call of the keeper takes. */
export function settingsOf<T>(options: KeeperOptions<T>) {
  const {
    increment,
    renewWindow,
    onCredential,
    onEvent,
    revokeOnStop,
    backoffMs,
    maxBackoffMs,
    maxFailures,
    signal,
    clock = systemClock,
    ...request
  } = options;
  const asked = increment === undefined ? undefined : durationSeconds(increment as DurationValue);
  return {
    request,
    clock,
    renewWindow: checkShare(renewWindow ?? DEFAULT_RENEW_WINDOW, 'renewWindow'),
    increment: (lifetime: Lifetime) => asked ?? lifetime.durationSeconds,
  };
}

function issued<T>(result: ApiResult<T, SecretsMeta>, sentAt: number): Issued<T> {
  return { data: result.data, lifetime: lifetimeOf(result.data, result.meta, sentAt), sentAt };
}

/**
 * Keeps credentials of this service alive with one object: issues them with `issue`, renews their lease
 * (`PUT /v1/sys/leases/renew`) at a random point of its remaining life, and before the end of their
 * maximum life issues new ones, hands them over (`onCredential`, the async iterator, `current`) and
 * revokes the old ones (`PUT /v1/sys/leases/revoke`) after `revokeAfterMs`. Works for database
 * credentials, service-account keys, access tokens and static credentials (read again after each rotation).
 *
 * @example
 * ```ts
 * import { generateCredentials, keepCredentials } from '@infra-sdk/secrets-client';
 *
 * await using db = keepCredentials(core, ({ signal }) => generateCredentials(core, 'readonly', { signal }), {
 *   revokeAfterMs: 60_000,
 *   onCredential: (credential) => console.log('connect as', credential.data.username),
 * });
 * const first = await db.ready; // rejects when no credential could be issued
 * console.log(first.generation, first.expiresAt);
 * ```
 * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1,
 *   `revokeAfterMs` is not a number of 0 or more, or `backoffMs` / `maxBackoffMs` are not finite.
 * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text, or
 *   `options` holds a key that is not an option (named with the nearest one).
 *   Failures of the calls are never thrown: they are `retry` and `error` events, and `done` says how
 *   the keeper ended (`reason`: `stopped`, `expiring`, `expired`, `error`). `ready` rejects with the
 *   failure of the first issue (`NotFoundError` for an unknown role, `PermissionDeniedError`, ...).
 */
export function keepCredentials<T>(
  core: SecretsCore,
  issue: IssueCredentials<T>,
  options: KeepCredentialsOptions<T> = {},
): CredentialKeeper<T> {
  checkOptions(options, keepCredentialsOptionKeys, 'keeper options');
  const { reissue = true, revokeAfterMs = DEFAULT_REVOKE_AFTER_MS, initial, issuedAt, ...keeper } = options;
  if (!(Number.isFinite(revokeAfterMs) && revokeAfterMs >= 0)) {
    throw new RangeError(`revokeAfterMs must be a number of ms, 0 or more, not ${revokeAfterMs}`);
  }
  const settings = settingsOf(keeper);
  const { clock } = settings;
  return startKeeper(
    {
      calls: {
        ...leaseCalls<T>(core, settings.request),
        issue: async (signal) => {
          const sentAt = clock.now();
          return issued(await issue({ signal }).withMeta(), sentAt);
        },
      },
      initial: initial === undefined ? undefined : issued(initial, issuedAt?.getTime() ?? clock.now()),
      replace: reissue,
      revokeAfterMs,
      increment: settings.increment,
      renewWindow: settings.renewWindow,
    },
    keeper,
  );
}

/** The keeper of a lease already held (`keepLease`): its credential's `data` is the lease. */
export type LeaseKeeper = CredentialKeeper<LeaseInfo>;

/**
 * Keeps a lease already held alive through `PUT /v1/sys/leases/renew` until its maximum life is near,
 * then watches it until shortly before its end (the keeper then ends with `expiring`); never issues new
 * credentials. Pass the `meta` of the call that created the lease.
 *
 * @example
 * ```ts
 * import { generateCredentials, keepLease } from '@infra-sdk/secrets-client';
 *
 * const { meta } = await generateCredentials(core, 'readonly').withMeta();
 * await using kept = keepLease(core, meta, { onEvent: (event) => console.log(event.type) });
 * console.log((await kept.ready).expiresAt); // stopped when the block is left
 * ```
 * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1, or
 *   `backoffMs` / `maxBackoffMs` are not finite numbers of 0 or more.
 * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text, or
 *   `options` holds a key that is not an option (named with the nearest one).
 *   Failures of the calls are never thrown: they are `retry` and `error` events, and `done` says how
 *   the keeper ended (`reason`: `stopped`, `expiring`, `expired`, `error`).
 */
export function keepLease(core: SecretsCore, lease: LeaseInfo, options: KeepLeaseOptions = {}): LeaseKeeper {
  checkOptions(options, keepLeaseOptionKeys, 'keeper options');
  const { issuedAt, ...keeper } = options;
  const settings = settingsOf(keeper);
  const sentAt = issuedAt?.getTime() ?? settings.clock.now();
  const data: LeaseInfo = {
    leaseId: lease.leaseId,
    leaseDuration: lease.leaseDuration,
    renewable: lease.renewable,
  };
  return startKeeper(
    {
      calls: { ...leaseCalls<LeaseInfo>(core, settings.request), issue: undefined },
      initial: {
        data,
        sentAt,
        lifetime: {
          leaseId: lease.leaseId,
          renewable: lease.renewable && lease.leaseId !== '',
          durationSeconds: lease.leaseDuration,
          expiresAt: lease.leaseDuration > 0 ? sentAt + lease.leaseDuration * 1000 : undefined,
          rotates: false,
        },
      },
      replace: false,
      revokeAfterMs: 0,
      increment: settings.increment,
      renewWindow: settings.renewWindow,
    },
    keeper,
  );
}
