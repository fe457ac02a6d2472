// The fake moves like a cluster: allocations start over time, blocking waits carry the service's random
// extra, unknown topics are refused, and an interactive shell runs until `exit N`.
import { describe, expect, it } from 'vitest';
import { BadRequestError, isTopic, type StreamEvent } from '../src/index.js';
import { clientOf, clocked, runUntilSettled, scheduler, serviceJob, until } from './support.js';

describe('a fake that moves like a cluster', () => {
  it('places allocations pending and runs them a little later', async () => {
    // Timed starts and health on the test clock: running after 100 ms, healthy 10 s (MinHealthyTime) later.
    const { client, clock } = await clocked({ allocationStartMs: 100 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const created = clock.now();
    expect((await client.jobs.listAllocations('web')).map((alloc) => alloc.ClientStatus)).toEqual([
      'pending',
      'pending',
    ]);
    // Nothing starts before its time.
    await clock.advanceTo(created + 99);
    expect((await client.jobs.read('web')).Status).toBe('pending');
    // The stream shows the steps in order, whenever the test reads them.
    const events: StreamEvent[] = [];
    const collecting = (async () => {
      for await (const event of client.events.stream({ topics: { Allocation: ['web'] }, clock })) {
        events.push(event);
        if (events.length === 4) break;
      }
    })();
    await runUntilSettled(clock, collecting);
    expect(
      events.map((event) =>
        isTopic(event, 'Allocation') ? `${event.Type}:${event.Payload?.Allocation?.ClientStatus}` : '',
      ),
    ).toEqual([
      'AllocationCreated:pending',
      'AllocationCreated:pending',
      'AllocationUpdated:running',
      'AllocationUpdated:running',
    ]);
    expect(events[2]?.Index).toBeGreaterThan(events[0]?.Index ?? 0);
    expect((await client.jobs.listAllocations('web')).map((alloc) => alloc.ClientStatus)).toEqual([
      'running',
      'running',
    ]);
    expect((await client.jobs.read('web')).Status).toBe('running');
    const following = (async () => {
      for await (const { data } of client.jobs.watchLatestDeployment('web', { clock })) {
        if (data?.Status !== 'running') return data;
      }
      return null;
    })();
    const deployment = await runUntilSettled(clock, following);
    expect(deployment?.Status).toBe('successful');
    expect(deployment?.TaskGroups?.frontend?.HealthyAllocs).toBe(2);
    expect(clock.now()).toBeGreaterThanOrEqual(created + 100 + 10_000);
  });

  it('lets a watch see each step in manual mode', async () => {
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const seen: string[] = [];
    for await (const { data } of client.jobs.watchAllocations('web', {
      wait: '5s',
      signal: AbortSignal.timeout(15_000),
    })) {
      const states = data.map((alloc) => alloc.ClientStatus ?? '').join(',');
      seen.push(states);
      if (seen.length === 1) {
        expect((await client.jobs.read('web')).Status).toBe('pending');
        expect((await client.jobs.latestDeployment('web'))?.TaskGroups?.frontend?.HealthyAllocs).toBe(0);
        fake.startPendingAllocations();
      }
      if (data.every((alloc) => alloc.ClientStatus === 'running')) break;
    }
    expect(seen).toEqual(['pending,pending', 'running,running']);
  });

  it('keeps allocations pending in manual mode until the test starts them', async () => {
    const { client, fake, clock } = await clocked({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    // However long the fake's clock runs, nothing starts by itself.
    await clock.advance(3_600_000);
    const [alloc] = await client.jobs.listAllocations('web');
    expect(alloc?.ClientStatus).toBe('pending');
    const session = await client.allocations.exec(alloc?.ID ?? '', { command: ['true'], task: 'server' });
    const refused = await session.exitCode.catch((caught: unknown) => caught);
    expect(BadRequestError.isInstance(refused), String(refused)).toBe(true);
    expect(fake.startPendingAllocations()).toBe(1);
    expect(fake.startPendingAllocations()).toBe(0);
    const running = await client.allocations.read(alloc?.ID ?? '');
    expect(running.ClientStatus).toBe('running');
    expect(running.TaskStates?.server?.State).toBe('running');
    expect(running.TaskStates?.server?.Events?.map((event) => event.Type)).toEqual([
      'Received',
      'Task Setup',
      'Started',
    ]);
    // A stop before the start wins: nothing starts afterwards.
    await client.jobs.update('web', { Job: serviceJob('web', 2) });
    const waiting = fake.allocations().find((item) => item.ClientStatus === 'pending');
    await client.allocations.stop(waiting?.ID ?? '');
    fake.startPendingAllocations();
    expect(fake.allocations().find((item) => item.ID === waiting?.ID)?.ClientStatus).toBe('complete');
  });

  it('adds up to wait/16 to blocking waits, within the client time limit', async () => {
    const { fake, clock } = await clocked();
    const client = clientOf(fake);
    const { meta } = await client.jobs.list().withMeta();
    const asked = clock.now();
    const results = Promise.allSettled(
      Array.from({ length: 6 }, () => client.jobs.list({ index: meta.index ?? 0, wait: 160_000 }).withMeta()),
    );
    // Each query waits on the fake's clock: its whole wait, and a random extra of at most wait/16.
    await until(() => clock.pending === 6);
    await clock.advanceTo(asked + 159_999);
    expect(clock.pending).toBe(6);
    await clock.advanceTo(asked + 160_000);
    expect(clock.pending).toBeGreaterThan(0);
    await clock.advanceTo(asked + 160_000 + 160_000 / 16);
    expect(clock.pending).toBe(0);
    // Every answer came within the client's limit (wait + wait/16 + margin): none timed out.
    for (const result of await results) {
      expect(result.status, String((result as PromiseRejectedResult).reason)).toBe('fulfilled');
    }
  });

  it('refuses an unknown event topic with 400', async () => {
    const { client } = await scheduler();
    const stream = client.events.stream({ topics: { Jobs: ['web'] } });
    const error = await stream.next().catch((caught: unknown) => caught);
    expect(BadRequestError.isInstance(error), String(error)).toBe(true);
    expect((error as BadRequestError).body).toContain('unknown topic "Jobs"');
  });

  it('runs an interactive /bin/sh until exit N, with a prompt on a terminal', async () => {
    const { client, fake } = await scheduler();
    fake.registerJob(serviceJob('web', 1));
    const allocId = fake.allocations()[0]?.ID ?? '';
    const tty = await client.allocations.exec(allocId, { command: ['/bin/sh'], task: 'server', tty: true });
    tty.write('ls /\r');
    tty.write('echo hello; echo oops >&2\n');
    tty.write('exit 3\n');
    const output = await new Response(tty.stdout).text();
    expect(await tty.exitCode).toBe(3);
    expect(output).toBe('$ exec: "ls": executable file not found in $PATH\n$ hello\noops\n$ ');
    const piped = await client.allocations.exec(allocId, { command: ['sh'], task: 'server' });
    piped.write('echo one\nfalse\n');
    piped.closeStdin();
    expect(await new Response(piped.stdout).text()).toBe('one\n');
    expect(await piped.exitCode).toBe(1);
    await until(() => fake.execSessions.length === 2);
  });
});
