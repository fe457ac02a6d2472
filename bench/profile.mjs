// `node bench/profile.mjs [secrets|scheduler|scheduler-client|registry|mesh|fetch] [requests]`: a CPU profile of one client's
// read, sequential, summarised as self time per package and the functions that cost most. It shows where
// a request's time goes beyond what fetch itself costs.
import { Session } from 'node:inspector/promises';
import { createMeshCore, readNamespace } from '@infra-sdk/mesh-client';
import { createRegistryCore, readBox } from '@infra-sdk/registry-client';
import { createSchedulerClient, createSchedulerCore, readJob } from '@infra-sdk/scheduler-client';
import { createSecretsCore, readRoleset } from '@infra-sdk/secrets-client';
import { startServerProcess } from './lib/child.mjs';

const [which = 'secrets', count = '3000'] = process.argv.slice(2);
const server = await startServerProcess({});
const baseUrl = server.base;
const token = 'bench-token';
const calls = {
  secrets: (
    (core) => () =>
      readRoleset(core, 'my-token-roleset')
  )(createSecretsCore({ baseUrl, token })),
  scheduler: (
    (core) => () =>
      readJob(core, 'example')
  )(createSchedulerCore({ baseUrl, token })),
  // The full client, whose responses are checked in place where valibot would only copy them.
  'scheduler-client': (
    (client) => () =>
      client.jobs.read('example')
  )(createSchedulerClient({ baseUrl, token })),
  registry: (
    (core) => () =>
      readBox(core, 'myuser/test')
  )(createRegistryCore({ baseUrl, token })),
  mesh: (
    (core) => () =>
      readNamespace(core, 'team-1')
  )(createMeshCore({ baseUrl, token })),
  // The anchor: the same read as plain fetch + JSON.parse.
  fetch: async () => JSON.parse(await (await fetch(`${baseUrl}/v1/gcp/roleset/my-token-roleset`)).text()),
};
const call = calls[which];
if (!call) throw new Error(`unknown client ${which}; one of ${Object.keys(calls).join(', ')}`);
for (let i = 0; i < 300; i++) await call();

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (let i = 0; i < Number(count); i++) await call();
const { profile } = await session.post('Profiler.stop');
session.disconnect();
await server.stop();

/** Which package or runtime part a profile node belongs to. */
function area(url) {
  if (!url) return '(native / idle / gc)';
  if (url.includes('/packages/')) return `@infra-sdk/${/\/packages\/([^/]+)\//.exec(url)[1]}`;
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1];
  if (url.startsWith('node:internal/deps/undici')) return 'undici (fetch)';
  if (url.startsWith('node:internal/webstreams')) return 'web streams';
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

const byArea = new Map();
const byFunction = new Map();
const total = profile.samples.length;
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
for (const node of profile.nodes) {
  const n = hits.get(node.id) ?? 0;
  if (n === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = area(url);
  byArea.set(where, (byArea.get(where) ?? 0) + n);
  const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + n);
}
// Samples are 100 µs apart: self time per request in µs, beside the share of all samples.
const percent = (n) =>
  `${((100 * n) / total).toFixed(1).padStart(5)}% ${((n * 100) / Number(count)).toFixed(1).padStart(6)} µs/request`;
console.log(`${which}: ${count} sequential reads, ${total} samples of self time\n\nby area:`);
for (const [name, n] of [...byArea].sort((a, b) => b[1] - a[1])) console.log(`${percent(n)}  ${name}`);
console.log('\ntop functions:');
for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25)))
  console.log(`${percent(n)}  ${name}`);
