// The `leases` group of the client, built from the standalone operations.
import { bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { keepLease } from './lease-keeper.js';
import { renewLease, revokeLease } from './renew-revoke.js';

/** `client.leases`: renewal, revocation and keeping of leases, bound to the client's core. */
export interface LeasesGroup extends ReturnType<typeof leasesGroup> {}

/** Builds `client.leases`. */
export function leasesGroup(core: SecretsCore) {
  return bindOperations(core, {
    /** PUT /v1/sys/leases/renew — {@link renewLease} with this client's core. */
    renew: renewLease,
    /** PUT /v1/sys/leases/revoke — {@link revokeLease} with this client's core. */
    revoke: revokeLease,
    /** Keeps a lease alive until its max TTL with PUT /v1/sys/leases/renew; pass the `meta` of the call that created it. */
    keep: keepLease,
  });
}
