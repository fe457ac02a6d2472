// A destination changed in part: PATCH with only the fields given, each checked against the type, the
// others kept as stored; over HTTP against the fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, patchDestination } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('destination patch', () => {
  it('changes only the fields given, keeping the others as stored', async () => {
    const client = clientOf(fake);
    await client.sync.destinations.write('cloud1-sm', 'store', {
      access_key_id: 'AKIA',
      secret_access_key: 'secret-key',
      region: 'us-west-1',
      custom_tags: { team: 'a' },
    });
    const patched = await client.sync.destinations.patch('cloud1-sm', 'store', { region: 'eu-west-1' });
    expect(last()).toMatchObject({ method: 'PATCH', path: '/v1/sys/sync/destinations/cloud1-sm/store' });
    expect(last()?.headers['content-type']).toBe('application/merge-patch+json');
    expect(JSON.parse(last()?.body ?? '')).toEqual({ region: 'eu-west-1' });
    expect(patched?.connection_details).toEqual({
      access_key_id: '*****',
      secret_access_key: '*****',
      region: 'eu-west-1',
    });
    expect(patched?.options?.custom_tags).toEqual({ team: 'a' });
    const read = await client.sync.destinations.read('cloud1-sm', 'store');
    expect(read.connection_details.region).toBe('eu-west-1');
    const tagged = await patchDestination(client.core, 'cloud1-sm', 'store', { custom_tags: { team: 'b' } });
    expect(tagged?.options?.custom_tags).toEqual({ team: 'b' });
    expect(tagged?.connection_details.region).toBe('eu-west-1');
  });

  it('refuses a missing destination (404), and before sending a field of another type or an unknown type', async () => {
    const client = clientOf(fake);
    const missing = await rejectionOf(
      client.sync.destinations.patch('cloud2-kv', 'none', { tenant_id: 't' }),
    );
    expect(NotFoundError.isInstance(missing)).toBe(true);
    await expectRejectedBeforeSending(fake, () =>
      client.sync.destinations.patch('cloud1-sm', 'store', { project_id: 'p' } as never),
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.destinations.patch('cloud1-sm', 'store', { allowed_ports: [70000] }),
      'allowed_ports.0',
    );
    await expectRejectedBeforeSending(
      fake,
      () => client.sync.destinations.patch('nowhere' as 'cloud1-sm', 'store', {}),
      'type',
    );
  });
});
