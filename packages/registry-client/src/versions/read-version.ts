import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { versionPath } from '../paths.js';
import { type Version, VersionSchema } from './schemas.js';

/** GET /api/v1/box/:username/:name/version/:version — reads a version with its providers. */
export function readVersion(
  core: RegistryCore,
  tag: string,
  version: string,
  options?: RequestOptions,
): ApiPromise<Version> {
  return sendOperation(
    core,
    () => ({ method: 'GET', path: versionPath(tag, version), schema: VersionSchema }),
    options,
  );
}
