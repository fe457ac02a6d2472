// @infra-sdk/registry-client in a few calls: publish a box with an uploaded asset, download it with its
// checksum verified, and handle the registry refusing a request.
//
//   node registry.ts                                          against a fake registry started here
//   REGISTRY_ADDR=https://… REGISTRY_TOKEN=… node registry.ts  against your registry
import { createRegistryClient, fromEnv, UnprocessableEntityError } from '@infra-sdk/registry-client';
import { startFakeRegistry } from '@infra-sdk/registry-client/testing';

// Without REGISTRY_ADDR, a fake registry on 127.0.0.1 plays the service; it stops when the program ends.
await using fake = process.env.REGISTRY_ADDR
  ? undefined
  : await startFakeRegistry({
      users: [{ username: 'example', password: 'example-password' }],
      tokens: { 'example-token': 'example' },
    });
const registry = fake ? createRegistryClient({ baseUrl: fake.url, token: 'example-token' }) : fromEnv();

const box = await registry.boxes.create({
  name: `hello-${Date.now().toString(36)}`,
  short_description: 'A box published by the registry example',
  is_private: false,
});
console.log(`created box ${box.tag}`);
await registry.versions.create(box.tag, { version: '0.1.0', description: 'First try' });

// Releasing needs a provider with an asset or a url first: the registry refuses with 422.
try {
  await registry.versions.release(box.tag, '0.1.0');
} catch (error) {
  if (!UnprocessableEntityError.isInstance(error)) throw error;
  console.log(`release refused with ${error.status}: ${JSON.stringify(error.errors)}`);
}

await registry.providers.create(box.tag, '0.1.0', { name: 'virtualbox' });
const image = new TextEncoder().encode('pretend this is a disk image\n'.repeat(40_000));
const upload = await registry.uploads.upload(box.tag, '0.1.0', 'virtualbox', image, { checksum: 'sha256' });
console.log(`uploaded ${upload.bytes} bytes, sha256 ${upload.checksum}`);

const released = await registry.versions.release(box.tag, '0.1.0');
console.log(`released ${released.version}: ${released.status}`);

// The download verifies the provider's checksum while streaming: a corrupt asset fails at its end.
const download = await registry.uploads.download(box.tag, '0.1.0', 'virtualbox');
const copy = new Uint8Array(await new Response(download.body).arrayBuffer());
console.log(`downloaded ${copy.byteLength} bytes, ${download.checksum?.type} checksum verified`);

await registry.boxes.delete(box.tag);
console.log(`deleted ${box.tag}`);
