// A node drain followed to its end over HTTP, on the test clock: each allocation's migration is told
// once, the call resolves when the fake's drainer completes the drain, rejects when it is canceled,
// and an abort ends it without leaving a request behind.
import { describe, expect, it } from 'vitest';
import { AbortError, type DrainMigration, InfraSdkError, NotFoundError } from '../src/index.js';
import { clocked, runUntilSettled, serviceJob } from './support.js';

describe('nodes.followDrain', () => {
  it('tells each migration and resolves when the node is drained', async () => {
    const { client, clock, fake } = await clocked({ allocationStartMs: 20 });
    await client.jobs.create({ Job: { ...serviceJob('web', 4), Type: 'batch' } });
    await clock.advance(20);
    const [drained] = fake.nodes();
    const id = drained?.ID ?? '';
    const onNode = fake
      .allocations()
      .filter((alloc) => alloc.NodeID === id)
      .map((alloc) => alloc.ID);
    expect(onNode.length).toBeGreaterThan(0);
    await client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } });
    const started = clock.now();
    const migrations: DrainMigration[] = [];
    const states: boolean[] = [];
    const node = await runUntilSettled(
      clock,
      client.nodes.followDrain(id, {
        clock,
        onMigration: (migration) => migrations.push(migration),
        onNode: (state) => states.push(state.Drain ?? false),
      }),
    );
    expect(node).toMatchObject({ Drain: false, DrainStrategy: null, SchedulingEligibility: 'ineligible' });
    expect(node.LastDrain?.Status).toBe('complete');
    // The fake's drainer looks a second after the drain started.
    expect(clock.now()).toBeGreaterThanOrEqual(started + 1_000);
    expect(states[0]).toBe(true);
    expect(states.at(-1)).toBe(false);
    const told = migrations.map((migration) => `${migration.allocation.ID} ${migration.status}`);
    expect(told.sort()).toEqual(onNode.flatMap((alloc) => [`${alloc} migrating`, `${alloc} stopped`]).sort());
    // Once over, a node whose last drain completed resolves at once.
    expect((await client.nodes.followDrain(id, { clock })).ID).toBe(id);
  });

  it('rejects when the drain is canceled, and when the node is not draining', async () => {
    const { client, clock, fake } = await clocked();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const [node, other] = fake.nodes();
    const id = node?.ID ?? '';
    await client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } });
    const following = client.nodes.followDrain(id, {
      clock,
      onNode: (state) => {
        if (state.Drain) void client.nodes.drain(id, { DrainSpec: null });
      },
    });
    const error = await runUntilSettled(clock, following).catch((caught: unknown) => caught);
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(`The drain of node ${id} was canceled before it completed`);
    const never = await runUntilSettled(clock, client.nodes.followDrain(other?.ID ?? '', { clock })).catch(
      (caught: unknown) => caught,
    );
    expect((never as Error).message).toBe(
      `Node ${other?.ID} is not draining, and its last drain did not complete`,
    );
    const missing = await runUntilSettled(
      clock,
      client.nodes.followDrain('00000000-0000-4000-8000-000000000000', { clock }),
    ).catch((caught: unknown) => caught);
    expect(NotFoundError.isInstance(missing)).toBe(true);
  });

  it('ends on abort with AbortError, leaving the drain as it is', async () => {
    const { client, clock, fake } = await clocked();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const [node] = fake.nodes();
    const id = node?.ID ?? '';
    await client.nodes.drain(id, { DrainSpec: { Deadline: '1h' } });
    const controller = new AbortController();
    const following = client.nodes.followDrain(id, {
      clock,
      signal: controller.signal,
      onNode: (state) => {
        if (state.Drain) controller.abort();
      },
    });
    const error = await runUntilSettled(clock, following).catch((caught: unknown) => caught);
    expect(AbortError.isInstance(error)).toBe(true);
    // Both reads ended: time passing sends nothing more.
    const sent = fake.requests.length;
    await clock.advance(600_000);
    expect(fake.requests.length).toBe(sent);
  });
});
