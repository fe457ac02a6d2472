import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  createSchedulerCore,
  dispatchJob,
  type Job,
  NotFoundError,
  readJob,
} from '../src/index.js';
import { parameterizedJob, scheduler, serviceJob } from './support.js';

describe('jobs', () => {
  it('registers a job, places its allocations and lists it', async () => {
    const { client, fake } = await scheduler();
    const { data, meta } = await client.jobs.create({ Job: serviceJob('web', 3) }).withMeta();
    expect(data.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.JobModifyIndex).toBe(data.Index);
    expect(data.KnownLeader).toBe(true);
    expect(meta.index).toBe(data.Index);
    expect(meta.knownLeader).toBe(true);
    expect(meta.lastContact).toBe(0);
    expect(meta.warnings).toEqual([]);

    const list = await client.jobs.list();
    expect(list.map((job) => job.ID)).toEqual(['web']);
    expect(list[0]?.Status).toBe('running');
    expect(list[0]?.JobSummary?.Summary?.frontend?.Running).toBe(3);
    expect(fake.allocations()).toHaveLength(3);
    expect(new Set(fake.allocations().map((alloc) => alloc.NodeID)).size).toBe(2);
  });

  it('filters the list by prefix and namespace, and `*` lists every namespace', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('api', 1) });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await client.jobs.create({ Job: { ...serviceJob('team-web', 1), Namespace: 'team' } });
    expect((await client.jobs.list({ prefix: 'w' })).map((job) => job.ID)).toEqual(['web']);
    expect((await client.jobs.list()).map((job) => job.ID)).toEqual(['api', 'web']);
    expect((await client.jobs.list({ namespace: 'team' })).map((job) => job.ID)).toEqual(['team-web']);
    expect((await client.jobs.list({ namespace: '*' })).map((job) => job.ID)).toEqual([
      'api',
      'team-web',
      'web',
    ]);
  });

  it('reads a job, converting unit durations to nanoseconds, and keeps unknown fields', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: { ...serviceJob(), FutureField: { enabled: true } } });
    const job = await client.jobs.read('web');
    expect(job.TaskGroups?.[0]?.Tasks?.[0]?.KillTimeout).toBe(10_000_000_000);
    expect(job.Priority).toBe(50);
    expect(job.Version).toBe(0);
    expect(job.FutureField).toEqual({ enabled: true });

    // Read, modify, write: the unknown field travels back unchanged.
    const modified: Job = { ...job, Meta: { owner: 'team-a' } };
    await client.jobs.update('web', { Job: modified });
    const again = await client.jobs.read('web');
    expect(again.Version).toBe(1);
    expect(again.Meta).toEqual({ owner: 'team-a' });
    expect(again.FutureField).toEqual({ enabled: true });
  });

  it('reads jobs of another namespace with the client default or a per-call override', async () => {
    const { fake } = await scheduler();
    fake.registerJob(serviceJob('web', 1), { namespace: 'apps' });
    const { clientOf } = await import('./support.js');
    const scoped = clientOf(fake, { namespace: 'apps' });
    expect((await scoped.jobs.read('web')).Namespace).toBe('apps');
    const plain = clientOf(fake);
    await expect(plain.jobs.read('web')).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    expect((await plain.jobs.read('web', { namespace: 'apps' })).ID).toBe('web');
    expect(fake.requests.at(-1)?.query.get('namespace')).toBe('apps');
  });

  it('answers 404 for an unknown job, with the plain-text body read', async () => {
    const { client } = await scheduler();
    const error = await client.jobs.read('missing').catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect((error as NotFoundError).body).toBe('job not found');
    expect((error as NotFoundError).message).toContain('job not found');
  });

  it('keeps versions and gives diffs between them', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob() });
    const first = await client.jobs.read('web');
    const edited = structuredClone(first);
    const task = edited.TaskGroups?.[0]?.Tasks?.[0];
    if (task) task.Env = { MODE: 'blue' };
    await client.jobs.update('web', { Job: edited });
    const plain = await client.jobs.listVersions('web');
    expect(plain.Versions.map((version) => version.Version)).toEqual([1, 0]);
    expect(plain.Diffs).toBeNull();
    const withDiffs = await client.jobs.listVersions('web', { diffs: true });
    expect(withDiffs.Diffs).toHaveLength(1);
    const diff = withDiffs.Diffs?.[0];
    expect(diff?.Type).toBe('Edited');
    expect(diff?.TaskGroups?.[0]?.Tasks?.[0]?.Fields).toContainEqual(
      expect.objectContaining({ Name: 'Env[MODE]', Old: '', New: 'blue', Type: 'Added' }),
    );
    expect(withDiffs.Index).toBeGreaterThan(0);
  });

  it('does not make a new version when nothing changed', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob() });
    await client.jobs.create({ Job: serviceJob() });
    expect((await client.jobs.listVersions('web')).Versions).toHaveLength(1);
    expect(await client.jobs.listEvaluations('web')).toHaveLength(2);
  });

  it('enforces the job modify index', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob(), EnforceIndex: true, JobModifyIndex: 0 });
    const { JobModifyIndex } = await client.jobs.read('web');
    const stale = client.jobs.create({ Job: serviceJob('web', 5), EnforceIndex: true, JobModifyIndex: 1 });
    // The scheduler's refusal of a moved index, whatever its status, is a ConflictError.
    const refused = await stale.catch((error: unknown) => error);
    expect(ConflictError.isInstance(refused), String(refused)).toBe(true);
    expect((refused as ConflictError).status).toBe(400);
    expect((refused as ConflictError).body).toMatch(/conflicting job modify index/);
    const taken = await client.jobs
      .create({ Job: serviceJob('web', 5), EnforceIndex: true, JobModifyIndex: 0 })
      .catch((error: unknown) => error);
    expect(ConflictError.isInstance(taken)).toBe(true);
    expect((taken as ConflictError).body).toBe('Enforcing job modify index 0: job already exists');
    await client.jobs.update('web', {
      Job: serviceJob('web', 5),
      EnforceIndex: true,
      JobModifyIndex: JobModifyIndex ?? 0,
    });
    expect((await client.jobs.read('web')).TaskGroups?.[0]?.Count).toBe(5);
  });

  it('preserves group counts when asked', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 3) });
    await client.jobs.create({ Job: { ...serviceJob('web', 1), Meta: { v: '2' } }, PreserveCounts: true });
    const job = await client.jobs.read('web');
    expect(job.TaskGroups?.[0]?.Count).toBe(3);
    expect(job.Meta).toEqual({ v: '2' });
  });

  it('scales without replacing allocations, and replaces them on a new spec', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const before = (await client.jobs.listAllocations('web')).map((alloc) => alloc.ID);
    await client.jobs.create({ Job: serviceJob('web', 3) });
    const scaled = await client.jobs.listAllocations('web');
    expect(scaled.filter((alloc) => alloc.DesiredStatus === 'run').map((alloc) => alloc.ID)).toEqual(
      expect.arrayContaining(before),
    );
    expect(scaled).toHaveLength(3);
    await client.jobs.create({ Job: { ...serviceJob('web', 3), Meta: { release: '2' } } });
    const replaced = await client.jobs.listAllocations('web');
    expect(replaced.filter((alloc) => alloc.DesiredStatus === 'run')).toHaveLength(3);
    expect(replaced.filter((alloc) => alloc.DesiredStatus === 'stop')).toHaveLength(3);
  });

  it('refuses a job the scheduler would refuse, with its message', async () => {
    const { client } = await scheduler();
    const bad = { ...serviceJob('bad example'), Datacenters: [] };
    const error = await client.jobs.create({ Job: bad }).catch((caught: unknown) => caught);
    expect(BadRequestError.isInstance(error)).toBe(true);
    expect((error as BadRequestError).body).toContain('Job ID contains a space');
    expect((error as BadRequestError).body).toContain('Missing job datacenters');
    // The client refuses a job under another job's id before sending; the service would answer 400.
    await expect(client.jobs.update('other', { Job: serviceJob('web') })).rejects.toThrow(
      /"web" is not the job id of the path, "other"/,
    );
    await expect(
      client.request({
        method: 'POST',
        path: '/job/other',
        body: { Job: { ID: 'web', Name: 'web', Datacenters: ['dc1'] } },
      }),
    ).rejects.toThrow(/Job ID does not match name/);
  });

  it('lists evaluations, deployments and the latest deployment', async () => {
    const { client } = await scheduler();
    expect(await client.jobs.create({ Job: serviceJob() })).toBeTruthy();
    const evaluations = await client.jobs.listEvaluations('web');
    expect(evaluations[0]).toMatchObject({ JobID: 'web', TriggeredBy: 'job-register', Status: 'complete' });
    await client.jobs.update('web', { Job: { ...serviceJob(), Meta: { v: '2' } } });
    const deployments = await client.jobs.listDeployments('web');
    expect(deployments.map((deployment) => deployment.JobVersion)).toEqual([1, 0]);
    expect(deployments[0]?.Status).toBe('successful');
    expect(deployments[0]?.TaskGroups?.frontend).toMatchObject({
      DesiredTotal: 2,
      PlacedAllocs: 2,
      HealthyAllocs: 2,
    });
    expect((await client.jobs.listDeployments('web', { all: true })).length).toBe(2);
    const latest = await client.jobs.latestDeployment('web');
    expect(latest?.JobVersion).toBe(1);
  });

  it('reads null as the latest deployment of a job without one', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: parameterizedJob() });
    expect(await client.jobs.latestDeployment('report')).toBeNull();
  });

  it('summarises allocations by group and children by status', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const summary = await client.jobs.summary('web');
    expect(summary).toMatchObject({ JobID: 'web', Namespace: 'default' });
    expect(summary.Summary?.frontend).toMatchObject({ Running: 2, Queued: 0 });
    await client.jobs.create({ Job: parameterizedJob() });
    await client.jobs.dispatch('report', { Meta: { customer: 'acme' } });
    expect((await client.jobs.summary('report')).Children).toMatchObject({ Running: 1 });
  });

  it('dispatches a parameterized job with a payload and meta', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: parameterizedJob() });
    expect(fake.allocations()).toHaveLength(0);
    const result = await client.jobs.dispatch('report', {
      Payload: new TextEncoder().encode('{"month":"may"}'),
      Meta: { customer: 'acme' },
    });
    expect(result.DispatchedJobID).toMatch(/^report\/dispatch-\d+-[0-9a-f]{8}$/);
    const child = await client.jobs.read(result.DispatchedJobID);
    expect(child).toMatchObject({ ParentID: 'report', Dispatched: true, Meta: { customer: 'acme' } });
    expect(atob(child.Payload ?? '')).toBe('{"month":"may"}');
    expect(fake.allocations().filter((alloc) => alloc.JobID === result.DispatchedJobID)).toHaveLength(1);
    await expect(client.jobs.dispatch('report', { Meta: { other: 'x' } })).rejects.toThrow(
      /required meta keys/,
    );
    await client.jobs.create({ Job: serviceJob() });
    await expect(client.jobs.dispatch('web')).rejects.toThrow(/not a parameterized job/);
  });

  it('dispatches through the standalone operation and core', async () => {
    const { fake } = await scheduler();
    const core = createSchedulerCore({ baseUrl: fake.url });
    fake.registerJob(parameterizedJob());
    const result = await dispatchJob(core, 'report', { Payload: btoa('hi'), Meta: { customer: 'x' } });
    expect((await readJob(core, result.DispatchedJobID)).Payload).toBe(btoa('hi'));
  });

  it('reverts to an earlier version as a new version, honouring the prior-version check', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await client.jobs.create({ Job: { ...serviceJob('web', 1), Meta: { v: '2' } } });
    await expect(client.jobs.revert('web', { JobVersion: 0, EnforcePriorVersion: 0 })).rejects.toThrow(
      /enforcing version 0/,
    );
    await expect(client.jobs.revert('web', { JobVersion: 1 })).rejects.toThrow(
      /can't revert to current version/,
    );
    const reverted = await client.jobs.revert('web', { JobVersion: 0, EnforcePriorVersion: 1 });
    expect(reverted.EvalID).toBeTruthy();
    const job = await client.jobs.read('web');
    expect(job.Version).toBe(2);
    expect(job.Meta).toBeNull();
    const sent = fake.requests.filter((request) => request.path === '/v1/job/web/revert').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ JobID: 'web', JobVersion: 0, EnforcePriorVersion: 1 });
  });

  it('marks versions stable', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob() });
    const { JobModifyIndex } = await client.jobs.setStability('web', { JobVersion: 0, Stable: true });
    expect(JobModifyIndex).toBeGreaterThan(0);
    expect((await client.jobs.read('web')).Stable).toBe(true);
    await expect(client.jobs.setStability('web', { JobVersion: 7, Stable: true })).rejects.toThrow(
      /no version 7/,
    );
  });

  it('evaluates a job, force-rescheduling failed allocations', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const [alloc] = fake.allocations();
    fake.setAllocationStatus(alloc?.ID ?? '', 'failed');
    const result = await client.jobs.evaluate('web', { EvalOptions: { ForceReschedule: true } });
    expect(result.EvalID).toBeTruthy();
    const allocs = await client.jobs.listAllocations('web');
    expect(allocs).toHaveLength(2);
    expect(allocs.find((item) => item.ID === alloc?.ID)?.NextAllocation).toBeTruthy();
    expect((await client.jobs.listEvaluations('web')).map((evaluation) => evaluation.TriggeredBy)).toContain(
      'job-eval',
    );
    await client.jobs.create({ Job: parameterizedJob() });
    await expect(client.jobs.evaluate('report')).rejects.toThrow(/parameterized/);
  });

  it('plans an update without changing anything', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const index = fake.index;
    const plan = await client.jobs.plan('web', { Job: serviceJob('web', 4), Diff: true });
    expect(plan.Annotations?.DesiredTGUpdates?.frontend).toMatchObject({ Place: 2, Ignore: 2 });
    expect(plan.Diff?.TaskGroups?.[0]?.Fields).toContainEqual(
      expect.objectContaining({ Name: 'Count', Old: '2', New: '4', Type: 'Edited' }),
    );
    expect(fake.index).toBe(index);
    expect((await client.jobs.read('web')).TaskGroups?.[0]?.Count).toBe(2);
    const fresh = await client.jobs.plan('new', { Job: serviceJob('new', 1) });
    expect(fresh.Diff).toBeNull();
    expect(fresh.JobModifyIndex).toBe(0);
  });

  it('reports placements that found no node', async () => {
    const { client } = await scheduler({ nodes: 0 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const [evaluation] = await client.jobs.listEvaluations('web');
    expect(evaluation?.QueuedAllocations).toEqual({ frontend: 2 });
    expect(evaluation?.FailedTGAllocs?.frontend).toBeDefined();
    expect((await client.jobs.summary('web')).Summary?.frontend?.Queued).toBe(2);
    expect((await client.jobs.read('web')).Status).toBe('pending');
    const plan = await client.jobs.plan('web', { Job: serviceJob('web', 3) });
    expect(plan.FailedTGAllocs?.frontend).toBeDefined();
  });

  it('parses job text into a job definition', async () => {
    const { client } = await scheduler();
    const job = await client.jobs.parse({
      JobHCL: `
        # a comment
        job "example" {
          type = "service"
          datacenters = ["dc1", "dc2"]
          group "cache" {
            count = 2
            network {
              port "db" { to = 6379 }
            }
            task "redis" {
              driver = "docker"
              kill_timeout = "20s"
              config {
                image = "redis:7"
                ports = ["db"]
              }
              env { MODE = "primary" }
              resources {
                cpu    = 500
                memory = 256
              }
            }
          }
        }`,
      Canonicalize: true,
    });
    expect(job).toMatchObject({
      ID: 'example',
      Name: 'example',
      Type: 'service',
      Priority: 50,
      Region: 'global',
    });
    expect(job.Datacenters).toEqual(['dc1', 'dc2']);
    const group = job.TaskGroups?.[0];
    expect(group).toMatchObject({ Name: 'cache', Count: 2 });
    expect(group?.Networks?.[0]?.DynamicPorts).toEqual([{ Label: 'db', Value: 0, To: 6379 }]);
    expect(group?.Tasks?.[0]).toMatchObject({
      Name: 'redis',
      Driver: 'docker',
      KillTimeout: 20_000_000_000,
      Config: { image: 'redis:7', ports: ['db'] },
      Env: { MODE: 'primary' },
      Resources: { CPU: 500, MemoryMB: 256 },
    });
    const bare = await client.jobs.parse({ JobHCL: 'job "x" {\n  type = "batch"\n}', HCLv1: true });
    expect(bare).toEqual({ ID: 'x', Name: 'x', Type: 'batch' });
    await expect(client.jobs.parse({ JobHCL: 'job "x" {\n  type = \n}' })).rejects.toThrow(/input.hcl:3/);
  });

  it('puts registration warnings into the metadata', async () => {
    const { fake } = await scheduler();
    const { createSchedulerClient } = await import('../src/index.js');
    const client = createSchedulerClient({
      baseUrl: fake.url,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json(
          { ...body, Warnings: 'Group "frontend" has no update block' },
          {
            status: response.status,
            headers: { 'X-Scheduler-Index': response.headers.get('X-Scheduler-Index') ?? '0' },
          },
        );
      },
    });
    const { meta } = await client.jobs.create({ Job: serviceJob() }).withMeta();
    expect(meta.warnings).toEqual(['Group "frontend" has no update block']);
  });
});
