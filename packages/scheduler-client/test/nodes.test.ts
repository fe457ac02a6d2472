import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../src/index.js';
import { scheduler, serviceJob } from './support.js';

describe('nodes', () => {
  it('lists nodes, by even-length hex prefix too', async () => {
    const { client, fake } = await scheduler({ nodes: 3 });
    const nodes = await client.nodes.list();
    expect(nodes).toHaveLength(3);
    expect(nodes[0]).toMatchObject({
      Status: 'ready',
      SchedulingEligibility: 'eligible',
      Drain: false,
      Datacenter: 'dc1',
    });
    const first = fake.nodes()[0]?.ID ?? '';
    const byPrefix = await client.nodes.list({ prefix: first.slice(0, 8) });
    expect(byPrefix.map((node) => node.ID)).toContain(first);
  });

  it('reads a node with its events, resources and drivers', async () => {
    const { client, fake } = await scheduler();
    const id = fake.nodes()[0]?.ID ?? '';
    const node = await client.nodes.read(id);
    expect(node.ID).toBe(id);
    expect(node.Events?.[0]).toMatchObject({ Message: 'Node registered', Subsystem: 'Cluster' });
    expect(node.NodeResources?.Cpu?.CpuShares).toBeGreaterThan(0);
    expect(node.Drivers?.mock?.Healthy).toBe(true);
    await expect(client.nodes.read('00000000-0000-4000-8000-000000000000')).rejects.toSatisfy(
      (error: unknown) => NotFoundError.isInstance(error),
    );
  });

  it('lists the allocations of a node', async () => {
    const { client, fake } = await scheduler({ nodes: 1 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const id = fake.nodes()[0]?.ID ?? '';
    const allocs = await client.nodes.listAllocations(id);
    expect(allocs).toHaveLength(2);
    expect(allocs[0]?.Job?.ID).toBe('web');
  });

  it('evaluates a node', async () => {
    const { client, fake } = await scheduler({ nodes: 1 });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.nodes()[0]?.ID ?? '';
    const result = await client.nodes.evaluate(id);
    expect(result.EvalIDs).toHaveLength(1);
    expect(result).toMatchObject({ NumNodes: 1, KnownLeader: true, LeaderRPCAddr: '127.0.0.1:4647' });
    expect(result.Servers?.[0]?.RPCMajorVersion).toBe(1);
  });

  it('drains a node: allocations migrate, the node turns ineligible, and the drain can end', async () => {
    const { client, fake } = await scheduler({ nodes: 2 });
    await client.jobs.create({ Job: serviceJob('web', 4) });
    const [drained, other] = fake.nodes();
    const drainedId = drained?.ID ?? '';
    const result = await client.nodes.drain(drainedId, {
      DrainSpec: { Deadline: '1h', IgnoreSystemJobs: true },
      Meta: { reason: 'kernel upgrade' },
    });
    expect(result.EvalIDs).toHaveLength(1);
    expect(result.NodeModifyIndex).toBe(result.Index);
    const node = await client.nodes.read(drainedId);
    expect(node).toMatchObject({ Drain: true, SchedulingEligibility: 'ineligible' });
    expect(node.DrainStrategy).toMatchObject({ Deadline: 3_600_000_000_000, IgnoreSystemJobs: true });
    expect(node.Events?.map((event) => event.Message)).toContain('Node drain strategy set');
    const live = (await client.nodes.listAllocations(drainedId)).filter(
      (alloc) => alloc.DesiredStatus === 'run',
    );
    expect(live).toHaveLength(0);
    const moved = (await client.nodes.listAllocations(other?.ID ?? '')).filter(
      (alloc) => alloc.DesiredStatus === 'run',
    );
    expect(moved).toHaveLength(4);
    const migrated = (await client.nodes.listAllocations(drainedId))[0];
    expect(migrated?.DesiredTransition?.Migrate).toBe(true);
    expect(migrated?.NextAllocation).toBeTruthy();
    const sent = fake.requests.find((request) => request.path.endsWith('/drain'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      DrainSpec: { Deadline: 3_600_000_000_000, IgnoreSystemJobs: true },
      Meta: { reason: 'kernel upgrade' },
    });

    await client.nodes.drain(drainedId, { DrainSpec: null, MarkEligible: true });
    expect(await client.nodes.read(drainedId)).toMatchObject({
      Drain: false,
      DrainStrategy: null,
      SchedulingEligibility: 'eligible',
    });
    await client.nodes.drain(drainedId, {});
    expect((await client.nodes.read(drainedId)).Drain).toBe(false);
  });

  it('completes a drain, leaving the node ineligible', async () => {
    const { client, fake } = await scheduler({ nodes: 1 });
    const id = fake.nodes()[0]?.ID ?? '';
    await client.nodes.drain(id, { DrainSpec: { Deadline: 0 } });
    fake.completeDrain(id);
    const node = await client.nodes.read(id);
    expect(node).toMatchObject({ Drain: false, DrainStrategy: null, SchedulingEligibility: 'ineligible' });
    expect(node.Events?.at(-1)?.Message).toBe('Node drain complete');
  });

  it('toggles eligibility, places waiting work when a node turns eligible, and refuses it while draining', async () => {
    const { client, fake } = await scheduler({ nodes: 1 });
    const id = fake.nodes()[0]?.ID ?? '';
    const result = await client.nodes.setEligibility(id, { Eligibility: 'ineligible' });
    expect(result.EvalIDs).toBeNull();
    expect((await client.nodes.read(id)).SchedulingEligibility).toBe('ineligible');
    await client.jobs.create({ Job: serviceJob('web', 1) });
    expect(await client.jobs.listAllocations('web')).toHaveLength(0);
    await client.nodes.setEligibility(id, { Eligibility: 'eligible' });
    expect(await client.jobs.listAllocations('web')).toHaveLength(1);
    expect((await client.jobs.read('web')).Status).toBe('running');
    await client.nodes.drain(id, { DrainSpec: { Deadline: '10m' } });
    await expect(client.nodes.setEligibility(id, { Eligibility: 'eligible' })).rejects.toSatisfy(
      (error: unknown) => BadRequestError.isInstance(error),
    );
  });

  it('purges a node: its allocations are lost and replaced, and it can rejoin', async () => {
    const { client, fake } = await scheduler({ nodes: 2 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const gone = fake.nodes()[0];
    const goneId = gone?.ID ?? '';
    const onGone = fake.allocations().filter((alloc) => alloc.NodeID === goneId).length;
    const result = await client.nodes.purge(goneId);
    expect(result.NumNodes).toBe(1);
    expect(result.EvalIDs?.length ?? 0).toBe(onGone > 0 ? 1 : 0);
    expect((await client.nodes.list()).map((node) => node.ID)).not.toContain(goneId);
    const lost = fake.allocations().filter((alloc) => alloc.NodeID === goneId);
    expect(lost.every((alloc) => alloc.ClientStatus === 'lost')).toBe(true);
    expect((await client.jobs.summary('web')).Summary?.frontend?.Running).toBe(2);
    await expect(client.nodes.read(goneId)).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    fake.addNode({ id: goneId, name: 'rejoined' });
    expect((await client.nodes.read(goneId)).Name).toBe('rejoined');
  });
});
