// Shared by the test files: a fake scheduler closed after each test, clients for it, sample jobs, and a
// fake and client that share one test clock.
import { createTestClock, type TestClock } from '@infra-sdk/core/testing';
import { expect, onTestFinished } from 'vitest';
import {
  createSchedulerClient,
  type Deployment,
  type JobInput,
  RequestValidationError,
  type SchedulerClient,
  type SchedulerClientOptions,
} from '../src/index.js';
import { type FakeScheduler, type FakeSchedulerOptions, startFakeScheduler } from '../src/testing/index.js';
import { checkRequestsOf } from './openapi.js';

/**
 * Starts a fake scheduler that is closed when the test ends. Allocations start running as they are
 * placed (the fake's deterministic mode) unless the test asks otherwise: the tests of the pending →
 * running steps set `allocationStartMs` themselves.
 */
export async function fakeScheduler(options?: FakeSchedulerOptions): Promise<FakeScheduler> {
  const fake = await startFakeScheduler({ allocationStartMs: 0, timeScale: 0, ...options });
  onTestFinished(() => fake.close());
  return fake;
}

/** A client of `fake`. */
export function clientOf(
  fake: FakeScheduler,
  options: Partial<SchedulerClientOptions> = {},
): SchedulerClient {
  checkRequestsOf(fake);
  return createSchedulerClient({ baseUrl: fake.url, retry: false, ...options });
}

/** A fake with a client, for tests that need nothing special. */
export async function scheduler(
  options?: FakeSchedulerOptions,
): Promise<{ fake: FakeScheduler; client: SchedulerClient }> {
  const fake = await fakeScheduler(options);
  return { fake, client: clientOf(fake) };
}

/** Marks the blocking queries of `clockFetch`, so it can tell when the fake has one. */
const QUERY_MARK = 'x-test-blocking-query';

/** One turn of the event loop: real I/O and its callbacks run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A `fetch` that `clock` waits for, as `clock.fetch()`, except while `fake` holds a request: a blocking
 * query is waited for until the fake has it, then not while the fake holds it until time moves, then
 * again until its answer is read; the event stream and followed logs, which last, are not waited for. So the clock
 * never moves while a request is on its way, nor stands still for one the fake waits on the clock with.
 */
export function clockFetch(clock: TestClock, fake: FakeScheduler): typeof fetch {
  const tracked = clock.fetch();
  let sent = 0;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // Streams that last while the clock moves: the event stream and followed logs.
    if (url.pathname.endsWith('/event/stream')) return fetch(request);
    const followed = url.pathname.includes('/client/fs/logs/') || url.pathname.includes('/client/fs/stream/');
    if (followed && url.searchParams.get('follow') === 'true') {
      return fetch(request);
    }
    if (!url.searchParams.has('index')) return tracked(request);
    const mark = String(++sent);
    request.headers.set(QUERY_MARK, mark);
    const from = fake.requests.length;
    let answered = false;
    const answer = fetch(request).finally(() => {
      answered = true;
    });
    // Awaited below unless the wait for its arrival fails first (an abort): never unhandled.
    answer.catch(() => undefined);
    const arrived = async () => {
      while (
        !answered &&
        !fake.requests.slice(from).some((received) => received.headers[QUERY_MARK] === mark)
      ) {
        await turn();
      }
      return new Response(null);
    };
    await clock.fetch(arrived)(request);
    const response = await answer;
    return clock.fetch(async () => response)(request);
  };
}

/**
 * A fake and a client on one test clock: the fake's starts, health, deadlines, heartbeats and blocking
 * waits and the client's waits happen only as the test moves the clock. The fake waits the update
 * strategies' times in full (`timeScale: 1`), which costs no real time, and answers uncompressed: an
 * answer is on its way as soon as the fake gives it, so the clock sees its request in flight at once.
 */
export async function clocked(
  options?: FakeSchedulerOptions,
): Promise<{ clock: TestClock; fake: FakeScheduler; client: SchedulerClient }> {
  const clock = createTestClock();
  const fake = await fakeScheduler({ timeScale: 1, gzip: false, clock, ...options });
  return { clock, fake, client: clientOf(fake, { fetch: clockFetch(clock, fake) }) };
}

