import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { UpdateBoxRequestSchema } from './request-schemas.js';
import { BoxSchema } from './schemas.js';
import type { Box, UpdateBoxRequest } from './types.generated.js';

/**
 * `PUT /api/v1/box/:username/:name`: changes the given fields of a box.
 *
 * Only the fields given are sent, so the others (`is_private` included) keep their value; `name`
 * renames the box, and its tag with it.
 *
 * @example
 * ```ts
 * import { createBox, updateBox } from '@infra-sdk/registry-client';
 *
 * await createBox(core, { username: 'myorg', name: 'tools' });
 * const box = await updateBox(core, 'myorg/tools', { short_description: 'Build tools', is_private: false });
 * console.log(box.short_description, box.private); // Build tools false
 * ```
 * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
 *   (neither the owner nor a member of the owning organization).
 * @throws {UnprocessableEntityError} when `name` is taken by another box of the owner.
 * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
 * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`, when no field is given, or a field is
 *   unknown or of the wrong type.
 * @throws {ApiError} with status 402 when the box's owner is behind on billing.
 */
export function updateBox(
  core: RegistryCore,
  tag: string,
  request: UpdateBoxRequest,
  options?: RequestOptions,
): ApiPromise<Box> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: boxPath(tag),
      body: { box: await validateRequestBody(UpdateBoxRequestSchema, request, 'box update') },
      schema: BoxSchema,
    }),
    options,
  );
}
