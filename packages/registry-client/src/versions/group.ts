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
  read: readVersion,
  create: createVersion,
  update: updateVersion,
  delete: deleteVersion,
  release: releaseVersion,
  revoke: revokeVersion,
  publish: publishVersion,
} as const;

/** `client.versions`: each version operation bound to the client's core. */
export interface VersionsGroup extends BoundGroup<RegistryCore, typeof versionOperations> {}

/** Builds `client.versions`. */
export function versionsGroup(core: RegistryCore): VersionsGroup {
  return bindOperations(core, versionOperations);
}
