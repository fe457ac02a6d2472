/**
 * A fake scheduler on a loopback port, for testing code that uses the scheduler client.
 *
 * @module @infra-sdk/scheduler-client/testing
 */
export type { FakeAclPolicy, FakeAclToken, NamespaceCapability } from './acl.js';
export type { FakeEvent, FakeEventMessage } from './event-broker.js';
export type { FakeExecSession } from './exec-routes.js';
export { type FakeScheduler, type FakeSchedulerOptions, startFakeScheduler } from './fake-scheduler.js';
export type { FakeJobSeed } from './job-parser.js';
export type { FakeNodeSpec } from './node-registry.js';
