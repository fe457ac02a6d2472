// The `providers` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createProvider } from './create-provider.js';
import { deleteProvider } from './delete-provider.js';
import { readProvider } from './read-provider.js';
import { updateProvider } from './update-provider.js';

/** The operations of `client.providers`: one box file per provider of a version. */
export const providerOperations = {
  /** GET /api/v1/box/:username/:name/version/:version/provider/:provider — reads a provider (see {@link readProvider}). */
  read: readProvider,
  /** POST /api/v1/box/:username/:name/version/:version/providers — creates a provider (see {@link createProvider}). */
  create: createProvider,
  /** PUT /api/v1/box/:username/:name/version/:version/provider/:provider — changes a provider (see {@link updateProvider}). */
  update: updateProvider,
  /** DELETE /api/v1/box/:username/:name/version/:version/provider/:provider — deletes a provider (see {@link deleteProvider}). */
  delete: deleteProvider,
} as const;

/** `client.providers`: each provider operation bound to the client's core. */
export interface ProvidersGroup extends BoundGroup<RegistryCore, typeof providerOperations> {}

/** Builds `client.providers`. */
export function providersGroup(core: RegistryCore): ProvidersGroup {
  return bindOperations(core, providerOperations);
}
