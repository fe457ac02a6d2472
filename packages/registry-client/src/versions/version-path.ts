import { path } from '@infra-sdk/core';
import { boxPath } from '../boxes/box-path.js';

/** `/box/<username>/<name>/version/<version>`. */
export function versionPath(tag: string, version: string): string {
  return boxPath(tag) + path`/version/${version}`;
}
