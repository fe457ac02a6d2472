import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { BoxSchema } from './schemas.js';
import type { Box } from './types.generated.js';

/**
 * `GET /api/v1/box/:username/:name`: reads a box (`tag` is `<username>/<name>`) with its versions:
 * all of them for its managers, the released ones for everyone else.
 *
 * @example
 * ```ts
 * import { createBox, readBox } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools', short_description: 'Build tools' });
 * const box = await readBox(core, 'myorg/tools');
 * console.log(box.tag, box.private, box.versions?.length); // myorg/tools true 0
 * ```
 * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`.
 * @throws {UnauthorizedError} when the client's token is not one the registry knows.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function readBox(core: RegistryCore, tag: string, options?: RequestOptions): ApiPromise<Box> {
  return sendOperation(core, () => ({ method: 'GET', path: boxPath(tag), schema: BoxSchema }), options);
}
