// The registry client: a small core object that standalone operations take, and a grouped façade built
// from those operations. Importing the core and one operation bundles only that operation. Each group's
// operations are a plain object, so the façade's methods carry the same types and docs as the functions.
import {
  type ApiPromise,
  type AuthScheme,
  type BoundGroup,
  bindOperations,
  type ClientCore,
  type ClientOptions,
  createServiceTransport,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  type ServiceProfile,
  type ServiceRules,
  sendRawRequest,
  type Transport,
} from '@infra-sdk/core';
import { createToken } from './auth/create-token.js';
import { deleteToken } from './auth/delete-token.js';
import { requestTwoFactorCode } from './auth/request-two-factor-code.js';
import { validateToken } from './auth/validate-token.js';
import { createBox } from './boxes/create-box.js';
import { deleteBox } from './boxes/delete-box.js';
import { readBox } from './boxes/read-box.js';
import { updateBox } from './boxes/update-box.js';
import { downloadBox } from './downloads/download-box.js';
import { createProvider } from './providers/create-provider.js';
import { deleteProvider } from './providers/delete-provider.js';
import { readProvider } from './providers/read-provider.js';
import { updateProvider } from './providers/update-provider.js';
import { registryRules } from './rules.js';
import { iterateBoxes } from './search/iterate-boxes.js';
import { searchBoxes } from './search/search-boxes.js';
import { completeDirectUpload } from './uploads/complete-direct-upload.js';
import { prepareDirectUpload } from './uploads/prepare-direct-upload.js';
import { prepareUpload } from './uploads/prepare-upload.js';
import { markOwnFetch } from './uploads/storage-fetch.js';
import { uploadBox } from './uploads/upload-box.js';
import { readUser } from './users/read-user.js';
import { packageVersion } from './version.js';
import { createVersion } from './versions/create-version.js';
import { deleteVersion } from './versions/delete-version.js';
import { readVersion } from './versions/read-version.js';
import { releaseVersion } from './versions/release-version.js';
import { revokeVersion } from './versions/revoke-version.js';
import { updateVersion } from './versions/update-version.js';

/** Where the token goes: `Authorization: Bearer` (default), the `X-Registry-Token` header, or the `access_token` query parameter. */
export type RegistryAuthHeader = 'bearer' | 'x-registry-token' | 'query';

/** Options of `createRegistryClient` and `createRegistryCore`. */
export interface RegistryClientOptions extends ClientOptions {
  /**
   * Where the token goes. Default `'bearer'`. `'x-registry-token'` is the older header the registry
   * still accepts; `'query'` puts the token in the URL as `access_token`, which proxies and logs may
   * record, so it is used only when chosen here (errors and hooks show it redacted).
   */
  readonly authHeader?: RegistryAuthHeader;
}

/** What standalone operations need: the transports, the registry's service rules and the resolved settings. */
export interface RegistryCore extends ClientCore {
  /** Requests under `/api/v1`. */
  readonly transport: Transport;
  /** A 2xx body that reports a failure is refused; a 403 becomes a DisallowedUseError. */
  readonly rules: ServiceRules;
  /** PUTs to storage addresses: never the token, and a streamed body refuses redirects so that no chunk is kept. */
  readonly storage: Transport;
  /** The registry's address, normalised (no trailing slash). */
  readonly baseUrl: string;
  /** `baseUrl` plus `/api/v1`. */
  readonly apiUrl: string;
  /** Where the token goes, as chosen in the options. */
  readonly authHeader: RegistryAuthHeader;
  /** A description without the token. */
  toJSON(): Record<string, unknown>;
}

/** Path prefix of every registry endpoint. */
export const API_PREFIX = '/api/v1';

const AUTH_SCHEMES: Readonly<Record<RegistryAuthHeader, AuthScheme>> = {
  bearer: { type: 'bearer' },
  'x-registry-token': { type: 'header', name: 'X-Registry-Token' },
  query: { type: 'query', name: 'access_token' },
};

