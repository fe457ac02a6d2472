import { type ApiPromise, type RequestOptions, sendOperation, validateRequest } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { type UpdateVersionRequest, UpdateVersionRequestSchema } from './request-schemas.js';
import { type Version, VersionSchema } from './schemas.js';

/** PUT /api/v1/box/:username/:name/version/:version — changes the number or description of a version. */
export function updateVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  request: UpdateVersionRequest,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: versionPath(tag, version),
      body: { version: await validateRequest(UpdateVersionRequestSchema, request, 'version update') },
      schema: VersionSchema,
    }),
    options,
  );
}
