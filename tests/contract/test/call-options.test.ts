// One contract, run against all four clients over a real loopback server: every per-call option
// reaches the transport and takes effect, and blocking options behave the same in both services that
// have them. A client that drops an option fails here, whichever client it is.
import { readFileSync } from 'node:fs';
import {
  AbortError,
  type RequestOptions,
  RequestValidationError,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
} from '@infra-sdk/core';
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { createMeshClient } from '@infra-sdk/mesh-client';
import { createRegistryClient } from '@infra-sdk/registry-client';
import { createSchedulerClient } from '@infra-sdk/scheduler-client';
import { createSecretsClient } from '@infra-sdk/secrets-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface Fixture {
  readonly headers?: Record<string, string>;
  readonly body: Record<string, unknown>;
}

function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as Fixture;
}

/** Blocking options as both blocking services take them. */
interface Blocking {
  readonly index?: number;
  readonly wait?: number | string;
  readonly consistency?: 'default' | 'stale';
}

interface Subject {
  readonly name: string;
  /** Route of the client's one read on the loopback server. */
  readonly route: string;
  readonly answer: Fixture;
  /** A body the read's schema refuses. */
  readonly invalid: unknown;
  /** The read, through the grouped client made with `client` options, with per-call options. */
  readonly read: (
    baseUrl: string,
    options: RequestOptions & Blocking,
    client?: Pick<RequestOptions, 'headers'>,
  ) => Promise<unknown>;
  /** Whether the read takes blocking options. */
  readonly blocking: boolean;
}

const common = { token: 'contract-token-0123456789', retry: { baseDelayMs: 1 } } as const;
const secrets = fixture('secrets-read-roleset');

const subjects: readonly Subject[] = [
  {
    name: 'secrets',
    route: '/v1/gcp/roleset/:name',
    answer: secrets,
    invalid: { ...secrets.body, data: 'not a roleset' },
    read: (baseUrl, options, client) =>
      createSecretsClient({ baseUrl, ...common, ...client }).cloud.rolesets.read('r', options),
    blocking: false,
  },
  {
    name: 'scheduler',
    route: '/v1/job/:id',
    answer: fixture('scheduler-read-job'),
    invalid: 'not a job',
    read: (baseUrl, options, client) =>
      createSchedulerClient({ baseUrl, ...common, ...client }).jobs.read('example', options),
    blocking: true,
  },
  {
    name: 'registry',
    route: '/api/v1/box/:user/:name',
    answer: fixture('registry-read-box'),
    invalid: 'not a box',
    read: (baseUrl, options, client) =>
      createRegistryClient({ baseUrl, ...common, ...client }).boxes.read('myuser/test', options),
    blocking: false,
  },
  {
    name: 'mesh',
    route: '/v1/namespace/:name',
    answer: fixture('mesh-read-namespace'),
    invalid: 'not a namespace',
    read: (baseUrl, options, client) =>
      createMeshClient({ baseUrl, ...common, ...client }).namespaces.read('team-1', options),
    blocking: true,
  },
];

type Mode = 'ok' | 'hang' | 'unavailable-once' | 'unavailable' | 'invalid';

/** Polls `condition` on real I/O every 5 ms, for about five seconds at most. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A loopback server answering the subject's read as `state.mode` says, fresh for each test. */
function serve(subject: Subject) {
  const state = { server: undefined as unknown as TestServer, mode: 'ok' as Mode, calls: 0 };
  beforeEach(async () => {
    state.mode = 'ok';
    state.calls = 0;
    state.server = await startTestServer();
    state.server.route('GET', subject.route, (_req, res) => {
      state.calls += 1;
      if (state.mode === 'hang') return res.hang();
      if (state.mode === 'unavailable' || (state.mode === 'unavailable-once' && state.calls === 1)) {
        return res.json(503, { errors: ['try again'] });
      }
      if (state.mode === 'invalid') return res.json(200, subject.invalid, subject.answer.headers);
      return res.json(200, subject.answer.body, subject.answer.headers);
    });
  });
  afterEach(async () => {
    await state.server.close();
  });
  return state;
}

