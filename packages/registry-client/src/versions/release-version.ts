import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { type Version, VersionSchema } from './schemas.js';

/** PUT /api/v1/box/:username/:name/version/:version/release — releases a version (it needs a provider with an asset or url); it becomes `active`. */
export function releaseVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'PUT', path: `${versionPath(tag, version)}/release`, schema: VersionSchema }),
    options,
  );
}
