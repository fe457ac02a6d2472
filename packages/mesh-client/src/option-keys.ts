// Every options type's key set by the type's name, for code that builds on this client and for the tests
// that misspell every option of every function. Each operation imports only the set it checks.
import type { KeySets } from '@infra-sdk/core';
import { meshClientOptionKeys } from './core.js';
import { listNamespacesOptionKeys } from './namespaces/list-namespaces.js';
import { readNamespaceOptionKeys } from './namespaces/read-namespace.js';
import { waitUntilDeletedOptionKeys } from './namespaces/wait-until-namespace-deleted.js';
import { watchNamespacesOptionKeys } from './namespaces/watch-namespaces.js';
import { meshRequestOptionKeys } from './scope.js';

/**
 * The keys of each options type of this client, by the type's name: what a call checks its options
 * against at run time (an unknown key is a RequestValidationError naming the nearest one, before
 * anything is sent). Give one to core's `checkOptions` to check options of your own the same way.
 *
 * @example
 * ```ts
 * import { checkOptions } from '@infra-sdk/core';
 * import { meshOptionKeys } from '@infra-sdk/mesh-client';
 *
 * checkOptions({ consistency: 'stale' }, meshOptionKeys.ListNamespacesOptions, 'list options'); // passes
 * try {
 *   checkOptions({ consistancy: 'stale' }, meshOptionKeys.ListNamespacesOptions, 'list options');
 * } catch (error) {
 *   console.log((error as Error).message); // … consistancy: unknown option; did you mean `consistency`?
 * }
 * ```
 */
export const meshOptionKeys = {
  MeshClientOptions: meshClientOptionKeys,
  MeshRequestOptions: meshRequestOptionKeys,
  ReadNamespaceOptions: readNamespaceOptionKeys,
  ListNamespacesOptions: listNamespacesOptionKeys,
  WatchNamespaceOptions: watchNamespacesOptionKeys,
  WatchNamespacesOptions: watchNamespacesOptionKeys,
  WaitUntilDeletedOptions: waitUntilDeletedOptionKeys,
} as const satisfies Readonly<Record<string, KeySets>>;
