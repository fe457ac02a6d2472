// Unix times in nanoseconds (CreateTime, ModifyTime, SubmitTime, a task event's Time, RescheduleTime)
// are above 2^53, where a JS number no longer holds every digit. They are UnixNanos, a bigint inside;
// time-fields.ts reads them from the response text where a schema declares them (unix-nanos-schema.ts).

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
