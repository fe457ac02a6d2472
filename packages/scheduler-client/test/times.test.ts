// Unix-nanosecond times are above 2^53: where a schema declares one, it comes back with every digit or
// the call fails with a ResponseValidationError; every other number is exactly what JSON.parse gives.
import { startTestServer } from '@infra-sdk/core/testing';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createSchedulerClient,
  createSchedulerCore,
  ResponseValidationError,
  readAllocation,
  UnixNanos,
} from '../src/index.js';
import { AllocationSchema, UnixNanosSchema } from '../src/schemas.js';
import { parseWithTimes, timeFields } from '../src/time-fields.js';
import { scheduler, serviceJob } from './support.js';

const ALLOC_ID = '5456bd7a-9fc0-c0dd-6131-cbee77f57577';
// 2^53 is about 9.007e15: these have 19 digits, and a plain JSON.parse changes their last ones.
const CREATE = '1700000000123456789';
const EVENT = '1700000000987654321';

/** A client reading `body` as the allocation. */
async function allocationServer(body: string) {
  const server = await startTestServer();
  onTestFinished(() => server.close());
  server.route('GET', '/v1/allocation/:id', (_req, res) =>
    res.text(200, body, { 'content-type': 'application/json' }),
  );
  return createSchedulerClient({ baseUrl: server.url });
}

describe('exact nanosecond times', () => {
  it('reads every digit of each declared time, validated or not, and converts to Date', async () => {
    const body =
      `{"ID":"${ALLOC_ID}","CreateTime":${CREATE},"ModifyTime":${CREATE},` +
      `"TaskStates":{"web":{"State":"running","Events":[{"Type":"Started","Time":${EVENT}}]}},` +
      `"RescheduleTracker":{"Events":[{"RescheduleTime":${EVENT}}]},"Job":{"ID":"j","SubmitTime":${CREATE}}}`;
    expect(String(JSON.parse(body).CreateTime)).not.toBe(CREATE);
    const client = await allocationServer(body);
    for (const validateResponse of [true, false]) {
      const alloc = await client.allocations.read(ALLOC_ID, { validateResponse });
      expect(alloc.CreateTime).toBeInstanceOf(UnixNanos);
      expect(alloc.CreateTime?.nanoseconds).toBe(BigInt(CREATE));
      expect(alloc.TaskStates?.web?.Events?.[0]?.Time?.toString()).toBe(EVENT);
      expect(alloc.RescheduleTracker?.Events?.[0]?.RescheduleTime?.toString()).toBe(EVENT);
      expect(alloc.Job?.SubmitTime?.toString()).toBe(CREATE);
      expect(alloc.CreateTime?.toDate().toISOString()).toBe('2023-11-14T22:13:20.123Z');
      expect(JSON.stringify({ t: alloc.CreateTime })).toBe(`{"t":${CREATE}}`);
    }
  });

  it('leaves a user\'s numbers as JSON.parse gives them: a task Config with "Time": 30, Meta, unknown fields', async () => {
    const body =
      `{"ID":"${ALLOC_ID}","CreateTime":${CREATE},"Job":{"ID":"j","SubmitTime":${CREATE},` +
      `"TaskGroups":[{"Name":"g","Tasks":[{"Name":"t","Config":{"Time":30,"ModifyTime":${EVENT},"n":1.5e18}}]}]},` +
      `"Other":{"CreateTime":${EVENT},"Time":7}}`;
    const alloc = await (await allocationServer(body)).allocations.read(ALLOC_ID);
    expect(alloc.Job?.TaskGroups?.[0]?.Tasks?.[0]?.Config).toStrictEqual({
      Time: 30,
      ModifyTime: JSON.parse(EVENT),
      n: 1.5e18,
    });
    expect(alloc.Other).toStrictEqual({ CreateTime: JSON.parse(EVENT), Time: 7 });
    expect(alloc.CreateTime?.toString()).toBe(CREATE);
  });

  it('keeps every digit of a time whose key is written with escapes, or written twice', async () => {
    const body =
      `{"ID":"${ALLOC_ID}","CreateTime":1,"\\u0043reateTime":${CREATE},"\\u004dodifyTime":${EVENT},` +
      `"TaskStates":{"1":{"Events":[{"\\u0054ime":${EVENT}}]},"0":{"Events":[{"Time":${CREATE}}]}}}`;
    const alloc = await (await allocationServer(body)).allocations.read(ALLOC_ID);
    expect(alloc.CreateTime?.toString()).toBe(CREATE);
    expect(alloc.ModifyTime?.toString()).toBe(EVENT);
    expect(alloc.TaskStates?.['1']?.Events?.[0]?.Time?.toString()).toBe(EVENT);
    expect(alloc.TaskStates?.['0']?.Events?.[0]?.Time?.toString()).toBe(CREATE);
  });

  it('refuses a declared time written with an exponent or a fraction, never shifting it', async () => {
    for (const [written, path] of [
      ['"CreateTime":1.7e18', 'CreateTime'],
      ['"CreateTime":1700000000123456789.5', 'CreateTime'],
      ['"CreateTime":1.0', 'CreateTime'],
      ['"TaskStates":{"web":{"Events":[{"Time":17e17}]}}', 'TaskStates.web.Events.0.Time'],
    ] as const) {
      const client = await allocationServer(`{"ID":"${ALLOC_ID}",${written}}`);
      const error = await client.allocations.read(ALLOC_ID).catch((caught: unknown) => caught);
      expect(ResponseValidationError.isInstance(error), String(error)).toBe(true);
      expect((error as ResponseValidationError).issues[0]?.path).toBe(path);
      expect((error as ResponseValidationError).issues[0]?.message).toMatch(
        /whole number of Unix nanoseconds/,
      );
      // Without validation the text is handed over as it was written, not as a near number.
      const raw = await client.allocations.read(ALLOC_ID, { validateResponse: false });
      const text = written.slice(written.lastIndexOf(':') + 1).replace(/\}+\]?\}*$/, '');
      expect(JSON.stringify(raw)).toContain(JSON.stringify(text));
    }
  });

  it('takes the whole numbers around 2^53 and the int64 limits exactly', async () => {
    for (const digits of [
      '0',
      '-1',
      '9007199254740991',
      '9007199254740993',
      '9223372036854775807',
      '-9223372036854775808',
    ]) {
      const alloc = await (
        await allocationServer(`{"ID":"${ALLOC_ID}","CreateTime":${digits}}`)
      ).allocations.read(ALLOC_ID);
      expect(alloc.CreateTime?.toString()).toBe(digits);
    }
  });

  it('is the same on a core as on the full client', async () => {
    const body = `{"ID":"${ALLOC_ID}","CreateTime":${CREATE},"Config":{"Time":30}}`;
    const client = await allocationServer(body);
    const core = createSchedulerCore({ baseUrl: client.core.transport.baseUrl });
    expect(await readAllocation(core, ALLOC_ID)).toStrictEqual(await client.allocations.read(ALLOC_ID));
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
    expect(() => UnixNanos.from(1.5)).toThrow(RangeError);
    expect(() => UnixNanos.from(2 ** 60)).toThrow(RangeError);
    expect(v.parse(UnixNanosSchema, 42n).toString()).toBe('42');
    expect(v.parse(UnixNanosSchema, 42).toString()).toBe('42');
    expect(v.safeParse(UnixNanosSchema, '42').success).toBe(false);
    expect(v.safeParse(UnixNanosSchema, 1.5).success).toBe(false);
    expect(v.safeParse(UnixNanosSchema, 2 ** 60).success).toBe(false);
  });
});

