// `node bench/signal-cost.mjs`: what a signal of the call's own, handed to ky, costs a read. In one
// process, against the bench server: a bare ky read, the same read given a signal and a timer per call
// (how core's transport used to keep the limit on a whole call), and core's transport as it is. The
// three run side by side, 60 rounds of 100 reads one after another; each figure is the median over the
// rounds of each round's ratio to bare ky. (Reads 32 at a time vary too much per round to show it.)
import { createTransport } from '@infra-sdk/core';
import ky from 'ky';
import { startServerProcess } from './lib/child.mjs';
import { median } from './lib/stats.mjs';

const server = await startServerProcess({});
const token = 'bench-token-0123456789';
const headers = { 'x-secrets-token': token };
const url = `${server.base}/v1/gcp/roleset/my-token-roleset`;
const api = ky.create({ headers });
const transport = createTransport({ baseUrl: server.base, pathPrefix: '/v1', headers });

const paths = {
  'bare ky': () => api.get(url).json(),
  'ky with a signal and a timer per call': async () => {
    const total = new AbortController();
    const timer = setTimeout(() => total.abort(), 120_000);
    try {
      return await api.get(url, { signal: total.signal, timeout: 30_000 }).json();
    } finally {
      clearTimeout(timer);
    }
  },
  "core's transport": () => transport.request({ method: 'GET', path: '/gcp/roleset/my-token-roleset' }),
};

async function round(call) {
  const started = process.cpuUsage();
  for (let i = 0; i < 100; i++) await call();
  const { user, system } = process.cpuUsage(started);
  return user + system;
}

const names = Object.keys(paths);
for (const name of names) for (let i = 0; i < 5; i++) await round(paths[name]);
const cpu = Object.fromEntries(names.map((name) => [name, []]));
for (let r = 0; r < 60; r++) {
  // Alternating order, so that neither end of a round favours one path.
  for (const name of r % 2 ? names : [...names].reverse()) cpu[name].push(await round(paths[name]));
}
console.log('CPU time per read against bare ky, one read at a time:');
for (const name of names) {
  const ratio = median(cpu[name].map((value, at) => value / cpu['bare ky'][at]));
  console.log(`  ${name.padEnd(40)} ${ratio.toFixed(2)}×`);
}
await server.stop();
