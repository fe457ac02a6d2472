// The grouped client: every standalone operation bound to one core. Each group's operations are a
// plain object, so the façade's methods carry the same types and docs as the functions.
import {
  type ApiPromise,
  type BoundGroup,
  bindOperations,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  sendRawRequest,
} from '@infra-sdk/core';
import { type TokensGroup, type TwoFactorGroup, tokensGroup, twoFactorGroup } from './auth/group.js';
import { type BoxesGroup, boxesGroup } from './boxes/group.js';
import { createRegistryCore, type RegistryClientOptions, type RegistryCore } from './core.js';
import { downloadBox } from './downloads/download-box.js';
import { type ProvidersGroup, providersGroup } from './providers/group.js';
import { type SearchGroup, searchGroup } from './search/group.js';
import { completeDirectUpload } from './uploads/complete-direct-upload.js';
import { prepareDirectUpload } from './uploads/prepare-direct-upload.js';
import { prepareUpload } from './uploads/prepare-upload.js';
import { uploadBox } from './uploads/upload-box.js';
import { type UsersGroup, usersGroup } from './users/group.js';
import { type VersionsGroup, versionsGroup } from './versions/group.js';

/** The operations of `client.uploads`: box uploads and downloads. */
export const uploadOperations = {
  /** GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload — an upload address (see {@link prepareUpload}). */
  prepare: prepareUpload,
  /** GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload/direct — a direct upload address (see {@link prepareDirectUpload}). */
  prepareDirect: prepareDirectUpload,
  /** PUT {callback} — finalises a direct upload (see {@link completeDirectUpload}). */
  completeDirect: completeDirectUpload,
  /** Prepares the upload, then streams the asset to storage (see {@link uploadBox}). */
  upload: uploadBox,
  /** Reads the provider, then streams its asset and verifies the checksum (see {@link downloadBox}). */
  download: downloadBox,
} as const;

/** `client.uploads`: each upload and download operation bound to the client's core. */
export interface UploadsGroup extends BoundGroup<RegistryCore, typeof uploadOperations> {}

/** The grouped client: every standalone operation, bound to one core. */
export interface RegistryClient {
  /** The core object, for standalone operations and the `./node` helpers. */
  readonly core: RegistryCore;
  /** Tokens: create one from a login, check the current one, revoke it. */
  readonly tokens: TokensGroup;
  /** Two-factor authentication codes. */
  readonly twoFactor: TwoFactorGroup;
  /** Users and organizations. */
  readonly users: UsersGroup;
  /** Box search: `boxes` reads one page, `iterate` every page. */
  readonly search: SearchGroup;
  /** Boxes. */
  readonly boxes: BoxesGroup;
  /** Versions of a box. */
  readonly versions: VersionsGroup;
  /** Providers of a version: one box file per provider. */
  readonly providers: ProvidersGroup;
  /** Box uploads and downloads. */
  readonly uploads: UploadsGroup;
  /** Any registry endpoint the typed surface does not cover yet, with the same auth, retries and errors. */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T, ResponseMeta>;
  /** A description without the token. */
  toJSON(): Record<string, unknown>;
}

/** Builds the grouped client: `registry.boxes.read(tag)`, `registry.versions.release(tag, version)`, ... */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const core = createRegistryCore(options);
  const describe = () => core.toJSON();
  return {
    core,
    tokens: tokensGroup(core),
    twoFactor: twoFactorGroup(core),
    users: usersGroup(core),
    search: searchGroup(core),
    boxes: boxesGroup(core),
    versions: versionsGroup(core),
    providers: providersGroup(core),
    uploads: bindOperations(core, uploadOperations),
    request: (request, call) => sendRawRequest(core, request, call),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
