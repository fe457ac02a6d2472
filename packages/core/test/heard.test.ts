// Long-lived work is heard: a watch on a service that stops writes one warning line at its third failure
// in a row (the request, the failure, the next try), nothing before it and nothing on a healthy run; the
// error that ends it says how many failures in a row over how long, by the watch's clock. The logger and
// its level come from the client's options or `<PREFIX>_LOG_LEVEL`. Over real sockets, on a test clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BlockingOptions,
  type BlockingWatchOptions,
  ConnectionError,
  createFailureStreak,
  createTransport,
  type EnvNames,
  InfraSdkError,
  type LogFields,
  type LogLevel,
  optionsFromEnv,
  type RequestOptions,
  type RetryLoopEvent,
  type TransportOptions,
  toBlockingQuery,
  watch,
  watchBlocking,
} from '../src/index.js';
import { BlockingIndex, blockingWait, createTestClock, type TestClock } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();
const TOKEN = 's3cret-token';

type Line = { level: LogLevel; line: string; fields: LogFields };

/** A namespace list behind a blocking index that can go down (every connection dropped) and come back. */
async function meshService() {
  const server = await serve();
  const index = new BlockingIndex(1);
  const state = { down: false, refused: 0 };
  server.route('GET', '/v1/namespaces', async (req, res) => {
    if (state.down) {
      state.refused += 1;
      return res.destroy();
    }
    const at = await blockingWait(req, index);
    res.json(200, [{ Name: 'default' }], { 'X-Mesh-Index': String(at) });
  });
  return { server, index, state };
}

/** A watch of the namespaces through a transport with `options`, on `clock`, retrying once per request. */
function watchNamespaces(
  url: string,
  clock: TestClock,
  options: Partial<TransportOptions>,
  watchOptions: {
    maxFailures?: number;
    onRetry?: (event: RetryLoopEvent) => void;
    signal?: AbortSignal;
  } = {},
) {
  const transport = createTransport({
    baseUrl: url,
    pathPrefix: '/v1',
    metaHeaders: { index: 'X-Mesh-Index' },
    // The token travels in the query: the warning names the path only.
    auth: { type: 'query', name: 'token' },
    token: TOKEN,
    retry: false,
    fetch: clock.fetch(),
    clock,
    ...options,
  });
  return watch(
    (query, signal) =>
      transport.request({ method: 'GET', path: '/namespaces', blocking: query }, { signal }).withMeta(),
    { clock, waitMs: 60_000, ...watchOptions },
  );
}

function capture(): { lines: Line[]; logger: (level: LogLevel, line: string, fields: LogFields) => void } {
  const lines: Line[] = [];
  return { lines, logger: (level, line, fields) => void lines.push({ level, line, fields }) };
}

/** A span as the messages write it. */
const span = (ms: number) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

