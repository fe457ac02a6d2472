import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { UnixNanosSchema } from '../unix-nanos-schema.js';

const Counts = v.record(v.string(), v.number());

/** How the scheduler weighed the nodes for one placement (allocation `Metrics`, failed placements). */
export const AllocationMetricSchema = v.looseObject({
  NodesEvaluated: v.optional(v.number()),
  NodesFiltered: v.optional(v.number()),
  NodesExhausted: v.optional(v.number()),
  NodesAvailable: v.nullish(Counts),
  ClassFiltered: v.nullish(Counts),
  ConstraintFiltered: v.nullish(Counts),
  ClassExhausted: v.nullish(Counts),
  DimensionExhausted: v.nullish(Counts),
  QuotaExhausted: v.nullish(v.array(v.string())),
  Scores: v.nullish(v.record(v.string(), v.number())),
  AllocationTime: v.optional(v.number()),
  CoalescedFailures: v.optional(v.number()),
});

/** Known evaluation statuses; others are accepted. */
export const EvaluationStatusSchema = openEnum(['blocked', 'pending', 'complete', 'failed', 'canceled']);

/** A scheduling step that decides allocations. */
export const EvaluationSchema = v.looseObject({
  ID: v.string(),
  Namespace: v.optional(v.string()),
  Priority: v.optional(v.number()),
  Type: v.optional(v.string()),
  TriggeredBy: v.optional(v.string()),
  JobID: v.optional(v.string()),
  JobModifyIndex: v.optional(v.number()),
  NodeID: v.optional(v.string()),
  NodeModifyIndex: v.optional(v.number()),
  DeploymentID: v.optional(v.string()),
  Status: v.optional(EvaluationStatusSchema),
  StatusDescription: v.optional(v.string()),
  Wait: v.optional(v.number()),
  NextEval: v.optional(v.string()),
  PreviousEval: v.optional(v.string()),
  BlockedEval: v.optional(v.string()),
  FailedTGAllocs: v.nullish(v.record(v.string(), AllocationMetricSchema)),
  ClassEligibility: v.nullish(v.record(v.string(), v.boolean())),
  EscapedComputedClass: v.optional(v.boolean()),
  AnnotatePlan: v.optional(v.boolean()),
  QueuedAllocations: v.nullish(Counts),
  SnapshotIndex: v.optional(v.number()),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime: v.optional(UnixNanosSchema),
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime: v.optional(UnixNanosSchema),
});

/** A list of evaluations. */
export const EvaluationListSchema: v.ArraySchema<typeof EvaluationSchema, undefined> =
  v.array(EvaluationSchema);
