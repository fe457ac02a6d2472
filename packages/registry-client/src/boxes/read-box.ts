import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { type Box, BoxSchema } from './schemas.js';

/** GET /api/v1/box/:username/:name — reads a box with its versions; `tag` is `<username>/<name>`. */
export function readBox(core: RegistryCore, tag: string, options?: RequestOptions): ApiPromise<Box> {
  return sendOperation(core, () => ({ method: 'GET', path: boxPath(tag), schema: BoxSchema }), options);
}
