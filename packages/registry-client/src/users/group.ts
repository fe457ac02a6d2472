// The `users` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { readUser } from './read-user.js';

/** The operations of `client.users`: users and organizations. */
export const userOperations = {
  /**
   * `GET /api/v1/user/:username`: reads a user or organization, with its profile and the boxes the
   * caller may see. See {@link readUser}.
   *
   * @example
   * ```ts
   * const me = await registry.users.read('me');
   * console.log(me.username, me.boxes.map((box) => box.tag)); // me []
   * ```
   * @throws {NotFoundError} when no user or organization has that name.
   * @throws {RequestValidationError} before sending, when `username` is empty.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readUser,
} as const;

/** `client.users`: each user operation bound to the client's core. */
export interface UsersGroup extends BoundGroup<RegistryCore, typeof userOperations> {}

/** Builds `client.users`. */
export function usersGroup(core: RegistryCore): UsersGroup {
  return bindOperations(core, userOperations);
}
