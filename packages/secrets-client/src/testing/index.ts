/**
 * A fake secrets service on a loopback port, for testing code that uses the secrets client.
 *
 * @module @infra-sdk/secrets-client/testing
 */
export { packageVersion } from '../version.js';
export type { FakeAclRule, FakePolicy, FakeToken, FakeTokenOptions } from './access.js';
export type {
  FakeAppRole,
  FakeAppRoleOptions,
  FakeAuthMethod,
  FakeJwt,
  FakeJwtRoleOptions,
  FakeKubernetes,
  FakeKubernetesRoleOptions,
  FakeLoginTokenOptions,
  FakeTokenRoleOptions,
  FakeUserOptions,
  FakeUserpass,
} from './auth-methods.js';
export type { CloudState, FakeCloudConfig, FakeSecretOwner, FakeSecretType } from './cloud/state.js';
export { followsDefaultPolicy } from './database/password-policy.js';
export type { DatabaseState, FakeConnection, FakeRole, FakeStaticRole } from './database/state.js';
export { type FakeRecordedRequest, type FakeSecrets, startFakeSecrets } from './fake-secrets.js';
export type { FakeKvSecret, FakeKvSettings, FakeKvVersion, KvState } from './kv/state.js';
export type { FakeLease } from './leases.js';
export { fakeSecretsOptionKeys } from './option-keys.js';
export type { FakeEngineType, FakeMountOptions, FakeSecretsOptions } from './options.js';
export type { FakeReplication } from './replication.js';
export type { Capability } from './routes.js';
export type {
  FakeAssociation,
  FakeDestination,
  FakeRepoHostApp,
  QueuedSyncOperation,
  SyncState,
} from './sync/state.js';
export type { FakeWrapped } from './wrapping.js';
