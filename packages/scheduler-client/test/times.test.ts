// Unix-nanosecond times are above 2^53: they must come back with every digit, convert to Date, and go
// out again unchanged in request bodies.
import { startTestServer } from '@infra-sdk/core/testing';
import * as v from 'valibot';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createSchedulerClient, UnixNanos, UnixNanosSchema } from '../src/index.js';
import { scheduler, serviceJob } from './support.js';

const ALLOC_ID = '5456bd7a-9fc0-c0dd-6131-cbee77f57577';
// 2^53 is about 9.007e15: these have 19 digits, and a plain JSON.parse changes their last ones.
const CREATE = '1700000000123456789';
const EVENT = '1700000000987654321';

describe('exact nanosecond times', () => {
  it('reads every digit from the wire and converts to Date', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const body =
      `{"ID":"${ALLOC_ID}","CreateTime":${CREATE},"ModifyTime":${CREATE},` +
      `"TaskStates":{"web":{"State":"running","Events":[{"Type":"Started","Time":${EVENT}}]}}}`;
    expect(String(JSON.parse(body).CreateTime)).not.toBe(CREATE);
    server.route('GET', '/v1/allocation/:id', (_req, res) =>
      res.text(200, body, { 'content-type': 'application/json' }),
    );
    const client = createSchedulerClient({ baseUrl: server.url });
    for (const validateResponse of [true, false]) {
      const alloc = await client.allocations.read(ALLOC_ID, { validateResponse });
      expect(alloc.CreateTime).toBeInstanceOf(UnixNanos);
      expect(alloc.CreateTime?.toString()).toBe(CREATE);
      expect(alloc.CreateTime?.nanoseconds).toBe(BigInt(CREATE));
      expect(alloc.TaskStates?.web?.Events?.[0]?.Time?.toString()).toBe(EVENT);
      expect(alloc.CreateTime?.toDate().toISOString()).toBe('2023-11-14T22:13:20.123Z');
      expect(JSON.stringify({ t: alloc.CreateTime })).toBe(`{"t":${CREATE}}`);
    }
  });

  it('stays exact where keys come back out of text order, and takes other numbers as they are', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    // Task names that look like array indices come back from JSON.parse sorted, not in text order.
    const body =
      `{"ID":"${ALLOC_ID}","TaskStates":{"2":{"Events":[{"Type":"Started","Time":${EVENT}}]},` +
      `"1":{"Events":[{"Type":"Started","Time":${CREATE}}]}},` +
      `"CreateTime":1.5e18,"ModifyTime":${CREATE},"Config":{"Time":"noon"}}`;
    server.route('GET', '/v1/allocation/:id', (_req, res) =>
      res.text(200, body, { 'content-type': 'application/json' }),
    );
    const alloc = await createSchedulerClient({ baseUrl: server.url }).allocations.read(ALLOC_ID);
    expect(alloc.TaskStates?.['2']?.Events?.[0]?.Time?.toString()).toBe(EVENT);
    expect(alloc.TaskStates?.['1']?.Events?.[0]?.Time?.toString()).toBe(CREATE);
    expect(alloc.ModifyTime?.toString()).toBe(CREATE);
    expect(alloc.CreateTime?.toString()).toBe('1500000000000000000');
    expect((alloc as { Config?: unknown }).Config).toEqual({ Time: 'noon' });
  });

  it('sends a read job back with its SubmitTime unchanged, also from a structured clone', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    const job = await client.jobs.read('web');
    const submitted = job.SubmitTime;
    expect(submitted).toBeInstanceOf(UnixNanos);
    expect(submitted?.toString()).toBe(fake.job('web')?.SubmitTime?.toString());
    expect(submitted?.toString()).toMatch(/^\d{19}$/);
    await client.jobs.update('web', { Job: job });
    expect(fake.requests.at(-1)?.body).toContain(`"SubmitTime":${submitted?.toString()}`);
    await client.jobs.update('web', { Job: structuredClone(job) });
    expect(fake.requests.at(-1)?.body).toContain(`"SubmitTime":${submitted?.toString()}`);
    const alloc = (await client.jobs.listAllocations('web'))[0];
    expect(alloc?.CreateTime?.toString()).toBe(fake.allocations()[0]?.CreateTime?.toString());
  });

  it('builds times from numbers, bigints, text and dates, and refuses what is not one', () => {
    expect(UnixNanos.from(new Date('2023-11-14T22:13:20.123Z')).toString()).toBe('1700000000123000000');
    expect(UnixNanos.from(CREATE).equals(BigInt(CREATE))).toBe(true);
    expect(UnixNanos.from(1_500).toNumber()).toBe(1_500);
    expect(UnixNanos.from(-1).toDate().getTime()).toBe(-1);
    expect(() => UnixNanos.from('12.5')).toThrow(RangeError);
    expect(() => UnixNanos.from(Number.NaN)).toThrow(RangeError);
    expect(v.parse(UnixNanosSchema, 42n).toString()).toBe('42');
    expect(v.parse(UnixNanosSchema, 42).toString()).toBe('42');
    expect(v.safeParse(UnixNanosSchema, '42').success).toBe(false);
  });
});
