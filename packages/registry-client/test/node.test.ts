import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InfraSdkError, ResponseValidationError } from '../src/index.js';
import { downloadBoxFile, openBoxFile, uploadBoxFile } from '../src/node/index.js';
import { boxWithProvider, sampleBytes, setup, useTempFolder } from './support.js';

const tempFolder = useTempFolder('registry-client-test-');

describe('the ./node entry', () => {
  it('uploads a box file from a path and downloads it into a file, verified', async () => {
    const { registry, alice } = await setup({ storage: 'temp-folder' });
    const tag = await boxWithProvider(alice);
    const asset = sampleBytes(400_000, 3);
    const source = join(tempFolder(), 'in.box');
    await writeFile(source, asset);

    const uploaded = await uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', source, { checksum: 'sha384' });
    expect(uploaded).toMatchObject({
      bytes: 400_000,
      checksum: createHash('sha384').update(asset).digest('hex'),
    });
    const put = registry.requests.find((request) => request.path.startsWith('/storage/'));
    expect(put?.headers['content-length']).toBe('400000');
    expect(await registry.asset(tag, '1.0.0', 'virtualbox')).toEqual(asset);

    const target = join(tempFolder(), 'out.box');
    const saved = await downloadBoxFile(alice.core, tag, '1.0.0', 'virtualbox', target);
    expect(saved).toMatchObject({ path: target, bytes: 400_000, checksum: { type: 'sha384' } });
    expect(new Uint8Array(await readFile(target))).toEqual(asset);
    expect(await readdir(tempFolder())).toEqual(['in.box', 'out.box']);
  });

  it('starts a file upload over at a fresh address when the first one expires mid-way', async () => {
    let storagePuts = 0;
    const { registry, alice } = await setup({
      onRequest: (req) => {
        if (req.path.startsWith('/storage/') && ++storagePuts === 1) registry.expireUploadAddresses();
        return undefined;
      },
    });
    const tag = await boxWithProvider(alice);
    const source = join(tempFolder(), 'retry.box');
    await writeFile(source, sampleBytes(64_000));
    const result = await uploadBoxFile(alice, tag, '1.0.0', 'virtualbox', source);
    expect(result).toMatchObject({ attempts: 2, bytes: 64_000 });
    expect(storagePuts).toBe(2);
  });

  it('leaves no file behind when the checksum does not match', async () => {
    const { alice } = await setup({
      boxes: [
        {
          tag: 'alice/bad',
          versions: [
            {
              version: '1',
              providers: [
                { name: 'vb', asset: sampleBytes(1000), checksum: '0'.repeat(32), checksum_type: 'md5' },
              ],
            },
          ],
        },
      ],
    });
    const target = join(tempFolder(), 'bad.box');
    await expect(downloadBoxFile(alice, 'alice/bad', '1', 'vb', target)).rejects.toSatisfy((error: unknown) =>
      ResponseValidationError.isInstance(error),
    );
    expect(await readdir(tempFolder())).toEqual([]);
  });

  it('names the file it cannot read', async () => {
    const { registry, alice } = await setup();
    const missing = join(tempFolder(), 'missing.box');
    const error = await uploadBoxFile(alice, 'alice/x', '1', 'vb', missing).catch(
      (caught: unknown) => caught,
    );
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(missing);
    await expect(openBoxFile(missing)).rejects.toThrow(/Cannot read the box file/);
    expect(registry.requests).toHaveLength(0);
  });
});
