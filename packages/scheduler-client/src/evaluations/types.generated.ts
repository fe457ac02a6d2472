// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { UnixNanos } from '../unix-nanos.js';

/** How the scheduler weighed the nodes for one placement (allocation `Metrics`, failed placements). */
export interface AllocationMetric {
  [key: string]: unknown;
  NodesEvaluated?: number | undefined;
  NodesFiltered?: number | undefined;
  NodesExhausted?: number | undefined;
  NodesAvailable?: Record<string, number> | null | undefined;
  ClassFiltered?: Record<string, number> | null | undefined;
  ConstraintFiltered?: Record<string, number> | null | undefined;
  ClassExhausted?: Record<string, number> | null | undefined;
  DimensionExhausted?: Record<string, number> | null | undefined;
  QuotaExhausted?: string[] | null | undefined;
  Scores?: Record<string, number> | null | undefined;
  AllocationTime?: number | undefined;
  CoalescedFailures?: number | undefined;
}

/** Known evaluation statuses; others are accepted. */
export type EvaluationStatus =
  | 'blocked'
  | 'pending'
  | 'complete'
  | 'failed'
  | 'canceled'
  | (string & Record<never, never>);

/** A scheduling step that decides allocations. */
export interface Evaluation {
  [key: string]: unknown;
  ID: string;
  Namespace?: string | undefined;
  Priority?: number | undefined;
  Type?: string | undefined;
  TriggeredBy?: string | undefined;
  JobID?: string | undefined;
  JobModifyIndex?: number | undefined;
  NodeID?: string | undefined;
  NodeModifyIndex?: number | undefined;
  DeploymentID?: string | undefined;
  Status?: EvaluationStatus | undefined;
  StatusDescription?: string | undefined;
  Wait?: number | undefined;
  NextEval?: string | undefined;
  PreviousEval?: string | undefined;
  BlockedEval?: string | undefined;
  FailedTGAllocs?: Record<string, AllocationMetric> | null | undefined;
  ClassEligibility?: Record<string, boolean> | null | undefined;
  EscapedComputedClass?: boolean | undefined;
  AnnotatePlan?: boolean | undefined;
  QueuedAllocations?: Record<string, number> | null | undefined;
  SnapshotIndex?: number | undefined;
  CreateIndex?: number | undefined;
  ModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
}

/** A list of evaluations. */
export type EvaluationList = Evaluation[];
