import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../src/index.js';
import { scheduler, serviceJob, validationError } from './support.js';

describe('deregister a job', () => {
  it('stops the job: its allocations stop and it becomes dead, still readable', async () => {
    const { client, fake } = await scheduler();
    const registered = await client.jobs.create({ Job: serviceJob('web', 2) });
    const { data, meta } = await client.jobs.deregister('web').withMeta();
    expect(data.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.EvalID).not.toBe(registered.EvalID);
    expect(data.EvalCreateIndex).toBe(meta.index);
    expect(data.JobModifyIndex).toBeGreaterThan(registered.JobModifyIndex ?? 0);
    const job = await client.jobs.read('web');
    expect(job.Status).toBe('dead');
    expect(job.Stop).toBe(true);
    const allocations = await client.jobs.listAllocations('web');
    expect(allocations).toHaveLength(2);
    expect(allocations.every((alloc) => alloc.DesiredStatus === 'stop')).toBe(true);
    expect(allocations.every((alloc) => alloc.ClientStatus === 'complete')).toBe(true);
    const evaluation = fake.evaluations().find((item) => item.ID === data.EvalID);
    expect(evaluation?.TriggeredBy).toBe('job-deregister');
    const request = fake.requests.at(-3);
    expect(request?.method).toBe('DELETE');
    expect(request?.path).toBe('/v1/job/web');
  });

  it('purges the job: a read answers 404 and the flags reach the service', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const result = await client.jobs.deregister('web', {
      purge: true,
      global: true,
      eval_priority: 70,
      no_shutdown_delay: true,
    });
    const sent = fake.requests.at(-1);
    expect(sent?.query.get('purge')).toBe('true');
    expect(sent?.query.get('global')).toBe('true');
    expect(sent?.query.get('eval_priority')).toBe('70');
    expect(sent?.query.get('no_shutdown_delay')).toBe('true');
    expect(fake.evaluations().find((item) => item.ID === result.EvalID)?.Priority).toBe(70);
    const error = await client.jobs.read('web').catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(fake.allocations().every((alloc) => alloc.DesiredStatus === 'stop')).toBe(true);
    const deregistered = fake.events.flatMap((message) => message.Events).at(-1);
    expect(deregistered?.Type).toBe('JobDeregistered');
  });

  it('answers 404 for an unknown job and refuses a bad priority before sending', async () => {
    const { client, fake } = await scheduler();
    const missing = await client.jobs.deregister('nope').catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(missing)).toBe(true);
    const before = fake.requests.length;
    const error = await validationError(client.jobs.deregister('web', { eval_priority: 0 }));
    expect(error.issues[0]?.path).toBe('eval_priority');
    await validationError(client.jobs.deregister('web', { eval_priority: 2.5 }));
    expect(fake.requests.length).toBe(before);
  });
});
