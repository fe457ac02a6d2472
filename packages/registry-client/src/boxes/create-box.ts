import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type CreateBoxRequest, CreateBoxRequestSchema } from './request-schemas.js';
import { type Box, BoxSchema } from './schemas.js';

/** POST /api/v1/boxes — creates a box (private unless `is_private: false`). */
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
      body: { box: await validateRequest(CreateBoxRequestSchema, request, 'box') },
      schema: BoxSchema,
    }),
    options,
  );
}
