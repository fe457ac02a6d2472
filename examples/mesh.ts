// @infra-sdk/mesh-client in a few calls: a blocking list that returns when a namespace appears, an
// update, input refused before sending, and a deletion followed until the namespace is gone.
//
//   node mesh.ts                                   against a fake mesh server started here
//   MESH_ADDR=http://… MESH_TOKEN=… node mesh.ts   against your server
import {
  createMeshClient,
  fromEnv,
  isMarkedForDeletion,
  NotFoundError,
  RequestValidationError,
} from '@infra-sdk/mesh-client';
import { startFakeMesh } from '@infra-sdk/mesh-client/testing';

// Without MESH_ADDR, a fake server on 127.0.0.1 plays the part.
await using fake = process.env.MESH_ADDR ? undefined : await startFakeMesh();
const mesh = fake ? createMeshClient({ baseUrl: fake.url }) : fromEnv();

const before = await mesh.namespaces.list().withMeta();
console.log(`index ${before.meta.index}: ${before.data.map((namespace) => namespace.Name).join(', ')}`);

// A list with `index` blocks until the state moves past it, so this one answers once team-hello exists.
const next = mesh.namespaces.list({ index: before.meta.index ?? 0, wait: '30s' }).withMeta();
await mesh.namespaces.create({ Name: 'team-hello', Description: 'Team Hello', Meta: { owner: 'hello' } });
const after = await next;
console.log(`index ${after.meta.index}: ${after.data.map((namespace) => namespace.Name).join(', ')}`);

// An update replaces the namespace: spread what was read and change what you need.
const current = await mesh.namespaces.read('team-hello');
const updated = await mesh.namespaces.update('team-hello', {
  ...current,
  Description: 'Team Hello, renamed',
});
console.log(`updated: "${updated.Description}"`);

try {
  await mesh.namespaces.create({ Name: 'Team Hello!' });
} catch (error) {
  if (!RequestValidationError.isInstance(error)) throw error;
  console.log(`refused before sending: ${error.issues[0]?.path}: ${error.issues[0]?.message}`);
}

// A deleted namespace is marked first (DeletedAt), then removed once the server has cleaned up.
await mesh.namespaces.delete('team-hello');
const marked = await mesh.namespaces.read('team-hello').catch(() => undefined);
console.log(
  `after delete: marked for deletion ${marked ? isMarkedForDeletion(marked) : 'and already removed'}`,
);
await mesh.namespaces.waitUntilDeleted('team-hello', { signal: AbortSignal.timeout(60_000) });
try {
  await mesh.namespaces.read('team-hello');
} catch (error) {
  if (!NotFoundError.isInstance(error)) throw error;
  console.log('team-hello is gone (404)');
}
