import { createHash } from 'node:crypto';
import { createTestClock, startTestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createSchedulerClient,
  execAllocation,
  InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  RequestValidationError,
  ResponseValidationError,
} from '../src/index.js';
import { clientOf, fakeScheduler, scheduler, serviceJob, until, validationError } from './support.js';

// Servers of one test, closed after it (before the open-handle check of the setup file runs).
const closers: (() => Promise<void>)[] = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function running(options?: Parameters<typeof fakeScheduler>[0]) {
  const fake = await fakeScheduler(options);
  fake.registerJob(serviceJob('web', 1));
  const allocId = fake.allocations()[0]?.ID ?? '';
  return { fake, allocId };
}

describe('exec', () => {
  it('runs a command and returns its output and exit code, authenticating in the first frame', async () => {
    const { fake, allocId } = await running({
      acl: { tokens: { 'exec-secret-token': { namespaces: { default: ['alloc-exec'] } } } },
    });
    const client = clientOf(fake, { token: 'exec-secret-token' });
    const session = await client.allocations.exec(allocId, {
      command: ['echo', 'hello', 'world'],
      task: 'server',
    });
    const [stdout, stderr, code] = await Promise.all([
      text(session.stdout),
      text(session.stderr),
      session.exitCode,
    ]);
    expect(stdout).toBe('hello world\n');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const upgrade = fake.requests.find((request) => request.method === 'UPGRADE');
    expect(upgrade?.path).toBe(`/v1/client/allocation/${allocId}/exec`);
    expect(upgrade?.query.get('command')).toBe('["echo","hello","world"]');
    expect(upgrade?.query.get('task')).toBe('server');
    expect(upgrade?.query.get('ws_handshake')).toBe('true');
    expect(upgrade?.query.get('tty')).toBe('false');
    expect(JSON.stringify(upgrade)).not.toContain('exec-secret-token');
    expect(fake.execSessions[0]?.token).toBe('exec-secret-token');
  });

  it('writes and closes standard input', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    const { data: session, meta } = await client.allocations
      .exec(allocId, { command: ['cat'], task: 'server' })
      .withMeta();
    expect(meta.status).toBe(101);
    const output = text(session.stdout);
    session.write('line one\n');
    session.write(new TextEncoder().encode('bytes ✓\n'));
    session.closeStdin();
    session.closeStdin();
    expect(await output).toBe('line one\nbytes ✓\n');
    expect(await session.exitCode).toBe(0);
    expect(fake.execSessions[0]).toMatchObject({ stdin: 'line one\nbytes ✓\n', stdinClosed: true });
    expect(() => session.write('late')).toThrow(InfraSdkError);
  });

  it('reports exit codes and standard error', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    const failing = await client.allocations.exec(allocId, {
      command: ['/bin/sh', '-c', 'echo oops >&2; exit 3'],
      task: 'server',
    });
    expect(await text(failing.stderr)).toBe('oops\n');
    expect(await failing.exitCode).toBe(3);
    const missing = await client.allocations.exec(allocId, { command: ['nope'], task: 'server' });
    expect(await text(missing.stderr)).toContain('executable file not found');
    expect(await missing.exitCode).toBe(127);
  });

  it('resizes the terminal', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    const session = await client.allocations.exec(allocId, {
      command: ['sh', '-c', 'cat; stty size'],
      task: 'server',
      tty: true,
    });
    session.resize({ height: 40, width: 120 });
    session.closeStdin();
    expect(await text(session.stdout)).toBe('40 120\n');
    expect(fake.execSessions[0]?.terminalSizes).toEqual([{ height: 40, width: 120 }]);
    expect(() => session.resize({ height: 0, width: 10 })).toThrow(RequestValidationError);
  });

  it('sends heartbeats and absorbs the server ones', async () => {
    // Both ends beat every 5 s by one test clock.
    const clock = createTestClock();
    const { fake, allocId } = await running({ heartbeatMs: 5_000, clock });
    const client = clientOf(fake);
    const session = await client.allocations.exec(
      allocId,
      { command: ['cat'], task: 'server' },
      { heartbeatMs: 5_000, clock },
    );
    // The client's wait for its next heartbeat and the fake's.
    await until(() => clock.pending === 2);
    await clock.advance(4_999);
    expect(fake.execSessions[0]?.heartbeats).toBe(0);
    await clock.advance(5_001);
    await until(() => (fake.execSessions[0]?.heartbeats ?? 0) >= 2);
    expect(fake.execSessions[0]?.heartbeats).toBe(2);
    // The fake's two heartbeats came before this output: they are not output.
    session.write('still here');
    session.closeStdin();
    expect(await text(session.stdout)).toBe('still here');
    // Once the session ended, neither end waits for a heartbeat any more.
    await until(() => clock.pending === 0);
    expect(clock.pending).toBe(0);
  });

  it('turns a dropped socket into a ConnectionError', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    const session = await client.allocations.exec(allocId, { command: ['cat'], task: 'server' });
    await until(() => fake.execSessions.length === 1);
    expect(fake.dropExecSessions()).toBe(1);
    const error = await session.exitCode.catch((caught: unknown) => caught);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/closed before the command exited \(close code 1006/);
    await expect(text(session.stdout)).rejects.toThrow(/closed before the command exited/);
  });

  it('turns refusals into API errors', async () => {
    const { fake, allocId } = await running({
      acl: { tokens: { viewer: { namespaces: { default: ['read-job'] } }, exec: 'management' } },
    });
    const denied = await clientOf(fake, { token: 'viewer' }).allocations.exec(allocId, {
      command: ['echo'],
      task: 'server',
    });
    await expect(denied.exitCode).rejects.toSatisfy((error: unknown) =>
      PermissionDeniedError.isInstance(error),
    );
    const unknownToken = await clientOf(fake, { token: 'nope' }).allocations.exec(allocId, {
      command: ['echo'],
      task: 'server',
    });
    await expect(unknownToken.exitCode).rejects.toThrow(/ACL token not found/);
    const admin = clientOf(fake, { token: 'exec' });
    const noTask = await admin.allocations.exec(allocId, { command: ['echo'], task: 'sidecar' });
    await expect(noTask.exitCode).rejects.toSatisfy((error: unknown) => NotFoundError.isInstance(error));
    const gone = await admin.allocations.exec('00000000-0000-4000-8000-000000000000', {
      command: ['echo'],
      task: 'x',
    });
    await expect(gone.exitCode).rejects.toThrow(/unknown allocation/);
    const elsewhere = await admin.allocations.exec(
      allocId,
      { command: ['echo'], task: 'server' },
      { region: 'mars' },
    );
    await expect(elsewhere.exitCode).rejects.toThrow(/No path to region/);
  });

  it('closes a session on request or abort', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    const session = await client.allocations.exec(allocId, { command: ['cat'], task: 'server' });
    session.close();
    await expect(session.exitCode).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
    expect(() => session.write('x')).toThrow(/standard input is closed/);
    const controller = new AbortController();
    const aborted = await client.allocations.exec(
      allocId,
      { command: ['cat'], task: 'server' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(aborted.exitCode).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
    {
      await using disposable = await client.allocations.exec(allocId, { command: ['cat'], task: 'server' });
      disposable.write('x');
    }
    await expect(
      client.allocations.exec(allocId, { command: ['cat'], task: 'server' }, { signal: AbortSignal.abort() }),
    ).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error));
  });

  it('refuses bad requests before opening a socket', async () => {
    const { fake, client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const allocId = fake.allocations()[0]?.ID ?? '';
    const before = fake.requests.length;
    await validationError(client.allocations.exec(allocId.slice(0, 8), { command: ['ls'], task: 'server' }));
    await validationError(client.allocations.exec(allocId, { command: [], task: 'server' }));
    await validationError(client.allocations.exec(allocId, { command: [''], task: 'server' }));
    await validationError(client.allocations.exec(allocId, { command: ['ls'], task: '' }));
    await expect(
      execAllocation(client.core, allocId, { command: ['ls'], task: 'server' }, { heartbeatMs: 0 }),
    ).rejects.toThrow(/heartbeatMs/);
    expect(fake.requests.length).toBe(before);
  });

  it('reports a socket that cannot open', async () => {
    const { fake, allocId } = await running();
    const client = clientOf(fake);
    await fake.close();
    await expect(client.allocations.exec(allocId, { command: ['ls'], task: 'server' })).rejects.toSatisfy(
      (error: unknown) => ConnectionError.isInstance(error),
    );
  });
});

/** A server that accepts the upgrade and then sends `frames` as they are. */
async function brokenServer(frames: readonly string[]): Promise<string> {
  const server = await startTestServer();
  closers.push(() => server.close());
  server.upgrade('/v1/client/allocation/:id/exec', (req, socket) => {
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    for (const frame of frames) {
      const payload = Buffer.from(frame);
      socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
    }
  });
  return server.url;
}

describe('exec against a broken server', () => {
  it('fails the session on a frame that is not JSON, or not a frame', async () => {
    const id = '0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10';
    for (const [frame, problem] of [
      ['not json', 'invalid-json'],
      ['{"stdout":{"data":5}}', 'schema'],
    ] as const) {
      const client = createSchedulerClient({ baseUrl: await brokenServer([frame]) });
      const session = await client.allocations.exec(id, { command: ['ls'], task: 't' });
      await expect(session.exitCode).rejects.toSatisfy(
        (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === problem,
      );
    }
  });
});
