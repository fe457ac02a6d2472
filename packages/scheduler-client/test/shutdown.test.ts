// After `close()` (or the end of an `await using` block) nothing of the fake holds the event loop: not
// its server, not the connections of its clients, not the blocking queries, event streams and exec
// sessions it was serving, and not the waits of what was still to come (starts, health and progress
// deadlines, heartbeats).
import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import { armTimers, expectNothingLeftOpen, openHandles } from '../../../test-support/open-handles.js';
import { createSchedulerClient, type SchedulerClient } from '../src/index.js';
import { type FakeScheduler, startFakeScheduler } from '../src/testing/index.js';
import { releaseJob, serviceJob, until } from './support.js';

/**
 * Opens on `fake` what keeps a fake busy: a rollout with its deadlines ahead, a blocking query, an
 * event stream and an exec session that wait. Returns what settles once the fake is gone.
 */
async function busy(
  fake: FakeScheduler,
  client: SchedulerClient,
  stop: AbortSignal,
): Promise<Promise<unknown>[]> {
  fake.registerJob(serviceJob('shell', 1));
  fake.registerJob({ ...releaseJob('1', { MinHealthyTime: '1h' }), ID: 'rollout' });
  const blocked = client.jobs.list({ index: fake.index, wait: '5m' }).catch((error: unknown) => error);
  const stream = client.events.stream({ index: 'now', signal: stop });
  const streaming = stream.next().catch((error: unknown) => error);
  const allocId = fake.allocations().find((alloc) => alloc.JobID === 'shell')?.ID ?? '';
  const session = await client.allocations.exec(allocId, { command: ['cat'], task: 'server' });
  const exited = session.exitCode.catch((error: unknown) => error);
  await until(
    () => fake.execSessions.length === 1 && fake.requests.some((r) => r.path === '/v1/event/stream'),
  );
  return [blocked, streaming, exited];
}

describe('closing the fake', () => {
  it('leaves nothing holding the event loop, whatever it was serving', async () => {
    // What holds the event loop (`process.getActiveResourcesInfo()`), and each timer made from here on.
    const before = openHandles();
    armTimers();
    const stop = new AbortController();
    let settling: Promise<unknown>[] = [];
    {
      await using fake = await startFakeScheduler({
        allocationStartMs: 0,
        timeScale: 1,
        heartbeatMs: 3_600_000,
      });
      const client = createSchedulerClient({ baseUrl: fake.url, retry: false });
      settling = await busy(fake, client, stop.signal);
    }
    // The stream would reconnect to a fake that is gone: its owner ends it.
    stop.abort();
    await Promise.all(settling);
    await expectNothingLeftOpen(before);
  });

  it('drops every wait it had on its clock', async () => {
    const clock = createTestClock();
    const fake = await startFakeScheduler({
      allocationStartMs: 0,
      timeScale: 1,
      heartbeatMs: 3_600_000,
      clock,
    });
    const client = createSchedulerClient({ baseUrl: fake.url, retry: false });
    const stop = new AbortController();
    const settling = await busy(fake, client, stop.signal);
    // The rollout's steps, the blocking query, the event stream's and the exec session's heartbeats.
    await until(() => clock.pending >= 4);
    expect(clock.pending).toBeGreaterThanOrEqual(4);
    await fake.close();
    expect(clock.pending).toBe(0);
    stop.abort();
    await Promise.all(settling);
  });
});
