import * as v from 'valibot';
import { openEnum } from '../open-enum.js';
import { UnixNanosSchema } from '../unix-nanos.js';

const Counts = v.record(v.string(), v.number());

/* @__NO_SIDE_EFFECTS__ */
function allocationMetricSchema() {
  return v.looseObject({
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
}
/** The schema type of `AllocationMetric`, named so that declarations stay small. */
export interface AllocationMetricSchema extends ReturnType<typeof allocationMetricSchema> {}
/** How the scheduler weighed the nodes for one placement (allocation `Metrics`, failed placements). */
export const AllocationMetric: AllocationMetricSchema = allocationMetricSchema();

/** Known evaluation statuses; others are accepted. */
export const EvaluationStatus = openEnum(['blocked', 'pending', 'complete', 'failed', 'canceled']);

/* @__NO_SIDE_EFFECTS__ */
function evaluationSchema() {
  return v.looseObject({
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
    Status: v.optional(EvaluationStatus),
    StatusDescription: v.optional(v.string()),
    Wait: v.optional(v.number()),
    NextEval: v.optional(v.string()),
    PreviousEval: v.optional(v.string()),
    BlockedEval: v.optional(v.string()),
    FailedTGAllocs: v.nullish(v.record(v.string(), AllocationMetric)),
    ClassEligibility: v.nullish(v.record(v.string(), v.boolean())),
    EscapedComputedClass: v.optional(v.boolean()),
    AnnotatePlan: v.optional(v.boolean()),
    QueuedAllocations: v.nullish(Counts),
    SnapshotIndex: v.optional(v.number()),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
    /** Unix nanoseconds, every digit kept. */
    CreateTime: v.optional(UnixNanosSchema),
    ModifyTime: v.optional(UnixNanosSchema),
  });
}
/** The schema type of `Evaluation`, named so that declarations stay small. */
export interface EvaluationSchema extends ReturnType<typeof evaluationSchema> {}
/** A scheduling step that decides allocations. */
export const Evaluation: EvaluationSchema = evaluationSchema();

/** A list of evaluations. */
export const EvaluationList = v.array(Evaluation);

export interface AllocationMetric extends v.InferOutput<typeof AllocationMetric> {}
export interface Evaluation extends v.InferOutput<typeof Evaluation> {}
