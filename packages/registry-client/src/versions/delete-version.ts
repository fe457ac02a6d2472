import type { ApiPromise, RequestOptions } from '@infra-sdk/core';
import type { RegistryCore } from '../client.js';
import { sendRegistryRequest } from '../registry-request.js';
import { type Version, VersionSchema } from './schemas.js';
import { versionPath } from './version-path.js';

/** DELETE /api/v1/box/:username/:name/version/:version — deletes a version; resolves to the deleted version. */
export function deleteVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendRegistryRequest(
    core,
    () => ({ method: 'DELETE', path: versionPath(tag, version), schema: VersionSchema }),
    options,
  );
}
