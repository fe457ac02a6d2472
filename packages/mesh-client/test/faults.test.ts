import {
  createTestClock,
  delayed,
  type Handler,
  startTestServer,
  statusSequence,
  type TestServer,
} from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createMeshClient,
  type MeshClientOptions,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
} from '../src/index.js';
import { failure, received, settle } from './support.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A test server with `handler` on `method path`, and a client of it that retries without long pauses. */
async function serve(
  method: string,
  path: string,
  handler: Handler,
  options: Partial<MeshClientOptions> = {},
) {
  const server = await startTestServer();
  servers.push(server);
  server.route(method, path, handler);
  const mesh = createMeshClient({
    baseUrl: server.url,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    ...options,
  });
  return { server, mesh };
}

const team = { Name: 'team-1', CreateIndex: 5, ModifyIndex: 5 };
const indexed = (index: number) => ({ 'X-Mesh-Index': String(index) });

describe('retries and failures', () => {
  it('retries a read on 503 and on a connection reset', async () => {
    let calls = 0;
    const { server, mesh } = await serve(
      'GET',
      '/v1/namespace/team-1',
      statusSequence([503], (_req, res) => {
        calls += 1;
        if (calls === 1) void res.resetAfter('{"Na');
        else res.json(200, team);
      }),
    );
    expect(await mesh.namespaces.read('team-1')).toEqual(team);
    expect(server.requests).toHaveLength(3);
  });

  it('retries an update (a full replace) but not a create or a delete', async () => {
    const update = await serve(
      'PUT',
      '/v1/namespace/team-1',
      statusSequence([503], (_req, res) => res.json(200, team)),
    );
    expect(await update.mesh.namespaces.update('team-1', {})).toEqual(team);
    expect(update.server.requests).toHaveLength(2);

    const create = await serve(
      'PUT',
      '/v1/namespace',
      statusSequence([503], (_req, res) => res.json(200, team)),
    );
    expect(
      ServiceUnavailableError.isInstance(await failure(create.mesh.namespaces.create({ Name: 'team-1' }))),
    ).toBe(true);
    expect(create.server.requests).toHaveLength(1);

    const remove = await serve(
      'DELETE',
      '/v1/namespace/team-1',
      statusSequence([503, 503], (_req, res) => res.empty(200)),
    );
    expect(ServiceUnavailableError.isInstance(await failure(remove.mesh.namespaces.delete('team-1')))).toBe(
      true,
    );
    await remove.mesh.namespaces.delete('team-1', { retry: { retryWrites: true, baseDelayMs: 1 } });
    expect(remove.server.requests).toHaveLength(3);
  });

  it('ignores whatever body a delete answers with', async () => {
    const { mesh } = await serve('DELETE', '/v1/namespace/team-1', (_req, res) => res.text(200, 'true'));
    expect(await mesh.namespaces.delete('team-1')).toBeUndefined();
  });

  it('reports an unreachable server as ConnectionError and a silent one as TimeoutError', async () => {
    const { server, mesh } = await serve('GET', '/v1/namespaces', (_req, res) => res.hang(), {
      retry: false,
    });
    expect(TimeoutError.isInstance(await failure(mesh.namespaces.list({ timeout: 50 })))).toBe(true);
    const url = server.url;
    await server.close();
    const gone = createMeshClient({ baseUrl: url, retry: false });
    expect(ConnectionError.isInstance(await failure(gone.namespaces.list()))).toBe(true);
  });
});

describe('response validation', () => {
  const wrong = { Name: 7, ACLs: { PolicyDefaults: [{ ID: 'x' }] } };

  it('gives a read with an index the default wait and its time limit, not the per-attempt timeout', async () => {
    const { server, mesh } = await serve(
      'GET',
      '/v1/namespace/team-1',
      delayed(300, (_req, res) => res.json(200, team, indexed(6))),
      { timeout: 100, retry: false },
    );
    const { meta } = await mesh.namespaces.read('team-1', { index: 5 }).withMeta();
    expect(meta.index).toBe(6);
    expect(server.requests[0]?.query.get('wait')).toBe('300s');
    // Without an index the same answer is cut by the per-attempt timeout.
    expect(TimeoutError.isInstance(await failure(mesh.namespaces.read('team-1')))).toBe(true);
  });

  it('refuses a response of the wrong shape, naming the fields', async () => {
    const { mesh } = await serve('GET', '/v1/namespace/team-1', (_req, res) => res.json(200, wrong));
    const error = await failure(mesh.namespaces.read('team-1'));
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).problem).toBe('schema');
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['Name', 'ACLs.PolicyDefaults.0.Name']),
    );
  });

  it('can be turned off per client and per call', async () => {
    const { server } = await serve('GET', '/v1/namespaces', (_req, res) => res.json(200, [wrong]));
    const lenient = createMeshClient({ baseUrl: server.url, validateResponses: false });
    expect(await lenient.namespaces.list()).toEqual([wrong]);
    const strict = createMeshClient({ baseUrl: server.url });
    expect(await strict.namespaces.list({ validateResponse: false })).toEqual([wrong]);
    expect(ResponseValidationError.isInstance(await failure(strict.namespaces.list()))).toBe(true);
  });

  it('refuses a body that is not JSON', async () => {
    const { mesh } = await serve('GET', '/v1/namespaces', (_req, res) =>
      res.text(200, '[{"Name":', { 'content-type': 'application/json' }),
    );
    const error = await failure(mesh.namespaces.list());
    expect((error as ResponseValidationError).problem).toBe('invalid-json');
  });
});

