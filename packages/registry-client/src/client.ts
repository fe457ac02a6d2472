// The grouped client: every standalone operation bound to one core. Each group's operations are a
// plain object, so the façade's methods carry the same types and docs as the functions.
import {
  type ApiPromise,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  sendRawRequest,
} from '@infra-sdk/core';
import { type TokensGroup, type TwoFactorGroup, tokensGroup, twoFactorGroup } from './auth/group.js';
import { type BoxesGroup, boxesGroup } from './boxes/group.js';
import { createRegistryCore, type RegistryClientOptions, type RegistryCore } from './core.js';
import { type ProvidersGroup, providersGroup } from './providers/group.js';
import { type SearchGroup, searchGroup } from './search/group.js';
import { type UploadsGroup, uploadsGroup } from './uploads/group.js';
import { type UsersGroup, usersGroup } from './users/group.js';
import { type VersionsGroup, versionsGroup } from './versions/group.js';

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
    uploads: uploadsGroup(core),
    request: (request, call) => sendRawRequest(core, request, call),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