const inspect = Symbol.for('nodejs.util.inspect.custom');

/** Builds the core object that standalone operations take (`readBox(core, 'hashicorp/bionic64')`). */
export function createRegistryCore(options: RegistryClientOptions): RegistryCore {
  const authHeader = options.authHeader ?? 'bearer';
  const auth = Object.hasOwn(AUTH_SCHEMES, authHeader) ? AUTH_SCHEMES[authHeader] : undefined;
  if (auth === undefined) {
    throw new TypeError(
      `authHeader must be 'bearer', 'x-registry-token' or 'query', not ${String(authHeader)}`,
    );
  }
  const profile: ServiceProfile = {
    packageName: '@infra-sdk/registry-client',
    packageVersion,
    pathPrefix: API_PREFIX,
    auth,
    metaHeaders: { requestId: 'x-request-id' },
    headers: { accept: 'application/json' },
    // Downloads redirect to storage on other hosts: a GET follows there bare (no token, no headers);
    // anything else that leaves the registry's origin is refused.
    crossOriginRedirects: 'follow-without-credentials',
  };
  // Core follows redirects: credentials stay on the registry's origin (and `trustedOrigins`).
  const transport = createServiceTransport(profile, { ...options, auth });
  const { token: _token, ...withoutToken } = options;
  // A streamed upload refuses redirects (core sends a streamed body so), which keeps no chunk for them.
  const storage = createServiceTransport(profile, { ...withoutToken, auth });
  if (options.fetch !== undefined) markOwnFetch(storage);
  const describe = (): Record<string, unknown> => ({ ...transport.toJSON(), authHeader });
  const apiUrl = `${transport.baseUrl}${API_PREFIX}`;
  return {
    transport,
    rules: registryRules(apiUrl),
    storage,
    baseUrl: transport.baseUrl,
    apiUrl,
    authHeader,
    toJSON: describe,
    [inspect]: describe,
  } as RegistryCore;
}

/** The operations of `client.tokens`: create a token from a login, check the current one, revoke it. */
export const tokenOperations = {
  /** POST /api/v1/authenticate — creates a token from a login (see {@link createToken}). */
  create: createToken,
  /** GET /api/v1/authenticate — checks the client's token (see {@link validateToken}). */
  validate: validateToken,
  /** DELETE /api/v1/authenticate — revokes the client's token (see {@link deleteToken}). */
  delete: deleteToken,
} as const;

/** The operations of `client.twoFactor`: two-factor authentication codes. */
export const twoFactorOperations = {
  /** POST /api/v1/two-factor/request-code — sends a two-factor code (see {@link requestTwoFactorCode}). */
  requestCode: requestTwoFactorCode,
} as const;

/** The operations of `client.users`: users and organizations. */
export const userOperations = {
  /** GET /api/v1/user/:username — reads a user or organization (see {@link readUser}). */
  read: readUser,
} as const;

/** The operations of `client.search`: one page of boxes, or every page. */
export const searchOperations = {
  /** GET /api/v1/search — one page of boxes (see {@link searchBoxes}). */
  boxes: searchBoxes,
  /** GET /api/v1/search — every matching box, page after page (see {@link iterateBoxes}). */
  iterate: iterateBoxes,
  /** @deprecated Use `search.iterate`; removed in the next minor version. */
  all: iterateBoxes,
} as const;

/** The operations of `client.boxes`. */
export const boxOperations = {
  /** GET /api/v1/box/:username/:name — reads a box (see {@link readBox}). */
  read: readBox,
  /** POST /api/v1/boxes — creates a box (see {@link createBox}). */
  create: createBox,
  /** PUT /api/v1/box/:username/:name — changes a box (see {@link updateBox}). */
  update: updateBox,
  /** DELETE /api/v1/box/:username/:name — deletes a box (see {@link deleteBox}). */
  delete: deleteBox,
} as const;

