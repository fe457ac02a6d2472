// Unix times in nanoseconds (CreateTime, ModifyTime, SubmitTime, a task event's Time, RescheduleTime)
// are above 2^53, where a JS number no longer holds every digit. They are UnixNanos, a bigint inside;
// time-fields.ts reads them from the response text where a schema declares them.
import * as v from 'valibot';

const NANOS_PER_MILLI = 1_000_000n;
const inspect = Symbol.for('nodejs.util.inspect.custom');

type RawJson = (text: string) => unknown;
const rawJson = (JSON as { rawJSON?: RawJson }).rawJSON;

/** A Unix time in nanoseconds with every digit kept; converts to `Date`, and back to JSON as a number. */
export class UnixNanos {
  /** Nanoseconds since 1970-01-01T00:00:00Z. */
  readonly nanoseconds: bigint;

  /** Wraps a count of nanoseconds since the Unix epoch. */
  constructor(nanoseconds: bigint) {
    this.nanoseconds = nanoseconds;
  }

  /** A time from nanoseconds (bigint, whole number or digit text), a `Date`, or another UnixNanos. */
  static from(value: bigint | number | string | Date | UnixNanos): UnixNanos {
    if (value instanceof UnixNanos) return value;
    if (value instanceof Date) return new UnixNanos(BigInt(value.getTime()) * NANOS_PER_MILLI);
    if (typeof value === 'number') {
      // Beyond 2^53 a number has already lost digits, and a fraction is no nanosecond count.
      if (!Number.isSafeInteger(value)) {
        throw new RangeError(`${value} is not a whole number of nanoseconds within 2^53; give a bigint`);
      }
      return new UnixNanos(BigInt(value));
    }
    if (typeof value === 'string' && !/^-?\d+$/.test(value)) {
      throw new RangeError(`${JSON.stringify(value)} is not a whole number of nanoseconds`);
    }
    return new UnixNanos(BigInt(value));
  }

  /** The time as a `Date` (milliseconds; the nanoseconds below a millisecond are dropped). */
  toDate(): Date {
    const n = this.nanoseconds;
    // Floor, not truncation, so times before 1970 round to the earlier millisecond as Date does.
    const ms = n / NANOS_PER_MILLI - (n % NANOS_PER_MILLI < 0n ? 1n : 0n);
    return new Date(Number(ms));
  }

  /** The nanoseconds as a JS number; exact only up to 2^53 (about 104 days after 1970). */
  toNumber(): number {
    return Number(this.nanoseconds);
  }

  /** True when both name the same nanosecond. */
  equals(other: UnixNanos | bigint): boolean {
    return this.nanoseconds === (other instanceof UnixNanos ? other.nanoseconds : other);
  }

  /** The digits, e.g. `"1700000000123456789"`. */
  toString(): string {
    return this.nanoseconds.toString();
  }

  /** Serialises as the JSON number with every digit (`JSON.rawJSON`), or as the nearest number where that is missing. */
  toJSON(): unknown {
    return rawJson ? rawJson(this.nanoseconds.toString()) : Number(this.nanoseconds);
  }

  /** Shown as `UnixNanos(1700000000123456789 = 2023-11-14T22:13:20.123Z)` by `util.inspect`. */
  [inspect](): string {
    return `UnixNanos(${this.nanoseconds} = ${this.toDate().toISOString()})`;
  }
}

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
