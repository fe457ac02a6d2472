export { type LeasesGroup, leaseOperations } from './group.js';
export { type RenewLeaseOptions, renewLease, revokeLease } from './renew-revoke.js';
export { type Lease, LeaseSchema, RenewLeaseRequestSchema, RevokeLeaseRequestSchema } from './schemas.js';
