// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { DurationValue } from '../types.generated.js';

/** Body of POST /{kv_mount}/data/:path. */
export interface KvWriteRequest {
  /** The secret's names and values (any JSON); an object, not a list. */
  data: KvData;
  /** Options of the write: `cas`, the check-and-set version. */
  options?:
    | {
        /** Check-and-set: write only when the current version is this one (0: only when the secret does not exist). */
        cas?: number | undefined;
      }
    | undefined;
}

/** Body of POST /{kv_mount}/delete/:path, /undelete/:path and /destroy/:path. */
export interface KvVersionsRequest {
  versions: number[];
}

/** Body of POST (write) and PATCH (merge) /{kv_mount}/metadata/:path: the settings of a secret. */
export interface KvMetadataRequest {
  /** Versions kept; 0: the mount's setting. */
  max_versions?: number | undefined;
  /** Whether every write must give `cas`. */
  cas_required?: boolean | undefined;
  /** How long until a version is deleted: seconds or duration text (`0s`: never). */
  delete_version_after?: DurationValue | undefined;
  /** Metadata of the secret, text to text; in a patch, a name set to null is removed. */
  custom_metadata?: Record<string, string | null> | undefined;
}

/** The data of a secret: names to any JSON values. */
export interface KvData {
  [key: string]: unknown;
}

/** `data` of POST /{kv_mount}/data/:path, and `metadata` of a read: one version as it stands. */
export interface KvVersion {
  [key: string]: unknown;
  /** When the version was written (RFC 3339). */
  created_time: string;
  /** The secret's custom metadata. */
  custom_metadata?: Record<string, string> | null | undefined;
  /** When the version was deleted (RFC 3339); `''` while it is not. */
  deletion_time: string;
  /** Whether the version's data was destroyed. */
  destroyed: boolean;
  /** Number of the version, from 1. */
  version: number;
}

/** `data` of GET /{kv_mount}/data/:path: the version's data and its metadata. */
export interface KvSecret {
  [key: string]: unknown;
  /** The secret's names and values. */
  data: KvData;
  /** The version read. */
  metadata: KvVersion;
}

/** What the metadata says about each version kept. */
export interface KvVersionState {
  [key: string]: unknown;
  created_time: string;
  deletion_time: string;
  destroyed: boolean;
}

/** `data` of GET /{kv_mount}/metadata/:path: the secret and every version kept. */
export interface KvMetadata {
  [key: string]: unknown;
  /** Whether every write must give `cas`. */
  cas_required: boolean;
  /** When the first version was written. */
  created_time: string;
  /** The newest version's number. */
  current_version: number;
  custom_metadata?: Record<string, string> | null | undefined;
  /** How long until a version is deleted (duration text, `0s`: never). */
  delete_version_after?: string | undefined;
  /** Who last changed the secret, when the service records it. */
  last_updated_by?: Record<string, unknown> | undefined;
  /** Versions kept; 0: the mount's setting. */
  max_versions: number;
  /** The oldest version still kept. */
  oldest_version: number;
  /** When the newest version was written. */
  updated_time: string;
  /** Every version kept, by number (`"1"`, `"2"`, ...). */
  versions: Record<string, KvVersionState>;
}

/** `data` of GET /{kv_mount}/subkeys/:path: the secret's names, nested objects kept, every value null. */
export interface KvSubkeys {
  [key: string]: unknown;
  /** The names of the version's data; nested objects as objects (to `depth`), every other value null. */
  subkeys: Record<string, unknown>;
  /** The version whose names these are. */
  metadata: KvVersion;
}
