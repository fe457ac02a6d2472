export { type LeasesGroup, leaseOperations, leasesGroup } from './group.js';
export {
  forceRevokeLeasePrefix,
  lookupLease,
  type RevokePrefixOptions,
  revokeLeasePrefix,
} from './lookup-prefix.js';
export {
  type RenewLeaseOptions,
  renewLease,
  revokeLease,
} from './renew-revoke.js';
export type {
  Lease,
  LeaseLookup,
} from './types.generated.js';