describe('a watch on a service that stops', () => {
  it('warns once, at the third failure in a row, naming the request, the failure and the next try', async () => {
    const clock = createTestClock(0);
    const { server, state } = await meshService();
    const { lines, logger } = capture();
    const retries: RetryLoopEvent[] = [];
    const failedAt: number[] = [];
    const snapshots = watchNamespaces(
      server.url,
      clock,
      { logger },
      {
        maxFailures: 6,
        onRetry: (event) => {
          retries.push(event);
          failedAt.push(clock.now());
        },
      },
    );
    expect((await snapshots.next()).value?.meta.index).toBe(1);
    state.down = true;
    let ended: unknown;
    const ending = snapshots.next().then(
      () => {
        ended = 'no error';
      },
      (error: unknown) => {
        ended = error;
      },
    );
    await clock.runUntil(() => retries.length === 2);
    expect(lines).toEqual([]);
    await clock.runUntil(() => retries.length === 3);
    expect(lines).toHaveLength(1);
    const [warning] = lines as [Line];
    expect(warning.level).toBe('warn');
    expect(warning.line).toMatch(
      /^infra-sdk: GET \/v1\/namespaces failed 3 times in a row over \d+\.\d s \(ConnectionError: the service could not be reached \([^)]*\)+; trying again in \d+(\.\d)? m?s$/,
    );
    expect(warning.line).not.toContain(TOKEN);
    expect(warning.line).not.toContain('?');
    expect(warning.fields).toMatchObject({
      event: 'failures',
      method: 'GET',
      path: '/v1/namespaces',
      failures: 3,
      error: 'ConnectionError',
      nextTryMs: retries[2]?.delayMs,
      spanMs: (failedAt[2] ?? 0) - (failedAt[0] ?? 0),
    });
    await clock.runUntil(() => ended !== undefined);
    await ending;
    // Still the one line: the later failures of the same streak say nothing more.
    expect(lines).toHaveLength(1);
    expect(ConnectionError.isInstance(ended)).toBe(true);
    const message = (ended as ConnectionError).message;
    expect(message).toMatch(/^GET \/v1\/namespaces\?/);
    expect(message.endsWith(`(6 failures in a row over ${span(clock.now() - (failedAt[0] ?? 0))})`)).toBe(
      true,
    );
    expect((ended as ConnectionError).stack).toContain('6 failures in a row');
    expect(message).not.toContain(TOKEN);
  });

  it('writes nothing for one or two failures, and an info line when it recovers after a warning', async () => {
    const clock = createTestClock(0);
    const { server, state, index } = await meshService();
    const { lines, logger } = capture();
    const retries: RetryLoopEvent[] = [];
    const snapshots = watchNamespaces(
      server.url,
      clock,
      { logger, logLevel: 'info' },
      {
        onRetry: (event) => void retries.push(event),
      },
    );
    await snapshots.next();
    // Two failures, then the service answers again: a blip, no line.
    state.down = true;
    const second = snapshots.next();
    await clock.runUntil(() => retries.length === 2);
    state.down = false;
    index.bump();
    await clock.runUntil(() => clock.pending === 0 && clock.inFlight === 0);
    expect((await second).value?.meta.index).toBe(2);
    expect(lines).toEqual([]);
    // Three failures, then back: the warning, then the recovery.
    state.down = true;
    const third = snapshots.next();
    await clock.runUntil(() => retries.length === 5);
    state.down = false;
    index.bump();
    await clock.runUntil(() => clock.pending === 0 && clock.inFlight === 0);
    expect((await third).value?.meta.index).toBe(3);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(lines[1]?.line).toMatch(
      /^infra-sdk: GET \/v1\/namespaces succeeded again after 3 failures in a row over \d+\.\d s$/,
    );
    await snapshots.return(undefined);
  });

  it('a healthy run writes nothing', async () => {
    const clock = createTestClock(0);
    const { server, index } = await meshService();
    const { lines, logger } = capture();
    const snapshots = watchNamespaces(server.url, clock, { logger });
    for (let change = 1; change <= 5; change++) {
      expect((await snapshots.next()).value?.meta.index).toBe(change);
      index.bump();
    }
    await snapshots.return(undefined);
    expect(lines).toEqual([]);
  });

  it('without a logger anywhere, the warning goes to the console at warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    try {
      const clock = createTestClock(0);
      const { server, state } = await meshService();
      const retries: RetryLoopEvent[] = [];
      const controller = new AbortController();
      const snapshots = watchNamespaces(
        server.url,
        clock,
        {},
        {
          onRetry: (event) => void retries.push(event),
          signal: controller.signal,
        },
      );
      await snapshots.next();
      state.down = true;
      const next = snapshots.next();
      await clock.runUntil(() => retries.length === 4);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^infra-sdk: GET \/v1\/namespaces failed 3 times/);
      expect(debug).not.toHaveBeenCalled();
      controller.abort();
      expect((await next).done).toBe(true);
    } finally {
      warn.mockRestore();
      debug.mockRestore();
    }
  });
});

