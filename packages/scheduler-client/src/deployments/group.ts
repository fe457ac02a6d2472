import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import {
  failDeployment,
  pauseDeployment,
  promoteDeployment,
  resumeDeployment,
  setDeploymentAllocationHealth,
  unblockDeployment,
} from './deployment-writes.js';
import { iterateDeployments, listDeployments, watchDeployments } from './list-deployments.js';
import {
  listDeploymentAllocations,
  readDeployment,
  watchDeployment,
  watchDeploymentAllocations,
} from './read-deployment.js';

const deploymentOperations = {
  /**
   * `GET /v1/deployments`: lists deployments, oldest first: the whole list, or one page when `per_page`
   * is set (the next starts at `meta.nextToken`).
   *
   * Options: `namespace` (`'*'`: every namespace the token may see), `prefix` (even-length hex), `filter`,
   * `per_page`, `next_token`, `reverse`; `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const { data, meta } = await scheduler.deployments.list({ per_page: 20, namespace: '*' }).withMeta();
   * console.log(data.length, meta.nextToken);
   * ```
   * @throws {RequestValidationError} before sending, when `prefix` is not an even number of hex
   *   characters, `per_page` is not a whole number, or `index`/`wait` are out of range.
   * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listDeployments,
  /**
   * `GET /v1/deployments`, every page: an `AsyncIterable` of deployments (core's `Paginator`: `.pages()`,
   * `.toArray()`), following `X-Scheduler-NextToken`.
   *
   * Options: those of the listing without the blocking ones; `per_page` (default 100) is the page size,
   * `next_token` where to start, `signal` stops it.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const all = await scheduler.deployments.iterate().toArray();
   * console.log(all.length);
   * ```
   * @throws {RequestValidationError} from the iteration, before the first request, when `prefix` or
   *   `per_page` are refused.
   * @throws {ResponseValidationError} from the iteration, when the server repeats a page token (`repeated-token`).
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  iterate: iterateDeployments,
  /**
   * `GET /v1/deployments`, blocking: yields the deployment list now, then each time it changes.
   *
   * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * for await (const { data, meta } of scheduler.deployments.watchList({ filter: 'Status == "running"' })) {
   *   console.log(meta.index, data.length);
   *   break;
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchList: watchDeployments,
  /**
   * `GET /v1/deployment/:deployment_id`: reads one deployment (full UUID): its `Status` and
   * `StatusDescription`, and each group's progress in `TaskGroups`.
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * const { Status, JobVersion } = await scheduler.deployments.read(deployment.ID);
   * console.log(Status, JobVersion);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readDeployment,
  /**
   * `GET /v1/deployment/:deployment_id`, blocking: yields the deployment now, then each time it changes,
   * to follow a rollout to its end.
   *
   * Options: those of the read, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * for await (const { data } of scheduler.deployments.watch(deployment.ID)) {
   *   if (data.Status !== 'running') break; // successful, failed or cancelled
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
   *   options are refused.
   * @throws {NotFoundError} from the iteration, when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watch: watchDeployment,
  /**
   * `GET /v1/deployment/allocations/:deployment_id`: lists the allocations the deployment placed or took
   * over, each with its `DeploymentStatus` (`Healthy`, `Canary`).
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * const allocations = await scheduler.deployments.listAllocations(deployment.ID);
   * console.log(allocations.length);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not read jobs (`read-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listAllocations: listDeploymentAllocations,
  /**
   * `GET /v1/deployment/allocations/:deployment_id`, blocking: yields the deployment's allocations now,
   * then each time they change (placed, running, healthy).
   *
   * Options: those of the listing, and the watch's `index` (start after it), `wait`, `signal` (ends the watch
   * quietly), `backoffMs`, `maxBackoffMs`, `maxFailures` and `onRetry`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * }); // a service job: its first version starts a deployment
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * for await (const { data: allocations } of scheduler.deployments.watchAllocations(deployment.ID)) {
   *   console.log(allocations.length);
   *   break;
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's
   *   options are refused.
   * @throws {NotFoundError} from the iteration, when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchAllocations: watchDeploymentAllocations,
  /**
   * `POST /v1/deployment/promote/:deployment_id`: promotes canaries, of every group (`{ All: true }`, the
   * default) or of some (`{ Groups: ['web'] }`); the rest of the update then goes on. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert, `RevertedJobVersion`.
   *
   * Options: the body (`All` or `Groups`); `namespace`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts compile-only
   * const deployment = await scheduler.jobs.latestDeployment('web'); // a new version with `Canary: 1`
   * if (deployment !== null) await scheduler.deployments.promote(deployment.ID); // every group's canaries
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID, or the body has
   *   neither `All: true` nor a non-empty `Groups` (or both).
   * @throws {BadRequestError} while a group's canaries are not all healthy (`Task group "web" has 0/1
   *   healthy allocations`), for a group the deployment does not have, with no canaries to promote, or
   *   when the deployment has ended.
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  promote: promoteDeployment,
  /**
   * `POST /v1/deployment/pause/:deployment_id` (`Pause: true`): pauses a deployment: it places nothing
   * new until resumed. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
   * `RevertedJobVersion`.
   *
   * Options: `namespace`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: {
   *     ID: 'web',
   *     Datacenters: ['dc1'],
   *     TaskGroups: [
   *       {
   *         Name: 'web',
   *         Update: { HealthCheck: 'manual', ProgressDeadline: 0 }, // waits for a health report
   *         Tasks: [{ Name: 'server', Driver: 'docker' }],
   *       },
   *     ],
   *   },
   * });
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * await scheduler.deployments.pause(deployment.ID);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {BadRequestError} when the deployment has ended (`can't pause terminal deployment`).
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  pause: pauseDeployment,
  /**
   * `POST /v1/deployment/pause/:deployment_id` (`Pause: false`): resumes a paused deployment. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
   * `RevertedJobVersion`.
   *
   * Options: `namespace`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: {
   *     ID: 'web',
   *     Datacenters: ['dc1'],
   *     TaskGroups: [
   *       {
   *         Name: 'web',
   *         Update: { HealthCheck: 'manual', ProgressDeadline: 0 }, // waits for a health report
   *         Tasks: [{ Name: 'server', Driver: 'docker' }],
   *       },
   *     ],
   *   },
   * });
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * await scheduler.deployments.pause(deployment.ID);
   * await scheduler.deployments.resume(deployment.ID);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {BadRequestError} when the deployment has ended (`can't resume terminal deployment`).
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  resume: resumeDeployment,
  /**
   * `POST /v1/deployment/fail/:deployment_id`: marks a deployment failed; a group with `AutoRevert` then
   * goes back to the job's last stable version (`RevertedJobVersion`). Answers the evaluation it made (`EvalID`).
   *
   * Options: `namespace`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: {
   *     ID: 'web',
   *     Datacenters: ['dc1'],
   *     TaskGroups: [
   *       {
   *         Name: 'web',
   *         Update: { HealthCheck: 'manual', ProgressDeadline: 0 }, // waits for a health report
   *         Tasks: [{ Name: 'server', Driver: 'docker' }],
   *       },
   *     ],
   *   },
   * });
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * await scheduler.deployments.fail(deployment.ID);
   * console.log((await scheduler.deployments.read(deployment.ID)).Status); // 'failed'
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {BadRequestError} when the deployment has ended (`can't fail terminal deployment`).
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  fail: failDeployment,
  /**
   * `POST /v1/deployment/allocation-health/:deployment_id`: marks allocations of the deployment healthy
   * or unhealthy, as a group with `HealthCheck: "manual"` needs. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
   * `RevertedJobVersion`.
   *
   * Options: the body's `HealthyAllocationIDs` and `UnhealthyAllocationIDs`; `namespace`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: {
   *     ID: 'web',
   *     Datacenters: ['dc1'],
   *     TaskGroups: [
   *       {
   *         Name: 'web',
   *         Update: { HealthCheck: 'manual', ProgressDeadline: 0 }, // waits for a health report
   *         Tasks: [{ Name: 'server', Driver: 'docker' }],
   *       },
   *     ],
   *   },
   * });
   * const [deployment] = await scheduler.jobs.listDeployments('web');
   * const [alloc] = await scheduler.deployments.listAllocations(deployment.ID);
   * await scheduler.deployments.setAllocationHealth(deployment.ID, { UnhealthyAllocationIDs: [alloc.ID] });
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID or the body names no
   *   allocation.
   * @throws {BadRequestError} for an allocation that is not part of the deployment, or when the deployment
   *   has ended.
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  setAllocationHealth: setDeploymentAllocationHealth,
  /**
   * `POST /v1/deployment/unblock/:deployment_id`: completes a multiregion deployment that waits
   * (`blocked`) for its peer regions. Answers the evaluation it made (`EvalID`).
   *
   * Options: `namespace`. Sent once unless the client has `retryWrites: true`.
   *
   * @example
   * ```ts compile-only
   * const deployment = await scheduler.jobs.latestDeployment('web'); // of a multiregion job
   * if (deployment?.Status === 'blocked') await scheduler.deployments.unblock(deployment.ID);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {BadRequestError} when the deployment is not a multiregion one, or not `blocked`.
   * @throws {NotFoundError} when no deployment has that id in the namespace.
   * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  unblock: unblockDeployment,
};

/** The deployments group of the client; each method is the standalone operation with the core applied. */
export interface DeploymentsGroup extends BoundGroup<SchedulerCore, typeof deploymentOperations> {}

/** The deployments group of the client: `client.deployments.promote(id)`, `client.deployments.watch(id)`, ... */
export function deploymentsGroup(core: SchedulerCore): DeploymentsGroup {
  return bindOperations(core, deploymentOperations);
}
