// Engine-relative routes of the fake: patterns over decoded path segments, the operation each
// serves, and a summary for `?help=1`.
import type { FakeAnswer } from './answer.js';
import type { Fields } from './fields.js';

/** The service's operations; PUT and POST are the same write. */
export type Operation = 'read' | 'list' | 'write' | 'patch' | 'delete';

/** ACL capabilities; a write is `create` or `update` depending on whether the target exists. */
export type Capability = 'create' | 'read' | 'update' | 'patch' | 'delete' | 'list' | 'sudo';

/** What a handler gets besides its own state. */
export interface RouteRequest {
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly fields: Fields;
  /** Milliseconds since the epoch when the request arrived. */
  readonly now: number;
  /** The token the request came with, if any. */
  readonly token: string | undefined;
}

/**
 * Who may call a route: `policy` (the default) what the token's policy allows; `token` any live token
 * (a token looking itself up or renewing itself); `none` anyone, the handler checking what it needs.
 */
export type RouteAccess = 'policy' | 'token' | 'none';

/** One route of an engine or of `sys/`. */
export interface FakeRoute<S> {
  readonly operations: readonly Operation[];
  /** Segments separated by "/": literals, `:name` for one segment, `*name` for the rest (one or more). */
  readonly pattern: string;
  readonly summary: string;
  /** Who may call it; default `policy`. */
  readonly access?: RouteAccess;
  /** For writes: whether the target exists (an `update`) or not (a `create`). */
  readonly exists?: (state: S, request: RouteRequest) => boolean;
  readonly handle: (
    state: S,
    request: RouteRequest,
  ) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;
}

/** Matches decoded segments against a pattern; the parameters, or undefined. */
export function matchRoute(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern === '' ? [] : pattern.split('/');
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part.startsWith('*')) {
      const rest = segments.slice(index);
      if (rest.length === 0 || rest.some((segment) => segment === '')) return undefined;
      params[part.slice(1)] = rest.join('/');
      return params;
    }
    const segment = segments[index];
    if (segment === undefined || segment === '') return undefined;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

/** The operation a request asks for. */
export function operationOf(method: string, query: URLSearchParams): Operation | undefined {
  switch (method) {
    case 'LIST':
      return 'list';
    case 'GET':
      return query.get('list') === 'true' ? 'list' : 'read';
    case 'POST':
    case 'PUT':
      return 'write';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return undefined;
  }
}
