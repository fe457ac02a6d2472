import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import { type Namespace, NotFoundError, ServerError } from '../src/index.js';
import {
  clientOf,
  expectRefusedBeforeSending,
  failure,
  received,
  trackFakes,
  untilSleeping,
} from './support.js';

const start = trackFakes();

describe('blocking queries', () => {
  it('a read with an index waits until the namespace changes', async () => {
    const fake = await start();
    const reader = clientOf(fake);
    const writer = clientOf(fake);
    await writer.namespaces.create({ Name: 'team-1', Description: 'before' });
    const first = await reader.namespaces.read('team-1').withMeta();
    const sent = fake.requests.length;
    const blocked = reader.namespaces
      .read('team-1', { index: first.meta.index ?? 0, wait: '10s' })
      .withMeta();
    await received(fake, sent + 1);
    const query = fake.requests.at(-1)?.query;
    expect(query?.get('index')).toBe(String(first.meta.index));
    expect(query?.get('wait')).toBe('10s');
    await writer.namespaces.update('team-1', { Description: 'after' });
    const next = await blocked;
    expect(next.data.Description).toBe('after');
    expect(next.meta.index).toBeGreaterThan(first.meta.index ?? 0);
  });

  it('a blocking list ends with the same index when nothing changes within the wait, by its clock', async () => {
    const clock = createTestClock();
    const fake = await start({ clock });
    const mesh = clientOf(fake, { clock });
    const { meta } = await mesh.namespaces.list().withMeta();
    let answered = false;
    const again = mesh.namespaces
      .list({ index: meta.index ?? 0, wait: 30 })
      .withMeta()
      .finally(() => {
        answered = true;
      });
    await untilSleeping(clock);
    await clock.advance(29);
    expect(answered).toBe(false);
    await clock.advance(1);
    expect((await again).meta.index).toBe(meta.index);
    expect(fake.requests.at(-1)?.query.get('wait')).toBe('30ms');
  });

  it('sends the server default wait with an index alone, and no blocking parameters otherwise', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.list({ index: 0 });
    expect(fake.requests.at(-1)?.query.get('wait')).toBe('300s');
    await mesh.namespaces.list({ index: 0, wait: 0 });
    expect(fake.requests.at(-1)?.query.get('wait')).toBe('300s');
    await mesh.namespaces.read('default');
    expect([...(fake.requests.at(-1)?.query.keys() ?? [])]).toEqual([]);
  });

  it('sends the consistency mode, per client and per call', async () => {
    const fake = await start({ lastContactMs: 42 });
    const stale = clientOf(fake, { consistency: 'stale' });
    const { meta } = await stale.namespaces.read('default').withMeta();
    expect(fake.requests.at(-1)?.query.get('stale')).toBe('true');
    expect(meta.lastContact).toBe(42);
    await stale.namespaces.list({ consistency: 'consistent' });
    expect(fake.requests.at(-1)?.query.get('consistent')).toBe('true');
    expect(fake.requests.at(-1)?.query.has('stale')).toBe(false);
    await stale.namespaces.list({ consistency: 'default' });
    expect([...(fake.requests.at(-1)?.query.keys() ?? [])]).toEqual([]);
  });

  it('without a cluster leader only stale reads succeed, and say the leader is unknown', async () => {
    const fake = await start({ knownLeader: false });
    const mesh = clientOf(fake, { retry: false });
    const error = await failure(mesh.namespaces.list());
    expect(ServerError.isInstance(error)).toBe(true);
    expect((error as ServerError).body).toBe('No cluster leader');
    expect(
      ServerError.isInstance(await failure(mesh.namespaces.read('default', { consistency: 'consistent' }))),
    ).toBe(true);
    const { data, meta } = await mesh.namespaces.read('default', { consistency: 'stale' }).withMeta();
    expect(data.Name).toBe('default');
    expect(meta.knownLeader).toBe(false);
    fake.setKnownLeader(true);
    expect((await mesh.namespaces.list()).length).toBe(1);
  });
});

