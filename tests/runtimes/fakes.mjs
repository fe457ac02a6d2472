// Starts the four fake services in Node on 127.0.0.1, port 0, prints their addresses as one JSON line
// and stops them when standard input closes.
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';

const secrets = await startFakeSecrets();
const scheduler = await startFakeScheduler({ nodes: 2 });
const registry = await startFakeRegistry({
  users: [{ username: 'smoke', password: 'smoke-password' }],
  tokens: { 'smoke-token': 'smoke' },
});
const mesh = await startFakeMesh();
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
