// What the transport does itself around ky: the limit on a whole call, error bodies read inside the
// attempt, and raw bodies handed to fetch as they are.
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  createTransport,
  ServiceUnavailableError,
  TimeoutError,
  type TransportOptions,
} from '../src/index.js';
import { startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

async function serve(setup: (server: TestServer) => void): Promise<TestServer> {
  server = await startTestServer();
  setup(server);
  return server;
}

function transport(options: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: server.url, pathPrefix: '/v1', ...options });
}

describe('the limit on a whole call', () => {
  it('ends a wait between retries: no attempt is made after the limit', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(503, {}, { 'retry-after': '5' })));
    const error = await transport({ totalTimeout: 300 })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(300);
    expect(server.requests).toHaveLength(1);
  });

  it("reports the caller's abort during a wait between retries as an abort, not a time-out", async () => {
    const controller = new AbortController();
    await serve((s) =>
      s.route('GET', '/v1/x', (_req, res) => {
        res.json(503, {}, { 'retry-after': '5' });
        // Once the answer is out, the client is waiting its five seconds.
        setTimeout(() => controller.abort(), 50);
      }),
    );
    const error = await transport()
      .request({ method: 'GET', path: '/x' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe('error bodies', () => {
  it('reads the body of an error response into the error', async () => {
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.json(503, { errors: ['draining'] })));
    const error = (await transport({ retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ServiceUnavailableError;
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    expect(error.errors).toEqual(['draining']);
  });

  it('leaves an error body over 10 MiB unread: the error keeps its status and no body', async () => {
    const large = 'x'.repeat(10 * 1024 * 1024 + 1);
    await serve((s) => s.route('GET', '/v1/x', (_req, res) => res.text(500, large)));
    const error = (await transport({ retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.body).toBeUndefined();
  });
});

describe('raw bodies', () => {
  it('hands a streamed body to fetch as it is, never a copy of it', async () => {
    await serve((s) => s.route('PUT', '/v1/blob', (_req, res) => res.empty(204)));
    const stream = new Blob(['payload']).stream();
    const seen: unknown[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(init?.body ?? (input instanceof Request ? input.body : undefined));
      return fetch(input, init);
    };
    await transport({ fetch: spy }).request({ method: 'PUT', path: '/blob', rawBody: stream });
    expect(seen).toEqual([stream]);
    expect(server.requests[0]?.body).toBe('payload');
  });

  it('sends a byte body again on a retry', async () => {
    let calls = 0;
    await serve((s) =>
      s.route('PUT', '/v1/blob', (req, res) => {
        calls += 1;
        if (calls === 1) res.json(503, {});
        else res.text(200, req.text);
      }),
    );
    const text = await transport({ retry: { baseDelayMs: 1 } }).request({
      method: 'PUT',
      path: '/blob',
      rawBody: new TextEncoder().encode('again'),
      idempotent: true,
      responseType: 'text',
    });
    expect(text).toBe('again');
    expect(calls).toBe(2);
  });
});
