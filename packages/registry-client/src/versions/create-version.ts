import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { type CreateVersionRequest, CreateVersionRequestSchema } from './request-schemas.js';
import { type Version, VersionSchema } from './schemas.js';

/** POST /api/v1/box/:username/:name/versions — creates a version; it starts `unreleased`. */
export function createVersion(
  core: RegistryCore,
  tag: string,
  request: CreateVersionRequest,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: `${boxPath(tag)}/versions`,
      body: { version: await validateRequest(CreateVersionRequestSchema, request, 'version') },
      schema: VersionSchema,
    }),
    options,
  );
}
