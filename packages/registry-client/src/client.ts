// The registry client: a small core object that standalone operations take, and a grouped façade built
// from those operations. Importing the core and one operation bundles only that operation.
import {
  type ApiPromise,
  type AuthScheme,
  type ClientOptions,
  createServiceTransport,
  type RawRequest,
  type RequestOptions,
  type ResponseMeta,
  type ServiceProfile,
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
import { searchAllBoxes } from './search/search-all-boxes.js';
import { searchBoxes } from './search/search-boxes.js';
import { completeDirectUpload } from './uploads/complete-direct-upload.js';
import { prepareDirectUpload } from './uploads/prepare-direct-upload.js';
import { prepareUpload } from './uploads/prepare-upload.js';
import { markOwnFetch, storageFetch } from './uploads/storage-fetch.js';
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

/** What standalone operations need: the transports and the resolved settings of one registry. */
export interface RegistryCore {
  /** Requests under `/api/v1`. */
  readonly transport: Transport;
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
  const storage = createServiceTransport(profile, {
    ...withoutToken,
    auth,
    fetch: storageFetch(options.fetch),
  });
  if (options.fetch !== undefined) markOwnFetch(storage);
  const describe = (): Record<string, unknown> => ({ ...transport.toJSON(), authHeader });
  return {
    transport,
    storage,
    baseUrl: transport.baseUrl,
    apiUrl: `${transport.baseUrl}${API_PREFIX}`,
    authHeader,
    toJSON: describe,
    [inspect]: describe,
  } as RegistryCore;
}

/** A standalone operation with its core already given. */
type Bound<F> = F extends (core: RegistryCore, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The grouped client: every standalone operation, bound to one core. */
export interface RegistryClient {
  /** The core object, for standalone operations and the `./node` helpers. */
  readonly core: RegistryCore;
  /** Tokens: create one from a login, check the current one, revoke it. */
  readonly tokens: {
    /** Calls {@link createToken} with this client's core: POST /api/v1/authenticate. */
    readonly create: Bound<typeof createToken>;
    /** Calls {@link validateToken} with this client's core: GET /api/v1/authenticate. */
    readonly validate: Bound<typeof validateToken>;
    /** Calls {@link deleteToken} with this client's core: DELETE /api/v1/authenticate. */
    readonly delete: Bound<typeof deleteToken>;
  };
  /** Two-factor authentication codes. */
  readonly twoFactor: {
    /** Calls {@link requestTwoFactorCode} with this client's core: POST /api/v1/two-factor/request-code. */
    readonly requestCode: Bound<typeof requestTwoFactorCode>;
  };
  /** Users and organizations. */
  readonly users: {
    /** Calls {@link readUser} with this client's core: GET /api/v1/user/:username. */
    readonly read: Bound<typeof readUser>;
  };
  /** Box search. */
  readonly search: {
    /** Calls {@link searchBoxes} with this client's core: GET /api/v1/search, one page. */
    readonly boxes: Bound<typeof searchBoxes>;
    /** Calls {@link searchAllBoxes} with this client's core: GET /api/v1/search, every page in turn. */
    readonly all: Bound<typeof searchAllBoxes>;
  };
  /** Boxes. */
  readonly boxes: {
    /** Calls {@link readBox} with this client's core: GET /api/v1/box/:username/:name. */
    readonly read: Bound<typeof readBox>;
    /** Calls {@link createBox} with this client's core: POST /api/v1/boxes. */
    readonly create: Bound<typeof createBox>;
    /** Calls {@link updateBox} with this client's core: PUT /api/v1/box/:username/:name. */
    readonly update: Bound<typeof updateBox>;
    /** Calls {@link deleteBox} with this client's core: DELETE /api/v1/box/:username/:name. */
    readonly delete: Bound<typeof deleteBox>;
  };
  /** Versions of a box. */
  readonly versions: {
    /** Calls {@link readVersion} with this client's core: GET /api/v1/box/:username/:name/version/:version. */
    readonly read: Bound<typeof readVersion>;
    /** Calls {@link createVersion} with this client's core: POST /api/v1/box/:username/:name/versions. */
    readonly create: Bound<typeof createVersion>;
    /** Calls {@link updateVersion} with this client's core: PUT /api/v1/box/:username/:name/version/:version. */
    readonly update: Bound<typeof updateVersion>;
    /** Calls {@link deleteVersion} with this client's core: DELETE /api/v1/box/:username/:name/version/:version. */
    readonly delete: Bound<typeof deleteVersion>;
    /** Calls {@link releaseVersion} with this client's core: PUT /api/v1/box/:username/:name/version/:version/release. */
    readonly release: Bound<typeof releaseVersion>;
    /** Calls {@link revokeVersion} with this client's core: PUT /api/v1/box/:username/:name/version/:version/revoke. */
    readonly revoke: Bound<typeof revokeVersion>;
  };
  /** Providers of a version: one box file per provider. */
  readonly providers: {
    /** Calls {@link readProvider} with this client's core: GET /api/v1/box/:username/:name/version/:version/provider/:provider. */
    readonly read: Bound<typeof readProvider>;
    /** Calls {@link createProvider} with this client's core: POST /api/v1/box/:username/:name/version/:version/providers. */
    readonly create: Bound<typeof createProvider>;
    /** Calls {@link updateProvider} with this client's core: PUT /api/v1/box/:username/:name/version/:version/provider/:provider. */
    readonly update: Bound<typeof updateProvider>;
    /** Calls {@link deleteProvider} with this client's core: DELETE /api/v1/box/:username/:name/version/:version/provider/:provider. */
    readonly delete: Bound<typeof deleteProvider>;
  };
  /** Box uploads and downloads. */
  readonly uploads: {
    /** Calls {@link prepareUpload} with this client's core: GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload. */
    readonly prepare: Bound<typeof prepareUpload>;
    /** Calls {@link prepareDirectUpload} with this client's core: GET /api/v1/box/:username/:name/version/:version/provider/:provider/upload/direct. */
    readonly prepareDirect: Bound<typeof prepareDirectUpload>;
    /** Calls {@link completeDirectUpload} with this client's core: PUT {callback}. */
    readonly completeDirect: Bound<typeof completeDirectUpload>;
    /** Calls {@link uploadBox} with this client's core: prepares the upload, then streams the asset to storage. */
    readonly upload: Bound<typeof uploadBox>;
    /** Calls {@link downloadBox} with this client's core: reads the provider, then streams its asset and verifies the checksum. */
    readonly download: Bound<typeof downloadBox>;
  };
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
    tokens: {
      create: (request, call) => createToken(core, request, call),
      validate: (call) => validateToken(core, call),
      delete: (call) => deleteToken(core, call),
    },
    twoFactor: {
      requestCode: (request, call) => requestTwoFactorCode(core, request, call),
    },
    users: {
      read: (username, call) => readUser(core, username, call),
    },
    search: {
      boxes: (call) => searchBoxes(core, call),
      all: (call) => searchAllBoxes(core, call),
    },
    boxes: {
      read: (tag, call) => readBox(core, tag, call),
      create: (request, call) => createBox(core, request, call),
      update: (tag, request, call) => updateBox(core, tag, request, call),
      delete: (tag, call) => deleteBox(core, tag, call),
    },
    versions: {
      read: (tag, version, call) => readVersion(core, tag, version, call),
      create: (tag, request, call) => createVersion(core, tag, request, call),
      update: (tag, version, request, call) => updateVersion(core, tag, version, request, call),
      delete: (tag, version, call) => deleteVersion(core, tag, version, call),
      release: (tag, version, call) => releaseVersion(core, tag, version, call),
      revoke: (tag, version, call) => revokeVersion(core, tag, version, call),
    },
    providers: {
      read: (tag, version, provider, call) => readProvider(core, tag, version, provider, call),
      create: (tag, version, request, call) => createProvider(core, tag, version, request, call),
      update: (tag, version, provider, request, call) =>
        updateProvider(core, tag, version, provider, request, call),
      delete: (tag, version, provider, call) => deleteProvider(core, tag, version, provider, call),
    },
    uploads: {
      prepare: (tag, version, provider, call) => prepareUpload(core, tag, version, provider, call),
      prepareDirect: (tag, version, provider, call) =>
        prepareDirectUpload(core, tag, version, provider, call),
      completeDirect: (callback, call) => completeDirectUpload(core, callback, call),
      upload: (tag, version, provider, source, call) => uploadBox(core, tag, version, provider, source, call),
      download: (tag, version, provider, call) => downloadBox(core, tag, version, provider, call),
    },
    request: (request, call) => sendRawRequest(core.transport, request, call),
    toJSON: describe,
    [inspect]: describe,
  };
  return client;
}
