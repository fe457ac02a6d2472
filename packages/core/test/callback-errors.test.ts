// Callbacks that are handed the SDK's own errors are typed with them: `error.name`, `error.status` and
// the like compile without a cast, and what arrives at run time is what the type says.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ApiError,
  ConnectionError,
  createRetryLoop,
  createTransport,
  isTransientError,
  type RetriedError,
  type RetryEvent,
  type RetryLoopEvent,
  ServerError,
  type TransientError,
} from '../src/index.js';
import { statusSequence } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

describe('callbacks typed with the errors that reach them', () => {
  it("a retry loop's onRetry gets a TransientError: a connection failure, a time-out, a 5xx or a 429", async () => {
    const seen: RetryLoopEvent[] = [];
    const loop = createRetryLoop({
      backoffMs: 0,
      onRetry: (event) => {
        expectTypeOf(event.error).toEqualTypeOf<TransientError>();
        // Compiles as it is: no `unknown` to narrow first.
        expect(typeof event.error.name).toBe('string');
        seen.push(event);
      },
    });
    const server = await serve();
    server.route('GET', '/v1/x', (_req, res) => res.json(502, { errors: ['bad gateway'] }));
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1', retry: false });
    const failure = await transport.request({ method: 'GET', path: '/x' }).catch((error: unknown) => error);
    await loop.failed(failure);
    expect(seen[0]?.error.name).toBe('ServerError');
    expect(ServerError.isInstance(seen[0]?.error)).toBe(true);
    // What is not transient never reaches onRetry: it ends the loop.
    await expect(loop.failed(new Error('not ours'))).rejects.toThrow('not ours');
    expect(seen).toHaveLength(1);
  });

  it("a transport hook's onRetry gets a RetriedError: ApiError, ConnectionError or TimeoutError", async () => {
    const server = await serve();
    server.route(
      'GET',
      '/v1/flaky',
      statusSequence([503], (_req, res) => res.json(200, { ok: true })),
    );
    const seen: RetryEvent[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      retry: { baseDelayMs: 1 },
      hooks: {
        onRetry: (event) => {
          expectTypeOf(event.error).toEqualTypeOf<RetriedError>();
          if (ApiError.isInstance(event.error)) expect(event.error.status).toBe(503);
          seen.push(event);
        },
      },
    });
    await transport.request({ method: 'GET', path: '/flaky' });
    expect(seen.map((event) => event.error.name)).toEqual(['ServiceUnavailableError']);
  });

  it('isTransientError narrows to the transient classes', () => {
    const error: unknown = new ConnectionError('the service could not be reached');
    if (isTransientError(error)) expectTypeOf(error).toEqualTypeOf<TransientError>();
    expect(isTransientError(error)).toBe(true);
  });
});
