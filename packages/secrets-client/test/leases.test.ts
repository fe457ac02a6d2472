// Renewing and revoking leases, and their expiry, on a test clock the fake reads.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createSecretsCore, renewLease, revokeLease } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: '*' });
  await client.database.roles.write('hour', {
    db_name: 'db',
    creation_statements: ['x'],
    default_ttl: '1h',
    max_ttl: '2h',
  });
  await client.database.roles.write('blink', { db_name: 'db', creation_statements: ['x'], default_ttl: 1 });
  await client.cloud.rolesets.write('keys', {
    project: 'p',
    secret_type: 'service_account_key',
    bindings: { 'projects/p': ['roles/viewer'] },
  });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('renew and revoke', () => {
  it('renews database credentials by an increment, capped at the max TTL with a warning', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('hour').withMeta();
    const renewed = await client.leases.renew(meta.leaseId, { increment: '30m' });
    expect(last()).toMatchObject({ method: 'PUT', path: '/v1/sys/leases/renew' });
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ lease_id: meta.leaseId, increment: '30m' });
    expect(renewed).toEqual({ lease_id: meta.leaseId, lease_duration: 1800, renewable: true });
    await clock.advance(60_000);
    const capped = await client.leases.renew(meta.leaseId, { increment: '3h' }).withMeta();
    // Its max TTL counts from its issue, a minute ago.
    expect(capped.data.lease_duration).toBe(7140);
    expect(capped.meta.warnings[0]).toContain('capped');
    const standard = await client.leases.renew(meta.leaseId);
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ lease_id: meta.leaseId });
    expect(standard.renewable).toBe(true);
  });

  it('revokes database credentials (the user is dropped) and service-account keys (the key stops working)', async () => {
    const client = clientOf(fake);
    const { data: creds, meta } = await client.database.roles.generateCredentials('hour').withMeta();
    expect(fake.database().users('db').has(creds.username)).toBe(true);
    await client.leases.revoke(meta.leaseId);
    expect(last()).toMatchObject({ method: 'PUT', path: '/v1/sys/leases/revoke' });
    expect(fake.database().users('db').has(creds.username)).toBe(false);
    const gone = await rejectionOf(client.leases.renew(meta.leaseId));
    expect((gone as BadRequestError).errors[0]).toContain('lease not found');

    const key = await client.cloud.rolesets.key('keys').withMeta();
    const core = createSecretsCore({ baseUrl: fake.url, token: fake.rootToken, retry: false });
    expect((await renewLease(core, key.meta.leaseId, { increment: 60 })).lease_duration).toBe(60);
    await revokeLease(core, key.meta.leaseId);
    expect(fake.cloud().isKeyValid(key.data.private_key_data)).toBe(false);
    await expectRejectedBeforeSending(fake, () => client.leases.renew(''), 'lease_id');
    await expectRejectedBeforeSending(fake, () => client.leases.revoke(''), 'lease_id');
    await expectRejectedBeforeSending(
      fake,
      () => client.leases.renew('x', { increment: 'soon' }),
      'increment',
    );
  });

  it('lets leases expire: the secret is revoked and the lease cannot be renewed', async () => {
    const client = clientOf(fake);
    const { data, meta } = await client.database.roles.generateCredentials('blink').withMeta();
    expect(meta.leaseDuration).toBe(1);
    await clock.advance(999);
    expect(fake.leases().some((lease) => lease.id === meta.leaseId)).toBe(true);
    await clock.advance(1);
    expect(fake.leases().some((lease) => lease.id === meta.leaseId)).toBe(false);
    expect(fake.database().users('db').has(data.username)).toBe(false);
    expect(BadRequestError.isInstance(await rejectionOf(client.leases.renew(meta.leaseId)))).toBe(true);
  });

  it('refuses to renew a lease that is not renewable', async () => {
    const client = clientOf(fake);
    const error = await rejectionOf(client.request({ method: 'PUT', path: '/sys/leases/renew', body: {} }));
    expect((error as BadRequestError).errors[0]).toContain('missing lease_id');
  });
});