/** The operations of `client.versions`: versions of a box. */
export const versionOperations = {
  /** GET /api/v1/box/:username/:name/version/:version — reads a version (see {@link readVersion}). */
  read: readVersion,
  /** POST /api/v1/box/:username/:name/versions — creates a version (see {@link createVersion}). */
  create: createVersion,
  /** PUT /api/v1/box/:username/:name/version/:version — changes a version (see {@link updateVersion}). */
  update: updateVersion,
  /** DELETE /api/v1/box/:username/:name/version/:version — deletes a version (see {@link deleteVersion}). */
  delete: deleteVersion,
  /** PUT /api/v1/box/:username/:name/version/:version/release — releases a version (see {@link releaseVersion}). */
  release: releaseVersion,
  /** PUT /api/v1/box/:username/:name/version/:version/revoke — revokes a version (see {@link revokeVersion}). */
  revoke: revokeVersion,
} as const;

/** The operations of `client.providers`: one box file per provider of a version. */
export const providerOperations = {
  /** GET /api/v1/box/:username/:name/version/:version/provider/:provider — reads a provider (see {@link readProvider}). */
  read: readProvider,
  /** POST /api/v1/box/:username/:name/version/:version/providers — creates a provider (see {@link createProvider}). */
  create: createProvider,
  /** PUT /api/v1/box/:username/:name/version/:version/provider/:provider — changes a provider (see {@link updateProvider}). */
  update: updateProvider,
  /** DELETE /api/v1/box/:username/:name/version/:version/provider/:provider — deletes a provider (see {@link deleteProvider}). */
  delete: deleteProvider,
} as const;

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

/** The grouped client: every standalone operation, bound to one core. */
export interface RegistryClient {
  /** The core object, for standalone operations and the `./node` helpers. */
  readonly core: RegistryCore;
  /** Tokens: create one from a login, check the current one, revoke it. */
  readonly tokens: BoundGroup<RegistryCore, typeof tokenOperations>;
  /** Two-factor authentication codes. */
  readonly twoFactor: BoundGroup<RegistryCore, typeof twoFactorOperations>;
  /** Users and organizations. */
  readonly users: BoundGroup<RegistryCore, typeof userOperations>;
  /** Box search: `boxes` reads one page, `iterate` every page. */
  readonly search: BoundGroup<RegistryCore, typeof searchOperations>;
  /** Boxes. */
  readonly boxes: BoundGroup<RegistryCore, typeof boxOperations>;
  /** Versions of a box. */
  readonly versions: BoundGroup<RegistryCore, typeof versionOperations>;
  /** Providers of a version: one box file per provider. */
  readonly providers: BoundGroup<RegistryCore, typeof providerOperations>;
  /** Box uploads and downloads. */
  readonly uploads: BoundGroup<RegistryCore, typeof uploadOperations>;
  /** Any registry endpoint the typed surface does not cover yet, with the same auth, retries and errors. */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T, ResponseMeta>;
  /** A description without the token. */
  toJSON(): Record<string, unknown>;
}

/** Builds the grouped client: `registry.boxes.read(tag)`, `registry.versions.release(tag, version)`, ... */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const core = createRegistryCore(options);
  const describe = () => core.toJSON();
  const client: RegistryClient & { [inspect]: () => Record<string, unknown> } = {
    core,
    tokens: bindOperations(core, tokenOperations),
    twoFactor: bindOperations(core, twoFactorOperations),
    users: bindOperations(core, userOperations),
    search: bindOperations(core, searchOperations),
    boxes: bindOperations(core, boxOperations),
    versions: bindOperations(core, versionOperations),
    providers: bindOperations(core, providerOperations),
    uploads: bindOperations(core, uploadOperations),
    request: (request, call) => sendRawRequest(core.transport, request, call),
    toJSON: describe,
    [inspect]: describe,
  };
  return client;
}
