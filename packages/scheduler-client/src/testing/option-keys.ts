// The key sets of the fake's options: a test that misspells one (`allocationStartMS`) is told so, with
// the nearest name, instead of running against a fake set up otherwise than it thinks.
import { checkOptions, type KeySets, type OptionKeys } from '@infra-sdk/core';
import type { FakeAclPolicy } from './acl.js';
import type { FakeSchedulerOptions } from './fake-scheduler.js';
import type { FakeNodeSpec } from './node-registry.js';

/** The key set of each options object the fake scheduler takes, by where it is given. */
export const fakeSchedulerOptionKeys = {
  /** `startFakeScheduler(options)`. */
  startFakeScheduler: {
    nodes: 1,
    region: 1,
    datacenter: 1,
    acl: 1,
    heartbeatMs: 1,
    eventBufferSize: 1,
    blockingJitter: 1,
    allocationStartMs: 1,
    timeScale: 1,
    gzip: 1,
    clock: 1,
    logLineMs: 1,
  } as const satisfies OptionKeys<FakeSchedulerOptions>,
  /** `startFakeScheduler({ acl })`. */
  acl: { tokens: 1, policies: 1 } as const satisfies OptionKeys<NonNullable<FakeSchedulerOptions['acl']>>,
  /** A token's rights other than `'management'`, and a named policy: `startFakeScheduler({ acl: { tokens, policies } })`. */
  policy: { namespaces: 1, variables: 1, node: 1 } as const satisfies OptionKeys<FakeAclPolicy>,
  /** A node: `startFakeScheduler({ nodes: [spec] })`, `fake.addNode(spec)`. */
  node: {
    id: 1,
    name: 1,
    datacenter: 1,
    nodeClass: 1,
    status: 1,
    eligibility: 1,
    attributes: 1,
    meta: 1,
  } as const satisfies OptionKeys<FakeNodeSpec>,
  /** `fake.registerJob(job, options)`. */
  registerJob: { namespace: 1 } as const satisfies OptionKeys<{ readonly namespace?: string }>,
} as const satisfies Readonly<Record<string, KeySets>>;

/** Refuses a key the fake's options (and the objects inside them) do not have, naming the nearest. */
export function checkFakeSchedulerOptions(options: FakeSchedulerOptions): void {
  const keys = fakeSchedulerOptionKeys;
  checkOptions(options, keys.startFakeScheduler, 'startFakeScheduler options');
  checkOptions(options.acl, keys.acl, 'acl');
  for (const [secret, rights] of Object.entries(options.acl?.tokens ?? {})) {
    if (rights !== 'management') checkOptions(rights, keys.policy, `acl.tokens.${secret}`);
  }
  for (const [name, policy] of Object.entries(options.acl?.policies ?? {})) {
    checkOptions(policy, keys.policy, `acl.policies.${name}`);
  }
  if (Array.isArray(options.nodes)) for (const spec of options.nodes) checkOptions(spec, keys.node, 'node');
}
