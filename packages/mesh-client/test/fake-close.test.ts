// Closing the fake mesh server while a removal is pending and a blocking query waits, both on the system
// clock, leaves nothing that keeps Node running: no socket, no timer. (Every test is checked so after
// it; these check it at the moment of closing.)
import { describe, expect, it } from 'vitest';
import {
  armTimers,
  expectNothingLeftOpen,
  leftOpen,
  openHandles,
} from '../../../test-support/open-handles.js';
import { ConnectionError, createMeshClient } from '../src/index.js';
import { startFakeMesh } from '../src/testing/index.js';
import { failure, received } from './support.js';

describe('closing the fake mesh server', () => {
  it('releases every socket and timer, with a removal pending and a blocking query waiting', async () => {
    const before = openHandles();
    armTimers();
    const fake = await startFakeMesh({ deletionDelayMs: 60_000 });
    const mesh = createMeshClient({ baseUrl: fake.url, retry: false });
    await mesh.namespaces.create({ Name: 'team-1' });
    await mesh.namespaces.delete('team-1');
    const sent = fake.requests.length;
    const blocked = failure(mesh.namespaces.read('team-1', { index: fake.index, wait: '5m' }));
    await received(fake, sent + 1);
    // The removal and the query's wait are timers; the query's connection is open.
    expect([...leftOpen(before).keys()]).toEqual(expect.arrayContaining(['Timeout', 'TCPSocketWrap']));

    await fake.close();
    expect(ConnectionError.isInstance(await blocked)).toBe(true);
    await expectNothingLeftOpen(before);
    await expect(fetch(fake.url)).rejects.toThrow();
  });

  it('releases everything through await using', async () => {
    const before = openHandles();
    armTimers();
    {
      await using fake = await startFakeMesh();
      await createMeshClient({ baseUrl: fake.url }).namespaces.create({ Name: 'team-1' });
      await createMeshClient({ baseUrl: fake.url }).namespaces.delete('team-1');
    }
    await expectNothingLeftOpen(before);
  });
});
