// Properties of the parsers and encoders: durations, cron schedules, the envelope, names as path
// segments and bindings maps (the last two through the fake, over HTTP).
import { emptyResponseMeta } from '@infra-sdk/core';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestValidationError, unwrapEnvelope } from '../src/index.js';
import { fitsPathSegment } from '../src/name-path.js';
import { durationSchema, StaticRoleRequestSchema } from '../src/schemas.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf } from './support.js';

const SECONDS = { s: 1, m: 60, h: 3600 } as const;
const term = fc.record({
  amount: fc.integer({ min: 0, max: 10_000 }),
  unit: fc.constantFrom('s', 'm', 'h') as fc.Arbitrary<'s' | 'm' | 'h'>,
});

describe('durations', () => {
  it('accepts unit text and whole seconds, and reads the seconds they stand for', () => {
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
        const text = terms.map((item) => `${item.amount}${item.unit}`).join('');
        expect(v.safeParse(durationSchema(), text).success).toBe(true);
        const role = v.safeParse(StaticRoleRequestSchema, {
          db_name: 'd',
          username: 'u',
          rotation_period: text,
        });
        const seconds = terms.reduce((sum, item) => sum + item.amount * SECONDS[item.unit], 0);
        const tooShort = seconds < 5;
        expect(role.success).toBe(!tooShort);
      }),
    );
    fc.assert(fc.property(fc.nat(), (seconds) => v.safeParse(durationSchema(), seconds).success));
  });

  it('refuses anything else', () => {
    const bad = fc.oneof(
      fc.string().filter((text) => !/^(?:\d+|(?:\d+[smh])+)$/.test(text)),
      fc.double().filter((number) => !Number.isSafeInteger(number) || number < 0),
      fc.integer({ max: -1 }),
    );
    fc.assert(fc.property(bad, (value) => !v.safeParse(durationSchema(), value).success));
  });
});

describe('cron schedules', () => {
  const field = (min: number, max: number) =>
    fc.oneof(
      fc.constant('*'),
      fc.integer({ min, max }).map(String),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
        .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
      fc.integer({ min: 1, max: 10 }).map((step) => `*/${step}`),
      fc.array(fc.integer({ min, max }), { minLength: 2, maxLength: 3 }).map((values) => values.join(',')),
    );
  const schedule = fc
    .tuple(field(0, 59), field(0, 23), field(1, 28), field(1, 12), field(0, 6))
    .map((parts) => parts.join(' '));

  it('accepts every five-field schedule and refuses other field counts', () => {
    fc.assert(
      fc.property(
        schedule,
        (text) =>
          v.safeParse(StaticRoleRequestSchema, { db_name: 'd', username: 'u', rotation_schedule: text })
            .success,
      ),
    );
    fc.assert(
      fc.property(
        fc.array(field(0, 6), { minLength: 1, maxLength: 7 }).filter((parts) => parts.length !== 5),
        (parts) =>
          !v.safeParse(StaticRoleRequestSchema, {
            db_name: 'd',
            username: 'u',
            rotation_schedule: parts.join(' '),
          }).success,
      ),
    );
  });
});

describe('envelope', () => {
  const meta = emptyResponseMeta(200);

  it('takes data out of any envelope and keeps the lease fields on the metadata', () => {
    fc.assert(
      fc.property(
        fc.record({
          request_id: fc.uuid(),
          lease_id: fc.string(),
          lease_duration: fc.nat(),
          renewable: fc.boolean(),
          data: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: null }),
          mount_type: fc.option(fc.string(), { nil: undefined }),
        }),
        (envelope) => {
          const { data, meta: out } = unwrapEnvelope(envelope, meta);
          expect(data).toEqual(envelope.data ?? undefined);
          expect(out).toMatchObject({
            requestId: envelope.request_id,
            leaseId: envelope.lease_id,
            leaseDuration: envelope.lease_duration,
            renewable: envelope.renewable,
            mountType: envelope.mount_type,
          });
        },
      ),
    );
  });

  it('passes a body without an envelope through as the payload', () => {
    fc.assert(
      fc.property(
        fc
          .jsonValue()
          .filter(
            (value) =>
              typeof value !== 'object' || value === null || Array.isArray(value) || !('data' in value),
          ),
        (body) => {
          const { data, meta: out } = unwrapEnvelope(body, meta);
          expect(data).toEqual(body);
          expect(out).toMatchObject({
            leaseId: '',
            leaseDuration: 0,
            renewable: false,
            wrapInfo: null,
            auth: null,
          });
        },
      ),
    );
  });
});

