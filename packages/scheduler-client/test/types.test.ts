// Type-level checks: the public types come from the schemas and fit together as a user expects.
// Only types are inspected; nothing here sends a request.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Allocation,
  AllocationStub,
  ApiPromise,
  CreateJobRequest,
  DeployJobOptions,
  Deployment,
  EventStream,
  EventStreamOptions,
  EventTopics,
  ExecSession,
  Job,
  JobInput,
  JobRegisterResponse,
  JobScaleStatus,
  JobStreamEvent,
  JobStub,
  Node,
  NodeStreamEvent,
  NodeStub,
  Paginator,
  ReadJobOptions,
  SchedulerBlockingOptions,
  SchedulerClient,
  SchedulerClientOptions,
  SchedulerConsistency,
  StreamEvent,
  StreamEventOf,
  WatchCallOptions,
} from '../src/index.js';

type Jobs = SchedulerClient['jobs'];
type Nodes = SchedulerClient['nodes'];
type Allocations = SchedulerClient['allocations'];
type Deployments = SchedulerClient['deployments'];

describe('public types', () => {
  it('resolves every call to its payload with metadata on demand', () => {
    expectTypeOf<ReturnType<Jobs['list']>>().toEqualTypeOf<ApiPromise<JobStub[]>>();
    expectTypeOf<ReturnType<Jobs['read']>>().toEqualTypeOf<ApiPromise<Job>>();
    expectTypeOf<ReturnType<Jobs['latestDeployment']>>().toEqualTypeOf<ApiPromise<Deployment | null>>();
    expectTypeOf<ReturnType<Nodes['read']>>().toEqualTypeOf<ApiPromise<Node>>();
    expectTypeOf<ReturnType<Nodes['listAllocations']>>().toEqualTypeOf<ApiPromise<Allocation[]>>();
    expectTypeOf<ReturnType<Allocations['signal']>>().toEqualTypeOf<ApiPromise<void>>();
    expectTypeOf<ReturnType<Allocations['exec']>>().toEqualTypeOf<ApiPromise<ExecSession>>();
    expectTypeOf<ReturnType<Allocations['iterate']>>().toEqualTypeOf<Paginator<AllocationStub>>();
  });

  it('accepts a job read from the server as input, and unit durations', () => {
    expectTypeOf<Job>().toMatchTypeOf<JobInput>();
    expectTypeOf<{
      ID: string;
      TaskGroups: [{ Tasks: [{ KillTimeout: '5s' }] }];
    }>().toMatchTypeOf<JobInput>();
    expectTypeOf<{ ID: string; TaskGroups: [{ Tasks: [{ KillTimeout: '5s' }] }] }>().not.toMatchTypeOf<Job>();
  });

  it('types events by topic', () => {
    expectTypeOf<StreamEventOf<'Job'>>().toEqualTypeOf<JobStreamEvent>();
    expectTypeOf<NonNullable<JobStreamEvent['Payload']['Job']>>().toEqualTypeOf<Job>();
    type Stream = ReturnType<typeof subscribe>;
    const subscribe = (events: SchedulerClient['events']) =>
      events.stream({ topics: { Job: ['web'], Node: [] } });
    expectTypeOf<Stream>().toEqualTypeOf<EventStream<JobStreamEvent | NodeStreamEvent>>();
    expectTypeOf<Stream['lastIndex']>().toEqualTypeOf<number>();
    expectTypeOf<StreamEventOf<'*'>>().toEqualTypeOf<StreamEvent>();
  });

  it('keeps request bodies strict', () => {
    type Eligibility = Parameters<Nodes['setEligibility']>[1];
    expectTypeOf<{ Eligibility: 'eligible' }>().toMatchTypeOf<Eligibility>();
    expectTypeOf<{ Eligibility: 'maybe' }>().not.toMatchTypeOf<Eligibility>();
    type Drain = NonNullable<Parameters<Nodes['drain']>[1]['DrainSpec']>;
    expectTypeOf<{ IgnoreSystemJobs: true }>().not.toMatchTypeOf<Drain>();
    expectTypeOf<{ Deadline: '1h' }>().toMatchTypeOf<Drain>();
  });

  it('takes the two consistency modes of the scheduler', () => {
    type Blocking = NonNullable<Parameters<Jobs['list']>[0]>;
    expectTypeOf<{ consistency: 'stale' }>().toMatchTypeOf<Blocking>();
    expectTypeOf<{ consistency: 'consistent' }>().not.toMatchTypeOf<Blocking>();
    expectTypeOf<{ stale: true }>().not.toMatchTypeOf<Blocking>();
    expectTypeOf<SchedulerBlockingOptions['consistency']>().toEqualTypeOf<SchedulerConsistency | undefined>();
    expectTypeOf<NonNullable<Parameters<Jobs['watch']>[1]>>().toEqualTypeOf<
      WatchCallOptions<ReadJobOptions, SchedulerConsistency>
    >();
  });

  it('names the input type (text durations) apart from the response type (nanoseconds)', () => {
    type Task = NonNullable<NonNullable<NonNullable<JobInput['TaskGroups']>[number]['Tasks']>[number]>;
    expectTypeOf<'30s'>().toMatchTypeOf<Task['KillTimeout']>();
    type ReadTask = NonNullable<NonNullable<NonNullable<Job['TaskGroups']>[number]['Tasks']>[number]>;
    expectTypeOf<ReadTask['KillTimeout']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<CreateJobRequest['Job']>().toEqualTypeOf<JobInput>();
    expectTypeOf<Parameters<Jobs['create']>[0]>().toEqualTypeOf<CreateJobRequest>();
    expectTypeOf<Parameters<Jobs['deploy']>[0]>().toEqualTypeOf<JobInput>();
    expectTypeOf<Awaited<ReturnType<Jobs['read']>>>().toEqualTypeOf<Job>();
  });

  it('types the deployment, scaling and paging methods', () => {
    expectTypeOf<ReturnType<Jobs['deploy']>>().toEqualTypeOf<Promise<Deployment>>();
    expectTypeOf<NonNullable<Parameters<Jobs['deploy']>[1]>>().toEqualTypeOf<DeployJobOptions>();
    expectTypeOf<ReturnType<Jobs['scale']>>().toEqualTypeOf<ApiPromise<JobRegisterResponse>>();
    expectTypeOf<ReturnType<Jobs['scaleStatus']>>().toEqualTypeOf<ApiPromise<JobScaleStatus>>();
    expectTypeOf<ReturnType<Jobs['iterate']>>().toEqualTypeOf<Paginator<JobStub>>();
    expectTypeOf<ReturnType<Nodes['iterate']>>().toEqualTypeOf<Paginator<NodeStub>>();
    expectTypeOf<ReturnType<Deployments['iterate']>>().toEqualTypeOf<Paginator<Deployment>>();
    expectTypeOf<ReturnType<Deployments['read']>>().toEqualTypeOf<ApiPromise<Deployment>>();
    expectTypeOf<{ Group: 'web'; Count: 3 }>().toMatchTypeOf<Parameters<Jobs['scale']>[1]>();
    expectTypeOf<{ Count: 3 }>().not.toMatchTypeOf<Parameters<Jobs['scale']>[1]>();
  });

  it('names the topics option, and accepts undefined where a value may come from the environment', () => {
    expectTypeOf<EventStreamOptions['topics']>().toEqualTypeOf<EventTopics | undefined>();
    expectTypeOf<string[]>().not.toMatchTypeOf<EventTopics>();
    expectTypeOf<{ Job: ['web']; Node: [] }>().toMatchTypeOf<EventTopics>();
    expectTypeOf<{ namespace: undefined; region: undefined }>().toMatchTypeOf<
      Partial<SchedulerClientOptions>
    >();
    expectTypeOf<{
      index: undefined;
      wait: undefined;
      namespace: undefined;
    }>().toMatchTypeOf<ReadJobOptions>();
    expectTypeOf<{
      index: 'now';
      idleTimeout: undefined;
      maxFailures: number;
    }>().toMatchTypeOf<EventStreamOptions>();
  });
});
