// The reads of one evaluation in the fake: the evaluation itself and the allocations it placed or
// replaced, both with blocking queries. (The evaluation list is served beside the deployment list.)
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound } from './fault.js';
import { namespaceOf, type RouteContext, reply, route } from './http.js';
import { withoutJob } from './scheduling.js';
import type { SchedulerStore } from './store.js';
import type { Evaluation } from './wire-types.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The evaluation of a request's path, after checking the token may read jobs in its namespace. */
function evaluationOf(store: SchedulerStore, req: TestRequest, access: Access): Evaluation {
  const id = req.params.eval_id ?? '';
  if (!FULL_UUID.test(id)) throw badRequest('invalid evaluation ID: must be a full UUID');
  const evaluation = store.evaluations.get(id);
  if (evaluation === undefined) {
    access.requireNamespace(namespaceOf(req), 'read-job');
    throw notFound('eval not found');
  }
  access.requireNamespace(evaluation.Namespace ?? 'default', 'read-job');
  return evaluation;
}

/** Adds `GET /v1/evaluation/:eval_id` and `GET /v1/evaluation/:eval_id/allocations` to `server`. */
export function addEvaluationRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;

  server.route(
    'GET',
    '/v1/evaluation/:eval_id',
    route(context, async (req, res, access) => {
      evaluationOf(store, req, access);
      const index = await blockingWait(req, store.indexes.evals, context.blocking);
      reply(req, res, evaluationOf(store, req, access), index);
    }),
  );

  server.route(
    'GET',
    '/v1/evaluation/:eval_id/allocations',
    route(context, async (req, res, access) => {
      evaluationOf(store, req, access);
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      const evaluation = evaluationOf(store, req, access);
      const allocs = [...store.allocations.values()]
        .filter((alloc) => alloc.EvalID === evaluation.ID)
        .map((alloc) => {
          const {
            Resources: _r,
            SharedResources: _s,
            TaskResources: _t,
            Metrics: _m,
            ...stub
          } = withoutJob(alloc);
          return stub;
        });
      reply(req, res, allocs, index);
    }),
  );
}
