import { type ApiPromise, path, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { UserSchema } from './schemas.js';
import type { User } from './types.generated.js';

/**
 * `GET /api/v1/user/:username`: reads a user or organization, with its profile and the boxes the caller
 * may see (private ones only for the owner and the organization's members).
 *
 * @example
 * ```ts
 * import { readUser } from '@infra-sdk/registry-client';
 *
 * const org = await readUser(core, 'myorg');
 * console.log(org.username, org.boxes.length); // myorg 0
 * ```
 * @throws {NotFoundError} when no user or organization has that name.
 * @throws {RequestValidationError} before sending, when `username` is empty.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 */
export function readUser(core: RegistryCore, username: string, options?: RequestOptions): ApiPromise<User> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: path`/user/${username}`, schema: UserSchema }),
    options,
  );
}
