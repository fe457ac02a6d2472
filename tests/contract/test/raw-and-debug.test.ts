// One contract, run against all four clients over a real loopback server: `client.request()` takes the
// path of the typed calls (the same auth, retries, errors and service rules), and the debug switch,
// from the option or from INFRA_SDK_DEBUG through `fromEnv()`, logs each request and response and
// never the token.
import { readFileSync } from 'node:fs';
import { type DebugFields, NotFoundError, type RawRequest, type RequestOptions } from '@infra-sdk/core';
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { createMeshClient, fromEnv as meshFromEnv } from '@infra-sdk/mesh-client';
import { NamespaceSchema } from '@infra-sdk/mesh-client/schemas';
import {
  createRegistryClient,
  DisallowedUseError,
  fromEnv as registryFromEnv,
} from '@infra-sdk/registry-client';
import { BoxSchema } from '@infra-sdk/registry-client/schemas';
import { createSchedulerClient, fromEnv as schedulerFromEnv } from '@infra-sdk/scheduler-client';
import { JobSchema } from '@infra-sdk/scheduler-client/schemas';
import { createSecretsClient, fromEnv as secretsFromEnv } from '@infra-sdk/secrets-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const TOKEN = 'contract-token-0123456789';

function fixture(name: string): { headers?: Record<string, string>; body: Record<string, unknown> } {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));
}

/** What every client offers: the raw escape hatch and a typed read of the same route. */
interface Client {
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): PromiseLike<T>;
}

interface Subject {
  readonly name: string;
  readonly route: string;
  readonly answer: ReturnType<typeof fixture>;
  /** The route of the read under the client's prefix, for `request()`. */
  readonly path: string;
  readonly schema: RawRequest['schema'];
  readonly make: (baseUrl: string, debug?: unknown) => Client;
  readonly read: (client: Client) => Promise<unknown>;
  readonly env: { readonly address: string; readonly token: string; readonly fromEnv: () => Client };
}

const subjects: readonly Subject[] = [
  {
    name: 'secrets',
    route: '/v1/gcp/roleset/:name',
    answer: fixture('secrets-read-roleset'),
    path: '/gcp/roleset/r',
    schema: undefined,
    make: (baseUrl, debug) => createSecretsClient({ baseUrl, token: TOKEN, debug: debug as never }),
    read: (client) => (client as ReturnType<typeof createSecretsClient>).cloud.rolesets.read('r'),
    env: { address: 'SECRETS_ADDR', token: 'SECRETS_TOKEN', fromEnv: () => secretsFromEnv() },
  },
  {
    name: 'scheduler',
    route: '/v1/job/:id',
    answer: fixture('scheduler-read-job'),
    path: '/job/example',
    schema: JobSchema,
    make: (baseUrl, debug) => createSchedulerClient({ baseUrl, token: TOKEN, debug: debug as never }),
    read: (client) => (client as ReturnType<typeof createSchedulerClient>).jobs.read('example'),
    env: { address: 'SCHEDULER_ADDR', token: 'SCHEDULER_TOKEN', fromEnv: () => schedulerFromEnv() },
  },
  {
    name: 'registry',
    route: '/api/v1/box/:user/:name',
    answer: fixture('registry-read-box'),
    path: '/box/myuser/test',
    schema: BoxSchema,
    make: (baseUrl, debug) => createRegistryClient({ baseUrl, token: TOKEN, debug: debug as never }),
    read: (client) => (client as ReturnType<typeof createRegistryClient>).boxes.read('myuser/test'),
    env: { address: 'REGISTRY_ADDR', token: 'REGISTRY_TOKEN', fromEnv: () => registryFromEnv() },
  },
  {
    name: 'mesh',
    route: '/v1/namespace/:name',
    answer: fixture('mesh-read-namespace'),
    path: '/namespace/team-1',
    schema: NamespaceSchema,
    make: (baseUrl, debug) => createMeshClient({ baseUrl, token: TOKEN, debug: debug as never }),
    read: (client) => (client as ReturnType<typeof createMeshClient>).namespaces.read('team-1'),
    env: { address: 'MESH_ADDR', token: 'MESH_TOKEN', fromEnv: () => meshFromEnv() },
  },
];

