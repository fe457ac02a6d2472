// The fake moves like a cluster: allocations start over time, blocking waits carry the service's random
// extra, unknown topics are refused, and an interactive shell runs until `exit N`.
import { describe, expect, it } from 'vitest';
import { BadRequestError, isTopic, type StreamEvent, TimeoutError } from '../src/index.js';
import { clientOf, scheduler, serviceJob, until } from './support.js';

describe('a fake that moves like a cluster', () => {
  it('places allocations pending and runs them a little later', async () => {
    // Timed starts and health, not the tests' deterministic ones: running after 100 ms, healthy 10 ms later.
    const { client } = await scheduler({ allocationStartMs: 100, timeScale: 0.001 });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    // The stream shows the steps in order, however fast the test runs.
    const events: StreamEvent[] = [];
    for await (const event of client.events.stream({ topics: { Allocation: ['web'] } })) {
      events.push(event);
      if (events.length === 4) break;
    }
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
    let deployment = await client.jobs.latestDeployment('web');
    for await (const { data } of client.jobs.watchLatestDeployment('web', {
      signal: AbortSignal.timeout(5_000),
    })) {
      deployment = data;
      if (data?.Status !== 'running') break;
    }
    expect(deployment?.Status).toBe('successful');
    expect(deployment?.TaskGroups?.frontend?.HealthyAllocs).toBe(2);
  });

  it('lets a watch see each step in manual mode', async () => {
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const seen: string[] = [];
    for await (const { data } of client.jobs.watchAllocations('web', {
      wait: '5s',
      signal: AbortSignal.timeout(5_000),
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
    const { client, fake } = await scheduler({ allocationStartMs: 'manual' });
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await new Promise((resolve) => setTimeout(resolve, 100));
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
    const { fake } = await scheduler();
    // A margin well above scheduling noise: the limit under test is wait + wait/16, not the machine's speed.
    const client = clientOf(fake, { blockingMargin: 1_000 });
    const { meta } = await client.jobs.list().withMeta();
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => client.jobs.list({ index: meta.index ?? 0, wait: 1_600 }).withMeta()),
    );
    const elapsed = Date.now() - started;
    for (const result of results) {
      expect(result.status, String((result as PromiseRejectedResult).reason)).toBe('fulfilled');
    }
    expect(results.some((result) => TimeoutError.isInstance((result as PromiseRejectedResult).reason))).toBe(
      false,
    );
    // Every answer came within the client's limit (wait + wait/16 + margin): none timed out.
    expect(elapsed).toBeGreaterThanOrEqual(1_600);
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
