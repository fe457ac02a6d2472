// Headers are checked before anything is sent: a token with a line break must fail as a bad option
// (naming the option, never the value), not as a network failure that quotes it; and headers given in a
// shape that cannot be read must fail, not be dropped on the way.
import { RequestValidationError, type ValidationIssue } from './errors.js';

/**
 * Headers as every option that takes them accepts them: a plain object, a `Headers`, a `Map`, or a
 * list of `[name, value]` pairs. Where the option says so, an `undefined` value removes a header that
 * an earlier layer set.
 */
export type HeadersInput =
  | Readonly<Record<string, string | undefined>>
  | Headers
  | ReadonlyMap<string, string | undefined>
  | ReadonlyArray<readonly [string, string]>;

// RFC 9110 token characters: what a header name may hold.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Control characters (tab aside) and anything beyond Latin-1 cannot travel in a header value.
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/;

/** Why `value` cannot be sent as a header value as given, or undefined when it can. */
export function headerValueProblem(value: unknown): string | undefined {
  return typeof value !== 'string'
    ? 'must be a string'
    : UNSENDABLE.test(value)
      ? 'contains a line break or another character a header cannot carry'
      : value.trim() !== value
        ? 'has leading or trailing whitespace'
        : undefined;
}

/** Why `token` cannot be used, or undefined when it can. */
export function tokenProblem(token: unknown): string | undefined {
  return token === '' ? 'is empty; leave the token out for anonymous use' : headerValueProblem(token);
}

/** Refuses a token that is empty or cannot travel in a header; the error names `option`, never the value. */
export function checkToken(token: unknown, option = 'token', what = 'client options'): void {
  const problem = tokenProblem(token);
  if (problem) throw new RequestValidationError(what, [{ path: option, message: problem }]);
}

/**
 * Reads headers given in any supported shape into one object, names in lower case (a later pair wins
 * over an earlier one of the same name). Refuses, naming `option` and each header but never a value,
 * a shape it cannot read, a name that is not an HTTP token and a value that cannot be sent.
 */
export function readHeaders(
  input: unknown,
  option: string,
  what: string,
): Record<string, string | undefined> | undefined {
  if (input === undefined) return undefined;
  const issues: ValidationIssue[] = [];
  const headers: Record<string, string | undefined> = {};
  const list = Array.isArray(input);
  // Tags rather than `instanceof`: a Headers of another fetch implementation (undici's) counts too.
  const tag = Object.prototype.toString.call(input).slice(8, -1);
  const prototype = tag === 'Object' && Object.getPrototypeOf(input);
  const entries: unknown[] | undefined = list
    ? input
    : tag === 'Headers' || tag === 'Map'
      ? [...(input as Map<unknown, unknown>).entries()]
      : prototype === Object.prototype || prototype === null
        ? Object.entries(input as object)
        : undefined;
  if (!entries) {
    const shape = typeof input === 'object' ? tag : typeof input;
    issues.push({
      path: option,
      message: `must be a plain object, a Headers, a Map or a list of [name, value] pairs, not ${input === null ? 'null' : shape}`,
    });
  }
  entries?.forEach((entry, index) => {
    const at = list ? `${option}[${index}]` : option;
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') {
      issues.push({ path: at, message: 'must be a [name, value] pair' });
    } else if (!HEADER_NAME.test(entry[0])) {
      issues.push({ path: at, message: 'has a header name that is not a valid HTTP token' });
    } else {
      const [name, value] = entry;
      const problem = value === undefined ? undefined : headerValueProblem(value);
      if (problem) issues.push({ path: `${option}.${name}`, message: problem });
      headers[name.toLowerCase()] = value;
    }
  });
  if (issues.length > 0) throw new RequestValidationError(what, issues);
  return headers;
}

/**
 * Headers from several layers, each in any supported shape, as one object with names in lower case: a
 * later layer wins, and an `undefined` value stays (it removes a header the transport's defaults set).
 * For a client that adds a header of its own to the caller's: spreading a `Headers` or a `Map` would
 * drop every header in it.
 */
export function mergeHeaders(
  ...layers: ReadonlyArray<HeadersInput | undefined>
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = {};
  for (const layer of layers) Object.assign(merged, readHeaders(layer, 'headers', 'headers'));
  return merged;
}
