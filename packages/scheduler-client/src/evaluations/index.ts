export {
  type EvaluationsGroup,
  evaluationsGroup,
} from './group.js';
export {
  type IterateEvaluationsOptions,
  iterateEvaluations,
  type ListEvaluationsOptions,
  listEvaluations,
  watchEvaluations,
} from './list-evaluations.js';
export {
  listEvaluationAllocations,
  type ReadEvaluationOptions,
  readEvaluation,
  watchEvaluation,
  watchEvaluationAllocations,
} from './read-evaluation.js';
export type {
  AllocationMetric,
  Evaluation,
  EvaluationList,
  EvaluationStatus,
} from './types.generated.js';
