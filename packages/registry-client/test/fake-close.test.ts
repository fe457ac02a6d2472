// Closing the fake registry, with a transfer still under way on the system clock, leaves nothing that
// keeps Node running: no socket, no timer. (Every test is checked so after it; these check it at the
// moment of closing, with the upload's idle limit still waiting on a real timer.)
import { describe, expect, it } from 'vitest';
import {
  armTimers,
  expectNothingLeftOpen,
  leftOpen,
  openHandles,
} from '../../../test-support/open-handles.js';
import { createRegistryClient, InfraSdkError } from '../src/index.js';
import { startFakeRegistry } from '../src/testing/index.js';

describe('closing the fake registry', () => {
  it('releases every socket and timer, with an upload stalled mid-way and its idle limit running', async () => {
    const before = openHandles();
    armTimers();
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
    // The upload's idle limit waits on a real timer, and its connection is open.
    expect([...leftOpen(before).keys()]).toEqual(expect.arrayContaining(['Timeout', 'TCPSocketWrap']));

    await registry.close();
    // The connection went with the fake: the upload ends, and with it its idle limit.
    expect(InfraSdkError.isInstance(await upload)).toBe(true);
    await expectNothingLeftOpen(before);
    await expect(fetch(registry.url)).rejects.toThrow();
  });

  it('releases everything through await using', async () => {
    const before = openHandles();
    armTimers();
    {
      await using registry = await startFakeRegistry({ storage: 'temp-folder' });
      expect((await fetch(`${registry.url}/api/v1/user/nobody`)).status).toBe(404);
    }
    await expectNothingLeftOpen(before);
  });
});
