import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAll, sampleBytes, setup } from './support.js';

describe('the five steps to a usable box', () => {
  it('creates a box, a version and a provider, uploads the box, releases the version, and downloads it verified', async () => {
    const { registry, alice, anonymous } = await setup();
    const asset = sampleBytes(300_000);

    const box = await alice.boxes.create({ name: 'bionic', short_description: 'Ubuntu', is_private: false });
    expect(box).toMatchObject({ tag: 'alice/bionic', private: false, current_version: null, downloads: 0 });

    const version = await alice.versions.create('alice/bionic', {
      version: '1.0.0',
      description: 'First *release*',
    });
    expect(version).toMatchObject({ version: '1.0.0', status: 'unreleased', providers: [] });

    const provider = await alice.providers.create('alice/bionic', '1.0.0', { name: 'virtualbox' });
    expect(provider).toMatchObject({ name: 'virtualbox', hosted: false, original_url: null });

    const uploaded = await alice.uploads.upload('alice/bionic', '1.0.0', 'virtualbox', new Blob([asset]), {
      checksum: 'sha256',
    });
    const sha256 = createHash('sha256').update(asset).digest('hex');
    expect(uploaded).toMatchObject({
      bytes: asset.byteLength,
      attempts: 1,
      checksum: sha256,
      checksum_type: 'sha256',
    });
    expect(uploaded.provider).toMatchObject({ hosted: true, checksum: sha256, checksum_type: 'sha256' });

    const released = await alice.versions.release('alice/bionic', '1.0.0');
    expect(released.status).toBe('active');

    const read = await anonymous.boxes.read('alice/bionic');
    expect(read.current_version?.version).toBe('1.0.0');

    const download = await anonymous.uploads.download('alice/bionic', '1.0.0', 'virtualbox');
    expect(download.checksum).toEqual({ type: 'sha256', value: sha256 });
    expect(download.size).toBe(asset.byteLength);
    expect(await readAll(download.body)).toEqual(asset);
    expect((await anonymous.boxes.read('alice/bionic')).downloads).toBe(1);
    expect(await registry.asset('alice/bionic', '1.0.0', 'virtualbox')).toEqual(asset);
  });
});
