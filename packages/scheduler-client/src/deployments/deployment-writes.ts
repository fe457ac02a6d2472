// The writes of a deployment: promote its canaries, pause or resume it, fail it, set the health of its
// allocations, unblock it. Each is a POST to `/v1/deployment/<action>/:deployment_id` whose body names
// the deployment again, and each answers with the evaluation it created.
import { type ApiPromise, path, sendOperation, validateRequest } from '@infra-sdk/core';
import type * as v from 'valibot';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import {
  type DeploymentAllocationHealthRequest,
  DeploymentAllocationHealthRequestSchema,
  type DeploymentUpdateResponse,
  DeploymentUpdateResponseSchema,
  type PromoteDeploymentRequest,
  PromoteDeploymentRequestSchema,
} from './schemas.js';

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
          : ((await validateRequest(checked.schema, checked.value, checked.what)) as object);
      return {
        method: 'POST',
        path: path`/deployment/${action}/${id}`,
        query: namespaceQuery(core, options),
        body: { ...given, ...body.fixed, DeploymentID: id },
        schema: DeploymentUpdateResponseSchema,
      };
    },
    options,
  );
}

/**
 * POST /v1/deployment/promote/:deployment_id — promotes canaries: of every group (`{ All: true }`, the
 * default) or of some (`{ Groups: ['web'] }`); the rest of the update then goes on. The scheduler
 * refuses while a group's canaries are not all healthy.
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

/** POST /v1/deployment/pause/:deployment_id — pauses a deployment: it places nothing new until resumed. */
export function pauseDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'pause', deploymentId, { fixed: { Pause: true } }, options);
}

/** POST /v1/deployment/pause/:deployment_id (`Pause: false`) — resumes a paused deployment. */
export function resumeDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'pause', deploymentId, { fixed: { Pause: false } }, options);
}

/**
 * POST /v1/deployment/fail/:deployment_id — marks a deployment failed; a group with `AutoRevert` then
 * goes back to the job's last stable version (`RevertedJobVersion`).
 */
export function failDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'fail', deploymentId, {}, options);
}

/**
 * POST /v1/deployment/allocation-health/:deployment_id — marks allocations of the deployment healthy or
 * unhealthy, as a group with `HealthCheck: "manual"` needs.
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
 * POST /v1/deployment/unblock/:deployment_id — completes a multiregion deployment that waits (`blocked`)
 * for its peer regions.
 */
export function unblockDeployment(
  core: SchedulerCore,
  deploymentId: string,
  options?: NamespaceOptions,
): ApiPromise<DeploymentUpdateResponse> {
  return write(core, 'unblock', deploymentId, {}, options);
}
