import { inspect } from 'node:util';
import { startTestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createSchedulerClient,
  createSchedulerCore,
  fromEnv,
  InfraSdkError,
  listJobs,
  PermissionDeniedError,
  packageVersion,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
} from '../src/index.js';
import { clientOf, scheduler, serviceJob } from './support.js';

const SECRET = 'b9c1e5a2-top-secret-token';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('client', () => {
  it('sends the token header, its user agent and asks for gzip', async () => {
    const { fake } = await scheduler({ acl: { tokens: { [SECRET]: 'management' } } });
    const client = clientOf(fake, { token: SECRET, userAgent: 'deploy-bot/2' });
    await client.jobs.create({ Job: serviceJob() });
    const { meta } = await client.jobs.list().withMeta();
    const request = fake.requests.at(-1);
    expect(request?.headers['x-scheduler-token']).toBe(SECRET);
    expect(request?.headers['user-agent']).toBe(`@infra-sdk/scheduler-client/${packageVersion} deploy-bot/2`);
    expect(request?.headers['accept-encoding']).toContain('gzip');
    expect(meta.headers['content-encoding']).toBe('gzip');
    expect(request?.query.toString()).not.toContain(SECRET);
  });

  it('reads a rotated token before each call', async () => {
    const tokens = ['first-token-1234', 'second-token-5678'];
    const { fake } = await scheduler({
      acl: { tokens: { 'first-token-1234': 'management', 'second-token-5678': 'management' } },
    });
    let call = 0;
    const client = clientOf(fake, { token: async () => tokens[call++] });
    await client.jobs.list();
    await client.jobs.list();
    expect(fake.requests.map((request) => request.headers['x-scheduler-token'])).toEqual(tokens);
  });

  it('never shows the token in descriptions of the client or its errors', async () => {
    const { fake } = await scheduler({ acl: { tokens: { other: 'management' } } });
    const client = createSchedulerClient({
      baseUrl: fake.url,
      token: SECRET,
      namespace: 'apps',
      retry: false,
    });
    for (const text of [
      inspect(client, { depth: 5 }),
      JSON.stringify(client),
      inspect(client.core),
      JSON.stringify(client.core),
    ]) {
      expect(text).not.toContain(SECRET);
      expect(text).toContain('[redacted]');
    }
    expect(JSON.parse(JSON.stringify(client))).toMatchObject({ namespace: 'apps', pathPrefix: '/v1' });
    const error = await client.jobs.list().catch((caught: unknown) => caught);
    expect(PermissionDeniedError.isInstance(error)).toBe(true);
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })]) {
      expect(text).not.toContain(SECRET);
    }
  });

  it('masks the token when a server echoes it back in an error', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    server.route('GET', '/v1/jobs', (req, res) =>
      res.text(400, `rejected token ${req.header('x-scheduler-token')}`),
    );
    const client = createSchedulerClient({ baseUrl: server.url, token: SECRET });
    const error = await client.jobs.list().catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('rejected token [redacted]');
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })]) {
      expect(text).not.toContain(SECRET);
    }
  });

  it('uses the client namespace and region, and per-call overrides', async () => {
    const { fake } = await scheduler({ region: 'eu' });
    const client = clientOf(fake, { namespace: 'apps', region: 'eu' });
    await client.jobs.list();
    expect(Object.fromEntries(fake.requests.at(-1)?.query ?? [])).toEqual({
      namespace: 'apps',
      region: 'eu',
    });
    await client.nodes.list({ region: 'eu' });
    expect(Object.fromEntries(fake.requests.at(-1)?.query ?? [])).toEqual({ region: 'eu' });
    const error = await client.jobs.list({ region: 'us', namespace: '*' }).catch((caught: unknown) => caught);
    expect(ServerError.isInstance(error)).toBe(true);
    expect((error as ServerError).body).toBe('No path to region');
  });

  it('asks for pretty output', async () => {
    const { client, fake } = await scheduler();
    const nodes = await client.nodes.list({ pretty: true });
    expect(nodes).toHaveLength(2);
    expect(fake.requests.at(-1)?.query.get('pretty')).toBe('true');
  });

  it('checks responses unless told not to, per client or per call', async () => {
    const { fake } = await scheduler();
    const broken = (validateResponses?: boolean) =>
      createSchedulerClient({
        baseUrl: fake.url,
        ...(validateResponses === undefined ? {} : { validateResponses }),
        fetch: async () => Response.json([{ ID: 42 }], { headers: { 'X-Scheduler-Index': '3' } }),
      });
    await expect(broken().jobs.list()).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === 'schema',
    );
    expect(await broken(false).jobs.list()).toEqual([{ ID: 42 }]);
    expect(await broken().jobs.list({ validateResponse: false })).toEqual([{ ID: 42 }]);
  });

  it('reaches other endpoints through request()', async () => {
    const { client, fake } = await scheduler();
    const nodes = await client.request<unknown[]>({ method: 'GET', path: '/nodes', query: { prefix: '' } });
    expect(nodes).toHaveLength(2);
    expect(fake.requests.at(-1)?.path).toBe('/v1/nodes');
    await expect(client.request({ method: 'GET', path: '/../agent/self' })).rejects.toSatisfy(
      (error: unknown) => RequestValidationError.isInstance(error),
    );
  });

  it('encodes path parameters so no job id reaches another endpoint', async () => {
    const { client, fake } = await scheduler();
    await expect(client.jobs.read('../nodes')).rejects.toThrow();
    await expect(client.jobs.read('a/b?c#d')).rejects.toThrow(/job not found/);
    expect(fake.requests.at(-1)?.path).toBe('/v1/job/a%2Fb%3Fc%23d');
    await expect(client.jobs.read('..')).rejects.toSatisfy((error: unknown) =>
      RequestValidationError.isInstance(error),
    );
  });

  it('builds a minimal core for standalone operations', async () => {
    const { fake } = await scheduler();
    const core = createSchedulerCore({ baseUrl: fake.url, namespace: 'default' });
    expect(await listJobs(core)).toEqual([]);
    expect(core.validateResponses).toBe(true);
    expect(await core.resolveToken()).toBeUndefined();
    const withToken = createSchedulerCore({ baseUrl: fake.url, token: async () => SECRET });
    expect(await withToken.resolveToken()).toBe(SECRET);
    expect(() => createSchedulerCore({ baseUrl: fake.url, token: '' })).toThrow(/token: is empty/);
  });

  it('creates a client from the environment', async () => {
    const { fake } = await scheduler();
    vi.stubEnv('SCHEDULER_ADDR', fake.url);
    vi.stubEnv('SCHEDULER_TOKEN', SECRET);
    vi.stubEnv('SCHEDULER_NAMESPACE', 'apps');
    vi.stubEnv('SCHEDULER_REGION', 'global');
    const client = fromEnv({ retry: false });
    await client.jobs.list();
    const request = fake.requests.at(-1);
    expect(request?.headers['x-scheduler-token']).toBe(SECRET);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ namespace: 'apps', region: 'global' });
    expect(JSON.stringify(fromEnv({ namespace: 'other' }))).toContain('"namespace":"other"');
  });

  it('reads an address without a scheme from the environment as http://', async () => {
    const { fake } = await scheduler();
    vi.stubEnv('SCHEDULER_ADDR', fake.url.replace(/^http:\/\//, ''));
    vi.stubEnv('SCHEDULER_TOKEN', '');
    vi.stubEnv('SCHEDULER_NAMESPACE', '');
    vi.stubEnv('SCHEDULER_REGION', '');
    expect(await fromEnv({ retry: false, token: SECRET }).jobs.list()).toEqual([]);
    expect(fake.requests.at(-1)?.headers['x-scheduler-token']).toBe(SECRET);
  });

  it('explains a missing address', () => {
    vi.stubEnv('SCHEDULER_ADDR', '');
    expect(() => fromEnv()).toThrow(InfraSdkError);
    expect(() => fromEnv()).toThrow(/SCHEDULER_ADDR is not set/);
  });
});
