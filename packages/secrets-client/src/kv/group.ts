// The `kv` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { deleteKvMetadata, readKvMetadata } from './metadata.js';
import { deleteKvSecret, listKvSecrets, readKvSecret, writeKvSecret } from './secrets.js';
import { deleteKvVersions, destroyKvVersions, undeleteKvVersions } from './versions.js';

/** The operations of `client.kv`. */
export const kvOperations = {
  /** GET /v1/{kv_mount}/data/:path — {@link readKvSecret} with this client's core. */
  read: readKvSecret,
  /** POST /v1/{kv_mount}/data/:path — {@link writeKvSecret} with this client's core. */
  write: writeKvSecret,
  /** LIST /v1/{kv_mount}/metadata/:folder/ — {@link listKvSecrets} with this client's core. */
  list: listKvSecrets,
  /** DELETE /v1/{kv_mount}/data/:path — {@link deleteKvSecret} with this client's core. */
  delete: deleteKvSecret,
  /** POST /v1/{kv_mount}/delete/:path — {@link deleteKvVersions} with this client's core. */
  deleteVersions: deleteKvVersions,
  /** POST /v1/{kv_mount}/undelete/:path — {@link undeleteKvVersions} with this client's core. */
  undeleteVersions: undeleteKvVersions,
  /** POST /v1/{kv_mount}/destroy/:path — {@link destroyKvVersions} with this client's core. */
  destroyVersions: destroyKvVersions,
  /** GET /v1/{kv_mount}/metadata/:path — {@link readKvMetadata} with this client's core. */
  readMetadata: readKvMetadata,
  /** DELETE /v1/{kv_mount}/metadata/:path — {@link deleteKvMetadata} with this client's core. */
  deleteMetadata: deleteKvMetadata,
};

/** `client.kv`: the versioned key-value engine (at `kvMount`), bound to the client's core. */
export interface KvGroup extends BoundGroup<SecretsCore, typeof kvOperations> {}

/** Builds `client.kv`. */
export function kvGroup(core: SecretsCore): KvGroup {
  return bindOperations(core, kvOperations);
}
