type Segment =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'rest'; readonly name: string };

/** A parsed route pattern such as `/v1/job/:id` or `/v1/files/*path`. */
export interface RoutePattern {
  readonly source: string;
  readonly segments: readonly Segment[];
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses a route pattern, throwing on a malformed one so the mistake shows where the route is added. */
export function parsePattern(source: string): RoutePattern {
  if (!source.startsWith('/')) throw new Error(`route pattern must start with "/": ${source}`);
  const parts = source.split('/').slice(1);
  const names = new Set<string>();
  const segments = parts.map((part, position): Segment => {
    const sigil = part[0];
    if (sigil !== ':' && sigil !== '*') return { kind: 'literal', text: part };
    const name = part.slice(1);
    if (!PARAM_NAME.test(name)) throw new Error(`bad parameter name "${part}" in route pattern ${source}`);
    if (names.has(name)) throw new Error(`parameter "${name}" appears twice in route pattern ${source}`);
    names.add(name);
    if (sigil === ':') return { kind: 'param', name };
    if (position !== parts.length - 1) {
      throw new Error(`"${part}" must be the last segment of route pattern ${source}`);
    }
    return { kind: 'rest', name };
  });
  return { source, segments };
}

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Matches a raw path and returns its decoded parameters, or undefined when it does not match. */
export function matchPattern(pattern: RoutePattern, rawPath: string): Record<string, string> | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  // Split before decoding so that an encoded "/" (%2F) stays inside its parameter.
  const parts = rawPath.split('/').slice(1);
  const params: [string, string][] = [];
  for (const [position, segment] of pattern.segments.entries()) {
    if (segment.kind === 'rest') {
      const rest = parts.slice(position).join('/');
      const value = rest === '' ? undefined : decode(rest);
      if (value === undefined) return undefined;
      params.push([segment.name, value]);
      return Object.fromEntries(params);
    }
    const part = parts[position];
    if (part === undefined) return undefined;
    if (segment.kind === 'literal') {
      if (part !== segment.text) return undefined;
      continue;
    }
    const value = part === '' ? undefined : decode(part);
    if (value === undefined) return undefined;
    params.push([segment.name, value]);
  }
  // fromEntries rather than assignment, so a parameter called __proto__ stays a plain key.
  return parts.length === pattern.segments.length ? Object.fromEntries(params) : undefined;
}
