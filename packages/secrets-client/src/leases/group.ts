// The `leases` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepLease } from '../keeper/keep-credentials.js';
import { forceRevokeLeasePrefix, lookupLease, revokeLeasePrefix } from './lookup-prefix.js';
import { renewLease, revokeLease } from './renew-revoke.js';

/** The operations of `client.leases`. */
export const leaseOperations = {
  /**
   * `PUT /v1/sys/leases/renew`: extends a lease, never past its max TTL, and resolves to the lease as
   * renewed ({@link renewLease} with this client's core). Retried like a read.
   *
   * Options: `increment` (seconds or duration text; default the lease's TTL); `namespace` (the lease's own).
   *
   * @example
   * ```ts
   * const { meta } = await secrets.database.roles.generateCredentials('readonly').withMeta();
   * const lease = await secrets.leases.renew(meta.leaseId, { increment: '30m' });
   * console.log(lease.lease_duration); // 1800
   * ```
   * @throws {BadRequestError} when the lease is unknown, revoked, expired or cannot be renewed.
   * @throws {RequestValidationError} before sending, when the lease id is empty or `increment` is not a duration.
   * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/renew`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  renew: renewLease,
  /**
   * `PUT /v1/sys/leases/revoke`: ends a lease now, and its secret stops working ({@link revokeLease} with
   * this client's core). An unknown lease is not an error; retried like a read.
   *
   * Options: `namespace` (the lease's own).
   *
   * @example
   * ```ts
   * const { meta } = await secrets.database.roles.generateCredentials('readonly').withMeta();
   * await secrets.leases.revoke(meta.leaseId);
   * ```
   * @throws {RequestValidationError} before sending, when the lease id is empty.
   * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/revoke`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revoke: revokeLease,
  /**
   * `PUT /v1/sys/leases/lookup`: a lease's issue and expiry times, last renewal and TTL
   * ({@link lookupLease} with this client's core).
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * const { meta } = await secrets.database.roles.generateCredentials('readonly').withMeta();
   * const lease = await secrets.leases.lookup(meta.leaseId); // database/creds/readonly/...
   * console.log(lease.ttl, lease.expire_time);
   * ```
   * @throws {BadRequestError} when the lease is unknown or ended.
   * @throws {RequestValidationError} before sending, when the lease id is empty.
   * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/lookup`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  lookup: lookupLease,
  /**
   * `PUT /v1/sys/leases/revoke-prefix/:prefix`: revokes every lease under a prefix (a role, a mount)
   * ({@link revokeLeasePrefix} with this client's core). Needs `sudo`.
   *
   * Options: `sync`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.leases.revokePrefix('database/creds/readonly');
   * ```
   * @throws {RequestValidationError} before sending, when the prefix is empty or has an empty, `.` or `..` part.
   * @throws {PermissionDeniedError} when the token's policy does not give `sudo` on the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revokePrefix: revokeLeasePrefix,
  /**
   * `PUT /v1/sys/leases/revoke-force/:prefix`: forgets every lease under a prefix even when its secret
   * cannot be revoked ({@link forceRevokeLeasePrefix} with this client's core). Needs `sudo`; recovery only.
   *
   * Options: `namespace`.
   *
   * @example
   * ```ts
   * await secrets.leases.revokeForce('database/creds/legacy');
   * ```
   * @throws {RequestValidationError} before sending, when the prefix is empty or has an empty, `.` or `..` part.
   * @throws {PermissionDeniedError} when the token's policy does not give `sudo` on the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revokeForce: forceRevokeLeasePrefix,
  /**
   * Keeps a lease already held alive with `PUT /v1/sys/leases/renew` until its max TTL is near, then
   * watches it until shortly before its end; never issues new credentials ({@link keepLease} with this
   * client's core). Pass the `meta` of the call that created the lease.
   *
   * Options: `issuedAt` (default now), and every keeper option (`increment`, `renewWindow`, `onEvent`,
   * `revokeOnStop`, `backoffMs`, `maxFailures`, `clock`, `signal`, ...; the README's "Keeping credentials
   * alive").
   *
   * @example
   * ```ts
   * const { data, meta } = await secrets.database.roles.generateCredentials('readonly').withMeta();
   * await using kept = secrets.leases.keep(meta, { onEvent: (event) => console.log(event.type) });
   * console.log(data.username, kept.current?.expiresAt);
   * ```
   * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1, or
   *   `backoffMs` / `maxBackoffMs` are not finite numbers of 0 or more.
   * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text.
   *   Failures of the calls are never thrown: they are `retry` and `error` events, and `done` says how
   *   the keeper ended (`reason`: `stopped`, `expiring`, `expired`, `error`).
   */
  keep: keepLease,
};

/** `client.leases`: renewal, revocation and keeping of leases, bound to the client's core. */
export interface LeasesGroup extends BoundGroup<SecretsCore, typeof leaseOperations> {}

/** Builds `client.leases`. */
export function leasesGroup(core: SecretsCore): LeasesGroup {
  return bindOperations(core, leaseOperations);
}