describe('a client watch (watchBlocking) on a service that stops, with the transport retrying by default', () => {
  const limits = { maxWaitMs: 600_000, defaultWaitMs: 60_000, consistency: ['default'] as const };

  /** A client's watch of the namespaces, as the clients build theirs, through a transport with `options`. */
  function clientWatch(url: string, clock: TestClock, options: Partial<TransportOptions>) {
    const transport = createTransport({
      baseUrl: url,
      pathPrefix: '/v1',
      metaHeaders: { index: 'X-Mesh-Index' },
      fetch: clock.fetch(),
      clock,
      ...options,
    });
    const list = (call: BlockingOptions & RequestOptions) =>
      transport.request(
        { method: 'GET', path: '/namespaces', blocking: toBlockingQuery(call, limits) },
        call,
      );
    return (watchOptions: BlockingWatchOptions & Pick<RequestOptions, 'retry'>) =>
      watchBlocking({ clock, ...watchOptions }, limits, (call) => list(call));
  }

  it('sends one request per failure and warns within 5 s of the first, by the watch clock', async () => {
    const clock = createTestClock(0);
    const { server, state } = await meshService();
    // When the warning came, by the watch's clock, and how many requests had been refused by then.
    const warnings: { at: number; refused: number; failures: unknown }[] = [];
    // The client's defaults: the transport retries a failed GET twice, except inside a watch.
    const watchOf = clientWatch(server.url, clock, {
      logger: (_level, _line, fields) =>
        void warnings.push({ at: clock.now(), refused: state.refused, failures: fields.failures }),
    });
    const controller = new AbortController();
    const snapshots = watchOf({ signal: controller.signal });
    expect((await snapshots.next()).value?.meta.index).toBe(1);
    state.down = true;
    const stoppedAt = clock.now();
    const next = snapshots.next();
    await clock.runUntil(() => warnings.length === 1);
    expect(warnings[0]).toMatchObject({ refused: 3, failures: 3 });
    expect((warnings[0]?.at ?? Number.POSITIVE_INFINITY) - stoppedAt).toBeLessThanOrEqual(5_000);
    controller.abort();
    expect((await next).done).toBe(true);
  });

  it('keeps a retry the caller gives', async () => {
    const clock = createTestClock(0);
    const { server, state } = await meshService();
    const watchOf = clientWatch(server.url, clock, { retry: { baseDelayMs: 1 }, logLevel: 'silent' });
    const controller = new AbortController();
    // The requests refused when the watch hears of each failure: two attempts each.
    const refusedAtRetry: number[] = [];
    const snapshots = watchOf({
      signal: controller.signal,
      retry: 1,
      onRetry: () => void refusedAtRetry.push(state.refused),
    });
    await snapshots.next();
    state.down = true;
    const next = snapshots.next();
    await clock.runUntil(() => refusedAtRetry.length === 3);
    expect(refusedAtRetry).toEqual([2, 4, 6]);
    controller.abort();
    expect((await next).done).toBe(true);
  });
});

