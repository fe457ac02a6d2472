// A lease looked up, and leases revoked by prefix (plain and forced, both needing sudo), over HTTP
// against the fake, on a test clock the fake reads.
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, PermissionDeniedError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

const clock = createTestClock();
let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  const client = clientOf(fake);
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: '*' });
  for (const role of ['readonly', 'writer', 'legacy']) {
    await client.database.roles.write(role, { db_name: 'db', creation_statements: ['x'], default_ttl: '1h' });
  }
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);
const live = () => fake.leases().map((lease) => lease.id);

describe('lookup', () => {
  it('looks a lease up: issue and expiry times, last renewal, TTL', async () => {
    const client = clientOf(fake);
    const { meta } = await client.database.roles.generateCredentials('readonly').withMeta();
    const issuedAt = clock.now();
    const lease = await client.leases.lookup(meta.leaseId);
    expect(last()).toMatchObject({ method: 'PUT', path: '/v1/sys/leases/lookup' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ lease_id: meta.leaseId });
    expect(lease).toMatchObject({ id: meta.leaseId, renewable: true, ttl: 3600, last_renewal: null });
    expect(lease.issue_time).toBe(new Date(issuedAt).toISOString());
    await clock.advance(600_000);
    await client.leases.renew(meta.leaseId);
    const renewed = await client.leases.lookup(meta.leaseId);
    expect(renewed.last_renewal).toBe(new Date(clock.now()).toISOString());
    expect(renewed.ttl).toBe(3600);
    await client.leases.revoke(meta.leaseId);
    expect(BadRequestError.isInstance(await rejectionOf(client.leases.lookup(meta.leaseId)))).toBe(true);
    await expectRejectedBeforeSending(fake, () => client.leases.lookup(''), 'lease_id');
  });
});

describe('revocation by prefix', () => {
  it("revokes every lease of a role, and forces out another's, with sudo only", async () => {
    const client = clientOf(fake);
    const readers = await Promise.all(
      [1, 2].map(() => client.database.roles.generateCredentials('readonly').withMeta()),
    );
    const { meta: writer } = await client.database.roles.generateCredentials('writer').withMeta();
    const { meta: legacy } = await client.database.roles.generateCredentials('legacy').withMeta();
    const limited = fake.createToken({
      ttl: 600,
      policy: [{ path: 'sys/leases/revoke-prefix/*', capabilities: ['update'] }],
    });
    const denied = await rejectionOf(
      clientOf(fake, { token: limited.token }).leases.revokePrefix('database/creds/readonly'),
    );
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);

    await client.leases.revokePrefix('database/creds/readonly', { sync: true });
    expect(last()).toMatchObject({
      method: 'PUT',
      path: '/v1/sys/leases/revoke-prefix/database/creds/readonly',
    });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ sync: true });
    for (const { meta } of readers) expect(live()).not.toContain(meta.leaseId);
    expect(live()).toContain(writer.leaseId);

    await client.leases.revokeForce('database/creds/legacy/');
    expect(last()).toMatchObject({
      method: 'PUT',
      path: '/v1/sys/leases/revoke-force/database/creds/legacy/',
    });
    expect(live()).not.toContain(legacy.leaseId);
    expect(live()).toContain(writer.leaseId);
    await expectRejectedBeforeSending(fake, () => client.leases.revokePrefix('database/../sys'));
    await expectRejectedBeforeSending(fake, () => client.leases.revokeForce(''));
  });
});
