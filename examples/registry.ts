// @infra-sdk/registry-client in a few calls: publish a box with an uploaded asset, download it with its
// checksum verified, handle the registry refusing a request, then publish a release with three
// providers in one call, through a storage failure, and see what a release that cannot be stored says.
//
//   node registry.ts                                          against a fake registry started here
//   REGISTRY_ADDR=https://… REGISTRY_TOKEN=… node registry.ts  against your registry
import {
  createRegistryClient,
  fromEnv,
  PublishError,
  type PublishState,
  UnprocessableEntityError,
} from '@infra-sdk/registry-client';
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

// A release in one call: version 0.2.0 is created, three box images go up in parallel and are verified,
// and the version is released only once all three are stored. Against the fake, storage fails the
// first libvirt upload with a 503, as storage does: that upload starts over at a fresh address.
fake?.failStorage({ kind: 'status', status: 503, provider: 'libvirt' });
const diskImage = (provider: string) => new TextEncoder().encode(`${provider} disk image\n`.repeat(50_000));
const seen = new Map<string, PublishState>();
const release = await registry.versions.publish(
  box.tag,
  '0.2.0',
  {
    description: 'Three providers, one call',
    providers: [
      { name: 'virtualbox', asset: diskImage('virtualbox') },
      { name: 'libvirt', asset: diskImage('libvirt'), checksum_type: 'sha512' },
      { name: 'vmware_desktop', asset: new Blob([diskImage('vmware_desktop')]) },
    ],
  },
  {
    concurrency: 3,
    backoff: { initialMs: 200 },
    onProgress: ({ providers }) => {
      for (const { name, state, attempt } of providers) {
        if (seen.get(name) === state) continue;
        seen.set(name, state);
        if (state !== 'waiting')
          console.log(`  ${name}: ${state}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
      }
    },
  },
);
const attempts = release.providers.map((outcome) => `${outcome.name} ${outcome.upload?.attempts}`).join(', ');
console.log(`released ${release.version.version}: ${release.version.status} (attempts: ${attempts})`);

// When storage keeps failing one provider, nothing is released, and the error says how each ended.
if (fake) {
  fake.failStorage({ kind: 'status', status: 500, provider: 'libvirt', times: Number.POSITIVE_INFINITY });
  try {
    await registry.versions.publish(
      box.tag,
      '0.3.0',
      {
        providers: [
          { name: 'virtualbox', asset: diskImage('virtualbox') },
          { name: 'libvirt', asset: diskImage('libvirt') },
        ],
      },
      { backoff: { initialMs: 50 } },
    );
  } catch (error) {
    if (!PublishError.isInstance(error)) throw error;
    const version = await registry.versions.read(box.tag, '0.3.0');
    console.log(`0.3.0 not released (${version.status}), stopped at ${error.stage}:`);
    for (const outcome of error.providers) {
      console.log(`  ${outcome.name}: ${outcome.state}${outcome.error ? ` (${outcome.error.name})` : ''}`);
    }
  }
}

await registry.boxes.delete(box.tag);
console.log(`deleted ${box.tag}`);
