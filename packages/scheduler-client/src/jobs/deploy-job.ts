// One call to deploy: register the job, find the deployment of the version it made, follow that
// deployment with blocking queries (promoting its canaries when asked) until it ends, and resolve with
// it when it succeeded or reject with what went wrong. Only public endpoints are used, so it works the
// same against any scheduler; an abort leaves the deployment where it is.

import {
  AbortError,
  BadRequestError,
  type Clock,
  checkOptions,
  type DurationInput,
  InfraSdkError,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  type RetryLoopOptions,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { DeploymentFailedError } from '../deployments/deployment-failed-error.js';
import { promoteDeployment } from '../deployments/deployment-writes.js';
import { listDeploymentAllocations, watchDeployment } from '../deployments/read-deployment.js';
import type { Deployment, DeploymentState } from '../deployments/types.generated.js';
import { createJob } from './create-job.js';
import { watchJobDeployments } from './job-deployments.js';
import type { CreateJobRequest, JobInput } from './types.generated.js';

/** Options of `jobs.deploy`. */
export interface DeployJobOptions
  extends NamespaceOptions,
    Pick<RetryLoopOptions, 'onRetry' | 'maxFailures'> {
  /**
   * Fields of the registration beside the job: `EnforceIndex` with `JobModifyIndex` (register only if
   * the job is still at that index; then a lost answer is retried safely), `PolicyOverride`,
   * `PreserveCounts`, `EvalPriority`, `Submission`.
   */
  readonly register?: Omit<CreateJobRequest, 'Job'> | undefined;
  /**
   * Promote canaries as soon as all of them are healthy: `true` for every group, or the names of the
   * groups to promote. Left out, canaries wait for `deployments.promote` (or the job's `AutoPromote`).
   */
  readonly promote?: boolean | readonly string[] | undefined;
  /** Told each new state of the deployment, the first one included. */
  readonly onProgress?: ((deployment: Deployment) => void) | undefined;
  /** Longest wait of each blocking request: ms or text such as `"30s"`; default 5 minutes. */
  readonly wait?: DurationInput | undefined;
  /**
   * Where the follower reads the time and waits its pauses (the back-off after a failed request or an
   * early answer with nothing new). Default `systemClock`; a test gives a test clock
   * (`createTestClock` of `@infra-sdk/core/testing`), the same one as the fake scheduler's, and moves it.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `DeployJobOptions`. */
export const deployJobOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    onRetry: 1,
    maxFailures: 1,
    register: 1,
    promote: 1,
    onProgress: 1,
    wait: 1,
    clock: 1,
  } as const satisfies OwnOptionKeys<DeployJobOptions, NamespaceOptions>,
];

const TERMINAL = new Set(['successful', 'failed', 'cancelled']);

/** A job the scheduler deploys: a service job whose update strategy places at a pace. */
function checkDeployable(job: JobInput): void {
  const problems: { path: string; message: string }[] = [];
  const type = job?.Type ?? 'service';
  if (type !== 'service')
    problems.push({
      path: 'Job.Type',
      message: `a ${type} job has no deployment; register it with jobs.create`,
    });
  if (job?.ParameterizedJob)
    problems.push({
      path: 'Job.ParameterizedJob',
      message: 'a parameterized job has no deployment of its own; dispatch it',
    });
  if (job?.Periodic)
    problems.push({ path: 'Job.Periodic', message: 'a periodic job has no deployment of its own' });
  const paces = (job?.TaskGroups ?? []).map((group) => group?.Update?.MaxParallel ?? job.Update?.MaxParallel);
  if (paces.length > 0 && paces.every((pace) => pace === 0)) {
    problems.push({
      path: 'Job.Update.MaxParallel',
      message: 'with MaxParallel 0 the scheduler makes no deployment',
    });
  }
  if (problems.length > 0) throw new RequestValidationError('job to deploy', problems);
}

/** The groups whose canaries all run healthy and wait for promotion. */
function readyCanaries(deployment: Deployment, wanted: true | readonly string[]): string[] {
  return Object.entries(deployment.TaskGroups ?? {})
    .filter(([name, state]: [string, DeploymentState]) => {
      const canaries = state.DesiredCanaries ?? 0;
      const asked = wanted === true || wanted.includes(name);
      return asked && canaries > 0 && !state.Promoted && (state.HealthyAllocs ?? 0) >= canaries;
    })
    .map(([name]) => name);
}

/**
 * What a deployment that ended badly says: its unhealthy allocations, the version it reverted to, and
 * the evaluation the registration made.
 */
async function failureOf(
  core: SchedulerCore,
  deployment: Deployment,
  evaluationId: string | undefined,
  options: NamespaceOptions,
): Promise<DeploymentFailedError> {
  const allocs = await listDeploymentAllocations(core, deployment.ID, options);
  const reverted = /rolling back to job version (\d+)/.exec(deployment.StatusDescription ?? '')?.[1];
  return new DeploymentFailedError({
    deployment,
    unhealthyAllocations: allocs
      .filter((alloc) => alloc.DeploymentStatus?.Healthy === false)
      .map((alloc) => alloc.ID),
    revertedToVersion: reverted === undefined ? undefined : Number(reverted),
    evaluationId,
  });
}