describe.each(subjects)('$name: per-call options', (subject) => {
  const state = serve(subject);

  it('sends `headers` with the request', async () => {
    await subject.read(state.server.url, { headers: { 'x-contract': 'yes', traceparent: '00-a-b-01' } });
    expect(state.server.requests[0]?.headers['x-contract']).toBe('yes');
    expect(state.server.requests[0]?.headers.traceparent).toBe('00-a-b-01');
  });

  it.each([
    ['a Headers', (name: string, value: string) => new Headers({ [name]: value })],
    ['a Map', (name: string, value: string) => new Map([[name, value]])],
    ['a list of pairs', (name: string, value: string) => [[name, value]] as [string, string][]],
  ])('sends client and per-call `headers` given as %s', async (_shape, make) => {
    await subject.read(
      state.server.url,
      { headers: make('x-contract-call', 'call') },
      { headers: make('x-contract-client', 'client') },
    );
    expect(state.server.requests[0]?.headers['x-contract-call']).toBe('call');
    expect(state.server.requests[0]?.headers['x-contract-client']).toBe('client');
  });

  it('stops at `signal`: aborted before sending, nothing is sent; aborted mid-way, the call ends', async () => {
    await expect(subject.read(state.server.url, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(state.server.requests).toHaveLength(0);
    state.mode = 'hang';
    const controller = new AbortController();
    const call = subject.read(state.server.url, { signal: controller.signal });
    await until(() => state.calls === 1);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(state.calls).toBe(1);
  });

  it('limits each attempt to `timeout`', async () => {
    state.mode = 'hang';
    const error = await subject
      .read(state.server.url, { timeout: 150, retry: false })
      .catch((e: unknown) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(150);
  });

  it('limits the whole call to `totalTimeout`', async () => {
    state.mode = 'hang';
    // Each attempt alone may take an hour: only the limit of the whole call ends this one in time.
    const error = await subject
      .read(state.server.url, { timeout: 3_600_000, totalTimeout: 300 })
      .catch((e: unknown) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).timeoutMs).toBe(300);
  });

  it('follows `retry`: retried by default, not with `retry: false`', async () => {
    state.mode = 'unavailable-once';
    await expect(subject.read(state.server.url, {})).resolves.toBeDefined();
    expect(state.calls).toBe(2);
    state.calls = 0;
    await expect(subject.read(state.server.url, { retry: false })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(state.calls).toBe(1);
    state.mode = 'unavailable';
    state.calls = 0;
    await expect(
      subject.read(state.server.url, { retry: { limit: 3, baseDelayMs: 1 } }),
    ).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(state.calls).toBe(4);
  });

  it('checks the response unless `validateResponse: false`', async () => {
    state.mode = 'invalid';
    await expect(subject.read(state.server.url, {})).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(subject.read(state.server.url, { validateResponse: false })).resolves.not.toBeInstanceOf(
      Error,
    );
  });
});

describe.each(subjects.filter((subject) => subject.blocking))('$name: blocking options', (subject) => {
  const state = serve(subject);

  it('sends `index`, `wait` and `consistency` of a blocking read', async () => {
    await subject.read(state.server.url, { index: 5, wait: '2s', consistency: 'stale' });
    const query = state.server.requests[0]?.query;
    expect(query?.get('index')).toBe('5');
    expect(query?.get('wait')).toBe('2s');
    expect(query?.get('stale')).toBe('true');
  });

  it('waits the default 5 minutes when only `index` is given', async () => {
    await subject.read(state.server.url, { index: 5 });
    expect(state.server.requests[0]?.query.get('wait')).toBe('300s');
  });

  it('refuses a negative or over-limit `wait` before sending', async () => {
    for (const wait of [-1, '-5s', '11m', 600_001]) {
      await expect(subject.read(state.server.url, { index: 5, wait })).rejects.toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(state.server.requests).toHaveLength(0);
  });
});
