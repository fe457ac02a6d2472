// The runtime smoke suite: every client's main entry, as installed from its tarball, against the fake
// services (started in Node by the runner). It uses only what every runtime has (fetch, streams,
// WebSocket, TextEncoder), so the same file runs in Node, Bun, Deno and, bundled, in Chromium.
import { createMeshClient } from '@infra-sdk/mesh-client';
import { createRegistryClient } from '@infra-sdk/registry-client';
import { createSchedulerClient } from '@infra-sdk/scheduler-client';
import { createSecretsClient } from '@infra-sdk/secrets-client';

/** Fails a check with a message naming what differed. */
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function text(stream) {
  return new Response(stream).text();
}

/** The first event of a stream that `accept` takes; the stream is closed after it. */
async function firstEvent(stream, accept) {
  for await (const event of stream) if (accept(event)) return event;
  throw new Error('the event stream ended before the expected event');
}

function serviceJob(id, count) {
  return {
    ID: id,
    Name: id,
    Type: 'service',
    Datacenters: ['dc1'],
    TaskGroups: [
      {
        Name: 'web',
        Count: count,
        Tasks: [{ Name: 'server', Driver: 'docker', Config: { image: 'nginx:1' } }],
      },
    ],
  };
}

/** Bytes that differ from one position to the next, so a reordered or dropped chunk is noticed. */
function sampleBytes(length) {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 31 + (index >>> 11)) & 0xff;
  return bytes;
}

