import { type ApiPromise, type RequestOptions, sendOperation, validateRequestBody } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { CreateBoxRequestSchema } from './request-schemas.js';
import { BoxSchema } from './schemas.js';
import type { Box, CreateBoxRequest } from './types.generated.js';

/**
 * `POST /api/v1/boxes`: creates a box, private unless `is_private: false`, with no versions yet.
 *
 * Options: `username` is the owning user or organization (the token's user when left out);
 * `is_private` defaults to true on the registry (and is not sent when left out); `description` is
 * Markdown.
 *
 * @example
 * ```ts
 * import { createBox } from '@infra-sdk/registry-client';
 *
 * const box = await createBox(core, { username: 'myorg', name: 'tools', short_description: 'Build tools' });
 * console.log(box.tag, box.private); // myorg/tools true
 * ```
 * @throws {UnprocessableEntityError} when the owner already has a box of that name.
 * @throws {UnauthorizedError} when the client has no valid token, or its user may not create boxes for `username`.
 * @throws {NotFoundError} when no user or organization is named `username`.
 * @throws {DisallowedUseError} when the registry refuses the fields (a name with characters it does not allow,
 *   or a private box the owner's plan does not allow); its `errors` say why.
 * @throws {RequestValidationError} before sending, when `name` is empty or a field is unknown or of the wrong type.
 * @throws {ApiError} with status 402 when the owner is behind on billing.
 */
export function createBox(
  core: RegistryCore,
  request: CreateBoxRequest,
  options?: RequestOptions,
): ApiPromise<Box> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/boxes',
      body: { box: await validateRequestBody(CreateBoxRequestSchema, request, 'box') },
      schema: BoxSchema,
    }),
    options,
  );
}
