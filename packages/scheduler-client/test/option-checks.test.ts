// Options the way a script upgraded from another client gives them: a name of another client's
// (`maxReconnects`), another spelling (`perPage`), an option a call does not take (`meta`, `params`,
// `partition`, `diff_version`, `filter` on a job's sub-lists), a watch's option on a plain read. Each is
// refused with RequestValidationError naming the nearest option before anything reaches the fake.
import { describe, expect, it } from 'vitest';
import {
  createSchedulerClient,
  fromEnv,
  holdVariableLock,
  RequestValidationError,
  type SchedulerClient,
} from '../src/index.js';
import type { FakeScheduler } from '../src/testing/index.js';
import { scheduler, serviceJob, validationError } from './support.js';

/** The refusal of `call` (nothing sent), and its message for `key`. */
async function refused(fake: FakeScheduler, call: () => unknown, key: string): Promise<string> {
  const before = fake.requests.length;
  const error = await validationError(
    (async () => {
      await call();
    })(),
  );
  expect(fake.requests.length).toBe(before);
  const issue = error.issues.find((each) => each.path === key);
  expect(issue, error.message).toBeDefined();
  return issue?.message ?? '';
}

/** A client of a fake holding the job `web`. */
async function withJob(): Promise<{ fake: FakeScheduler; client: SchedulerClient }> {
  const { fake, client } = await scheduler();
  await client.jobs.create({ Job: serviceJob('web', 1) });
  return { fake, client };
}

describe('options refused before sending', () => {
  it("names the stream's own option for another client's name, and per_page for perPage", async () => {
    const { fake, client } = await withJob();
    const stream = await refused(
      fake,
      () => client.events.stream({ maxReconnects: 0 } as never),
      'maxReconnects',
    );
    expect(stream).toMatch(/^unknown option; did you mean `maxFailures`\? The options are .*maxFailures/);
    expect(await refused(fake, () => client.jobs.list({ perPage: 10 } as never), 'perPage')).toBe(
      'unknown option; did you mean `per_page`?',
    );
    // The message says what was refused and that nothing went out.
    const error = await validationError(client.jobs.list({ perPage: 10 } as never));
    expect(error.message).toBe(
      'Invalid request options (nothing was sent): perPage: unknown option; did you mean `per_page`?',
    );
  });

  it("refuses options a call does not take: meta, params, partition, diff_version, and filter on a job's sub-lists", async () => {
    const { fake, client } = await withJob();
    await refused(fake, () => client.jobs.read('web', { meta: true } as never), 'meta');
    await refused(fake, () => client.jobs.list({ params: { prefix: 'we' } } as never), 'params');
    await refused(fake, () => client.jobs.list({ partition: 'default' } as never), 'partition');
    await refused(
      fake,
      () => client.jobs.listEvaluations('web', { diff_version: 1 } as never),
      'diff_version',
    );
    for (const list of [
      () => client.jobs.listAllocations('web', { filter: 'ClientStatus == "running"' } as never),
      () => client.jobs.listEvaluations('web', { filter: 'Status == "complete"' } as never),
      () => client.jobs.listDeployments('web', { filter: 'Status == "running"' } as never),
      () => client.jobs.listVersions('web', { filter: 'Stable' } as never),
    ]) {
      await refused(fake, list, 'filter');
    }
    // What the sub-lists do take still goes out.
    expect((await client.jobs.listAllocations('web', { all: true })).length).toBe(1);
    expect((await client.jobs.listVersions('web', { diff_version: 0 })).Versions).toHaveLength(1);
  });

  it("refuses a watch's options on a plain read, and the blocking ones on an iteration", async () => {
    const { fake, client } = await withJob();
    expect(
      await refused(fake, () => client.jobs.read('web', { maxFailures: 3 } as never), 'maxFailures'),
    ).toMatch(/^unknown option; did you mean/);
    const pages = client.jobs.iterate({ index: 5 } as never);
    await refused(fake, () => pages[Symbol.asyncIterator]().next(), 'index');
    // A watch takes them, and its reads do not carry its own options to the scheduler.
    const watch = client.jobs.watchList({ maxFailures: 3, backoffMs: 100, per_page: 1 });
    expect((await watch.next()).value?.data.map((job) => job.ID)).toEqual(['web']);
    await watch.return();
    const sent = fake.requests.at(-1);
    expect(sent?.query.get('per_page')).toBe('1');
    expect([...(sent?.query.keys() ?? [])].some((key) => /backoff|failures/i.test(key))).toBe(false);
  });

  it("refuses a client's misspelt option, fromEnv's, request()'s and the lock holder's", async () => {
    const { fake, client } = await withJob();
    expect(
      await refused(fake, () => createSchedulerClient({ baseUrl: fake.url, tokn: 'x' } as never), 'tokn'),
    ).toBe('unknown option; did you mean `token`?');
    await refused(fake, () => fromEnv({ baseUrl: fake.url, namespce: 'default' } as never), 'namespce');
    // request() takes core's per-call options only: its namespace goes in its query.
    await refused(
      fake,
      () => client.request({ method: 'GET', path: '/jobs' }, { namespace: 'x' } as never),
      'namespace',
    );
    await refused(
      fake,
      () => client.request({ method: 'GET', path: '/jobs', querry: {} } as never),
      'querry',
    );
    // The lock holder's check is core's: the same message as every other.
    expect(
      await refused(
        fake,
        () => holdVariableLock(client.core, 'locks/a', { waitForLok: true } as never),
        'waitForLok',
      ),
    ).toBe('unknown option; did you mean `waitForLock`?');
    await refused(fake, () => client.variables.holdLock('locks/a', { tokn: 'x' } as never), 'tokn');
  });

  it("refuses a key of the fake's options, of its node specs and of its registerJob", async () => {
    const { fake } = await scheduler();
    const error = await validationError((async () => fake.addNode({ nodeclass: 'gpu' } as never))());
    expect(error.message).toContain('nodeclass: unknown option; did you mean `nodeClass`?');
    expect(() => fake.registerJob(serviceJob('x', 1), { namespac: 'default' } as never)).toThrow(
      RequestValidationError,
    );
  });
});
