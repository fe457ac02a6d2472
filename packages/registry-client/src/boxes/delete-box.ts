import { type ApiPromise, type RequestOptions, sendOperation } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { boxPath } from '../paths.js';
import { type Box, BoxSchema } from './schemas.js';

/** DELETE /api/v1/box/:username/:name — deletes a box with its versions and providers; resolves to the deleted box. */
export function deleteBox(core: RegistryCore, tag: string, options?: RequestOptions): ApiPromise<Box> {
  return sendOperation(core, () => ({ method: 'DELETE', path: boxPath(tag), schema: BoxSchema }), options);
}
