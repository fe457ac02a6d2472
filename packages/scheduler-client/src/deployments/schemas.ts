import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { UnixNanosSchema } from '../unix-nanos-schema.js';

/** Known deployment statuses; others are accepted. */
export const DeploymentStatusSchema = openEnum([
  'running',
  'paused',
  'failed',
  'successful',
  'cancelled',
  'pending',
  'blocked',
  'unblocking',
  'initializing',
]);

/** Progress of one task group in a deployment. */
export const DeploymentStateSchema = v.looseObject({
  /** Whether a failure registers the last stable version again. */
  AutoRevert: v.optional(v.boolean()),
  /** Whether the canaries are promoted as soon as they are all healthy. */
  AutoPromote: v.optional(v.boolean()),
  /** Nanoseconds an allocation may take to turn healthy before the deployment fails; 0: fail at the first unhealthy one. */
  ProgressDeadline: v.optional(v.number()),
  /** When the deployment fails unless an allocation turns healthy before (ISO 8601). */
  RequireProgressBy: v.nullish(v.string()),
  Promoted: v.optional(v.boolean()),
  PlacedCanaries: v.nullish(v.array(v.string())),
  DesiredCanaries: v.optional(v.number()),
  DesiredTotal: v.optional(v.number()),
  PlacedAllocs: v.optional(v.number()),
  HealthyAllocs: v.optional(v.number()),
  UnhealthyAllocs: v.optional(v.number()),
});

/** A rolling update of a job's allocations from one version to the next. */
export const DeploymentSchema = v.looseObject({
  ID: v.string(),
  Namespace: v.optional(v.string()),
  JobID: v.optional(v.string()),
  JobVersion: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  JobSpecModifyIndex: v.optional(v.number()),
  JobCreateIndex: v.optional(v.number()),
  /** Part of a multiregion rollout: it waits for its peer regions (`blocked`) before it succeeds. */
  IsMultiregion: v.optional(v.boolean()),
  TaskGroups: v.nullish(v.record(v.string(), DeploymentStateSchema)),
  Status: v.optional(DeploymentStatusSchema),
  StatusDescription: v.optional(v.string()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime: v.optional(UnixNanosSchema),
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime: v.optional(UnixNanosSchema),
});

/** A list of deployments. */
export const DeploymentListSchema: v.ArraySchema<typeof DeploymentSchema, undefined> =
  v.array(DeploymentSchema);

/** What every deployment write answers: the evaluation it created and the deployment's new index. */
export const DeploymentUpdateResponseSchema = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  DeploymentModifyIndex: v.optional(v.number()),
  /** The job version a failure reverted to, when it did. */
  RevertedJobVersion: v.nullish(v.number()),
  Index: v.optional(v.number()),
});

/** Body of `POST /v1/deployment/promote/:deployment_id`: every group's canaries (`All`), or those of `Groups`. */
export const PromoteDeploymentRequestSchema = v.pipe(
  v.strictObject({
    /** Promote the canaries of every task group. */
    All: v.optional(v.boolean()),
    /** Promote the canaries of these task groups. */
    Groups: v.optional(v.array(v.pipe(v.string(), v.nonEmpty('a group name is not empty')))),
  }),
  v.check(
    (body) => (body.All === true) !== (body.Groups?.length ?? 0) > 0,
    'give either All: true or a non-empty Groups list',
  ),
);

/** Body of `POST /v1/deployment/allocation-health/:deployment_id`: the allocations to mark healthy or unhealthy. */
export const DeploymentAllocationHealthRequestSchema = v.pipe(
  v.strictObject({
    HealthyAllocationIDs: v.optional(v.array(v.string())),
    UnhealthyAllocationIDs: v.optional(v.array(v.string())),
  }),
  v.check(
    (body) => (body.HealthyAllocationIDs?.length ?? 0) + (body.UnhealthyAllocationIDs?.length ?? 0) > 0,
    'name at least one allocation in HealthyAllocationIDs or UnhealthyAllocationIDs',
  ),
);
