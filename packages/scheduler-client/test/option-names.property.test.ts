// Every option of every public function, misspelt at random (a character dropped, two swapped, one
// inserted or replaced): each misspelling is refused with RequestValidationError naming it and the
// nearest option, before anything reaches the fake. The functions are enumerated from the package's
// entries (a new export must be listed here, with its options type or as taking none) and their keys
// from `schedulerOptionKeys`, so a new option is misspelt here without a change to this file.
import { nearestName, requestOptionKeys } from '@infra-sdk/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failureOf,
  functionsOf,
  type KeySets,
  keysOf,
  misspelling,
} from '../../../test-support/option-names.js';
import * as scheduler from '../src/index.js';
import { RequestValidationError } from '../src/index.js';
import * as testing from '../src/testing/index.js';
import { serviceJob } from './support.js';

const keys = scheduler.schedulerOptionKeys;
const fakeKeys = testing.fakeSchedulerOptionKeys;
const watching = (read: KeySets): KeySets => [read, keys.WatchCallOptions];

let fake: testing.FakeScheduler;
let core: scheduler.SchedulerCore;
let client: scheduler.SchedulerClient;
beforeAll(async () => {
  fake = await testing.startFakeScheduler({ allocationStartMs: 0, timeScale: 0 });
  client = scheduler.createSchedulerClient({ baseUrl: fake.url, retry: false });
  core = client.core;
});
afterAll(() => fake.close());

type Options = Record<string, unknown>;
interface Entry {
  /** The options type's key set. */
  readonly keys: KeySets;
  /** Calls the function with `options` (and plausible other arguments); an iterable is started. */
  readonly call: (options: Options) => unknown;
}

const id = '0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10';
const job = serviceJob('web', 1);
/** The first step of an async iterable: what starts its work. */
const first = (iterable: AsyncIterable<unknown>) => iterable[Symbol.asyncIterator]().next();

