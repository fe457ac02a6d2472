// Durations as the services write them (Go's duration syntax) and as numbers in the caller's unit.

import { RequestValidationError } from './errors.js';

/** A duration as the services take it: a number in the caller's unit, or a unit string such as "90s", "5m", "1h30m". */
export type DurationInput = number | string;

const NANOS_PER_UNIT: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 micro sign
  μs: 1_000n, // U+03BC Greek mu; Go accepts both
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
// One term: digits with an optional fraction, then a unit; longer units first so "ms" is not read as "m".
const TERM = /(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/y;
// The services parse durations into Go's int64 nanoseconds; nothing longer can be sent.
const LONGEST_GO_NANOS = 2n ** 63n - 1n;
const MAX_SAFE_NANOS = BigInt(Number.MAX_SAFE_INTEGER);
// Whole seconds whose nanoseconds still fit Go's int64.
const LONGEST_SECONDS = Number(LONGEST_GO_NANOS / 1_000_000_000n);

/**
 * Parses Go duration text ("90s", "1h30m", "1.5h", "0") into whole nanoseconds, up to Number.MAX_SAFE_INTEGER.
 *
 * @example
 * ```ts
 * import { formatDuration, parseDuration } from '@infra-sdk/core';
 *
 * const nanos = parseDuration('1h30m');
 * console.log(nanos, formatDuration(nanos)); // 5400000000000 1h30m
 * ```
 * @throws {RequestValidationError} for text that is no duration: a negative value, an unknown unit, a
 *   number without unit (other than 0), or one too large.
 */
export function parseDuration(text: string): number {
  const nanos = parseNanos(text, MAX_SAFE_NANOS);
  return Number(nanos);
}

/** Writes whole nanoseconds as the shortest exact text in the canonical form: "1h30m", "1m30.5s", "250ms", "0s". */
export function formatDuration(nanoseconds: number): string {
  if (!Number.isSafeInteger(nanoseconds) || nanoseconds < 0) {
    throw invalid(
      `${nanoseconds} is not a whole number of nanoseconds between 0 and ${Number.MAX_SAFE_INTEGER}`,
    );
  }
  // `%` is exact on integers, so the parts stay exact even where division would round.
  const belowHour = nanoseconds % 3_600e9;
  const belowMinute = belowHour % 60e9;
  const hours = (nanoseconds - belowHour) / 3_600e9;
  const minutes = (belowHour - belowMinute) / 60e9;
  let text = (hours ? `${hours}h` : '') + (minutes ? `${minutes}m` : '');
  if (belowMinute || !text) text += formatBelowMinute(belowMinute);
  return text;
}

/** A duration in seconds: a number is taken as seconds (finite, 0 or more), a string is parsed. */
export function toSeconds(input: DurationInput): number {
  if (typeof input === 'number') return checkAmount(input, 'seconds');
  return ratio(parseNanos(input, LONGEST_GO_NANOS), 1_000_000_000n);
}

/** A duration in whole nanoseconds: a number is taken as nanoseconds (a safe integer, 0 or more), a string is parsed. */
export function toNanoseconds(input: DurationInput): number {
  if (typeof input !== 'number') return parseDuration(input);
  if (!Number.isSafeInteger(input) || input < 0) {
    throw invalid(`${input} is not a whole number of nanoseconds between 0 and ${Number.MAX_SAFE_INTEGER}`);
  }
  return input;
}

/**
 * A duration in milliseconds: a number is taken as milliseconds (finite, 0 or more), a string is parsed.
 *
 * @example
 * ```ts
 * import { toMilliseconds } from '@infra-sdk/core';
 *
 * console.log(toMilliseconds('1m30s'), toMilliseconds(250)); // 90000 250
 * ```
 * @throws {RequestValidationError} for a negative or non-finite number, or text that is no duration.
 */
export function toMilliseconds(input: DurationInput): number {
  if (typeof input === 'number') return checkAmount(input, 'milliseconds');
  return ratio(parseNanos(input, LONGEST_GO_NANOS), 1_000_000n);
}

/** Writes seconds as duration text the services accept: 90 → "90s", 1.5 → "1.5s", 0.25 → "250ms" (nanosecond precision). */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > LONGEST_SECONDS) {
    throw invalid(`${seconds} is not a number of seconds between 0 and ${LONGEST_SECONDS}`);
  }
  let whole = Math.trunc(seconds);
  // Subtracting the integer part of a double is exact; only the rounding to nanoseconds loses anything.
  let nanos = Math.round((seconds - whole) * 1e9);
  if (nanos === 1e9) {
    whole += 1;
    nanos = 0;
  }
  if (whole === 0) return formatBelowMinute(nanos);
  return nanos ? `${whole}.${fraction(nanos, 9)}s` : `${whole}s`;
}

function parseNanos(text: string, limit: bigint): bigint {
  if (typeof text !== 'string') throw invalid(`${String(text)} is not a duration such as 90s, 5m or 1h30m`);
  if (text === '0') return 0n;
  if (text.startsWith('-')) throw invalid(`${JSON.stringify(text)} is negative; durations are 0 or more`);
  let total = 0n;
  let position = 0;
  while (position < text.length || position === 0) {
    TERM.lastIndex = position;
    const match = TERM.exec(text);
    const [, whole = '', decimals = '', unit = ''] = match ?? [];
    const perUnit = NANOS_PER_UNIT[unit];
    if (!match || perUnit === undefined || (whole === '' && decimals === '')) {
      throw invalid(
        `${JSON.stringify(text)} is not a duration such as 90s, 5m or 1h30m (units: ns, us, ms, s, m, h)`,
      );
    }
    // Go truncates a fraction below one nanosecond in each term ("1.5ns" is 1ns); so does this.
    const scale = 10n ** BigInt(decimals.length);
    total += BigInt(whole || '0') * perUnit + (BigInt(decimals || '0') * perUnit) / scale;
    position = TERM.lastIndex;
  }
  if (total > limit) {
    const longest = limit === MAX_SAFE_NANOS ? '2501h59m59.254740991s' : '2562047h47m16.854775807s';
    throw invalid(`${JSON.stringify(text)} is longer than the longest duration accepted here (${longest})`);
  }
  return total;
}

/** Below one minute: one decimal term in the largest unit that fits, as Go prints it. */
function formatBelowMinute(nanos: number): string {
  if (nanos === 0) return '0s';
  const [unit, size, digits] =
    nanos >= 1e9
      ? ['s', 1e9, 9]
      : nanos >= 1e6
        ? ['ms', 1e6, 6]
        : nanos >= 1e3
          ? ['us', 1e3, 3]
          : ['ns', 1, 0];
  const rest = nanos % size;
  const whole = (nanos - rest) / size;
  return rest ? `${whole}.${fraction(rest, digits)}${unit}` : `${whole}${unit}`;
}

/** Decimal digits of `value / 10^digits`, without trailing zeros. */
function fraction(value: number, digits: number): string {
  return String(value).padStart(digits, '0').replace(/0+$/, '');
}

/** `nanos / per` as a number: the whole part is exact, the remainder adds the fraction. */
function ratio(nanos: bigint, per: bigint): number {
  return Number(nanos / per) + Number(nanos % per) / Number(per);
}

function checkAmount(value: number, unit: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw invalid(`${value} is not a finite number of ${unit}, 0 or more`);
  return value;
}

function invalid(message: string): RequestValidationError {
  return new RequestValidationError('duration', [{ path: '', message }]);
}
