// Leases, like every object, live in the namespace they were issued in: a request in another
// namespace neither sees, renews nor revokes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets({ namespaces: ['team-a'] });
});
afterAll(() => fake.close());

async function credentialsIn(namespace: string | undefined) {
  const client = clientOf(fake, namespace === undefined ? {} : { namespace });
  await client.database.connections.write('db', { plugin_name: 'p', url: 'x://db', allowed_roles: ['*'] });
  await client.database.roles.write('app', { db_name: 'db', creation_statements: ['CREATE'] });
  const { data, meta } = await client.database.roles.generateCredentials('app').withMeta();
  return { client, username: data.username, leaseId: meta.leaseId };
}

describe('leases live in their namespace', () => {
  it('revoking a root lease from team-a leaves the root database user in place', async () => {
    const root = await credentialsIn(undefined);
    const teamA = clientOf(fake, { namespace: 'team-a' });
    await teamA.leases.revoke(root.leaseId);
    expect(fake.database().users('db').has(root.username)).toBe(true);
    expect(fake.leases().map((lease) => lease.id)).toContain(root.leaseId);
    await root.client.leases.revoke(root.leaseId);
    expect(fake.database().users('db').has(root.username)).toBe(false);
  });

  it('renewing a lease from another namespace is refused as an unknown lease', async () => {
    const inTeam = await credentialsIn('team-a');
    const error = await rejectionOf(clientOf(fake).leases.renew(inTeam.leaseId));
    expect(BadRequestError.isInstance(error)).toBe(true);
    expect((error as BadRequestError).errors[0]).toMatch(/lease not found/);
    const renewed = await inTeam.client.leases.renew(inTeam.leaseId, { increment: 60 });
    expect(renewed.lease_duration).toBe(60);
    expect(fake.leases().find((lease) => lease.id === inTeam.leaseId)?.namespace).toBe('team-a');
  });

  it('a namespace header and a path prefix name the same namespace', async () => {
    const inTeam = await credentialsIn('team-a');
    await clientOf(fake).request({
      method: 'PUT',
      path: '/team-a/sys/leases/revoke',
      body: { lease_id: inTeam.leaseId },
    });
    expect(fake.database('database', 'team-a').users('db').has(inTeam.username)).toBe(false);
  });
});
