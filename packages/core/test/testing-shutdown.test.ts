// What the test kit starts must not hold the event loop: not a server a test forgot, not a used one
// once its answers are read, and after close() nothing at all, kept-alive connections of the clients
// and timers of the requests it was serving included.
import { once } from 'node:events';
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectNothingLeftOpen, openHandles } from '../../../test-support/open-handles.js';
import { BlockingIndex, blockingWait, delayed, startTestServer } from '../src/testing/index.js';
import { until } from './support.js';

/** Sends GET `url` over a kept-alive connection of `agent`; resolves with the body and the socket. */
function keptAliveGet(url: string, agent: Agent): Promise<{ body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const socket = res.socket as Socket;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ body, socket }));
    }).on('error', reject);
  });
}

describe.each([
  ['', []],
  [' with the gateway for LIST', ['LIST']],
] as const)('the test server%s', (_name, methods) => {
  it('holds nothing of the event loop once its answers are read, even before close()', async () => {
    const before = openHandles();
    const server = await startTestServer({ methods });
    server.route(['GET', ...methods], '/v1/x', (_req, res) => res.json(200, { ok: true }));
    for (const method of ['GET', ...methods]) {
      expect(await (await fetch(`${server.url}/v1/x`, { method })).json()).toEqual({ ok: true });
    }
    // A forgotten server and its kept-alive connections let the process exit.
    await expectNothingLeftOpen(before);
    await server.close();
  });

  it("ends every connection on close(), the clients' kept-alive ones included", async () => {
    const before = openHandles();
    const server = await startTestServer({ methods });
    server.route('GET', '/v1/x', (_req, res) => res.text(200, 'kept'));
    const agent = new Agent({ keepAlive: true });
    const { body, socket } = await keptAliveGet(`${server.url}/v1/x`, agent);
    expect(body).toBe('kept');
    expect(socket.destroyed).toBe(false);
    const socketClosed = once(socket, 'close');
    await server.close();
    // The server's side ended it: the client's socket closes without the client doing anything.
    await socketClosed;
    agent.destroy();
    await expectNothingLeftOpen(before);
  });

  it('clears on close() the timers of the requests it was serving', async () => {
    const before = openHandles();
    const server = await startTestServer({ methods });
    const index = new BlockingIndex(5);
    server
      .route(
        'GET',
        '/v1/later',
        delayed(3_600_000, (_req, res) => res.json(200, {})),
      )
      .route('GET', '/v1/blocking', async (req, res) =>
        res.json(200, { index: await blockingWait(req, index) }),
      )
      .route('GET', '/v1/drip', (_req, res) => res.chunked(200, ['a', 'b'], { delayMs: 3_600_000 }));
    const calls = ['later', 'blocking?index=5&wait=5m', 'drip'].map((path) =>
      fetch(`${server.url}/v1/${path}`)
        .then((response) => response.text())
        .catch((error: unknown) => error),
    );
    await until(() => server.requests.length === 3);
    await server.close();
    await Promise.all(calls);
    await expectNothingLeftOpen(before);
  });
});
