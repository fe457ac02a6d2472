// Shared by the test files: a fake scheduler closed after each test, clients for it, sample jobs.
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

/** Follows a deployment until it leaves `running` (or `paused`) and returns it as it ended. */
export async function settled(client: SchedulerClient, deploymentId: string): Promise<Deployment> {
  let last: Deployment | undefined;
  for await (const { data } of client.deployments.watch(deploymentId, {
    signal: AbortSignal.timeout(10_000),
  })) {
    last = data;
    if (data.Status !== 'running' && data.Status !== 'paused') break;
  }
  if (last === undefined) throw new Error(`deployment ${deploymentId} was never read`);
  return last;
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

/** Polls `condition` every 5 ms for up to about five seconds. */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}
