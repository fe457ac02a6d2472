// The deployment endpoints of the fake, and the evaluation list: reads with blocking queries and
// paging, and the writes of deployment-actions.ts.
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import {
  type DeploymentUpdateResponse,
  failDeploymentByUser,
  pauseDeployment,
  promoteDeployment,
  setAllocationHealth,
  unblockDeployment,
} from './deployment-actions.js';
import { badRequest, notFound } from './fault.js';
import { bodyOf, namespaceOf, type RouteContext, reply, route } from './http.js';
import { pageOf, pagingOf } from './paging.js';
import { withoutJob } from './scheduling.js';
import type { SchedulerStore } from './store.js';
import type { Deployment, Evaluation } from './wire-types.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The deployment of a request's path, after checking the token may `capability` in its namespace. */
function deploymentOf(
  store: SchedulerStore,
  req: TestRequest,
  access: Access,
  capability: 'read-job' | 'submit-job',
): Deployment {
  const id = req.params.deployment_id ?? '';
  if (!FULL_UUID.test(id)) throw badRequest('invalid deployment ID: must be a full UUID');
  const deployment = store.deployments.get(id);
  if (deployment === undefined) {
    access.requireNamespace(namespaceOf(req), capability);
    throw notFound('deployment not found');
  }
  access.requireNamespace(deployment.Namespace ?? 'default', capability);
  return deployment;
}

/** The body of a deployment write: `DeploymentID`, when given, must be the path's. */
function writeBody(req: TestRequest): Record<string, unknown> {
  const body = bodyOf(req);
  if (body.DeploymentID !== undefined && body.DeploymentID !== req.params.deployment_id) {
    throw badRequest('Deployment ID does not match');
  }
  return body;
}

/** A list of a namespace (`*`: every one the token may read), checked before it waits. */
function listScope(req: TestRequest, access: Access): { namespace: string; prefix: string } {
  const namespace = namespaceOf(req);
  if (namespace !== '*') access.requireNamespace(namespace, 'read-job');
  const prefix = req.query.get('prefix') ?? '';
  if (!/^(?:[0-9a-f]{2})*$/.test(prefix)) throw badRequest('Invalid UUID: UUID must be even length');
  pagingOf(req);
  return { namespace, prefix };
}

function inScope(access: Access, namespace: string, own: string | undefined): boolean {
  return namespace === '*' ? access.allowsNamespace(own ?? 'default', 'read-job') : own === namespace;
}

/** Adds the deployment and evaluation list routes to `server`. */
export function addDeploymentRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;

  // The deployment and evaluation lists: a namespace's (or every one the token may read), oldest first.
  const lists = [
    { path: '/v1/deployments', table: 'deployments', items: () => store.deployments.values() },
    { path: '/v1/evaluations', table: 'evals', items: () => store.evaluations.values() },
  ] as const;
  for (const list of lists) {
    server.route(
      'GET',
      list.path,
      route(context, async (req, res, access) => {
        const { namespace, prefix } = listScope(req, access);
        const index = await blockingWait(req, store.indexes[list.table], context.blocking);
        const items = [...list.items()].filter(
          (item: Deployment | Evaluation) =>
            inScope(access, namespace, item.Namespace) && item.ID.startsWith(prefix),
        );
        const { page, headers } = pageOf(req, items, {
          position: (item) => [item.CreateIndex ?? 0, item.ID],
          numbered: true,
        });
        reply(req, res, page, index, headers);
      }),
    );
  }

  server.route(
    'GET',
    '/v1/deployment/:deployment_id',
    route(context, async (req, res, access) => {
      deploymentOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.deployments, context.blocking);
      reply(req, res, deploymentOf(store, req, access, 'read-job'), index);
    }),
  );

  server.route(
    'GET',
    '/v1/deployment/allocations/:deployment_id',
    route(context, async (req, res, access) => {
      deploymentOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      const deployment = deploymentOf(store, req, access, 'read-job');
      const allocs = [...store.allocations.values()]
        .filter((alloc) => alloc.DeploymentID === deployment.ID)
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

  // The writes: each names the deployment in its path (and, optionally, in its body).
  const writes: Readonly<
    Record<string, (deployment: Deployment, body: Record<string, unknown>) => DeploymentUpdateResponse>
  > = {
    fail: (deployment) => failDeploymentByUser(store, deployment),
    pause: (deployment, body) => {
      if (typeof body.Pause !== 'boolean') throw badRequest('Pause must be true or false');
      return pauseDeployment(store, deployment, body.Pause);
    },
    promote: (deployment, body) => promoteDeployment(store, deployment, body),
    'allocation-health': (deployment, body) => setAllocationHealth(store, deployment, body),
    unblock: (deployment) => unblockDeployment(store, deployment),
  };
  for (const [action, apply] of Object.entries(writes)) {
    server.route(
      ['POST', 'PUT'],
      `/v1/deployment/${action}/:deployment_id`,
      route(context, (req, res, access) => {
        const deployment = deploymentOf(store, req, access, 'submit-job');
        const result = apply(deployment, writeBody(req));
        reply(req, res, result, result.Index);
      }),
    );
  }
}
