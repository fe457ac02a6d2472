// The transfer rows. The default path (the clients on Node's own fetch) moves the same box at half and
// at twice the size of the bench's box (512 MiB and 2 GiB in a full run), three times each, so that
// its memory can be seen not to grow with the size, next to a streaming fetch (PUT, or drained) with
// node:crypto at the same size; at the bench's size, node:http with node:crypto, core's transport with a
// streamed body, the upload to the registry fake (whose own memory that row measures), and the
// transfers over https through core's Node transport. Each case runs in a process of its own.
import { runChild, startServerProcess } from './child.mjs';
import { startFakeProcess } from './fake-server.mjs';
import { boxFile } from './generate.mjs';
import { loopbackCertificate } from './server.mjs';
import { median } from './stats.mjs';

/** The memory bound of the default path, and the old speed goal of an upload. */
const goals = { rssGrowth: 128, rssSpread: 32, fakeGrowth: 64, uploadVsFetch: 0.8 };
const ROUNDS = 3;

const fixed = (value, digits = 0) => value.toFixed(digits);
const yes = (ok) => (ok ? 'yes' : 'no');
const cell = (t) => `${fixed(t.mbPerSecond)} MB/s, RSS +${fixed(t.growth)} MB`;
const sizeName = (bytes) =>
  bytes >= 2 ** 30 ? `${fixed(bytes / 2 ** 30)} GiB` : `${fixed(bytes / 2 ** 20)} MiB`;

/** The median figures of several runs, with the range of the RSS growth. */
function summary(runs) {
  const growths = runs.map((r) => r.growth);
  return {
    mbPerSecond: median(runs.map((r) => r.mbPerSecond)),
    growth: median(growths),
    low: Math.min(...growths),
    high: Math.max(...growths),
  };
}

const ranged = (s) =>
  `${fixed(s.mbPerSecond)} MB/s, RSS +${fixed(s.growth)} MB (${fixed(s.low)}–${fixed(s.high)})`;

