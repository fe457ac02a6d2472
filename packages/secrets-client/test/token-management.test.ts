// Tokens made and ended by others: create (a child, an orphan, by a token role; policies, TTLs, period,
// uses, metadata), lookup and revocation by accessor (children go with their parent, orphans stay), and
// what a token may do on given paths (capabilities-self), over HTTP against the fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, capabilitiesSelf, PermissionDeniedError } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, expectRejectedBeforeSending, rejectionOf } from './support.js';

let fake: FakeSecrets;
beforeAll(async () => {
  fake = await startFakeSecrets();
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1);

describe('token creation', () => {
  it('creates a child token with policies, TTLs, uses and metadata, which its uses then spend', async () => {
    const admin = clientOf(fake);
    const child = await admin.token.create({
      policies: ['readonly'],
      ttl: '1h',
      explicit_max_ttl: '24h',
      num_uses: 2,
      display_name: 'ci',
      meta: { team: 'orders' },
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/token/create' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({
      policies: ['readonly'],
      ttl: '1h',
      explicit_max_ttl: '24h',
      num_uses: 2,
      display_name: 'ci',
      meta: { team: 'orders' },
    });
    expect(child).toMatchObject({ lease_duration: 3600, renewable: true, num_uses: 2, orphan: false });
    expect(child.policies).toEqual(['default', 'readonly']);
    const info = await admin.token.lookupAccessor(child.accessor);
    expect(last()?.path).toBe('/v1/auth/token/lookup-accessor');
    expect(info).toMatchObject({
      id: '',
      accessor: child.accessor,
      explicit_max_ttl: 86_400,
      num_uses: 2,
      meta: { team: 'orders' },
      display_name: 'token-ci',
      orphan: false,
    });
    const own = clientOf(fake, { token: child.client_token });
    await own.token.lookupSelf();
    await own.token.lookupSelf();
    expect(PermissionDeniedError.isInstance(await rejectionOf(own.token.lookupSelf()))).toBe(true);
  });

  it('creates orphans and tokens by a token role; revoking by accessor takes the children, not the orphans', async () => {
    const admin = clientOf(fake);
    const parent = await admin.token.create({ policies: ['root'], ttl: '1h' });
    const asParent = clientOf(fake, { token: parent.client_token });
    const child = await asParent.token.create({ ttl: '10m' });
    const orphan = await asParent.token.create({ ttl: '10m' }, { orphan: true });
    expect(last()?.path).toBe('/v1/auth/token/create-orphan');
    expect(orphan.orphan).toBe(true);
    fake.addTokenRole('service', { period: 3600, orphan: true, policies: ['app'] });
    const byRole = await asParent.token.create({}, { role: 'service' });
    expect(last()?.path).toBe('/v1/auth/token/create/service');
    expect(byRole).toMatchObject({ lease_duration: 3600, orphan: true });
    expect((await admin.token.lookupAccessor(byRole.accessor)).period).toBe(3600);

    await admin.token.revokeAccessor(parent.accessor);
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/auth/token/revoke-accessor' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({ accessor: parent.accessor });
    expect(fake.token(parent.client_token)).toBeUndefined();
    expect(fake.token(child.client_token)).toBeUndefined();
    expect(fake.token(orphan.client_token)).toBeDefined();
    expect(fake.token(byRole.client_token)).toBeDefined();
    const gone = await rejectionOf(admin.token.lookupAccessor(parent.accessor));
    expect(BadRequestError.isInstance(gone)).toBe(true);
    const unknownRole = await rejectionOf(admin.token.create({}, { role: 'nobody' }));
    expect((unknownRole as BadRequestError).status).toBe(400);
  });

  it('refuses before sending: orphan with a role, an unknown field, an empty accessor', async () => {
    const admin = clientOf(fake);
    await expectRejectedBeforeSending(
      fake,
      () => admin.token.create({}, { orphan: true, role: 'service' }),
      'orphan',
    );
    await expectRejectedBeforeSending(fake, () =>
      admin.token.create({ ttls: '1h' } as unknown as Parameters<typeof admin.token.create>[0]),
    );
    await expectRejectedBeforeSending(fake, () => admin.token.create({ num_uses: -1 }), 'num_uses');
    await expectRejectedBeforeSending(fake, () => admin.token.lookupAccessor(''), 'accessor');
    await expectRejectedBeforeSending(fake, () => admin.token.revokeAccessor(''), 'accessor');
  });
});

describe('capabilities-self', () => {
  it("answers what the token may do on each path, by the token's policy", async () => {
    const reader = fake.createToken({
      ttl: 600,
      policy: [
        { path: 'secret/data/app', capabilities: ['read', 'list'] },
        { path: 'secret/data/admin', capabilities: ['deny'] },
      ],
    });
    const client = clientOf(fake, { token: reader.token });
    const caps = await client.token.capabilitiesSelf([
      'secret/data/app',
      'secret/data/admin',
      'gcp/roleset/web',
    ]);
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/sys/capabilities-self' });
    expect(JSON.parse(last()?.body ?? '')).toEqual({
      paths: ['secret/data/app', 'secret/data/admin', 'gcp/roleset/web'],
    });
    expect(caps).toEqual({
      'secret/data/app': ['list', 'read'],
      'secret/data/admin': ['deny'],
      'gcp/roleset/web': ['deny'],
    });
    expect(await capabilitiesSelf(clientOf(fake).core, ['anything'])).toEqual({ anything: ['root'] });
    await expectRejectedBeforeSending(fake, () => client.token.capabilitiesSelf([]), 'paths');
  });
});
