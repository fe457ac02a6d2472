// The writes of a deployment: promote its canaries, pause or resume it, fail it, set the health of its
// allocations, unblock it. Each is a POST to `/v1/deployment/<action>/:deployment_id` whose body names
// the deployment again, and each answers with the evaluation it created.

import { type ApiPromise, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type * as v from 'valibot';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  DeploymentAllocationHealthRequestSchema,
  DeploymentUpdateResponseSchema,
  PromoteDeploymentRequestSchema,
} from './schemas.js';
import type {
  DeploymentAllocationHealthRequest,
  DeploymentUpdateResponse,
  PromoteDeploymentRequest,
} from './types.generated.js';

/** The body of a write: fields set by the operation, and fields of the caller checked against a schema. */
interface WriteBody {
  readonly fixed?: Readonly<Record<string, unknown>>;
  readonly checked?: { readonly schema: v.GenericSchema; readonly value: unknown; readonly what: string };
}

/** One write: `action` on the deployment, with `body` and the deployment's id. */
function write(
  core: SchedulerCore,
  action: string,
  deploymentId: string,
  body: WriteBody,
  options: NamespaceOptions | undefined,
): ApiPromise<DeploymentUpdateResponse> {
  return sendOperation(
    core,
    async () => {
      const id = fullUuid(deploymentId, 'deployment id');
      const { checked } = body;
      const given =
        checked === undefined
          ? {}
          : ((await validateRequestBody(checked.schema, checked.value, checked.what)) as object);
      return {
        method: 'POST',
        path: path`/deployment/${action}/${id}`,
        query: namespaceQuery(core, options),
        body: { ...given, ...body.fixed, DeploymentID: id },
        schema: DeploymentUpdateResponseSchema,
      };
    },
    options,
    namespaceOptionKeys,
  );
}

