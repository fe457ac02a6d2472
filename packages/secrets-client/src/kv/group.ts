// The `kv` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { deleteKvMetadata, readKvMetadata } from './metadata.js';
import { patchKvMetadata, writeKvMetadata } from './metadata-write.js';
import { patchKvSecret, readKvSubkeys } from './patch.js';
import { deleteKvSecret, listKvSecrets, readKvSecret, writeKvSecret } from './secrets.js';
import { deleteKvVersions, destroyKvVersions, undeleteKvVersions } from './versions.js';

/** The operations of `client.kv`. */
export const kvOperations = {
  read: readKvSecret,
  write: writeKvSecret,
  list: listKvSecrets,
  delete: deleteKvSecret,
  deleteVersions: deleteKvVersions,
  undeleteVersions: undeleteKvVersions,
  destroyVersions: destroyKvVersions,
  readMetadata: readKvMetadata,
  deleteMetadata: deleteKvMetadata,
  patch: patchKvSecret,
  subkeys: readKvSubkeys,
  writeMetadata: writeKvMetadata,
  patchMetadata: patchKvMetadata,
};

/** `client.kv`: the versioned key-value engine (at `kvMount`), bound to the client's core. */
export interface KvGroup extends BoundGroup<SecretsCore, typeof kvOperations> {}

/** Builds `client.kv`. */
export function kvGroup(core: SecretsCore): KvGroup {
  return bindOperations(core, kvOperations);
}