/** A piece of JSON text and what the exact parse must make of it. */
interface Piece {
  readonly text: string;
  readonly value: unknown;
}

const json = (text: string): Piece => ({ text, value: JSON.parse(text) });

// Keys a user's data is likely to share with the declared times, written plainly or with escapes.
const keyText = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('Time', 'CreateTime', 'ModifyTime', 'SubmitTime', 'RescheduleTime', '0', '__proto__'),
      fc.string(),
    ),
    fc.boolean(),
  )
  .map(([key, escaped]) =>
    escaped
      ? `"${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`
      : JSON.stringify(key),
  );

// Numbers as a server or a user might write them: long integers, fractions, exponents.
const numberText = fc.oneof(
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.nat(99), fc.integer({ min: -20, max: 25 }))
    .map(([a, b, e]) => `${a}.${b}e${e}`),
);

/** A user's JSON, parsed as JSON.parse parses it. */
const userData: fc.Arbitrary<Piece> = fc
  .letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      numberText,
      fc.constantFrom('null', 'true', '"x"'),
      fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(keyText, tie('value')), { maxLength: 4 })
        .map((entries) => `{${entries.map(([k, item]) => `${k}:${item}`).join(',')}}`),
    ),
  }))
  .value.map(json);

/** A declared time: a whole number keeps every digit; anything else is left as its text (or as it parses). */
const timeValue: fc.Arbitrary<Piece> = fc.oneof(
  fc
    .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
    .map((n) => ({ text: String(n), value: new UnixNanos(n) })),
  numberText.filter((text) => !/^-?\d+$/.test(text)).map((text) => ({ text, value: text })),
  fc.constantFrom('null', '"1700000000123456789"').map(json),
);

