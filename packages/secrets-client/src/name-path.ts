// Names of objects travel as one path segment. The service routes on the decoded path, so a name that
// holds "/" (even as %2F) would address another object: `roleset/x%2Frotate` is `roleset/x/rotate`,
// the rotation of `x`. Such names are refused before anything is sent, wherever the path form is the
// only form; the one lookup the spec offers a query form for chooses it by itself. Encoding, and the
// refusals every service shares (empty names, dot segments, unpaired surrogates), are core's.
import { encodePathSegment, RequestValidationError } from '@infra-sdk/core';

/** What this service cannot take in one segment beyond what core's encoder refuses, or undefined. */
function serviceProblem(name: unknown): string | undefined {
  // What is not text is core's to refuse (it takes a number as its digits).
  if (typeof name !== 'string') return undefined;
  // The service reads "/" (even as %2F) as another path, and "%" as another character if it decodes twice.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  const held = /[/%\u0000-\u001f\u007f]/.exec(name)?.[0];
  if (held === undefined) return undefined;
  return `${JSON.stringify(name)} holds ${JSON.stringify(held)}, which the path form cannot carry`;
}

/** Encodes `name` as one path segment with core's encoder; a RequestValidationError when the path form cannot carry it. */
export function nameSegment(name: unknown, what = 'name'): string {
  const problem = serviceProblem(name);
  if (problem !== undefined)
    throw new RequestValidationError('path parameter', [{ path: what, message: problem }]);
  return encodePathSegment(name as string, what);
}

/** Whether the path form can carry `name` as one segment. */
export function fitsPathSegment(name: string): boolean {
  try {
    nameSegment(name);
    return true;
  } catch {
    return false;
  }
}

/** Tagged template that encodes every interpolated name as one checked segment: namePath`/roleset/${name}`. */
export function namePath(strings: TemplateStringsArray, ...names: readonly unknown[]): string {
  let result = strings[0] ?? '';
  for (const [index, name] of names.entries()) {
    result += nameSegment(name) + (strings[index + 1] ?? '');
  }
  return result;
}
