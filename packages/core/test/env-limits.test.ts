// The limit variables of `fromEnv()` under the client prefix, over real HTTP: `_CLIENT_TIMEOUT`,
// `_MAX_RETRIES` and `_RATE_LIMIT` (timed by a test clock), what they accept and what they refuse.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTransport,
  type EnvNames,
  InfraSdkError,
  optionsFromEnv,
  ServiceUnavailableError,
  TimeoutError,
} from '../src/index.js';
import { createTestClock } from '../src/testing/index.js';
import { trackServers } from './support.js';

const serve = trackServers();
const P = 'INFRA_SDK_LIMITS';
const names: EnvNames = { address: `${P}_ADDR`, token: `${P}_TOKEN`, service: 'test service', example: 'x' };

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith(P)) delete process.env[name];
});

function setEnv(variables: Record<string, string>): void {
  for (const [suffix, value] of Object.entries(variables)) process.env[`${P}${suffix}`] = value;
}

describe('fromEnv: the limit variables under the client prefix', () => {
  it('_CLIENT_TIMEOUT limits each attempt and _MAX_RETRIES counts the retries', async () => {
    const server = await serve();
    server.route('GET', '/v1/hang', (_req, res) => res.hang());
    server.route('GET', '/v1/down', (_req, res) => res.json(503, { errors: ['down'] }));
    setEnv({ _ADDR: server.url, _CLIENT_TIMEOUT: '150ms', _MAX_RETRIES: '1' });
    const options = optionsFromEnv(names, {});
    expect(options).toMatchObject({ timeout: 150, retry: 1 });
    const transport = createTransport({
      ...options,
      pathPrefix: '/v1',
      retry: { limit: options.retry, baseDelayMs: 1 },
    });
    const hung = await transport.request({ method: 'GET', path: '/hang' }, { retry: 0 }).catch((e) => e);
    expect(TimeoutError.isInstance(hung)).toBe(true);
    expect((hung as TimeoutError).timeoutMs).toBe(150);
    const down = await transport.request({ method: 'GET', path: '/down' }).catch((e) => e);
    expect(ServiceUnavailableError.isInstance(down)).toBe(true);
    expect(server.requests.filter((request) => request.path === '/v1/down')).toHaveLength(2);
  });

  it('_RATE_LIMIT (rate:burst) paces the calls by the client clock', async () => {
    const clock = createTestClock(0);
    const server = await serve();
    const arrived: number[] = [];
    server.route('GET', '/v1/x', (_req, res) => {
      arrived.push(clock.now());
      res.json(200, {});
    });
    setEnv({ _ADDR: server.url, _RATE_LIMIT: '4:2' });
    const options = optionsFromEnv(names, { clock, fetch: clock.fetch() });
    expect(options.rateLimit).toEqual({ perSecond: 4, burst: 2 });
    const transport = createTransport({ ...options, pathPrefix: '/v1' });
    let done = 0;
    const calls = Array.from({ length: 4 }, () =>
      transport.request({ method: 'GET', path: '/x' }).finally(() => (done += 1)),
    );
    await clock.runUntil(() => done === 4);
    await Promise.all(calls);
    expect(arrived).toEqual([0, 0, 250, 500]);
  });

  it('reads seconds, Go durations and fractions; an option given wins without reading its variable', () => {
    setEnv({ _ADDR: '127.0.0.1:1', _CLIENT_TIMEOUT: '60', _RATE_LIMIT: '0.5', _MAX_RETRIES: '0' });
    expect(optionsFromEnv(names, {})).toMatchObject({
      timeout: 60_000,
      retry: 0,
      rateLimit: { perSecond: 0.5 },
    });
    setEnv({ _CLIENT_TIMEOUT: '1m30s' });
    expect(optionsFromEnv(names, {}).timeout).toBe(90_000);
    setEnv({ _CLIENT_TIMEOUT: 'soon', _MAX_RETRIES: 'many', _RATE_LIMIT: 'fast' });
    expect(optionsFromEnv(names, { timeout: 5, retry: 2, rateLimit: { perSecond: 1 } })).toMatchObject({
      timeout: 5,
      retry: 2,
      rateLimit: { perSecond: 1 },
    });
    // Without an `_ADDR` name or a prefix, nothing under a prefix is read.
    expect(
      optionsFromEnv({ ...names, address: 'INFRA_SDK_LIMITS_URL' }, { baseUrl: 'http://x' }),
    ).not.toHaveProperty('timeout');
  });

  it('refuses a value that is no limit, naming the variable', () => {
    const refusal = (suffix: string, value: string): string => {
      setEnv({ _ADDR: '127.0.0.1:1', [suffix]: value });
      try {
        optionsFromEnv(names, {});
      } catch (error) {
        expect(InfraSdkError.isInstance(error)).toBe(true);
        return (error as Error).message;
      } finally {
        delete process.env[`${P}${suffix}`];
      }
      throw new Error('expected a refusal');
    };
    for (const value of ['0', '-1', '5 minutes', '1d', '30000000']) {
      expect(refusal('_CLIENT_TIMEOUT', value)).toMatch(
        /^INFRA_SDK_LIMITS_CLIENT_TIMEOUT must be a time above 0/,
      );
    }
    for (const value of ['-1', '1.5', 'three']) {
      expect(refusal('_MAX_RETRIES', value)).toMatch(/^INFRA_SDK_LIMITS_MAX_RETRIES must be a whole number/);
    }
    for (const value of ['0', '20:0', '20:', 'x:5', '-3']) {
      expect(refusal('_RATE_LIMIT', value)).toMatch(
        /^INFRA_SDK_LIMITS_RATE_LIMIT must be requests per second/,
      );
    }
  });
});
