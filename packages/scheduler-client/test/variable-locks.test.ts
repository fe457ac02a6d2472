// Locks over variables over HTTP against the fake, on the test clock: acquire, renew and release, the
// conflicts a held lock makes, a lapse at the TTL and the delay after it; and the lock holder, which
// renews at half the TTL, waits for another holder when asked, tells each step, loses a lock it cannot
// renew in time, and releases on stop, on its signal and with `await using`.

import type { TestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  holdVariableLock,
  releaseVariableLock,
  type VariableLockEvent,
} from '../src/index.js';
import type { FakeScheduler } from '../src/testing/index.js';
import { clientOf, clocked, clockFetch, runUntilSettled } from './support.js';

/** A client of `fake` on `clock` whose lock renewals never reach it, as over a cut connection. */
function withoutRenewals(fake: FakeScheduler, clock: TestClock) {
  const base = clockFetch(clock, fake);
  return clientOf(fake, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).searchParams.has('lock-renew')) throw new TypeError('fetch failed');
      return base(request);
    },
  });
}

function conflict(promise: Promise<unknown>) {
  return expect(promise).rejects.toSatisfy((error: unknown) => ConflictError.isInstance(error));
}

describe('variable locks', () => {
  it('acquires, renews and releases; a held lock refuses other holders and writes without its id', async () => {
    const { client } = await clocked();
    await client.variables.write('locks/report', { Items: { owner: 'none' } });
    const locked = await client.variables.acquireLock('locks/report', {
      Lock: { TTL: '30s', LockDelay: '1m' },
    });
    const lockId = locked.Lock?.ID ?? '';
    expect(lockId).toMatch(/^[0-9a-f-]{36}$/);
    expect(locked.Lock).toMatchObject({ TTL: '30s', LockDelay: '1m0s' });
    // The variable kept its items: the acquisition named none.
    expect(locked.Items).toEqual({ owner: 'none' });
    // Readers see the lock, not its id.
    const read = await client.variables.read('locks/report');
    expect(read.Lock).toEqual({ TTL: '30s', LockDelay: '1m0s' });
    await conflict(client.variables.acquireLock('locks/report'));
    await conflict(client.variables.write('locks/report', { Items: { owner: 'intruder' } }));
    await conflict(client.variables.delete('locks/report'));
    await conflict(client.variables.renewLock('locks/report', '00000000-0000-0000-0000-000000000000'));
    const written = await client.variables.write('locks/report', {
      Items: { owner: 'me' },
      Lock: { ID: lockId },
    });
    expect(written.Items).toEqual({ owner: 'me' });
    const renewed = await client.variables.renewLock('locks/report', lockId);
    expect(renewed).not.toHaveProperty('Items');
    expect(renewed.Lock?.ID).toBe(lockId);
    const released = await client.variables.releaseLock('locks/report', lockId);
    expect(released.Lock ?? undefined).toBeUndefined();
    await conflict(client.variables.releaseLock('locks/report', lockId));
    // A released lock leaves no delay: the variable locks again at once, and a new one starts empty.
    const again = await client.variables.acquireLock('locks/report');
    expect(again.Lock).toMatchObject({ TTL: '15s', LockDelay: '15s' });
    const fresh = await client.variables.acquireLock('locks/new', { Items: { a: 'b' } });
    expect(fresh.Items).toEqual({ a: 'b' });
    const empty = await client.variables.acquireLock('locks/empty');
    expect(empty.Items).toEqual({});
    // A path of one segment: its bodies are checked against the OpenAPI document too.
    const single = await client.variables.acquireLock('leader', { Items: { node: 'a' } });
    await client.variables.write('leader', { Items: { node: 'b' }, Lock: { ID: single.Lock?.ID ?? '' } });
    await client.variables.renewLock('leader', single.Lock?.ID ?? '');
    await client.variables.releaseLock('leader', single.Lock?.ID ?? '');
  });

  it('lets a lock lapse at its TTL and keeps the variable unlockable for its delay', async () => {
    const { client, clock, fake } = await clocked();
    const locked = await client.variables.acquireLock('locks/report', {
      Lock: { TTL: '20s', LockDelay: '45s' },
    });
    await clock.advance(19_999);
    expect((await client.variables.read('locks/report')).Lock).toBeDefined();
    await clock.advance(1);
    const lapsed = await client.variables.read('locks/report');
    expect(lapsed.Lock ?? undefined).toBeUndefined();
    expect(lapsed.ModifyIndex).toBeGreaterThan(locked.ModifyIndex ?? 0);
    await conflict(client.variables.renewLock('locks/report', locked.Lock?.ID ?? ''));
    await clock.advance(44_999);
    await conflict(client.variables.acquireLock('locks/report'));
    await clock.advance(1);
    expect((await client.variables.acquireLock('locks/report')).Lock?.ID).toBeTruthy();
    expect(fake.index).toBeGreaterThan(0);
  });
});

