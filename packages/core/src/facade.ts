// A client's grouped façade is made of its standalone operations with the core applied, so the two
// forms cannot drift apart and a bundle that imports one standalone function carries only that one.

/** A standalone operation: the client's core first, then the call's own arguments. */
// biome-ignore lint/suspicious/noExplicitAny: `any` lets every operation's own parameter list be inferred.
export type StandaloneOperation<C> = (core: C, ...args: any[]) => unknown;

/** An operation with the core applied: the same parameters after the core, the same result. */
export type Bound<C, F> = F extends (core: C, ...args: infer A) => infer R ? (...args: A) => R : never;

/** A group of operations with the core applied, one method per operation. */
export type BoundGroup<C, G> = { readonly [K in keyof G]: Bound<C, G[K]> };

/** Applies `core` to one standalone operation. */
export function bindOperation<C, F extends StandaloneOperation<C>>(core: C, operation: F): Bound<C, F> {
  return ((...args: unknown[]) => operation(core, ...args)) as Bound<C, F>;
}

/**
 * Builds a group of the façade: every operation of `group` with `core` applied, under the same key.
 *
 * @example
 * ```ts
 * import { bindOperations } from '@infra-sdk/core';
 * import { createMeshCore, listNamespaces, readNamespace } from '@infra-sdk/mesh-client';
 *
 * const namespaces = bindOperations(createMeshCore({ baseUrl: 'http://127.0.0.1:8500' }), {
 *   read: readNamespace,
 *   list: listNamespaces,
 * });
 * console.log((await namespaces.read('default')).Name, (await namespaces.list()).length); // default 1
 * ```
 */
export function bindOperations<C, G extends { readonly [key: string]: StandaloneOperation<C> }>(
  core: C,
  group: G,
): BoundGroup<C, G> {
  const bound: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(group)) bound[name] = bindOperation(core, operation);
  return bound as BoundGroup<C, G>;
}
