// The transfer rows: the 1 GiB box up and down, each case in a process of its own, against what a
// hand-written fetch (and node:http) with node:crypto does with the same bytes, and the same upload
// through the registry fake, whose own memory is what that row measures.
import { runChild, startServerProcess } from './child.mjs';
import { startFakeProcess } from './fake-server.mjs';
import { loopbackCertificate } from './server.mjs';

/** What the issue asks of a 1 GiB transfer. */
const goals = { rssGrowth: 64, uploadVsFetch: 0.8 };

const fixed = (value, digits = 0) => value.toFixed(digits);
const yes = (ok) => (ok ? 'yes' : 'no');
const cell = (t) => `${fixed(t.mbPerSecond)} MB/s, RSS +${fixed(t.growth)} MB`;

/** Runs every transfer case against `base` (the bench server) and the fake; returns the table rows. */
export async function transferRows({ base, box, progress }) {
  const size =
    box.bytes >= 2 ** 30 ? `${fixed(box.bytes / 2 ** 30)} GiB` : `${fixed(box.bytes / 2 ** 20)} MiB`;
  const input = { base, file: box.path, bytes: box.bytes, sha256: box.sha256 };
  const run = (variant, extra = {}) => {
    progress(`transfer of ${size}${extra.ca ? ' over https' : ''}: ${variant}`);
    // Over https, fetch trusts the loopback certificate through the environment, node:https through `ca`.
    const env = extra.ca ? { NODE_EXTRA_CA_CERTS: extra.ca } : {};
    return runChild('transfer', { ...input, ...extra, variant }, [], env);
  };

  const http = await run('reference upload (node:http + node:crypto)');
  const fetchUpload = await run('reference upload (fetch + node:crypto)');
  const upload = await run('uploadBoxFile, sha256, createNodeFetch');
  const uploadFetch = await run("uploadBoxFile, sha256, Node's fetch");
  const coreUpload = await run("core transport, streamed rawBody PUT, Node's fetch");
  const fake = await startFakeProcess();
  let toFake;
  let fakeMemory;
  try {
    toFake = await run('uploadBoxFile to the fake, sha256', { fakeUrl: fake.url });
    fakeMemory = await fake.memory();
  } finally {
    await fake.stop();
  }
  const fetchDownload = await run('reference download (fetch + node:crypto)');
  const download = await run('downloadBoxFile, verified, createNodeFetch');
  const downloadFetch = await run("downloadBox, verified, Node's fetch (stream drained)");
  // The same Node path over https: TLS reads into a fresh buffer per read, unlike the plain-http socket
  // `createNodeFetch` reads into a buffer of its own, so its memory is measured on its own.
  const tlsServer = await startServerProcess({ box: box.path, boxSha256: box.sha256, tls: true });
  const overTls = { base: tlsServer.base, ca: loopbackCertificate };
  let tls;
  try {
    tls = {
      fetchUpload: await run('reference upload (fetch + node:crypto)', overTls),
      http: await run('reference upload (node:http + node:crypto)', overTls),
      upload: await run('uploadBoxFile, sha256, createNodeFetch', overTls),
      fetchDownload: await run('reference download (fetch + node:crypto)', overTls),
      download: await run('downloadBoxFile, verified, createNodeFetch', overTls),
    };
  } finally {
    await tlsServer.stop();
  }

  const rows = [];
  for (const [subject, ours] of [
    ['uploadBoxFile, sha256, fetch: createNodeFetch() (./node)', upload],
    ["uploadBoxFile, sha256, Node's fetch", uploadFetch],
  ]) {
    const ratio = ours.mbPerSecond / fetchUpload.mbPerSecond;
    rows.push({
      area: `upload, ${size}`,
      subject,
      ours: cell(ours),
      anchor: `fetch + node:crypto ${cell(fetchUpload)}; for information, node:http + node:crypto ${cell(http)}`,
      ratio: `${fixed(ratio, 2)}× (${fixed(ours.mbPerSecond / http.mbPerSecond, 2)}× node:http)`,
      goal: `>= ${goals.uploadVsFetch}× fetch + node:crypto, RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(ratio >= goals.uploadVsFetch && ours.growth <= goals.rssGrowth),
    });
  }
  // Core's own transport with the reference's stream (256 KiB pieces): what a library built on core
  // gets from `rawBody`. No goal of its own; the fetch PUT beside it holds every byte it sends.
  rows.push({
    area: `upload, ${size}`,
    subject: "core's transport: the same PUT as a streamed rawBody, Node's fetch",
    ours: cell(coreUpload),
    anchor: `fetch + node:crypto ${cell(fetchUpload)}`,
    ratio: `${fixed(coreUpload.mbPerSecond / fetchUpload.mbPerSecond, 2)}×`,
    goal: 'for information',
    met: '',
  });
  const fakeGrowth = fakeMemory.peakRss - fakeMemory.baseline;
  rows.push({
    area: `upload to the fake, ${size}`,
    subject:
      'uploadBoxFile, sha256, createNodeFetch, to startFakeRegistry (temp-folder storage, own process)',
    ours: `fake RSS +${fixed(fakeGrowth)} MB (peak ${fixed(fakeMemory.peakRss)} MB); client ${cell(toFake)}`,
    anchor: `the same upload to the bench server ${cell(upload)}`,
    ratio: `${fixed(toFake.mbPerSecond / upload.mbPerSecond, 2)}×`,
    goal: `fake RSS growth <= ${goals.rssGrowth} MB`,
    met: yes(fakeGrowth <= goals.rssGrowth),
  });
  for (const [subject, ours] of [
    ['downloadBoxFile into a file, verified, fetch: createNodeFetch() (./node)', download],
    ["downloadBox, verified, Node's fetch, stream drained", downloadFetch],
  ]) {
    rows.push({
      area: `download + verify, ${size}`,
      subject,
      ours: cell(ours),
      anchor: `fetch + node:crypto, drained ${cell(fetchDownload)}`,
      ratio: `${fixed(ours.mbPerSecond / fetchDownload.mbPerSecond, 2)}×`,
      goal: `RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(ours.growth <= goals.rssGrowth),
    });
  }
  const tlsUploadRatio = tls.upload.mbPerSecond / tls.fetchUpload.mbPerSecond;
  rows.push(
    {
      area: `upload, ${size}, https`,
      subject: 'uploadBoxFile, sha256, fetch: createNodeFetch({ https: { ca } }) (./node)',
      ours: cell(tls.upload),
      anchor: `fetch + node:crypto ${cell(tls.fetchUpload)}; for information, node:https + node:crypto ${cell(tls.http)}`,
      ratio: `${fixed(tlsUploadRatio, 2)}× (${fixed(tls.upload.mbPerSecond / tls.http.mbPerSecond, 2)}× node:https)`,
      goal: `>= ${goals.uploadVsFetch}× fetch + node:crypto, RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(tlsUploadRatio >= goals.uploadVsFetch && tls.upload.growth <= goals.rssGrowth),
    },
    {
      area: `download + verify, ${size}, https`,
      subject: 'downloadBoxFile into a file, verified, fetch: createNodeFetch({ https: { ca } }) (./node)',
      ours: cell(tls.download),
      anchor: `fetch + node:crypto, drained ${cell(tls.fetchDownload)}`,
      ratio: `${fixed(tls.download.mbPerSecond / tls.fetchDownload.mbPerSecond, 2)}×`,
      goal: `RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(tls.download.growth <= goals.rssGrowth),
    },
  );
  return rows;
}
