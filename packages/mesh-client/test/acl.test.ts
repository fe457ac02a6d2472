import { describe, expect, it } from 'vitest';
import { BadRequestError, PermissionDeniedError } from '../src/index.js';
import { GLOBAL_MANAGEMENT_POLICY_ID } from '../src/testing/index.js';
import { clientOf, failure, trackFakes } from './support.js';

const start = trackFakes();

const names = (list: readonly { Name: string }[]) => list.map((namespace) => namespace.Name);

describe('ACL links', () => {
  it('an unknown policy or role in a link is a 400, and nothing is stored', async () => {
    const fake = await start({ policies: [{ name: 'known' }] });
    const mesh = clientOf(fake);
    const byName = await failure(
      mesh.namespaces.create({
        Name: 'x',
        ACLs: { PolicyDefaults: [{ Name: 'known' }, { Name: 'unknown' }] },
      }),
    );
    expect(BadRequestError.isInstance(byName)).toBe(true);
    expect((byName as BadRequestError).body).toBe(
      'Invalid ACL link in ACLs.PolicyDefaults[1]: no policy with Name "unknown"',
    );
    const byId = await failure(
      mesh.namespaces.create({ Name: 'x', ACLs: { RoleDefaults: [{ ID: 'nope' }] } }),
    );
    expect((byId as BadRequestError).body).toBe(
      'Invalid ACL link in ACLs.RoleDefaults[0]: no role with ID "nope"',
    );
    expect(fake.namespace('x')).toBeUndefined();
  });

  it('stores a name as an id: a renamed policy shows its new name; an ID decides over a Name', async () => {
    const fake = await start({
      policies: [
        { id: 'p-1', name: 'old-name' },
        { id: 'p-2', name: 'other' },
      ],
    });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({
      Name: 'team-1',
      ACLs: { PolicyDefaults: [{ Name: 'old-name' }, { ID: 'p-2', Name: 'ignored' }] },
    });
    fake.putPolicy({ id: 'p-1', name: 'new-name' });
    const read = await mesh.namespaces.read('team-1');
    expect(read.ACLs?.PolicyDefaults).toEqual([
      { ID: 'p-1', Name: 'new-name' },
      { ID: 'p-2', Name: 'other' },
    ]);
  });

  it('resolves role links, including roles added while running', async () => {
    const fake = await start({ policies: [{ name: 'reader', rules: ['namespace:*:read'] }] });
    const role = fake.putRole({ name: 'readers', policies: ['reader'] });
    const mesh = clientOf(fake);
    const created = await mesh.namespaces.create({
      Name: 'team-1',
      ACLs: { RoleDefaults: [{ Name: 'readers' }] },
    });
    expect(created.ACLs?.RoleDefaults).toEqual([role]);
    expect(created.ACLs?.PolicyDefaults).toEqual([]);
    expect(() => fake.putRole({ name: 'broken', policies: ['missing'] })).toThrow('unknown policy "missing"');
    expect(() => fake.putPolicy({ id: 'another-id', name: 'reader' })).toThrow('already exists');
  });
});

