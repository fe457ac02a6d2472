// Names of objects travel as one path segment. The service routes on the decoded path, so a name that
// holds "/" (even as %2F) would address another object: `roleset/x%2Frotate` is `roleset/x/rotate`,
// the rotation of `x`. Such names are refused before anything is sent, wherever the path form is the
// only form; the one lookup the spec offers a query form for chooses it by itself.
import { RequestValidationError } from '@infra-sdk/core';

/** Why `name` cannot be one path segment, or undefined when it can. */
export function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return `expected a string, got ${name === null ? 'null' : typeof name}`;
  if (name === '') return 'must not be empty';
  if (name === '.' || name === '..')
    return `${JSON.stringify(name)} cannot be a name: it would move to another path`;
  if (name.includes('/')) {
    return `${JSON.stringify(name)} holds "/", which the path form cannot carry: the service would read it as another path`;
  }
  if (name.includes('%')) {
    return `${JSON.stringify(name)} holds "%", which a service that decodes the path once more would read as another character`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(name)) return `${JSON.stringify(name)} holds a control character`;
  if (/\p{Cs}/u.test(name))
    return `${JSON.stringify(name)} holds an unpaired surrogate, so it is not valid Unicode text`;
  return undefined;
}

/** Encodes `name` as one path segment; a RequestValidationError when the path form cannot carry it. */
export function nameSegment(name: unknown, what = 'name'): string {
  const problem = nameProblem(name);
  if (problem !== undefined)
    throw new RequestValidationError('path parameter', [{ path: what, message: problem }]);
  return encodeURIComponent(name as string);
}

/** Tagged template that encodes every interpolated name as one checked segment: namePath`/roleset/${name}`. */
export function namePath(strings: TemplateStringsArray, ...names: readonly unknown[]): string {
  let result = strings[0] ?? '';
  for (const [index, name] of names.entries()) {
    result += nameSegment(name) + (strings[index + 1] ?? '');
  }
  return result;
}
