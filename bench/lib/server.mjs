// The loopback service every case talks to, run in its own process so that its CPU time never counts
// as the client's. It answers the reads with the fixtures, streams the generated NDJSON file, and plays
// registry and storage for the transfers. It exits when the process that started it goes away.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { fileURLToPath } from 'node:url';
import { loadFixture } from './fixtures.mjs';

/**
 * The self-signed certificate for 127.0.0.1 that core's tests use (see packages/core/test/fixtures), for
 * the transfers over https; a client trusts it through `NODE_EXTRA_CA_CERTS` or its own `ca`.
 */
export const loopbackCertificate = fileURLToPath(
  new URL('../../packages/core/test/fixtures/loopback-cert.pem', import.meta.url),
);
const loopbackKey = new URL('../../packages/core/test/fixtures/loopback-key.pem', import.meta.url);

const box = '/api/v1/box/myuser/test';
const provider = `${box}/version/1.2.3/provider/virtualbox`;

/** Replies with a fixture: its body serialised once, its headers as recorded. */
function fixtureReply(name) {
  const { body, headers = {} } = loadFixture(name);
  const bytes = Buffer.from(JSON.stringify(body));
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length, ...headers });
    res.end(bytes);
  };
}

function json(res, status, value) {
  const bytes = Buffer.from(JSON.stringify(value));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
}

function sendFile(res, path, type) {
  res.writeHead(200, { 'content-type': type, 'content-length': statSync(path).size });
  createReadStream(path, { highWaterMark: 256 * 1024 }).pipe(res);
}

/**
 * Starts the server on 127.0.0.1, port 0; `files` names the generated event stream and box, and with
 * `tls: true` it answers over https with the loopback certificate.
 */
export async function startServer(files) {
  let base = '';
  let uploaded;
  const reads = new Map([
    ['/v1/gcp/roleset/my-token-roleset', fixtureReply('secrets-read-roleset.json')],
    ['/v1/job/example', fixtureReply('scheduler-read-job.json')],
    ['/v1/namespace/team-1', fixtureReply('mesh-read-namespace.json')],
    [box, fixtureReply('registry-read-box.json')],
  ]);
  const handle = (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const read = req.method === 'GET' ? reads.get(path) : undefined;
    if (read) return read(req, res);
    if (req.method === 'GET' && path === '/v1/event/stream') {
      return sendFile(res, files.events, 'application/x-ndjson');
    }
    if (req.method === 'GET' && path === `${provider}/upload`) {
      return json(res, 200, { upload_path: `${base}/storage/upload` });
    }
    if (req.method === 'PUT' && path === '/storage/upload') {
      // Storage hashes what it receives, so the checksum the client sets afterwards can be checked.
      const hash = createHash('sha256');
      let bytes = 0;
      req.on('data', (chunk) => {
        bytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => {
        uploaded = { bytes, sha256: hash.digest('hex') };
        res.writeHead(200).end();
      });
      return undefined;
    }
    if (req.method === 'PUT' && path === provider) {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const sent = JSON.parse(Buffer.concat(chunks).toString()).provider ?? {};
        if (uploaded === undefined || sent.checksum !== uploaded.sha256) {
          return json(res, 422, { errors: ['checksum does not match the uploaded bytes'], success: false });
        }
        return json(res, 200, { ...loadFixture('registry-read-provider.json').body, ...sent });
      });
      return undefined;
    }
    if (req.method === 'GET' && path === provider) {
      return json(res, 200, {
        ...loadFixture('registry-read-provider.json').body,
        download_url: `${base}/storage/box`,
        checksum: files.boxSha256,
        checksum_type: 'sha256',
      });
    }
    if (req.method === 'GET' && path === '/storage/box')
      return sendFile(res, files.box, 'application/octet-stream');
    if (req.method === 'GET' && path === '/storage/uploaded') return json(res, 200, uploaded ?? {});
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":["not found"]}');
    return undefined;
  };
  const server = files.tls
    ? createTlsServer({ cert: readFileSync(loopbackCertificate), key: readFileSync(loopbackKey) }, handle)
    : createServer(handle);
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `${files.tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}`;
  return { base, server };
}

// Run as a child: report the address, serve until the parent disconnects.
if (process.send && process.argv[2] === 'serve') {
  const files = JSON.parse(process.argv[3]);
  const { base, server } = await startServer(files);
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
  });
  process.send({ base });
}
