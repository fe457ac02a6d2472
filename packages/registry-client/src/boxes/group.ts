// The `boxes` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createBox } from './create-box.js';
import { deleteBox } from './delete-box.js';
import { readBox } from './read-box.js';
import { updateBox } from './update-box.js';

/** The operations of `client.boxes`. */
export const boxOperations = {
  read: readBox,
  create: createBox,
  update: updateBox,
  delete: deleteBox,
} as const;

/** `client.boxes`: each box operation bound to the client's core. */
export interface BoxesGroup extends BoundGroup<RegistryCore, typeof boxOperations> {}

/** Builds `client.boxes`. */
export function boxesGroup(core: RegistryCore): BoxesGroup {
  return bindOperations(core, boxOperations);
}
