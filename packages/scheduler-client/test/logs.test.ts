// Allocation logs over HTTP: the fake's tasks write lines on the test clock; the client decodes the
// framed stream to bytes, lines and text, from the start or the end, followed or not, and resumes at
// an offset. A purpose-built server cuts frames anywhere and breaks them.
import { startTestServer } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  BadRequestError,
  createSchedulerClient,
  type LogLine,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
} from '../src/index.js';
import { clocked, runUntilSettled, scheduler, serviceJob } from './support.js';

async function runningAlloc(client: Awaited<ReturnType<typeof clocked>>['client']): Promise<string> {
  await client.jobs.create({ Job: serviceJob('web', 1) });
  const [alloc] = await client.jobs.listAllocations('web');
  return alloc?.ID ?? '';
}

async function collect(
  lines: AsyncIterable<LogLine>,
  until?: (line: LogLine) => boolean,
): Promise<LogLine[]> {
  const seen: LogLine[] = [];
  for await (const line of lines) {
    seen.push(line);
    if (until?.(line)) break;
  }
  return seen;
}

describe('allocation logs', () => {
  it('reads stdout and stderr from the start or the end, as bytes, lines and text', async () => {
    const { client, clock, fake } = await clocked();
    const id = await runningAlloc(client);
    await clock.advance(3_000);
    fake.writeTaskLog(id, 'server', 'stderr', 'warning: low disk\nwarning: lower disk\n');
    const expected = 'server: started\nserver: tick 1\nserver: tick 2\nserver: tick 3\n';
    expect(await client.allocations.logs(id, { task: 'server' }).text()).toBe(expected);

    const lines = await collect(client.allocations.logs(id, { task: 'server' }).lines());
    expect(lines.map((line) => line.text)).toEqual(expected.trimEnd().split('\n'));
    expect(lines[0]).toEqual({ text: 'server: started', file: 'alloc/logs/server.stdout.0', offset: 16 });
    expect(lines.at(-1)?.offset).toBe(Buffer.byteLength(expected));

    const tail = client.allocations.logs(id, { task: 'server', origin: 'end', offset: 15 });
    const chunks = [];
    for await (const chunk of tail) chunks.push(chunk);
    expect(Buffer.concat(chunks.map((chunk) => chunk.data)).toString()).toBe('server: tick 3\n');
    expect(tail.offset).toBe(Buffer.byteLength(expected));

    const from = client.allocations.logs(id, { task: 'server', origin: 'start', offset: lines[1]?.offset });
    expect(await from.text()).toBe('server: tick 2\nserver: tick 3\n');
    const errors = await collect(client.allocations.logs(id, { task: 'server', type: 'stderr' }).lines());
    expect(errors.map((line) => line.text)).toEqual(['warning: low disk', 'warning: lower disk']);
    expect(errors[0]?.file).toBe('alloc/logs/server.stderr.0');
  });

  it('follows a log as the task writes it, resumes at an offset, and ends when the task stops', async () => {
    const { client, clock } = await clocked();
    const id = await runningAlloc(client);
    const controller = new AbortController();
    const first = client.allocations.logs(id, { task: 'server', follow: true, signal: controller.signal });
    const seen = await runUntilSettled(
      clock,
      collect(first.lines(), (line) => line.text === 'server: tick 3'),
    );
    controller.abort();
    expect(seen.map((line) => line.text)).toEqual([
      'server: started',
      'server: tick 1',
      'server: tick 2',
      'server: tick 3',
    ]);
    // Where the first stream stopped, the next one goes on: nothing lost, nothing twice.
    const resumed = client.allocations.logs(id, {
      task: 'server',
      follow: true,
      origin: 'start',
      offset: seen.at(-1)?.offset,
    });
    const reading = resumed.lines()[Symbol.asyncIterator]();
    const after: string[] = [];
    const readUntil = async (last: (text: string) => boolean) => {
      for (;;) {
        const next = await reading.next();
        if (next.done) return;
        after.push(next.value.text);
        if (last(next.value.text)) return;
      }
    };
    await runUntilSettled(
      clock,
      readUntil((text) => text === 'server: tick 6'),
    );
    // The task stops: the stream delivers what it wrote until then, then ends.
    await client.allocations.stop(id);
    await runUntilSettled(
      clock,
      readUntil(() => false),
    );
    expect(after[0]).toBe('server: tick 4');
    expect(after.at(-1)).toBe('server: stopped');
    const ticks = after.slice(0, -1).map((text) => Number(text.split(' ').at(-1)));
    expect(ticks).toEqual(ticks.map((_, at) => 4 + at));
  });

  it('follows the log of a pending allocation from the moment its task starts', async () => {
    const { client, clock } = await clocked({ allocationStartMs: 20 });
    const id = await runningAlloc(client);
    expect((await client.allocations.read(id)).ClientStatus).toBe('pending');
    const controller = new AbortController();
    const logs = client.allocations.logs(id, { task: 'server', follow: true, signal: controller.signal });
    const seen = await runUntilSettled(
      clock,
      collect(logs.lines(), (line) => line.text === 'server: tick 1'),
    );
    controller.abort();
    expect(seen.map((line) => line.text)).toEqual(['server: started', 'server: tick 1']);
  });

  it('refuses a missing task before sending, and reports an unknown task or allocation', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const before = fake.requests.length;
    await expect(
      client.allocations.logs(id, { task: '', origin: 'middle' as 'start' }).text(),
    ).rejects.toSatisfy(
      (error: unknown) =>
        RequestValidationError.isInstance(error) &&
        error.issues.map((issue) => issue.path).join() === 'task,origin',
    );
    expect(fake.requests.length).toBe(before);
    await expect(client.allocations.logs(id, { task: 'db' }).text()).rejects.toSatisfy((error: unknown) =>
      BadRequestError.isInstance(error),
    );
    await expect(
      client.allocations.logs('00000000-0000-4000-8000-000000000000', { task: 'server' }).text(),
    ).rejects.toSatisfy((error: unknown) => NotFoundError.isInstance(error));
  });

  it('decodes frames cut anywhere, skips heartbeats, and refuses broken or oversized frames', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const frame = (text: string, offset: number) =>
      JSON.stringify({
        File: 'alloc/logs/app.stdout.0',
        Offset: offset,
        Data: Buffer.from(text).toString('base64'),
      });
    const whole = `${frame('héllo\nwor', 10)}{}\n${frame('ld\n{"not":"a frame"}\n', 31)} ${frame('tail', 35)}`;
    let body = whole;
    server.route('GET', '/v1/client/fs/logs/:alloc_id', (_req, res) =>
      res.chunked(
        200,
        [...Buffer.from(body)].map((byte) => Uint8Array.of(byte)),
      ),
    );
    const client = createSchedulerClient({ baseUrl: server.url, retry: false });
    const id = '5fc98185-17ff-46bc-a802-0c74fa471c99';
    const lines = await collect(client.allocations.logs(id, { task: 'app' }).lines());
    expect(lines.map((line) => [line.text, line.offset])).toEqual([
      ['héllo', 7],
      ['world', 13],
      ['{"not":"a frame"}', 31],
      ['tail', 35],
    ]);

    body = whole.slice(0, -5);
    await expect(client.allocations.logs(id, { task: 'app' }).text()).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === 'invalid-json',
    );
    body = frame('x'.repeat(2_000), 2_000);
    await expect(client.allocations.logs(id, { task: 'app', maxFrameBytes: 1_000 }).text()).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === 'line-too-long',
    );
    body = '[1]';
    await expect(client.allocations.logs(id, { task: 'app' }).text()).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error) && error.problem === 'schema',
    );
    // A long line comes in pieces of maxLineBytes.
    body = frame('abcdefg\n', 8);
    const pieces = await collect(client.allocations.logs(id, { task: 'app', maxLineBytes: 3 }).lines());
    expect(pieces.map((line) => line.text)).toEqual(['abc', 'def', 'g']);
  });
});