describe('through the fake', () => {
  let fake: FakeSecrets;
  beforeAll(async () => {
    fake = await startFakeSecrets({ mounts: [{ path: 'gcp', type: 'cloud' }] });
  });
  afterAll(() => fake.close());

  it('keeps any name one path segment that reaches exactly its own roleset', async () => {
    const client = clientOf(fake);
    const name = fc
      .string({ minLength: 1, maxLength: 20, unit: 'grapheme' })
      .filter((text) => fitsPathSegment(text));
    await fc.assert(
      fc.asyncProperty(name, async (text) => {
        await client.cloud.rolesets.write(text, {
          project: 'p',
          bindings: { 'projects/p': ['roles/viewer'] },
        });
        expect((await client.cloud.rolesets.read(text)).service_account_project).toBe('p');
        expect(fake.cloud().rolesets.has(text)).toBe(true);
        await client.cloud.rolesets.delete(text);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses any name holding "/" or "%" before sending, and the fake refuses it on the wire', async () => {
    const client = clientOf(fake);
    const name = fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('/', '%', '%2F', '/rotate'),
        fc.string({ maxLength: 8 }),
      )
      .map(([head, middle, tail]) => `${head}${middle}${tail}`);
    await fc.assert(
      fc.asyncProperty(name, async (text) => {
        const before = fake.requests.length;
        const error = await client.cloud.rolesets
          .write(text, { project: 'p', bindings: { 'projects/p': ['roles/viewer'] } })
          .then(
            () => undefined,
            (caught: unknown) => caught,
          );
        expect(RequestValidationError.isInstance(error)).toBe(true);
        expect(fake.requests.length).toBe(before);
        const raw = await fetch(`${fake.url}/v1/gcp/roleset/${encodeURIComponent(text)}`, {
          method: 'POST',
          headers: { 'x-secrets-token': fake.rootToken },
          body: JSON.stringify({ project: 'p', bindings: '{"resource":{"p":{"roles":["r"]}}}' }),
        });
        expect(raw.status).toBe(400);
        expect(((await raw.json()) as { errors: string[] }).errors[0]).toMatch(/cannot be a name/);
      }),
      { numRuns: 25 },
    );
    expect(fake.cloud().rolesets.size).toBe(0);
  });

  it('refuses a bindings key that a record would drop, before sending', async () => {
    const client = clientOf(fake);
    const before = fake.requests.length;
    const bindings = JSON.parse('{"constructor":["roles/viewer"]}') as Record<string, string[]>;
    await expect(client.cloud.rolesets.write('reserved', { project: 'p', bindings })).rejects.toThrow(
      RequestValidationError,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('sends a bindings map that the service reads back unchanged', async () => {
    const client = clientOf(fake);
    // Keys a record cannot carry are refused before sending (tested below), so they are not generated here.
    const resource = fc
      .stringMatching(/^[a-z/.:-]{1,30}$/)
      .filter((key) => key !== 'constructor' && key !== 'prototype');
    const roles = fc.array(fc.stringMatching(/^roles\/[a-zA-Z.]{1,20}$/), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(resource, roles, { minKeys: 1, maxKeys: 4 }), async (bindings) => {
        await client.cloud.rolesets.write('mapped', { project: 'p', bindings });
        expect((await client.cloud.rolesets.read('mapped')).bindings).toEqual(bindings);
      }),
      { numRuns: 20 },
    );
  });
});
