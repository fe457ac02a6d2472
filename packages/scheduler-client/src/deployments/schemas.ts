import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { UnixNanosSchema } from '../unix-nanos.js';

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
/** Known deployment statuses; others are accepted. */
export type DeploymentStatus = v.InferOutput<typeof DeploymentStatusSchema>;

/** Progress of one task group in a deployment. */
export const DeploymentStateSchema = v.looseObject({
  AutoRevert: v.optional(v.boolean()),
  Promoted: v.optional(v.boolean()),
  PlacedCanaries: v.nullish(v.array(v.string())),
  DesiredCanaries: v.optional(v.number()),
  DesiredTotal: v.optional(v.number()),
  PlacedAllocs: v.optional(v.number()),
  HealthyAllocs: v.optional(v.number()),
  UnhealthyAllocs: v.optional(v.number()),
});
/** Progress of one task group in a deployment. */
export interface DeploymentState extends v.InferOutput<typeof DeploymentStateSchema> {}

/** A rolling update of a job's allocations from one version to the next. */
export const DeploymentSchema = v.looseObject({
  ID: v.string(),
  Namespace: v.optional(v.string()),
  JobID: v.optional(v.string()),
  JobVersion: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  JobCreateIndex: v.optional(v.number()),
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
/** A rolling update of a job's allocations from one version to the next. */
export interface Deployment extends v.InferOutput<typeof DeploymentSchema> {}

/** A list of deployments. */
export const DeploymentListSchema = v.array(DeploymentSchema);
/** A list of deployments. */
export type DeploymentList = Deployment[];
