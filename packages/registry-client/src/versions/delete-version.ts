import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { type Version, VersionSchema } from './schemas.js';

/** DELETE /api/v1/box/:username/:name/version/:version — deletes a version; resolves to the deleted version. */
export function deleteVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'DELETE', path: versionPath(tag, version), schema: VersionSchema }),
    options,
  );
}
