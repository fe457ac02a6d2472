// Paths of a box, its versions and their providers: each nests in the one before, every part encoded
// as one segment.
import { path, RequestValidationError } from '@infra-sdk/core';

/** `/box/<username>/<name>` from a tag `<username>/<name>`, each part encoded as one segment. */
export function boxPath(tag: string): string {
  const parts = typeof tag === 'string' ? tag.split('/') : [];
  const [username, name] = parts;
  if (parts.length !== 2 || !username || !name) {
    throw new RequestValidationError('box tag', [
      {
        path: 'tag',
        message: `must be "<username>/<name>", got ${typeof tag === 'string' ? JSON.stringify(tag) : typeof tag}`,
      },
    ]);
  }
  return path`/box/${username}/${name}`;
}

/** `/box/<username>/<name>/version/<version>`. */
export function versionPath(tag: string, version: string): string {
  return boxPath(tag) + path`/version/${version}`;
}

/** `/box/<username>/<name>/version/<version>/provider/<provider>`. */
export function providerPath(tag: string, version: string, provider: string): string {
  return versionPath(tag, version) + path`/provider/${provider}`;
}

/** A provider of one CPU architecture, reached through the registry's v2 paths. */
export interface ProviderArchitecture {
  /** Provider name: `virtualbox`, `libvirt`, ... */
  readonly name: string;
  /** CPU architecture of its box image: `amd64`, `arm64`, `i386`, ... */
  readonly architecture: string;
}

/**
 * Names a provider of a version: its name alone (`'virtualbox'`, the `/api/v1` paths, which reach the
 * version's default architecture of that provider) or `{ name, architecture }` (the `/api/v2` paths).
 */
export type ProviderRef = string | ProviderArchitecture;

/** Where one call to the registry goes: a path under `/api/v1`, or an address under `/api/v2`. */
export interface RegistryRoute {
  readonly path: string;
  readonly url?: string | undefined;
  readonly authenticate?: boolean | undefined;
}

/** Path prefix of the registry's architecture-aware endpoints. */
export const API_V2_PREFIX = '/api/v2';

/** The route of `path` under `/api/v2` of the client's registry; the token goes there as to `/api/v1`. */
export function v2Route(baseUrl: string, path: string): RegistryRoute {
  return { path, url: `${baseUrl}${API_V2_PREFIX}${path}`, authenticate: true };
}

/**
 * The route of a provider (plus `suffix`, such as `/upload`): `/api/v1/.../provider/<provider>` for a
 * name, `/api/v2/.../provider/<provider>/<architecture>` for `{ name, architecture }`.
 */
export function providerRoute(
  baseUrl: string,
  tag: string,
  version: string,
  provider: ProviderRef,
  suffix = '',
): RegistryRoute {
  if (typeof provider === 'string') return { path: providerPath(tag, version, provider) + suffix };
  const { name, architecture } = (provider ?? {}) as Partial<ProviderArchitecture>;
  if (typeof architecture !== 'string' || architecture === '' || typeof name !== 'string') {
    throw new RequestValidationError('provider', [
      {
        path: 'provider',
        message: 'must be a provider name or { name, architecture } with a non-empty architecture',
      },
    ]);
  }
  return v2Route(baseUrl, providerPath(tag, version, name) + path`/${architecture}` + suffix);
}
