// Starts the four fake services in Node on 127.0.0.1, port 0, prints their addresses as one JSON line
// and stops them when standard input closes.
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';

const REDIRECT_ME = 'application/x-smoke-redirect';
const secrets = await startFakeSecrets();
const scheduler = await startFakeScheduler({ nodes: 2 });
let mesh;
const registry = await startFakeRegistry({
  users: [{ username: 'smoke', password: 'smoke-password' }],
  tokens: { 'smoke-token': 'smoke' },
  // Storage that redirects an upload to another origin (the mesh fake's), for the check that such an
  // upload fails; the upload asks for it by its content type.
  onRequest: (req) =>
    req.method === 'PUT' && req.header('content-type') === REDIRECT_ME
      ? { status: 307, headers: { location: `${mesh.url}/landing` }, body: '' }
      : undefined,
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
