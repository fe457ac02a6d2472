// Long-lived calls are heard: against a server that stops answering (no cluster leader: every read that
// is not stale gets 500), a watch and a wait for a deletion write one warning line, at the third failure
// in a row, to the client's `logger`; the error that ends them says how many failures in a row over how
// long; a healthy run writes nothing. On a test clock, over HTTP against the fake.
import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it } from 'vitest';
import { type RetryLoopEvent, ServerError } from '../src/index.js';
import { clientOf, failure, settle, trackFakes } from './support.js';

const start = trackFakes();
const COUNTED = /\((\d+) failures in a row over (\d+(?:\.\d)?) s\)$/;

/** A fake on a test clock, and a client of it whose log lines (at the default level, `warn`) land in `lines`. */
async function setUp() {
  const clock = createTestClock();
  const fake = await start({ clock, deletionDelayMs: 1000 });
  const lines: { level: string; line: string }[] = [];
  // The client's own retries stay on: a watch sends each request once and does the retrying itself.
  const mesh = clientOf(fake, { clock, logger: (level, line) => lines.push({ level, line }) });
  return { clock, fake, mesh, lines };
}

describe('a watch', () => {
  it('writes nothing while the server answers', async () => {
    const { mesh, lines } = await setUp();
    const controller = new AbortController();
    const watch = mesh.namespaces.watchList({ signal: controller.signal });
    expect((await watch.next()).value?.data.map((namespace) => namespace.Name)).toEqual(['default']);
    await mesh.namespaces.create({ Name: 'team-1' });
    expect((await watch.next()).value?.data.map((namespace) => namespace.Name)).toEqual([
      'default',
      'team-1',
    ]);
    controller.abort();
    expect((await watch.next()).done).toBe(true);
    expect(lines).toEqual([]);
  });

  it('warns once at the third failure in a row, and ends with the last one counting them', async () => {
    const { clock, fake, mesh, lines } = await setUp();
    fake.setKnownLeader(false);
    const retries: RetryLoopEvent[] = [];
    const watch = mesh.namespaces.watchList({ maxFailures: 5, onRetry: (event) => void retries.push(event) });
    const error = await failure(settle(clock, watch.next()));
    expect(ServerError.isInstance(error)).toBe(true);
    expect(fake.requests).toHaveLength(5);
    // `onRetry` hears each retried failure typed as core's transient errors: no cast to read it.
    expect(retries.map((retry) => `${retry.attempt} ${retry.error.name}`)).toEqual([
      '1 ServerError',
      '2 ServerError',
      '3 ServerError',
      '4 ServerError',
    ]);
    const [, count, seconds] = COUNTED.exec((error as Error).message) ?? [];
    expect(count).toBe('5');
    // Back-off of 1 s doubled, with jitter: between half and all of 1 + 2 + 4 + 8 s.
    expect(Number(seconds)).toBeGreaterThanOrEqual(7.5);
    expect(Number(seconds)).toBeLessThanOrEqual(15);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.line).toMatch(
      /^infra-sdk: GET \/v1\/namespaces failed 3 times in a row over [\d.]+ s \(ServerError: .*No cluster leader.*\); trying again in [\d.]+ (ms|s)$/,
    );
  });
});

describe('waiting until a namespace is deleted', () => {
  it('writes nothing while the server answers', async () => {
    const { clock, mesh, lines } = await setUp();
    await mesh.namespaces.create({ Name: 'team-1' });
    await mesh.namespaces.delete('team-1');
    await settle(clock, mesh.namespaces.waitUntilDeleted('team-1', { wait: '10s' }));
    expect(lines).toEqual([]);
  });

  it('goes on through failed reads, warns once at the third in a row, and ends with the tenth, counting them', async () => {
    const { clock, fake, mesh, lines } = await setUp();
    await mesh.namespaces.create({ Name: 'team-1' });
    fake.setKnownLeader(false);
    const reads = fake.requests.length;
    const error = await failure(settle(clock, mesh.namespaces.waitUntilDeleted('team-1')));
    expect(ServerError.isInstance(error)).toBe(true);
    expect(fake.requests.length - reads).toBe(10);
    expect(COUNTED.exec((error as Error).message)?.[1]).toBe('10');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toContain('GET /v1/namespace/team-1 failed 3 times in a row');
  });
});
