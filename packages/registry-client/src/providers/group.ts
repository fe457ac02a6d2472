// The `providers` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createProvider } from './create-provider.js';
import { deleteProvider } from './delete-provider.js';
import { readProvider } from './read-provider.js';
import { updateProvider } from './update-provider.js';

/** The operations of `client.providers`: one box file per provider of a version. */
export const providerOperations = {
  /**
   * `GET /api/v1/box/:username/:name/version/:version/provider/:provider`: reads a provider: whether the
   * registry hosts its box image, its `original_url`, `download_url`, `checksum` and `checksum_type`. See {@link readProvider}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
   * const provider = await registry.providers.read('myorg/tools', '1.0.0', 'libvirt');
   * console.log(provider.download_url);
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readProvider,
  /**
   * `POST /api/v1/box/:username/:name/version/:version/providers`: adds a provider (`virtualbox`,
   * `libvirt`, ...) to a version, with a download `url`, or without one for a box image uploaded later. See {@link createProvider}.
   *
   * With `architecture` (`amd64`, `arm64`, ...) it is created through `/api/v2`, one of several box images
   * of that name; `default_architecture: true` makes it the one the version offers by default.
   *
   * `checksum` and `checksum_type` (`md5`, `sha1`, `sha256`, `sha384`, `sha512`) go together, and the
   * checksum must be the hex digest of its type; `url` must be an absolute http(s) address.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'virtualbox' });
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see) or the version does not exist.
   * @throws {UnprocessableEntityError} when the version already has a provider of that name.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty, or the fields break the
   *   rules above (a checksum without its type, a url that is not http(s), an unknown field).
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createProvider,
  /**
   * `PUT /api/v1/box/:username/:name/version/:version/provider/:provider`: changes the name, url or
   * checksum of a provider; only the fields given are sent. See {@link updateProvider}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * `checksum` and `checksum_type` (`md5`, `sha1`, `sha256`, `sha384`, `sha512`) go together, and the
   * checksum must be the hex digest of its type; `url` must be an absolute http(s) address.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
   * await registry.providers.update('myorg/tools', '1.0.0', 'libvirt', {
   *   checksum: 'a59e7332e8bbe896f11f478fc61fa8a6',
   *   checksum_type: 'md5',
   * });
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {UnprocessableEntityError} when a new `name` is taken by another provider of the version.
   * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty, when no field is given,
   *   or the fields break the rules above.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  update: updateProvider,
  /**
   * `DELETE /api/v1/box/:username/:name/version/:version/provider/:provider`: deletes a provider;
   * resolves to the deleted provider. See {@link deleteProvider}.
   *
   * A provider named `{ name, architecture }` is reached through the `/api/v2` paths
   * (`.../provider/:provider/:architecture`); its name alone reaches the version's default architecture of it.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.versions.create('myorg/tools', { version: '1.0.0' });
   * await registry.providers.create('myorg/tools', '1.0.0', { name: 'libvirt', url: 'https://downloads.example.com/tools-1.0.0-libvirt.box' });
   * await registry.providers.delete('myorg/tools', '1.0.0', 'libvirt');
   * ```
   * @throws {NotFoundError} when the box (or one the token may not see), the version or the provider does not exist.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>` or `version` or
   *   `provider` is empty.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteProvider,
} as const;

/** `client.providers`: each provider operation bound to the client's core. */
export interface ProvidersGroup extends BoundGroup<RegistryCore, typeof providerOperations> {}

/** Builds `client.providers`. */
export function providersGroup(core: RegistryCore): ProvidersGroup {
  return bindOperations(core, providerOperations);
}
