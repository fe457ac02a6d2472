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
/** @deprecated Use `DeploymentStatusSchema`. */
export const DeploymentStatus: typeof DeploymentStatusSchema = DeploymentStatusSchema;
/** Known deployment statuses; others are accepted. */
export type DeploymentStatus = v.InferOutput<typeof DeploymentStatusSchema>;

/* @__NO_SIDE_EFFECTS__ */
function deploymentStateSchema() {
  return v.looseObject({
    AutoRevert: v.optional(v.boolean()),
    Promoted: v.optional(v.boolean()),
    PlacedCanaries: v.nullish(v.array(v.string())),
    DesiredCanaries: v.optional(v.number()),
    DesiredTotal: v.optional(v.number()),
    PlacedAllocs: v.optional(v.number()),
    HealthyAllocs: v.optional(v.number()),
    UnhealthyAllocs: v.optional(v.number()),
  });
}
/** The schema type of `DeploymentState`, named so that declarations stay small. */
export interface DeploymentStateSchema extends ReturnType<typeof deploymentStateSchema> {}
/** Progress of one task group in a deployment. */
export const DeploymentStateSchema: DeploymentStateSchema = deploymentStateSchema();
/** @deprecated Use `DeploymentStateSchema`. */
export const DeploymentState: DeploymentStateSchema = DeploymentStateSchema;

/* @__NO_SIDE_EFFECTS__ */
function deploymentSchema() {
  return v.looseObject({
    ID: v.string(),
    Namespace: v.optional(v.string()),
    JobID: v.optional(v.string()),
    JobVersion: v.optional(v.number()),
    JobModifyIndex: v.optional(v.number()),
    JobCreateIndex: v.optional(v.number()),
    TaskGroups: v.nullish(v.record(v.string(), DeploymentState)),
    Status: v.optional(DeploymentStatus),
    StatusDescription: v.optional(v.string()),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
    /** Unix nanoseconds, every digit kept. */
    CreateTime: v.optional(UnixNanosSchema),
    ModifyTime: v.optional(UnixNanosSchema),
  });
}
/** The schema type of `Deployment`, named so that declarations stay small. */
export interface DeploymentSchema extends ReturnType<typeof deploymentSchema> {}
/** A rolling update of a job's allocations from one version to the next. */
export const DeploymentSchema: DeploymentSchema = deploymentSchema();
/** @deprecated Use `DeploymentSchema`. */
export const Deployment: DeploymentSchema = DeploymentSchema;

/** A list of deployments. */
export const DeploymentListSchema = v.array(Deployment);
/** @deprecated Use `DeploymentListSchema`. */
export const DeploymentList: typeof DeploymentListSchema = DeploymentListSchema;
/** A list of deployments. */
export type DeploymentList = Deployment[];

/** Progress of one task group in a deployment. */
export interface DeploymentState extends v.InferOutput<typeof DeploymentStateSchema> {}
/** A rolling update of a job's allocations from one version to the next. */
export interface Deployment extends v.InferOutput<typeof DeploymentSchema> {}
