// Unix times in nanoseconds (CreateTime, ModifyTime, SubmitTime, a task event's Time, RescheduleTime)
// are above 2^53, so a plain JSON number loses their last digits. Responses are parsed into a UnixNanos
// that keeps every digit: the digits are taken from the text, lined up with a plain parse, and where
// that cannot be done safely, parsed again with the source text of each number (JSON.parse's reviver
// context: Node 22+, current browsers, Bun, Deno). Without source text the number is kept as parsed.
// Written by hand: no small library does exact JSON numbers for chosen keys with this fallback.
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
      if (!Number.isFinite(value)) throw new RangeError(`${value} is not a time in nanoseconds`);
      return new UnixNanos(BigInt(Math.trunc(value)));
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

/**
 * Schema of a Unix-nanosecond field: a UnixNanos, or a whole number, a bigint or a structured clone of a
 * UnixNanos (an object with a bigint `nanoseconds`, which `structuredClone` of a read job leaves), each
 * turned into one.
 */
export const UnixNanosSchema = v.union([
  v.instance(UnixNanos),
  v.pipe(
    v.number(),
    v.integer(),
    v.transform((value: number) => UnixNanos.from(value)),
  ),
  v.pipe(
    v.bigint(),
    v.transform((value: bigint) => new UnixNanos(value)),
  ),
  v.pipe(
    v.strictObject({ nanoseconds: v.bigint() }),
    v.transform((value: { nanoseconds: bigint }) => new UnixNanos(value.nanoseconds)),
  ),
]);

/** The response fields that hold Unix nanoseconds. */
const TIME_FIELDS = new Set(['CreateTime', 'ModifyTime', 'SubmitTime', 'Time', 'RescheduleTime']);
const WHOLE = /^-?\d+$/;
// Keys JSON.parse puts first, out of text order.
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const QUOTE = 0x22;
const COLON = 0x3a;
const MINUS = 0x2d;
const DOT = 0x2e;
const NONE: readonly string[] = [];

function revive(key: string, value: unknown, context?: { readonly source?: string }): unknown {
  if (typeof value !== 'number' || !TIME_FIELDS.has(key)) return value;
  const source = context?.source;
  return source !== undefined && WHOLE.test(source) ? new UnixNanos(BigInt(source)) : UnixNanos.from(value);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Whether the `Time"` at `at` closes the key of a time field: `"Time"`, `"CreateTime"`, ... */
function closesTimeKey(text: string, at: number): boolean {
  if (text.charCodeAt(at - 1) === QUOTE) return true;
  if (text.charCodeAt(at - 7) === QUOTE) {
    return (
      text.startsWith('Create', at - 6) ||
      text.startsWith('Modify', at - 6) ||
      text.startsWith('Submit', at - 6)
    );
  }
  return text.charCodeAt(at - 11) === QUOTE && text.startsWith('Reschedule', at - 10);
}

/**
 * The digits of each time field holding a whole number, in text order; undefined when a time field holds
 * a number written otherwise (a fraction, an exponent), which the reviver then decides. The text is
 * valid JSON (it parsed), so a time key's text followed by a colon is a key, never part of a string.
 * `indexOf` of a fixed string is far cheaper than a regular expression over every line.
 */
function timeDigits(text: string): readonly string[] | undefined {
  let digits: string[] | undefined;
  for (let at = text.indexOf('Time"'); at !== -1; at = text.indexOf('Time"', at + 5)) {
    if (!closesTimeKey(text, at)) continue;
    let i = at + 5;
    while (isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== COLON) continue;
    i++;
    while (isSpace(text.charCodeAt(i))) i++;
    const start = i;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = i;
    while (isDigit(text.charCodeAt(i))) i++;
    // Not a number: a string, null, an object.
    if (i === first) continue;
    const after = text.charCodeAt(i);
    if (after === DOT || after === 0x65 || after === 0x45) return undefined;
    digits ??= [];
    digits.push(text.slice(start, i));
  }
  return digits ?? NONE;
}

/** Thrown inside the fast path when the text and the parsed value cannot be lined up. */
const MISALIGNED = Symbol('misaligned');

/**
 * Puts the exact digits found in the text into the time fields of `value`, walking it in text order.
 * Object keys come back in text order unless they look like array indices, so such objects, a count
 * that differs or a digit string that is not the parsed number make the caller use the reviver instead.
 */
function placeDigits(value: unknown, digits: readonly string[], next: { at: number }): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) placeDigits(item, digits, next);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const code = key.charCodeAt(0);
    if (code >= 48 && code <= 57 && ARRAY_INDEX.test(key)) throw MISALIGNED;
    const item = record[key];
    if (typeof item === 'number' && TIME_FIELDS.has(key)) {
      const text = digits[next.at];
      next.at += 1;
      if (text === undefined || Number(text) !== item) throw MISALIGNED;
      record[key] = new UnixNanos(BigInt(text));
    } else if (typeof item === 'object' && item !== null) {
      placeDigits(item, digits, next);
    }
  }
}

/** `JSON.parse`, with the Unix-nanosecond fields decoded exactly into UnixNanos. */
export function parseExactJson(text: string): unknown {
  // Fast path: a plain parse, then the digits of the time fields put in place (a reviver costs several
  // times the parse). Text without a time field holding a number (most event lines) needs nothing more.
  // The reviver, with each number's source text, is the exact fallback.
  const value: unknown = JSON.parse(text);
  const digits = timeDigits(text);
  if (digits?.length === 0) return value;
  if (digits !== undefined) {
    try {
      const next = { at: 0 };
      placeDigits(value, digits, next);
      if (next.at === digits.length) return value;
    } catch (error) {
      if (error !== MISALIGNED) throw error;
    }
  }
  return JSON.parse(text, revive);
}
