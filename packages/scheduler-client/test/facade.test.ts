// The grouped client is the standalone operations with the core applied: both forms send the same
// request, and the group members renamed to the shared names still answer under their old ones.
import { describe, expect, it } from 'vitest';
import {
  createJob,
  drainNode,
  listAllocationServices,
  listAllocations,
  listJobs,
  readJob,
  readNode,
  type SchedulerClient,
} from '../src/index.js';
import type { FakeScheduler } from '../src/testing/index.js';
import { clientOf, fakeScheduler, serviceJob } from './support.js';

/** What identifies a request on the wire: method, path, query, body and the headers the client sets. */
function wire(fake: FakeScheduler, count: number) {
  return fake.requests.slice(-count).map((request) => ({
    method: request.method,
    path: request.path,
    query: [...request.query].sort(([a], [b]) => a.localeCompare(b)),
    body: request.body,
    token: request.headers['x-scheduler-token'],
    tag: request.headers['x-request-tag'],
  }));
}

/** Runs `grouped` then `standalone` and returns the requests each sent. */
async function both(
  fake: FakeScheduler,
  grouped: () => Promise<unknown>,
  standalone: () => Promise<unknown>,
): Promise<[ReturnType<typeof wire>, ReturnType<typeof wire>]> {
  let before = fake.requests.length;
  await grouped();
  const fromGroup = wire(fake, fake.requests.length - before);
  before = fake.requests.length;
  await standalone();
  return [fromGroup, wire(fake, fake.requests.length - before)];
}

async function started(): Promise<{ fake: FakeScheduler; client: SchedulerClient; allocId: string }> {
  const fake = await fakeScheduler({ nodes: 1 });
  const client = clientOf(fake, { token: 'facade-token', namespace: 'default', region: 'global' });
  await client.jobs.create({ Job: serviceJob('web', 1) });
  return { fake, client, allocId: fake.allocations()[0]?.ID ?? '' };
}

describe('the façade and the standalone functions', () => {
  it('send the same request, options and blocking query included', async () => {
    const { fake, client, allocId } = await started();
    const core = client.core;
    const nodeId = fake.nodes()[0]?.ID ?? '';
    const index = (await client.jobs.list().withMeta()).meta.index ?? 0;
    const listing = {
      prefix: 'we',
      index: index - 1,
      wait: '2s',
      consistency: 'stale',
      headers: { 'X-Request-Tag': 'a' },
    } as const;
    const pairs: [() => Promise<unknown>, () => Promise<unknown>][] = [
      [() => client.jobs.list(listing), () => listJobs(core, listing)],
      [
        () => client.jobs.read('web', { namespace: 'default' }),
        () => readJob(core, 'web', { namespace: 'default' }),
      ],
      [
        () => client.jobs.create({ Job: serviceJob('api', 1) }, { region: 'global' }),
        () => createJob(core, { Job: serviceJob('api', 1) }, { region: 'global' }),
      ],
      [
        () => client.allocations.list({ per_page: 1, reverse: true }),
        () => listAllocations(core, { per_page: 1, reverse: true }),
      ],
      [() => client.allocations.listServices(allocId), () => listAllocationServices(core, allocId)],
      [() => client.nodes.read(nodeId, { pretty: true }), () => readNode(core, nodeId, { pretty: true })],
      [
        () => client.nodes.drain(nodeId, { DrainSpec: { Deadline: '1h' } }),
        () => drainNode(core, nodeId, { DrainSpec: { Deadline: '1h' } }),
      ],
    ];
    for (const [grouped, standalone] of pairs) {
      const [fromGroup, fromFunction] = await both(fake, grouped, standalone);
      expect(fromGroup.length).toBeGreaterThan(0);
      expect(fromFunction).toEqual(fromGroup);
    }
    const [blocked] = await both(
      fake,
      () => client.jobs.list(listing),
      () => listJobs(core, listing),
    );
    expect(blocked[0]?.query).toEqual([
      ['index', String(index - 1)],
      ['namespace', 'default'],
      ['prefix', 'we'],
      ['region', 'global'],
      ['stale', 'true'],
      ['wait', '2s'],
    ]);
    expect(blocked[0]?.token).toBe('facade-token');
    expect(blocked[0]?.tag).toBe('a');
  });
});
