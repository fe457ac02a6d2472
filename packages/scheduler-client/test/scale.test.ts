// Scaling a task group over HTTP against the fake: a new count is a new job version with the deployment
// any version gets; every scaling request is kept as an event of its group; the scale status shows each
// group's counts, health and events.
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  PermissionDeniedError,
  readJobScaleStatus,
  scaleJob,
  UnixNanos,
} from '../src/index.js';
import { clientOf, fakeScheduler, scheduler, serviceJob } from './support.js';

describe('jobs.scale', () => {
  it('sets a group count as a new version with its deployment, and records the event', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const before = (await client.jobs.listAllocations('web')).map((alloc) => alloc.ID);
    const scaled = await client.jobs.scale('web', {
      Group: 'frontend',
      Count: 4,
      Message: 'evening peak',
      Meta: { reason: 'queue depth' },
    });
    expect(scaled.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const job = await client.jobs.read('web');
    expect(job).toMatchObject({ Version: 1, TaskGroups: [{ Count: 4 }] });
    expect(scaled.JobModifyIndex).toBe(job.JobModifyIndex);
    // The same allocations keep running, two more join them, under the new version's deployment.
    const after = await client.jobs.listAllocations('web');
    expect(
      after.filter((alloc) => before.includes(alloc.ID)).every((alloc) => alloc.DesiredStatus === 'run'),
    ).toBe(true);
    expect(after).toHaveLength(4);
    const deployment = await client.jobs.latestDeployment('web');
    expect(deployment).toMatchObject({ JobVersion: 1, Status: 'successful' });
    expect(deployment?.TaskGroups?.frontend).toMatchObject({ DesiredTotal: 4, HealthyAllocs: 4 });
    expect(fake.evaluations().find((evaluation) => evaluation.ID === scaled.EvalID)?.TriggeredBy).toBe(
      'job-scaling',
    );

    const status = await client.jobs.scaleStatus('web');
    expect(status).toMatchObject({ JobID: 'web', Namespace: 'default', JobStopped: false });
    expect(status.JobModifyIndex).toBe(job.JobModifyIndex);
    const group = status.TaskGroups?.frontend;
    expect(group).toMatchObject({ Desired: 4, Placed: 4, Running: 4, Healthy: 4, Unhealthy: 0 });
    const [event] = group?.Events ?? [];
    expect(event).toMatchObject({
      Count: 4,
      PreviousCount: 2,
      Error: false,
      Message: 'evening peak',
      Meta: { reason: 'queue depth' },
      EvalID: scaled.EvalID,
    });
    expect(event?.Time).toBeInstanceOf(UnixNanos);
    // The group is named in `Target`, as the service wants it.
    const sent = fake.requests.find(
      (request) => request.path === '/v1/job/web/scale' && request.method === 'POST',
    );
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      Count: 4,
      Message: 'evening peak',
      Meta: { reason: 'queue depth' },
      Target: { Group: 'frontend' },
    });
  });

  it('records an event without a count, and changes nothing', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const result = await scaleJob(client.core, 'web', {
      Group: 'frontend',
      Error: true,
      Message: 'metrics unavailable',
    });
    expect(result.EvalID).toBe('');
    expect((await client.jobs.read('web')).Version).toBe(0);
    const status = await readJobScaleStatus(client.core, 'web');
    expect(status.TaskGroups?.frontend?.Events).toEqual([
      expect.objectContaining({
        Count: null,
        PreviousCount: 2,
        Error: true,
        Message: 'metrics unavailable',
        EvalID: null,
      }),
    ]);
  });

  it("refuses a group the job does not have, and a count beyond the group's scaling policy", async () => {
    const { client } = await scheduler();
    const job = serviceJob('web', 2);
    const [group] = job.TaskGroups ?? [];
    await client.jobs.create({ Job: { ...job, TaskGroups: [{ ...group, Scaling: { Min: 1, Max: 3 } }] } });
    const unknown = await client.jobs
      .scale('web', { Group: 'db', Count: 1 })
      .catch((error: unknown) => error);
    expect(BadRequestError.isInstance(unknown)).toBe(true);
    expect((unknown as BadRequestError).body).toBe(
      'task group "db" specified for scaling does not exist in job',
    );
    const beyond = await client.jobs
      .scale('web', { Group: 'frontend', Count: 5 })
      .catch((error: unknown) => error);
    expect((beyond as BadRequestError).body).toBe(
      'group count was greater than scaling policy maximum: 5 > 3',
    );
  });

  it('needs scale-job (or submit-job) to scale and read-job-scaling (or read-job) to read', async () => {
    const fake = await fakeScheduler({
      acl: {
        tokens: {
          scaler: { namespaces: { default: ['scale-job', 'read-job-scaling'] } },
          reader: { namespaces: { default: ['read-job'] } },
        },
      },
    });
    fake.registerJob(serviceJob('web', 1));
    const scaler = clientOf(fake, { token: 'scaler' });
    const reader = clientOf(fake, { token: 'reader' });
    await scaler.jobs.scale('web', { Group: 'frontend', Count: 2 });
    expect((await scaler.jobs.scaleStatus('web')).TaskGroups?.frontend?.Desired).toBe(2);
    expect((await reader.jobs.scaleStatus('web')).TaskGroups?.frontend?.Desired).toBe(2);
    const denied = await reader.jobs
      .scale('web', { Group: 'frontend', Count: 3 })
      .catch((error: unknown) => error);
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);
  });
});