function sameBytes(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** A fresh box with version 1.0.0 and a provider (virtualbox unless named) to upload to; resolves to its tag. */
async function providerForUpload(registry, prefix, provider = 'virtualbox') {
  const name = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const box = await registry.boxes.create({ name, short_description: 'smoke', is_private: false });
  await registry.versions.create(box.tag, { version: '1.0.0' });
  await registry.providers.create(box.tag, '1.0.0', { name: provider });
  return box.tag;
}

/** Uploads `asset` to a fresh provider named after a storage fault of the fakes; resolves to what it did. */
async function uploadThroughFault(target, provider, asset) {
  const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
  const tag = await providerForUpload(registry, provider, provider);
  const starts = [];
  const retries = [];
  const uploaded = await registry.uploads.upload(tag, '1.0.0', provider, asset, {
    backoff: { initialMs: 50 },
    onProgress: (event) => {
      if (event.loaded === 0) starts.push(event.attempt);
    },
    onRetry: (retry) => retries.push(retry.error.name),
  });
  return { uploaded, starts, retries };
}

/** The checks, in order: name → function of the fakes' addresses. */
export const checks = [
  [
    'secrets: write, read and list a database role',
    async ({ secrets: target }) => {
      const secrets = createSecretsClient({ baseUrl: target.url, token: target.token, listMethod: 'GET' });
      await secrets.database.connections.write('smoke-db', {
        plugin_name: 'postgresql-database-plugin',
        connection_url: 'postgresql://{{username}}:{{password}}@db.internal:5432/smoke',
        username: 'admin',
        password: 'admin-password',
        allowed_roles: ['smoke-reader'],
      });
      await secrets.database.roles.write('smoke-reader', {
        db_name: 'smoke-db',
        creation_statements: [`CREATE ROLE "{{name}}" WITH LOGIN PASSWORD '{{password}}'`],
        default_ttl: '1h',
      });
      const role = await secrets.database.roles.read('smoke-reader');
      expect(role.db_name === 'smoke-db', `role.db_name is ${role.db_name}`);
      const listed = await secrets.database.roles.list();
      const keys = listed.keys ?? listed;
      expect(JSON.stringify(keys).includes('smoke-reader'), `roles.list() gave ${JSON.stringify(listed)}`);
    },
  ],
  [
    'scheduler: create and read a job, iterate allocations page by page',
    async ({ scheduler: target }) => {
      const scheduler = createSchedulerClient({ baseUrl: target.url });
      await scheduler.jobs.create({ Job: serviceJob('smoke', 3) });
      const job = await scheduler.jobs.read('smoke');
      expect(job.ID === 'smoke', `jobs.read gave ${job.ID}`);
      const pages = [];
      for await (const page of scheduler.allocations.iterate({ per_page: 2 }).pages())
        pages.push(page.items ?? page);
      const ids = pages.flat().map((alloc) => alloc.ID);
      expect(pages.length >= 2, `allocations.iterate gave ${pages.length} page(s)`);
      expect(
        new Set(ids).size === ids.length && ids.length >= 3,
        `allocations.iterate gave ${ids.length} ids`,
      );
    },
  ],
  [
    'scheduler: the event stream delivers a job registration',
    async ({ scheduler: target }) => {
      const scheduler = createSchedulerClient({ baseUrl: target.url });
      const stream = scheduler.events.stream({
        topics: { Job: ['smoke-events'] },
        signal: AbortSignal.timeout(15_000),
      });
      const seen = firstEvent(stream, (event) => event.Key === 'smoke-events');
      await scheduler.jobs.create({ Job: serviceJob('smoke-events', 1) });
      const event = await seen;
      expect(event.Topic === 'Job' && event.Type === 'JobRegistered', `got ${event.Topic} ${event.Type}`);
    },
  ],
  [
    'scheduler: exec runs a command over a WebSocket',
    async ({ scheduler: target }) => {
      const scheduler = createSchedulerClient({ baseUrl: target.url });
      await scheduler.jobs.create({ Job: serviceJob('smoke-exec', 1) });
      const [alloc] = await scheduler.jobs.listAllocations('smoke-exec');
      expect(alloc !== undefined, 'smoke-exec has no allocation');
      const session = await scheduler.allocations.exec(alloc.ID, { command: ['cat'], task: 'server' });
      const output = text(session.stdout);
      session.write('hello from exec\n');
      session.closeStdin();
      expect((await output) === 'hello from exec\n', `stdout was ${JSON.stringify(await output)}`);
      expect((await session.exitCode) === 0, 'exit code was not 0');
    },
  ],
  [
    'registry: upload 3 MiB with progress (default body), download it verified',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const name = `smoke-${Math.random().toString(36).slice(2, 8)}`;
      const box = await registry.boxes.create({ name, short_description: 'smoke', is_private: false });
      await registry.versions.create(box.tag, { version: '1.0.0' });
      await registry.providers.create(box.tag, '1.0.0', { name: 'virtualbox' });
      const asset = sampleBytes(3 * 1024 * 1024);
      const progress = [];
      const uploaded = await registry.uploads.upload(box.tag, '1.0.0', 'virtualbox', asset, {
        checksum: 'sha256',
        onProgress: (event) => progress.push(event.loaded),
      });
      expect(uploaded.bytes === asset.byteLength, `uploaded ${uploaded.bytes} bytes`);
      expect(
        progress.length >= 2 && progress.at(-1) === asset.byteLength,
        `progress: ${progress.join(', ')}`,
      );
      await registry.versions.release(box.tag, '1.0.0');
      const download = await registry.uploads.download(box.tag, '1.0.0', 'virtualbox');
      const copy = new Uint8Array(await new Response(download.body).arrayBuffer());
      expect(sameBytes(copy, asset), `downloaded ${copy.byteLength} bytes that differ from the upload`);
      expect(download.checksum?.type === 'sha256', 'the download carried no sha256 checksum');
    },
  ],
  [
    'registry: upload a 3 MiB Blob, progress rising as the bytes go',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const tag = await providerForUpload(registry, 'blob');
      const asset = new Blob([sampleBytes(3 * 1024 * 1024)]);
      const progress = [];
      const uploaded = await registry.uploads.upload(tag, '1.0.0', 'virtualbox', asset, {
        onProgress: (event) => progress.push(event.loaded),
      });
      expect(uploaded.bytes === asset.size, `uploaded ${uploaded.bytes} bytes`);
      // Between the first and the last, counts of bytes on their way: a Blob sent whole in one go
      // would report only 0 and the full size.
      const between = progress.filter((loaded) => loaded > 0 && loaded < asset.size);
      expect(
        between.length >= 2 &&
          progress.every((loaded, index) => index === 0 || loaded > progress[index - 1]) &&
          progress.at(-1) === asset.size,
        `progress: ${progress.join(', ')}`,
      );
    },
  ],
  [
    'registry: a Blob upload stops with an AbortError when its signal aborts mid-way',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const tag = await providerForUpload(registry, 'abort');
      const asset = new Blob([sampleBytes(3 * 1024 * 1024)]);
      const controller = new AbortController();
      const failure = await registry.uploads
        .upload(tag, '1.0.0', 'virtualbox', asset, {
          signal: controller.signal,
          onProgress: (event) => {
            if (event.loaded > 0) controller.abort();
          },
        })
        .then(
          () => undefined,
          (error) => error,
        );
      expect(failure?.name === 'AbortError', `the upload ended with ${failure?.name}: ${failure?.message}`);
    },
  ],
  [
    'registry: a Blob upload that storage redirects to another origin fails',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const tag = await providerForUpload(registry, 'redirect');
      // Small, so that the whole body is out before the fake answers without reading it.
      const failure = await registry.uploads
        .upload(tag, '1.0.0', 'virtualbox', new Blob([sampleBytes(1024)]), {
          contentType: 'application/x-smoke-redirect',
        })
        .then(
          () => undefined,
          (error) => error,
        );
      // fetch refuses the redirect; a browser's XMLHttpRequest follows it by itself, and the upload
      // then fails on the origin the answer came from.
      expect(
        /redirect/i.test(failure?.message ?? ''),
        `the upload ended with ${failure ? `${failure.name}: ${failure.message}` : 'success'}`,
      );
    },
  ],
  [
    'registry: a Blob upload whose address expired starts over at a fresh one',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const tag = await providerForUpload(registry, 'renew');
      // Small, so that the whole body is out before the fake refuses it without reading it.
      const asset = new Blob([sampleBytes(1024)]);
      const attempts = new Set();
      const uploaded = await registry.uploads.upload(tag, '1.0.0', 'virtualbox', asset, {
        contentType: 'application/x-smoke-expired',
        onProgress: (event) => attempts.add(event.attempt),
      });
      expect(
        uploaded.attempts === 2 && uploaded.bytes === asset.size && attempts.has(2),
        `attempts ${uploaded.attempts}, bytes ${uploaded.bytes}, progress of attempts ${[...attempts]}`,
      );
    },
  ],
  [
    'registry: a Blob upload without an answer fails with a TimeoutError after idleTimeout',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const tag = await providerForUpload(registry, 'late');
      const failure = await registry.uploads
        .upload(tag, '1.0.0', 'virtualbox', new Blob([sampleBytes(1024)]), {
          contentType: 'application/x-smoke-late',
          idleTimeout: 200,
        })
        .then(
          () => undefined,
          (error) => error,
        );
      expect(failure?.name === 'TimeoutError', `the upload ended with ${failure?.name}: ${failure?.message}`);
    },
  ],
  [
    'registry: an upload that storage answers 503 starts over at a fresh address, progress from 0',
    async ({ registry: target }) => {
      const asset = new Blob([sampleBytes(64 * 1024)]);
      const { uploaded, starts, retries } = await uploadThroughFault(target, 'storage-503', asset);
      expect(
        uploaded.attempts === 2 && uploaded.bytes === asset.size && starts.join() === '1,2',
        `attempts ${uploaded.attempts}, bytes ${uploaded.bytes}, attempts started at 0: ${starts}, retried after ${retries}`,
      );
      expect(retries.join() === 'ServiceUnavailableError', `retried after ${retries}`);
    },
  ],
  [
    'registry: an answer before the whole box was sent is not taken as stored; the upload starts over',
    async ({ registry: target }) => {
      // Storage answers 200 after 1 MiB of the 16 MiB and drops the connection with the rest (a box
      // much larger than what the operating system buffers, so the answer comes while bytes still wait).
      const asset = new Blob([sampleBytes(16 * 1024 * 1024)]);
      const { uploaded, retries } = await uploadThroughFault(target, 'storage-early', asset);
      expect(
        uploaded.attempts === 2 && uploaded.bytes === asset.size,
        `attempts ${uploaded.attempts}, bytes ${uploaded.bytes}, retried after ${retries}`,
      );
      // The runtime saw the early answer, or the connection storage dropped after it; a browser may
      // also send the body again by itself on a fresh connection, to the address storage took as used.
      expect(
        retries.length === 1 &&
          ['EarlyStorageAnswerError', 'ConnectionError', 'UploadAddressError'].includes(retries[0]),
        `retried after ${retries}`,
      );
    },
  ],
  [
    'registry: publish a release with three providers in one call',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const name = `release-${Math.random().toString(36).slice(2, 8)}`;
      const box = await registry.boxes.create({ name, short_description: 'smoke', is_private: false });
      const views = [];
      const release = await registry.versions.publish(
        box.tag,
        '1.0.0',
        {
          providers: [
            { name: 'virtualbox', asset: new Blob([sampleBytes(300_000)]) },
            { name: 'libvirt', asset: sampleBytes(200_000), checksum_type: 'sha512' },
            { name: 'hyperv', url: 'https://downloads.example.com/hyperv.box' },
          ],
        },
        { concurrency: 3, onProgress: (view) => views.push(view) },
      );
      const states = release.providers.map((outcome) => `${outcome.name} ${outcome.state}`).join(', ');
      expect(
        release.version.status === 'active' && states === 'virtualbox ready, libvirt ready, hyperv ready',
        `version ${release.version.status}; ${states}`,
      );
      const last = views.at(-1);
      expect(last?.loaded === 500_000 && last.total === 500_000, `the last view: ${JSON.stringify(last)}`);
    },
  ],
  [
    'core: a call whose token provider took part of its time limit is sent with the rest of it',
    async ({ registry: target }) => {
      // The attempt starts once the token is there: its own time limit would outlive the call's, so the
      // transport sends it with a signal of its own that ends at the call's limit.
      const registry = createRegistryClient({
        baseUrl: target.url,
        token: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return target.token;
        },
        timeout: 60_000,
        totalTimeout: 10_000,
      });
      const user = await registry.users.read('smoke');
      expect(user.username === 'smoke', `users.read gave ${JSON.stringify(user)}`);
    },
  ],
  [
    'registry: iterate search results page by page',
    async ({ registry: target }) => {
      const registry = createRegistryClient({ baseUrl: target.url, token: target.token });
      const name = `paged-${Math.random().toString(36).slice(2, 8)}`;
      for (const extra of ['a', 'b', 'c']) {
        await registry.boxes.create({
          name: `${name}-${extra}`,
          short_description: 'smoke',
          is_private: false,
        });
      }
      let pages = 0;
      let boxes = 0;
      for await (const { items } of registry.search.iterate({ q: name, limit: 1 }).pages()) {
        pages += 1;
        boxes += items.length;
      }
      expect(pages >= 3 && boxes === 3, `search.iterate gave ${boxes} boxes in ${pages} pages`);
    },
  ],
  [
    'mesh: read a namespace and list them',
    async ({ mesh: target }) => {
      const mesh = createMeshClient({ baseUrl: target.url });
      await mesh.namespaces.create({ Name: 'smoke', Description: 'smoke' });
      const namespace = await mesh.namespaces.read('smoke');
      expect(namespace.Description === 'smoke', `read gave ${JSON.stringify(namespace)}`);
      const { data, meta } = await mesh.namespaces.list().withMeta();
      expect(
        data.some((item) => item.Name === 'smoke'),
        'list() lacks smoke',
      );
      expect(typeof meta.index === 'number', 'list() has no index');
    },
  ],
];

/** Runs every check; resolves to one result per check, never rejects. */
export async function runSmoke(targets) {
  const results = [];
  for (const [name, check] of checks) {
    const started = Date.now();
    try {
      await check(targets);
      results.push({ name, ok: true, ms: Date.now() - started });
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results.push({ name, ok: false, ms: Date.now() - started, error: message });
    }
  }
  return results;
}
