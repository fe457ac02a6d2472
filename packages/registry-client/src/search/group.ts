// The `search` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { iterateBoxes } from './iterate-boxes.js';
import { searchBoxes } from './search-boxes.js';

/** The operations of `client.search`: one page of boxes, or every page. */
export const searchOperations = {
  boxes: searchBoxes,
  iterate: iterateBoxes,
} as const;

/** `client.search`: each search operation bound to the client's core. */
export interface SearchGroup extends BoundGroup<RegistryCore, typeof searchOperations> {}

/** Builds `client.search`. */
export function searchGroup(core: RegistryCore): SearchGroup {
  return bindOperations(core, searchOperations);
}
