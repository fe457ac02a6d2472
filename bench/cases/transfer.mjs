// One transfer of the generated box per process, so RSS growth is the transfer's own. The references
// are what a hand-written fetch with node:crypto does with the same bytes.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createRegistryCore, downloadBox } from '@infra-sdk/registry-client';
import { uploadBoxFile } from '@infra-sdk/registry-client/node';
import { caseInput, report } from '../lib/child.mjs';
import { peakRssMb } from '../lib/stats.mjs';

const { base, variant, file, bytes, sha256 } = caseInput();
const provider = `${base}/api/v1/box/myuser/test/version/1.2.3/provider/virtualbox`;
const core = createRegistryCore({ baseUrl: base, token: 'bench-token' });

function hashing(hash) {
  return new TransformStream({
    transform(chunk, controller) {
      hash.update(chunk);
      controller.enqueue(chunk);
    },
  });
}

async function uploadReference() {
  const { upload_path: target } = await (await fetch(`${provider}/upload`)).json();
  const hash = createHash('sha256');
  const body = Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })).pipeThrough(
    hashing(hash),
  );
  const stored = await fetch(target, { method: 'PUT', body, duplex: 'half' });
  if (!stored.ok) throw new Error(`storage answered ${stored.status}`);
  const checksum = hash.digest('hex');
  const set = await fetch(provider, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: { checksum, checksum_type: 'sha256' } }),
  });
  if (!set.ok) throw new Error(`the registry answered ${set.status}`);
  return checksum;
}

async function upload() {
  const result = await uploadBoxFile(core, 'myuser/test', '1.2.3', 'virtualbox', file, {
    checksum: 'sha256',
  });
  return result.checksum;
}

async function downloadReference() {
  const { download_url: address } = await (await fetch(provider)).json();
  const hash = createHash('sha256');
  const response = await fetch(address);
  for await (const chunk of response.body) hash.update(chunk);
  return hash.digest('hex');
}

async function download() {
  const { body, checksum } = await downloadBox(core, 'myuser/test', '1.2.3', 'virtualbox');
  // Draining is enough: the stream fails at its end when the checksum does not match.
  for await (const _ of body);
  return checksum?.value;
}

const variants = {
  'uploadBoxFile, sha256': upload,
  'reference upload (fetch + node:crypto)': uploadReference,
  'downloadBox, verified': download,
  'reference download (fetch + node:crypto)': downloadReference,
};

const baseline = process.memoryUsage().rss / 1e6;
const started = performance.now();
const checksum = await variants[variant]();
const seconds = (performance.now() - started) / 1000;
if (checksum !== sha256) throw new Error(`${variant}: checksum ${checksum}, expected ${sha256}`);
report({ variant, mbPerSecond: bytes / 1e6 / seconds, peakRss: peakRssMb(), growth: peakRssMb() - baseline });
