// The fake's blocking queries move whenever what an endpoint returns changes: a job's summary and the
// job list when allocations start, fail or stop; a deployment when its allocations turn healthy; a
// node's allocations when they change; the scale status when a group scales or its allocations run.
// Each test watches one endpoint and makes the changes one at a time: a watch that missed one would
// wait out its whole `wait` and the test would time out.
import type { ApiResult } from '@infra-sdk/core';
import { describe, expect, it } from 'vitest';
import { releaseJob, scheduler, serviceJob } from './support.js';

/**
 * The watch's snapshots, mapped by `view`: after each one the next of `changes` runs, and the watch
 * ends after the last. A watch that does not wake for a change fails the test.
 */
async function follow<T, V>(
  watch: (signal: AbortSignal) => AsyncGenerator<ApiResult<T>, void, undefined>,
  view: (data: T) => V,
  changes: readonly (() => unknown)[],
): Promise<V[]> {
  const controller = new AbortController();
  const timeout = AbortSignal.timeout(15_000);
  const seen: V[] = [];
  let step = 0;
  for await (const { data } of watch(AbortSignal.any([controller.signal, timeout]))) {
    seen.push(view(data));
    const change = changes[step];
    step += 1;
    if (change === undefined) controller.abort();
    else await change();
  }
  if (timeout.aborted) throw new Error(`the watch missed a change; it saw ${JSON.stringify(seen)}`);
  return seen;
}

describe('blocking indexes of the fake', () => {
  it('moves a job summary when its allocations start, fail and stop', async () => {
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const counts = await follow(
      (signal) => client.jobs.watchSummary('web', { signal, wait: '1m' }),
      (summary) => {
        const group = summary.Summary?.frontend;
        return `starting ${group?.Starting} running ${group?.Running} failed ${group?.Failed} complete ${group?.Complete}`;
      },
      [
        () => fake.startPendingAllocations(),
        () => fake.setAllocationStatus(fake.allocations()[0]?.ID ?? '', 'failed'),
        () => client.allocations.stop(fake.allocations()[1]?.ID ?? ''),
      ],
    );
    expect(counts).toEqual([
      'starting 2 running 0 failed 0 complete 0',
      'starting 0 running 2 failed 0 complete 0',
      'starting 0 running 1 failed 1 complete 0',
      // The stopped allocation is complete; its replacement waits to start.
      'starting 1 running 0 failed 1 complete 1',
    ]);
  });

  it('moves the job list when allocations start, since its stubs carry the summaries', async () => {
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const running = await follow(
      (signal) => client.jobs.watchList({ signal, wait: '1m' }),
      (jobs) => jobs[0]?.JobSummary?.Summary?.frontend?.Running,
      [() => fake.startPendingAllocations()],
    );
    expect(running).toEqual([0, 1]);
  });

  it('moves a deployment and its allocations when allocations turn healthy', async () => {
    const { client } = await scheduler({ timeScale: 1 });
    await client.jobs.create({ Job: releaseJob('1', { HealthCheck: 'manual' }, { count: 2 }) });
    const deployment = await client.jobs.latestDeployment('web');
    const id = deployment?.ID ?? '';
    const ids = (await client.deployments.listAllocations(id)).map((alloc) => alloc.ID);
    const healthy = await follow(
      (signal) => client.deployments.watch(id, { signal, wait: '1m' }),
      (state) => `${state.Status} ${state.TaskGroups?.frontend?.HealthyAllocs}`,
      ids.map((alloc) => () => client.deployments.setAllocationHealth(id, { HealthyAllocationIDs: [alloc] })),
    );
    expect(healthy).toEqual(['running 0', 'running 1', 'successful 2']);
    const health = await client.deployments.listAllocations(id);
    expect(health.map((alloc) => alloc.DeploymentStatus?.Healthy)).toEqual([true, true]);
  });

  it("moves a node's allocations when they change", async () => {
    const { client, fake } = await scheduler({ nodes: 1, allocationStartMs: 'manual' });
    const node = fake.nodes()[0]?.ID ?? '';
    const states = await follow(
      (signal) => client.nodes.watchAllocations(node, { signal, wait: '1m' }),
      (allocs) => allocs.map((alloc) => alloc.ClientStatus).join(',') || 'none',
      [
        () => client.jobs.create({ Job: serviceJob('web', 1) }),
        () => fake.startPendingAllocations(),
        () => client.jobs.deregister('web'),
      ],
    );
    expect(states).toEqual(['none', 'pending', 'running', 'complete']);
  });

  it('moves the scale status when a group scales and when its allocations run', async () => {
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const groups = await follow(
      (signal) => client.jobs.watchScaleStatus('web', { signal, wait: '1m' }),
      (status) => {
        const group = status.TaskGroups?.frontend;
        return `desired ${group?.Desired} placed ${group?.Placed} running ${group?.Running} events ${group?.Events?.length ?? 0}`;
      },
      [
        () => fake.startPendingAllocations(),
        () => client.jobs.scale('web', { Group: 'frontend', Count: 2, Message: 'more' }),
        () => client.jobs.scale('web', { Group: 'frontend', Message: 'a note only' }),
      ],
    );
    expect(groups).toEqual([
      'desired 1 placed 1 running 0 events 0',
      'desired 1 placed 1 running 1 events 0',
      'desired 2 placed 2 running 1 events 1',
      'desired 2 placed 2 running 1 events 2',
    ]);
  });
});
