export {
  type AllocationMetric,
  AllocationMetricSchema,
  type Evaluation,
  type EvaluationList,
  EvaluationListSchema,
  EvaluationSchema,
  type EvaluationStatus,
  EvaluationStatusSchema,
} from './schemas.js';
