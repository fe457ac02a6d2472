import { matchPattern, parsePattern, type RoutePattern } from './route-pattern.js';
import type { Handler, RouteOptions } from './types.js';

interface Route {
  readonly methods: ReadonlySet<string> | 'any';
  readonly pattern: RoutePattern;
  readonly handler: Handler;
  readonly options: RouteOptions;
}

/** The route that answers a request, with its decoded parameters. */
export interface RouteMatch {
  readonly handler: Handler;
  readonly pattern: string;
  readonly params: Readonly<Record<string, string>>;
  readonly options: RouteOptions;
}

/** Routes in registration order; the first that matches wins. */
export class RouteTable {
  readonly #routes: Route[] = [];

  /** Adds a route; `*` as a method matches any method. */
  add(
    method: string | readonly string[],
    pattern: string,
    handler: Handler,
    options: RouteOptions = {},
  ): void {
    const list = (typeof method === 'string' ? [method] : method).map((m) => m.toUpperCase());
    if (list.length === 0) throw new Error(`route ${pattern} needs at least one method`);
    const methods = list.includes('*') ? 'any' : new Set(list);
    this.#routes.push({ methods, pattern: parsePattern(pattern), handler, options });
  }

  /** Finds the first route for this method and raw path. */
  find(method: string, rawPath: string): RouteMatch | undefined {
    for (const route of this.#routes) {
      if (route.methods !== 'any' && !route.methods.has(method)) continue;
      const params = matchPattern(route.pattern, rawPath);
      if (params !== undefined) {
        return { handler: route.handler, pattern: route.pattern.source, params, options: route.options };
      }
    }
    return undefined;
  }
}
