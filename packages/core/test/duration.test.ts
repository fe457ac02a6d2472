import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatSeconds,
  parseDuration,
  toMilliseconds,
  toNanoseconds,
  toSeconds,
} from '../src/duration.js';
import { rejection } from './support.js';

const SECOND = 1e9;
const HOUR = 3600 * SECOND;

describe('parseDuration', () => {
  it.each([
    ['0', 0],
    ['0s', 0],
    ['1ns', 1],
    ['1us', 1e3],
    ['1µs', 1e3],
    ['1μs', 1e3],
    ['1ms', 1e6],
    ['1s', SECOND],
    ['1m', 60 * SECOND],
    ['1h', HOUR],
    ['90s', 90 * SECOND],
    ['1h30m', 1.5 * HOUR],
    ['1.5h', 1.5 * HOUR],
    ['2h45m30.5s', 2 * HOUR + 45 * 60 * SECOND + 30.5 * SECOND],
    ['.5s', 0.5 * SECOND],
    ['1.s', SECOND],
    ['1.000000001s', SECOND + 1],
    ['0.1s', 100_000_000],
    ['1m1m', 120 * SECOND],
    ['007s', 7 * SECOND],
    ['1.5ns', 1],
    ['2501h59m59.254740991s', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d ns', (text, nanoseconds) => {
    expect(parseDuration(text)).toBe(nanoseconds);
  });

  it.each([
    '',
    ' ',
    '5',
    's',
    '.s',
    '.',
    '5x',
    '5 s',
    ' 5s',
    '5s ',
    '1.2.3s',
    '5S',
    '1e3s',
    'NaN',
    'Infinity',
    '+5s',
    '5s-1s',
    '1d',
  ])('rejects %j as not a duration', (text) => {
    expect(rejection(() => parseDuration(text))).toBe(
      `Invalid duration (nothing was sent): ${JSON.stringify(text)} is not a duration such as 90s, 5m or 1h30m (units: ns, us, ms, s, m, h)`,
    );
  });

  it.each(['-5s', '-0s', '-1h30m'])('rejects the negative %j', (text) => {
    expect(rejection(() => parseDuration(text))).toBe(
      `Invalid duration (nothing was sent): "${text}" is negative; durations are 0 or more`,
    );
  });

  it.each(['2502h', '9007199254740992ns', '2501h59m59.254740992s', '1000000000000000000000h'])(
    'rejects %j as beyond Number.MAX_SAFE_INTEGER nanoseconds',
    (text) => {
      expect(rejection(() => parseDuration(text))).toBe(
        `Invalid duration (nothing was sent): "${text}" is longer than the longest duration accepted here (2501h59m59.254740991s)`,
      );
    },
  );

  it('rejects a value that is not a string', () => {
    expect(rejection(() => parseDuration(5 as unknown as string))).toMatch(/5 is not a duration/);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [1, '1ns'],
    [1500, '1.5us'],
    [250e6, '250ms'],
    [SECOND, '1s'],
    [1.5 * SECOND, '1.5s'],
    [90 * SECOND, '1m30s'],
    [60.5 * SECOND, '1m500ms'],
    [HOUR, '1h'],
    [5400 * SECOND, '1h30m'],
    [HOUR + 1, '1h1ns'],
    [HOUR + 30.25 * SECOND, '1h30.25s'],
    [SECOND + 1, '1.000000001s'],
    [Number.MAX_SAFE_INTEGER, '2501h59m59.254740991s'],
  ])('writes %d ns as %j', (nanoseconds, text) => {
    expect(formatDuration(nanoseconds)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %d', (value) => {
    expect(rejection(() => formatDuration(value))).toBe(
      `Invalid duration (nothing was sent): ${value} is not a whole number of nanoseconds between 0 and 9007199254740991`,
    );
  });
});

describe('toSeconds, toNanoseconds, toMilliseconds', () => {
  it('takes numbers in the unit of the function', () => {
    expect(toSeconds(90)).toBe(90);
    expect(toSeconds(0.25)).toBe(0.25);
    expect(toNanoseconds(1500)).toBe(1500);
    expect(toMilliseconds(1.5)).toBe(1.5);
  });

  it('parses strings into the unit of the function', () => {
    expect(toSeconds('1m30s')).toBe(90);
    expect(toSeconds('250ms')).toBe(0.25);
    expect(toSeconds('1.5us')).toBe(0.0000015);
    expect(toNanoseconds('1.5us')).toBe(1500);
    expect(toMilliseconds('1m')).toBe(60_000);
    expect(toMilliseconds('1.5us')).toBe(0.0015);
  });

  it('reads long TTLs in seconds and milliseconds beyond the nanosecond range of a number', () => {
    expect(toSeconds('8760h')).toBe(31_536_000);
    expect(toMilliseconds('87600h')).toBe(315_360_000_000);
    expect(toSeconds('2562047h47m16.854775807s')).toBe(9_223_372_036.854776);
    expect(rejection(() => toSeconds('2562048h'))).toBe(
      'Invalid duration (nothing was sent): "2562048h" is longer than the longest duration accepted here (2562047h47m16.854775807s)',
    );
    expect(rejection(() => toNanoseconds('8760h'))).toMatch(/longer than the longest duration/);
  });

  it.each([-1, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY])(
    'rejects the number %d',
    (value) => {
      expect(rejection(() => toSeconds(value))).toBe(
        `Invalid duration (nothing was sent): ${value} is not a finite number of seconds, 0 or more`,
      );
      expect(rejection(() => toMilliseconds(value))).toBe(
        `Invalid duration (nothing was sent): ${value} is not a finite number of milliseconds, 0 or more`,
      );
      expect(rejection(() => toNanoseconds(value))).toMatch(/is not a whole number of nanoseconds/);
    },
  );

  it('rejects fractional and unsafe nanoseconds', () => {
    expect(rejection(() => toNanoseconds(1.5))).toBe(
      'Invalid duration (nothing was sent): 1.5 is not a whole number of nanoseconds between 0 and 9007199254740991',
    );
    expect(rejection(() => toNanoseconds(2 ** 53))).toMatch(/not a whole number of nanoseconds/);
  });

  it('rejects invalid strings and values of other types', () => {
    expect(rejection(() => toSeconds('soon'))).toMatch(/"soon" is not a duration such as 90s/);
    expect(rejection(() => toMilliseconds('-1s'))).toMatch(/"-1s" is negative/);
    expect(rejection(() => toNanoseconds(''))).toMatch(/"" is not a duration/);
    expect(rejection(() => toSeconds(null as unknown as string))).toMatch(/null is not a duration/);
  });
});

describe('formatSeconds', () => {
  it.each([
    [0, '0s'],
    [90, '90s'],
    [3600, '3600s'],
    [0.25, '250ms'],
    [1.5, '1.5s'],
    [90.125, '90.125s'],
    [0.000001, '1us'],
    [1e-10, '0s'],
    [0.9999999999, '1s'],
    [59.9999999999, '60s'],
    [31_536_000, '31536000s'],
  ])('writes %d s as %j', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 9_223_372_037])('rejects %d', (value) => {
    expect(rejection(() => formatSeconds(value))).toBe(
      `Invalid duration (nothing was sent): ${value} is not a number of seconds between 0 and 9223372036`,
    );
  });
});

describe('duration properties', () => {
  it('parseDuration(formatDuration(n)) === n for every safe integer n >= 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeNat(), fc.nat(1e12), fc.nat(1e6)), (n) => {
        expect(parseDuration(formatDuration(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('formatDuration gives one canonical text for every way of writing a duration', () => {
    const term = fc
      .tuple(
        fc.nat(500),
        fc.option(fc.stringMatching(/^\d{0,6}$/), { nil: undefined }),
        fc.constantFrom('ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'),
      )
      .map(([whole, decimals, unit]) => `${whole}${decimals === undefined ? '' : `.${decimals}`}${unit}`);
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
        const text = terms.join('');
        const canonical = formatDuration(parseDuration(text));
        expect(parseDuration(canonical)).toBe(parseDuration(text));
        expect(formatDuration(parseDuration(canonical))).toBe(canonical);
      }),
      { numRuns: 1000 },
    );
  });

  it('toSeconds(formatSeconds(x)) === x for whole seconds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(9_223_372_036), fc.nat(100_000)), (seconds) => {
        expect(toSeconds(formatSeconds(seconds))).toBe(seconds);
      }),
      { numRuns: 1000 },
    );
  });

  it('formatSeconds keeps millisecond fractions exactly', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(999), (whole, millis) => {
        const seconds = whole + millis / 1000;
        expect(toMilliseconds(formatSeconds(seconds))).toBe(whole * 1000 + millis);
      }),
      { numRuns: 1000 },
    );
  });
});
