// The allocation endpoints of the fake, with paging and filter expressions on the list.
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound } from './fault.js';
import { bodyOf, flag, namespaceOf, type RouteContext, reply, route } from './http.js';
import { pageOf, pagingOf } from './paging.js';
import {
  addTaskEvent,
  createEvaluation,
  isLive,
  nowIso,
  refreshJobStatus,
  replaceAllocation,
  stopAllocation,
  taskEvent,
  touchAllocation,
} from './scheduling.js';
import { currentVersion, type SchedulerStore } from './store.js';
import type { Allocation } from './wire-types.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function allocationOf(
  store: SchedulerStore,
  req: TestRequest,
  access: Access,
  capability: 'read-job' | 'alloc-lifecycle',
): Allocation {
  const id = req.params.alloc_id ?? '';
  if (!FULL_UUID.test(id)) throw badRequest('invalid allocation ID: must be a full UUID');
  const alloc = store.allocations.get(id);
  if (alloc === undefined) {
    access.requireNamespace(namespaceOf(req), capability);
    throw notFound('alloc not found');
  }
  access.requireNamespace(alloc.Namespace ?? 'default', capability);
  return alloc;
}

/** An allocation as the list shows it. */
function stubOf(alloc: Allocation, resources: boolean, taskStates: boolean): Record<string, unknown> {
  const {
    Job: _job,
    Resources: _resources,
    SharedResources: _shared,
    TaskResources: _tasks,
    Metrics: _metrics,
    AllocatedResources,
    TaskStates,
    ...stub
  } = alloc;
  return {
    ...stub,
    TaskStates: taskStates ? TaskStates : null,
    ...(resources ? { AllocatedResources } : {}),
  };
}

function taskNames(alloc: Allocation): string[] {
  return Object.keys(alloc.TaskStates ?? {});
}

/** Adds the allocation routes to `server`. */
export function addAllocationRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;

  server.route(
    'GET',
    '/v1/allocations',
    route(context, async (req, res, access) => {
      const namespace = namespaceOf(req);
      if (namespace !== '*') access.requireNamespace(namespace, 'read-job');
      const prefix = req.query.get('prefix') ?? '';
      if (!/^(?:[0-9a-f]{2})*$/.test(prefix)) throw badRequest('Invalid UUID: UUID must be even length');
      pagingOf(req);
      const resources = flag(req, 'resources');
      const taskStates = flag(req, 'task_states', true);
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      const stubs = [...store.allocations.values()]
        .filter((alloc) =>
          namespace === '*'
            ? access.allowsNamespace(alloc.Namespace ?? 'default', 'read-job')
            : alloc.Namespace === namespace,
        )
        .filter((alloc) => alloc.ID.startsWith(prefix))
        .map((alloc) => stubOf(alloc, resources, taskStates));
      // Chronological order (by create index, then id), or by id when a prefix is given.
      const byId = prefix !== '';
      const { page, headers } = pageOf(req, stubs, {
        position: (stub) => [byId ? 0 : Number(stub.CreateIndex ?? 0), String(stub.ID)],
        numbered: !byId,
      });
      reply(req, res, page, index, headers);
    }),
  );

  server.route(
    'GET',
    '/v1/allocation/:alloc_id',
    route(context, async (req, res, access) => {
      allocationOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      reply(req, res, allocationOf(store, req, access, 'read-job'), index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/allocation/:alloc_id/stop',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'alloc-lifecycle');
      const skipDelay = flag(req, 'no_shutdown_delay');
      const result = store.commit((change) => {
        const stored = store.job(alloc.Namespace ?? 'default', alloc.JobID ?? '');
        const job = stored ? currentVersion(stored) : alloc.Job;
        const evaluation = createEvaluation(store, change, job ?? { ID: alloc.JobID ?? '' }, 'alloc-stop');
        if (isLive(alloc)) {
          stopAllocation(store, change, alloc, {
            description: skipDelay ? 'alloc was stopped without shutdown delay' : 'alloc was stopped',
            migrate: true,
          });
          replaceAllocation(store, change, alloc, evaluation.ID);
          if (stored) refreshJobStatus(store, change, stored);
        }
        return { EvalID: evaluation.ID, Index: change.index };
      });
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/client/allocation/:alloc_id/signal',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'alloc-lifecycle');
      const body = bodyOf(req);
      const signal = typeof body.Signal === 'string' && body.Signal !== '' ? body.Signal : 'SIGKILL';
      const task = typeof body.Task === 'string' && body.Task !== '' ? body.Task : undefined;
      if (!isLive(alloc)) throw badRequest('Allocation is not running');
      if (task !== undefined && !taskNames(alloc).includes(task)) {
        throw badRequest(`Failed to signal task: ${task}, err: task not found`);
      }
      store.commit((change) => {
        for (const [name, state] of Object.entries(alloc.TaskStates ?? {})) {
          if (task !== undefined && name !== task) continue;
          addTaskEvent(
            state,
            taskEvent('Signaling', {
              TaskSignal: signal,
              TaskSignalReason: 'User requested signal',
              DisplayMessage: `Task being sent signal ${signal}: User requested signal`,
            }),
          );
        }
        touchAllocation(change, alloc);
      });
      reply(req, res, {}, store.index);
    }),
  );

  server.route(
    ['POST', 'PUT'],
    '/v1/client/allocation/:alloc_id/restart',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'alloc-lifecycle');
      const body = bodyOf(req);
      const task = typeof body.TaskName === 'string' && body.TaskName !== '' ? body.TaskName : undefined;
      if (body.AllTasks === true && task !== undefined) {
        throw badRequest('Task name cannot be set when restarting all tasks');
      }
      if (!isLive(alloc)) throw badRequest('Allocation is not running');
      if (task !== undefined && !taskNames(alloc).includes(task)) {
        throw badRequest(`Failed to restart task: ${task}, err: task not found`);
      }
      store.commit((change) => {
        const restartedAt = nowIso();
        for (const [name, state] of Object.entries(alloc.TaskStates ?? {})) {
          if (task !== undefined && name !== task) continue;
          if (body.AllTasks !== true && task === undefined && state.State !== 'running') continue;
          addTaskEvent(state, taskEvent('Restart Signaled', { RestartReason: 'User requested restart' }));
          addTaskEvent(state, taskEvent('Restarting', { RestartReason: 'User requested restart' }));
          addTaskEvent(state, taskEvent('Started', { DisplayMessage: 'Task started by client' }));
          state.State = 'running';
          state.Restarts = (state.Restarts ?? 0) + 1;
          state.LastRestart = restartedAt;
          state.StartedAt = restartedAt;
        }
        touchAllocation(change, alloc);
      });
      reply(req, res, {}, store.index);
    }),
  );

  server.route(
    'GET',
    '/v1/allocation/:alloc_id/services',
    route(context, async (req, res, access) => {
      allocationOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.services, context.blocking);
      const alloc = allocationOf(store, req, access, 'read-job');
      const services = [...store.services.values()].filter((service) => service.AllocID === alloc.ID);
      reply(req, res, services, index);
    }),
  );
}
