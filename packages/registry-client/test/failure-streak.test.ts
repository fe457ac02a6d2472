// Long work is heard: an upload whose storage keeps failing, and a release the registry keeps answering
// 429, write one warning line, at the third failure in a row, to the client's `logger`; the error that
// ends them says how many failures in a row over how long; a healthy upload writes nothing. On the test
// clock of `setup`, over HTTP against the fake.
import { describe, expect, it } from 'vitest';
import { PublishError, RateLimitError, UploadAttemptsError, type UploadRetry } from '../src/index.js';
import { boxWithProvider, sampleBytes, settle, setup } from './support.js';

const COUNTED = /\((\d+) failures in a row over (\d+(?:\.\d)?) s\)$/;
const backoff = { initialMs: 1000, maxMs: 30_000 } as const;

/** A client of alice's whose log lines (at the default level, `warn`) land in `lines`. */
function logged(client: Awaited<ReturnType<typeof setup>>['client']) {
  const lines: { level: string; line: string }[] = [];
  const alice = client({
    token: 'alice-token-0123456789',
    logger: (level, line) => lines.push({ level, line }),
  });
  return { alice, lines };
}

describe('an upload', () => {
  it('writes nothing when storage takes the box at once', async () => {
    const { client, clock } = await setup();
    const { alice, lines } = logged(client);
    const tag = await boxWithProvider(alice);
    const result = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), { backoff }),
    );
    expect(result.attempts).toBe(1);
    expect(lines).toEqual([]);
  });

  it('warns once at the third storage failure in a row, and ends counting them', async () => {
    const { client, clock } = await setup({
      storageFaults: [{ kind: 'status', status: 503, times: Number.POSITIVE_INFINITY }],
    });
    const { alice, lines } = logged(client);
    const tag = await boxWithProvider(alice);
    const retries: UploadRetry[] = [];
    const error = await settle(
      clock,
      alice.uploads.upload(tag, '1.0.0', 'virtualbox', sampleBytes(1000), {
        attempts: 5,
        backoff,
        onRetry: (retry) => retries.push(retry),
      }),
    ).catch((caught: unknown) => caught);
    expect(UploadAttemptsError.isInstance(error)).toBe(true);
    expect((error as UploadAttemptsError).attempts).toHaveLength(5);
    // Each retried failure is typed with the errors an upload meets: its status reads without a cast.
    expect(retries.map((retry) => ('status' in retry.error ? retry.error.status : 0))).toEqual([
      503, 503, 503, 503,
    ]);
    const [, count, seconds] = COUNTED.exec((error as Error).message) ?? [];
    expect(count).toBe('5');
    // Back-off of 1 s doubled, with jitter: between half and all of 1 + 2 + 4 + 8 s.
    expect(Number(seconds)).toBeGreaterThanOrEqual(7.5);
    expect(Number(seconds)).toBeLessThanOrEqual(15);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.line).toMatch(
      /^infra-sdk: PUT \/storage\/\S+ failed 3 times in a row over [\d.]+ s \(ServiceUnavailableError: .*\); trying again in [\d.]+ (ms|s)$/,
    );
  });
});

describe('a release', () => {
  it('warns once at the third 429 in a row of a registry call, and ends with the last one counting them', async () => {
    let refusals = 0;
    const { client, clock } = await setup({
      onRequest: (req) => {
        if (!(req.method === 'PUT' && req.path.endsWith('/release'))) return undefined;
        refusals += 1;
        return {
          status: 429,
          headers: { 'retry-after': '2' },
          body: { errors: ['slow down'], success: false },
        };
      },
    });
    const { alice, lines } = logged(client);
    await alice.boxes.create({ name: 'release', is_private: false });
    const error = await settle(
      clock,
      alice.versions.publish(
        'alice/release',
        '1.0.0',
        { providers: [{ name: 'virtualbox', asset: sampleBytes(1000) }] },
        { attempts: 4, backoff },
      ),
    ).catch((caught: unknown) => caught);
    expect(refusals).toBe(4);
    // Nothing was released: the release names the registry's last refusal as its cause.
    expect(PublishError.isInstance(error)).toBe(true);
    const cause = (error as PublishError).cause;
    expect(RateLimitError.isInstance(cause)).toBe(true);
    // `attempts` (4) refusals in a row, three waits of the 2 s the registry asked for between them.
    const [, count, seconds] = COUNTED.exec((cause as Error).message) ?? [];
    expect(count).toBe('4');
    expect(Number(seconds)).toBeGreaterThanOrEqual(6);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toMatch(
      /^infra-sdk: PUT \/api\/v1\/box\/alice\/release\/version\/1\.0\.0\/release failed 3 times in a row/,
    );
  });
});
