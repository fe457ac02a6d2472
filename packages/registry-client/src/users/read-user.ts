import { type ApiPromise, path, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type User, UserSchema } from './schemas.js';

/** GET /api/v1/user/:username — reads a user or organization with the boxes the caller may see. */
export function readUser(core: RegistryCore, username: string, options?: RequestOptions): ApiPromise<User> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: path`/user/${username}`, schema: UserSchema }),
    options,
  );
}
