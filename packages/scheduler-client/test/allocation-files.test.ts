// An allocation's files over HTTP against the fake, on the test clock: its directory listed and
// stat'ed, files read whole and at an offset, a file streamed and followed as its task writes it
// (resumed by offset, framed like the logs), the checks of its services and its resource use, the
// token's `read-fs`, and the rules checked before sending.
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type LogLine,
  listAllocationChecks,
  listAllocationFiles,
  NotFoundError,
  PermissionDeniedError,
  ResponseValidationError,
  readAllocationFile,
  readAllocationFileAt,
  readAllocationStats,
  statAllocationFile,
  streamAllocationFile,
  UnixNanos,
} from '../src/index.js';
import {
  clientOf,
  clocked,
  fakeScheduler,
  releaseJob,
  runUntilSettled,
  serviceJob,
  validationError,
} from './support.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function running(client: Awaited<ReturnType<typeof clocked>>['client']): Promise<string> {
  await client.jobs.create({ Job: serviceJob('web', 1) });
  const [alloc] = await client.jobs.listAllocations('web');
  return alloc?.ID ?? '';
}

describe('allocation files', () => {
  it('lists, stats and reads the directory its tasks write to on the clock', async () => {
    const { client, clock, fake } = await clocked();
    const id = await running(client);
    await clock.advance(2_000);
    const root = await client.allocations.listFiles(id);
    expect(root.map((entry) => `${entry.Name} ${entry.IsDir}`)).toEqual(['alloc true', 'server true']);
    const logs = await listAllocationFiles(client.core, id, { path: 'alloc/logs' });
    expect(logs.map((entry) => entry.Name)).toEqual(['server.stderr.0', 'server.stdout.0']);
    expect(logs[1]).toMatchObject({ IsDir: false, Size: 46, FileMode: '-rw-r--r--' });
    expect((await client.allocations.listFiles(id, { path: 'server' })).map((entry) => entry.Name)).toEqual([
      'local',
      'secrets',
      'tmp',
    ]);
    const progress = await statAllocationFile(client.core, id, 'server/local/progress');
    expect(progress).toMatchObject({ Name: 'progress', IsDir: false, Size: 22 });
    expect(text(await client.allocations.readFile(id, 'server/local/progress'))).toBe(
      'started\ntick 1\ntick 2\n',
    );
    // The task goes on writing as time passes.
    await clock.advance(1_000);
    expect(text(await readAllocationFile(client.core, id, 'server/local/progress'))).toBe(
      'started\ntick 1\ntick 2\ntick 3\n',
    );
    fake.writeAllocationFile(id, 'alloc/data/result.json', '{"rows":42}');
    expect(text(await client.allocations.readFile(id, 'alloc/data/result.json'))).toBe('{"rows":42}');
    const part = await readAllocationFileAt(client.core, id, 'alloc/logs/server.stdout.0', {
      offset: 8,
      limit: 7,
    });
    expect(text(part)).toBe('started');
    expect(
      await client.allocations.readFileAt(id, 'alloc/data/result.json', { offset: 100, limit: 5 }),
    ).toEqual(new Uint8Array(0));
    const { meta } = await client.allocations.readFile(id, 'alloc/data/result.json').withMeta();
    expect(meta.status).toBe(200);

    await expect(client.allocations.readFile(id, 'alloc/data')).rejects.toSatisfy((error: unknown) =>
      BadRequestError.isInstance(error),
    );
    await expect(client.allocations.statFile(id, 'alloc/none')).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    await expect(client.allocations.readFile(id, 'server/local/progress', { maxBytes: 4 })).rejects.toSatisfy(
      (error: unknown) => ResponseValidationError.isInstance(error),
    );
  });

  it('streams a file, follows it as it grows, resumes at an offset and ends when the task stops', async () => {
    const { client, clock } = await clocked();
    const id = await running(client);
    await clock.advance(1_000);
    const whole = streamAllocationFile(client.core, id, 'server/local/progress');
    expect(await whole.text()).toBe('started\ntick 1\n');
    expect(whole.offset).toBe(15);
    const tail = client.allocations.streamFile(id, 'server/local/progress', { origin: 'end', offset: 7 });
    expect(await tail.text()).toBe('tick 1\n');

    const controller = new AbortController();
    const followed = client.allocations.streamFile(id, 'server/local/progress', {
      follow: true,
      signal: controller.signal,
    });
    const seen: LogLine[] = [];
    const reading = (async () => {
      for await (const line of followed.lines()) {
        seen.push(line);
        if (line.text === 'tick 3') break;
      }
    })();
    await runUntilSettled(clock, reading);
    controller.abort();
    expect(seen.map((line) => line.text)).toEqual(['started', 'tick 1', 'tick 2', 'tick 3']);
    expect(seen[0]).toEqual({ text: 'started', file: 'server/local/progress', offset: 8 });

    // Where it stopped, a new stream goes on; it ends once the task has stopped.
    const resumed = client.allocations.streamFile(id, 'server/local/progress', {
      follow: true,
      offset: seen.at(-1)?.offset,
    });
    const after: string[] = [];
    const rest = (async () => {
      for await (const line of resumed.lines()) {
        after.push(line.text);
        if (line.text === 'tick 5') await client.allocations.stop(id);
      }
    })();
    await runUntilSettled(clock, rest);
    expect(after).toEqual(['tick 4', 'tick 5']);
    await expect(async () => {
      for await (const chunk of client.allocations.streamFile(id, 'alloc/none')) void chunk;
    }).rejects.toSatisfy((error: unknown) => NotFoundError.isInstance(error));
  });

  it('answers the checks of its services and its resource use', async () => {
    const { client, fake } = await clocked();
    await client.jobs.create({ Job: releaseJob('1', {}, { count: 1 }) });
    const [alloc] = await client.jobs.listAllocations('web');
    const id = alloc?.ID ?? '';
    const checks = Object.values((await listAllocationChecks(client.core, id)) ?? {});
    expect(checks).toEqual([
      expect.objectContaining({
        Check: 'alive',
        Service: 'web-http',
        Status: 'success',
        Mode: 'healthiness',
      }),
    ]);
    expect(checks[0]?.Group).toBe(alloc?.Name);
    await client.jobs.create({ Job: releaseJob('2', {}, { id: 'bad', count: 1, failing: true }) });
    const [bad] = await client.jobs.listAllocations('bad');
    const failing = Object.values((await client.allocations.checks(bad?.ID ?? '')) ?? {});
    expect(failing[0]?.Status).toBe('failure');

    const stats = await readAllocationStats(client.core, id);
    expect(stats.Timestamp).toBeInstanceOf(UnixNanos);
    expect(stats.ResourceUsage?.MemoryStats?.RSS).toBeGreaterThan(0);
    expect(stats.Tasks?.server?.ResourceUsage?.CpuStats?.Percent).toBeGreaterThan(0);
    await client.allocations.stop(id);
    await expect(client.allocations.stats(id)).rejects.toSatisfy((error: unknown) =>
      BadRequestError.isInstance(error),
    );
    expect(fake.allocations().length).toBeGreaterThan(1);
  });

  it('needs read-fs, and refuses bad paths and byte counts before sending', async () => {
    const fake = await fakeScheduler({
      acl: {
        tokens: {
          root: 'management',
          reader: { namespaces: { default: ['read-job'] } },
          files: { namespaces: { default: ['read-fs'] } },
        },
      },
    });
    await clientOf(fake, { token: 'root' }).jobs.create({ Job: serviceJob('web', 1) });
    const id = fake.allocations()[0]?.ID ?? '';
    const reader = clientOf(fake, { token: 'reader' });
    await expect(reader.allocations.listFiles(id)).rejects.toSatisfy((error: unknown) =>
      PermissionDeniedError.isInstance(error),
    );
    expect(await reader.allocations.checks(id)).toEqual({});
    const files = clientOf(fake, { token: 'files' });
    expect((await files.allocations.listFiles(id)).length).toBe(2);
    const before = fake.requests.length;
    await validationError(files.allocations.listFiles(id, { path: '../other' }));
    await validationError(files.allocations.readFile(id, 'alloc/../../etc/passwd'));
    await validationError(files.allocations.readFile(id, 'x', { maxBytes: 0 }));
    await validationError(files.allocations.readFileAt(id, 'x', { offset: 0 } as never));
    await validationError(files.allocations.readFileAt(id, 'x', { offset: -1, limit: 1 }));
    await validationError(files.allocations.statFile('5fc98185', 'x'));
    const refusedStream = files.allocations.streamFile(id, 'x', { origin: 'middle' as 'start' });
    await expect(refusedStream.text()).rejects.toSatisfy((error: unknown) =>
      String((error as Error).name).includes('RequestValidationError'),
    );
    expect(fake.requests.length).toBe(before);
  });
});
