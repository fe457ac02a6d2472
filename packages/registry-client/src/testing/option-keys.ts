// The key sets of the fake's options and seeds: a test that misspells one (`uploadTTLms`, a seed's
// `pasword`) is told so, with the nearest name, instead of running against a fake set up otherwise than
// it thinks.
import { checkOptions, type KeySets, type OptionKeys, type OwnOptionKeys } from '@infra-sdk/core';
import type {
  FakeBoxSeed,
  FakeOrganizationSeed,
  FakeProviderSeed,
  FakeRegistryOptions,
  FakeUserSeed,
  FakeVersionSeed,
} from './options.js';
import type { RateLimitOptions } from './rate-limit.js';
import type {
  StorageEarlyAnswerFault,
  StorageFaultScope,
  StorageResetFault,
  StorageStatusFault,
} from './storage-faults.js';

const scopeKeys = {
  tag: 1,
  version: 1,
  provider: 1,
  times: 1,
} as const satisfies OptionKeys<StorageFaultScope>;

/** The key set of each options object and seed the fake registry takes, by what it is. */
export const fakeRegistryOptionKeys = {
  /** `startFakeRegistry(options)`. */
  startFakeRegistry: {
    users: 1,
    organizations: 1,
    tokens: 1,
    boxes: 1,
    uploadTtlMs: 1,
    storage: 1,
    rateLimit: 1,
    storageFaults: 1,
    onRequest: 1,
    maxBodyBytes: 1,
    clock: 1,
  } as const satisfies OptionKeys<FakeRegistryOptions>,
  /** `startFakeRegistry({ rateLimit })`. */
  rateLimit: { requests: 1, windowMs: 1 } as const satisfies OptionKeys<RateLimitOptions>,
  /** A user: `startFakeRegistry({ users })`, `fake.addUser(user)`. */
  user: {
    username: 1,
    password: 1,
    email: 1,
    phone: 1,
    twoFactor: 1,
    profile: 1,
    avatarUrl: 1,
  } as const satisfies OptionKeys<FakeUserSeed>,
  /** An organization: `startFakeRegistry({ organizations })`, `fake.addOrganization(organization)`. */
  organization: {
    username: 1,
    members: 1,
    profile: 1,
    avatarUrl: 1,
  } as const satisfies OptionKeys<FakeOrganizationSeed>,
  /** A box: `startFakeRegistry({ boxes })`, `fake.addBox(box)`. */
  box: {
    tag: 1,
    private: 1,
    short_description: 1,
    description: 1,
    downloads: 1,
    versions: 1,
  } as const satisfies OptionKeys<FakeBoxSeed>,
  /** A version of a box seed. */
  version: {
    version: 1,
    status: 1,
    description: 1,
    providers: 1,
  } as const satisfies OptionKeys<FakeVersionSeed>,
  /** A provider of a version seed. */
  provider: {
    name: 1,
    url: 1,
    asset: 1,
    checksum: 1,
    checksum_type: 1,
    architecture: 1,
    default_architecture: 1,
  } as const satisfies OptionKeys<FakeProviderSeed>,
  /** A storage fault: `startFakeRegistry({ storageFaults })`, `fake.failStorage(fault)`; by its `kind`. */
  'status fault': [
    scopeKeys,
    { kind: 1, status: 1, retryAfter: 1, afterBytes: 1 } as const satisfies OwnOptionKeys<
      StorageStatusFault,
      StorageFaultScope
    >,
  ],
  'reset fault': [
    scopeKeys,
    { kind: 1, afterBytes: 1 } as const satisfies OwnOptionKeys<StorageResetFault, StorageFaultScope>,
  ],
  'early-answer fault': [
    scopeKeys,
    { kind: 1, afterBytes: 1, status: 1 } as const satisfies OwnOptionKeys<
      StorageEarlyAnswerFault,
      StorageFaultScope
    >,
  ],
} as const satisfies Readonly<Record<string, KeySets>>;

const keys = fakeRegistryOptionKeys;

/** Refuses a key a box seed (its versions and their providers included) does not have. */
export function checkBoxSeed(box: FakeBoxSeed): void {
  checkOptions(box, keys.box, 'box seed');
  for (const version of box.versions ?? []) {
    checkOptions(version, keys.version, 'version seed');
    for (const provider of version.providers ?? []) checkOptions(provider, keys.provider, 'provider seed');
  }
}

/** Refuses a key a storage fault of its `kind` does not have (an unknown kind is the queue's to refuse). */
export function checkStorageFault(fault: { readonly kind?: unknown }): void {
  const set = (keys as Readonly<Record<string, KeySets>>)[`${String(fault.kind)} fault`];
  if (set !== undefined) checkOptions(fault, set, `${String(fault.kind)} fault`);
}

/** Refuses a key the fake's options, or a seed or fault in them, do not have. */
export function checkFakeRegistryOptions(options: FakeRegistryOptions): void {
  checkOptions(options, keys.startFakeRegistry, 'startFakeRegistry options');
  checkOptions(options.rateLimit, keys.rateLimit, 'rateLimit');
  for (const user of options.users ?? []) checkOptions(user, keys.user, 'user seed');
  for (const organization of options.organizations ?? [])
    checkOptions(organization, keys.organization, 'organization seed');
  for (const box of options.boxes ?? []) checkBoxSeed(box);
  for (const fault of options.storageFaults ?? []) checkStorageFault(fault);
}
