import { describe, expect, it } from 'vitest';
import { type ApiError, BadRequestError, ConnectionError } from '../src/index.js';
import { type FakeMeshNamespaceSeed, startFakeMesh } from '../src/testing/index.js';
import { clientOf, failure, trackFakes } from './support.js';

const start = trackFakes();

describe('the fake mesh server', () => {
  it('starts with the built-in default namespace and the seeds, and shows its state', async () => {
    const fake = await start({
      policies: [{ name: 'p' }],
      namespaces: [
        { Name: 'seeded', Description: 'from options', ACLs: { PolicyDefaults: [{ Name: 'p' }] } },
      ],
    });
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.namespaces().map((namespace) => namespace.Name)).toEqual(['default', 'seeded']);
    expect(fake.namespace('default')).toEqual({
      Name: 'default',
      Description: 'Builtin Default Namespace',
      CreateIndex: 1,
      ModifyIndex: 1,
    });
    const before = fake.index;
    const seeded = fake.seedNamespace({ Name: 'later', Meta: { k: 'v' } });
    expect(seeded).toEqual({
      Name: 'later',
      Meta: { k: 'v' },
      CreateIndex: before + 1,
      ModifyIndex: before + 1,
    });
    expect(fake.index).toBe(before + 1);
    expect(fake.namespace('SEEDED')?.ACLs?.PolicyDefaults?.[0]?.Name).toBe('p');
    expect(fake.namespace('missing')).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses invalid seeds', async () => {
    const fake = await start();
    expect(() => fake.seedNamespace({ Name: 'not a label' })).toThrow('DNS hostname label');
    expect(() => fake.seedNamespace({} as FakeMeshNamespaceSeed)).toThrow('Name is required');
    expect(() =>
      fake.seedNamespace({ Name: 'x', Meta: { a: 1 } } as unknown as FakeMeshNamespaceSeed),
    ).toThrow('Meta.a');
    await expect(startFakeMesh({ namespaces: [{ Name: 'default' }] })).rejects.toThrow('already exists');
  });

  it('answers malformed requests with 400 in plain text, as the upstream server does', async () => {
    const fake = await start();
    const mesh = clientOf(fake, { retry: false });
    const cases: [Parameters<typeof mesh.request>[0], string][] = [
      [{ method: 'PUT', path: '/namespace', body: {} }, 'Namespace Name is required'],
      [
        { method: 'PUT', path: '/namespace', body: { Name: 'bad_name' } },
        'must be a valid DNS hostname label',
      ],
      [
        { method: 'PUT', path: '/namespace', body: { Name: 'x', Description: 3 } },
        'Request decode failed: Description',
      ],
      [{ method: 'PUT', path: '/namespace', body: [1] }, 'Request decode failed: body'],
      [{ method: 'PUT', path: '/namespace/default', body: { Name: 'other' } }, 'does not match the path'],
      [{ method: 'PUT', path: '/namespace/default' }, 'the body is empty'],
      [
        { method: 'GET', path: '/namespaces', query: { stale: true, consistent: true } },
        'conflicting semantics',
      ],
      [{ method: 'GET', path: '/namespaces', query: { index: 'x' } }, 'invalid index'],
    ];
    for (const [request, message] of cases) {
      const error = await failure(mesh.request(request));
      expect(BadRequestError.isInstance(error), message).toBe(true);
      expect((error as BadRequestError).body).toContain(message);
    }
    const raw = await fetch(`${fake.url}/v1/namespace`, { method: 'PUT', body: '{"Name":' });
    expect(raw.status).toBe(400);
  });

  it('answers other methods on its paths with 405', async () => {
    const fake = await start();
    const mesh = clientOf(fake, { retry: false });
    for (const path of ['/namespace', '/namespace/default', '/namespaces']) {
      const error = await failure(mesh.request({ method: 'POST', path }));
      expect((error as ApiError).status).toBe(405);
    }
  });

  it('uses the configured default wait when a blocking query names no wait', async () => {
    const fake = await start({ blocking: { defaultWaitMs: 20, maxWaitMs: 40 } });
    const mesh = clientOf(fake);
    const { meta } = await mesh
      .request({ method: 'GET', path: '/namespaces', query: { index: fake.index } })
      .withMeta();
    expect(meta.index).toBe(fake.index);
  });

  it('gzips responses when asked to', async () => {
    const fake = await start({ gzip: true });
    const { data, meta } = await clientOf(fake).namespaces.list().withMeta();
    expect(meta.headers['content-encoding']).toBe('gzip');
    expect(data.map((namespace) => namespace.Name)).toEqual(['default']);
  });

  it('stops with close(), or at the end of an await using block, also with removals pending', async () => {
    let url: string;
    {
      await using fake = await startFakeMesh({ deletionDelayMs: 60_000 });
      url = fake.url;
      const mesh = clientOf(fake);
      await mesh.namespaces.create({ Name: 'pending' });
      await mesh.namespaces.delete('pending');
    }
    const error = await failure(clientOf({ url }, { retry: false }).namespaces.list());
    expect(ConnectionError.isInstance(error)).toBe(true);
  });
});
