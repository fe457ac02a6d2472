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
  /**
   * `GET /v1/{kv_mount}/data/:path`: reads a version of a secret, its data and that version's metadata
   * ({@link readKvSecret} with this client's core).
   *
   * Options: `version` (default the current one); `mount` (the client's `kvMount` by default); `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app', port: 5432 });
   * const { data, metadata } = await secrets.kv.read('app/db');
   * console.log(data.user, metadata.version);
   * ```
   * @throws {NotFoundError} when the secret does not exist, or the version asked for was deleted or destroyed.
   * @throws {RequestValidationError} before sending, when the path is empty or has an empty, `.` or `..`
   *   part, a part holds `%` or a control character, or `version` is not a whole number.
   * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readKvSecret,
  /**
   * `POST /v1/{kv_mount}/data/:path`: writes a new version of a secret and resolves to its number and
   * times ({@link writeKvSecret} with this client's core). Not retried.
   *
   * Options: `cas` (write only when the current version is this one; 0: only a new secret); `mount`;
   * `namespace`.
   *
   * @example
   * ```ts
   * const first = await secrets.kv.write('app/db', { user: 'app', port: 5432 });
   * await secrets.kv.write('app/db', { user: 'app', port: 6543 }, { cas: first.version });
   * ```
   * @throws {BadRequestError} when `cas` is not the current version (the service's 400, not a 409).
   * @throws {RequestValidationError} before sending, when the path is not a secret path, `data` is not an
   *   object, `cas` is not a whole number of 0 or more, or the body is over `maxRequestBytes`.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  write: writeKvSecret,
  /**
   * `LIST /v1/{kv_mount}/metadata/:folder/`: lists the names in a folder (default the top of the mount),
   * folders with a trailing "/" ({@link listKvSecrets} with this client's core). An empty folder lists no keys.
   *
   * Options: `listMethod`; `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * const { keys } = await secrets.kv.list('app');
   * console.log(keys); // ['db']
   * ```
   * @throws {RequestValidationError} before sending, when a part of the folder is empty, `.` or `..`, or
   *   holds `%` or a control character.
   * @throws {PermissionDeniedError} when the token's policy does not allow listing the folder.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listKvSecrets,
  /**
   * `DELETE /v1/{kv_mount}/data/:path`: deletes the current version of a secret; `undeleteVersions`
   * restores it ({@link deleteKvSecret} with this client's core).
   *
   * Options: `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * await secrets.kv.delete('app/db');
   * ```
   * @throws {RequestValidationError} before sending, when the path is not a secret path.
   * @throws {PermissionDeniedError} when the token's policy does not allow deleting the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteKvSecret,
  /**
   * `POST /v1/{kv_mount}/delete/:path`: deletes versions of a secret, hidden from reads until undeleted
   * ({@link deleteKvVersions} with this client's core). Unknown versions are ignored.
   *
   * Options: `mount`; `namespace`. Retried like a read.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * await secrets.kv.write('app/db', { user: 'app2' });
   * await secrets.kv.deleteVersions('app/db', [1]);
   * ```
   * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
   *   empty or holds anything but whole numbers from 1.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing to `delete/` of the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  deleteVersions: deleteKvVersions,
  /**
   * `POST /v1/{kv_mount}/undelete/:path`: restores deleted versions of a secret; destroyed ones stay
   * destroyed ({@link undeleteKvVersions} with this client's core).
   *
   * Options: `mount`; `namespace`. Retried like a read.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * await secrets.kv.delete('app/db');
   * await secrets.kv.undeleteVersions('app/db', [1]);
   * console.log((await secrets.kv.read('app/db')).data); // { user: 'app' }
   * ```
   * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
   *   empty or holds anything but whole numbers from 1.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing to `undelete/` of the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  undeleteVersions: undeleteKvVersions,
  /**
   * `POST /v1/{kv_mount}/destroy/:path`: destroys versions of a secret: their data is gone for good
   * ({@link destroyKvVersions} with this client's core).
   *
   * Options: `mount`; `namespace`. Retried like a read.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { password: 'old' });
   * await secrets.kv.write('app/db', { password: 'new' });
   * await secrets.kv.destroyVersions('app/db', [1]);
   * ```
   * @throws {RequestValidationError} before sending, when the path is not a secret path or `versions` is
   *   empty or holds anything but whole numbers from 1.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing to `destroy/` of the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  destroyVersions: destroyKvVersions,
  /**
   * `GET /v1/{kv_mount}/metadata/:path`: reads the metadata of a secret: current and oldest version and
   * the state of each version kept ({@link readKvMetadata} with this client's core).
   *
   * Options: `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * const { current_version, versions } = await secrets.kv.readMetadata('app/db');
   * console.log(current_version, Object.keys(versions));
   * ```
   * @throws {NotFoundError} when the secret does not exist.
   * @throws {RequestValidationError} before sending, when the path is not a secret path.
   * @throws {PermissionDeniedError} when the token's policy does not allow reading the path's metadata.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  readMetadata: readKvMetadata,
  /**
   * `DELETE /v1/{kv_mount}/metadata/:path`: deletes a secret for good, its metadata and every version
   * ({@link deleteKvMetadata} with this client's core).
   *
   * Options: `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app' });
   * await secrets.kv.deleteMetadata('app/db');
   * ```
   * @throws {RequestValidationError} before sending, when the path is not a secret path.
   * @throws {PermissionDeniedError} when the token's policy does not allow deleting the path's metadata.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  deleteMetadata: deleteKvMetadata,
  /**
   * `PATCH /v1/{kv_mount}/data/:path`: a new version with `patch` merged into the current one (RFC 7386
   * merge patch) ({@link patchKvSecret} with this client's core). Not retried.
   *
   * Options: `cas`; `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app', port: 5432, legacy: true });
   * const version = await secrets.kv.patch('app/db', { port: 6543, legacy: null }, { cas: 1 });
   * console.log(version.version);
   * ```
   * @throws {NotFoundError} when the secret has no readable current version.
   * @throws {BadRequestError} when `cas` is not the current version.
   * @throws {RequestValidationError} before sending, when the path, `patch` or `cas` is not valid.
   * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on the path.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  patch: patchKvSecret,
  /**
   * `GET /v1/{kv_mount}/subkeys/:path`: the names of a version without their values
   * ({@link readKvSubkeys} with this client's core).
   *
   * Options: `version`, `depth`; `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.write('app/db', { user: 'app', tls: { cert: '-----BEGIN CERTIFICATE-----' } });
   * const { subkeys } = await secrets.kv.subkeys('app/db', { depth: 1 });
   * console.log(Object.keys(subkeys));
   * ```
   * @throws {NotFoundError} when the secret or version does not exist, or is deleted or destroyed.
   * @throws {RequestValidationError} before sending, when the path, `version` or `depth` is not valid.
   * @throws {PermissionDeniedError} when the token's policy does not allow reading the path's subkeys.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  subkeys: readKvSubkeys,
  /**
   * `POST /v1/{kv_mount}/metadata/:path`: sets a secret's `max_versions`, `cas_required`,
   * `delete_version_after` and `custom_metadata` ({@link writeKvMetadata} with this client's core).
   *
   * Options: `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.writeMetadata('app/db', { max_versions: 5, cas_required: true });
   * ```
   * @throws {RequestValidationError} before sending, when the path or a field is not valid.
   * @throws {PermissionDeniedError} when the token's policy does not allow writing the path's metadata.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  writeMetadata: writeKvMetadata,
  /**
   * `PATCH /v1/{kv_mount}/metadata/:path`: changes only the settings given; a `custom_metadata` name
   * set to null is removed ({@link patchKvMetadata} with this client's core).
   *
   * Options: `mount`; `namespace`.
   *
   * @example
   * ```ts
   * await secrets.kv.writeMetadata('app/db', { custom_metadata: { owner: 'platform', retired: 'no' } });
   * await secrets.kv.patchMetadata('app/db', { custom_metadata: { owner: 'orders', retired: null } });
   * ```
   * @throws {NotFoundError} when the secret does not exist.
   * @throws {RequestValidationError} before sending, when the path or a field is not valid.
   * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on the path's metadata.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  patchMetadata: patchKvMetadata,
};

/** `client.kv`: the versioned key-value engine (at `kvMount`), bound to the client's core. */
export interface KvGroup extends BoundGroup<SecretsCore, typeof kvOperations> {}

/** Builds `client.kv`. */
export function kvGroup(core: SecretsCore): KvGroup {
  return bindOperations(core, kvOperations);
}
