export {
  AllocationMetric,
  type AllocationMetricSchema,
  Evaluation,
  EvaluationList,
  type EvaluationSchema,
  EvaluationStatus,
} from './schemas.js';
