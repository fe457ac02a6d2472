// The `versions` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createVersion } from './create-version.js';
import { deleteVersion } from './delete-version.js';
import { publishVersion } from './publish/publish-version.js';
import { readVersion } from './read-version.js';
import { releaseVersion } from './release-version.js';
import { revokeVersion } from './revoke-version.js';
import { updateVersion } from './update-version.js';

/** The operations of `client.versions`: versions of a box. */
export const versionOperations = {
  /** GET /api/v1/box/:username/:name/version/:version — reads a version (see {@link readVersion}). */
  read: readVersion,
  /** POST /api/v1/box/:username/:name/versions — creates a version (see {@link createVersion}). */
  create: createVersion,
  /** PUT /api/v1/box/:username/:name/version/:version — changes a version (see {@link updateVersion}). */
  update: updateVersion,
  /** DELETE /api/v1/box/:username/:name/version/:version — deletes a version (see {@link deleteVersion}). */
  delete: deleteVersion,
  /** PUT /api/v1/box/:username/:name/version/:version/release — releases a version (see {@link releaseVersion}). */
  release: releaseVersion,
  /** PUT /api/v1/box/:username/:name/version/:version/revoke — revokes a version (see {@link revokeVersion}). */
  revoke: revokeVersion,
  /** Creates the version if missing, uploads and verifies every provider, then releases it (see {@link publishVersion}). */
  publish: publishVersion,
} as const;

/** `client.versions`: each version operation bound to the client's core. */
export interface VersionsGroup extends BoundGroup<RegistryCore, typeof versionOperations> {}

/** Builds `client.versions`. */
export function versionsGroup(core: RegistryCore): VersionsGroup {
  return bindOperations(core, versionOperations);
}
