export {
  AllocationMetric,
  AllocationMetricSchema,
  Evaluation,
  EvaluationList,
  EvaluationListSchema,
  EvaluationSchema,
  EvaluationStatus,
  EvaluationStatusSchema,
} from './schemas.js';
