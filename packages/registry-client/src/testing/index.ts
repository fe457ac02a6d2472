export { startFakeRegistry } from './fake-registry.js';
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
