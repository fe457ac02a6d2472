// Every list pages and filters as the service allows: `per_page`, `next_token` and `filter` on jobs,
// nodes, deployments and allocations, each with its `iterate…` form that follows the next-page token.
import { describe, expect, it } from 'vitest';
import { iterateJobs, iterateNodes } from '../src/index.js';
import { scheduler, serviceJob } from './support.js';

describe('paged and filtered lists', () => {
  it('pages and filters jobs, and iterates over every page', async () => {
    const { client } = await scheduler();
    for (const id of ['api', 'batch', 'cache', 'db', 'web']) {
      await client.jobs.create({ Job: serviceJob(id, 1) });
    }
    await client.jobs.create({ Job: { ...serviceJob('team-web', 1), Namespace: 'team' } });
    const first = await client.jobs.list({ per_page: 2 }).withMeta();
    expect(first.data.map((job) => job.ID)).toEqual(['api', 'batch']);
    const second = await client.jobs.list({ per_page: 2, next_token: first.meta.nextToken }).withMeta();
    expect(second.data.map((job) => job.ID)).toEqual(['cache', 'db']);
    const last = await client.jobs.list({ per_page: 2, next_token: second.meta.nextToken }).withMeta();
    expect(last.data.map((job) => job.ID)).toEqual(['web']);
    expect(last.meta.nextToken).toBeUndefined();

    const filter = 'ID matches "^(api|web)$"';
    expect((await client.jobs.list({ filter })).map((job) => job.ID)).toEqual(['api', 'web']);
    const pages: string[][] = [];
    for await (const page of client.jobs.iterate({ per_page: 2, namespace: '*' }).pages()) {
      pages.push(page.items.map((job) => job.ID));
    }
    expect(pages).toEqual([
      ['api', 'batch'],
      ['cache', 'db'],
      ['team-web', 'web'],
    ]);
    const running = await iterateJobs(client.core, { filter: 'Status == "running"' }).toArray();
    expect(running).toHaveLength(5);
    // The request carried each option under its wire name.
    const sent = await client.jobs.list({ per_page: 3, filter: 'Type == "service"', prefix: 'a' }).withMeta();
    expect(sent.data.map((job) => job.ID)).toEqual(['api']);
  });

  it('pages and filters nodes, with their resources on request', async () => {
    const { client, fake } = await scheduler({ nodes: 5 });
    const ids = fake
      .nodes()
      .map((node) => node.ID)
      .sort();
    const first = await client.nodes.list({ per_page: 2 }).withMeta();
    expect(first.data.map((node) => node.ID)).toEqual(ids.slice(0, 2));
    expect(first.data[0]?.NodeResources).toBeUndefined();
    const all = await client.nodes.iterate({ per_page: 2, resources: true }).toArray();
    expect(all.map((node) => node.ID)).toEqual(ids);
    expect(all[0]?.NodeResources?.Cpu?.CpuShares).toBeGreaterThan(0);
    await client.nodes.drain(ids[0] ?? '', { DrainSpec: { Deadline: '1h' } });
    const draining = await iterateNodes(client.core, { filter: 'Drain == true' }).toArray();
    expect(draining.map((node) => node.ID)).toEqual([ids[0]]);
    const byPage = await client.nodes.list({ per_page: 4, next_token: first.meta.nextToken });
    expect(byPage.map((node) => node.ID)).toEqual(ids.slice(2));
  });
});