describe('the log level', () => {
  const P = 'INFRA_SDK_HEARD';
  const names: EnvNames = {
    address: `${P}_ADDR`,
    token: `${P}_TOKEN`,
    service: 'test service',
    example: 'x',
  };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith(P)) delete process.env[name];
  });

  /** The lines a watch whose client was made from the environment writes until its fourth failure. */
  async function linesUnder(variables: Record<string, string>, overrides: Partial<TransportOptions> = {}) {
    const clock = createTestClock(0);
    const { server, state } = await meshService();
    for (const [suffix, value] of Object.entries(variables)) process.env[`${P}${suffix}`] = value;
    process.env[`${P}_ADDR`] = server.url;
    const { lines, logger } = capture();
    const options = optionsFromEnv(names, { logger, ...overrides });
    const retries: RetryLoopEvent[] = [];
    const controller = new AbortController();
    const snapshots = watchNamespaces(options.baseUrl, clock, options, {
      onRetry: (event) => void retries.push(event),
      signal: controller.signal,
    });
    await snapshots.next();
    state.down = true;
    const next = snapshots.next();
    await clock.runUntil(() => retries.length === 4);
    controller.abort();
    expect((await next).done).toBe(true);
    return { lines, options };
  }

  it('<PREFIX>_LOG_LEVEL sets it: silent and off write nothing, error hides warnings, debug adds the request lines', async () => {
    for (const level of ['silent', 'off', 'error', 'ERROR']) {
      const { lines, options } = await linesUnder({ _LOG_LEVEL: level });
      expect(options.logLevel).toBe(level.toLowerCase());
      expect(lines).toEqual([]);
    }
    const warn = await linesUnder({ _LOG_LEVEL: 'warn' });
    expect(warn.lines.map((line) => line.fields.event)).toEqual(['failures']);
    const debug = await linesUnder({ _LOG_LEVEL: 'debug' });
    const events = debug.lines.map((line) => line.fields.event);
    expect(events.filter((event) => event === 'failures')).toHaveLength(1);
    expect(events).toContain('request');
    expect(events).toContain('response');
    expect(debug.lines.every((line) => !line.line.includes(TOKEN))).toBe(true);
  });

  it('the logLevel option wins over the variable; an unknown level is refused, naming the variable', async () => {
    const given = await linesUnder({ _LOG_LEVEL: 'silent' }, { logLevel: 'warn' });
    expect(given.lines).toHaveLength(1);
    process.env[`${P}_ADDR`] = 'http://127.0.0.1:1';
    process.env[`${P}_LOG_LEVEL`] = 'loud';
    expect(() => optionsFromEnv(names, {})).toThrow(
      new InfraSdkError(
        `${P}_LOG_LEVEL must be debug, info, warn, error, silent or off (no log lines), not "loud"; fix or unset it`,
      ),
    );
    expect(() => createTransport({ baseUrl: 'http://127.0.0.1:1', logLevel: 'loud' as never })).toThrow(
      /logLevel must be debug, info, warn, error, silent, off, not loud/,
    );
  });
});

describe('createFailureStreak, for a loop of a client of its own', () => {
  it('warns at the third failure, starts over after a success, and says the count and span at the end', async () => {
    const clock = createTestClock(1_000);
    const server = await serve();
    let down = true;
    server.route('GET', '/v1/status', (_req, res) => (down ? res.destroy() : res.json(200, {})));
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1', retry: false });
    const { lines, logger } = capture();
    const streak = createFailureStreak({ clock, logger, what: 'status poll' });
    const poll = async () => {
      try {
        await transport.request({ method: 'GET', path: '/status' });
        streak.succeeded();
        return undefined;
      } catch (error) {
        return error;
      }
    };
    for (let i = 0; i < 2; i++) {
      streak.failed(await poll(), 500);
      await clock.advance(500);
    }
    expect(lines).toEqual([]);
    streak.failed(await poll(), 1_500);
    expect(lines.map((line) => line.line)).toEqual([
      'infra-sdk: GET /v1/status failed 3 times in a row over 1.0 s (ConnectionError: ' +
        `${String(lines[0]?.fields.message)}); trying again in 1.5 s`,
    ]);
    down = false;
    expect(await poll()).toBeUndefined();
    expect(streak.count).toBe(0);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    down = true;
    const first = await poll();
    streak.failed(first, 10_000);
    await clock.advance(12_500);
    const last = streak.end(await poll());
    expect(ConnectionError.isInstance(last)).toBe(true);
    expect((last as Error).message).toMatch(/ \(2 failures in a row over 13 s\)$/);
    // A lone failure, or a value that is not an error of the SDK, is returned as it is.
    const lone = new ConnectionError('the service could not be reached');
    expect(streak.end(lone).message).toBe('the service could not be reached');
    streak.failed(new Error('x'), 1);
    const foreign = new Error('not ours');
    expect(streak.end(foreign).message).toBe('not ours');
  });
});
