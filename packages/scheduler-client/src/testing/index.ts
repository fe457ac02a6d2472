/**
 * A fake scheduler on a loopback port, for testing code that uses the scheduler client.
 *
 * @module @infra-sdk/scheduler-client/testing
 */
export type { FakeAclPolicy, FakeAclToken, NamespaceCapability, VariableCapability } from './acl.js';
export type { FakeEvent, FakeEventMessage } from './event-broker.js';
export type { FakeExecSession } from './exec-routes.js';
export { type FakeScheduler, type FakeSchedulerOptions, startFakeScheduler } from './fake-scheduler.js';
export type { FakeJobSeed } from './job-parser.js';
export type { FakeNodeSpec } from './node-registry.js';
export { fakeSchedulerOptionKeys } from './option-keys.js';
export { WireNanos } from './wire-nanos.js';
export type {
  Affinity as FakeAffinity,
  Allocation as FakeAllocation,
  AllocationMetric as FakeAllocationMetric,
  Constraint as FakeConstraint,
  Deployment as FakeDeployment,
  DeploymentState as FakeDeploymentState,
  DrainStrategy as FakeDrainStrategy,
  DriverInfo as FakeDriverInfo,
  Evaluation as FakeEvaluation,
  FieldDiff as FakeFieldDiff,
  Job as FakeJob,
  JobDiff as FakeJobDiff,
  JobStub as FakeJobStub,
  JobSummary as FakeJobSummary,
  Network as FakeNetwork,
  Node as FakeNode,
  NodeEvent as FakeNodeEvent,
  NodeStub as FakeNodeStub,
  ObjectDiff as FakeObjectDiff,
  Port as FakePort,
  Resources as FakeResources,
  Task as FakeTask,
  TaskDiff as FakeTaskDiff,
  TaskEvent as FakeTaskEvent,
  TaskGroup as FakeTaskGroup,
  TaskGroupDiff as FakeTaskGroupDiff,
  TaskGroupSummary as FakeTaskGroupSummary,
  TaskState as FakeTaskState,
} from './wire-types.js';
