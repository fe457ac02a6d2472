// The `users` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { readUser } from './read-user.js';

/** The operations of `client.users`: users and organizations. */
export const userOperations = {
  read: readUser,
} as const;

/** `client.users`: each user operation bound to the client's core. */
export interface UsersGroup extends BoundGroup<RegistryCore, typeof userOperations> {}

/** Builds `client.users`. */
export function usersGroup(core: RegistryCore): UsersGroup {
  return bindOperations(core, userOperations);
}
