import type { Clock } from '@infra-sdk/core';
import type { RecordedRequest, RequestHook } from '@infra-sdk/core/testing';
import type { RateLimitOptions } from './rate-limit.js';
import type { SentCode } from './records.js';
import type { StorageFault } from './storage-faults.js';

/** A user of the fake registry. */
export interface FakeUserSeed {
  /** Login name, also the namespace of the user's boxes. */
  readonly username: string;
  /** Password accepted for token creation. */
  readonly password: string;
  /** Also accepted as the login. */
  readonly email?: string;
  /** Where two-factor codes are "sent"; needed with `twoFactor`. */
  readonly phone?: string;
  /** Token creation then needs a code from `requestCode` (see `outbox`). Default false. */
  readonly twoFactor?: boolean;
  /** Profile markdown. */
  readonly profile?: string;
  /** Avatar address shown in the user's profile. */
  readonly avatarUrl?: string;
}

/** An organization: it cannot log in; its members manage its boxes. */
export interface FakeOrganizationSeed {
  /** Name of the organization, also the namespace of its boxes. */
  readonly username: string;
  /** Usernames of the members, who may manage its boxes. */
  readonly members: readonly string[];
  /** Profile markdown. */
  readonly profile?: string;
  /** Avatar address shown in the organization's profile. */
  readonly avatarUrl?: string;
}

/** A provider of a seeded version: with a `url`, an `asset` (stored as if uploaded), or neither. */
export interface FakeProviderSeed {
  /** Provider name, e.g. `virtualbox`. */
  readonly name: string;
  /** An external download address instead of a stored asset. */
  readonly url?: string;
  /** The box file, stored as if it had been uploaded. */
  readonly asset?: Uint8Array;
  /** Checksum of the box file, in hex; give it with `checksum_type`. */
  readonly checksum?: string;
  /** Algorithm of `checksum`, e.g. `sha256`. */
  readonly checksum_type?: string;
  /** CPU architecture of the box file. Default `unknown`, as for a provider created through `/api/v1`. */
  readonly architecture?: string;
  /** The version's default architecture for this provider name. Default: the first seeded of the name. */
  readonly default_architecture?: boolean;
}

/** A version of a seeded box. */
export interface FakeVersionSeed {
  /** Version number, e.g. `1.0.0`. */
  readonly version: string;
  /** Default `unreleased`. A seed skips the release rule, so mind it yourself. */
  readonly status?: 'unreleased' | 'active' | 'revoked';
  /** Markdown description of the version. */
  readonly description?: string;
  /** Providers of the version. */
  readonly providers?: readonly FakeProviderSeed[];
}

/** A box put into the fake directly, without going through the API. */
export interface FakeBoxSeed {
  /** `<username>/<name>`; the owner must exist. */
  readonly tag: string;
  /** Default true, as the registry's. */
  readonly private?: boolean;
  /** One-line description shown in search results. */
  readonly short_description?: string;
  /** Markdown description of the box. */
  readonly description?: string;
  /** Download count to start from. */
  readonly downloads?: number;
  /** Versions of the box. */
  readonly versions?: readonly FakeVersionSeed[];
}

/** Options of `startFakeRegistry`. */
export interface FakeRegistryOptions {
  /** Users that exist from the start. */
  readonly users?: readonly FakeUserSeed[] | undefined;
  /** Organizations that exist from the start. */
  readonly organizations?: readonly FakeOrganizationSeed[] | undefined;
  /** Tokens valid from the start, token → username (more with `issueToken`). */
  readonly tokens?: Readonly<Record<string, string>> | undefined;
  /** Boxes that exist from the start. */
  readonly boxes?: readonly FakeBoxSeed[] | undefined;
  /** Milliseconds an upload address stays valid after issue. Default 60 000. */
  readonly uploadTtlMs?: number | undefined;
  /** Where uploads are kept: in memory (default) or in a temporary folder removed on close (for real box sizes: the fake then holds one chunk at a time). */
  readonly storage?: 'memory' | 'temp-folder' | undefined;
  /** Answer 429 (with Retry-After) beyond this many API requests per caller and window. Default: no limit. */
  readonly rateLimit?: RateLimitOptions | undefined;
  /**
   * Faults storage plays on the first uploads, in order (more with `failStorage`): an error status, a
   * connection cut mid-body, an answer before the whole body arrived.
   */
  readonly storageFaults?: readonly StorageFault[] | undefined;
  /** Runs before the fake's own handling; answer here to inject faults (a 500, a reset, a delay). */
  readonly onRequest?: RequestHook | undefined;
  /**
   * Larger request bodies get a 413, uploads to storage included. Default: 64 MiB for API requests and no
   * limit for uploads, which storage writes as they arrive (to the temp folder with `storage: 'temp-folder'`).
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * Where the fake reads the time: the timestamps it writes (`created_at`, `updated_at`), when upload
   * addresses (`uploadTtlMs`) and two-factor codes expire, and the windows of `rateLimit`. Default
   * `systemClock`. Give it the `createTestClock()` (from `@infra-sdk/core/testing`) the client under
   * test has as its `clock`, and expiry and back-off agree without any real time passing.
   */
  readonly clock?: Clock | undefined;
}

