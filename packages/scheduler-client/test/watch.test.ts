import type { ApiResult } from '@infra-sdk/core';
import { delayed, startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createSchedulerClient,
  createSchedulerCore,
  type SchedulerClient,
  TimeoutError,
  watchJob,
} from '../src/index.js';
import { clientOf, scheduler, serviceJob, validationError } from './support.js';

/** Takes the first `count` snapshots of a watch, then aborts it. */
async function take<T>(
  start: (signal: AbortSignal) => AsyncGenerator<ApiResult<T>, void, undefined>,
  count: number,
  between: (taken: number) => Promise<unknown> = async () => undefined,
): Promise<ApiResult<T>[]> {
  const controller = new AbortController();
  const snapshots: ApiResult<T>[] = [];
  for await (const snapshot of start(controller.signal)) {
    snapshots.push(snapshot);
    if (snapshots.length === count) controller.abort();
    else await between(snapshots.length);
  }
  return snapshots;
}

describe('blocking queries and watches', () => {
  it('sees a change made by another client', async () => {
    const { fake, client } = await scheduler();
    const other = clientOf(fake);
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const snapshots = await take(
      (signal) => client.jobs.watch('web', { signal, wait: '30s' }),
      2,
      () => other.jobs.update('web', { Job: serviceJob('web', 2) }),
    );
    expect(snapshots.map((snapshot) => snapshot.data.TaskGroups?.[0]?.Count)).toEqual([1, 2]);
    expect(snapshots[1]?.meta.index).toBeGreaterThan(snapshots[0]?.meta.index ?? 0);
    const blocked = fake.requests.filter((request) => request.query.get('index') !== null).at(-1);
    expect(blocked?.query.get('wait')).toBe('30s');
    expect(blocked?.query.get('index')).toBe(String(snapshots[0]?.meta.index));
  });

  it('blocks a single read on an index until a change', async () => {
    const { fake, client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const { meta } = await client.jobs.list().withMeta();
    const pending = client.jobs
      .list({ index: meta.index ?? 0, wait: 20_000, consistency: 'stale' })
      .withMeta();
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const next = await pending;
    expect(next.data.map((job) => job.ID)).toEqual(['api', 'web']);
    expect(next.meta.index).toBeGreaterThan(meta.index ?? 0);
    const sent = fake.requests
      .filter((request) => request.method === 'GET' && request.path === '/v1/jobs')
      .at(-1);
    expect(sent?.query.get('stale')).toBe('true');
    expect(sent?.query.get('wait')).toBe('20s');
  });

  it('gives every blocking endpoint a watch', async () => {
    const { fake, client } = await scheduler({ nodes: 1 });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const nodeId = fake.nodes()[0]?.ID ?? '';
    const allocId = fake.allocations()[0]?.ID ?? '';
    const first = async <T>(start: (signal: AbortSignal) => AsyncGenerator<ApiResult<T>, void, undefined>) =>
      (await take(start, 1))[0]?.data;
    const c: SchedulerClient = client;
    expect(await first((signal) => c.jobs.watchList({ signal }))).toHaveLength(1);
    expect(
      (await first((signal) => c.jobs.watchVersions('web', { signal, diffs: true })))?.Versions,
    ).toHaveLength(1);
    expect(await first((signal) => c.jobs.watchAllocations('web', { signal }))).toHaveLength(1);
    expect(await first((signal) => c.jobs.watchEvaluations('web', { signal }))).toHaveLength(1);
    expect(await first((signal) => c.jobs.watchDeployments('web', { signal }))).toHaveLength(1);
    expect((await first((signal) => c.jobs.watchLatestDeployment('web', { signal })))?.JobID).toBe('web');
    expect((await first((signal) => c.jobs.watchSummary('web', { signal })))?.JobID).toBe('web');
    expect(await first((signal) => c.nodes.watchList({ signal }))).toHaveLength(1);
    expect((await first((signal) => c.nodes.watch(nodeId, { signal })))?.ID).toBe(nodeId);
    expect(await first((signal) => c.nodes.watchAllocations(nodeId, { signal }))).toHaveLength(1);
    expect(await first((signal) => c.allocations.watchList({ signal }))).toHaveLength(1);
    expect((await first((signal) => c.allocations.watch(allocId, { signal })))?.ID).toBe(allocId);
    expect(await first((signal) => c.allocations.watchServices(allocId, { signal }))).toHaveLength(1);
  });

  it('follows allocations as they are stopped and replaced', async () => {
    const { fake, client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const snapshots = await take(
      (signal) => client.allocations.watch(id, { signal, wait: 10_000 }),
      2,
      () => client.allocations.stop(id),
    );
    expect(snapshots.map((snapshot) => snapshot.data.DesiredStatus)).toEqual(['run', 'stop']);
  });

  it('starts after a given index with the standalone watch', async () => {
    const { fake, client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const core = createSchedulerCore({ baseUrl: fake.url });
    const index = (await client.jobs.read('web').withMeta()).meta.index ?? 0;
    const controller = new AbortController();
    const watching = (async () => {
      for await (const { data } of watchJob(core, 'web', { index, signal: controller.signal, wait: '5s' })) {
        controller.abort();
        return data.Meta;
      }
      return undefined;
    })();
    await client.jobs.update('web', { Job: { ...serviceJob('web', 1), Meta: { v: '2' } } });
    expect(await watching).toEqual({ v: '2' });
  });

  it('refuses a wait above 10 minutes and a bad index before sending', async () => {
    const { fake, client } = await scheduler();
    const before = fake.requests.length;
    const error = await validationError(client.jobs.list({ wait: '11m' }));
    expect(error.issues[0]?.path).toBe('wait');
    await validationError(client.nodes.list({ wait: 600_001 }));
    await validationError(client.allocations.list({ index: -1 }));
    await validationError(client.jobs.read('web', { wait: 'soon' }));
    const watch = client.jobs.watchList({ wait: '1h' });
    await validationError(watch.next());
    expect(fake.requests.length).toBe(before);
    expect(await client.jobs.list({ wait: '10m', index: 0 })).toEqual([]);
  });

  it('refuses a negative wait and a consistency mode the scheduler lacks before sending', async () => {
    const { fake, client } = await scheduler();
    const before = fake.requests.length;
    const negative = await validationError(client.jobs.list({ index: 3, wait: -1 }));
    expect(negative.issues[0]?.path).toBe('wait');
    const node = await validationError(
      client.nodes.read('6f1c7a52-2d4b-4c8e-9a51-0c3e4a9b7d21', { index: 1, wait: '-5s' }),
    );
    expect(node.issues[0]?.path).toBe('wait');
    await validationError(watchJob(client.core, 'web', { wait: -1_000 }).next());
    const consistent = await validationError(
      // @ts-expect-error the scheduler has no `consistent` mode
      client.allocations.list({ consistency: 'consistent' }),
    );
    expect(consistent.issues[0]?.path).toBe('consistency');
    expect(fake.requests.length).toBe(before);
  });

  it('gives a read with an index and no wait the default wait and its time limit', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    // Answers later than the plain per-attempt limit of the client, as a blocked query does. The
    // client's limit starts before the server's delay and is shorter: it always runs out first.
    server.route(
      'GET',
      '/v1/job/:job_id',
      delayed(100, (_req, res) => res.json(200, { ID: 'web' }, { 'X-Scheduler-Index': '9' })),
    );
    const sentUrls: URL[] = [];
    const client = createSchedulerClient({
      baseUrl: server.url,
      timeout: 20,
      retry: false,
      hooks: { onRequest: ({ url }) => void sentUrls.push(new URL(url)) },
    });
    const { data, meta } = await client.jobs.read('web', { index: 8 }).withMeta();
    expect(data.ID).toBe('web');
    expect(meta.index).toBe(9);
    const sent = server.requests.at(-1);
    expect(sent?.query.get('index')).toBe('8');
    expect(sent?.query.get('wait')).toBe('300s');
    // A zero wait means the service's default too.
    await client.jobs.read('web', { index: 8, wait: 0 });
    expect(server.requests.at(-1)?.query.get('wait')).toBe('300s');
    // Without an index nothing blocks: the plain limit holds (the attempt may end before it arrives).
    const plain = await client.jobs.read('web').catch((caught: unknown) => caught);
    expect(TimeoutError.isInstance(plain), String(plain)).toBe(true);
    expect((plain as TimeoutError).timeoutMs).toBe(20);
    expect(sentUrls.at(-1)?.searchParams.has('wait')).toBe(false);
    expect(sentUrls.at(-1)?.searchParams.has('index')).toBe(false);
  });

  it('limits a blocking attempt to wait + wait/16 + the margin', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    server.route('GET', '/v1/jobs', (_req, res) => res.hang());
    const client = createSchedulerClient({
      baseUrl: server.url,
      timeout: 10,
      blockingMargin: 40,
      retry: false,
    });
    const error = await client.jobs.list({ index: 3, wait: 32 }).catch((caught: unknown) => caught);
    expect(TimeoutError.isInstance(error), String(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(32 + 32 / 16 + 40);
  });
});
