// A versioned key-value store: each write of a secret adds a version (check-and-set on request), the
// oldest beyond `maxVersions` are dropped, and a version can be deleted (hidden, restorable) or destroyed
// (its data gone for good). Secret sync reads the current version of a secret from here.
import { fail } from '../answer.js';

/** One version of a secret. */
export interface FakeKvVersion {
  /** The data written; null once destroyed. */
  data: Record<string, unknown> | null;
  /** When it was written, as ISO 8601 text. */
  readonly created_time: string;
  /** When it was deleted, as ISO 8601 text; `''` while it is not. */
  deletion_time: string;
  /** Whether its data was destroyed. */
  destroyed: boolean;
}

/** A secret and its versions. */
export interface FakeKvSecret {
  /** Versions still kept, by number. */
  readonly versions: Map<number, FakeKvVersion>;
  /** The newest version's number. */
  current_version: number;
  /** The oldest version's number still kept. */
  oldest_version: number;
  /** When the first version was written. */
  readonly created_time: string;
  /** When the last version was written. */
  updated_time: string;
}

/** What a version says about itself on a read or a write. */
function versionMetadata(version: number, entry: FakeKvVersion): Record<string, unknown> {
  return {
    created_time: entry.created_time,
    custom_metadata: null,
    deletion_time: entry.deletion_time,
    destroyed: entry.destroyed,
    version,
  };
}

/** The state of one key-value mount. */
export class KvState {
  /** Secrets by path (`app/db`). */
  readonly secrets = new Map<string, FakeKvSecret>();
  /** Versions kept per secret. */
  maxVersions = 10;

  /** Writes a new version; with `cas`, only when the current version is `cas` (0: only a new secret). */
  write(
    path: string,
    data: Record<string, unknown>,
    cas: number | undefined,
    now: number,
  ): Record<string, unknown> {
    const existing = this.secrets.get(path);
    if (cas !== undefined && cas !== (existing?.current_version ?? 0)) {
      fail(400, 'check-and-set parameter did not match the current version');
    }
    const time = new Date(now).toISOString();
    const secret: FakeKvSecret = existing ?? {
      versions: new Map(),
      current_version: 0,
      oldest_version: 0,
      created_time: time,
      updated_time: time,
    };
    const version = secret.current_version + 1;
    const entry: FakeKvVersion = { data, created_time: time, deletion_time: '', destroyed: false };
    secret.versions.set(version, entry);
    secret.current_version = version;
    secret.updated_time = time;
    for (const old of [...secret.versions.keys()]) {
      if (old <= version - this.maxVersions) secret.versions.delete(old);
    }
    secret.oldest_version = Math.min(...secret.versions.keys());
    this.secrets.set(path, secret);
    return versionMetadata(version, entry);
  }

  /** A version (default the current one) and its metadata; deleted and destroyed versions answer 404 with their metadata. */
  read(path: string, version: number | undefined) {
    const secret = this.secrets.get(path);
    const number = version && version > 0 ? version : (secret?.current_version ?? 0);
    const entry = secret?.versions.get(number);
    if (!entry) fail(404);
    const metadata = versionMetadata(number, entry);
    if (entry.deletion_time !== '' || entry.destroyed) return { status: 404, data: { data: null, metadata } };
    return { data: { data: entry.data, metadata } };
  }

  /** The data of a secret's current version, unless the secret does not exist or that version is deleted or destroyed. */
  current(path: string): { version: number; data: Record<string, unknown> } | undefined {
    const secret = this.secrets.get(path);
    const entry = secret?.versions.get(secret.current_version);
    if (!secret || !entry || entry.deletion_time !== '' || entry.destroyed || !entry.data) return undefined;
    return { version: secret.current_version, data: entry.data };
  }

  /** Applies `change` to each of `versions` that exists (unknown versions are ignored, as the service does). */
  change(path: string, versions: readonly number[], change: (entry: FakeKvVersion) => void): void {
    const secret = this.secrets.get(path);
    for (const version of versions) {
      const entry = secret?.versions.get(version);
      if (entry) change(entry);
    }
  }

  /** The current version's number, or none for an unknown secret. */
  currentVersion(path: string): number[] {
    const version = this.secrets.get(path)?.current_version;
    return version === undefined ? [] : [version];
  }

  /** The metadata of a secret and every version kept. */
  metadata(path: string): Record<string, unknown> {
    const secret = this.secrets.get(path);
    if (!secret) fail(404);
    const versions: Record<string, unknown> = {};
    for (const [number, entry] of secret.versions) {
      versions[String(number)] = {
        created_time: entry.created_time,
        deletion_time: entry.deletion_time,
        destroyed: entry.destroyed,
      };
    }
    return {
      cas_required: false,
      created_time: secret.created_time,
      current_version: secret.current_version,
      custom_metadata: null,
      delete_version_after: '0s',
      max_versions: 0,
      oldest_version: secret.oldest_version,
      updated_time: secret.updated_time,
      versions,
    };
  }

  /** The names right under `folder` (`''` for the top): secrets, and folders with a trailing "/". */
  list(folder: string): string[] {
    const prefix = folder === '' ? '' : `${folder}/`;
    const keys = new Set<string>();
    for (const path of this.secrets.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length).split('/');
      keys.add(rest.length > 1 ? `${rest[0]}/` : (rest[0] ?? ''));
    }
    return [...keys];
  }
}