/** A running fake registry. */
export interface FakeRegistry extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`: the `baseUrl` for a client. */
  readonly url: string;
  /** Every request received (storage and downloads included), in order. */
  readonly requests: readonly RecordedRequest[];
  /** Two-factor codes "sent by SMS", oldest first. */
  readonly outbox: readonly SentCode[];
  /** The newest code sent to a user. */
  lastCode(username: string): string | undefined;
  /** Adds a user after start. */
  addUser(user: FakeUserSeed): void;
  /** Adds an organization after start. */
  addOrganization(organization: FakeOrganizationSeed): void;
  /** Creates a token for a user (or takes the given one) and returns it. */
  issueToken(username: string, token?: string): string;
  /** Whether a token is currently valid. */
  hasToken(token: string): boolean;
  /** Seeds a box with versions and providers. */
  addBox(box: FakeBoxSeed): Promise<void>;
  /** The box as its owner reads it (with all versions and provider checksums), or undefined. */
  box(tag: string): Record<string, unknown> | undefined;
  /**
   * The stored asset of a provider (of `architecture`, else the version's default architecture of that
   * name), or undefined. It is read whole: for large boxes use `assetDigest`.
   */
  asset(
    tag: string,
    version: string,
    provider: string,
    architecture?: string,
  ): Promise<Uint8Array | undefined>;
  /** Size and SHA-256 (hex) of a provider's stored asset, computed as it arrived; undefined without one. */
  assetDigest(
    tag: string,
    version: string,
    provider: string,
    architecture?: string,
  ): { readonly size: number; readonly sha256: string } | undefined;
  /** Marks the owner's boxes as delinquent on billing (402) or clears it. */
  setDelinquent(username: string, delinquent: boolean): void;
  /** Maintenance mode: every API request answers 503. */
  setMaintenance(on: boolean): void;
  /**
   * Queues a fault for storage to play on the next upload it applies to (`times` uploads, default 1):
   * `{ kind: 'status', status: 503 }` once the body arrived, `{ kind: 'status', status: 429, retryAfter: 2 }`,
   * `{ kind: 'reset', afterBytes }` to cut the connection mid-body, `{ kind: 'early-answer', afterBytes }`
   * to answer 200 before the whole body arrived (keeping only what it read). `tag`, `version` and
   * `provider` narrow it to those uploads.
   */
  failStorage(fault: StorageFault): void;
  /** Expires every upload address handed out so far; storage then refuses them with 403. */
  expireUploadAddresses(): void;
  /** Upload addresses handed out so far. */
  readonly uploadAddresses: readonly {
    /** Address the box file is PUT to. */
    readonly upload_path: string;
    /** Whether it was handed out for the direct form (finalised through a callback). */
    readonly direct: boolean;
    /** Whether storage received the file. */
    readonly received: boolean;
    /** Whether the direct form's callback was called. */
    readonly completed: boolean;
    /** Bytes storage received, once it did. */
    readonly size?: number;
    /** SHA-256 (hex) of what storage received, once it did. */
    readonly sha256?: string;
  }[];
  /** Stops the server, ends open connections and removes stored uploads. */
  close(): Promise<void>;
}