describe('wait limits', () => {
  it('refuses a negative or over-limit wait before sending, on every blocking call', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    for (const wait of [-1, '-5s', 600_001, '10m1s', '1h']) {
      await expectRefusedBeforeSending(
        fake,
        () => mesh.namespaces.read('default', { index: 1, wait }),
        'wait',
      );
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.list({ wait }), 'wait');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.watch('default', { wait }).next(), 'wait');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.watchList({ wait }).next(), 'wait');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.waitUntilDeleted('x', { wait }), 'wait');
    }
    const error = await failure(mesh.namespaces.list({ wait: '10m1s' }));
    expect((error as Error).message).toContain("longer than the service's longest wait (600s)");
  });

  it('accepts the longest wait, 10 minutes, and sends it', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    // An index already passed answers at once, whatever the wait.
    await mesh.namespaces.list({ index: 0, wait: '10m' });
    expect(fake.requests.at(-1)?.query.get('wait')).toBe('600s');
    await mesh.namespaces.read('default', { index: 0, wait: 600_000 });
    expect(fake.requests.at(-1)?.query.get('wait')).toBe('600s');
  });
});

describe('watches', () => {
  it('a list watch sees a namespace created by another client', async () => {
    const fake = await start();
    const watcher = clientOf(fake);
    const other = clientOf(fake);
    const controller = new AbortController();
    const snapshots: string[][] = [];
    for await (const { data, meta } of watcher.namespaces.watchList({
      wait: '10s',
      signal: controller.signal,
    })) {
      snapshots.push(data.map((namespace) => namespace.Name));
      expect(meta.index).toBe(fake.index);
      if (snapshots.length === 1) await other.namespaces.create({ Name: 'created-elsewhere' });
      else controller.abort();
    }
    expect(snapshots).toEqual([['default'], ['created-elsewhere', 'default']]);
  });

  it('a namespace watch yields each change, then ends with NotFoundError once it is removed', async () => {
    const fake = await start({ deletionDelayMs: false });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'watched', Description: 'v1' });
    const seen: Namespace[] = [];
    const error = await failure(
      (async () => {
        for await (const { data } of mesh.namespaces.watch('watched', {
          wait: '10s',
          consistency: 'stale',
        })) {
          seen.push(data);
          if (seen.length === 1) await mesh.namespaces.update('watched', { Description: 'v2' });
          else if (seen.length === 2) await mesh.namespaces.delete('watched');
          else fake.finishDeletion('watched');
        }
      })(),
    );
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(seen.map((namespace) => [namespace.Description, namespace.DeletedAt !== undefined])).toEqual([
      ['v1', false],
      ['v2', false],
      ['v2', true],
    ]);
    const watchRequests = fake.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v1/namespace/watched',
    );
    expect(watchRequests.length).toBeGreaterThanOrEqual(4);
    expect(watchRequests.every((request) => request.query.get('stale') === 'true')).toBe(true);
  });

  it('a watch that starts at an index yields only later changes', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const index = fake.index;
    const controller = new AbortController();
    const pending = (async () => {
      for await (const { data } of mesh.namespaces.watchList({
        index,
        signal: controller.signal,
        wait: 5_000,
      })) {
        controller.abort();
        return data.map((namespace) => namespace.Name);
      }
      return [];
    })();
    await received(fake, 1);
    await mesh.namespaces.create({ Name: 'later' });
    expect(await pending).toEqual(['default', 'later']);
    expect(fake.requests[0]?.query.get('index')).toBe(String(index));
  });

  it('aborting a watch ends it quietly, also while a request blocks', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const controller = new AbortController();
    let snapshots = 0;
    for await (const _ of mesh.namespaces.watchList({ signal: controller.signal, wait: '1m' })) {
      snapshots += 1;
      // Once the second request has reached the server, where it blocks, the abort ends it.
      void received(fake, 2).then(() => controller.abort());
    }
    expect(snapshots).toBe(1);
    expect(fake.requests.length).toBe(2);
  });
});
