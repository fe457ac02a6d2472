// The `leases` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import type { LeaseInfo } from '../envelope.js';
import type { SecretsRequestOptions } from '../options.js';
import { keepLease, type LeaseKeeperOptions } from './lease-keeper.js';
import { type RenewLeaseOptions, renewLease, revokeLease } from './renew-revoke.js';

/** `client.leases`: renewal, revocation and keeping of leases, bound to the client's core. */
export interface LeasesGroup extends ReturnType<typeof leasesGroup> {}

/** Builds `client.leases`. */
export function leasesGroup(core: SecretsCore) {
  return {
    /** Calls {@link renewLease} with this client's core: PUT /v1/sys/leases/renew. */
    renew: (leaseId: string, options?: RenewLeaseOptions) => renewLease(core, leaseId, options),
    /** Calls {@link revokeLease} with this client's core: PUT /v1/sys/leases/revoke. */
    revoke: (leaseId: string, options?: SecretsRequestOptions) => revokeLease(core, leaseId, options),
    /** Keeps a lease alive until its max TTL; pass the `meta` of the call that created it. */
    keep: (lease: LeaseInfo, options?: LeaseKeeperOptions) => keepLease(core, lease, options),
  };
}
