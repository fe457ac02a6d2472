// Providers per CPU architecture, over real sockets against the fake registry: the `/api/v2` paths that
// key a provider by name and architecture, the default architecture each name has, a release of several
// architectures in one call, and a download by architecture; the `/api/v1` paths still reach the default.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, UnprocessableEntityError } from '../src/index.js';
import { ALICE_TOKEN, isA, readAll, sampleBytes, setup } from './support.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Requests the fake received under `/api/v2`, as `METHOD path`. */
function v2Calls(registry: Awaited<ReturnType<typeof setup>>['registry']): string[] {
  return registry.requests.filter((r) => r.path.startsWith('/api/v2/')).map((r) => `${r.method} ${r.path}`);
}

describe('providers per architecture', () => {
  it('publishes virtualbox on amd64 and arm64 and libvirt on amd64 in one call, then downloads the arm64 box', async () => {
    const { registry, alice, anonymous } = await setup();
    const { tag } = await alice.boxes.create({ name: 'multi', is_private: false });
    const images = {
      'virtualbox/amd64': sampleBytes(96 * 1024, 1),
      'virtualbox/arm64': sampleBytes(80 * 1024, 2),
      'libvirt/amd64': sampleBytes(64 * 1024, 3),
    };
    const release = await alice.versions.publish(tag, '1.0.0', {
      providers: [
        {
          name: 'virtualbox',
          architecture: 'amd64',
          asset: images['virtualbox/amd64'],
          default_architecture: true,
        },
        { name: 'virtualbox', architecture: 'arm64', asset: new Blob([images['virtualbox/arm64']]) },
        { name: 'libvirt', architecture: 'amd64', asset: images['libvirt/amd64'] },
      ],
    });
    expect(release.version.status).toBe('active');
    expect(release.providers.map((p) => [p.name, p.architecture, p.state])).toEqual([
      ['virtualbox', 'amd64', 'ready'],
      ['virtualbox', 'arm64', 'ready'],
      ['libvirt', 'amd64', 'ready'],
    ]);
    for (const [label, bytes] of Object.entries(images)) {
      const [name = '', architecture] = label.split('/');
      expect(registry.assetDigest(tag, '1.0.0', name, architecture)).toEqual({
        size: bytes.byteLength,
        sha256: sha256(bytes),
      });
    }
    // Every provider call named its architecture: created, uploaded, checksummed and read through /api/v2.
    const calls = v2Calls(registry);
    expect(calls).toContain(`POST /api/v2/box/${tag}/version/1.0.0/providers`);
    expect(calls).toContain(`GET /api/v2/box/${tag}/version/1.0.0/provider/virtualbox/arm64/upload`);
    expect(calls).toContain(`PUT /api/v2/box/${tag}/version/1.0.0/provider/virtualbox/arm64`);
    expect(calls).toContain(`GET /api/v2/box/${tag}/version/1.0.0/provider/libvirt/amd64`);

    const version = await anonymous.versions.read(tag, '1.0.0');
    expect(version.providers.map((p) => [p.name, p.architecture, p.default_architecture]).sort()).toEqual([
      ['libvirt', 'amd64', true],
      ['virtualbox', 'amd64', true],
      ['virtualbox', 'arm64', false],
    ]);

    const download = await anonymous.uploads.download(tag, '1.0.0', {
      name: 'virtualbox',
      architecture: 'arm64',
    });
    expect(download.provider).toMatchObject({ architecture: 'arm64', checksum_type: 'sha256' });
    expect(download.provider.download_url).toMatch(/\/providers\/virtualbox\/arm64\/vagrant\.box$/);
    expect(await readAll(download.body)).toEqual(images['virtualbox/arm64']);
    // The name alone (the /api/v1 paths) reaches the default architecture.
    const byName = await anonymous.uploads.download(tag, '1.0.0', 'virtualbox');
    expect(byName.provider.architecture).toBe('amd64');
    expect(await readAll(byName.body)).toEqual(images['virtualbox/amd64']);
  });

  it('creates, reads, updates and deletes each architecture, and moves the default architecture', async () => {
    const { registry, alice } = await setup();
    const { tag } = await alice.boxes.create({ name: 'arches' });
    await alice.versions.create(tag, { version: '2.0.0' });
    const amd = await alice.providers.create(tag, '2.0.0', {
      name: 'libvirt',
      architecture: 'amd64',
      url: 'https://downloads.example.com/amd64.box',
    });
    expect(amd).toMatchObject({ architecture: 'amd64', default_architecture: true });
    const arm = await alice.providers.create(tag, '2.0.0', {
      name: 'libvirt',
      architecture: 'arm64',
      url: 'https://downloads.example.com/arm64.box',
    });
    expect(arm).toMatchObject({ architecture: 'arm64', default_architecture: false });
    await expect(
      alice.providers.create(tag, '2.0.0', { name: 'libvirt', architecture: 'arm64' }),
    ).rejects.toSatisfy(isA(UnprocessableEntityError));

    const arm64 = { name: 'libvirt', architecture: 'arm64' } as const;
    expect((await alice.providers.read(tag, '2.0.0', arm64)).original_url).toBe(
      'https://downloads.example.com/arm64.box',
    );
    expect((await alice.providers.read(tag, '2.0.0', 'libvirt')).architecture).toBe('amd64');

    // The default architecture moves, and the name alone follows it.
    const made = await alice.providers.update(tag, '2.0.0', arm64, { default_architecture: true });
    expect(made.default_architecture).toBe(true);
    expect((await alice.providers.read(tag, '2.0.0', 'libvirt')).architecture).toBe('arm64');
    expect(
      (await alice.providers.read(tag, '2.0.0', { name: 'libvirt', architecture: 'amd64' }))
        .default_architecture,
    ).toBe(false);

    // An architecture can be renamed; deleting the default hands it to the one left.
    const renamed = await alice.providers.update(
      tag,
      '2.0.0',
      { name: 'libvirt', architecture: 'amd64' },
      {
        architecture: 'i386',
      },
    );
    expect(renamed.architecture).toBe('i386');
    const gone = await alice.providers.delete(tag, '2.0.0', arm64);
    expect(gone.architecture).toBe('arm64');
    expect(await alice.providers.read(tag, '2.0.0', 'libvirt')).toMatchObject({
      architecture: 'i386',
      default_architecture: true,
    });
    expect(v2Calls(registry)).toEqual([
      `POST /api/v2/box/${tag}/version/2.0.0/providers`,
      `POST /api/v2/box/${tag}/version/2.0.0/providers`,
      `POST /api/v2/box/${tag}/version/2.0.0/providers`,
      `GET /api/v2/box/${tag}/version/2.0.0/provider/libvirt/arm64`,
      `PUT /api/v2/box/${tag}/version/2.0.0/provider/libvirt/arm64`,
      `GET /api/v2/box/${tag}/version/2.0.0/provider/libvirt/amd64`,
      `PUT /api/v2/box/${tag}/version/2.0.0/provider/libvirt/amd64`,
      `DELETE /api/v2/box/${tag}/version/2.0.0/provider/libvirt/arm64`,
    ]);
  });

  it('uploads one architecture in the direct form, its callback under /api/v2', async () => {
    const { registry, alice } = await setup();
    const { tag } = await alice.boxes.create({ name: 'direct' });
    await alice.versions.create(tag, { version: '1.0.0' });
    const arm64 = { name: 'virtualbox', architecture: 'arm64' } as const;
    await alice.providers.create(tag, '1.0.0', { ...arm64, default_architecture: true });
    const prepared = await alice.uploads.prepareDirect(tag, '1.0.0', arm64);
    expect(prepared.callback).toContain(
      `/api/v2/box/${tag}/version/1.0.0/provider/virtualbox/arm64/upload/direct/`,
    );
    const bytes = sampleBytes(40 * 1024, 5);
    const result = await alice.uploads.upload(tag, '1.0.0', arm64, bytes, {
      direct: true,
      checksum: 'sha256',
    });
    expect(result).toMatchObject({ direct: true, checksum: sha256(bytes) });
    expect(result.provider).toMatchObject({ architecture: 'arm64', hosted: true, checksum: sha256(bytes) });
    expect(await registry.asset(tag, '1.0.0', 'virtualbox', 'arm64')).toEqual(bytes);
    const plain = await alice.uploads.prepare(tag, '1.0.0', arm64);
    expect(plain.upload_path).toMatch(/\/storage\//);
  });

  it('refuses architecture fields that cannot reach the right provider, before sending', async () => {
    const { registry, alice } = await setup();
    const sent = registry.requests.length;
    const refusals = [
      () => alice.providers.create('alice/x', '1', { name: 'vb', default_architecture: true }),
      () => alice.providers.create('alice/x', '1', { name: 'vb', architecture: '' }),
      () => alice.providers.update('alice/x', '1', 'vb', { default_architecture: true }),
      () => alice.providers.read('alice/x', '1', { name: 'vb', architecture: '' }),
      () => alice.providers.read('alice/x', '1', { name: 'vb', architecture: '..' }),
      () =>
        alice.versions.publish('alice/x', '1', {
          providers: [
            { name: 'vb', url: 'https://example.com/a.box' },
            { name: 'vb', architecture: 'arm64', url: 'https://example.com/b.box' },
          ],
        }),
      () =>
        alice.versions.publish('alice/x', '1', {
          providers: [
            { name: 'vb', architecture: 'arm64', url: 'https://example.com/a.box' },
            { name: 'vb', architecture: 'arm64', url: 'https://example.com/b.box' },
          ],
        }),
    ];
    for (const refused of refusals) await expect(refused()).rejects.toSatisfy(isA(RequestValidationError));
    expect(registry.requests.length).toBe(sent);
  });

  it('keeps one provider per name on the /api/v1 paths', async () => {
    const { alice } = await setup();
    const { tag } = await alice.boxes.create({ name: 'legacy' });
    await alice.versions.create(tag, { version: '1.0.0' });
    const created = await alice.providers.create(tag, '1.0.0', { name: 'vb' });
    expect(created).toMatchObject({ architecture: 'unknown', default_architecture: true });
    expect(created.download_url).toMatch(/\/providers\/vb\.box$/);
    await expect(
      alice.providers.create(tag, '1.0.0', { name: 'vb', architecture: 'arm64' }),
    ).resolves.toMatchObject({ architecture: 'arm64', default_architecture: false });
    await expect(alice.providers.create(tag, '1.0.0', { name: 'vb' })).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );
  });

  it('the fake serves the box, version and search endpoints under /api/v2 as under /api/v1', async () => {
    const { registry, alice } = await setup();
    const { tag } = await alice.boxes.create({ name: 'both', is_private: false });
    await alice.versions.create(tag, { version: '1.0.0' });
    await alice.providers.create(tag, '1.0.0', {
      name: 'vb',
      architecture: 'arm64',
      url: 'https://example.com/a.box',
    });
    const get = async (path: string) => {
      const response = await fetch(`${registry.url}${path}`, {
        headers: { authorization: `Bearer ${ALICE_TOKEN}` },
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await get(`/api/v2/box/${tag}`)).toEqual(await get(`/api/v1/box/${tag}`));
    const version = await get(`/api/v2/box/${tag}/version/1.0.0`);
    expect(version.providers).toEqual([
      expect.objectContaining({ name: 'vb', architecture: 'arm64', default_architecture: true }),
    ]);
    const created = await fetch(`${registry.url}/api/v2/box/${tag}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: { version: '2.0.0' } }),
    });
    expect(created.status).toBe(201);
    expect((await alice.versions.read(tag, '2.0.0')).status).toBe('unreleased');
  });
});
