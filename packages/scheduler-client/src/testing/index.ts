export type { FakeAclPolicy, FakeAclToken, NamespaceCapability } from './acl.js';
export type { FakeEvent, FakeEventMessage } from './event-broker.js';
export type { FakeExecSession } from './exec-routes.js';
export { type FakeScheduler, type FakeSchedulerOptions, startFakeScheduler } from './fake-scheduler.js';
export type { FakeNodeSpec } from './node-registry.js';
