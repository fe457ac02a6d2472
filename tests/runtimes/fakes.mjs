// Starts the four fake services in Node on 127.0.0.1, port 0, prints their addresses as one JSON line
// and stops them when standard input closes.
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';

let expiredOnce = false;
const secrets = await startFakeSecrets();
const scheduler = await startFakeScheduler({ nodes: 2, allocationStartMs: 0 });
let mesh;
const registry = await startFakeRegistry({
  users: [{ username: 'smoke', password: 'smoke-password' }],
  tokens: { 'smoke-token': 'smoke' },
  // Storage failures for the retry checks, each played on the first upload to the provider named after it.
  storageFaults: [
    { kind: 'status', status: 503, provider: 'storage-503' },
    { kind: 'early-answer', afterBytes: 1024 * 1024, provider: 'storage-early' },
  ],
  // Storage faults for the upload checks, asked for by the upload's content type: a redirect to another
  // origin (the mesh fake's), an address refused as expired once, an answer that comes too late.
  onRequest: async (req) => {
    if (req.method !== 'PUT') return undefined;
    const fault = req.header('content-type');
    if (fault === 'application/x-smoke-redirect') {
      return { status: 307, headers: { location: `${mesh.url}/landing` }, body: '' };
    }
    if (fault === 'application/x-smoke-expired' && !expiredOnce) {
      expiredOnce = true;
      return { status: 403, body: { errors: ['the upload address expired'] } };
    }
    if (fault === 'application/x-smoke-late') {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { status: 503, body: { errors: ['too late'] } };
    }
    return undefined;
  },
});
mesh = await startFakeMesh();
console.log(
  JSON.stringify({
    secrets: { url: secrets.url, token: secrets.rootToken },
    scheduler: { url: scheduler.url },
    registry: { url: registry.url, token: 'smoke-token' },
    mesh: { url: mesh.url },
  }),
);
process.stdin.resume();
process.stdin.on('end', async () => {
  await Promise.all([secrets, scheduler, registry, mesh].map((fake) => fake[Symbol.asyncDispose]()));
  process.exit(0);
});