/** Each function of the main entry that takes options, by its export name. */
const operations: Record<string, Entry> = {
  createSchedulerClient: {
    keys: keys.SchedulerClientOptions,
    call: (o) => scheduler.createSchedulerClient({ baseUrl: fake.url, ...o }),
  },
  createSchedulerCore: {
    keys: keys.SchedulerClientOptions,
    call: (o) => scheduler.createSchedulerCore({ baseUrl: fake.url, ...o }),
  },
  fromEnv: { keys: keys.SchedulerClientOptions, call: (o) => scheduler.fromEnv(o) },
  // Jobs.
  listJobs: { keys: keys.ListJobsOptions, call: (o) => scheduler.listJobs(core, o) },
  iterateJobs: { keys: keys.IterateJobsOptions, call: (o) => first(scheduler.iterateJobs(core, o)) },
  watchJobs: { keys: watching(keys.ListJobsOptions), call: (o) => scheduler.watchJobs(core, o).next() },
  createJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.createJob(core, { Job: job }, o) },
  updateJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.updateJob(core, 'web', { Job: job }, o) },
  deployJob: { keys: keys.DeployJobOptions, call: (o) => scheduler.deployJob(core, job, o) },
  parseJob: { keys: keys.CallOptions, call: (o) => scheduler.parseJob(core, { JobHCL: 'job "x" {}' }, o) },
  planJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.planJob(core, 'web', { Job: job }, o) },
  validateJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.validateJob(core, { Job: job }, o) },
  readJob: { keys: keys.ReadJobOptions, call: (o) => scheduler.readJob(core, 'web', o) },
  watchJob: { keys: watching(keys.ReadJobOptions), call: (o) => scheduler.watchJob(core, 'web', o).next() },
  listJobVersions: { keys: keys.JobVersionsOptions, call: (o) => scheduler.listJobVersions(core, 'web', o) },
  watchJobVersions: {
    keys: watching(keys.JobVersionsOptions),
    call: (o) => scheduler.watchJobVersions(core, 'web', o).next(),
  },
  listJobAllocations: {
    keys: keys.JobAllocationsOptions,
    call: (o) => scheduler.listJobAllocations(core, 'web', o),
  },
  watchJobAllocations: {
    keys: watching(keys.JobAllocationsOptions),
    call: (o) => scheduler.watchJobAllocations(core, 'web', o).next(),
  },
  listJobEvaluations: {
    keys: keys.ReadJobOptions,
    call: (o) => scheduler.listJobEvaluations(core, 'web', o),
  },
  watchJobEvaluations: {
    keys: watching(keys.ReadJobOptions),
    call: (o) => scheduler.watchJobEvaluations(core, 'web', o).next(),
  },
  listJobDeployments: {
    keys: keys.JobDeploymentsOptions,
    call: (o) => scheduler.listJobDeployments(core, 'web', o),
  },
  watchJobDeployments: {
    keys: watching(keys.JobDeploymentsOptions),
    call: (o) => scheduler.watchJobDeployments(core, 'web', o).next(),
  },
  readLatestJobDeployment: {
    keys: keys.ReadJobOptions,
    call: (o) => scheduler.readLatestJobDeployment(core, 'web', o),
  },
  watchLatestJobDeployment: {
    keys: watching(keys.ReadJobOptions),
    call: (o) => scheduler.watchLatestJobDeployment(core, 'web', o).next(),
  },
  readJobSummary: { keys: keys.ReadJobOptions, call: (o) => scheduler.readJobSummary(core, 'web', o) },
  watchJobSummary: {
    keys: watching(keys.ReadJobOptions),
    call: (o) => scheduler.watchJobSummary(core, 'web', o).next(),
  },
  scaleJob: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.scaleJob(core, 'web', { Group: 'frontend', Count: 2 }, o),
  },
  readJobScaleStatus: {
    keys: keys.ReadJobOptions,
    call: (o) => scheduler.readJobScaleStatus(core, 'web', o),
  },
  watchJobScaleStatus: {
    keys: watching(keys.ReadJobOptions),
    call: (o) => scheduler.watchJobScaleStatus(core, 'web', o).next(),
  },
  deregisterJob: { keys: keys.DeregisterJobOptions, call: (o) => scheduler.deregisterJob(core, 'web', o) },
  dispatchJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.dispatchJob(core, 'report', {}, o) },
  revertJob: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.revertJob(core, 'web', { JobVersion: 0 }, o),
  },
  setJobStability: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.setJobStability(core, 'web', { JobVersion: 0, Stable: true }, o),
  },
  evaluateJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.evaluateJob(core, 'web', {}, o) },
  forcePeriodicJob: { keys: keys.NamespaceOptions, call: (o) => scheduler.forcePeriodicJob(core, 'web', o) },
  readJobSubmission: {
    keys: keys.ReadJobOptions,
    call: (o) => scheduler.readJobSubmission(core, 'web', 0, o),
  },
  listJobServices: { keys: keys.ReadJobOptions, call: (o) => scheduler.listJobServices(core, 'web', o) },
  watchJobServices: {
    keys: watching(keys.ReadJobOptions),
    call: (o) => scheduler.watchJobServices(core, 'web', o).next(),
  },
  tagJobVersion: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.tagJobVersion(core, 'web', 'v1', {}, o),
  },
  untagJobVersion: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.untagJobVersion(core, 'web', 'v1', o),
  },
  // Nodes.
  listNodes: { keys: keys.ListNodesOptions, call: (o) => scheduler.listNodes(core, o) },
  iterateNodes: { keys: keys.IterateNodesOptions, call: (o) => first(scheduler.iterateNodes(core, o)) },
  watchNodes: { keys: watching(keys.ListNodesOptions), call: (o) => scheduler.watchNodes(core, o).next() },
  readNode: { keys: keys.ReadNodeOptions, call: (o) => scheduler.readNode(core, id, o) },
  watchNode: { keys: watching(keys.ReadNodeOptions), call: (o) => scheduler.watchNode(core, id, o).next() },
  listNodeAllocations: {
    keys: keys.ReadNodeOptions,
    call: (o) => scheduler.listNodeAllocations(core, id, o),
  },
  watchNodeAllocations: {
    keys: watching(keys.ReadNodeOptions),
    call: (o) => scheduler.watchNodeAllocations(core, id, o).next(),
  },
  drainNode: {
    keys: keys.CallOptions,
    call: (o) => scheduler.drainNode(core, id, { DrainSpec: { Deadline: '1h' } }, o),
  },
  followNodeDrain: { keys: keys.FollowNodeDrainOptions, call: (o) => scheduler.followNodeDrain(core, id, o) },
  setNodeEligibility: {
    keys: keys.CallOptions,
    call: (o) => scheduler.setNodeEligibility(core, id, { Eligibility: 'ineligible' }, o),
  },
  purgeNode: { keys: keys.CallOptions, call: (o) => scheduler.purgeNode(core, id, o) },
  evaluateNode: { keys: keys.CallOptions, call: (o) => scheduler.evaluateNode(core, id, o) },
  // Allocations.
  listAllocations: { keys: keys.ListAllocationsOptions, call: (o) => scheduler.listAllocations(core, o) },
  iterateAllocations: {
    keys: keys.IterateAllocationsOptions,
    call: (o) => first(scheduler.iterateAllocations(core, o)),
  },
  watchAllocations: {
    keys: watching(keys.ListAllocationsOptions),
    call: (o) => scheduler.watchAllocations(core, o).next(),
  },
  readAllocation: { keys: keys.ReadAllocationOptions, call: (o) => scheduler.readAllocation(core, id, o) },
  watchAllocation: {
    keys: watching(keys.ReadAllocationOptions),
    call: (o) => scheduler.watchAllocation(core, id, o).next(),
  },
  listAllocationServices: {
    keys: keys.ReadAllocationOptions,
    call: (o) => scheduler.listAllocationServices(core, id, o),
  },
  watchAllocationServices: {
    keys: watching(keys.ReadAllocationOptions),
    call: (o) => scheduler.watchAllocationServices(core, id, o).next(),
  },
  stopAllocation: { keys: keys.StopAllocationOptions, call: (o) => scheduler.stopAllocation(core, id, o) },
  signalAllocation: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.signalAllocation(core, id, { Signal: 'SIGHUP' }, o),
  },
  restartAllocation: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.restartAllocation(core, id, {}, o),
  },
  listAllocationChecks: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.listAllocationChecks(core, id, o),
  },
  readAllocationStats: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.readAllocationStats(core, id, o),
  },
  streamAllocationLogs: {
    keys: keys.AllocationLogsOptions,
    call: (o) => first(scheduler.streamAllocationLogs(core, id, { task: 'server', ...o })),
  },
  listAllocationFiles: {
    keys: keys.ListAllocationFilesOptions,
    call: (o) => scheduler.listAllocationFiles(core, id, o),
  },
  statAllocationFile: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.statAllocationFile(core, id, 'alloc/logs', o),
  },
  readAllocationFile: {
    keys: keys.ReadAllocationFileOptions,
    call: (o) => scheduler.readAllocationFile(core, id, 'local/app.conf', o),
  },
  readAllocationFileAt: {
    keys: keys.ReadAllocationFileAtOptions,
    call: (o) => scheduler.readAllocationFileAt(core, id, 'local/app.conf', { offset: 0, limit: 10, ...o }),
  },
  streamAllocationFile: {
    keys: keys.StreamAllocationFileOptions,
    call: (o) => first(scheduler.streamAllocationFile(core, id, 'local/app.conf', o)),
  },
  execAllocation: {
    keys: keys.ExecOptions,
    call: (o) => scheduler.execAllocation(core, id, { command: ['/bin/sh'], task: 'server' }, o),
  },
  // Deployments.
  listDeployments: { keys: keys.ListDeploymentsOptions, call: (o) => scheduler.listDeployments(core, o) },
  iterateDeployments: {
    keys: keys.IterateDeploymentsOptions,
    call: (o) => first(scheduler.iterateDeployments(core, o)),
  },
  watchDeployments: {
    keys: watching(keys.ListDeploymentsOptions),
    call: (o) => scheduler.watchDeployments(core, o).next(),
  },
  readDeployment: { keys: keys.ReadDeploymentOptions, call: (o) => scheduler.readDeployment(core, id, o) },
  watchDeployment: {
    keys: watching(keys.ReadDeploymentOptions),
    call: (o) => scheduler.watchDeployment(core, id, o).next(),
  },
  listDeploymentAllocations: {
    keys: keys.ReadDeploymentOptions,
    call: (o) => scheduler.listDeploymentAllocations(core, id, o),
  },
  watchDeploymentAllocations: {
    keys: watching(keys.ReadDeploymentOptions),
    call: (o) => scheduler.watchDeploymentAllocations(core, id, o).next(),
  },
  promoteDeployment: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.promoteDeployment(core, id, { All: true }, o),
  },
  pauseDeployment: { keys: keys.NamespaceOptions, call: (o) => scheduler.pauseDeployment(core, id, o) },
  resumeDeployment: { keys: keys.NamespaceOptions, call: (o) => scheduler.resumeDeployment(core, id, o) },
  failDeployment: { keys: keys.NamespaceOptions, call: (o) => scheduler.failDeployment(core, id, o) },
  setDeploymentAllocationHealth: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.setDeploymentAllocationHealth(core, id, { HealthyAllocationIDs: [id] }, o),
  },
  unblockDeployment: { keys: keys.NamespaceOptions, call: (o) => scheduler.unblockDeployment(core, id, o) },
  // Evaluations.
  listEvaluations: { keys: keys.ListEvaluationsOptions, call: (o) => scheduler.listEvaluations(core, o) },
  iterateEvaluations: {
    keys: keys.IterateEvaluationsOptions,
    call: (o) => first(scheduler.iterateEvaluations(core, o)),
  },
  watchEvaluations: {
    keys: watching(keys.ListEvaluationsOptions),
    call: (o) => scheduler.watchEvaluations(core, o).next(),
  },
  readEvaluation: { keys: keys.ReadEvaluationOptions, call: (o) => scheduler.readEvaluation(core, id, o) },
  watchEvaluation: {
    keys: watching(keys.ReadEvaluationOptions),
    call: (o) => scheduler.watchEvaluation(core, id, o).next(),
  },
  listEvaluationAllocations: {
    keys: keys.ReadEvaluationOptions,
    call: (o) => scheduler.listEvaluationAllocations(core, id, o),
  },
  watchEvaluationAllocations: {
    keys: watching(keys.ReadEvaluationOptions),
    call: (o) => scheduler.watchEvaluationAllocations(core, id, o).next(),
  },
  // The event stream.
  streamEvents: { keys: keys.EventStreamOptions, call: (o) => scheduler.streamEvents(core, o).next() },
  // Variables.
  listVariables: { keys: keys.ListVariablesOptions, call: (o) => scheduler.listVariables(core, o) },
  iterateVariables: {
    keys: keys.IterateVariablesOptions,
    call: (o) => first(scheduler.iterateVariables(core, o)),
  },
  watchVariables: {
    keys: watching(keys.ListVariablesOptions),
    call: (o) => scheduler.watchVariables(core, o).next(),
  },
  readVariable: { keys: keys.ReadVariableOptions, call: (o) => scheduler.readVariable(core, 'app/db', o) },
  watchVariable: {
    keys: watching(keys.ReadVariableOptions),
    call: (o) => scheduler.watchVariable(core, 'app/db', o).next(),
  },
  writeVariable: {
    keys: keys.VariableWriteOptions,
    call: (o) => scheduler.writeVariable(core, 'app/db', { Items: { user: 'app' } }, o),
  },
  deleteVariable: {
    keys: keys.VariableWriteOptions,
    call: (o) => scheduler.deleteVariable(core, 'app/db', o),
  },
  acquireVariableLock: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.acquireVariableLock(core, 'locks/a', {}, o),
  },
  renewVariableLock: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.renewVariableLock(core, 'locks/a', id, o),
  },
  releaseVariableLock: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.releaseVariableLock(core, 'locks/a', id, o),
  },
  holdVariableLock: {
    keys: keys.HoldVariableLockOptions,
    call: (o) => scheduler.holdVariableLock(core, 'locks/a', o),
  },
  // ACL tokens and search.
  readOwnAclToken: { keys: keys.ReadAclTokenOptions, call: (o) => scheduler.readOwnAclToken(core, o) },
  readAclToken: { keys: keys.ReadAclTokenOptions, call: (o) => scheduler.readAclToken(core, id, o) },
  listAclTokens: { keys: keys.ListAclTokensOptions, call: (o) => scheduler.listAclTokens(core, o) },
  iterateAclTokens: {
    keys: keys.IterateAclTokensOptions,
    call: (o) => first(scheduler.iterateAclTokens(core, o)),
  },
  watchAclTokens: {
    keys: watching(keys.ListAclTokensOptions),
    call: (o) => scheduler.watchAclTokens(core, o).next(),
  },
  createAclToken: {
    keys: keys.CallOptions,
    call: (o) => scheduler.createAclToken(core, { Type: 'client', Policies: ['read'] }, o),
  },
  deleteAclToken: { keys: keys.CallOptions, call: (o) => scheduler.deleteAclToken(core, id, o) },
  searchPrefix: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.searchPrefix(core, { Prefix: 'we', Context: 'jobs' }, o),
  },
  searchFuzzy: {
    keys: keys.NamespaceOptions,
    call: (o) => scheduler.searchFuzzy(core, { Text: 'web', Context: 'all' }, o),
  },
};

