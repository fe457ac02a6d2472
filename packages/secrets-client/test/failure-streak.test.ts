// Long-lived work is heard: against a service that stops answering (sealed: every request gets 503), a
// keeper and a wait for a sync status write one warning line, at the third failure in a row, to the
// client's `logger`; the error that ends them says how many failures in a row over how long; a healthy
// run writes nothing. All on a test clock, over HTTP against the fake.
import { createTestClock, type TestClock } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type KeeperEvent,
  keepToken,
  ServiceUnavailableError,
  TimeoutError,
  waitForSyncStatus,
} from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clockedClientOf, rejectionOf, runUntilSettled } from './support.js';

const START = 1_700_000_000_000;
const COUNTED = /\((\d+) failures in a row over (\d+(?:\.\d)?) s\)$/;

let fake: FakeSecrets;
afterEach(() => fake.close());

/** A fake on `clock`, and a client of it whose log lines (at the default level, `warn`) land in `lines`. */
async function setUp(clock: TestClock) {
  fake = await startFakeSecrets({ clock });
  const lines: { level: string; line: string }[] = [];
  const client = clockedClientOf(fake, clock, { logger: (level, line) => lines.push({ level, line }) });
  return { client, lines };
}

describe('a token keeper', () => {
  it('renews quietly while the service answers, then warns once at the third failure in a row and ends counting them', async () => {
    const clock = createTestClock(START);
    const { client, lines } = await setUp(clock);
    const token = fake.createToken({ policy: 'root', ttl: 3600, renewable: true });
    const events: KeeperEvent[] = [];
    let renewed = 0;
    let threeRenewed = () => {};
    const renewals = new Promise<void>((resolve) => {
      threeRenewed = resolve;
    });
    const keeper = keepToken(client.core, {
      token: token.token,
      clock,
      backoffMs: 1000,
      maxFailures: 5,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'renewed' && ++renewed === 3) threeRenewed();
      },
    });
    await runUntilSettled(clock, renewals);
    expect(lines).toEqual([]);

    fake.seal();
    const end = await runUntilSettled(clock, keeper.done);
    expect(end.reason).toBe('error');
    const retries = events.filter((event) => event.type === 'retry');
    expect(retries).toHaveLength(4);
    // A retried failure is typed as the transient error it is: its name and message read without a cast.
    for (const retry of retries) {
      if (retry.type === 'retry')
        expect(`${retry.error.name}: ${retry.error.message}`).toMatch(/^ServiceUnavailableError: /);
    }
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.line).toMatch(
      /^infra-sdk: POST \/v1\/auth\/token\/renew-self failed 3 times in a row over [\d.]+ s \(ServiceUnavailableError: .*\); trying again in [\d.]+ (ms|s)$/,
    );
    expect(warnings[0]?.line).not.toContain(token.token);
    const failed = events.find((event) => event.type === 'error');
    expect(failed?.type === 'error' && failed.step).toBe('renew');
    expect(ServiceUnavailableError.isInstance(end.error)).toBe(true);
    const [, count, seconds] = COUNTED.exec((end.error as Error).message) ?? [];
    expect(count).toBe('5');
    // Back-off of 1 s doubled, with jitter: between half and all of 1 + 2 + 4 + 8 s.
    expect(Number(seconds)).toBeGreaterThanOrEqual(7.5);
    expect(Number(seconds)).toBeLessThanOrEqual(15);
  });

  it('ends expired when the token runs out while its renewals fail, the error counting them', async () => {
    const clock = createTestClock(START);
    const { client, lines } = await setUp(clock);
    const token = fake.createToken({ policy: 'root', ttl: 60, renewable: true });
    const keeper = keepToken(client.core, { token: token.token, clock, backoffMs: 1000 });
    await runUntilSettled(clock, keeper.ready);
    fake.seal();
    const end = await runUntilSettled(clock, keeper.done);
    expect(end.reason).toBe('expired');
    const [, count] = COUNTED.exec((end.error as Error).message) ?? [];
    // The lease's end, not `maxFailures` (10), ended the retries.
    expect(Number(count)).toBeGreaterThanOrEqual(3);
    expect(Number(count)).toBeLessThan(10);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });
});

describe('waiting for a sync status', () => {
  const ref = { type: 'repo-host', name: 'ci', mount: 'secret', secret_name: 'app' } as const;

  it('reads quietly until its time is up while the service answers', async () => {
    const clock = createTestClock(START);
    const { client, lines } = await setUp(clock);
    const waiting = waitForSyncStatus(client.core, ref, 'SYNCED', {
      clock,
      intervalMs: 1000,
      timeoutMs: 20_000,
    });
    const error = await rejectionOf(runUntilSettled(clock, waiting));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(lines).toEqual([]);
  });

  it('goes on through failed reads, warns once at the third in a row, and ends with the tenth, counting them', async () => {
    const clock = createTestClock(START);
    const { client, lines } = await setUp(clock);
    fake.seal();
    const reads = fake.requests.length;
    const waiting = waitForSyncStatus(client.core, ref, 'SYNCED', {
      clock,
      intervalMs: 1000,
      timeoutMs: 600_000,
    });
    const error = await rejectionOf(runUntilSettled(clock, waiting));
    expect(ServiceUnavailableError.isInstance(error)).toBe(true);
    expect(fake.requests.length - reads).toBe(10);
    const [, count, seconds] = COUNTED.exec((error as Error).message) ?? [];
    expect(count).toBe('10');
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(lines[0]?.line).toContain('GET /v1/sys/sync/associations/secret/app failed 3 times in a row');
  });
});
