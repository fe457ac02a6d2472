// Header values are checked before anything is sent: a token with a line break must fail as a bad
// option (naming the option, never the value), not as a network failure that quotes it.
import { RequestValidationError, type ValidationIssue } from './errors.js';

// RFC 9110 token characters: what a header name may hold.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Control characters (tab aside) and anything beyond Latin-1 cannot travel in a header value.
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/;

/** Why `value` cannot be sent as a header value as given, or undefined when it can. */
export function headerValueProblem(value: string): string | undefined {
  if (UNSENDABLE.test(value)) return 'contains a line break or another character a header cannot carry';
  if (value.trim() !== value) return 'has leading or trailing whitespace';
  return undefined;
}

/** Why `token` cannot be used, or undefined when it can. */
export function tokenProblem(token: unknown): string | undefined {
  if (typeof token !== 'string') return 'must be a string';
  if (token === '') return 'is empty; leave the token out for anonymous use';
  return headerValueProblem(token);
}

/** Refuses a token that is empty or cannot travel in a header; the error names `option`, never the value. */
export function checkToken(token: unknown, option = 'token', what = 'client options'): void {
  const problem = tokenProblem(token);
  if (problem) throw new RequestValidationError(what, [{ path: option, message: problem }]);
}

/** Refuses header names and values that cannot be sent; the error names each header, never its value. */
export function checkHeaders(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  option: string,
  what: string,
): void {
  if (headers === undefined) return;
  const issues: ValidationIssue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      issues.push({ path: option, message: 'has a header name that is not a valid HTTP token' });
      continue;
    }
    if (value === undefined) continue;
    const problem = typeof value === 'string' ? headerValueProblem(value) : 'must be a string';
    if (problem) issues.push({ path: `${option}.${name}`, message: problem });
  }
  if (issues.length > 0) throw new RequestValidationError(what, issues);
}
