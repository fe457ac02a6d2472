import type { RegistryCore } from '../core.js';

/** A core from `createRegistryCore`, or a client from `createRegistryClient` (which carries one). */
export type RegistryHandle =
  | RegistryCore
  | {
      /** The core the client carries. */
      readonly core: RegistryCore;
    };

/** The core behind a handle. */
export function coreOf(handle: RegistryHandle): RegistryCore {
  return 'core' in handle ? handle.core : handle;
}
