import type { Namespace } from './types.generated.js';

/**
 * True once a namespace is marked for deletion (`DeletedAt` set): its data is being removed in the background.
 *
 * @example
 * ```ts
 * import { isMarkedForDeletion } from '@infra-sdk/mesh-client';
 *
 * const namespaces = await mesh.namespaces.list();
 * console.log(namespaces.filter((namespace) => !isMarkedForDeletion(namespace)).map((n) => n.Name));
 * ```
 */
export function isMarkedForDeletion(namespace: Pick<Namespace, 'DeletedAt'>): boolean {
  return typeof namespace.DeletedAt === 'string' && namespace.DeletedAt !== '';
}
