export {
  DEFAULT_RENEW_WINDOW,
  DEFAULT_REVOKE_AFTER_MS,
  type IssueCredentials,
  type KeepCredentialsOptions,
  type KeepLeaseOptions,
  keepCredentials,
  keepLease,
  type LeaseKeeper,
} from './keep-credentials.js';
export type { LifeShare } from './timing.js';
export type {
  Credential,
  CredentialKeeper,
  KeeperEnd,
  KeeperEndReason,
  KeeperEvent,
  KeeperEventSubject,
  KeeperOptions,
  KeeperStep,
} from './types.js';
