// Property tests of the encoders behind the public schemas: durations, dispatch payloads, exec bytes.
import { formatDuration } from '@infra-sdk/core';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_DISPATCH_PAYLOAD_BYTES } from '../src/index.js';
import { DispatchJobRequestSchema, Nanoseconds } from '../src/schemas.js';
import { clientOf, fakeScheduler, serviceJob } from './support.js';

describe('properties', () => {
  it('reads any duration as the same nanoseconds, given as a number or as its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (nanos) => {
        expect(v.parse(Nanoseconds, nanos)).toBe(nanos);
        expect(v.parse(Nanoseconds, formatDuration(nanos))).toBe(nanos);
      }),
    );
  });

  it('encodes any payload of up to 16384 bytes as standard base64, and refuses larger ones', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: MAX_DISPATCH_PAYLOAD_BYTES }), (bytes) => {
        const encoded = v.parse(DispatchJobRequestSchema, { Payload: bytes }).Payload;
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(v.parse(DispatchJobRequestSchema, { Payload: encoded }).Payload).toBe(encoded);
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (extra) => {
        const bytes = new Uint8Array(MAX_DISPATCH_PAYLOAD_BYTES + extra);
        expect(v.safeParse(DispatchJobRequestSchema, { Payload: bytes }).success).toBe(false);
        expect(
          v.safeParse(DispatchJobRequestSchema, { Payload: Buffer.from(bytes).toString('base64') }).success,
        ).toBe(false);
      }),
      { numRuns: 10 },
    );
  });

  it('carries any bytes through an exec session unchanged', async () => {
    const fake = await fakeScheduler();
    fake.registerJob(serviceJob('web', 1));
    const client = clientOf(fake);
    const allocId = fake.allocations()[0]?.ID ?? '';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { maxLength: 4 }),
        async (chunks) => {
          const session = await client.allocations.exec(allocId, { command: ['cat'], task: 'server' });
          for (const chunk of chunks) session.write(chunk);
          session.closeStdin();
          const output = new Uint8Array(await new Response(session.stdout).arrayBuffer());
          expect(Buffer.from(output)).toEqual(Buffer.concat(chunks));
          expect(await session.exitCode).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  });
});
