// Search over HTTP against the fake: ids by prefix per context and across all, fuzzy matches in jobs
// (with their groups, tasks, services and images), allocations and nodes with their scopes, closest
// first, the limit of 20, the token's rights, and the rules checked before sending.
import { describe, expect, it } from 'vitest';
import { PermissionDeniedError, searchFuzzy, searchPrefix } from '../src/index.js';
import { clientOf, fakeScheduler, scheduler, serviceJob, validationError } from './support.js';

const pythonJob = {
  ID: 'example-python',
  Datacenters: ['dc1'],
  TaskGroups: [
    {
      Name: 'my-spy-app',
      Services: [{ Name: 'super-spy-service' }],
      Tasks: [
        {
          Name: 'my-python-task',
          Driver: 'docker',
          Config: { image: 'python:3' },
          Services: [{ Name: 'python-logger' }],
        },
      ],
    },
  ],
};

describe('search', () => {
  it('finds ids by prefix in one context or all, at most 20 with the truncation', async () => {
    const { client, fake } = await scheduler();
    for (let i = 0; i < 22; i++)
      await client.jobs.create({ Job: serviceJob(`web-${String(i).padStart(2, '0')}`, 1) });
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const jobs = await client.search.prefix({ Prefix: 'web-', Context: 'jobs' });
    expect(jobs.Matches?.jobs).toHaveLength(20);
    expect(jobs.Matches?.jobs?.[0]).toBe('web-00');
    expect(jobs.Truncations).toEqual({ jobs: true });
    const alloc = fake.allocations().find((item) => item.JobID === 'api');
    const evaluation = fake.evaluations().find((item) => item.JobID === 'api');
    const all = await searchPrefix(client.core, { Prefix: 'ap', Context: 'all' });
    expect(all.Matches?.jobs).toEqual(['api']);
    expect(Object.keys(all.Matches ?? {}).sort()).toEqual(['allocs', 'deployment', 'evals', 'jobs', 'nodes']);
    const byId = await client.search.prefix({ Prefix: (alloc?.ID ?? '').slice(0, 8), Context: 'all' });
    expect(byId.Matches?.allocs).toContain(alloc?.ID);
    const evals = await client.search.prefix({
      Prefix: (evaluation?.ID ?? '').slice(0, 6),
      Context: 'evals',
    });
    expect(evals.Matches?.evals).toContain(evaluation?.ID);
    const node = fake.nodes()[0];
    expect((await client.search.prefix({ Prefix: node?.ID ?? '', Context: 'nodes' })).Matches?.nodes).toEqual(
      [node?.ID],
    );
    expect((await client.search.prefix({ Prefix: 'zz', Context: 'jobs' })).Matches).toEqual({ jobs: null });
    // Another namespace holds nothing of these.
    expect(
      (await client.search.prefix({ Prefix: 'web', Context: 'jobs' }, { namespace: 'ops' })).Matches,
    ).toEqual({
      jobs: null,
    });
  });

  it('finds names fuzzily with their scopes, closest first', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: pythonJob });
    await client.jobs.create({ Job: { ...serviceJob('py', 1) } });
    const { Matches, Truncations } = await client.search.fuzzy({ Text: 'py', Context: 'jobs' });
    // The exact name first, then by where the text sits.
    expect(Matches?.jobs).toEqual([
      { ID: 'py', Scope: ['default'] },
      { ID: 'example-python', Scope: ['default'] },
    ]);
    expect(Matches?.groups).toEqual([{ ID: 'my-spy-app', Scope: ['default', 'example-python'] }]);
    expect(Matches?.tasks).toEqual([
      { ID: 'my-python-task', Scope: ['default', 'example-python', 'my-spy-app'] },
    ]);
    expect(Matches?.images).toEqual([
      { ID: 'python:3', Scope: ['default', 'example-python', 'my-spy-app', 'my-python-task'] },
    ]);
    expect(Matches?.services?.map((match) => match.ID)).toEqual([
      'py-http',
      'python-logger',
      'super-spy-service',
    ]);
    expect(Truncations?.jobs).toBe(false);
    const allocs = await searchFuzzy(client.core, { Text: 'SPY-APP', Context: 'allocs' });
    const alloc = fake.allocations().find((item) => item.JobID === 'example-python');
    expect(allocs.Matches?.allocs).toEqual([
      { ID: 'example-python.my-spy-app[0]', Scope: ['default', alloc?.ID] },
    ]);
    const node = fake.nodes()[0];
    const nodes = await client.search.fuzzy({ Text: (node?.Name ?? '').slice(1, 5), Context: 'nodes' });
    expect(nodes.Matches?.nodes?.map((match) => match.Scope)).toContainEqual([node?.ID]);
    const evaluation = fake.evaluations()[0];
    const everything = await client.search.fuzzy({
      Text: (evaluation?.ID ?? '').slice(0, 4),
      Context: 'all',
    });
    expect(everything.Matches?.evals).toContainEqual({ ID: evaluation?.ID });
  });

  it('searches only what the token may read, and checks the body before sending', async () => {
    const fake = await fakeScheduler({
      acl: { tokens: { root: 'management', jobs: { namespaces: { default: ['read-job'] } } } },
    });
    await clientOf(fake, { token: 'root' }).jobs.create({ Job: serviceJob('web', 1) });
    const jobsOnly = clientOf(fake, { token: 'jobs' });
    const all = await jobsOnly.search.prefix({ Prefix: '', Context: 'all' });
    expect(all.Matches?.jobs).toEqual(['web']);
    expect(all.Matches?.nodes).toBeNull();
    await expect(jobsOnly.search.prefix({ Prefix: '', Context: 'nodes' })).rejects.toSatisfy(
      (error: unknown) => PermissionDeniedError.isInstance(error),
    );
    await expect(
      jobsOnly.search.fuzzy({ Text: 'web', Context: 'jobs' }, { namespace: 'ops' }),
    ).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));
    const before = fake.requests.length;
    await validationError(jobsOnly.search.prefix({ Prefix: 'a', Context: 'everything' as 'all' }));
    await validationError(jobsOnly.search.prefix({ Context: 'jobs' } as never));
    await validationError(jobsOnly.search.fuzzy({ Text: 'a', Context: 'jobs' }));
    await validationError(jobsOnly.search.fuzzy({ Text: 'ab', Context: 'jobs', Prefix: 'x' } as never));
    expect(fake.requests.length).toBe(before);
  });
});
