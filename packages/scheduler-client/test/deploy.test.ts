// `jobs.deploy` over HTTP against the fake: one call registers a job and follows its deployment to the
// end, promoting canaries when asked; a failure names the unhealthy allocations and the version the
// scheduler reverted to; an abort leaves the deployment as it is.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConflictError,
  type Deployment,
  DeploymentFailedError,
  deployJob,
  RequestValidationError,
} from '../src/index.js';
import {
  clientOf,
  clocked,
  parameterizedJob,
  releaseJob,
  runUntilSettled,
  scheduler,
  serviceJob,
} from './support.js';

describe('jobs.deploy', () => {
  it('registers, promotes the canaries and resolves with the deployment once it succeeded', async () => {
    // Timed like a cluster, on the test clock: starts 20 ms after placement, healthy MinHealthyTime later.
    const { clock, client } = await clocked({ allocationStartMs: 20 });
    const started = clock.now();
    const first = await runUntilSettled(
      clock,
      client.jobs.deploy(releaseJob('1', { Canary: 1, MinHealthyTime: '10s' }), { clock }),
    );
    expect(first).toMatchObject({ JobVersion: 0, Status: 'successful' });
    // Not before its allocations started and stayed healthy for MinHealthyTime.
    expect(clock.now() - started).toBeGreaterThanOrEqual(10_020);

    const seen: string[] = [];
    const deploying = client.jobs.deploy(releaseJob('2', { Canary: 1, MinHealthyTime: '10s' }), {
      promote: true,
      clock,
      onProgress: (state) => {
        const group = state.TaskGroups?.frontend;
        seen.push(`${state.Status} promoted=${group?.Promoted} healthy=${group?.HealthyAllocs}`);
      },
    });
    const deployment = await runUntilSettled(clock, deploying);
    expect(deployment).toMatchObject({ JobVersion: 1, Status: 'successful' });
    expect(deployment.TaskGroups?.frontend).toMatchObject({ Promoted: true, HealthyAllocs: 3 });
    // The canary healthy and waiting: the state deploy promotes from, so always seen.
    expect(seen).toContain('running promoted=false healthy=1');
    expect(seen.at(-1)).toBe('successful promoted=true healthy=3');
    const running = (await client.jobs.listAllocations('web')).filter(
      (alloc) => alloc.DesiredStatus === 'run',
    );
    expect(running.map((alloc) => alloc.JobVersion)).toEqual([1, 1, 1]);
  });

  it('promotes only the groups it is told to', async () => {
    const { client } = await scheduler();
    await client.jobs.deploy(releaseJob('1'));
    const pending = client.jobs.deploy(releaseJob('2', { Canary: 1 }), { promote: ['backend'] });
    // The group is not in the job: nothing is promoted and the canary waits, until promoted by hand.
    let waiting: Deployment | null = null;
    for await (const { data } of client.jobs.watchLatestDeployment('web', {
      signal: AbortSignal.timeout(15_000),
    })) {
      waiting = data;
      if (data?.JobVersion === 1) break;
    }
    expect(waiting?.StatusDescription).toBe('Deployment is running but requires manual promotion');
    await client.deployments.promote(waiting?.ID ?? '');
    expect((await pending).Status).toBe('successful');
  });

  it('rejects with the unhealthy allocations and the version the scheduler went back to', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.deploy(releaseJob('1', { AutoRevert: true, ProgressDeadline: 0 }));
    const error = await client.jobs
      .deploy(releaseJob('2', { AutoRevert: true, ProgressDeadline: 0 }, { failing: true }))
      .catch((caught: unknown) => caught);
    expect(DeploymentFailedError.isInstance(error), String(error)).toBe(true);
    const failure = error as DeploymentFailedError;
    const unhealthy = fake.allocations().filter((alloc) => alloc.DeploymentStatus?.Healthy === false);
    expect(failure.unhealthyAllocations).toEqual(unhealthy.map((alloc) => alloc.ID));
    expect(failure.unhealthyAllocations).toHaveLength(1);
    expect(failure.revertedToVersion).toBe(0);
    expect(failure.deployment).toMatchObject({ JobVersion: 1, Status: 'failed' });
    // The evaluation behind it is the registration's, and reads back over HTTP.
    const evaluation = await client.evaluations.read(failure.evaluationId ?? '');
    expect(evaluation).toMatchObject({
      JobID: 'web',
      TriggeredBy: 'job-register',
      DeploymentID: failure.deployment.ID,
    });
    expect(failure.message).toBe(
      `Deployment ${failure.deployment.ID} of job "web" version 1 (evaluation ${evaluation.ID}) ended failed: Failed due to unhealthy allocations - rolling back to job version 0; unhealthy allocations: ${unhealthy[0]?.ID}`,
    );
    expect(failure.name).toBe('DeploymentFailedError');
    expect((await client.jobs.read('web')).Meta).toEqual({ release: '1' });
  });

  it('rejects when a newer version cancels the deployment it follows', async () => {
    const { client, fake } = await scheduler({ timeScale: 1 });
    await client.jobs.deploy(releaseJob('1'));
    const other = clientOf(fake);
    const error = await client.jobs
      .deploy(releaseJob('2', { HealthCheck: 'manual' }), {
        onProgress: (state) => {
          if (state.Status === 'running') void other.jobs.update('web', { Job: releaseJob('3') });
        },
      })
      .catch((caught: unknown) => caught);
    expect(DeploymentFailedError.isInstance(error), String(error)).toBe(true);
    expect((error as DeploymentFailedError).deployment).toMatchObject({
      Status: 'cancelled',
      StatusDescription: 'Cancelled due to newer version of job',
    });
    expect((error as DeploymentFailedError).unhealthyAllocations).toEqual([]);
  });

  it('leaves the deployment as it is when aborted', async () => {
    const { client } = await scheduler({ timeScale: 1 });
    await client.jobs.deploy(releaseJob('1'));
    const controller = new AbortController();
    const error = await client.jobs
      .deploy(releaseJob('2', { HealthCheck: 'manual' }), {
        signal: controller.signal,
        onProgress: () => controller.abort(),
      })
      .catch((caught: unknown) => caught);
    expect(AbortError.isInstance(error), String(error)).toBe(true);
    const left = await client.jobs.latestDeployment('web');
    expect(left).toMatchObject({ JobVersion: 1, Status: 'running' });
  });

  it('resolves at once when the job did not change, and honours a check-and-set registration', async () => {
    const { client, fake } = await scheduler();
    const first = await client.jobs.deploy(releaseJob('1'), {
      register: { EnforceIndex: true, JobModifyIndex: 0 },
    });
    const again = await deployJob(client.core, releaseJob('1'));
    expect(again.ID).toBe(first.ID);
    expect(fake.deployments()).toHaveLength(1);
    const taken = await client.jobs
      .deploy(releaseJob('2'), { register: { EnforceIndex: true, JobModifyIndex: 0 } })
      .catch((caught: unknown) => caught);
    expect(ConflictError.isInstance(taken)).toBe(true);
  });

  it('refuses a job that has no deployment before sending anything', async () => {
    const { client, fake } = await scheduler();
    const before = fake.requests.length;
    for (const job of [
      { ...serviceJob('batch'), Type: 'batch' },
      parameterizedJob(),
      { ...serviceJob('once'), Update: { MaxParallel: 0 } },
    ]) {
      const error = await client.jobs.deploy(job).catch((caught: unknown) => caught);
      expect(RequestValidationError.isInstance(error), String(error)).toBe(true);
    }
    expect(fake.requests.length).toBe(before);
  });
});
