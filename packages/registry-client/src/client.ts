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
  /**
   * Any registry endpoint the typed surface does not cover yet (`path` under `/api/v1`), sent the way every
   * operation is: the same auth, retries, hooks and errors, and the registry's rules (a 2xx body with
   * `success: false` or `errors` is an `ApiError`, a 403 a `DisallowedUseError`).
   *
   * `schema` checks (and types) the payload, which is the body as the registry sent it; `query` and `body`
   * are sent as given.
   *
   * @example
   * ```ts
   * import { UserSchema } from '@infra-sdk/registry-client/schemas';
   *
   * const me = await registry.request({ method: 'GET', path: '/user/me', schema: UserSchema });
   * console.log(me.username); // me
   * ```
   * @throws {RequestValidationError} before sending, when `path` does not start with `/`, holds `?` or `#`, or
   *   a `.` or `..` segment, or `request` or `options` holds a key that is not one of theirs.
   * @throws {ApiError} (its subclass for the status: `NotFoundError`, `UnauthorizedError`, `DisallowedUseError`,
   *   ...) when the registry answers with an error, or a 2xx body that reports one.
   * @throws {ResponseValidationError} when the payload does not match `schema`.
   */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T, ResponseMeta>;
  /** A description without the token. */
  toJSON(): Record<string, unknown>;
}

/**
 * Builds the grouped client: `registry.boxes.read(tag)`, `registry.versions.release(tag, version)`, ...
 *
 * Options: `baseUrl` (required; the client adds `/api/v1`), `token` (a string or a function; leave it
 * out for anonymous use), `authHeader`, `debug`, `fetch`, `timeout`, `retry` and the rest of
 * {@link RegistryClientOptions}. Nothing is sent until the first call.
 *
 * @example
 * ```ts
 * import { createRegistryClient } from '@infra-sdk/registry-client';
 *
 * const client = createRegistryClient({
 *   baseUrl: 'https://registry.example.com',
 *   token: process.env.REGISTRY_TOKEN, // undefined: anonymous
 *   userAgent: 'release-pipeline/1.4',
 * });
 * console.log((await client.users.read('myorg')).username); // myorg
 * ```
 * @throws {RequestValidationError} when `token` is empty, or it or a header holds a value a request cannot
 *   carry (the option is named, never the value), or `options` (or its `retry`, `hooks`, `debug` or
 *   `rateLimit`) holds a key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) address, or `authHeader` is not `bearer`,
 *   `x-registry-token` or `query`.
 */
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
