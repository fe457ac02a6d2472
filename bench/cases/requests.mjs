// CPU time per request of each client's one read against the same read done by hand with the project's
// own ky and valibot (the goal's anchor), raw fetch + JSON.parse, node:http, and for the secrets read
// node-vault, on the same server, interleaved round by round so that drift of the machine hits every
// path alike.
import { Agent, request as httpRequest } from 'node:http';
import { createMeshCore, readNamespace } from '@infra-sdk/mesh-client';
import { NamespaceSchema } from '@infra-sdk/mesh-client/schemas';
import { createRegistryCore, readBox } from '@infra-sdk/registry-client';
import { BoxSchema } from '@infra-sdk/registry-client/schemas';
import { createSchedulerClient, createSchedulerCore, readJob } from '@infra-sdk/scheduler-client';
import { JobSchema } from '@infra-sdk/scheduler-client/schemas';
import { createSecretsCore, readRoleset } from '@infra-sdk/secrets-client';
import { RolesetSchema } from '@infra-sdk/secrets-client/schemas';
import ky from 'ky';
import nodeVault from 'node-vault';
import * as v from 'valibot';
import { caseInput, report } from '../lib/child.mjs';
import { cpuSince, median } from '../lib/stats.mjs';

const { base, rounds, sequential, concurrentRounds, concurrent, width } = caseInput();
const token = 'bench-token-0123456789';

const clients = [
  {
    name: 'secrets',
    operation: 'readRoleset',
    path: '/v1/gcp/roleset/my-token-roleset',
    header: 'x-secrets-token',
    // The payload is the envelope's `data`.
    parse: (body) => v.parse(RolesetSchema, body.data),
    vault: true,
    call: (
      (core) => () =>
        readRoleset(core, 'my-token-roleset')
    )(createSecretsCore({ baseUrl: base, token })),
  },
  {
    name: 'scheduler',
    operation: 'readJob',
    path: '/v1/job/example',
    header: 'x-scheduler-token',
    parse: (body) => v.parse(JobSchema, body),
    call: (
      (core) => () =>
        readJob(core, 'example')
    )(createSchedulerCore({ baseUrl: base, token })),
  },
  {
    // The full client, built on the same core: it parses and validates the same way.
    name: 'scheduler',
    operation: 'client.jobs.read',
    path: '/v1/job/example',
    header: 'x-scheduler-token',
    parse: (body) => v.parse(JobSchema, body),
    call: (
      (client) => () =>
        client.jobs.read('example')
    )(createSchedulerClient({ baseUrl: base, token })),
  },
  {
    name: 'registry',
    operation: 'readBox',
    path: '/api/v1/box/myuser/test',
    header: 'authorization',
    parse: (body) => v.parse(BoxSchema, body),
    call: (
      (core) => () =>
        readBox(core, 'myuser/test')
    )(createRegistryCore({ baseUrl: base, token })),
  },
  {
    name: 'mesh',
    operation: 'readNamespace',
    path: '/v1/namespace/team-1',
    header: 'x-mesh-token',
    parse: (body) => v.parse(NamespaceSchema, body),
    call: (
      (core) => () =>
        readNamespace(core, 'team-1')
    )(createMeshCore({ baseUrl: base, token })),
  },
];

const agent = new Agent({ keepAlive: true });

/** The plainest fetch: one request, the body as text, JSON.parse. */
function viaFetch(client) {
  const url = `${base}${client.path}`;
  const headers = { [client.header]: client.header === 'authorization' ? `Bearer ${token}` : token };
  return async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`fetch: ${response.status}`);
    return JSON.parse(await response.text());
  };
}

/**
 * The goal's anchor: the same read done by hand with the project's own ky and valibot. One instance made
 * once with the fixed headers (ky's defaults otherwise, no hooks), `.json()` per request, then `v.parse`
 * with the client's own response schema.
 */