describe.each(subjects)('$name: request() and the debug switch', (subject) => {
  let server: TestServer;
  let failNext = 0;

  beforeEach(async () => {
    failNext = 0;
    server = await startTestServer();
    server.route('GET', subject.route, (_req, res) => {
      if (failNext > 0) {
        failNext -= 1;
        return res.json(503, { errors: ['try again'] });
      }
      res.json(200, subject.answer.body, subject.answer.headers);
    });
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await server.close();
  });

  it('request() answers as the typed read does: the same token, retries and errors', async () => {
    const client = subject.make(server.url);
    failNext = 1;
    const raw = await client.request({ method: 'GET', path: subject.path, schema: subject.schema });
    expect(server.requests).toHaveLength(2);
    const typed = await subject.read(client);
    // The secrets envelope stays whole in a raw call; the others have none.
    expect(subject.name === 'secrets' ? (raw as { data: unknown }).data : raw).toEqual(typed);
    for (const request of server.requests) expect(JSON.stringify(request.headers)).toContain(TOKEN);
    await expect(client.request({ method: 'GET', path: '/no/such/route' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('fromEnv() logs each request and response when INFRA_SDK_DEBUG=1, never the token', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'debug').mockImplementation((line: unknown) => void lines.push(String(line)));
    vi.stubEnv(subject.env.address, server.url);
    vi.stubEnv(subject.env.token, TOKEN);
    vi.stubEnv('INFRA_SDK_DEBUG', '1');
    await subject.read(subject.env.fromEnv());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^infra-sdk request GET http:\/\/127\.0\.0\.1:\d+\/\S+ attempt 0$/);
    expect(lines[1]).toMatch(/^infra-sdk response 200 GET \S+ attempt 0, \d+ ms/);
    vi.stubEnv('INFRA_SDK_DEBUG', 'bodies');
    await subject.read(subject.env.fromEnv());
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(' body: {');
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('the debug option takes a logger of the caller', async () => {
    const seen: DebugFields[] = [];
    const client = subject.make(server.url, {
      logger: { debug: (_line: string, f: DebugFields) => seen.push(f) },
    });
    await subject.read(client);
    expect(seen.map((fields) => [fields.event, fields.status])).toEqual([
      ['request', undefined],
      ['response', 200],
    ]);
  });
});

describe('service rules in request()', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('scheduler: a schema that declares times keeps every digit, as the typed read does', async () => {
    const body = JSON.stringify(fixture('scheduler-read-job').body).replace(
      /^\{/,
      '{"SubmitTime":1700000000123456789,',
    );
    server.route('GET', '/v1/job/:id', (_req, res) =>
      res.text(200, body, { 'content-type': 'application/json' }),
    );
    const scheduler = createSchedulerClient({ baseUrl: server.url });
    const raw = await scheduler.request({ method: 'GET', path: '/job/example', schema: JobSchema });
    expect(String(raw.SubmitTime)).toBe('1700000000123456789');
    expect(raw.SubmitTime).toEqual((await scheduler.jobs.read('example')).SubmitTime);
  });

  it('secrets: the namespace option becomes its header, and the envelope’s lease reaches the metadata', async () => {
    server.route('GET', '/v1/sys/leased', (req, res) =>
      res.json(200, {
        lease_id: 'database/creds/r/abc',
        lease_duration: 60,
        renewable: true,
        data: { ns: req.header('x-secrets-namespace') },
      }),
    );
    const secrets = createSecretsClient({ baseUrl: server.url, token: TOKEN });
    const { data, meta } = await secrets
      .request({ method: 'GET', path: '/sys/leased' }, { namespace: 'team-a' })
      .withMeta();
    expect(data).toMatchObject({ data: { ns: 'team-a' } });
    expect(meta).toMatchObject({ leaseId: 'database/creds/r/abc', leaseDuration: 60, renewable: true });
  });

  it('registry: a 403 is its DisallowedUseError, a 2xx that reports a failure is refused', async () => {
    server.route('GET', '/api/v1/user/:name', (_req, res) =>
      res.json(403, { errors: ['private boxes need a plan'] }),
    );
    server.route('GET', '/api/v1/odd', (_req, res) =>
      res.json(200, { success: false, errors: ['not saved'] }),
    );
    const registry = createRegistryClient({ baseUrl: server.url, token: TOKEN });
    await expect(registry.request({ method: 'GET', path: '/user/someone' })).rejects.toSatisfy((error) =>
      DisallowedUseError.isInstance(error),
    );
    await expect(registry.request({ method: 'GET', path: '/odd' })).rejects.toThrow('not saved');
  });
});