/** Functions of the main entry that take no options object: the group factories and a type guard. */
const takeNoOptions = new Set([
  'aclTokensGroup',
  'allocationsGroup',
  'deploymentsGroup',
  'evaluationsGroup',
  'eventsGroup',
  'jobsGroup',
  'nodesGroup',
  'searchGroup',
  'variablesGroup',
  'isTopic',
]);

/** The client's own methods and group members the issue names, and the testing entry's options. */
const others: Record<string, Entry> = {
  'client.request': {
    keys: requestOptionKeys,
    call: (o) => client.request({ method: 'GET', path: '/jobs' }, o),
  },
  'client.events.stream': { keys: keys.EventStreamOptions, call: (o) => client.events.stream(o).next() },
  'client.jobs.list': { keys: keys.ListJobsOptions, call: (o) => client.jobs.list(o) },
  'client.variables.holdLock': {
    keys: keys.HoldVariableLockOptions,
    call: (o) => client.variables.holdLock('locks/a', o),
  },
  startFakeScheduler: { keys: fakeKeys.startFakeScheduler, call: (o) => testing.startFakeScheduler(o) },
  'startFakeScheduler({ acl })': {
    keys: fakeKeys.acl,
    call: (o) => testing.startFakeScheduler({ acl: { tokens: {}, ...o } }),
  },
  'startFakeScheduler({ acl: { tokens } })': {
    keys: fakeKeys.policy,
    call: (o) => testing.startFakeScheduler({ acl: { tokens: { secret: o } } }),
  },
  'startFakeScheduler({ acl: { policies } })': {
    keys: fakeKeys.policy,
    call: (o) => testing.startFakeScheduler({ acl: { tokens: {}, policies: { readers: o } } }),
  },
  'startFakeScheduler({ nodes })': {
    keys: fakeKeys.node,
    call: (o) => testing.startFakeScheduler({ nodes: [o] }),
  },
  'fake.addNode': { keys: fakeKeys.node, call: (o) => fake.addNode(o) },
  'fake.registerJob': { keys: fakeKeys.registerJob, call: (o) => fake.registerJob({ ID: 'seeded' }, o) },
};