/**
 * Moves `clock` from sleep to sleep until `promise` settles, and settles as it did: each request the
 * clock waits for is answered before it moves on. No real time is waited for.
 */
export async function runUntilSettled<T>(clock: TestClock, promise: Promise<T>): Promise<T> {
  let settled = false;
  const watched = promise.finally(() => {
    settled = true;
  });
  // Awaited below; until then a rejection is not unhandled.
  watched.catch(() => undefined);
  // Real time only bounds a wait for I/O (an answer on its way), generously for a busy machine.
  await clock.runUntil(() => settled, { timeoutMs: 15_000 });
  return watched;
}

/** A small service job: one group of `count` allocations running one task. */
export function serviceJob(id = 'web', count = 2): JobInput {
  return {
    ID: id,
    Name: id,
    Type: 'service',
    Datacenters: ['dc1'],
    TaskGroups: [
      {
        Name: 'frontend',
        Count: count,
        Networks: [{ DynamicPorts: [{ Label: 'http', To: 8080 }] }],
        Services: [{ Name: `${id}-http`, PortLabel: 'http', Tags: ['edge'] }],
        Tasks: [
          {
            Name: 'server',
            Driver: 'docker',
            Config: { image: 'nginx:1' },
            KillTimeout: '10s',
            Resources: { CPU: 200, MemoryMB: 128 },
          },
        ],
      },
    ],
  };
}

/**
 * `serviceJob` with an update strategy and a release marker: each release is a new, destructive version
 * (its `Meta` differs), rolled out as `update` says. Healthy as soon as it runs (`MinHealthyTime: 0`), so
 * a fake with `timeScale: 1` settles at once yet keeps its deadlines minutes away.
 */
export function releaseJob(
  release: string,
  update: NonNullable<JobInput['Update']> = {},
  options: { readonly id?: string; readonly count?: number; readonly failing?: boolean } = {},
): JobInput {
  const job = serviceJob(options.id ?? 'web', options.count ?? 3);
  const [group] = job.TaskGroups ?? [];
  return {
    ...job,
    Meta: { release },
    Update: { MaxParallel: 1, MinHealthyTime: 0, ...update },
    TaskGroups: [
      {
        ...group,
        // The fake runs no checks: a check written critical stays critical, so the allocation never turns healthy.
        Services: [
          {
            Name: `${job.ID}-http`,
            PortLabel: 'http',
            Checks: [
              {
                Name: 'alive',
                Type: 'http',
                Path: '/health',
                Interval: '10s',
                Timeout: '2s',
                ...(options.failing ? { InitialStatus: 'critical' } : {}),
              },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * Follows a deployment until it leaves `running` (or `paused`) and returns it as it ended; with the
 * test clock of a `clocked` fake, moving the clock until it has.
 */
export async function settled(
  client: SchedulerClient,
  deploymentId: string,
  clock?: TestClock,
): Promise<Deployment> {
  const follow = async () => {
    let last: Deployment | undefined;
    for await (const { data } of client.deployments.watch(deploymentId, {
      ...(clock === undefined ? { signal: AbortSignal.timeout(15_000) } : { clock }),
    })) {
      last = data;
      if (data.Status !== 'running' && data.Status !== 'paused') break;
    }
    if (last === undefined) throw new Error(`deployment ${deploymentId} was never read`);
    return last;
  };
  return clock === undefined ? follow() : runUntilSettled(clock, follow());
}

/** A parameterized batch job that takes a payload and meta. */
export function parameterizedJob(id = 'report'): JobInput {
  return {
    ID: id,
    Type: 'batch',
    Datacenters: ['dc1'],
    ParameterizedJob: { Payload: 'optional', MetaRequired: ['customer'], MetaOptional: ['priority'] },
    TaskGroups: [
      { Name: 'run', Tasks: [{ Name: 'report', Driver: 'exec', DispatchPayload: { File: 'input.json' } }] },
    ],
  };
}

/** Waits for `promise` to reject with a RequestValidationError and returns it. */
export async function validationError(promise: Promise<unknown>): Promise<RequestValidationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(RequestValidationError.isInstance(error), String(error)).toBe(true);
  return error as RequestValidationError;
}

/**
 * Polls `condition` every 5 ms, for ten seconds at least: it waits for real I/O (a request arriving, a
 * socket closing), which a busy machine slows, never for time to pass.
 */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}
