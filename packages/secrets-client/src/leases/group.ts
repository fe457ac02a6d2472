// The `leases` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepLease } from '../keeper/keep-credentials.js';
import { renewLease, revokeLease } from './renew-revoke.js';

/** The operations of `client.leases`. */
export const leaseOperations = {
  /** PUT /v1/sys/leases/renew — {@link renewLease} with this client's core. */
  renew: renewLease,
  /** PUT /v1/sys/leases/revoke — {@link revokeLease} with this client's core. */
  revoke: revokeLease,
  /** Keeps a lease alive with PUT /v1/sys/leases/renew — {@link keepLease} with this client's core; pass the `meta` of the call that created it. */
  keep: keepLease,
};

/** `client.leases`: renewal, revocation and keeping of leases, bound to the client's core. */
export interface LeasesGroup extends BoundGroup<SecretsCore, typeof leaseOperations> {}

/** Builds `client.leases`. */
export function leasesGroup(core: SecretsCore): LeasesGroup {
  return bindOperations(core, leaseOperations);
}
