import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  createMeshCore,
  createNamespace,
  deleteNamespace,
  listNamespaces,
  NotFoundError,
  readNamespace,
  updateNamespace,
} from '../src/index.js';
import { clientOf, failure, trackFakes } from './support.js';

const start = trackFakes();

const policies = [
  { id: '77117cf6-d976-79b0-d63b-5a36ac69c8f1', name: 'service-read' },
  { id: 'af937401-9950-fcae-8396-610ce047649a', name: 'node-read' },
];
const roles = [
  { id: '69748856-ae69-d620-3ec4-07844b3c6be7', name: 'service-discovery' },
  { id: 'ae4b3542-d824-eb5f-7799-3fd657847e4e', name: 'ns-team-2-read' },
];

describe('namespaces over HTTP', () => {
  it('creates a namespace, resolving ACL links given by ID or Name to both', async () => {
    const fake = await start({ policies, roles });
    const mesh = clientOf(fake);
    const { data, meta } = await mesh.namespaces
      .create({
        Name: 'team-1',
        Description: 'Namespace for Team 1',
        ACLs: {
          PolicyDefaults: [{ ID: '77117cf6-d976-79b0-d63b-5a36ac69c8f1' }, { Name: 'node-read' }],
          RoleDefaults: [{ ID: '69748856-ae69-d620-3ec4-07844b3c6be7' }, { Name: 'ns-team-2-read' }],
        },
        Meta: { foo: 'bar' },
      })
      .withMeta();
    expect(meta.status).toBe(200);
    expect(data).toEqual({
      Name: 'team-1',
      Description: 'Namespace for Team 1',
      ACLs: {
        PolicyDefaults: [
          { ID: '77117cf6-d976-79b0-d63b-5a36ac69c8f1', Name: 'service-read' },
          { ID: 'af937401-9950-fcae-8396-610ce047649a', Name: 'node-read' },
        ],
        RoleDefaults: [
          { ID: '69748856-ae69-d620-3ec4-07844b3c6be7', Name: 'service-discovery' },
          { ID: 'ae4b3542-d824-eb5f-7799-3fd657847e4e', Name: 'ns-team-2-read' },
        ],
      },
      Meta: { foo: 'bar' },
      CreateIndex: fake.index,
      ModifyIndex: fake.index,
    });
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('PUT');
    expect(sent?.path).toBe('/v1/namespace');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      Name: 'team-1',
      Description: 'Namespace for Team 1',
      ACLs: {
        PolicyDefaults: [{ ID: '77117cf6-d976-79b0-d63b-5a36ac69c8f1' }, { Name: 'node-read' }],
        RoleDefaults: [{ ID: '69748856-ae69-d620-3ec4-07844b3c6be7' }, { Name: 'ns-team-2-read' }],
      },
      Meta: { foo: 'bar' },
    });
  });

  it('reads a namespace with its blocking-query metadata', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1', Description: 'one' });
    const { data, meta } = await mesh.namespaces.read('team-1').withMeta();
    expect(data.Name).toBe('team-1');
    expect(data.Description).toBe('one');
    expect(data.DeletedAt).toBeUndefined();
    expect(meta.index).toBe(fake.index);
    expect(meta.knownLeader).toBe(true);
    expect(meta.lastContact).toBe(0);
    expect(fake.requests.at(-1)?.path).toBe('/v1/namespace/team-1');
  });

  it('reads the built-in default namespace, and lists it first', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    expect((await mesh.namespaces.read('default')).Name).toBe('default');
    await mesh.namespaces.create({ Name: 'alpha' });
    const names = (await mesh.namespaces.list()).map((namespace) => namespace.Name);
    expect(names).toEqual(['alpha', 'default']);
  });

  it('updates a namespace as a full replace, with or without Name in the body', async () => {
    const fake = await start({ policies });
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1', Description: 'old', Meta: { a: '1' } });
    const updated = await mesh.namespaces.update('team-1', {
      Description: 'new',
      ACLs: { PolicyDefaults: [{ Name: 'node-read' }] },
    });
    expect(updated).toMatchObject({
      Name: 'team-1',
      Description: 'new',
      ACLs: {
        PolicyDefaults: [{ ID: 'af937401-9950-fcae-8396-610ce047649a', Name: 'node-read' }],
        RoleDefaults: [],
      },
    });
    // Meta was left out of the update, so it is gone.
    expect(updated.Meta).toBeUndefined();
    expect(updated.ModifyIndex).toBeGreaterThan(updated.CreateIndex ?? 0);
    const named = await mesh.namespaces.update('team-1', { Name: 'team-1', Description: '' });
    expect(named.Description).toBeUndefined();
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({ Name: 'team-1', Description: '' });
  });

  it('sends null ACL lists and metadata as null, and the server reads them as empty', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const created = await mesh.namespaces.create({
      Name: 'nulls',
      ACLs: { PolicyDefaults: null, RoleDefaults: null },
      Meta: null,
    });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({
      Name: 'nulls',
      ACLs: { PolicyDefaults: null, RoleDefaults: null },
      Meta: null,
    });
    expect(created.ACLs).toEqual({ PolicyDefaults: [], RoleDefaults: [] });
    expect(created.Meta).toBeUndefined();
  });

  it('round-trips a namespace just read into an update, leaving the server-managed fields out', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'team-1', Meta: { keep: 'me' } });
    const current = await mesh.namespaces.read('team-1');
    const updated = await mesh.namespaces.update('team-1', { ...current, Description: 'changed' });
    expect(updated).toMatchObject({ Name: 'team-1', Description: 'changed', Meta: { keep: 'me' } });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({
      Name: 'team-1',
      Description: 'changed',
      Meta: { keep: 'me' },
    });
  });

  it('deletes a namespace: no body, success by status', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'gone' });
    const { data, meta } = await mesh.namespaces.delete('gone').withMeta();
    expect(data).toBeUndefined();
    expect(meta.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/namespace/gone', body: '' });
  });

  it('works through the standalone operations and one core', async () => {
    const fake = await start();
    const core = createMeshCore({ baseUrl: fake.url });
    await createNamespace(core, { Name: 'solo' });
    expect((await readNamespace(core, 'solo')).Name).toBe('solo');
    expect((await updateNamespace(core, 'solo', { Description: 'd' })).Description).toBe('d');
    expect((await listNamespaces(core)).map((namespace) => namespace.Name)).toContain('solo');
    await deleteNamespace(core, 'solo');
    expect((await readNamespace(core, 'solo')).DeletedAt).toEqual(expect.any(String));
  });

  it('maps the server errors to core classes', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    const missing = await failure(mesh.namespaces.read('nowhere'));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    expect((missing as NotFoundError).body).toBe('Namespace not found: nowhere');
    expect(NotFoundError.isInstance(await failure(mesh.namespaces.update('nowhere', {})))).toBe(true);
    expect(NotFoundError.isInstance(await failure(mesh.namespaces.delete('nowhere')))).toBe(true);

    await mesh.namespaces.create({ Name: 'team-1' });
    const taken = await failure(mesh.namespaces.create({ Name: 'TEAM-1' }));
    expect(ApiError.isInstance(taken)).toBe(true);
    expect((taken as ApiError).status).toBe(409);
    expect((taken as ApiError).message).toContain('already exists');

    const builtin = await failure(mesh.namespaces.delete('default'));
    expect(BadRequestError.isInstance(builtin)).toBe(true);
    expect((builtin as BadRequestError).body).toBe('The default namespace cannot be deleted');
  });

  it('compares names case-insensitively, as DNS labels', async () => {
    const fake = await start();
    const mesh = clientOf(fake);
    await mesh.namespaces.create({ Name: 'Team-A' });
    expect((await mesh.namespaces.read('team-a')).Name).toBe('Team-A');
  });
});
