export { type LeasesGroup, leaseOperations } from './group.js';
export {
  forceRevokeLeasePrefix,
  lookupLease,
  type RevokePrefixOptions,
  revokeLeasePrefix,
} from './lookup-prefix.js';
export { type RenewLeaseOptions, renewLease, revokeLease } from './renew-revoke.js';
export {
  type Lease,
  LeaseInfoSchema,
  type LeaseLookup,
  LeaseSchema,
  RenewLeaseRequestSchema,
  RevokeLeaseRequestSchema,
  RevokePrefixRequestSchema,
} from './schemas.js';
