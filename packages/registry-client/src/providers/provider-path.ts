import { path } from '@infra-sdk/core';
import { versionPath } from '../versions/version-path.js';

/** `/box/<username>/<name>/version/<version>/provider/<provider>`. */
export function providerPath(tag: string, version: string, provider: string): string {
  return versionPath(tag, version) + path`/provider/${provider}`;
}