describe('misspelt options', () => {
  it('lists every function of the entries that takes options, and only those', () => {
    for (const name of functionsOf(scheduler)) {
      expect(name in operations || takeNoOptions.has(name), `${name}: list it with its options type`).toBe(
        true,
      );
    }
    for (const name of functionsOf(testing)) expect(name, `testing ${name}`).toBe('startFakeScheduler');
    expect(Object.keys(operations).filter((name) => !(name in scheduler))).toEqual([]);
    // Every options type's key set is misspelt by some entry, on its own or inside another's.
    const used = new Set<KeySets>();
    const add = (sets: KeySets): void => {
      used.add(sets);
      if (Array.isArray(sets)) for (const set of sets) add(set as KeySets);
    };
    for (const entry of [...Object.values(operations), ...Object.values(others)]) add(entry.keys);
    for (const [name, set] of Object.entries(keys))
      expect(used.has(set), `${name}: no function takes it`).toBe(true);
  });

  const entries = { ...operations, ...others };
  it.each(Object.keys(entries))(
    '%s: every misspelt option is refused before sending, naming the nearest',
    async (name) => {
      const { keys: sets, call } = entries[name] as Entry;
      const known = keysOf(sets);
      expect(known.length).toBeGreaterThan(0);
      for (const key of known) {
        await fc.assert(
          fc.asyncProperty(
            misspelling(key).filter((typo) => typo.length > 0 && !known.includes(typo)),
            async (typo) => {
              const before = fake.requests.length;
              const error = await failureOf(() => call({ [typo]: 1 }));
              expect(
                RequestValidationError.isInstance(error),
                `${name}({ ${typo} }) gave ${String(error)}`,
              ).toBe(true);
              expect(fake.requests.length, `${name}({ ${typo} }) sent a request`).toBe(before);
              const refusal = (error as RequestValidationError).issues.find((each) => each.path === typo);
              const named = /did you mean `([^`]+)`\?/.exec(refusal?.message ?? '')?.[1];
              expect(named, `${name}: ${(error as Error).message}`).toBeDefined();
              expect(known).toContain(named);
              // The option named is the one misspelt, or one at least as near to the misspelling.
              const distance = (to: string) => nearestName(typo, [to])?.distance ?? Number.POSITIVE_INFINITY;
              expect(distance(named as string)).toBeLessThanOrEqual(distance(key));
            },
          ),
          { numRuns: 4 },
        );
      }
    },
  );
});