describe('waitUntilDeleted against other servers', () => {
  it('polls when the server sends no blocking index, pausing on its clock', async () => {
    let reads = 0;
    const clock = createTestClock();
    const { server, mesh } = await serve(
      'GET',
      '/v1/namespace/team-1',
      (_req, res) => {
        reads += 1;
        if (reads < 3) res.json(200, { ...team, DeletedAt: '2024-01-01T00:00:00.000Z' });
        else res.text(404, 'Namespace not found');
      },
      { clock, fetch: clock.fetch() },
    );
    const started = clock.now();
    await settle(clock, mesh.namespaces.waitUntilDeleted('team-1', { pollInterval: 1000 }));
    expect(server.requests.map((request) => request.query.get('index'))).toEqual(['0', '0', '0']);
    // Two pauses: between half and all of 1 s, then of 2 s.
    expect(clock.now() - started).toBeGreaterThanOrEqual(1500);
    expect(clock.now() - started).toBeLessThanOrEqual(3000);
  });

  it('stops polling with AbortError when its signal aborts', async () => {
    const { server, mesh } = await serve('GET', '/v1/namespace/team-1', (_req, res) => res.json(200, team));
    const controller = new AbortController();
    const waiting = failure(
      mesh.namespaces.waitUntilDeleted('team-1', { pollInterval: '1m', signal: controller.signal }),
    );
    await received(server, 1);
    controller.abort();
    const error = await waiting;
    expect(AbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('counts a namespace created anew under the same name as the old one gone', async () => {
    let reads = 0;
    const { server, mesh } = await serve('GET', '/v1/namespace/team-1', (_req, res) => {
      reads += 1;
      if (reads === 1) res.json(200, { ...team, DeletedAt: '2024-01-01T00:00:00.000Z' }, indexed(10));
      else res.json(200, { ...team, CreateIndex: 12, ModifyIndex: 12 }, indexed(12));
    });
    await mesh.namespaces.waitUntilDeleted('team-1', { wait: '1s' });
    expect(server.requests.map((request) => request.query.get('index'))).toEqual(['0', '10']);
  });

  it('starts over when the index goes backwards', async () => {
    const indexes = [10, 4, 5];
    const clock = createTestClock();
    const { server, mesh } = await serve(
      'GET',
      '/v1/namespace/team-1',
      (_req, res) => {
        const index = indexes.shift();
        if (index === undefined) res.text(404, '');
        else res.json(200, team, indexed(index));
      },
      { clock, fetch: clock.fetch() },
    );
    await settle(clock, mesh.namespaces.waitUntilDeleted('team-1'));
    expect(server.requests.map((request) => request.query.get('index'))).toEqual(['0', '10', '0', '5']);
  });
});

describe('watches against other servers', () => {
  it("back off and retry after a server error, on the client's clock, then carry on", async () => {
    let calls = 0;
    const clock = createTestClock();
    const { mesh } = await serve(
      'GET',
      '/v1/namespaces',
      statusSequence([500, 500, 500], (_req, res) => {
        calls += 1;
        res.json(200, [team], indexed(calls + 1));
      }),
      { clock, fetch: clock.fetch() },
    );
    const controller = new AbortController();
    const started = clock.now();
    const indexes = await settle(
      clock,
      (async () => {
        const seen: (number | undefined)[] = [];
        for await (const { meta } of mesh.namespaces.watchList({ signal: controller.signal, retry: false })) {
          seen.push(meta.index);
          controller.abort();
        }
        return seen;
      })(),
    );
    expect(indexes).toEqual([2]);
    // Three pauses of core's back-off (1 s, 2 s, 4 s, each between half and all of it) passed on the clock.
    expect(clock.now() - started).toBeGreaterThanOrEqual(3500);
  });

  it('give up after maxFailures, and fail without a blocking index', async () => {
    const clock = createTestClock();
    const failing = await serve('GET', '/v1/namespaces', (_req, res) => res.text(500, 'down'), {
      retry: false,
      clock,
      fetch: clock.fetch(),
    });
    const watchList = failing.mesh.namespaces.watchList({ maxFailures: 2 });
    expect((await failure(settle(clock, watchList.next()))) as Error).toMatchObject({ status: 500 });
    expect(failing.server.requests).toHaveLength(2);

    const noIndex = await serve('GET', '/v1/namespace/team-1', (_req, res) => res.json(200, team));
    const error = await failure(noIndex.mesh.namespaces.watch('team-1').next());
    expect((error as ResponseValidationError).problem).toBe('missing-index');
  });
});