/** Runs every transfer case; `base` is the bench server with `box`. Returns the table rows. */
export async function transferRows({ base, box, progress }) {
  const run = (variant, input, extra = {}) => {
    progress(`transfer of ${sizeName(input.bytes)}${extra.ca ? ' over https' : ''}: ${variant}`);
    // Over https, fetch trusts the loopback certificate through the environment, node:https through `ca`.
    const env = extra.ca ? { NODE_EXTRA_CA_CERTS: extra.ca } : {};
    return runChild('transfer', { ...input, ...extra, variant }, [], env);
  };
  const inputOf = (server, file) => ({
    base: server.base,
    file: file.path,
    bytes: file.bytes,
    sha256: file.sha256,
  });

  // The default path at two sizes, and a streaming fetch of the same bytes at each.
  const sizes = [];
  for (const bytes of [box.bytes / 2, box.bytes * 2]) {
    const file = await boxFile(bytes);
    const server = await startServerProcess({ box: file.path, boxSha256: file.sha256 });
    const input = inputOf(server, file);
    try {
      const up = [];
      const down = [];
      const stream = [];
      for (let round = 1; round <= ROUNDS; round++) {
        up.push(await run("uploadBoxFile, sha256, Node's fetch", input));
        down.push(await run("downloadBoxFile, verified, Node's fetch", input));
        stream.push(await run("downloadBox, verified, Node's fetch (stream drained)", input));
      }
      sizes.push({
        bytes,
        up: summary(up),
        down: summary(down),
        stream: summary(stream),
        fetchUpload: await run('reference upload (fetch + node:crypto)', input),
        fetchDownload: await run('reference download (fetch + node:crypto)', input),
      });
    } finally {
      await server.stop();
    }
  }

  // At the bench's own size: the references and the other paths, for information.
  const input = inputOf({ base }, box);
  const size = sizeName(box.bytes);
  const http = await run('reference upload (node:http + node:crypto)', input);
  const fetchUpload = await run('reference upload (fetch + node:crypto)', input);
  const coreUpload = await run("core transport, streamed rawBody PUT, Node's fetch", input);
  const fake = await startFakeProcess();
  let toFake;
  let fakeMemory;
  try {
    toFake = await run('uploadBoxFile to the fake, sha256', { ...input, fakeUrl: fake.url });
    fakeMemory = await fake.memory();
  } finally {
    await fake.stop();
  }
  // Over https, a CA of one's own goes to core's Node transport: `createNodeFetch({ ca })`.
  const tlsServer = await startServerProcess({ box: box.path, boxSha256: box.sha256, tls: true });
  const overTls = { ca: loopbackCertificate };
  const tlsInput = { ...input, base: tlsServer.base };
  let tls;
  try {
    tls = {
      fetchUpload: await run('reference upload (fetch + node:crypto)', tlsInput, overTls),
      upload: await run('uploadBoxFile, sha256, createNodeFetch', tlsInput, overTls),
      fetchDownload: await run('reference download (fetch + node:crypto)', tlsInput, overTls),
      download: await run('downloadBoxFile, verified, createNodeFetch', tlsInput, overTls),
    };
  } finally {
    await tlsServer.stop();
  }

  const rows = [];
  const [small, large] = sizes;
  const both = `${sizeName(small.bytes)} and ${sizeName(large.bytes)}`;
  for (const [area, subject, key, reference] of [
    [`upload, ${both}`, "uploadBoxFile, sha256, Node's fetch (the default)", 'up', 'fetchUpload'],
    [
      `download + verify, ${both}`,
      "downloadBoxFile into a file, verified, Node's fetch (the default)",
      'down',
      'fetchDownload',
    ],
    [
      `download + verify, ${both}`,
      "uploads.download (downloadBox), verified, Node's fetch, the stream drained (no file)",
      'stream',
      'fetchDownload',
    ],
  ]) {
    const spread = large[key].growth - small[key].growth;
    const within = sizes.every((s) => s[key].high <= goals.rssGrowth);
    const speed = sizes.map((s) => s[key].mbPerSecond / s[reference].mbPerSecond);
    const fast = key !== 'up' || speed.every((ratio) => ratio >= goals.uploadVsFetch);
    rows.push({
      area,
      subject,
      ours: sizes.map((s) => `${sizeName(s.bytes)}: ${ranged(s[key])}`).join('; '),
      anchor: sizes
        .map(
          (s) =>
            `${sizeName(s.bytes)}: ${key === 'up' ? 'fetch PUT' : 'fetch, drained'} ${cell(s[reference])}`,
        )
        .join('; '),
      ratio: `${speed.map((ratio) => `${fixed(ratio, 2)}×`).join(', ')}; RSS ${spread >= 0 ? '+' : ''}${fixed(spread)} MB from ${sizeName(small.bytes)} to ${sizeName(large.bytes)}`,
      goal: `RSS growth <= ${goals.rssGrowth} MB at each size (every run), the sizes within ${goals.rssSpread} MB (medians)${key === 'up' ? `; >= ${goals.uploadVsFetch}× the fetch PUT` : ''}`,
      met: yes(within && Math.abs(spread) <= goals.rssSpread && fast),
    });
  }
  rows.push({
    area: `upload, ${size}`,
    subject: "core's transport: a streamed rawBody PUT, Node's fetch",
    ours: cell(coreUpload),
    anchor: `fetch + node:crypto ${cell(fetchUpload)}; node:http + node:crypto ${cell(http)}`,
    ratio: `${fixed(coreUpload.mbPerSecond / fetchUpload.mbPerSecond, 2)}×`,
    goal: 'for information',
    met: '',
  });
  const fakeGrowth = fakeMemory.peakRss - fakeMemory.baseline;
  rows.push({
    area: `upload to the fake, ${size}`,
    subject: "uploadBoxFile, sha256, Node's fetch, to startFakeRegistry (temp-folder storage, own process)",
    ours: `fake RSS +${fixed(fakeGrowth)} MB (peak ${fixed(fakeMemory.peakRss)} MB); client ${cell(toFake)}`,
    anchor: `fetch + node:crypto to the bench server ${cell(fetchUpload)}`,
    ratio: `${fixed(toFake.mbPerSecond / fetchUpload.mbPerSecond, 2)}×`,
    goal: `fake RSS growth <= ${goals.fakeGrowth} MB`,
    met: yes(fakeGrowth <= goals.fakeGrowth),
  });
  rows.push(
    {
      area: `upload, ${size}, https`,
      subject: 'uploadBoxFile, sha256, fetch: createNodeFetch({ ca }) (core ./node)',
      ours: cell(tls.upload),
      anchor: `fetch + node:crypto ${cell(tls.fetchUpload)}`,
      ratio: `${fixed(tls.upload.mbPerSecond / tls.fetchUpload.mbPerSecond, 2)}×`,
      goal: `RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(tls.upload.growth <= goals.rssGrowth),
    },
    {
      area: `download + verify, ${size}, https`,
      subject: 'downloadBoxFile into a file, verified, fetch: createNodeFetch({ ca }) (core ./node)',
      ours: cell(tls.download),
      anchor: `fetch + node:crypto, drained ${cell(tls.fetchDownload)}`,
      ratio: `${fixed(tls.download.mbPerSecond / tls.fetchDownload.mbPerSecond, 2)}×`,
      goal: `RSS growth <= ${goals.rssGrowth} MB`,
      met: yes(tls.download.growth <= goals.rssGrowth),
    },
  );
  return rows;
}
