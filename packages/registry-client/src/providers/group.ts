// The `providers` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createProvider } from './create-provider.js';
import { deleteProvider } from './delete-provider.js';
import { readProvider } from './read-provider.js';
import { updateProvider } from './update-provider.js';

/** The operations of `client.providers`: one box file per provider of a version. */
export const providerOperations = {
  read: readProvider,
  create: createProvider,
  update: updateProvider,
  delete: deleteProvider,
} as const;

/** `client.providers`: each provider operation bound to the client's core. */
export interface ProvidersGroup extends BoundGroup<RegistryCore, typeof providerOperations> {}

/** Builds `client.providers`. */
export function providersGroup(core: RegistryCore): ProvidersGroup {
  return bindOperations(core, providerOperations);
}
