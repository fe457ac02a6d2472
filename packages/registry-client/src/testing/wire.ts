// Records as the registry sends them. Private details (passwords, asset keys) never leave here.
import { renderMarkdown } from './markdown.js';
import {
  type AccountRecord,
  type BoxRecord,
  type ProviderRecord,
  UNKNOWN_ARCHITECTURE,
  type VersionRecord,
} from './records.js';
import { compareVersions } from './version-order.js';

/** Addresses the wire forms link to. */
export interface Addresses {
  /** The fake's address, e.g. `http://127.0.0.1:1234`. */
  readonly url: string;
}

const segment = encodeURIComponent;

/**
 * Where a provider's box is downloaded: `.../providers/<name>.box` for one created through `/api/v1`,
 * `.../providers/<name>/<architecture>/vagrant.box` for one with an architecture.
 */
export function downloadUrl(
  addresses: Addresses,
  box: BoxRecord,
  version: VersionRecord,
  provider: ProviderRecord,
): string {
  const base = `${addresses.url}/${segment(box.username)}/boxes/${segment(box.name)}/versions/${segment(version.version)}/providers/${segment(provider.name)}`;
  return provider.architecture === UNKNOWN_ARCHITECTURE
    ? `${base}.box`
    : `${base}/${segment(provider.architecture)}/vagrant.box`;
}

export function providerToWire(
  addresses: Addresses,
  box: BoxRecord,
  version: VersionRecord,
  provider: ProviderRecord,
  withChecksum: boolean,
): Record<string, unknown> {
  return {
    name: provider.name,
    hosted: provider.assetKey !== undefined,
    hosted_token: null,
    original_url: provider.url,
    created_at: provider.createdAt,
    updated_at: provider.updatedAt,
    download_url: downloadUrl(addresses, box, version, provider),
    architecture: provider.architecture,
    default_architecture: provider.defaultArchitecture,
    ...(withChecksum ? { checksum: provider.checksum, checksum_type: provider.checksumType } : {}),
  };
}

export function versionToWire(
  addresses: Addresses,
  box: BoxRecord,
  version: VersionRecord,
): Record<string, unknown> {
  const base = `${addresses.url}/api/v1/box/${segment(box.username)}/${segment(box.name)}/version/${segment(version.version)}`;
  return {
    version: version.version,
    status: version.status,
    description_html: renderMarkdown(version.descriptionMarkdown),
    description_markdown: version.descriptionMarkdown,
    created_at: version.createdAt,
    updated_at: version.updatedAt,
    number: version.version,
    release_url: `${base}/release`,
    revoke_url: `${base}/revoke`,
    providers: version.providers.map((provider) => providerToWire(addresses, box, version, provider, false)),
  };
}

/** The latest active version by number, or undefined. */
export function currentVersion(box: BoxRecord): VersionRecord | undefined {
  return box.versions
    .filter((version) => version.status === 'active')
    .sort((a, b) => compareVersions(b.version, a.version))[0];
}

/** A box; `versions` (those the caller may see) only for a single-box read. */
export function boxToWire(
  addresses: Addresses,
  box: BoxRecord,
  versions: readonly VersionRecord[] | undefined,
): Record<string, unknown> {
  const current = currentVersion(box);
  return {
    created_at: box.createdAt,
    updated_at: box.updatedAt,
    tag: `${box.username}/${box.name}`,
    name: box.name,
    short_description: box.shortDescription,
    description_html: renderMarkdown(box.descriptionMarkdown),
    username: box.username,
    description_markdown: box.descriptionMarkdown,
    private: box.private,
    downloads: box.downloads,
    current_version: current === undefined ? null : versionToWire(addresses, box, current),
    ...(versions === undefined
      ? {}
      : { versions: versions.map((version) => versionToWire(addresses, box, version)) }),
  };
}

export function accountToWire(
  account: AccountRecord,
  boxes: readonly Record<string, unknown>[],
): Record<string, unknown> {
  return {
    username: account.username,
    avatar_url: account.avatarUrl,
    profile_html: renderMarkdown(account.profileMarkdown),
    profile_markdown: account.profileMarkdown,
    boxes,
  };
}
