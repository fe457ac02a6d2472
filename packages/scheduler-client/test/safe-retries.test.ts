// Writes that are safe to repeat are retried when their answer is lost, and the others never are. A
// small proxy in front of the fake loses answers on purpose: it drops a connection before passing the
// request on, or after the fake answered it (the write then happened, and only its answer is lost).
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConflictError, ConnectionError, createSchedulerClient } from '../src/index.js';
import type { FakeScheduler } from '../src/testing/index.js';
import { fakeScheduler, parameterizedJob, serviceJob } from './support.js';

/** What the proxy does with each write it receives, in turn; reads and later writes pass. */
type Fault = 'drop-before' | 'drop-after' | 'pass';

async function lossyProxy(fake: FakeScheduler, faults: Fault[]): Promise<TestServer> {
  const proxy = await startTestServer();
  onTestFinished(() => proxy.close());
  proxy.route('*', '/*rest', async (req, res) => {
    const fault = req.method === 'GET' ? undefined : faults.shift();
    if (fault === 'drop-before') return res.destroy();
    const query = req.query.toString();
    const answer = await fetch(`${fake.url}${req.path}${query === '' ? '' : `?${query}`}`, {
      method: req.method,
      headers: { 'content-type': 'application/json' },
      ...(req.text === '' ? {} : { body: req.text }),
    });
    const text = await answer.text();
    if (fault === 'drop-after') return res.destroy();
    // The body was decoded by fetch: only the scheduler's own headers go along.
    const headers = [...answer.headers].filter(
      ([name]) => name === 'content-type' || name.startsWith('x-scheduler-'),
    );
    res.text(answer.status, text, Object.fromEntries(headers));
  });
  return proxy;
}

/** A client of the proxy that retries at once (no back-off to wait out). */
function clientOf(proxy: TestServer) {
  return createSchedulerClient({ baseUrl: proxy.url, retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 1 } });
}

const writes = (proxy: TestServer, path: string) =>
  proxy.requests.filter((request) => request.method === 'POST' && request.path === path).length;

describe('safe retries of writes', () => {
  it('retries a dispatch with an idempotency token, and the fake answers the same child', async () => {
    const fake = await fakeScheduler();
    fake.registerJob(parameterizedJob());
    const proxy = await lossyProxy(fake, ['drop-after', 'drop-before']);
    const client = clientOf(proxy);
    const body = { Meta: { customer: 'acme' }, IdempotencyToken: 'invoice-42' };
    const { DispatchedJobID } = await client.jobs.dispatch('report', body);
    // Sent three times: once dispatched (answer lost), once lost on the way, once answered.
    expect(writes(proxy, '/v1/job/report/dispatch')).toBe(3);
    const children = fake.jobs().filter((job) => job.ParentID === 'report');
    expect(children.map((job) => job.ID)).toEqual([DispatchedJobID]);
    expect(children[0]?.DispatchIdempotencyToken).toBe('invoice-42');
    // Later calls with the same token get the same child too; another token makes another.
    expect((await client.jobs.dispatch('report', body)).DispatchedJobID).toBe(DispatchedJobID);
    const other = await client.jobs.dispatch('report', { ...body, IdempotencyToken: 'invoice-43' });
    expect(other.DispatchedJobID).not.toBe(DispatchedJobID);
  });

  it('never retries a dispatch without a token, even with retryWrites', async () => {
    const fake = await fakeScheduler();
    fake.registerJob(parameterizedJob());
    const proxy = await lossyProxy(fake, ['drop-after']);
    const client = createSchedulerClient({ baseUrl: proxy.url, retry: { limit: 2, retryWrites: true } });
    const error = await client.jobs
      .dispatch('report', { Meta: { customer: 'acme' } })
      .catch((caught: unknown) => caught);
    expect(ConnectionError.isInstance(error), String(error)).toBe(true);
    expect(writes(proxy, '/v1/job/report/dispatch')).toBe(1);
    // It did happen once: a retry would have made a second child.
    expect(fake.jobs().filter((job) => job.ParentID === 'report')).toHaveLength(1);
  });

  it('retries a check-and-set registration; never one without it', async () => {
    const fake = await fakeScheduler();
    const proxy = await lossyProxy(fake, ['drop-before', 'pass', 'drop-before']);
    const client = clientOf(proxy);
    await client.jobs.create({ Job: serviceJob('web', 1), EnforceIndex: true, JobModifyIndex: 0 });
    expect(writes(proxy, '/v1/jobs')).toBe(2);
    expect(fake.job('web')?.Version).toBe(0);
    const lost = await client.jobs.create({ Job: serviceJob('web', 2) }).catch((caught: unknown) => caught);
    expect(ConnectionError.isInstance(lost), String(lost)).toBe(true);
    expect(writes(proxy, '/v1/jobs')).toBe(3);
  });

  it('reports a registration that landed before its answer was lost as a conflict, not twice', async () => {
    const fake = await fakeScheduler();
    const proxy = await lossyProxy(fake, ['drop-after']);
    const client = clientOf(proxy);
    const { JobModifyIndex } = fake.registerJob(serviceJob('web', 1));
    const error = await client.jobs
      .update('web', { Job: serviceJob('web', 4), EnforceIndex: true, JobModifyIndex })
      .catch((caught: unknown) => caught);
    // The first attempt registered version 1; the retry found the index moved and changed nothing.
    expect(ConflictError.isInstance(error), String(error)).toBe(true);
    expect((error as ConflictError).body).toMatch(
      /^Enforcing job modify index \d+: job exists with conflicting/,
    );
    expect(writes(proxy, '/v1/job/web')).toBe(2);
    expect(fake.job('web')).toMatchObject({ Version: 1 });
  });

  it('retries a revert that names the version it replaces', async () => {
    const fake = await fakeScheduler();
    fake.registerJob(serviceJob('web', 1));
    fake.registerJob(serviceJob('web', 2));
    const proxy = await lossyProxy(fake, ['drop-before']);
    const client = clientOf(proxy);
    await client.jobs.revert('web', { JobVersion: 0, EnforcePriorVersion: 1 });
    expect(writes(proxy, '/v1/job/web/revert')).toBe(2);
    expect(fake.job('web')).toMatchObject({ Version: 2 });
  });
});
