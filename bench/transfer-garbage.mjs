// `node bench/transfer-garbage.mjs`: why a transfer on Node's fetch grows the process by tens of MB
// whatever its size. For the upload, the download into a file and the download stream, each in a
// process of its own with V8's collector exposed: at the middle of a 1 GiB transfer, the ArrayBuffer
// memory before and after a full collection (garbage, and what is still held), and the peak RSS growth
// of the run as it is and with a full collection every 16 MiB.
import { runChild, startServerProcess } from './lib/child.mjs';
import { boxFile } from './lib/generate.mjs';

const box = await boxFile(Number(process.env.BENCH_GARBAGE_BYTES ?? 2 ** 30));
const server = await startServerProcess({ box: box.path, boxSha256: box.sha256 });
const input = { base: server.base, file: box.path, bytes: box.bytes, sha256: box.sha256 };
const fixed = (value) => value.toFixed(1);
try {
  console.log(`${box.bytes / 2 ** 20} MiB over loopback, Node ${process.version}`);
  for (const variant of ['upload', 'download into a file', 'download stream, drained']) {
    const plain = await runChild('transfer-garbage', { ...input, variant, collectEvery: 0 }, ['--expose-gc']);
    const collected = await runChild('transfer-garbage', { ...input, variant, collectEvery: 2 ** 24 }, [
      '--expose-gc',
    ]);
    console.log(
      `${variant}: at the middle, ArrayBuffers ${fixed(plain.middle.before)} MB, ${fixed(plain.middle.after)} MB after a full collection; ` +
        `peak RSS growth +${fixed(plain.growth)} MB, +${fixed(collected.growth)} MB with a full collection every 16 MiB`,
    );
  }
} finally {
  await server.stop();
}
