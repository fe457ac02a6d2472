import type { Namespace } from './schemas.js';

/** True once a namespace is marked for deletion (`DeletedAt` set): its data is being removed in the background. */
export function isMarkedForDeletion(namespace: Pick<Namespace, 'DeletedAt'>): boolean {
  return typeof namespace.DeletedAt === 'string' && namespace.DeletedAt !== '';
}