describe('holdVariableLock', () => {
  it('renews at half the TTL while held and releases on stop', async () => {
    const { client, clock } = await clocked();
    const events: VariableLockEvent['type'][] = [];
    const holder = client.variables.holdLock('locks/leader', {
      Lock: { TTL: '20s' },
      Items: { owner: 'node-a-secret' },
      clock,
      onEvent: (event) => events.push(event.type),
    });
    const lock = await holder.ready;
    expect(lock.lockId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lock.expiresAt.getTime() - lock.acquiredAt.getTime()).toBe(20_000);
    expect(JSON.stringify(holder)).not.toContain('node-a-secret');
    const started = clock.now();
    await clock.runUntil(() => (holder.current?.renewals ?? 0) >= 3);
    // Three renewals, ten seconds apart: well past the first TTL, and the lock is still ours.
    expect(clock.now() - started).toBe(30_000);
    const read = await client.variables.read('locks/leader');
    expect(read.Items).toEqual({ owner: 'node-a-secret' });
    expect(read.Lock).toBeDefined();
    expect(holder.signal.aborted).toBe(false);
    const end = await holder.stop();
    expect(end).toEqual({ reason: 'stopped', lockId: lock.lockId, renewals: 3 });
    expect(events).toEqual(['acquired', 'renewed', 'renewed', 'renewed', 'released']);
    expect(holder.signal.aborted).toBe(true);
    expect(holder.current).toBeUndefined();
    expect((await client.variables.read('locks/leader')).Lock ?? undefined).toBeUndefined();
  });

  it('ends with `conflict` when another holds the lock, or waits for it with `waitForLock`', async () => {
    const { client, clock } = await clocked();
    const other = await client.variables.acquireLock('locks/leader', { Lock: { TTL: '1m' } });
    const impatient = holdVariableLock(client.core, 'locks/leader', { clock });
    // Refused at once: no time passes.
    const ended = await impatient.done;
    expect(ended.reason).toBe('conflict');
    expect(ConflictError.isInstance(ended.error)).toBe(true);
    await expect(impatient.ready).rejects.toSatisfy((error: unknown) => ConflictError.isInstance(error));

    const events: VariableLockEvent[] = [];
    const patient = client.variables.holdLock('locks/leader', {
      Lock: { TTL: '20s' },
      waitForLock: true,
      clock,
      onEvent: (event) => events.push(event),
    });
    const waited = clock.now();
    await clock.runUntil(() => events.length >= 2);
    expect(clock.now() - waited).toBe(10_000);
    expect(events.map((event) => event.type)).toEqual(['waiting', 'waiting']);
    expect(events[0]).toMatchObject({ delayMs: 10_000 });
    await releaseVariableLock(client.core, 'locks/leader', other.Lock?.ID ?? '');
    const lock = await runUntilSettled(clock, patient.ready);
    expect(lock.lockId).not.toBe(other.Lock?.ID);
    await patient.stop();
  });

  it('loses a lock it cannot renew in time, or that was taken from it, and aborts its signal', async () => {
    const { client, clock, fake } = await clocked();
    // Renewals that never reach the scheduler: retried with back-off until the lock lapses.
    const cut = withoutRenewals(fake, clock);
    const events: VariableLockEvent[] = [];
    const holder = cut.variables.holdLock('locks/leader', {
      Lock: { TTL: '20s' },
      clock,
      backoffMs: 2_000,
      onEvent: (event) => events.push(event),
    });
    const lock = await holder.ready;
    const end = await runUntilSettled(clock, holder.done);
    expect(end.reason).toBe('lost');
    expect(clock.now()).toBeLessThanOrEqual(lock.expiresAt.getTime());
    expect(holder.signal.aborted).toBe(true);
    expect(events.some((event) => event.type === 'retry' && event.step === 'renew')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'lost', lockId: lock.lockId });
    // The error says what failed, and how often over how long.
    expect(String((end.error as Error).message)).toMatch(
      /lapsed before a renewal got through.*in a row over/s,
    );

    // Released from under the holder (someone who knew its id): the next renewal is refused at once.
    const taken = client.variables.holdLock('locks/taken', { Lock: { TTL: '20s' }, clock });
    const held = await taken.ready;
    await client.variables.releaseLock('locks/taken', held.lockId);
    const lost = await runUntilSettled(clock, taken.done);
    expect(lost.reason).toBe('lost');
    expect(ConflictError.isInstance(lost.error)).toBe(true);
  });

  it('releases when its signal aborts and with `await using`, and stops while waiting without a lock', async () => {
    const { client, clock } = await clocked();
    const controller = new AbortController();
    const holder = client.variables.holdLock('locks/a', { clock, signal: controller.signal });
    await holder.ready;
    controller.abort();
    expect((await holder.done).reason).toBe('stopped');
    expect((await client.variables.read('locks/a')).Lock ?? undefined).toBeUndefined();
    {
      await using scoped = client.variables.holdLock('locks/b', { clock });
      await scoped.ready;
      expect((await client.variables.read('locks/b')).Lock).toBeDefined();
    }
    expect((await client.variables.read('locks/b')).Lock ?? undefined).toBeUndefined();
    const other = await client.variables.acquireLock('locks/c');
    const waiting = client.variables.holdLock('locks/c', { clock, waitForLock: true });
    await clock.runUntil(() => clock.pending > 0);
    expect(await waiting.stop()).toEqual({ reason: 'stopped', lockId: undefined, renewals: 0 });
    expect((await client.variables.read('locks/c')).Lock).toBeDefined();
    await client.variables.releaseLock('locks/c', other.Lock?.ID ?? '');
    expect(() => holdVariableLock(client.core, 'locks/d', { backoffMs: -1 })).toThrow(RangeError);
    expect(() => holdVariableLock(client.core, 'locks/d', { waitForLok: true } as never)).toThrow(
      /waitForLok: unknown option; did you mean `waitForLock`\?/,
    );
  });
});
