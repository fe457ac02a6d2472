// The `boxes` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createBox } from './create-box.js';
import { deleteBox } from './delete-box.js';
import { readBox } from './read-box.js';
import { updateBox } from './update-box.js';

/** The operations of `client.boxes`. */
export const boxOperations = {
  /** GET /api/v1/box/:username/:name — reads a box (see {@link readBox}). */
  read: readBox,
  /** POST /api/v1/boxes — creates a box (see {@link createBox}). */
  create: createBox,
  /** PUT /api/v1/box/:username/:name — changes a box (see {@link updateBox}). */
  update: updateBox,
  /** DELETE /api/v1/box/:username/:name — deletes a box (see {@link deleteBox}). */
  delete: deleteBox,
} as const;

/** `client.boxes`: each box operation bound to the client's core. */
export interface BoxesGroup extends BoundGroup<RegistryCore, typeof boxOperations> {}

/** Builds `client.boxes`. */
export function boxesGroup(core: RegistryCore): BoxesGroup {
  return bindOperations(core, boxOperations);
}
