// Opening an exec session against hand-written loopback servers: a server that takes the connection
// and never upgrades it, aborts at every stage, and refusals as standard WebSocket close codes.
import { createServer, type Socket } from 'node:net';
import { startTestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  createSchedulerClient,
  NotFoundError,
  PermissionDeniedError,
  RequestValidationError,
  ServerError,
  TimeoutError,
} from '../src/index.js';
import { ServerWebSocket } from '../src/testing/websocket.js';
import { until } from './support.js';

// Servers of one test, closed after it (before the open-handle check of the setup file runs).
const closers: (() => Promise<void>)[] = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

const ALLOC_ID = '5456bd7a-9fc0-c0dd-6131-cbee77f57577';
const COMMAND = { command: ['/bin/sh'], task: 'web' };

/** A TCP server that accepts connections and never says a word; tells which connections are still open. */
async function silentServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    // Read (and drop) what comes, so the client's end of the connection is seen.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    open: () => sockets.size,
    accepted: () => accepted,
  };
}

describe('opening an exec session', () => {
  it('refuses an empty token from the provider before connecting, as every HTTP call does', async () => {
    const silent = await silentServer();
    const client = createSchedulerClient({ baseUrl: silent.url, token: () => '' });
    const error = await client.allocations.exec(ALLOC_ID, COMMAND).catch((caught: unknown) => caught);
    expect(RequestValidationError.isInstance(error), String(error)).toBe(true);
    expect((error as Error).message).toMatch(/token/);
    expect(silent.accepted()).toBe(0);
  });

  it('times out when the server never upgrades, and lets the connection go', async () => {
    const silent = await silentServer();
    const client = createSchedulerClient({ baseUrl: silent.url, timeout: 50 });
    // A session with a longer limit, opened first, is still waiting when the shorter one gives up.
    const patient = new AbortController();
    let patientSettled = false;
    const waiting = client.allocations
      .exec(ALLOC_ID, COMMAND, { timeout: 60_000, signal: patient.signal })
      .catch((caught: unknown) => caught)
      .finally(() => {
        patientSettled = true;
      });
    await until(() => silent.accepted() === 1);
    const error = await client.allocations.exec(ALLOC_ID, COMMAND).catch((caught: unknown) => caught);
    expect(TimeoutError.isInstance(error), String(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(50);
    expect(silent.accepted()).toBeGreaterThanOrEqual(1);
    expect(patientSettled).toBe(false);
    patient.abort();
    expect(AbortError.isInstance(await waiting)).toBe(true);
    // The client closed its side: nothing is left to keep the process alive.
    await until(() => silent.open() === 0);
    expect(silent.open()).toBe(0);
    // A call's own limit wins over the client's.
    const quick = await client.allocations
      .exec(ALLOC_ID, COMMAND, { timeout: 20 })
      .catch((caught: unknown) => caught);
    expect((quick as TimeoutError).timeoutMs).toBe(20);
  });

  it('aborts while the token is resolved, while opening, and during the session', async () => {
    const silent = await silentServer();
    let release: (token: string) => void = () => undefined;
    const controller = new AbortController();
    const slowToken = createSchedulerClient({
      baseUrl: silent.url,
      token: () => new Promise<string>((resolve) => (release = resolve)),
    });
    const resolving = slowToken.allocations.exec(ALLOC_ID, COMMAND, { signal: controller.signal });
    controller.abort();
    release('t');
    await expect(resolving).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
    expect(silent.accepted()).toBe(0);

    const client = createSchedulerClient({ baseUrl: silent.url, timeout: 60_000 });
    const opening = new AbortController();
    const pending = client.allocations.exec(ALLOC_ID, COMMAND, { signal: opening.signal });
    await until(() => silent.accepted() >= 1);
    opening.abort();
    await expect(pending).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
    await until(() => silent.open() === 0);
    expect(silent.open()).toBe(0);

    // After the upgrade: a session whose server says nothing ends with AbortError on abort.
    const server = await startTestServer();
    closers.push(() => server.close());
    const accepted: ServerWebSocket[] = [];
    server.upgrade('/v1/client/allocation/:id/exec', (req, socket, head) => {
      const ws = ServerWebSocket.accept(req, socket, head);
      if (ws) accepted.push(ws);
    });
    const running = new AbortController();
    const session = await createSchedulerClient({ baseUrl: server.url }).allocations.exec(ALLOC_ID, COMMAND, {
      signal: running.signal,
    });
    running.abort();
    await expect(session.exitCode).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
    await until(() => accepted[0]?.closed === true);
    expect(accepted[0]?.closed).toBe(true);
  });

  it('turns the standard refusal close codes into typed errors', async () => {
    const server = await startTestServer();
    closers.push(() => server.close());
    const refusals: Record<string, [number, string]> = {
      denied: [1008, 'Permission denied'],
      missing: [1011, 'unknown allocation "5456bd7a"'],
      broken: [1011, 'rpc error: EOF'],
    };
    server.upgrade('/v1/client/allocation/:id/exec', (req, socket, head) => {
      const ws = ServerWebSocket.accept(req, socket, head);
      const [code, reason] = refusals[req.query.get('task') ?? ''] ?? [1000, ''];
      // As the service does: read the handshake frame, then refuse.
      ws?.onText(() => ws.close(code, reason));
    });
    const client = createSchedulerClient({ baseUrl: server.url });
    const refusal = async (task: string) => {
      const session = await client.allocations.exec(ALLOC_ID, { command: ['id'], task });
      return session.exitCode.catch((caught: unknown) => caught);
    };
    const denied = await refusal('denied');
    expect(PermissionDeniedError.isInstance(denied), String(denied)).toBe(true);
    expect((denied as PermissionDeniedError).body).toBe('Permission denied');
    const missing = await refusal('missing');
    expect(NotFoundError.isInstance(missing), String(missing)).toBe(true);
    const broken = await refusal('broken');
    expect(ServerError.isInstance(broken), String(broken)).toBe(true);
    expect((broken as ServerError).status).toBe(500);
  });
});
