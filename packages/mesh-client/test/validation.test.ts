import { describe, expect, it } from 'vitest';
import { type NamespaceCreate, type NamespaceUpdate, RequestValidationError } from '../src/index.js';
import { clientOf, expectRefusedBeforeSending, failure, trackFakes } from './support.js';

const start = trackFakes();

describe('input checked before sending', () => {
  it('refuses a create without a Name, or with a Name that is no DNS label', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await expectRefusedBeforeSending(fake, () => mesh.namespaces.create({} as NamespaceCreate), 'Name');
    for (const Name of ['', '-team', 'team-', 'team_1', 'team.1', 'a'.repeat(64), 'tëam']) {
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.create({ Name }), 'Name');
    }
    expect(fake.namespaces().map((namespace) => namespace.Name)).toEqual(['default']);
  });

  it('accepts the longest label and single characters', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'a'.repeat(63) });
    await mesh.namespaces.create({ Name: '7' });
    expect(fake.namespaces()).toHaveLength(3);
  });

  it('refuses fields of the wrong type and unknown fields', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const bad = (body: Record<string, unknown>) => () =>
      mesh.namespaces.create(body as unknown as NamespaceCreate);
    await expectRefusedBeforeSending(fake, bad({ Name: 'x', Description: 5 }), 'Description');
    await expectRefusedBeforeSending(fake, bad({ Name: 'x', Meta: { a: 1 } }), 'Meta.a');
    await expectRefusedBeforeSending(fake, bad({ Name: 'x', description: 'typo' }), 'description');
    const typo = await failure(mesh.namespaces.create({ Name: 'x', description: 'typo' } as NamespaceCreate));
    expect((typo as RequestValidationError).issues[0]?.message).toBe(
      'is not a field; did you mean `Description`? (names are case-sensitive)',
    );
    const far = await failure(mesh.namespaces.create({ Name: 'x', Owner: 'team' } as NamespaceCreate));
    expect((far as RequestValidationError).issues[0]?.message).toBe(
      'is not a field; the fields are Name, Partition, Description, ACLs, Meta',
    );
    await expectRefusedBeforeSending(fake, bad({ Name: 'x', ACLs: { Policies: [] } }), 'ACLs.Policies');
    await expectRefusedBeforeSending(
      fake,
      bad({ Name: 'x', ACLs: { PolicyDefaults: {} } }),
      'ACLs.PolicyDefaults',
    );
  });

  it('says where a field given at the wrong level belongs, in a create and in an update', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const misplaced = { Name: 'team-1', PolicyDefaults: [{ Name: 'node-read' }] };
    const created = await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.create(misplaced as NamespaceCreate),
      'PolicyDefaults',
    );
    expect(created.issues[0]?.message).toBe('is not a field here; `PolicyDefaults` belongs in `ACLs`');
    const link = await failure(
      mesh.namespaces.create({
        Name: 'x',
        ACLs: { RoleDefaults: [{ Name: 'r', RoleDefaults: [] }] },
      } as unknown as NamespaceCreate),
    );
    expect((link as RequestValidationError).issues[0]?.message).toBe(
      'is not a field here; `RoleDefaults` belongs in `ACLs`',
    );
    await mesh.namespaces.create({ Name: 'team-1' });
    // An update lets a newer server's PascalCase fields through, but not one of its own nested blocks.
    const updated = await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.update('team-1', { RoleDefaults: [{ Name: 'reader' }] } as NamespaceUpdate),
      'RoleDefaults',
    );
    expect(updated.issues[0]?.message).toBe('is not a field here; `RoleDefaults` belongs in `ACLs`');
    await mesh.namespaces.update('team-1', { Description: 'd', FutureField: 1 } as NamespaceUpdate);
  });

  it('refuses an ACL link with neither ID nor Name, an empty one, or an unknown field', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const links = (link: Record<string, unknown>) => () =>
      mesh.namespaces.create({ Name: 'x', ACLs: { RoleDefaults: [link] } } as NamespaceCreate);
    await expectRefusedBeforeSending(fake, links({}), 'ACLs.RoleDefaults.0');
    await expectRefusedBeforeSending(fake, links({ ID: '' }), 'ACLs.RoleDefaults.0.ID');
    await expectRefusedBeforeSending(fake, links({ Name: '' }), 'ACLs.RoleDefaults.0.Name');
    await expectRefusedBeforeSending(fake, links({ Name: 'r', Rules: 'x' }), 'ACLs.RoleDefaults.0.Rules');
  });

  it('refuses an update whose Name differs from the name in the path', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1' });
    const before = fake.requests.length;
    const error = await failure(mesh.namespaces.update('team-1', { Name: 'team-2' }));
    expect(RequestValidationError.isInstance(error)).toBe(true);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'Name', message: 'must equal the name in the path ("team-1"), got "team-2"' },
    ]);
    // Equal means equal: a label that differs only in case is refused too.
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.update('team-1', { Name: 'Team-1' }),
      'Name',
    );
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.update('team-1', { Name: 'bad_name' } as NamespaceUpdate),
      'Name',
    );
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a path name that is no DNS label on every endpoint, so nothing can escape the path', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    for (const name of ['', '..', 'a/b', 'a?b', 'a#b', '%2e%2e', 'x'.repeat(64)]) {
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.read(name), 'name');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.update(name, {}), 'name');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.delete(name), 'name');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.waitUntilDeleted(name), 'name');
      await expectRefusedBeforeSending(fake, () => mesh.namespaces.watch(name).next(), 'name');
    }
  });

  it('refuses bad blocking options', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await expectRefusedBeforeSending(fake, () => mesh.namespaces.read('default', { index: -1 }), 'index');
    await expectRefusedBeforeSending(fake, () => mesh.namespaces.list({ index: 1.5 }), 'index');
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.list({ consistency: 'eventual' as 'stale' }),
      'consistency',
    );
    await expectRefusedBeforeSending(
      fake,
      () => mesh.namespaces.list({ wait: true as unknown as number }),
      'wait',
    );
    const before = fake.requests.length;
    for (const wait of ['soon', -5]) {
      const error = await failure(mesh.namespaces.list({ index: 1, wait }));
      expect(RequestValidationError.isInstance(error)).toBe(true);
      expect(
        RequestValidationError.isInstance(await failure(mesh.namespaces.watchList({ wait }).next())),
      ).toBe(true);
      expect(
        RequestValidationError.isInstance(await failure(mesh.namespaces.waitUntilDeleted('x', { wait }))),
      ).toBe(true);
    }
    expect(
      RequestValidationError.isInstance(
        await failure(mesh.namespaces.waitUntilDeleted('x', { pollInterval: 'never' })),
      ),
    ).toBe(true);
    expect(fake.requests.length).toBe(before);
  });
});

describe('read-modify-write', () => {
  it('sends back fields a newer server added, and still refuses lower-case typos on update', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1', Description: 'old' });
    // What a newer server might return: a field this client does not know.
    const read = { ...(await mesh.namespaces.read('team-1')), Partition: 'default' };
    await mesh.namespaces.update('team-1', { ...read, Description: 'new' });
    const sent = JSON.parse(fake.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ Name: 'team-1', Description: 'new', Partition: 'default' });
    expect(sent).not.toHaveProperty('CreateIndex');
    const typo = await failure(mesh.namespaces.update('team-1', { description: 'x' } as NamespaceUpdate));
    expect((typo as RequestValidationError).issues[0]?.path).toBe('description');
  });
});