function viaKyValibot(client) {
  const url = `${base}${client.path}`;
  const api = ky.create({
    headers: { [client.header]: client.header === 'authorization' ? `Bearer ${token}` : token },
  });
  return async () => client.parse(await api.get(url).json());
}

/** node-vault (axios underneath), the secrets service's most used Node client, reading the same roleset. */
function viaNodeVault(client) {
  const vault = nodeVault({ apiVersion: 'v1', endpoint: base, token });
  const path = client.path.replace(/^\/v1\//, '');
  return () => vault.read(path);
}

/** node:http with a keep-alive agent, the body collected and parsed. */
function viaHttp(client) {
  const url = new URL(`${base}${client.path}`);
  const headers = { [client.header]: client.header === 'authorization' ? `Bearer ${token}` : token };
  return () =>
    new Promise((resolve, reject) => {
      const req = httpRequest(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`node:http: ${res.statusCode}`));
          else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}

/** CPU µs per request of `count` calls, one after another or `width` at a time. */
async function measure(call, count, parallel) {
  const started = process.cpuUsage();
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await call();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return cpuSince(started) / count;
}

const modes = [
  { mode: 'sequential', rounds, count: sequential, parallel: 1, warm: 250 },
  { mode: `${width} concurrent`, rounds: concurrentRounds, count: concurrent, parallel: width, warm: 640 },
];
const paths = clients.map((client) => ({
  client,
  ours: client.call,
  fetch: viaFetch(client),
  http: viaHttp(client),
  kyValibot: viaKyValibot(client),
  ...(client.vault ? { vault: viaNodeVault(client) } : {}),
}));
const pathNames = ['ours', 'fetch', 'http', 'kyValibot', 'vault'];

// Every path answers once before timing: a wrong fixture fails here, not as a fast error loop.
for (const p of paths) for (const name of pathNames) await p[name]?.();

const samples = new Map();
const record = (key, value) => samples.set(key, [...(samples.get(key) ?? []), value]);
// Round 0 warms the JIT and the connection pools and is not counted.
for (let round = 0; round <= Math.max(rounds, concurrentRounds); round++) {
  for (const { mode, rounds: last, count, parallel, warm } of modes) {
    if (round > last) continue;
    for (const p of paths) {
      // The order of the paths rotates, so none always runs first.
      const order = pathNames.filter((name) => p[name]).map((name) => [name, p[name]]);
      for (let i = 0; i < round % order.length; i++) order.push(order.shift());
      for (const [which, call] of order) {
        const cpu = await measure(call, round === 0 ? Math.min(warm, count * 4) : count, parallel);
        if (round > 0) record(`${p.client.name} ${p.client.operation}|${mode}|${which}`, cpu);
      }
    }
  }
}

const rows = [];
for (const { mode } of modes) {
  for (const { client } of paths) {
    const runsOf = (which) => samples.get(`${client.name} ${client.operation}|${mode}|${which}`);
    const of = (which) => median(runsOf(which));
    // Each round's paths ran side by side, so a round's ratio to its own fetch cancels the drift of
    // the machine between rounds; the figure is the median of those.
    const ratio = (path, anchor = 'fetch') =>
      median(runsOf(path).map((cpu, round) => cpu / runsOf(anchor)[round]));
    const vault = client.vault;
    rows.push({
      client: client.name,
      operation: client.operation,
      mode,
      ours: of('ours'),
      fetch: of('fetch'),
      http: of('http'),
      kyValibot: of('kyValibot'),
      ...(vault ? { vault: of('vault') } : {}),
      ratios: {
        // The goal: against the same read by hand with ky and valibot.
        ours: ratio('ours', 'kyValibot'),
        oursToFetch: ratio('ours'),
        http: ratio('http'),
        kyValibot: ratio('kyValibot'),
        ...(vault ? { vault: ratio('vault') } : {}),
      },
      rounds: runsOf('fetch').length,
    });
  }
}
agent.destroy();
report(rows);
