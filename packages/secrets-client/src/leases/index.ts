export {
  keepLease,
  type LeaseEnd,
  type LeaseEndReason,
  type LeaseKeeper,
  type LeaseKeeperOptions,
  type LeaseRenewal,
} from './lease-keeper.js';
export { type RenewLeaseOptions, renewLease, revokeLease } from './renew-revoke.js';
export { type Lease, LeaseSchema, RenewLeaseRequestSchema, RevokeLeaseRequestSchema } from './schemas.js';
