/**
 * A fake box registry on a loopback port, for testing code that uses the registry client.
 *
 * @module @infra-sdk/registry-client/testing
 */
export { startFakeRegistry } from './fake-registry.js';
export { fakeRegistryOptionKeys } from './option-keys.js';
export type {
  FakeBoxSeed,
  FakeOrganizationSeed,
  FakeProviderSeed,
  FakeRegistry,
  FakeRegistryOptions,
  FakeUserSeed,
  FakeVersionSeed,
} from './options.js';
export type { RateLimitOptions } from './rate-limit.js';
export type { SentCode } from './records.js';
export type {
  StorageEarlyAnswerFault,
  StorageFault,
  StorageFaultScope,
  StorageResetFault,
  StorageStatusFault,
} from './storage-faults.js';
