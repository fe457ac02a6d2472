// Path building that no parameter value can steer to another endpoint.

import { RequestValidationError } from './errors.js';

// Characters a mount segment may use: unreserved ones plus ":" "@" "+", all legal in a path unencoded.
const MOUNT_SEGMENT = /^[A-Za-z0-9._~:@+-]+$/;

/**
 * Encodes one path parameter as a single segment that no value can escape.
 *
 * @example
 * ```ts
 * import { encodePathSegment } from '@infra-sdk/core';
 *
 * console.log(`/job/${encodePathSegment('web/api?x', 'job_id')}`); // /job/web%2Fapi%3Fx
 * ```
 * @throws {RequestValidationError} when the value is empty, `.` or `..`, not a finite number, or not
 *   valid Unicode text; `name` names it in `issues`.
 */
export function encodePathSegment(value: string | number, name?: string): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(name, `${value} is not a finite number`);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw invalid(name, `expected a string or a number, got ${value === null ? 'null' : typeof value}`);
  }
  if (text === '') throw invalid(name, 'must not be empty');
  // The URL parser resolves "." and ".." (also as "%2e") as dot segments, so no encoding keeps them in place.
  if (text === '.' || text === '..') {
    throw invalid(name, `${JSON.stringify(text)} cannot be used: it would move to another path`);
  }
  try {
    return encodeURIComponent(text);
  } catch {
    // Only a lone UTF-16 surrogate makes encodeURIComponent throw.
    throw invalid(name, 'contains an unpaired surrogate, so it is not valid Unicode text');
  }
}

/**
 * Tagged template that encodes every interpolated value as one segment: path`/job/${id}/versions`.
 *
 * @example
 * ```ts
 * import { path } from '@infra-sdk/core';
 *
 * const id = 'web/../admin';
 * console.log(path`/job/${id}/versions`); // /job/web%2F..%2Fadmin/versions
 * ```
 * @throws {RequestValidationError} when a value is empty, `.` or `..`, or not a finite number.
 */
export function path(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): string {
  let result = strings[0] ?? '';
  values.forEach((value, index) => {
    const name = values.length === 1 ? strings.join('{…}') : `value ${index + 1} of ${strings.join('{…}')}`;
    result += encodePathSegment(value, name) + (strings[index + 1] ?? '');
  });
  return result;
}

/** Checks a mount path ("gcp", "team-a/db") segment by segment and returns it encoded, without leading or trailing slash. */
export function encodeMount(mount: string, name = 'mount'): string {
  if (typeof mount !== 'string')
    throw invalid(name, `expected a string, got ${mount === null ? 'null' : typeof mount}`);
  let trimmed = mount.startsWith('/') ? mount.slice(1) : mount;
  if (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || !MOUNT_SEGMENT.test(segment)) {
      throw invalid(
        name,
        `${JSON.stringify(mount)} is not a valid mount path: ` +
          (segment === '' ? 'it has an empty segment' : `segment ${JSON.stringify(segment)} is not allowed`) +
          '; each "/"-separated segment must be non-empty, not "." or "..", and use only letters, digits and . _ ~ : @ + -',
      );
    }
  }
  // Every allowed character is legal in a path as it is, so the checked text is already its own encoding.
  return segments.join('/');
}

function invalid(name: string | undefined, message: string): RequestValidationError {
  return new RequestValidationError('path parameter', [{ path: name ?? '', message }]);
}
