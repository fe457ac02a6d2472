import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { iterateEvaluations, listEvaluations, watchEvaluations } from './list-evaluations.js';
import {
  listEvaluationAllocations,
  readEvaluation,
  watchEvaluation,
  watchEvaluationAllocations,
} from './read-evaluation.js';

const evaluationOperations = {
  list: listEvaluations,
  iterate: iterateEvaluations,
  watchList: watchEvaluations,
  read: readEvaluation,
  watch: watchEvaluation,
  listAllocations: listEvaluationAllocations,
  watchAllocations: watchEvaluationAllocations,
};

/** The evaluations group of the client; each method is the standalone operation with the core applied. */
export interface EvaluationsGroup extends BoundGroup<SchedulerCore, typeof evaluationOperations> {}

/** The evaluations group of the client: `client.evaluations.list()`, `client.evaluations.watch(id)`, ... */
export function evaluationsGroup(core: SchedulerCore): EvaluationsGroup {
  return bindOperations(core, evaluationOperations);
}
