import { describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError, UnprocessableEntityError } from '../src/index.js';
import { isA, setup } from './support.js';

const MD5 = 'a59e7332e8bbe896f11f478fc61fa8a6';

describe('providers', () => {
  it('creates, reads, updates and deletes a provider, wrapping fields as { provider: {...} }', async () => {
    const { registry, alice } = await setup();
    await alice.boxes.create({ name: 'prov' });
    await alice.versions.create('alice/prov', { version: '1.2.3' });
    const created = await alice.providers.create('alice/prov', '1.2.3', {
      name: 'virtualbox',
      url: 'https://example.com/virtualbox-1.2.3.box',
      checksum: MD5,
      checksum_type: 'md5',
    });
    expect(created).toMatchObject({
      name: 'virtualbox',
      hosted: false,
      hosted_token: null,
      original_url: 'https://example.com/virtualbox-1.2.3.box',
      checksum: MD5,
      checksum_type: 'md5',
      download_url: `${registry.url}/alice/boxes/prov/versions/1.2.3/providers/virtualbox.box`,
    });
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      provider: {
        name: 'virtualbox',
        url: 'https://example.com/virtualbox-1.2.3.box',
        checksum: MD5,
        checksum_type: 'md5',
      },
    });

    expect(await alice.providers.read('alice/prov', '1.2.3', 'virtualbox')).toEqual(created);
    const version = await alice.versions.read('alice/prov', '1.2.3');
    expect(version.providers).toEqual([expect.objectContaining({ name: 'virtualbox' })]);
    expect(version.providers[0]).not.toHaveProperty('checksum');

    const moved = await alice.providers.update('alice/prov', '1.2.3', 'virtualbox', {
      url: 'https://mirror.example/v.box',
    });
    expect(moved.original_url).toBe('https://mirror.example/v.box');
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      provider: { url: 'https://mirror.example/v.box' },
    });

    const renamed = await alice.providers.update('alice/prov', '1.2.3', 'virtualbox', {
      name: 'vmware_desktop',
    });
    expect(renamed.name).toBe('vmware_desktop');
    await expect(alice.providers.read('alice/prov', '1.2.3', 'virtualbox')).rejects.toSatisfy(
      isA(NotFoundError),
    );

    expect((await alice.providers.delete('alice/prov', '1.2.3', 'vmware_desktop')).name).toBe(
      'vmware_desktop',
    );
    expect((await alice.versions.read('alice/prov', '1.2.3')).providers).toEqual([]);
  });

  it('refuses a second provider of the same name with 422', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'dup' });
    await alice.versions.create('alice/dup', { version: '1' });
    await alice.providers.create('alice/dup', '1', { name: 'hyperv' });
    await expect(alice.providers.create('alice/dup', '1', { name: 'hyperv' })).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );
    await alice.providers.create('alice/dup', '1', { name: 'parallels' });
    await expect(alice.providers.update('alice/dup', '1', 'parallels', { name: 'hyperv' })).rejects.toSatisfy(
      isA(UnprocessableEntityError),
    );
  });

  it('checks the url, the checksum and its type before sending anything', async () => {
    const { registry, alice } = await setup();
    const invalid = [
      {},
      { name: '' },
      { name: 'v', url: 'not a url' },
      { name: 'v', url: 'ftp://example.com/a.box' },
      { name: 'v', checksum: MD5 },
      { name: 'v', checksum_type: 'md5' },
      { name: 'v', checksum: MD5, checksum_type: 'crc32' },
      { name: 'v', checksum: MD5, checksum_type: 'sha1' },
      { name: 'v', checksum: 'z'.repeat(32), checksum_type: 'md5' },
      { name: 'v', hosted: true },
    ];
    for (const request of invalid) {
      await expect(alice.providers.create('alice/x', '1', request as never)).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    const error = await alice.providers
      .create('alice/x', '1', { name: 'v', checksum: MD5 })
      .catch((caught: unknown) => caught);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'checksum', message: 'checksum and checksum_type must be given together' },
    ]);
    await expect(alice.providers.update('alice/x', '1', 'v', {})).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(
      alice.providers.update('alice/x', '1', 'v', { checksum: 'abc', checksum_type: 'sha256' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.providers.read('alice/x', '1', '')).rejects.toBeInstanceOf(RequestValidationError);
    await expect(alice.providers.delete('alice/x', '..', 'v')).rejects.toBeInstanceOf(RequestValidationError);
    expect(registry.requests).toHaveLength(0);
  });

  it('accepts every checksum type with a digest of its length', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'sums' });
    await alice.versions.create('alice/sums', { version: '1' });
    const lengths = { md5: 32, sha1: 40, sha256: 64, sha384: 96, sha512: 128 } as const;
    for (const [type, length] of Object.entries(lengths)) {
      const provider = await alice.providers.create('alice/sums', '1', {
        name: type,
        checksum: 'AB'.repeat(length / 2),
        checksum_type: type as keyof typeof lengths,
      });
      expect(provider).toMatchObject({ checksum: 'ab'.repeat(length / 2), checksum_type: type });
    }
  });

  it('lets the fake refuse invalid provider fields with 403', async () => {
    const { alice } = await setup();
    await alice.boxes.create({ name: 'raw' });
    await alice.versions.create('alice/raw', { version: '1' });
    const post = (provider: unknown) =>
      alice.request({ method: 'POST', path: '/box/alice/raw/version/1/providers', body: { provider } });
    await expect(post({ name: 'v', url: 'nope' })).rejects.toMatchObject({ status: 403 });
    await expect(post({ name: 'v', checksum: 'ab' })).rejects.toMatchObject({ status: 403 });
    await expect(post({ name: 'v', checksum: 'ab', checksum_type: 'crc' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(post({ name: 'v', checksum: 'ab', checksum_type: 'md5' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(post({ url: 'https://a/b' })).rejects.toMatchObject({ status: 403 });
  });
});
