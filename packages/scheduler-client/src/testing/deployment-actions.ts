// What an operator does to a deployment: promote its canaries, pause and resume it, fail it, set the
// health of its allocations, unblock it in its region. Each answers as the service does: the evaluation
// it created, the deployment's new index and, when failing reverted the job, the version it went back to.
import { setHealth, versionOf } from './deployment-health.js';
import { badRequest } from './fault.js';
import { armProgress, failDeployment, promoteGroups, recordDeployment } from './rollout.js';
import { createEvaluation, isActiveDeployment } from './scheduling.js';
import { type Change, currentVersion, type SchedulerStore } from './store.js';
import type { Deployment, Job } from './wire-types.js';

/** What every deployment write answers. */
export interface DeploymentUpdateResponse {
  readonly EvalID: string;
  readonly EvalCreateIndex: number;
  readonly DeploymentModifyIndex: number;
  readonly RevertedJobVersion?: number;
  readonly Index: number;
}

/** The job version a deployment rolls out; a 400 when it is gone. */
function jobOf(store: SchedulerStore, deployment: Deployment): Job {
  const stored = store.job(deployment.Namespace ?? 'default', deployment.JobID ?? '');
  const job = versionOf(stored, deployment.JobVersion);
  if (job === undefined) throw badRequest(`job for deployment "${deployment.ID}" not found`);
  return job;
}

/** Runs `apply` on an active deployment in one change, then answers with a new evaluation of its job. */
function update(
  store: SchedulerStore,
  deployment: Deployment,
  verb: string,
  apply: (change: Change, job: Job) => void,
): DeploymentUpdateResponse {
  if (!isActiveDeployment(deployment)) throw badRequest(`can't ${verb} terminal deployment`);
  const job = jobOf(store, deployment);
  return store.commit((change) => {
    const stored = store.job(deployment.Namespace ?? 'default', deployment.JobID ?? '');
    const before = stored ? currentVersion(stored).Version : undefined;
    apply(change, job);
    const after = stored ? currentVersion(stored) : undefined;
    const evaluation = createEvaluation(store, change, after ?? job, 'deployment-watcher', {
      DeploymentID: deployment.ID,
    });
    const reverted = after !== undefined && after.Version !== before ? (after.Version ?? 0) : undefined;
    return {
      EvalID: evaluation.ID,
      EvalCreateIndex: change.index,
      DeploymentModifyIndex: change.index,
      ...(reverted === undefined ? {} : { RevertedJobVersion: reverted }),
      Index: change.index,
    };
  });
}

/** POST /v1/deployment/promote/:deployment_id: promotes the canaries of every group (`All`) or of `Groups`. */
export function promoteDeployment(
  store: SchedulerStore,
  deployment: Deployment,
  body: { readonly All?: unknown; readonly Groups?: unknown },
): DeploymentUpdateResponse {
  const all = body.All === true;
  const named = Array.isArray(body.Groups) ? body.Groups.map(String) : [];
  if (!all && named.length === 0) throw badRequest('must promote all groups or name some: set All or Groups');
  const states = deployment.TaskGroups ?? {};
  for (const name of named) {
    if (!(name in states)) throw badRequest(`deployment does not include task group "${name}"`);
  }
  if (!isActiveDeployment(deployment)) throw badRequest("can't promote terminal deployment");
  const targets = Object.entries(states).filter(
    ([name, state]) => (all || named.includes(name)) && (state.DesiredCanaries ?? 0) > 0 && !state.Promoted,
  );
  if (targets.length === 0) throw badRequest('no canaries to promote');
  const unhealthy = targets
    .filter(([, state]) => (state.HealthyAllocs ?? 0) < (state.DesiredCanaries ?? 0))
    .map(
      ([name, state]) =>
        `Task group "${name}" has ${state.HealthyAllocs ?? 0}/${state.DesiredCanaries ?? 0} healthy allocations`,
    );
  if (unhealthy.length > 0) throw badRequest(unhealthy.join('; '));
  return update(store, deployment, 'promote', (change, job) =>
    promoteGroups(
      store,
      change,
      deployment,
      job,
      targets.map(([name]) => name),
    ),
  );
}

/** POST /v1/deployment/pause/:deployment_id: `Pause` true pauses (nothing new is placed), false resumes. */
export function pauseDeployment(
  store: SchedulerStore,
  deployment: Deployment,
  pause: boolean,
): DeploymentUpdateResponse {
  return update(store, deployment, pause ? 'pause' : 'resume', (change, job) => {
    if (pause) {
      deployment.Status = 'paused';
      deployment.StatusDescription = 'Deployment is paused';
    } else {
      deployment.Status = 'running';
      deployment.StatusDescription = 'Deployment is running';
      armProgress(store, deployment, job);
      change.affected.add(deployment.ID);
    }
    recordDeployment(change, deployment, 'DeploymentStatusUpdate');
  });
}

/** POST /v1/deployment/fail/:deployment_id: fails the deployment; `AutoRevert` goes back to the last stable version. */
export function failDeploymentByUser(
  store: SchedulerStore,
  deployment: Deployment,
): DeploymentUpdateResponse {
  return update(store, deployment, 'fail', (change) =>
    failDeployment(store, change, deployment, 'Deployment marked as failed'),
  );
}

/** POST /v1/deployment/allocation-health/:deployment_id: marks allocations healthy or unhealthy. */
export function setAllocationHealth(
  store: SchedulerStore,
  deployment: Deployment,
  body: { readonly HealthyAllocationIDs?: unknown; readonly UnhealthyAllocationIDs?: unknown },
): DeploymentUpdateResponse {
  const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const healthy = ids(body.HealthyAllocationIDs);
  const unhealthy = ids(body.UnhealthyAllocationIDs);
  if (healthy.length + unhealthy.length === 0) {
    throw badRequest('must specify at least one healthy or unhealthy allocation ID');
  }
  if (!isActiveDeployment(deployment)) {
    throw badRequest("can't set health of allocations for a terminal deployment");
  }
  const allocs = [...healthy, ...unhealthy].map((id) => {
    const alloc = store.allocations.get(id);
    if (alloc === undefined) throw badRequest(`unknown alloc "${id}"`);
    if (alloc.DeploymentID !== deployment.ID) {
      throw badRequest(`allocation "${id}" is not part of deployment "${deployment.ID}"`);
    }
    return alloc;
  });
  return update(store, deployment, 'set health of allocations of', (change) => {
    allocs.forEach((alloc, position) => {
      setHealth(change, alloc, position < healthy.length);
    });
  });
}

/** POST /v1/deployment/unblock/:deployment_id: a multiregion deployment waiting for its peers completes. */
export function unblockDeployment(store: SchedulerStore, deployment: Deployment): DeploymentUpdateResponse {
  if (!deployment.IsMultiregion) {
    throw badRequest(`deployment "${deployment.ID}" is not a multiregion deployment`);
  }
  if (deployment.Status !== 'blocked') {
    throw badRequest(`deployment must be blocked to unblock it, not ${deployment.Status ?? 'unknown'}`);
  }
  return update(store, deployment, 'unblock', (change) => {
    deployment.Status = 'successful';
    deployment.StatusDescription = 'Deployment completed successfully';
    recordDeployment(change, deployment, 'DeploymentStatusUpdate');
  });
}
