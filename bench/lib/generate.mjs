// The large inputs are generated into bench/.work (ignored by git) and reused while their size holds.
import { createHash, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadFixture } from './fixtures.mjs';

export const workDir = fileURLToPath(new URL('../.work/', import.meta.url));

async function writeInPieces(path, pieces) {
  const out = createWriteStream(path);
  for (const piece of pieces()) {
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * An event stream of about `bytes` bytes: messages of one event each, alternating the documented Node
 * event and a Job event carrying the documented job, with indexes 1, 2, 3, ... Returns the file and its
 * real size and last index.
 */
export async function eventStreamFile(bytes) {
  mkdirSync(workDir, { recursive: true });
  const path = `${workDir}events-${bytes}.ndjson`;
  const marker = '"@@INDEX@@"';
  const node = loadFixture('scheduler-event-node.json').body.Events[0];
  const job = loadFixture('scheduler-read-job.json').body;
  const templates = [
    { ...node },
    {
      Topic: 'Job',
      Type: 'JobRegistered',
      Key: job.ID,
      Namespace: job.Namespace,
      FilterKeys: null,
      Payload: { Job: job },
    },
  ].map((event) =>
    JSON.stringify({ Index: '@@INDEX@@', Events: [{ ...event, Index: '@@INDEX@@' }] }).split(marker),
  );
  const line = (index) => `${templates[index % 2].join(String(index))}\n`;
  let lastIndex = 0;
  let size = 0;
  for (let index = 1; size < bytes; index++) {
    size += Buffer.byteLength(line(index));
    lastIndex = index;
  }
  if (!existsSync(path) || statSync(path).size !== size) {
    await writeInPieces(path, function* () {
      let batch = '';
      for (let index = 1; index <= lastIndex; index++) {
        batch += line(index);
        if (batch.length > 1 << 20) {
          yield batch;
          batch = '';
        }
      }
      yield batch;
    });
  }
  return { path, bytes: size, lastIndex };
}

/** A box file of `bytes` pseudo-random bytes and its SHA-256. */
export async function boxFile(bytes) {
  mkdirSync(workDir, { recursive: true });
  const path = `${workDir}box-${bytes}.bin`;
  const digestPath = `${path}.sha256`;
  if (existsSync(path) && statSync(path).size === bytes && existsSync(digestPath)) {
    return { path, bytes, sha256: readFileSync(digestPath, 'utf8') };
  }
  const block = randomFillSync(Buffer.alloc(1 << 20));
  const hash = createHash('sha256');
  await writeInPieces(path, function* () {
    for (let offset = 0; offset < bytes; offset += block.length) {
      // Each block differs, so nothing on the way can deduplicate or cheaply compress it.
      block.writeUInt32LE(offset / block.length, 0);
      const piece = Buffer.from(block.subarray(0, Math.min(block.length, bytes - offset)));
      hash.update(piece);
      yield piece;
    }
  });
  const sha256 = hash.digest('hex');
  writeFileSync(digestPath, sha256);
  return { path, bytes, sha256 };
}
