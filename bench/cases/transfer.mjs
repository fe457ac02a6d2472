// One transfer of the generated box per process, so RSS growth is the transfer's own. The references
// are what a hand-written fetch (or node:http) with node:crypto does with the same bytes.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { createTransport } from '@infra-sdk/core';
import { createNodeFetch } from '@infra-sdk/core/node';
import { createRegistryCore, downloadBox } from '@infra-sdk/registry-client';
import { downloadBoxFile, uploadBoxFile } from '@infra-sdk/registry-client/node';
import { caseInput, report } from '../lib/child.mjs';
import { fakeSeed } from '../lib/fake-server.mjs';
import { cpuSince, peakRssMb } from '../lib/stats.mjs';

// `ca`: over https, the certificate the server uses (fetch trusts it through NODE_EXTRA_CA_CERTS).
const { base, fakeUrl, variant, file, bytes, sha256, ca } = caseInput();
const provider = `${base}/api/v1/box/myuser/test/version/1.2.3/provider/virtualbox`;
const tls = ca === undefined ? undefined : { ca: readFileSync(ca) };
// The default path: the global fetch, Node's own.
const core = createRegistryCore({ baseUrl: base, token: 'bench-token' });
// Core's Node transport: Node's fetch through an undici dispatcher of its own (the only way to give a
// CA of one's own without NODE_EXTRA_CA_CERTS).
const nodeCore = createRegistryCore({
  baseUrl: base,
  token: 'bench-token',
  fetch: createNodeFetch({ proxy: false, ...tls }),
});

/** The file as a stream that reads the next piece only when asked: memory stays at one piece. */
async function fileStream(path, hash) {
  const file = await open(path);
  return new ReadableStream(
    {
      async pull(controller) {
        const piece = new Uint8Array(256 * 1024);
        const { bytesRead } = await file.read(piece, 0, piece.length, null);
        if (bytesRead === 0) {
          await file.close();
          controller.close();
          return;
        }
        const bytes = piece.subarray(0, bytesRead);
        hash.update(bytes);
        controller.enqueue(bytes);
      },
      async cancel() {
        await file.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A hand-written upload: ask for the address, `send` the file there hashed, then set the checksum. */
async function uploadByHand(send) {
  const { upload_path: target } = await (await fetch(`${provider}/upload`)).json();
  const hash = createHash('sha256');
  await send(target, hash);
  const checksum = hash.digest('hex');
  const set = await fetch(provider, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: { checksum, checksum_type: 'sha256' } }),
  });
  if (!set.ok) throw new Error(`the registry answered ${set.status}`);
  return checksum;
}

/** A streaming fetch PUT of the file, read one piece at a time. */
const uploadOverFetch = () =>
  uploadByHand(async (target, hash) => {
    const body = await fileStream(file, hash);
    const stored = await fetch(target, { method: 'PUT', body, duplex: 'half' });
    if (!stored.ok) throw new Error(`storage answered ${stored.status}`);
  });

/** The same PUT through core's transport (`rawBody`, a stream), as a library built on core sends one. */
const uploadOverCore = () =>
  uploadByHand(async (target, hash) => {
    const transport = createTransport({ baseUrl: base });
    const rawBody = await fileStream(file, hash);
    await transport.request({ method: 'PUT', path: '', url: target, rawBody, responseType: 'text' });
  });

/** The same upload over node:http (node:https for an https address): the file piped to the request, hashed on the way. */
const uploadOverHttp = () =>
  uploadByHand(async (target, hash) => {
    const hashed = createReadStream(file, { highWaterMark: 256 * 1024 });
    hashed.on('data', (chunk) => hash.update(chunk));
    await new Promise((resolve, reject) => {
      const request = target.startsWith('https:') ? httpsRequest : httpRequest;
      const req = request(target, { method: 'PUT', ...tls }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`storage answered ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      pipeline(hashed, req).catch(reject);
    });
  });

async function upload(registry) {
  const result = await uploadBoxFile(registry, 'myuser/test', '1.2.3', 'virtualbox', file, {
    checksum: 'sha256',
  });
  return result.checksum;
}

/** The same upload to the registry fake, which runs in a process of its own and stores to disk. */
async function uploadToFake() {
  const fake = createRegistryCore({ baseUrl: fakeUrl, token: fakeSeed.token });
  const { tag, version, provider: name } = fakeSeed;
  const result = await uploadBoxFile(fake, tag, version, name, file, { checksum: 'sha256' });
  if (result.provider?.checksum !== result.checksum) throw new Error('the fake kept another checksum');
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

/** Downloads into a file next to the box (renamed only once verified), then removes it. */
async function downloadToFile(registry) {
  const target = `${file}.downloaded`;
  try {
    const saved = await downloadBoxFile(registry, 'myuser/test', '1.2.3', 'virtualbox', target);
    if (saved.bytes !== bytes) throw new Error(`saved ${saved.bytes} of ${bytes} bytes`);
    return saved.checksum?.value;
  } finally {
    await rm(target, { force: true });
  }
}

const variants = {
  "uploadBoxFile, sha256, Node's fetch": () => upload(core),
  'uploadBoxFile, sha256, createNodeFetch': () => upload(nodeCore),
  'uploadBoxFile to the fake, sha256': uploadToFake,
  'reference upload (fetch + node:crypto)': uploadOverFetch,
  "core transport, streamed rawBody PUT, Node's fetch": uploadOverCore,
  'reference upload (node:http + node:crypto)': uploadOverHttp,
  "downloadBoxFile, verified, Node's fetch": () => downloadToFile(core),
  'downloadBoxFile, verified, createNodeFetch': () => downloadToFile(nodeCore),
  "downloadBox, verified, Node's fetch (stream drained)": download,
  'reference download (fetch + node:crypto)': downloadReference,
};

const baseline = process.memoryUsage().rss / 1e6;
const started = performance.now();
const cpu = process.cpuUsage();
const checksum = await variants[variant]();
const seconds = (performance.now() - started) / 1000;
const cpuSeconds = cpuSince(cpu) / 1e6;
if (checksum !== sha256) throw new Error(`${variant}: checksum ${checksum}, expected ${sha256}`);
report({
  variant,
  mbPerSecond: bytes / 1e6 / seconds,
  mbPerCpuSecond: bytes / 1e6 / cpuSeconds,
  peakRss: peakRssMb(),
  growth: peakRssMb() - baseline,
});
