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
  /**
   * `GET /api/v1/box/:username/:name/version/:version`: reads a version with its status and providers.
   * Others than the box's managers see released (`active`) versions only. See {@link readVersion}.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * const version = await registry.versions.read('myorg/tools', '1.0.0');
   * console.log(version.status); // unreleased
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version
   *   the caller may see.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readVersion,
  /**
   * `POST /api/v1/box/:username/:name/versions`: creates a version of a box; it starts `unreleased`,
   * without providers. See {@link createVersion}.
   *
   * Options: `description` is Markdown.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0', description: 'First release' });
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it).
   * @throws {UnprocessableEntityError} when the box already has that version.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`, `version` is empty
   *   or a field is unknown.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createVersion,
  /**
   * `PUT /api/v1/box/:username/:name/version/:version`: changes the number or description of a version. See {@link updateVersion}.
   *
   * Only the fields given are sent.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.versions.update('myorg/tools', '1.0.0', { version: '1.0.1' }); // renumbered
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {UnprocessableEntityError} when the new number is taken by another version of the box.
   * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty, when no field
   *   is given, or a field is unknown.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  update: updateVersion,
  /**
   * `DELETE /api/v1/box/:username/:name/version/:version`: deletes a version with its providers; resolves
   * to the deleted version. See {@link deleteVersion}.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.versions.delete('myorg/tools', '1.0.0');
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteVersion,
  /**
   * `PUT /api/v1/box/:username/:name/version/:version/release`: releases a version, which becomes `active`
   * (visible to everyone who may see the box, and the box's `current_version` when it is the highest). See {@link releaseVersion}.
   *
   * It needs a provider with an uploaded box image or a `url`; a revoked version may be released again.
   * `versions.publish` uploads, verifies and releases in one call.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools.box' });
   * const version = await registry.versions.release('myorg/tools', '1.0.0');
   * console.log(version.status); // active
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
   * @throws {UnprocessableEntityError} when the version is already released, or has no provider with an
   *   uploaded box image or a url.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  release: releaseVersion,
  /**
   * `PUT /api/v1/box/:username/:name/version/:version/revoke`: revokes a released version: it becomes
   * `revoked`, hidden from everyone but the box's managers, and may be released again. See {@link revokeVersion}.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools.box' });
   * await registry.versions.release('myorg/tools', '1.0.0');
   * await registry.versions.revoke('myorg/tools', '1.0.0'); // active → revoked
   * ```
   * @throws {NotFoundError} when the box does not exist (or is private and the token may not see it), or has no such version.
   * @throws {UnprocessableEntityError} when the version is not released (`active`).
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  revoke: revokeVersion,
  /**
   * `GET /api/v1/box/:username/:name/version/:version` (`POST .../versions` when missing), then per provider
   * `POST .../providers` (or `PUT .../provider/:provider`), its upload, `PUT` and `GET .../provider/:provider`,
   * and last `PUT .../version/:version/release`: publishes a release in one call, every provider stored and
   * verified before the version is released. See {@link publishVersion}.
   *
   * Each provider is `{ name, asset, size?, checksum?, checksum_type? }` (a box image to upload, its
   * checksum computed on the way, `sha256` by default, and compared with `checksum` when given) or
   * `{ name, url, checksum?, checksum_type? }`. Each is read back and must match; only then is the version
   * released. A provider may add `architecture` (and `default_architecture`): one name then goes once per
   * architecture, through the `/api/v2` paths. When anything fails, nothing is released. Options: `concurrency` (images at once, default
   * 2); `onProgress` (one view of the whole release); `attempts` (of each upload at storage, and of each
   * registry call answered 429); `backoff`, `direct`, `directMaxBytes`, `idleTimeout`, `contentType`,
   * `streamBody` as for an upload; the request options for every registry call (`signal` for the uploads
   * too). The box must exist.
   *
   * @example
   * ```ts
   * import { PublishError } from '@infra-sdk/registry-client';
   *
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * try {
   *   const release = await registry.versions.publish(
   *     'myorg/tools',
   *     '2.1.0',
   *     { providers: [{ name: 'virtualbox', asset: new Uint8Array(64 * 1024) }] },
   *     { concurrency: 3, onProgress: ({ loaded, total }) => console.log(`${loaded} of ${total} bytes`) },
   *   );
   *   console.log(release.version.status); // active
   *   await registry.versions.publish('myorg/tools', '2.2.0', {
   *     providers: [
   *       { name: 'virtualbox', architecture: 'amd64', asset: new Uint8Array(1024), default_architecture: true },
   *       { name: 'virtualbox', architecture: 'arm64', asset: new Uint8Array(1024) },
   *     ],
   *   });
   * } catch (error) {
   *   if (!PublishError.isInstance(error)) throw error;
   *   for (const outcome of error.providers) console.log(outcome.name, outcome.state, outcome.error?.message);
   * }
   * ```
   * @throws {PublishError} when it stopped and released nothing: `stage` is `version` (reading or creating the
   *   version failed, or it is already released), `providers` (one failed: the others were cancelled;
   *   `providers` holds each one's `state` and `error`) or `release`; `cause` is the first failure.
   * @throws {RequestValidationError} before sending, when the request or options break their rules (a bad tag, no provider,
   *   a name (and architecture) given twice, both or neither of `asset` and `url`, a checksum that is not its type's digest).
   * @throws {AbortError} when `signal` aborts, whatever the stage.
   */
  publish: publishVersion,
} as const;

/** `client.versions`: each version operation bound to the client's core. */
export interface VersionsGroup extends BoundGroup<RegistryCore, typeof versionOperations> {}

/** Builds `client.versions`. */
export function versionsGroup(core: RegistryCore): VersionsGroup {
  return bindOperations(core, versionOperations);
}
