import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { type UpdateBoxRequest, UpdateBoxRequestSchema } from './request-schemas.js';
import { type Box, BoxSchema } from './schemas.js';

/** PUT /api/v1/box/:username/:name — changes the given fields of a box. */
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
      body: { box: await validateRequest(UpdateBoxRequestSchema, request, 'box update') },
      schema: BoxSchema,
    }),
    options,
  );
}
