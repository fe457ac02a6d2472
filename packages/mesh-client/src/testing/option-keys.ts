// The key sets of the fake's options: a test that misspells one (`deletionDelay`) is told so, with the
// nearest name, instead of running against a fake set up otherwise than it thinks.
import { checkOptions, type KeySets, type OptionKeys } from '@infra-sdk/core';
import type {
  FakeMeshAclOptions,
  FakeMeshOptions,
  FakeMeshPolicy,
  FakeMeshRole,
  FakeMeshToken,
} from './options.js';

/** The key set of each options object the fake mesh takes, by where it is given. */
export const fakeMeshOptionKeys = {
  /** `startFakeMesh(options)`. */
  startFakeMesh: {
    policies: 1,
    roles: 1,
    acl: 1,
    partitions: 1,
    datacenter: 1,
    namespaces: 1,
    deletionDelayMs: 1,
    knownLeader: 1,
    lastContactMs: 1,
    blocking: 1,
    gzip: 1,
    clock: 1,
  } as const satisfies OptionKeys<FakeMeshOptions>,
  /** `startFakeMesh({ acl })`. */
  acl: { tokens: 1, defaultPolicy: 1 } as const satisfies OptionKeys<FakeMeshAclOptions>,
  /** `startFakeMesh({ blocking })`. */
  blocking: { defaultWaitMs: 1, maxWaitMs: 1 } as const satisfies OptionKeys<
    NonNullable<FakeMeshOptions['blocking']>
  >,
  /** A policy: `startFakeMesh({ policies })`, `fake.putPolicy(policy)`. */
  policy: { id: 1, name: 1, rules: 1 } as const satisfies OptionKeys<FakeMeshPolicy>,
  /** A role: `startFakeMesh({ roles })`, `fake.putRole(role)`. */
  role: { id: 1, name: 1, policies: 1 } as const satisfies OptionKeys<FakeMeshRole>,
  /** A token: `startFakeMesh({ acl: { tokens } })`, `fake.addToken(token)`. */
  token: {
    secret: 1,
    rules: 1,
    policies: 1,
    roles: 1,
    namespace: 1,
  } as const satisfies OptionKeys<FakeMeshToken>,
} as const satisfies Readonly<Record<string, KeySets>>;

/** Refuses a key the fake's options (and the objects inside them) do not have, naming the nearest. */
export function checkFakeMeshOptions(options: FakeMeshOptions): void {
  const keys = fakeMeshOptionKeys;
  checkOptions(options, keys.startFakeMesh, 'startFakeMesh options');
  checkOptions(options.acl, keys.acl, 'acl');
  checkOptions(options.blocking, keys.blocking, 'blocking');
  for (const policy of options.policies ?? []) checkOptions(policy, keys.policy, 'policy');
  for (const role of options.roles ?? []) checkOptions(role, keys.role, 'role');
  for (const token of options.acl?.tokens ?? []) checkOptions(token, keys.token, 'token');
}
