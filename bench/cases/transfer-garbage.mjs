// One transfer of the default path (Node's fetch) with V8's collector exposed: at the middle of the
// transfer, the ArrayBuffer memory before and after a full collection (what is garbage and what is
// held), the allocations per MiB moved, and the run's peak RSS growth, with or without a full
// collection every 16 MiB. Run by `node bench/transfer-garbage.mjs`.
import { rm } from 'node:fs/promises';
import { createRegistryCore, downloadBox } from '@infra-sdk/registry-client';
import { downloadBoxFile, uploadBoxFile } from '@infra-sdk/registry-client/node';
import { caseInput, report } from '../lib/child.mjs';
import { peakRssMb } from '../lib/stats.mjs';

const { base, variant, file, bytes, sha256, collectEvery } = caseInput();
const core = createRegistryCore({ baseUrl: base, token: 'bench-token' });
const mb = (value) => value / 1e6;
let middle;
let nextCollection = collectEvery;
const onProgress = ({ loaded }) => {
  if (middle === undefined && loaded >= bytes / 2) {
    const before = process.memoryUsage().arrayBuffers;
    globalThis.gc();
    middle = { before: mb(before), after: mb(process.memoryUsage().arrayBuffers) };
  }
  if (collectEvery > 0 && loaded >= nextCollection) {
    nextCollection += collectEvery;
    globalThis.gc();
  }
};

const baseline = process.memoryUsage().rss / 1e6;
let checksum;
if (variant === 'upload') {
  const result = await uploadBoxFile(core, 'myuser/test', '1.2.3', 'virtualbox', file, {
    checksum: 'sha256',
    onProgress,
  });
  checksum = result.checksum;
} else if (variant === 'download into a file') {
  const target = `${file}.downloaded`;
  try {
    const saved = await downloadBoxFile(core, 'myuser/test', '1.2.3', 'virtualbox', target, { onProgress });
    checksum = saved.checksum?.value;
  } finally {
    await rm(target, { force: true });
  }
} else {
  const download = await downloadBox(core, 'myuser/test', '1.2.3', 'virtualbox', { onProgress });
  for await (const _ of download.body);
  checksum = download.checksum?.value;
}
if (checksum !== sha256) throw new Error(`${variant}: checksum ${checksum}, expected ${sha256}`);
report({ variant, middle, growth: peakRssMb() - baseline });
