// The shared check that fails a test which leaves something holding the event loop: it must catch a
// leaked server, connection, timer and interval, wait out sockets that are closing, and pass what
// an `unref`-ed kit server holds.
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  armTimers,
  expectNothingLeftOpen,
  failOnOpenHandles,
  leftOpen,
  openHandles,
} from '../../../test-support/open-handles.js';
import { startTestServer } from '../src/testing/index.js';

const quick = { graceMs: 50 };

describe('the open-handle check', () => {
  it('catches a server left listening, and passes once it is closed', async () => {
    const before = openHandles();
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    await expect(expectNothingLeftOpen(before, quick)).rejects.toThrow(
      /1 × TCPServerWrap: a listening server/,
    );
    server.close();
    await expectNothingLeftOpen(before);
  });

  it('catches a timer and an interval left pending', async () => {
    const before = openHandles();
    armTimers();
    const timer = setTimeout(() => undefined, 60_000);
    const interval = setInterval(() => undefined, 60_000);
    expect(leftOpen(before).get('Timeout')).toBe(2);
    await expect(expectNothingLeftOpen(before, quick)).rejects.toThrow(/2 × Timeout: a timer or interval/);
    clearTimeout(timer);
    clearInterval(interval);
    await expectNothingLeftOpen(before);
  });

  it('catches a connection left open, and waits for one that is closing', async () => {
    const server = createServer((socket) => socket.on('error', () => undefined)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    server.unref();
    const before = openHandles();
    const { port } = server.address() as { port: number };
    const client: Socket = connect(port, '127.0.0.1');
    await once(client, 'connect');
    await expect(expectNothingLeftOpen(before, quick)).rejects.toThrow(/TCPSocketWrap: an open connection/);
    // Both ends close on the next turns of the event loop: the grace covers them.
    client.destroy();
    await expectNothingLeftOpen(before);
    server.close();
  });

  it('passes what an unref-ed kit server holds while nobody uses it', async () => {
    const before = openHandles();
    const server = await startTestServer();
    await expectNothingLeftOpen(before, quick);
    await server.close();
  });

  it('fails the test through the hooks it is given', async () => {
    const hooks: { before?: () => void; after?: () => Promise<void> } = {};
    failOnOpenHandles(
      {
        beforeEach: (fn) => {
          hooks.before = fn;
        },
        afterEach: (fn) => {
          hooks.after = fn;
        },
      },
      quick,
    );
    hooks.before?.();
    const timer = setTimeout(() => undefined, 60_000);
    const failure = await hooks.after?.().catch((error: unknown) => error);
    expect(String(failure)).toMatch(/the test left this holding the event loop/);
    // It says where the timer was made: here, not in the runner or in Node.
    expect(String(failure)).toMatch(/timer created\n\s+at .*open-handles\.test\.ts/);
    clearTimeout(timer);
    hooks.before?.();
    await expect(hooks.after?.()).resolves.toBeUndefined();
  });
});
