import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createSchedulerCore,
  iterateAllocations,
  NotFoundError,
  ResponseValidationError,
} from '../src/index.js';
import { clientOf, fakeScheduler, scheduler, serviceJob } from './support.js';

describe('allocations', () => {
  it('lists allocations oldest first, or by id with a prefix, and in reverse', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 3) });
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const all = await client.allocations.list();
    expect(all.map((alloc) => alloc.JobID)).toEqual(['web', 'web', 'web', 'api']);
    expect(all[0]?.TaskStates?.server?.State).toBe('running');
    expect(all[0]?.AllocatedResources).toBeUndefined();
    const reversed = await client.allocations.list({ reverse: true });
    expect(reversed.map((alloc) => alloc.ID)).toEqual(all.map((alloc) => alloc.ID).reverse());
    const id = fake.allocations()[1]?.ID ?? '';
    const byPrefix = await client.allocations.list({ prefix: id.slice(0, 4) });
    expect(byPrefix.map((alloc) => alloc.ID)).toContain(id);
    const shrunk = await client.allocations.list({ task_states: false, resources: true });
    expect(shrunk[0]?.TaskStates).toBeNull();
    expect(shrunk[0]?.AllocatedResources).toMatchObject({ Tasks: { server: { Cpu: { CpuShares: 200 } } } });
  });

  it('filters with an expression and by namespace', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    await client.jobs.create({ Job: { ...serviceJob('batch', 1), Namespace: 'etl' } });
    expect(
      await client.allocations.list({ filter: 'JobID == "web" and ClientStatus == "running"' }),
    ).toHaveLength(2);
    expect(await client.allocations.list({ filter: 'JobID != "web" or TaskGroup is empty' })).toHaveLength(0);
    expect(
      await client.allocations.list({ filter: '"server" in TaskStates and not (JobID matches "^w")' }),
    ).toHaveLength(0);
    expect(await client.allocations.list({ filter: 'Name contains "frontend[1]"' })).toHaveLength(1);
    expect(await client.allocations.list({ namespace: 'etl' })).toHaveLength(1);
    expect(await client.allocations.list({ namespace: '*' })).toHaveLength(3);
    await expect(client.allocations.list({ filter: 'JobID ==' })).rejects.toSatisfy((error: unknown) =>
      BadRequestError.isInstance(error),
    );
  });

  it('pages through 1,000 allocations with next tokens', async () => {
    const { client, fake } = await scheduler({ nodes: 4 });
    // A batch job: its allocations are placed at once, with no deployment to follow their health.
    await client.jobs.create({ Job: { ...serviceJob('fleet', 1000), Type: 'batch' } });
    const first = await client.allocations.list({ per_page: 300 }).withMeta();
    expect(first.data).toHaveLength(300);
    const listed = chronological(fake.allocations());
    expect(first.meta.nextToken).toBe(`${listed[300]?.CreateIndex}.${listed[300]?.ID}`);

    const seen: string[] = [];
    let pages = 0;
    for await (const page of client.allocations.iterate({ per_page: 250, task_states: false }).pages()) {
      pages += 1;
      seen.push(...page.items.map((alloc) => alloc.ID));
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(seen).toEqual(listed.map((alloc) => alloc.ID));

    const core = createSchedulerCore({ baseUrl: fake.url });
    let count = 0;
    for await (const alloc of iterateAllocations(core, { filter: 'JobID == "fleet"', task_states: false })) {
      expect(alloc.JobID).toBe('fleet');
      count += 1;
    }
    expect(count).toBe(1000);
    const requests = fake.requests.filter((request) => request.path === '/v1/allocations');
    expect(requests.at(-1)?.query.get('per_page')).toBe('100');
  });

  it('starts paging from a given token and stops on a repeated token', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 5) });
    const listed = chronological(fake.allocations());
    const from = `${listed[3]?.CreateIndex}.${listed[3]?.ID}`;
    const rest = await client.allocations.iterate({ per_page: 2, next_token: from }).toArray();
    expect(rest.map((alloc) => alloc.ID)).toEqual(listed.slice(3).map((alloc) => alloc.ID));

    const looping = clientOf(fake, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const headers = new Headers(response.headers);
        // A broken server that keeps pointing at the same page.
        headers.set('X-Scheduler-NextToken', `${listed[1]?.CreateIndex}.${listed[1]?.ID}`);
        return new Response(await response.arrayBuffer(), { status: response.status, headers });
      },
    });
    await expect(looping.allocations.iterate({ per_page: 1 }).toArray()).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === 'repeated-token',
    );
  });

  it('continues after a token whose allocation left the filtered list', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 6) });
    const filter = 'DesiredStatus == "run"';
    const first = await client.allocations.list({ per_page: 2, filter }).withMeta();
    const listed = chronological(fake.allocations());
    expect(first.data.map((alloc) => alloc.ID)).toEqual(listed.slice(0, 2).map((alloc) => alloc.ID));
    // The allocation the token names is stopped: it leaves the filtered list.
    await client.allocations.stop(listed[2]?.ID ?? '');
    const second = await client.allocations
      .list({ per_page: 2, filter, next_token: first.meta.nextToken ?? '' })
      .withMeta();
    expect(second.data.map((alloc) => alloc.ID)).toEqual(listed.slice(3, 5).map((alloc) => alloc.ID));
    // In reverse order the position works the other way round.
    const backwards = await client.allocations
      .list({ per_page: 10, reverse: true, next_token: `${listed[3]?.CreateIndex}.${listed[3]?.ID}` })
      .withMeta();
    expect(backwards.data.map((alloc) => alloc.ID).slice(0, 4)).toEqual(
      listed
        .slice(0, 4)
        .reverse()
        .map((alloc) => alloc.ID),
    );
    await expect(client.allocations.list({ per_page: 2, next_token: 'nonsense' })).rejects.toSatisfy(
      (error: unknown) => BadRequestError.isInstance(error),
    );
  });

  it('reads an allocation with its job copy and metrics', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const alloc = await client.allocations.read(id);
    expect(alloc).toMatchObject({ ID: id, JobID: 'web', DesiredStatus: 'run', ClientStatus: 'running' });
    expect(alloc.Job?.ID).toBe('web');
    expect(alloc.Metrics?.NodesEvaluated).toBe(2);
    expect(alloc.TaskStates?.server?.Events?.map((event) => event.Type)).toEqual([
      'Received',
      'Task Setup',
      'Started',
    ]);
    await expect(client.allocations.read('00000000-0000-4000-8000-000000000000')).rejects.toSatisfy(
      (error: unknown) => NotFoundError.isInstance(error),
    );
  });

  it('stops an allocation, which is then replaced', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const result = await client.allocations.stop(id, { no_shutdown_delay: true });
    expect(result.EvalID).toBeTruthy();
    expect(result.Index).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.query.get('no_shutdown_delay')).toBe('true');
    const stopped = await client.allocations.read(id);
    expect(stopped).toMatchObject({ DesiredStatus: 'stop', ClientStatus: 'complete' });
    expect(stopped.TaskStates?.server?.State).toBe('dead');
    const replacement = await client.allocations.read(stopped.NextAllocation ?? '');
    expect(replacement).toMatchObject({ PreviousAllocation: id, DesiredStatus: 'run', Name: stopped.Name });
    const evaluations = await client.jobs.listEvaluations('web');
    expect(evaluations.map((evaluation) => evaluation.TriggeredBy)).toContain('alloc-stop');
  });

  it('signals one task or all of them', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    await expect(
      client.allocations.signal(id, { Signal: 'SIGUSR1', Task: 'server' }),
    ).resolves.toBeUndefined();
    await client.allocations.signal(id, { Signal: 'SIGHUP' });
    const events = (await client.allocations.read(id)).TaskStates?.server?.Events ?? [];
    expect(events.filter((event) => event.Type === 'Signaling').map((event) => event.TaskSignal)).toEqual([
      'SIGUSR1',
      'SIGHUP',
    ]);
    await expect(client.allocations.signal(id, { Signal: 'SIGHUP', Task: 'nope' })).rejects.toThrow(
      /task not found/,
    );
  });

  it('restarts tasks, keeping the latest 10 task events', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    await client.allocations.restart(id, { TaskName: 'server' });
    await client.allocations.restart(id, { AllTasks: true });
    await client.allocations.restart(id);
    await client.allocations.restart(id, { TaskName: '', AllTasks: true });
    const state = (await client.allocations.read(id)).TaskStates?.server;
    expect(state?.Restarts).toBe(4);
    expect(state?.LastRestart).toBeTruthy();
    expect(state?.Events).toHaveLength(10);
    expect(state?.Events?.at(-1)?.Type).toBe('Started');
  });

  it('lists the services an allocation registered, and drops them when it stops', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const services = await client.allocations.listServices(id);
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({ ServiceName: 'web-http', AllocID: id, JobID: 'web', Tags: ['edge'] });
    expect(services[0]?.Port).toBeGreaterThan(0);
    await client.allocations.stop(id);
    expect(await client.allocations.listServices(id)).toEqual([]);
  });

  it('reaches the fake with PUT as well', async () => {
    const fake = await fakeScheduler();
    const client = clientOf(fake);
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const answer = await client.request({
      method: 'PUT',
      path: `/client/allocation/${id}/restart`,
      body: {},
    });
    expect(answer).toEqual({});
  });
});

/** Allocations in the list's default order: by create index, then id. */
function chronological<T extends { CreateIndex?: number | undefined; ID: string }>(
  allocs: readonly T[],
): T[] {
  return [...allocs].sort(
    (a, b) => (a.CreateIndex ?? 0) - (b.CreateIndex ?? 0) || (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0),
  );
}