/** An object written from its entries, the later of two equal keys winning as in JSON.parse. */
function object(entries: readonly (readonly [string, Piece])[]): Piece {
  const value: Record<string, unknown> = {};
  for (const [key, piece] of entries) {
    Object.defineProperty(value, JSON.parse(key) as string, {
      value: piece.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { text: `{${entries.map(([key, piece]) => `${key}:${piece.text}`).join(',')}}`, value };
}

function array(items: readonly Piece[]): Piece {
  return { text: `[${items.map((item) => item.text).join(',')}]`, value: items.map((item) => item.value) };
}

// An allocation with its declared times (some keys escaped, some written twice) and a user's data
// beside them, in a task's Config, in its Meta, in fields no schema declares.
const allocation: fc.Arbitrary<Piece> = fc
  .record({
    create: timeValue,
    earlier: fc.option(userData, { nil: undefined }),
    escapeCreate: fc.boolean(),
    modify: timeValue,
    event: timeValue,
    submit: timeValue,
    taskName: fc.constantFrom('web', '0', '7', 'Time'),
    config: userData,
    meta: userData,
    details: userData,
    extra: userData,
  })
  .map((g) =>
    object([
      ['"ID"', json('"a"')],
      ...(g.earlier === undefined ? [] : [['"CreateTime"', g.earlier] as const]),
      [g.escapeCreate ? '"\\u0043reate\\u0054ime"' : '"CreateTime"', g.create],
      ['"ModifyTime"', g.modify],
      [
        '"TaskStates"',
        object([
          [
            JSON.stringify(g.taskName),
            object([
              [
                '"Events"',
                array([
                  object([
                    ['"Time"', g.event],
                    ['"Details"', g.details],
                  ]),
                ]),
              ],
            ]),
          ],
        ]),
      ],
      [
        '"Job"',
        object([
          ['"SubmitTime"', g.submit],
          ['"Meta"', g.meta],
          ['"TaskGroups"', array([object([['"Tasks"', array([object([['"Config"', g.config]])])]])])],
        ]),
      ],
      ['"Extra"', g.extra],
    ]),
  );

describe('the exact parse, against JSON.parse', () => {
  const allocationTimes = timeFields(AllocationSchema);
  if (allocationTimes === undefined) throw new Error('the allocation schema declares times');

  it("gives JSON.parse for a user's data wherever no time is declared", () => {
    fc.assert(
      fc.property(userData, (data) => {
        const text = `{"Extra":${data.text},"Job":{"TaskGroups":[{"Tasks":[{"Config":${data.text},"Meta":${data.text}}]}]}}`;
        expect(parseWithTimes(text, allocationTimes)).toStrictEqual(JSON.parse(text));
        expect(parseWithTimes(data.text, () => {})).toStrictEqual(JSON.parse(data.text));
      }),
    );
  });

  it('reads each time off the text, or parses again where two texts under its key parse alike', () => {
    const [a, b] = ['1700000000123456789', '1700000000123456788'];
    expect(JSON.parse(a)).toBe(JSON.parse(b));
    const nanos = (digits: string) => new UnixNanos(BigInt(digits));
    const job = (submit: string, config: string) =>
      `{"Job":{"SubmitTime":${submit},"TaskGroups":[{"Tasks":[{"Config":{"SubmitTime":${config}}}]}]}}`;
    const parsedJob = (submit: string, config: string) => ({
      Job: {
        SubmitTime: nanos(submit),
        TaskGroups: [{ Tasks: [{ Config: { SubmitTime: JSON.parse(config) } }] }],
      },
    });
    // Written twice, the later text counts, as in JSON.parse.
    expect(parseWithTimes(`{"CreateTime":${a},"CreateTime":${b}}`, allocationTimes)).toStrictEqual({
      CreateTime: nanos(b),
    });
    expect(parseWithTimes(`{"CreateTime":${b} , "CreateTime" : ${a}}`, allocationTimes)).toStrictEqual({
      CreateTime: nanos(a),
    });
    // A user's number under a declared key (before or after the time), the same text or another.
    expect(parseWithTimes(job(a, b), allocationTimes)).toStrictEqual(parsedJob(a, b));
    expect(parseWithTimes(job(b, a), allocationTimes)).toStrictEqual(parsedJob(b, a));
    expect(parseWithTimes(job(a, a), allocationTimes)).toStrictEqual(parsedJob(a, a));
    // A declared key written with escapes after a plain one: the later, escaped one counts.
    expect(parseWithTimes(`{"CreateTime":${b},"\\u0043reateTime":${a}}`, allocationTimes)).toStrictEqual({
      CreateTime: nanos(a),
    });
    // A key that holds the declared one's name after an escaped quote is another key.
    expect(parseWithTimes(`{"x\\"CreateTime":${a},"CreateTime":${b}}`, allocationTimes)).toStrictEqual({
      'x"CreateTime': JSON.parse(a),
      CreateTime: nanos(b),
    });
  });

  it('changes only the declared times of an allocation, each to every digit or to its text', () => {
    fc.assert(
      fc.property(allocation, (doc) => {
        expect(parseWithTimes(doc.text, allocationTimes)).toStrictEqual(doc.value);
      }),
    );
  });
});
