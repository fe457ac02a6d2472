// The key sets of the fake's options: a test that misspells one (`defaultLeaseTTL`) is told so, with the
// nearest name, instead of running against a fake set up otherwise than it thinks.
import type { KeySets, OptionKeys, OwnOptionKeys } from '@infra-sdk/core';
import type { FakeTokenOptions } from './access.js';
import type {
  FakeAppRoleOptions,
  FakeJwtRoleOptions,
  FakeKubernetesRoleOptions,
  FakeLoginTokenOptions,
  FakeTokenRoleOptions,
  FakeUserOptions,
} from './auth-methods.js';
import type { FakeMountOptions, FakeSecretsOptions } from './options.js';

const loginTokenKeys = {
  policy: 1,
  ttl: 1,
  maxTtl: 1,
  period: 1,
  renewable: 1,
} as const satisfies OptionKeys<FakeLoginTokenOptions>;

/** The key set of each options type of the fake secrets service, by the function that takes it. */
export const fakeSecretsOptionKeys = {
  /** `startFakeSecrets(options)`. */
  startFakeSecrets: {
    tokens: 1,
    namespaces: 1,
    mounts: 1,
    adminNamespace: 1,
    sealed: 1,
    requireRequestHeader: 1,
    defaultLeaseTtl: 1,
    maxLeaseTtl: 1,
    maxRequestBytes: 1,
    purgeDelayMs: 1,
    clock: 1,
  } as const satisfies OptionKeys<FakeSecretsOptions>,
  /** Each entry of `startFakeSecrets`'s `mounts`. */
  mount: { path: 1, type: 1, namespace: 1 } as const satisfies OptionKeys<FakeMountOptions>,
  /** `fake.createToken(options)`. */
  createToken: {
    policy: 1,
    ttl: 1,
    explicitMaxTtl: 1,
    period: 1,
    renewable: 1,
    token: 1,
    path: 1,
    policies: 1,
    parent: 1,
    numUses: 1,
    displayName: 1,
    meta: 1,
  } as const satisfies OptionKeys<FakeTokenOptions>,
  /** `fake.addTokenRole(name, options)`. */
  addTokenRole: {
    policy: 1,
    policies: 1,
    orphan: 1,
    ttl: 1,
    explicitMaxTtl: 1,
    period: 1,
    renewable: 1,
  } as const satisfies OptionKeys<FakeTokenRoleOptions>,
  /** `fake.approle().addRole(name, options)`. */
  appRole: [
    loginTokenKeys,
    { bindSecretId: 1, roleId: 1 } as const satisfies OwnOptionKeys<
      FakeAppRoleOptions,
      FakeLoginTokenOptions
    >,
  ],
  /** `fake.userpass().addUser(name, options)`. */
  user: [
    loginTokenKeys,
    { password: 1 } as const satisfies OwnOptionKeys<FakeUserOptions, FakeLoginTokenOptions>,
  ],
  /** `fake.kubernetes().addRole(name, options)`. */
  kubernetesRole: [
    loginTokenKeys,
    { serviceAccountTokens: 1 } as const satisfies OwnOptionKeys<
      FakeKubernetesRoleOptions,
      FakeLoginTokenOptions
    >,
  ],
  /** `fake.jwt().addRole(name, options)`. */
  jwtRole: [
    loginTokenKeys,
    { boundAudiences: 1, boundSubject: 1 } as const satisfies OwnOptionKeys<
      FakeJwtRoleOptions,
      FakeLoginTokenOptions
    >,
  ],
} as const satisfies Readonly<Record<string, KeySets>>;
