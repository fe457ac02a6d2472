import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMount, encodePathSegment, path } from '../src/path.js';
import { rejection } from './support.js';

/** The path segments of `p` as the URL parser resolves it, still encoded. */
function segmentsOf(p: string): string[] {
  return new URL(p, 'http://127.0.0.1').pathname.split('/').slice(1);
}

// Characters that matter to URLs, mixed with any Unicode code point.
const segmentText = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom(
        '/',
        '?',
        '#',
        '%',
        '.',
        '..',
        '%2e',
        '%2E',
        '\\',
        ';',
        '&',
        '=',
        '+',
        ' ',
        ':',
        '@',
        '~',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    minLength: 1,
  })
  .filter((s) => s !== '.' && s !== '..');

describe('encodePathSegment', () => {
  it.each([
    ['job-1', 'job-1'],
    ['a/b', 'a%2Fb'],
    ['a?b#c', 'a%3Fb%23c'],
    ['100%', '100%25'],
    ['%2e%2e', '%252e%252e'],
    ['...', '...'],
    ['.hidden', '.hidden'],
    ['a b', 'a%20b'],
    ['a\\b', 'a%5Cb'],
    ['日本', '%E6%97%A5%E6%9C%AC'],
    [42, '42'],
    [-1.5, '-1.5'],
  ])('encodes %j as %j', (value, encoded) => {
    expect(encodePathSegment(value)).toBe(encoded);
  });

  it('keeps every escape attempt inside its segment', () => {
    const p = `/v1/job/${encodePathSegment('../../sys/raw?x=1#y')}/versions`;
    expect(segmentsOf(p)).toEqual(['v1', 'job', '..%2F..%2Fsys%2Fraw%3Fx%3D1%23y', 'versions']);
  });

  it.each([
    ['', 'must not be empty'],
    ['.', '"." cannot be used: it would move to another path'],
    ['..', '".." cannot be used: it would move to another path'],
    ['a\uD800b', 'contains an unpaired surrogate, so it is not valid Unicode text'],
  ])('refuses %j, naming the parameter', (value, reason) => {
    expect(rejection(() => encodePathSegment(value, 'jobId'))).toBe(
      `Invalid path parameter (nothing was sent): jobId: ${reason}`,
    );
  });

  it('refuses non-finite numbers and values that are neither strings nor numbers', () => {
    expect(rejection(() => encodePathSegment(Number.NaN, 'index'))).toBe(
      'Invalid path parameter (nothing was sent): index: NaN is not a finite number',
    );
    expect(rejection(() => encodePathSegment(Number.POSITIVE_INFINITY))).toBe(
      'Invalid path parameter (nothing was sent): Infinity is not a finite number',
    );
    expect(rejection(() => encodePathSegment(undefined as unknown as string, 'id'))).toBe(
      'Invalid path parameter (nothing was sent): id: expected a string or a number, got undefined',
    );
    expect(rejection(() => encodePathSegment(null as unknown as string, 'id'))).toMatch(/got null$/);
  });
});

describe('path template', () => {
  it('encodes every value as one segment and keeps the literal parts', () => {
    const id = 'web/app';
    expect(path`/v1/job/${id}/versions`).toBe('/v1/job/web%2Fapp/versions');
    expect(path`/v1/box/${'me'}/${'my box'}/version/${1}`).toBe('/v1/box/me/my%20box/version/1');
    expect(path`/v1/jobs`).toBe('/v1/jobs');
  });

  it('names the offending value by its place in the template', () => {
    expect(rejection(() => path`/v1/job/${'..'}/versions`)).toBe(
      'Invalid path parameter (nothing was sent): /v1/job/{…}/versions: ".." cannot be used: it would move to another path',
    );
    expect(rejection(() => path`/v1/box/${'me'}/${''}`)).toBe(
      'Invalid path parameter (nothing was sent): value 2 of /v1/box/{…}/{…}: must not be empty',
    );
  });
});

describe('encodeMount', () => {
  it.each([
    ['gcp', 'gcp'],
    ['/gcp/', 'gcp'],
    ['team-a/db', 'team-a/db'],
    ['/team-a/db', 'team-a/db'],
    ['a.b_c~d:e@f+g-h/X9', 'a.b_c~d:e@f+g-h/X9'],
    ['...', '...'],
  ])('accepts %j as %j', (mount, encoded) => {
    expect(encodeMount(mount)).toBe(encoded);
  });

  it.each([
    ['', 'it has an empty segment'],
    ['/', 'it has an empty segment'],
    ['//gcp', 'it has an empty segment'],
    ['gcp//', 'it has an empty segment'],
    ['team//db', 'it has an empty segment'],
    ['team/../sys', 'segment ".." is not allowed'],
    ['./gcp', 'segment "." is not allowed'],
    ['team a', 'segment "team a" is not allowed'],
    ['gcp?x=1', 'segment "gcp?x=1" is not allowed'],
    ['gcp#x', 'segment "gcp#x" is not allowed'],
    ['g%2e', 'segment "g%2e" is not allowed'],
    ['dé', 'segment "dé" is not allowed'],
    ['a\\b', 'segment "a\\\\b" is not allowed'],
  ])('refuses %j', (mount, reason) => {
    expect(rejection(() => encodeMount(mount))).toBe(
      `Invalid path parameter (nothing was sent): mount: ${JSON.stringify(mount)} is not a valid mount path: ${reason}; ` +
        'each "/"-separated segment must be non-empty, not "." or "..", and use only letters, digits and . _ ~ : @ + -',
    );
  });

  it('names the parameter it checks and refuses non-strings', () => {
    expect(rejection(() => encodeMount('..', 'databaseMount'))).toMatch(
      /: databaseMount: "\.\." is not a valid mount/,
    );
    expect(rejection(() => encodeMount(undefined as unknown as string))).toBe(
      'Invalid path parameter (nothing was sent): mount: expected a string, got undefined',
    );
  });

  it('property: an accepted mount stays in its segments after URL resolution', () => {
    const segment = fc
      .string({ unit: fc.constantFrom(...'abcXYZ019._~:@+-'), minLength: 1, maxLength: 8 })
      .filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const mount = encodeMount(segments.join('/'));
        expect(segmentsOf(`/v1/${mount}/config`)).toEqual(['v1', ...segments, 'config']);
      }),
    );
  });
});

describe('path properties', () => {
  it('encoded segments survive URL resolution one to one and decode to the originals', () => {
    fc.assert(
      fc.property(fc.array(segmentText, { minLength: 1, maxLength: 6 }), (segments) => {
        const p = `/v1/${segments.map((s) => encodePathSegment(s)).join('/')}`;
        const resolved = segmentsOf(p);
        expect(resolved).toHaveLength(segments.length + 1);
        expect(resolved.slice(1).map(decodeURIComponent)).toEqual(segments);
      }),
      { numRuns: 1000 },
    );
  });

  it('the template tag keeps each value in its own segment', () => {
    fc.assert(
      fc.property(segmentText, segmentText, (job, version) => {
        const resolved = segmentsOf(path`/v1/job/${job}/versions/${version}`);
        expect(resolved).toHaveLength(5);
        expect(resolved.map(decodeURIComponent)).toEqual(['v1', 'job', job, 'versions', version]);
      }),
      { numRuns: 1000 },
    );
  });
});
