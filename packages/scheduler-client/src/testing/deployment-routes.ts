// The deployment endpoints of the fake, and the evaluation list: reads with blocking queries and
// paging, and the writes of deployment-actions.ts.
import { blockingWait, type TestRequest, type TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import {
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
import type { Deployment } from './wire-types.js';

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

  server.route(
    'GET',
    '/v1/deployments',
    route(context, async (req, res, access) => {
      const { namespace, prefix } = listScope(req, access);
      const index = await blockingWait(req, store.indexes.deployments, context.blocking);
      const deployments = [...store.deployments.values()].filter(
        (deployment) => inScope(access, namespace, deployment.Namespace) && deployment.ID.startsWith(prefix),
      );
      const { page, headers } = pageOf(req, deployments, {
        position: (deployment) => [deployment.CreateIndex ?? 0, deployment.ID],
        numbered: true,
      });
      reply(req, res, page, index, headers);
    }),
  );

  server.route(
    'GET',
    '/v1/evaluations',
    route(context, async (req, res, access) => {
      const { namespace, prefix } = listScope(req, access);
      const index = await blockingWait(req, store.indexes.evals, context.blocking);
      const evaluations = [...store.evaluations.values()].filter(
        (evaluation) => inScope(access, namespace, evaluation.Namespace) && evaluation.ID.startsWith(prefix),
      );
      const { page, headers } = pageOf(req, evaluations, {
        position: (evaluation) => [evaluation.CreateIndex ?? 0, evaluation.ID],
        numbered: true,
      });
      reply(req, res, page, index, headers);
    }),
  );

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

  server.route(
    ['POST', 'PUT'],
    '/v1/deployment/fail/:deployment_id',
    route(context, (req, res, access) => {
      const deployment = deploymentOf(store, req, access, 'submit-job');
      writeBody(req);
      const result = failDeploymentByUser(store, deployment);
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/deployment/pause/:deployment_id',
    route(context, (req, res, access) => {
      const deployment = deploymentOf(store, req, access, 'submit-job');
      const body = writeBody(req);
      if (typeof body.Pause !== 'boolean') throw badRequest('Pause must be true or false');
      const result = pauseDeployment(store, deployment, body.Pause);
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/deployment/promote/:deployment_id',
    route(context, (req, res, access) => {
      const deployment = deploymentOf(store, req, access, 'submit-job');
      const result = promoteDeployment(store, deployment, writeBody(req));
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/deployment/allocation-health/:deployment_id',
    route(context, (req, res, access) => {
      const deployment = deploymentOf(store, req, access, 'submit-job');
      const result = setAllocationHealth(store, deployment, writeBody(req));
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/deployment/unblock/:deployment_id',
    route(context, (req, res, access) => {
      const deployment = deploymentOf(store, req, access, 'submit-job');
      writeBody(req);
      const result = unblockDeployment(store, deployment);
      reply(req, res, result, result.Index);
    }),
  );
}
