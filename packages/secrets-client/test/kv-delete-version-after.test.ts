// A secret's `delete_version_after`, over HTTP against the fake on a test clock: each version written
// under it carries its deletion time from the start and reads as deleted once that time has come.
import { createTestClock } from '@infra-sdk/core/testing';
import { expect, it } from 'vitest';
import { NotFoundError } from '../src/index.js';
import { startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf } from './support.js';

const HALF_HOUR = 30 * 60_000;

it('deletes each version delete_version_after past its writing, by the fake clock', async () => {
  const clock = createTestClock(Date.parse('2030-01-01T00:00:00Z'));
  await using fake = await startFakeSecrets({ clock });
  const secrets = clientOf(fake);
  const notFound = async (call: Promise<unknown>) => NotFoundError.isInstance(await rejectionOf(call));

  await secrets.kv.writeMetadata('short/lived', { delete_version_after: '1h' });
  expect((await secrets.kv.write('short/lived', { v: 1 })).deletion_time).toBe('2030-01-01T01:00:00.000Z');
  expect((await secrets.kv.read('short/lived')).data).toEqual({ v: 1 });
  await clock.advance(HALF_HOUR);
  await secrets.kv.write('short/lived', { v: 2 });

  // 01:00: the first version's time has come, the second's not yet.
  await clock.advance(HALF_HOUR);
  expect(await notFound(secrets.kv.read('short/lived', { version: 1 }))).toBe(true);
  expect((await secrets.kv.read('short/lived')).data).toEqual({ v: 2 });
  expect((await secrets.kv.readMetadata('short/lived')).versions).toMatchObject({
    '1': { deletion_time: '2030-01-01T01:00:00.000Z', destroyed: false },
    '2': { deletion_time: '2030-01-01T01:30:00.000Z', destroyed: false },
  });

  // 01:30: nothing current is left to read, patch or look into.
  await clock.advance(HALF_HOUR);
  expect(await notFound(secrets.kv.read('short/lived'))).toBe(true);
  expect(await notFound(secrets.kv.subkeys('short/lived'))).toBe(true);
  expect(await notFound(secrets.kv.patch('short/lived', { v: 3 }))).toBe(true);

  // Restored versions stay; a deletion before the time moves it to now; other secrets are not touched.
  await secrets.kv.undeleteVersions('short/lived', [2]);
  expect((await secrets.kv.read('short/lived')).metadata.deletion_time).toBe('');
  await clock.advance(4 * HALF_HOUR);
  expect((await secrets.kv.read('short/lived')).data).toEqual({ v: 2 });
  await secrets.kv.write('short/lived', { v: 3 });
  await secrets.kv.delete('short/lived');
  expect((await secrets.kv.readMetadata('short/lived')).versions['3']?.deletion_time).toBe(
    new Date(clock.now()).toISOString(),
  );
  await secrets.kv.write('kept/forever', { v: 1 });
  await clock.advance(1_000 * 3_600_000);
  expect((await secrets.kv.read('kept/forever')).metadata.deletion_time).toBe('');
});
