// The schema of the Unix-nanosecond fields, apart from the UnixNanos class so that the class's
// declarations need no valibot.
import * as v from 'valibot';
import { UnixNanos } from './unix-nanos.js';

const NOT_A_TIME = (issue: v.BaseIssue<unknown>): string =>
  `must be a whole number of Unix nanoseconds, not ${issue.received}`;

/**
 * Schema of a Unix-nanosecond field: a UnixNanos, or a bigint, a whole number within 2^53 or a structured
 * clone of a UnixNanos (an object with a bigint `nanoseconds`, which `structuredClone` of a read job
 * leaves), each turned into one. A larger number is refused: it has lost its last digits.
 */
export const UnixNanosSchema = v.union(
  [
    v.instance(UnixNanos),
    v.pipe(
      v.number(),
      v.integer(NOT_A_TIME),
      v.safeInteger(
        'is beyond 2^53, where a JSON number has lost its last digits; give a bigint or a UnixNanos',
      ),
      v.transform((value: number) => new UnixNanos(BigInt(value))),
    ),
    v.pipe(
      v.bigint(),
      v.transform((value: bigint) => new UnixNanos(value)),
    ),
    v.pipe(
      v.strictObject({ nanoseconds: v.bigint() }),
      v.transform((value: { nanoseconds: bigint }) => new UnixNanos(value.nanoseconds)),
    ),
  ],
  NOT_A_TIME,
);
