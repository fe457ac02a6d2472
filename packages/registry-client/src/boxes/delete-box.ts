import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { BoxSchema } from './schemas.js';
import type { Box } from './types.generated.js';

/**
 * `DELETE /api/v1/box/:username/:name`: deletes a box with its versions and providers; resolves to the
 * deleted box.
 *
 * @example
 * ```ts
 * import { createBox, deleteBox } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'old' });
 * const gone = await deleteBox(core, 'myorg/old');
 * console.log(gone.tag); // myorg/old
 * ```
 * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function deleteBox(core: RegistryCore, tag: string, options?: RequestOptions): ApiPromise<Box> {
  return sendOperation(core, () => ({ method: 'DELETE', path: boxPath(tag), schema: BoxSchema }), options);
}
