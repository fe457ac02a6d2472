// The `leases` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepLease } from '../keeper/keep-credentials.js';
import { forceRevokeLeasePrefix, lookupLease, revokeLeasePrefix } from './lookup-prefix.js';
import { renewLease, revokeLease } from './renew-revoke.js';

/** The operations of `client.leases`. */
export const leaseOperations = {
  renew: renewLease,
  revoke: revokeLease,
  lookup: lookupLease,
  revokePrefix: revokeLeasePrefix,
  revokeForce: forceRevokeLeasePrefix,
  keep: keepLease,
};

/** `client.leases`: renewal, revocation and keeping of leases, bound to the client's core. */
export interface LeasesGroup extends BoundGroup<SecretsCore, typeof leaseOperations> {}

/** Builds `client.leases`. */
export function leasesGroup(core: SecretsCore): LeasesGroup {
  return bindOperations(core, leaseOperations);
}
