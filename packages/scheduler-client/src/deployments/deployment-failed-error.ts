import { InfraSdkError } from '@infra-sdk/core';
import type { Deployment } from './types.generated.js';

/** What a deployment that did not succeed leaves behind. */
export interface DeploymentFailure {
  /** The deployment, as it ended: `failed` or `cancelled`, with the scheduler's reason in `StatusDescription`. */
  readonly deployment: Deployment;
  /** Ids of the deployment's allocations that turned unhealthy; empty when none did (a deadline, a cancel). */
  readonly unhealthyAllocations: readonly string[];
  /** The job version the scheduler went back to (`AutoRevert`), when it did. */
  readonly revertedToVersion?: number | undefined;
  /** Id of the evaluation behind the deployment (the registration's `EvalID`), to read with `evaluations.read`. */
  readonly evaluationId?: string | undefined;
}

/** A deployment that failed or was cancelled (a newer version replaced it); `jobs.deploy` rejects with it. */
export class DeploymentFailedError extends InfraSdkError {
  static override readonly kind: string = 'DeploymentFailedError';
  /** The deployment, as it ended. */
  declare readonly deployment: Deployment;
  /** Ids of the deployment's allocations that turned unhealthy. */
  declare readonly unhealthyAllocations: readonly string[];
  /** The job version the scheduler reverted to, when it did. */
  declare readonly revertedToVersion: number | undefined;
  /** Id of the evaluation behind the deployment, when known. */
  declare readonly evaluationId: string | undefined;

  /**
   * The message names the deployment, the job version, the evaluation behind it, the scheduler's reason
   * and the unhealthy allocations.
   */
  constructor(failure: DeploymentFailure) {
    const { deployment, unhealthyAllocations, evaluationId } = failure;
    const evaluation = evaluationId ? ` (evaluation ${evaluationId})` : '';
    const unhealthy =
      unhealthyAllocations.length === 0
        ? 'no allocation turned unhealthy'
        : `unhealthy allocations: ${unhealthyAllocations.join(', ')}`;
    super(
      `Deployment ${deployment.ID} of job ${JSON.stringify(deployment.JobID ?? '')} version ${deployment.JobVersion ?? '?'}${evaluation} ` +
        `ended ${deployment.Status ?? 'unknown'}: ${deployment.StatusDescription || 'no reason given'}; ${unhealthy}`,
    );
    this.deployment = deployment;
    this.unhealthyAllocations = unhealthyAllocations;
    this.revertedToVersion = failure.revertedToVersion;
    this.evaluationId = evaluationId || undefined;
  }
}
