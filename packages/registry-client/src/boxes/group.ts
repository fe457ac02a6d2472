// The `boxes` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createBox } from './create-box.js';
import { deleteBox } from './delete-box.js';
import { readBox } from './read-box.js';
import { updateBox } from './update-box.js';

/** The operations of `client.boxes`. */
export const boxOperations = {
  /**
   * `GET /api/v1/box/:username/:name`: reads a box (`tag` is `<username>/<name>`) with its versions:
   * all of them for its managers, the released ones for everyone else. See {@link readBox}.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools', is_private: false });
   * const box = await registry.boxes.read('myorg/tools');
   * console.log(box.private, box.current_version); // false null (nothing released yet)
   * ```
   * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readBox,
  /**
   * `POST /api/v1/boxes`: creates a box, private unless `is_private: false`, with no versions yet. See
   * {@link createBox}.
   *
   * Options: `username` is the owning user or organization (the token's user when left out);
   * `is_private` defaults to true on the registry (and is not sent when left out); `description` is
   * Markdown.
   *
   * @example
   * ```ts
   * const box = await registry.boxes.create({
   *   username: 'myorg',
   *   name: 'bionic64',
   *   short_description: 'Ubuntu 18.04',
   *   description: '**Markdown**',
   *   is_private: false,
   * });
   * console.log(box.tag, box.description_markdown); // myorg/bionic64 **Markdown**
   * ```
   * @throws {UnprocessableEntityError} when the owner already has a box of that name.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not create boxes for `username`.
   * @throws {NotFoundError} when no user or organization is named `username`.
   * @throws {DisallowedUseError} when the registry refuses the fields (a name with characters it does not allow,
   *   or a private box the owner's plan does not allow); its `errors` say why.
   * @throws {RequestValidationError} before sending, when `name` is empty or a field is unknown or of the wrong type.
   * @throws {ApiError} with status 402 when the owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createBox,
  /**
   * `PUT /api/v1/box/:username/:name`: changes the given fields of a box. See {@link updateBox}.
   *
   * Only the fields given are sent, so the others (`is_private` included) keep their value; `name`
   * renames the box, and its tag with it.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'tools' });
   * await registry.boxes.update('myorg/tools', { description: 'Compilers and linters' });
   * ```
   * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {UnprocessableEntityError} when `name` is taken by another box of the owner.
   * @throws {DisallowedUseError} when the registry refuses a field; its `errors` say why.
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`, when no field is given, or a field is
   *   unknown or of the wrong type.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  update: updateBox,
  /**
   * `DELETE /api/v1/box/:username/:name`: deletes a box with its versions and providers; resolves to the
   * deleted box. See {@link deleteBox}.
   *
   * @example
   * ```ts
   * import { NotFoundError } from '@infra-sdk/registry-client';
   *
   * await registry.boxes.create({ username: 'myorg', name: 'old' });
   * await registry.boxes.delete('myorg/old');
   * await registry.boxes.read('myorg/old').catch((error) => console.log(NotFoundError.isInstance(error))); // true
   * ```
   * @throws {NotFoundError} when the box does not exist, or is private and the token may not see it.
   * @throws {UnauthorizedError} when the client has no valid token, or its user may not change the box
   *   (neither the owner nor a member of the owning organization).
   * @throws {RequestValidationError} before sending, when `tag` is not `<username>/<name>`.
   * @throws {ApiError} with status 402 when the box's owner is behind on billing.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteBox,
} as const;

/** `client.boxes`: each box operation bound to the client's core. */
export interface BoxesGroup extends BoundGroup<RegistryCore, typeof boxOperations> {}

/** Builds `client.boxes`. */
export function boxesGroup(core: RegistryCore): BoxesGroup {
  return bindOperations(core, boxOperations);
}
