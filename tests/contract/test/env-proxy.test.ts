// One contract, run against all four clients: in Node, `fromEnv()` sends through the proxy that
// HTTP_PROXY names (its credentials from its address, the token to the service only) and straight to
// the hosts NO_PROXY lists, with no other setting; a `fetch` in the overrides is used as it is.
import { readFileSync } from 'node:fs';
import { startTestProxy, startTestServer, type TestProxy, type TestServer } from '@infra-sdk/core/testing';
import { fromEnv as meshFromEnv } from '@infra-sdk/mesh-client';
import { fromEnv as registryFromEnv } from '@infra-sdk/registry-client';
import { fromEnv as schedulerFromEnv } from '@infra-sdk/scheduler-client';
import { fromEnv as secretsFromEnv } from '@infra-sdk/secrets-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const TOKEN = 'contract-token-0123456789';
const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];

function fixture(name: string): Record<string, unknown> {
  const { body } = JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));
  return body as Record<string, unknown>;
}

interface Subject {
  readonly name: string;
  /** The client's address variable. */
  readonly address: string;
  /** The client's token variable. */
  readonly token: string;
  readonly route: string;
  readonly answer: Record<string, unknown>;
  /** The client's one read, through `fromEnv(overrides)`. */
  readonly read: (overrides: { fetch?: typeof fetch }) => Promise<unknown>;
}

const subjects: readonly Subject[] = [
  {
    name: 'secrets',
    address: 'SECRETS_ADDR',
    token: 'SECRETS_TOKEN',
    route: '/v1/gcp/roleset/:name',
    answer: fixture('secrets-read-roleset'),
    read: (overrides) => secretsFromEnv({ retry: false, ...overrides }).cloud.rolesets.read('r'),
  },
  {
    name: 'scheduler',
    address: 'SCHEDULER_ADDR',
    token: 'SCHEDULER_TOKEN',
    route: '/v1/job/:id',
    answer: fixture('scheduler-read-job'),
    read: (overrides) => schedulerFromEnv({ retry: false, ...overrides }).jobs.read('example'),
  },
  {
    name: 'registry',
    address: 'REGISTRY_ADDR',
    token: 'REGISTRY_TOKEN',
    route: '/api/v1/box/:user/:name',
    answer: fixture('registry-read-box'),
    read: (overrides) => registryFromEnv({ retry: false, ...overrides }).boxes.read('myuser/test'),
  },
  {
    name: 'mesh',
    address: 'MESH_ADDR',
    token: 'MESH_TOKEN',
    route: '/v1/namespace/:name',
    answer: fixture('mesh-read-namespace'),
    read: (overrides) => meshFromEnv({ retry: false, ...overrides }).namespaces.read('team-1'),
  },
];

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each(subjects)('fromEnv of $name behind a proxy', (subject) => {
  let service: TestServer;
  let proxy: TestProxy;

  beforeEach(async () => {
    service = await startTestServer();
    service.route('GET', subject.route, (_req, res) => res.json(200, subject.answer));
    proxy = await startTestProxy({ credentials: { username: 'ci', password: 'pr0xy' } });
    for (const name of PROXY_VARIABLES) vi.stubEnv(name, '');
    vi.stubEnv('HTTP_PROXY', `http://ci:pr0xy@127.0.0.1:${proxy.port}`);
    vi.stubEnv(subject.address, service.url);
    vi.stubEnv(subject.token, TOKEN);
  });

  afterEach(async () => {
    vi.unstubAllEnvs();
    await Promise.all([service.close(), proxy.close()]);
  });

  it('sends through HTTP_PROXY, its credentials to the proxy and the token to the service', async () => {
    await subject.read({});
    expect(proxy.requests.map((r) => [r.kind, r.refused, r.headers['proxy-authorization']])).toEqual([
      ['forward', undefined, basic('ci', 'pr0xy')],
    ]);
    expect(proxy.requests[0]?.target.startsWith(service.url)).toBe(true);
    expect(JSON.stringify(service.requests[0]?.headers)).toContain(TOKEN);
    expect(service.requests[0]?.headers['proxy-authorization']).toBeUndefined();
  });

  it('goes straight to a host NO_PROXY lists, and leaves a fetch of the overrides as it is', async () => {
    vi.stubEnv('NO_PROXY', `127.0.0.1:${service.port}`);
    await subject.read({});
    vi.stubEnv('NO_PROXY', '');
    await subject.read({ fetch: (input, init) => globalThis.fetch(input, init) });
    expect(proxy.requests).toEqual([]);
    expect(service.requests).toHaveLength(2);
  });
});
