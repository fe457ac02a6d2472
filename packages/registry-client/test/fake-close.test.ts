// Closing the fake registry, with a transfer still under way on the system clock, leaves nothing that
// keeps Node running: no socket, no timer, no file operation.
import { createHook } from 'node:async_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistryClient, InfraSdkError } from '../src/index.js';
import { startFakeRegistry } from '../src/testing/index.js';

/** What keeps the event loop alive now (sockets, file operations), but the worker's own pipes and timers. */
const handles = () =>
  process.getActiveResourcesInfo().filter((kind) => kind !== 'PipeWrap' && kind !== 'Timeout');

// Timers are told apart by where they were made: the test runner keeps timers of its own.
const timers = new Map<number, { hasRef(): boolean }>();
const timerHook = createHook({
  init(id, type, _trigger, resource) {
    if (type === 'Timeout') timers.set(id, resource as { hasRef(): boolean });
  },
  destroy(id) {
    timers.delete(id);
  },
});
beforeEach(() => {
  timers.clear();
  timerHook.enable();
});
afterEach(() => {
  timerHook.disable();
});

/** Timers made during the test that are still set and would keep Node running. */
const refTimers = () => [...timers.values()].filter((timer) => timer.hasRef()).length;

/** Lets closed sockets and cleared timers be reaped: turns of the event loop, no real time waited for. */
async function reaped(): Promise<void> {
  for (let turn = 0; turn < 1000 && (handles().length > 0 || refTimers() > 0); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('closing the fake registry', () => {
  it('releases every socket and timer, with an upload stalled mid-way and its idle limit running', async () => {
    const registry = await startFakeRegistry({
      users: [{ username: 'alice', password: 'alice-password' }],
      tokens: { 'alice-token': 'alice' },
      storage: 'temp-folder',
    });
    const alice = createRegistryClient({ baseUrl: registry.url, token: 'alice-token', retry: false });
    await alice.boxes.create({ name: 'base' });
    await alice.versions.create('alice/base', { version: '1.0.0' });
    await alice.providers.create('alice/base', '1.0.0', { name: 'virtualbox' });
    let pulled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      pull() {
        pulled = true;
      },
    });
    const upload = alice.uploads
      .upload('alice/base', '1.0.0', 'virtualbox', stalled)
      .catch((caught: unknown) => caught);
    while (!pulled) await new Promise((resolve) => setImmediate(resolve));
    // The upload's idle limit waits on the system clock, and its connection is open.
    expect(refTimers()).toBeGreaterThan(0);
    expect(handles()).toContain('TCPSocketWrap');

    await registry.close();
    // The connection went with the fake: the upload ends, and with it its idle limit.
    expect(InfraSdkError.isInstance(await upload)).toBe(true);
    await reaped();
    expect({ handles: handles(), timers: refTimers() }).toEqual({ handles: [], timers: 0 });
    await expect(fetch(registry.url)).rejects.toThrow();
  });

  it('releases everything through await using', async () => {
    {
      await using registry = await startFakeRegistry({ tokens: {}, storage: 'temp-folder' });
      expect((await fetch(`${registry.url}/api/v1/user/nobody`)).status).toBe(404);
    }
    await reaped();
    expect({ handles: handles(), timers: refTimers() }).toEqual({ handles: [], timers: 0 });
  });
});
