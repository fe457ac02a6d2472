import { describe, expect, it } from 'vitest';
import { delayed, type Handler, sleep, statusSequence } from '../src/testing/index.js';
import { deferred, trackServers } from './support.js';

const serve = trackServers();

const ok: Handler = (_req, res) => res.json(200, { ok: true });

describe('statusSequence', () => {
  it('answers with each listed status in order, then delegates', async () => {
    const server = await serve();
    server.route(
      'GET',
      '/flaky',
      statusSequence(
        [
          503,
          { status: 429, headers: { 'retry-after': '1' } },
          { status: 500, body: 'plain failure' },
          { status: 502, body: { errors: [{ code: 'bad_gateway' }] } },
        ],
        ok,
      ),
    );
    const first = await fetch(`${server.url}/flaky`);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ errors: ['injected 503'] });
    const second = await fetch(`${server.url}/flaky`);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toEqual({ errors: ['injected 429'] });
    const third = await fetch(`${server.url}/flaky`);
    expect(third.status).toBe(500);
    expect(third.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await third.text()).toBe('plain failure');
    const fourth = await fetch(`${server.url}/flaky`);
    expect(await fourth.json()).toEqual({ errors: [{ code: 'bad_gateway' }] });
    for (let i = 0; i < 2; i += 1) {
      const later = await fetch(`${server.url}/flaky`);
      expect(later.status).toBe(200);
      expect(await later.json()).toEqual({ ok: true });
    }
  });

  it('delegates from the first call when the list is empty', async () => {
    const server = await serve();
    server.route('GET', '/fine', statusSequence([], ok));
    expect((await fetch(`${server.url}/fine`)).status).toBe(200);
  });
});

describe('delayed', () => {
  it('answers through the wrapped handler after the delay', async () => {
    const server = await serve();
    server.route('GET', '/slow', delayed(5, ok));
    const res = await fetch(`${server.url}/slow`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gives up without calling the handler when the client leaves', async () => {
    const arrived = deferred();
    const server = await serve({ onRequest: () => arrived.resolve() });
    const settled = deferred();
    let called = false;
    const slow = delayed(60_000, (_req, res) => {
      called = true;
      res.empty();
    });
    server.route('GET', '/slow', async (req, res) => {
      try {
        await slow(req, res);
      } finally {
        settled.resolve();
      }
    });
    const client = new AbortController();
    const outcome = fetch(`${server.url}/slow`, { signal: client.signal }).then(
      () => 'resolved',
      () => 'rejected',
    );
    await arrived.promise;
    client.abort();
    expect(await outcome).toBe('rejected');
    await settled.promise;
    expect(called).toBe(false);
  });
});

describe('sleep', () => {
  it('resolves after the time passes', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
  });

  it('rejects with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('rejects at once when the signal already aborted', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('early')))).rejects.toThrow('early');
  });
});