describe('tokens', () => {
  async function aclFake() {
    const fake = await start({
      policies: [
        { name: 'operator-read', rules: ['operator:read'] },
        { name: 'operator-write', rules: ['operator:write'] },
        { name: 'reader', rules: ['namespace:*:read'] },
      ],
      roles: [{ name: 'operators', policies: ['operator-write'] }],
      acl: {
        tokens: [
          { secret: 'root', policies: [GLOBAL_MANAGEMENT_POLICY_ID] },
          { secret: 'op-read', rules: ['operator:read'] },
          { secret: 'op-write', roles: ['operators'] },
          { secret: 'teams', rules: ['namespace:team-*:read', 'namespace:team-2:deny'] },
          { secret: 'one', policies: ['reader'], rules: ['namespace:team-1:read', 'namespace:*:deny'] },
        ],
      },
    });
    const root = clientOf(fake, { token: 'root' });
    for (const Name of ['team-1', 'team-2', 'team-3', 'other']) await root.namespaces.create({ Name });
    return fake;
  }

  it('sends the token in X-Mesh-Token', async () => {
    const fake = await aclFake();
    expect(fake.requests.at(-1)?.headers['x-mesh-token']).toBe('root');
  });

  it('operator:read reads and lists everything but cannot write', async () => {
    const fake = await aclFake();
    const mesh = clientOf(fake, { token: 'op-read' });
    expect(names(await mesh.namespaces.list())).toEqual(['default', 'other', 'team-1', 'team-2', 'team-3']);
    expect((await mesh.namespaces.read('other')).Name).toBe('other');
    for (const call of [
      () => mesh.namespaces.create({ Name: 'new' }),
      () => mesh.namespaces.update('other', {}),
      () => mesh.namespaces.delete('other'),
    ]) {
      const error = await failure(call());
      expect(PermissionDeniedError.isInstance(error)).toBe(true);
      expect((error as PermissionDeniedError).body).toBe(
        "Permission denied: token lacks permission 'operator:write'",
      );
    }
  });

  it('operator:write through a role creates, updates and deletes', async () => {
    const fake = await aclFake();
    const mesh = clientOf(fake, { token: 'op-write' });
    await mesh.namespaces.create({ Name: 'new' });
    await mesh.namespaces.update('new', { Description: 'd' });
    await mesh.namespaces.delete('new');
    expect(fake.namespace('new')?.DeletedAt).toEqual(expect.any(String));
  });

  it('namespace read rules filter lists and guard reads; the most specific rule wins', async () => {
    const fake = await aclFake();
    const teams = clientOf(fake, { token: 'teams' });
    expect(names(await teams.namespaces.list())).toEqual(['team-1', 'team-3']);
    expect((await teams.namespaces.read('team-3')).Name).toBe('team-3');
    const denied = await failure(teams.namespaces.read('team-2'));
    expect(PermissionDeniedError.isInstance(denied)).toBe(true);
    expect((denied as PermissionDeniedError).body).toBe(
      "Permission denied: token lacks permission 'namespace:team-2:read'",
    );
    expect(PermissionDeniedError.isInstance(await failure(teams.namespaces.read('other')))).toBe(true);
    // Direct rules and directly linked policies merge: deny beats read at the same specificity.
    const one = clientOf(fake, { token: 'one' });
    expect(names(await one.namespaces.list())).toEqual(['team-1']);
  });

  it('without a token (anonymous) the default policy decides: deny hides everything', async () => {
    const fake = await aclFake();
    const anonymous = clientOf(fake);
    expect(await anonymous.namespaces.list()).toEqual([]);
    expect(PermissionDeniedError.isInstance(await failure(anonymous.namespaces.read('default')))).toBe(true);
    expect(PermissionDeniedError.isInstance(await failure(anonymous.namespaces.create({ Name: 'x' })))).toBe(
      true,
    );
  });

  it('an unknown token is a 403 "ACL not found"', async () => {
    const fake = await aclFake();
    const error = await failure(clientOf(fake, { token: 'forged' }).namespaces.list());
    expect(PermissionDeniedError.isInstance(error)).toBe(true);
    expect((error as PermissionDeniedError).body).toBe('ACL not found');
  });

  it('default policy allow lets a token without rules do everything', async () => {
    const fake = await start({ acl: { defaultPolicy: 'allow', tokens: [{ secret: 'plain' }] } });
    const mesh = clientOf(fake, { token: 'plain' });
    await mesh.namespaces.create({ Name: 'free' });
    expect(names(await clientOf(fake).namespaces.list())).toEqual(['default', 'free']);
  });

  it('default policies and roles of the token namespace apply where no direct rule concerns the resource', async () => {
    const fake = await start({
      policies: [
        { name: 'admin', rules: ['operator:write'] },
        { name: 'see-team-2', rules: ['namespace:team-2:read'] },
      ],
      roles: [{ name: 'team-2-viewers', policies: ['see-team-2'] }],
      acl: { tokens: [{ secret: 'root', rules: ['operator:write'] }] },
    });
    const root = clientOf(fake, { token: 'root' });
    await root.namespaces.create({ Name: 'team-2' });
    await root.namespaces.create({ Name: 'other' });
    await root.namespaces.create({
      Name: 'team-1',
      ACLs: { PolicyDefaults: [{ Name: 'admin' }], RoleDefaults: [{ Name: 'team-2-viewers' }] },
    });
    fake.addToken({ secret: 'in-team-1', namespace: 'team-1' });
    fake.addToken({ secret: 'direct-read', namespace: 'team-1', rules: ['operator:read'] });

    // No direct rules: the namespace defaults grant operator:write (and with it operator:read).
    const defaults = clientOf(fake, { token: 'in-team-1' });
    await defaults.namespaces.create({ Name: 'made-by-default' });
    expect(names(await defaults.namespaces.list())).toContain('other');

    // A directly linked read grant wins over the default write grant.
    const direct = clientOf(fake, { token: 'direct-read' });
    expect(names(await direct.namespaces.list())).toContain('team-2');
    expect(PermissionDeniedError.isInstance(await failure(direct.namespaces.create({ Name: 'nope' })))).toBe(
      true,
    );

    // A token in a namespace without defaults falls back to the default policy (deny).
    fake.addToken({ secret: 'in-other', namespace: 'other', rules: ['namespace:team-2:read'] });
    expect(names(await clientOf(fake, { token: 'in-other' }).namespaces.list())).toEqual(['team-2']);
  });

  it('refuses tokens that link unknown policies or roles, and tokens while ACLs are off', async () => {
    const fake = await start({ acl: {} });
    expect(() => fake.addToken({ secret: 's', policies: ['missing'] })).toThrow('unknown policy');
    expect(() => fake.addToken({ secret: 's', roles: ['missing'] })).toThrow('unknown role');
    expect(() => fake.addToken({ secret: '' })).toThrow('non-empty secret');
    const open = await start();
    expect(() => open.addToken({ secret: 's' })).toThrow('acl option');
    // ACLs off: any token, or none, may do everything.
    await clientOf(open, { token: 'anything' }).namespaces.create({ Name: 'fine' });
  });
});