/**
 * POST /v1/jobs, then GET /v1/job/:job_id/deployments and GET /v1/deployment/:deployment_id (blocking),
 * and POST /v1/deployment/promote/:deployment_id when asked — registers `job` and follows the
 * deployment of the version it made to its end: resolves with the deployment once it succeeded; rejects
 * with a `DeploymentFailedError` (the unhealthy allocations, the version reverted to, the evaluation
 * behind it) when it failed or was cancelled, and with an `AbortError` when `signal` aborts, leaving
 * the deployment as it is.
 *
 * Registering a job that did not change makes no new version: the call then follows (or returns) that
 * version's deployment. A multiregion deployment that is `blocked` is followed until it is unblocked.
 *
 * Options: `promote` (`true`, or the names of groups: promote their canaries once all are healthy;
 * otherwise canaries wait for `deployments.promote` or the job's `AutoPromote`), `onProgress` (told each
 * new state of the deployment), `register` (the registration's other fields: `EnforceIndex` with
 * `JobModifyIndex`, `PolicyOverride`, `PreserveCounts`, `EvalPriority`, `Submission`); `wait`, `onRetry`,
 * `maxFailures` and `clock` work for its blocking requests as for a watch's.
 *
 * @example
 * ```ts
 * import { deployJob } from '@infra-sdk/scheduler-client';
 *
 * const deployment = await deployJob(
 *   core,
 *   { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
 *   { onProgress: (state) => console.log(state.Status, state.StatusDescription) },
 * );
 * console.log(deployment.Status, deployment.JobVersion); // successful 0
 * ```
 * @throws {DeploymentFailedError} when the deployment failed or was cancelled (a newer version replaced
 *   it): `deployment` as it ended, `unhealthyAllocations`, `revertedToVersion` (with `AutoRevert`),
 *   `evaluationId` (the registration's evaluation, for `evaluations.read`).
 * @throws {RequestValidationError} before sending, when the scheduler would make no deployment of the job
 *   (a batch, system, parameterized or periodic job, or `MaxParallel: 0`), the registration does not
 *   match `CreateJobRequest` (a field of the update strategy beside the job's own is named with where it
 *   belongs).
 * @throws {AbortError} when `signal` aborts; the deployment goes on as it is (promote, pause or fail it
 *   yourself).
 * @throws {InfraSdkError} when a newer version of the job was registered before the deployment of this one
 *   started.
 * @throws {BadRequestError | ConflictError} as `jobs.create` throws them: a job the scheduler refuses, a
 *   moved `EnforceIndex`.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) or read them
 *   (`read-job`) in the namespace.
 * @throws {TimeoutError | ConnectionError | ServerError} when the registration fails so, or `maxFailures`
 *   blocking requests in a row did (the message then ending "(N failures in a row over T s)").
 */
export async function deployJob(
  core: SchedulerCore,
  job: JobInput,
  options: DeployJobOptions = {},
): Promise<Deployment> {
  checkOptions(options, deployJobOptionKeys, 'deploy options');
  checkDeployable(job);
  const { register, promote, onProgress, wait, onRetry, maxFailures, clock, ...call } = options;
  const watching = {
    ...call,
    ...(wait === undefined ? {} : { wait }),
    ...(onRetry === undefined ? {} : { onRetry }),
    ...(maxFailures === undefined ? {} : { maxFailures }),
    ...(clock === undefined ? {} : { clock }),
  };
  const registered = await createJob(core, { ...register, Job: job }, call);
  const jobModifyIndex = registered.JobModifyIndex ?? 0;

  // The deployment of the registered version: the one made at its modify index.
  let deployment: Deployment | undefined;
  for await (const { data } of watchJobDeployments(core, job.ID, watching)) {
    deployment = data.find((candidate) => candidate.JobModifyIndex === jobModifyIndex);
    if (deployment !== undefined) break;
    if (data.some((candidate) => (candidate.JobModifyIndex ?? 0) > jobModifyIndex)) {
      throw new InfraSdkError(
        `Job ${JSON.stringify(job.ID)} changed again (a newer version was registered) before the deployment of the version registered at index ${jobModifyIndex} started`,
      );
    }
  }
  if (deployment === undefined) throw new AbortError('The deployment was not followed: the call was aborted');

  const wanted = promote === true ? true : Array.isArray(promote) ? promote : undefined;
  const asked = new Set<string>();
  for await (const { data } of watchDeployment(core, deployment.ID, watching)) {
    onProgress?.(data);
    if (data.Status === 'successful') return data;
    if (TERMINAL.has(data.Status ?? '')) throw await failureOf(core, data, registered.EvalID, call);
    if (wanted === undefined || data.Status !== 'running') continue;
    const ready = readyCanaries(data, wanted).filter((name) => !asked.has(name));
    if (ready.length === 0) continue;
    for (const name of ready) asked.add(name);
    try {
      await promoteDeployment(core, data.ID, wanted === true ? { All: true } : { Groups: ready }, call);
    } catch (error) {
      // Promoted meanwhile (AutoPromote), or refused for a reason the next state shows.
      if (!BadRequestError.isInstance(error)) throw error;
    }
  }
  throw new AbortError('The deployment was left as it is: the call was aborted');
}
