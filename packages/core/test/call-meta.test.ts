// `meta.durationMs` and `meta.attempts`: how long a call took by the client's clock, and how many
// attempts it sent, over real HTTP.
import { describe, expect, it } from 'vitest';
import { createTransport, extendMeta } from '../src/index.js';
import { createTestClock, statusSequence } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();

describe('meta: duration and attempts', () => {
  it('counts every attempt and measures the call on the client clock', async () => {
    const clock = createTestClock(1_000_000);
    const server = await serve();
    // Each attempt takes 250 ms of the client's clock on the server.
    const slow =
      (then: Parameters<typeof statusSequence>[1]): Parameters<typeof statusSequence>[1] =>
      async (req, res) => {
        await clock.advance(250);
        return then(req, res);
      };
    server.route(
      'GET',
      '/v1/x',
      slow(statusSequence([503, 502], (_req, res) => res.json(200, { ok: true }))),
    );
    const transport = createTransport({
      baseUrl: server.url,
      pathPrefix: '/v1',
      clock,
      retry: { baseDelayMs: 1 },
    });
    const { data, meta } = await transport.request({ method: 'GET', path: '/x' }).withMeta();
    expect(data).toEqual({ ok: true });
    expect(meta.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(meta.durationMs).toBe(750);

    const once = await transport.request({ method: 'GET', path: '/x' }).withMeta();
    expect(once.meta.attempts).toBe(1);
    expect(once.meta.durationMs).toBe(250);
    // A client's own metadata keeps them.
    expect(extendMeta(once.meta, { extra: 1 })).toMatchObject({ attempts: 1, durationMs: 250, extra: 1 });
  });
});
