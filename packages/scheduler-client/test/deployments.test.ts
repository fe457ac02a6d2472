// Deployments over HTTP against the fake, which rolls them out as the service does: canaries and their
// promotion, MaxParallel, health (checks, manual, MinHealthyTime), the deadlines, pause, fail, auto-revert,
// a newer version cancelling an older deployment, and the multiregion unblock.
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Deployment,
  type JobInput,
  NotFoundError,
  promoteDeployment,
  readDeployment,
} from '../src/index.js';
import { clocked, releaseJob, scheduler, serviceJob, settled, validationError } from './support.js';

/** The latest deployment of `web`, which a test expects to exist. */
async function latest(
  client: Awaited<ReturnType<typeof scheduler>>['client'],
  job = 'web',
): Promise<Deployment> {
  const deployment = await client.jobs.latestDeployment(job);
  if (deployment === null) throw new Error(`${job} has no deployment`);
  return deployment;
}

describe('deployments', () => {
  it('lists, reads and pages deployments, with their allocations', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    await client.jobs.create({ Job: serviceJob('api', 1) });
    await client.jobs.create({ Job: { ...serviceJob('team-web', 1), Namespace: 'team' } });
    const all = await client.deployments.list();
    expect(all.map((deployment) => deployment.JobID)).toEqual(['web', 'api']);
    expect((await client.deployments.list({ namespace: '*' })).map((deployment) => deployment.JobID)).toEqual(
      ['web', 'api', 'team-web'],
    );
    const first = await client.deployments.list({ per_page: 1 }).withMeta();
    expect(first.data.map((deployment) => deployment.JobID)).toEqual(['web']);
    expect(first.meta.nextToken).toBeTruthy();
    const rest = await client.deployments.list({ per_page: 1, next_token: first.meta.nextToken });
    expect(rest.map((deployment) => deployment.JobID)).toEqual(['api']);
    const iterated = await client.deployments.iterate({ per_page: 1, namespace: '*' }).toArray();
    expect(iterated.map((deployment) => deployment.JobID)).toEqual(['web', 'api', 'team-web']);
    expect(await client.deployments.list({ filter: 'JobID == "api"' })).toHaveLength(1);
    const [web] = all;
    const read = await client.deployments.read(web?.ID ?? '');
    expect(read).toMatchObject({ JobID: 'web', JobVersion: 0, Status: 'successful' });
    expect(read.TaskGroups?.frontend).toMatchObject({ DesiredTotal: 2, PlacedAllocs: 2, HealthyAllocs: 2 });
    expect(read.CreateTime?.toString()).toMatch(/^\d{19}$/);
    const allocs = await client.deployments.listAllocations(web?.ID ?? '');
    expect(allocs).toHaveLength(2);
    expect(allocs.every((alloc) => alloc.DeploymentStatus?.Healthy === true)).toBe(true);
    expect(await client.deployments.list({ prefix: (web?.ID ?? '').slice(0, 4) })).toHaveLength(1);
    const missing = await client.deployments
      .read('00000000-0000-4000-8000-000000000000')
      .catch((error: unknown) => error);
    expect(NotFoundError.isInstance(missing)).toBe(true);
    await validationError(client.deployments.read('short'));
  });

  it('places canaries beside the old version until they are promoted, then rolls out the rest', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: releaseJob('1', { Canary: 1 }) });
    const first = await latest(client);
    expect(first.Status).toBe('successful');
    // A first version has nothing to compare canaries with: it is placed at once.
    expect(first.TaskGroups?.frontend?.DesiredCanaries).toBe(0);
    expect((await client.jobs.read('web')).Stable).toBe(true);

    await client.jobs.update('web', { Job: releaseJob('2', { Canary: 1 }) });
    const waiting = await latest(client);
    expect(waiting).toMatchObject({
      JobVersion: 1,
      Status: 'running',
      StatusDescription: 'Deployment is running but requires manual promotion',
    });
    expect(waiting.TaskGroups?.frontend).toMatchObject({
      DesiredCanaries: 1,
      HealthyAllocs: 1,
      Promoted: false,
    });
    const [canary] = waiting.TaskGroups?.frontend?.PlacedCanaries ?? [];
    const running = (await client.jobs.listAllocations('web')).filter(
      (alloc) => alloc.DesiredStatus === 'run',
    );
    // Three of the old version and the canary.
    expect(running.map((alloc) => alloc.JobVersion).sort()).toEqual([0, 0, 0, 1]);
    expect(running.find((alloc) => alloc.ID === canary)?.DeploymentStatus).toMatchObject({
      Canary: true,
      Healthy: true,
    });

    const promoted = await client.deployments.promote(waiting.ID);
    expect(promoted.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const done = await client.deployments.read(waiting.ID);
    expect(done).toMatchObject({
      Status: 'successful',
      StatusDescription: 'Deployment completed successfully',
    });
    expect(done.TaskGroups?.frontend).toMatchObject({ Promoted: true, DesiredTotal: 3, HealthyAllocs: 3 });
    const after = (await client.jobs.listAllocations('web')).filter((alloc) => alloc.DesiredStatus === 'run');
    expect(after.map((alloc) => alloc.JobVersion)).toEqual([1, 1, 1]);
    // The canary stayed: it took the slot of an old allocation.
    expect(after.map((alloc) => alloc.ID)).toContain(canary);
    expect((await client.jobs.read('web')).Stable).toBe(true);
    expect(fake.deployments()).toHaveLength(2);
  });

  it('promotes the canaries of the named groups only, and refuses unhealthy ones', async () => {
    // Deadlines in real time (minutes away): a deployment waits as long as the test needs.
    const { client } = await scheduler({ timeScale: 1 });
    const twoGroups = (release: string, update: NonNullable<JobInput['Update']>) => {
      const job = releaseJob(release, update, { count: 2 });
      const [group] = job.TaskGroups ?? [];
      return { ...job, TaskGroups: [group ?? {}, { ...group, Name: 'backend' }] };
    };
    await client.jobs.create({ Job: twoGroups('1', {}) });
    expect((await latest(client)).Status).toBe('successful');
    // Manual health: only the allocation-health endpoint makes the canaries healthy.
    await client.jobs.update('web', { Job: twoGroups('2', { Canary: 1, HealthCheck: 'manual' }) });
    const update = await latest(client);
    const refused = await client.deployments
      .promote(update.ID, { Groups: ['frontend'] })
      .catch((error: unknown) => error);
    expect(BadRequestError.isInstance(refused), String(refused)).toBe(true);
    expect((refused as BadRequestError).body).toBe('Task group "frontend" has 0/1 healthy allocations');
    const unknown = await client.deployments
      .promote(update.ID, { Groups: ['db'] })
      .catch((error: unknown) => error);
    expect((unknown as BadRequestError).body).toBe('deployment does not include task group "db"');

    const canaries = (await client.deployments.listAllocations(update.ID)).map((alloc) => alloc.ID);
    await client.deployments.setAllocationHealth(update.ID, { HealthyAllocationIDs: canaries });
    await client.deployments.promote(update.ID, { Groups: ['frontend'] });
    const partly = await client.deployments.read(update.ID);
    expect(partly.TaskGroups?.frontend?.Promoted).toBe(true);
    expect(partly.TaskGroups?.backend?.Promoted).toBe(false);
    expect(partly.Status).toBe('running');
    // The standalone form, as the grouped one.
    await promoteDeployment(client.core, update.ID, { Groups: ['backend'] });
    expect((await readDeployment(client.core, update.ID)).TaskGroups?.backend?.Promoted).toBe(true);
  });

  it('promotes by itself with AutoPromote once the canaries are healthy', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: releaseJob('1', { Canary: 2, AutoPromote: true }) });
    await client.jobs.update('web', { Job: releaseJob('2', { Canary: 2, AutoPromote: true }) });
    const deployment = await latest(client);
    expect(deployment).toMatchObject({ JobVersion: 1, Status: 'successful' });
    expect(deployment.TaskGroups?.frontend).toMatchObject({
      Promoted: true,
      DesiredCanaries: 2,
      HealthyAllocs: 3,
    });
  });

  it('replaces MaxParallel allocations at a time, and places nothing new while paused', async () => {
    const { client } = await scheduler({ timeScale: 1 });
    await client.jobs.create({ Job: releaseJob('1') });
    await client.jobs.update('web', { Job: releaseJob('2', { HealthCheck: 'manual' }) });
    const deployment = await latest(client);
    const placed = () => client.deployments.listAllocations(deployment.ID);
    expect(await placed()).toHaveLength(1);
    await client.deployments.pause(deployment.ID);
    expect(await client.deployments.read(deployment.ID)).toMatchObject({
      Status: 'paused',
      StatusDescription: 'Deployment is paused',
    });
    const [first] = await placed();
    await client.deployments.setAllocationHealth(deployment.ID, { HealthyAllocationIDs: [first?.ID ?? ''] });
    // Healthy, but paused: the next one waits.
    expect(await placed()).toHaveLength(1);
    expect((await client.deployments.read(deployment.ID)).TaskGroups?.frontend?.HealthyAllocs).toBe(1);
    await client.deployments.resume(deployment.ID);
    expect(await placed()).toHaveLength(2);
    const refused = await client.deployments
      .setAllocationHealth(deployment.ID, { HealthyAllocationIDs: ['00000000-0000-4000-8000-000000000000'] })
      .catch((error: unknown) => error);
    expect((refused as BadRequestError).body).toBe('unknown alloc "00000000-0000-4000-8000-000000000000"');
  });

  it('fails a deployment when asked, and AutoRevert registers the last stable version again', async () => {
    const { client } = await scheduler({ timeScale: 1 });
    await client.jobs.create({ Job: releaseJob('1', { AutoRevert: true }) });
    await client.jobs.update('web', { Job: releaseJob('2', { AutoRevert: true, HealthCheck: 'manual' }) });
    const deployment = await latest(client);
    const failed = await client.deployments.fail(deployment.ID);
    expect(failed.RevertedJobVersion).toBe(2);
    expect(await client.deployments.read(deployment.ID)).toMatchObject({
      Status: 'failed',
      StatusDescription: 'Deployment marked as failed - rolling back to job version 0',
    });
    const job = await client.jobs.read('web');
    expect(job).toMatchObject({ Version: 2, Meta: { release: '1' } });
    const rollback = await latest(client);
    expect(rollback).toMatchObject({ JobVersion: 2, Status: 'successful' });
    const again = await client.deployments.fail(deployment.ID).catch((error: unknown) => error);
    expect((again as BadRequestError).body).toBe("can't fail terminal deployment");
  });

  it('fails on an unhealthy allocation when ProgressDeadline is 0, and reverts', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: releaseJob('1', { AutoRevert: true, ProgressDeadline: 0 }) });
    await client.jobs.update('web', {
      Job: releaseJob('2', { AutoRevert: true, ProgressDeadline: 0 }, { failing: true }),
    });
    const [rollback, failed] = await client.jobs.listDeployments('web');
    expect(failed).toMatchObject({
      JobVersion: 1,
      Status: 'failed',
      StatusDescription: 'Failed due to unhealthy allocations - rolling back to job version 0',
    });
    expect(failed?.TaskGroups?.frontend?.UnhealthyAllocs).toBe(1);
    expect(rollback).toMatchObject({ JobVersion: 2, Status: 'successful' });
    const unhealthy = fake.allocations().filter((alloc) => alloc.DeploymentStatus?.Healthy === false);
    expect(unhealthy.map((alloc) => alloc.DeploymentID)).toEqual([failed?.ID]);
    // The rollback replaced the unhealthy allocation too.
    expect(unhealthy.every((alloc) => alloc.DesiredStatus === 'stop')).toBe(true);
  });

  it('fails a deployment that makes no progress before its ProgressDeadline', async () => {
    // On the test clock: the health deadline is 5 minutes after the start, the progress deadline 10.
    const { client, clock } = await clocked();
    await client.jobs.create({ Job: releaseJob('1') });
    expect((await settled(client, (await latest(client)).ID, clock)).Status).toBe('successful');
    await client.jobs.update('web', { Job: releaseJob('2', {}, { failing: true }) });
    const updated = clock.now();
    const deployment = await latest(client);
    const requireBy = Date.parse(deployment.TaskGroups?.frontend?.RequireProgressBy ?? '');
    expect(requireBy).toBe(updated + 600_000);
    // Unhealthy at the health deadline, but the deployment waits for its progress deadline to fail.
    await clock.advanceTo(updated + 300_000);
    expect((await client.deployments.read(deployment.ID)).TaskGroups?.frontend).toMatchObject({
      UnhealthyAllocs: 1,
    });
    expect((await client.deployments.read(deployment.ID)).Status).toBe('running');
    const ended = await settled(client, deployment.ID, clock);
    expect(ended).toMatchObject({
      Status: 'failed',
      StatusDescription: 'Failed due to progress deadline',
    });
    expect(ended.TaskGroups?.frontend).toMatchObject({ UnhealthyAllocs: 1, HealthyAllocs: 0 });
    expect(clock.now()).toBe(requireBy);
  });

  it('turns allocations healthy MinHealthyTime after they run, not before', async () => {
    const { client, clock } = await clocked({ allocationStartMs: 20 });
    await client.jobs.create({
      Job: releaseJob('1', { MinHealthyTime: '1m', HealthyDeadline: '5m' }, { count: 1 }),
    });
    const created = clock.now();
    const deployment = await latest(client);
    // Running after 20 ms, yet not healthy a moment before MinHealthyTime has passed; healthy when it has.
    await clock.advanceTo(created + 20 + 59_999);
    const [waiting] = await client.deployments.listAllocations(deployment.ID);
    expect(waiting).toMatchObject({ ClientStatus: 'running', DeploymentStatus: null });
    await clock.advanceTo(created + 20 + 60_000);
    expect((await client.deployments.read(deployment.ID)).Status).toBe('successful');
    expect((await settled(client, deployment.ID, clock)).Status).toBe('successful');
    // The event stream keeps each step at the index it happened, however fast the test reads.
    const steps: string[] = [];
    for await (const event of client.events.stream({ topics: { Allocation: ['web'] }, index: 0 })) {
      const alloc = event.Payload.Allocation;
      steps.push(
        `${event.Type}: ${alloc?.ClientStatus}, healthy ${alloc?.DeploymentStatus?.Healthy ?? 'unknown'}`,
      );
      if (alloc?.DeploymentStatus?.Healthy === true) break;
    }
    expect(steps).toEqual([
      'AllocationCreated: pending, healthy unknown',
      'AllocationUpdated: running, healthy unknown',
      'AllocationUpdated: running, healthy true',
    ]);
  });

  it('cancels the deployment of a version when a newer one is registered', async () => {
    const { client } = await scheduler({ timeScale: 1 });
    await client.jobs.create({ Job: releaseJob('1') });
    await client.jobs.update('web', { Job: releaseJob('2', { HealthCheck: 'manual' }) });
    const older = await latest(client);
    await client.jobs.update('web', { Job: releaseJob('3') });
    expect(await client.deployments.read(older.ID)).toMatchObject({
      Status: 'cancelled',
      StatusDescription: 'Cancelled due to newer version of job',
    });
    expect(await latest(client)).toMatchObject({ JobVersion: 2, Status: 'successful' });
    const pause = await client.deployments.pause(older.ID).catch((error: unknown) => error);
    expect((pause as BadRequestError).body).toBe("can't pause terminal deployment");
  });

  it('keeps a multiregion deployment blocked until it is unblocked', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: { ...releaseJob('1'), Multiregion: { Regions: [{ Name: 'global' }] } } });
    const blocked = await latest(client);
    expect(blocked).toMatchObject({
      IsMultiregion: true,
      Status: 'blocked',
      StatusDescription: 'Deployment is complete but waiting for peer region',
    });
    await client.deployments.unblock(blocked.ID);
    expect((await client.deployments.read(blocked.ID)).Status).toBe('successful');
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const single = await latest(client, 'api');
    const refused = await client.deployments.unblock(single.ID).catch((error: unknown) => error);
    expect((refused as BadRequestError).body).toBe(
      `deployment "${single.ID}" is not a multiregion deployment`,
    );
  });
});