/**
 * `POST /v1/deployment/promote/:deployment_id`: promotes canaries, of every group (`{ All: true }`, the
 * default) or of some (`{ Groups: ['web'] }`); the rest of the update then goes on. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert, `RevertedJobVersion`.
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts compile-only
 * import { promoteDeployment } from '@infra-sdk/scheduler-client';
 *
 * const deployment = await scheduler.jobs.latestDeployment('web'); // a new version with `Canary: 1`
 * if (deployment?.Status === 'running') await promoteDeployment(core, deployment.ID, { Groups: ['web'] });
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID, or the body has
 *   neither `All: true` nor a non-empty `Groups` (or both).
 * @throws {BadRequestError} while a group's canaries are not all healthy (`Task group "web" has 0/1
 *   healthy allocations`), for a group the deployment does not have, with no canaries to promote, or
 *   when the deployment has ended.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function promoteDeployment(
  core: SchedulerCore,
  deploymentId: string,
  body: PromoteDeploymentRequest = { All: true },
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  const checked = { schema: PromoteDeploymentRequestSchema, value: body, what: 'deployment promotion' };
  return write(core, 'promote', deploymentId, { checked }, options);
}

/**
 * `POST /v1/deployment/pause/:deployment_id` (`Pause: true`): pauses a deployment: it places nothing
 * new until resumed. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
 * `RevertedJobVersion`.
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { pauseDeployment } from '@infra-sdk/scheduler-client';
 *
 * const Update = { HealthCheck: 'manual', ProgressDeadline: 0 } as const; // waits for a health report
 * const TaskGroups = [{ Name: 'web', Update, Tasks: [{ Name: 'server', Driver: 'docker' }] }];
 * await scheduler.jobs.create({ Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups } }); // a new version
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * await pauseDeployment(core, deployment.ID);
 * console.log((await scheduler.deployments.read(deployment.ID)).Status); // 'paused'
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {BadRequestError} when the deployment has ended (`can't pause terminal deployment`).
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function pauseDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'pause', deploymentId, { fixed: { Pause: true } }, options);
}

/**
 * `POST /v1/deployment/pause/:deployment_id` (`Pause: false`): resumes a paused deployment. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
 * `RevertedJobVersion`.
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { resumeDeployment } from '@infra-sdk/scheduler-client';
 *
 * const Update = { HealthCheck: 'manual', ProgressDeadline: 0 } as const; // waits for a health report
 * const TaskGroups = [{ Name: 'web', Update, Tasks: [{ Name: 'server', Driver: 'docker' }] }];
 * await scheduler.jobs.create({ Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups } }); // a new version
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * await scheduler.deployments.pause(deployment.ID);
 * await resumeDeployment(core, deployment.ID);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {BadRequestError} when the deployment has ended (`can't resume terminal deployment`).
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function resumeDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'pause', deploymentId, { fixed: { Pause: false } }, options);
}

/**
 * `POST /v1/deployment/fail/:deployment_id`: marks a deployment failed; a group with `AutoRevert` then
 * goes back to the job's last stable version (`RevertedJobVersion`). Answers the evaluation it made (`EvalID`).
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { failDeployment } from '@infra-sdk/scheduler-client';
 *
 * const Update = { HealthCheck: 'manual', ProgressDeadline: 0 } as const; // waits for a health report
 * const TaskGroups = [{ Name: 'web', Update, Tasks: [{ Name: 'server', Driver: 'docker' }] }];
 * await scheduler.jobs.create({ Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups } }); // a new version
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const { EvalID, RevertedJobVersion } = await failDeployment(core, deployment.ID);
 * console.log(EvalID, RevertedJobVersion);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {BadRequestError} when the deployment has ended (`can't fail terminal deployment`).
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function failDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'fail', deploymentId, {}, options);
}

/**
 * `POST /v1/deployment/allocation-health/:deployment_id`: marks allocations of the deployment healthy
 * or unhealthy, as a group with `HealthCheck: "manual"` needs. Answers the evaluation it made (`EvalID`), `DeploymentModifyIndex` and, after a revert,
 * `RevertedJobVersion`.
 *
 * Options: the body's `HealthyAllocationIDs` and `UnhealthyAllocationIDs`.
 *
 * @example
 * ```ts
 * import { setDeploymentAllocationHealth } from '@infra-sdk/scheduler-client';
 *
 * const Update = { HealthCheck: 'manual', ProgressDeadline: 0 } as const; // waits for a health report
 * const TaskGroups = [{ Name: 'web', Update, Tasks: [{ Name: 'server', Driver: 'docker' }] }];
 * await scheduler.jobs.create({ Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups } }); // a new version
 * const [deployment] = await scheduler.jobs.listDeployments('web');
 * const [alloc] = await scheduler.deployments.listAllocations(deployment.ID);
 * await setDeploymentAllocationHealth(core, deployment.ID, { HealthyAllocationIDs: [alloc.ID] });
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID or the body names no
 *   allocation.
 * @throws {BadRequestError} for an allocation that is not part of the deployment, or when the deployment
 *   has ended.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function setDeploymentAllocationHealth(
  core: SchedulerCore,
  deploymentId: string,
  body: DeploymentAllocationHealthRequest,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  const checked = { schema: DeploymentAllocationHealthRequestSchema, value: body, what: 'allocation health' };
  return write(core, 'allocation-health', deploymentId, { checked }, options);
}

/**
 * `POST /v1/deployment/unblock/:deployment_id`: completes a multiregion deployment that waits
 * (`blocked`) for its peer regions. Answers the evaluation it made (`EvalID`).
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts compile-only
 * import { unblockDeployment } from '@infra-sdk/scheduler-client';
 *
 * const deployment = await scheduler.jobs.latestDeployment('web'); // of a multiregion job
 * if (deployment?.Status === 'blocked') await unblockDeployment(core, deployment.ID);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
 * @throws {BadRequestError} when the deployment is not a multiregion one, or not `blocked`.
 * @throws {NotFoundError} when no deployment has that id in the namespace.
 * @throws {PermissionDeniedError} when the token may not submit jobs (`submit-job`) in the namespace.
 */
export function unblockDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'unblock', deploymentId, {}, options);
}
