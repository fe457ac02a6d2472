// Every options type's key set by the type's name, for code that builds on this client (a wrapper that
// checks its own options the same way) and for the tests that misspell every option of every function.
// Each operation imports only the set it checks, so a bundle carries only those.
import type { KeySets } from '@infra-sdk/core';
import { readAclTokenOptionKeys } from './acl/acl-tokens.js';
import { iterateAclTokensOptionKeys, listAclTokensOptionKeys } from './acl/list-acl-tokens.js';
import {
  listAllocationFilesOptionKeys,
  readAllocationFileAtOptionKeys,
  readAllocationFileOptionKeys,
  streamAllocationFileOptionKeys,
} from './allocations/allocation-files.js';
import { allocationLogsOptionKeys } from './allocations/allocation-logs.js';
import { iterateAllocationsOptionKeys, listAllocationsOptionKeys } from './allocations/list-allocations.js';
import { readAllocationOptionKeys } from './allocations/read-allocation.js';
import { stopAllocationOptionKeys } from './allocations/stop-allocation.js';
import { watchCallOptionKeys } from './blocking.js';
import { callOptionKeys, namespaceOptionKeys } from './call-options.js';
import { schedulerClientOptionKeys } from './core.js';
import { iterateDeploymentsOptionKeys, listDeploymentsOptionKeys } from './deployments/list-deployments.js';
import { readDeploymentOptionKeys } from './deployments/read-deployment.js';
import { iterateEvaluationsOptionKeys, listEvaluationsOptionKeys } from './evaluations/list-evaluations.js';
import { readEvaluationOptionKeys } from './evaluations/read-evaluation.js';
import { eventStreamOptionKeys } from './events/stream-events.js';
import { execOptionKeys } from './exec/exec-allocation.js';
import { deployJobOptionKeys } from './jobs/deploy-job.js';
import { deregisterJobOptionKeys } from './jobs/deregister-job.js';
import { jobAllocationsOptionKeys } from './jobs/job-allocations.js';
import { jobDeploymentsOptionKeys } from './jobs/job-deployments.js';
import { jobVersionsOptionKeys } from './jobs/job-versions.js';
import { iterateJobsOptionKeys, listJobsOptionKeys } from './jobs/list-jobs.js';
import { readJobOptionKeys } from './jobs/read-job.js';
import { followNodeDrainOptionKeys } from './nodes/follow-drain.js';
import { iterateNodesOptionKeys, listNodesOptionKeys } from './nodes/list-nodes.js';
import { readNodeOptionKeys } from './nodes/read-node.js';
import { pagingOptionKeys } from './paging.js';
import { holdVariableLockOptionKeys } from './variables/hold-variable-lock.js';
import { iterateVariablesOptionKeys, listVariablesOptionKeys } from './variables/list-variables.js';
import { readVariableOptionKeys } from './variables/read-variable.js';
import { variableWriteOptionKeys } from './variables/write-variable.js';

/**
 * The keys of each options type of this client, by the type's name: what a call checks its options
 * against at run time (an unknown key is a RequestValidationError naming the nearest one, before
 * anything is sent). A watch form takes its read's keys and `WatchCallOptions`'s: `[ReadJobOptions,
 * WatchCallOptions]` for `watchJob`. Give a set to core's `checkOptions` to check options of your own
 * the same way.
 *
 * @example
 * ```ts
 * import { checkOptions } from '@infra-sdk/core';
 * import { schedulerOptionKeys } from '@infra-sdk/scheduler-client';
 *
 * checkOptions({ per_page: 10 }, schedulerOptionKeys.ListJobsOptions, 'list options'); // passes
 * try {
 *   checkOptions({ perPage: 10 }, schedulerOptionKeys.ListJobsOptions, 'list options');
 * } catch (error) {
 *   console.log((error as Error).message); // Invalid list options (nothing was sent): perPage: unknown option; did you mean `per_page`?
 * }
 * ```
 */
export const schedulerOptionKeys = {
  SchedulerClientOptions: schedulerClientOptionKeys,
  CallOptions: callOptionKeys,
  NamespaceOptions: namespaceOptionKeys,
  PagingOptions: pagingOptionKeys,
  WatchCallOptions: watchCallOptionKeys,
  ReadJobOptions: readJobOptionKeys,
  ListJobsOptions: listJobsOptionKeys,
  IterateJobsOptions: iterateJobsOptionKeys,
  JobAllocationsOptions: jobAllocationsOptionKeys,
  JobDeploymentsOptions: jobDeploymentsOptionKeys,
  JobVersionsOptions: jobVersionsOptionKeys,
  DeregisterJobOptions: deregisterJobOptionKeys,
  DeployJobOptions: deployJobOptionKeys,
  ReadNodeOptions: readNodeOptionKeys,
  ListNodesOptions: listNodesOptionKeys,
  IterateNodesOptions: iterateNodesOptionKeys,
  FollowNodeDrainOptions: followNodeDrainOptionKeys,
  ReadAllocationOptions: readAllocationOptionKeys,
  ListAllocationsOptions: listAllocationsOptionKeys,
  IterateAllocationsOptions: iterateAllocationsOptionKeys,
  StopAllocationOptions: stopAllocationOptionKeys,
  AllocationLogsOptions: allocationLogsOptionKeys,
  ListAllocationFilesOptions: listAllocationFilesOptionKeys,
  ReadAllocationFileOptions: readAllocationFileOptionKeys,
  ReadAllocationFileAtOptions: readAllocationFileAtOptionKeys,
  StreamAllocationFileOptions: streamAllocationFileOptionKeys,
  ReadDeploymentOptions: readDeploymentOptionKeys,
  ListDeploymentsOptions: listDeploymentsOptionKeys,
  IterateDeploymentsOptions: iterateDeploymentsOptionKeys,
  ReadEvaluationOptions: readEvaluationOptionKeys,
  ListEvaluationsOptions: listEvaluationsOptionKeys,
  IterateEvaluationsOptions: iterateEvaluationsOptionKeys,
  EventStreamOptions: eventStreamOptionKeys,
  ExecOptions: execOptionKeys,
  ReadVariableOptions: readVariableOptionKeys,
  ListVariablesOptions: listVariablesOptionKeys,
  IterateVariablesOptions: iterateVariablesOptionKeys,
  VariableWriteOptions: variableWriteOptionKeys,
  HoldVariableLockOptions: holdVariableLockOptionKeys,
  ReadAclTokenOptions: readAclTokenOptionKeys,
  ListAclTokensOptions: listAclTokensOptionKeys,
  IterateAclTokensOptions: iterateAclTokensOptionKeys,
} as const satisfies Readonly<Record<string, KeySets>>;
