import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/index.js';
import { createTestClock } from '../src/testing/index.js';
import { deferred, trackServers } from './support.js';

const serve = trackServers();

describe('systemClock', () => {
  it('reads the runtime time and sleeps on its timers, ending early on abort', async () => {
    // The runtime's time: what Date.now() says, read through it (a fixed answer, so no race with the machine).
    const reading = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    try {
      expect(systemClock.now()).toBe(1_700_000_000_123);
    } finally {
      reading.mockRestore();
    }
    await expect(systemClock.sleep(1)).resolves.toBeUndefined();
    await expect(systemClock.sleep(60_000, AbortSignal.abort())).resolves.toBeUndefined();
  });
});

describe('createTestClock', () => {
  it('stands still until moved, and wakes sleeps in due order', async () => {
    const clock = createTestClock(1_000);
    const woke: string[] = [];
    void clock.sleep(300).then(() => woke.push(`b@${clock.now()}`));
    void clock.sleep(100).then(() => woke.push(`a@${clock.now()}`));
    expect(clock.pending).toBe(2);
    expect(clock.nextDue).toBe(1_100);
    await clock.advance(99);
    expect(woke).toEqual([]);
    await clock.advance(1);
    expect(woke).toEqual(['a@1100']);
    await clock.advanceTo(5_000);
    expect(woke).toEqual(['a@1100', 'b@1300']);
    expect(clock.now()).toBe(5_000);
  });

  it('ends a sleep whose signal aborts, without waking others', async () => {
    const clock = createTestClock(0);
    const controller = new AbortController();
    const aborted = clock.sleep(1_000, controller.signal);
    void clock.sleep(2_000);
    controller.abort();
    await aborted;
    expect(clock.pending).toBe(1);
    expect(clock.now()).toBe(0);
  });

  it('runs a loop of a day of sleeps in steps, and next() gives up when nothing sleeps', async () => {
    const clock = createTestClock(0);
    let rounds = 0;
    void (async () => {
      while (rounds < 24) {
        await clock.sleep(3_600_000);
        rounds += 1;
      }
    })();
    await clock.runUntil(() => rounds === 24);
    expect(clock.now()).toBe(24 * 3_600_000);
    await expect(clock.next({ timeoutMs: 20 })).rejects.toThrow(/nothing slept/);
  });

  it('moves time only once the requests of its fetch have been answered and read', async () => {
    const clock = createTestClock(0);
    const arrived = deferred();
    const release = deferred();
    const server = await serve();
    server.route('GET', '/slow', async (_req, res) => {
      arrived.resolve();
      await release.promise;
      res.json(200, { ok: true });
    });
    const tracked = clock.fetch();
    const answered = tracked(`${server.url}/slow`).then((response) => response.json());
    void clock.sleep(1_000);
    const moved = clock.next({ timeoutMs: 15_000 });
    // The request is with the server, which holds its answer: the clock must not move meanwhile.
    await arrived.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.inFlight).toBe(1);
    expect(clock.now()).toBe(0);
    release.resolve();
    expect(await answered).toEqual({ ok: true });
    await moved;
    expect(clock.inFlight).toBe(0);
    expect(clock.now()).toBe(1_000);
  });
});
