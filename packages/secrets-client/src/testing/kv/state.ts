// A versioned key-value store: each write of a secret adds a version (check-and-set on request), the
// oldest beyond `maxVersions` are dropped, and a version can be deleted (hidden, restorable) or destroyed
// (its data gone for good), or deleted by time (`delete_version_after`, on the fake's clock). Secret
// sync reads the current version of a secret from here.
import { type Clock, systemClock } from '@infra-sdk/core';
import { fail } from '../answer.js';

/** One version of a secret. */
export interface FakeKvVersion {
  /** The data written; null once destroyed. */
  data: Record<string, unknown> | null;
  /** When it was written, as ISO 8601 text. */
  readonly created_time: string;
  /**
   * When it was deleted, or will be (written under a `delete_version_after`), as ISO 8601 text; `''`
   * while it is not to be.
   */
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
  /** Versions kept of this secret; 0: the mount's setting. */
  max_versions: number;
  /** Whether every write must give `cas`. */
  cas_required: boolean;
  /** Seconds after which a version is deleted; 0: never. */
  delete_version_after: number;
  /** The secret's custom metadata. */
  custom_metadata: Record<string, string> | null;
}

/** The settings of a secret as a metadata write or patch gives them. */
export interface FakeKvSettings {
  readonly max_versions?: number | undefined;
  readonly cas_required?: boolean | undefined;
  readonly delete_version_after?: number | undefined;
  /** Replaced as a whole by a write; merged by a patch, where null removes a name. */
  readonly custom_metadata?: Readonly<Record<string, string | null>> | undefined;
}

/** Whether a version is deleted at `now`: its deletion time has come. */
export function isDeleted(entry: FakeKvVersion, now: number): boolean {
  return entry.deletion_time !== '' && Date.parse(entry.deletion_time) <= now;
}

/** A merge patch (RFC 7386) of `patch` onto `target`. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  return result;
}

/** The names of `data`, nested objects kept to `depth` levels (0: all), every other value null. */
function subkeysOf(data: Record<string, unknown>, depth: number, level = 1): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const nested = typeof value === 'object' && value !== null && !Array.isArray(value);
    result[name] =
      nested && (depth === 0 || level < depth)
        ? subkeysOf(value as Record<string, unknown>, depth, level + 1)
        : null;
  }
  return result;
}

/** What a version says about itself on a read or a write. */
function versionMetadata(
  version: number,
  entry: FakeKvVersion,
  secret: FakeKvSecret | undefined,
): Record<string, unknown> {
  return {
    created_time: entry.created_time,
    custom_metadata: secret?.custom_metadata ?? null,
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
  readonly #clock: Clock;

  /** `clock` says when versions written under a `delete_version_after` are deleted. */
  constructor(clock: Clock = systemClock) {
    this.#clock = clock;
  }

  /** Writes a new version; with `cas`, only when the current version is `cas` (0: only a new secret). */
  write(
    path: string,
    data: Record<string, unknown>,
    cas: number | undefined,
    now: number,
  ): Record<string, unknown> {
    const existing = this.secrets.get(path);
    if (existing?.cas_required && cas === undefined) {
      fail(400, 'check-and-set parameter required for this call');
    }
    if (cas !== undefined && cas !== (existing?.current_version ?? 0)) {
      fail(400, 'check-and-set parameter did not match the current version');
    }
    const time = new Date(now).toISOString();
    const secret: FakeKvSecret = existing ?? this.#create(time);
    const version = secret.current_version + 1;
    // A version written under a `delete_version_after` carries its deletion time from the start.
    const deletion_time =
      secret.delete_version_after > 0 ? new Date(now + secret.delete_version_after * 1000).toISOString() : '';
    const entry: FakeKvVersion = { data, created_time: time, deletion_time, destroyed: false };
    secret.versions.set(version, entry);
    secret.current_version = version;
    secret.updated_time = time;
    const kept = secret.max_versions > 0 ? secret.max_versions : this.maxVersions;
    for (const old of [...secret.versions.keys()]) {
      if (old <= version - kept) secret.versions.delete(old);
    }
    secret.oldest_version = Math.min(...secret.versions.keys());
    this.secrets.set(path, secret);
    return versionMetadata(version, entry, secret);
  }

  #create(time: string): FakeKvSecret {
    return {
      versions: new Map(),
      current_version: 0,
      oldest_version: 0,
      created_time: time,
      updated_time: time,
      max_versions: 0,
      cas_required: false,
      delete_version_after: 0,
      custom_metadata: null,
    };
  }

  /** A new version: the current one with `patch` merged in; 404 without a readable current version. */
  patch(
    path: string,
    patch: Record<string, unknown>,
    cas: number | undefined,
    now: number,
  ): Record<string, unknown> {
    const current = this.current(path);
    if (current === undefined) fail(404);
    return this.write(path, mergePatch(current.data, patch) as Record<string, unknown>, cas, now);
  }

  /** The names of a version (default the current one) without their values. */
  subkeys(path: string, version: number | undefined, depth: number) {
    const read = this.read(path, version);
    if ('status' in read) fail(404);
    const { data, metadata } = read.data as { data: Record<string, unknown>; metadata: unknown };
    return { data: { subkeys: subkeysOf(data, depth), metadata } };
  }

  /** Sets a secret's settings (creating it without versions); a patch needs it to exist and merges. */
  settle(path: string, settings: FakeKvSettings, patch: boolean, now: number): void {
    const existing = this.secrets.get(path);
    if (patch && existing === undefined) fail(404);
    const secret = existing ?? this.#create(new Date(now).toISOString());
    if (settings.max_versions !== undefined) secret.max_versions = settings.max_versions;
    if (settings.cas_required !== undefined) secret.cas_required = settings.cas_required;
    if (settings.delete_version_after !== undefined)
      secret.delete_version_after = settings.delete_version_after;
    if (settings.custom_metadata !== undefined) {
      const merged = mergePatch(patch ? (secret.custom_metadata ?? {}) : {}, settings.custom_metadata);
      secret.custom_metadata = merged as Record<string, string>;
    }
    this.secrets.set(path, secret);
  }

  /** A version (default the current one) and its metadata; deleted and destroyed versions answer 404 with their metadata. */
  read(path: string, version: number | undefined) {
    const secret = this.secrets.get(path);
    const number = version && version > 0 ? version : (secret?.current_version ?? 0);
    const entry = secret?.versions.get(number);
    if (!entry) fail(404);
    const metadata = versionMetadata(number, entry, secret);
    if (isDeleted(entry, this.#clock.now()) || entry.destroyed)
      return { status: 404, data: { data: null, metadata } };
    return { data: { data: entry.data, metadata } };
  }

  /** The data of a secret's current version, unless the secret does not exist or that version is deleted or destroyed. */
  current(path: string): { version: number; data: Record<string, unknown> } | undefined {
    const secret = this.secrets.get(path);
    const entry = secret?.versions.get(secret.current_version);
    if (!secret || !entry || isDeleted(entry, this.#clock.now()) || entry.destroyed || !entry.data)
      return undefined;
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
      cas_required: secret.cas_required,
      created_time: secret.created_time,
      current_version: secret.current_version,
      custom_metadata: secret.custom_metadata,
      delete_version_after: `${secret.delete_version_after}s`,
      max_versions: secret.max_versions,
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
