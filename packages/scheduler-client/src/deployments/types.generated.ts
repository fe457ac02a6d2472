// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { UnixNanos } from '../unix-nanos.js';

/** Known deployment statuses; others are accepted. */
export type DeploymentStatus =
  | 'running'
  | 'paused'
  | 'failed'
  | 'successful'
  | 'cancelled'
  | 'pending'
  | 'blocked'
  | 'unblocking'
  | 'initializing'
  | (string & Record<never, never>);

/** Progress of one task group in a deployment. */
export interface DeploymentState {
  [key: string]: unknown;
  /** Whether a failure registers the last stable version again. */
  AutoRevert?: boolean | undefined;
  /** Whether the canaries are promoted as soon as they are all healthy. */
  AutoPromote?: boolean | undefined;
  /** Nanoseconds an allocation may take to turn healthy before the deployment fails; 0: fail at the first unhealthy one. */
  ProgressDeadline?: number | undefined;
  /** When the deployment fails unless an allocation turns healthy before (ISO 8601). */
  RequireProgressBy?: string | null | undefined;
  Promoted?: boolean | undefined;
  PlacedCanaries?: string[] | null | undefined;
  DesiredCanaries?: number | undefined;
  DesiredTotal?: number | undefined;
  PlacedAllocs?: number | undefined;
  HealthyAllocs?: number | undefined;
  UnhealthyAllocs?: number | undefined;
}

/** A rolling update of a job's allocations from one version to the next. */
export interface Deployment {
  [key: string]: unknown;
  ID: string;
  Namespace?: string | undefined;
  JobID?: string | undefined;
  JobVersion?: number | undefined;
  JobModifyIndex?: number | undefined;
  JobSpecModifyIndex?: number | undefined;
  JobCreateIndex?: number | undefined;
  /** Part of a multiregion rollout: it waits for its peer regions (`blocked`) before it succeeds. */
  IsMultiregion?: boolean | undefined;
  TaskGroups?: Record<string, DeploymentState> | null | undefined;
  Status?: DeploymentStatus | undefined;
  StatusDescription?: string | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
}

/** A list of deployments. */
export type DeploymentList = Deployment[];

/** What every deployment write answers: the evaluation it created and the deployment's new index. */
export interface DeploymentUpdateResponse {
  [key: string]: unknown;
  EvalID?: string | undefined;
  EvalCreateIndex?: number | undefined;
  DeploymentModifyIndex?: number | undefined;
  /** The job version a failure reverted to, when it did. */
  RevertedJobVersion?: number | null | undefined;
  Index?: number | undefined;
}

/** Body of `POST /v1/deployment/promote/:deployment_id`: every group's canaries (`All`), or those of `Groups`. */
export interface PromoteDeploymentRequest {
  /** Promote the canaries of every task group. */
  All?: boolean | undefined;
  /** Promote the canaries of these task groups. */
  Groups?: string[] | undefined;
}

/** Body of `POST /v1/deployment/allocation-health/:deployment_id`: the allocations to mark healthy or unhealthy. */
export interface DeploymentAllocationHealthRequest {
  HealthyAllocationIDs?: string[] | undefined;
  UnhealthyAllocationIDs?: string[] | undefined;
}
