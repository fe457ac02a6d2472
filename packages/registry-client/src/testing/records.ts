import type { StoredObject } from './object-store.js';
// The fake registry's state: plain records, changed in place by the route handlers.

/** A user or an organization. */
export interface AccountRecord {
  readonly username: string;
  readonly kind: 'user' | 'organization';
  readonly password: string | undefined;
  readonly email: string | undefined;
  /** Where two-factor codes go (by "SMS"). */
  readonly phone: string | undefined;
  readonly twoFactor: boolean;
  /** Users who may manage the boxes of an organization. */
  readonly members: Set<string>;
  readonly profileMarkdown: string | null;
  readonly avatarUrl: string | null;
  /** Behind on billing: its boxes answer 402. */
  delinquent: boolean;
}

/** An issued token. */
export interface TokenRecord {
  readonly token: string;
  readonly username: string;
  readonly description: string | null;
  readonly tokenHash: string;
  readonly createdAt: string;
}

/** The architecture of a provider created through `/api/v1`, which names none. */
export const UNKNOWN_ARCHITECTURE = 'unknown';

/**
 * A provider of a version, one per name and architecture; `assetKey` is set once an upload completed.
 * Of the providers of one name, exactly one is the default architecture: the one `/api/v1` paths reach.
 */
export interface ProviderRecord {
  name: string;
  architecture: string;
  defaultArchitecture: boolean;
  url: string | null;
  checksum: string | null;
  checksumType: string | null;
  assetKey: string | undefined;
  assetSize: number;
  /** SHA-256 of the stored asset, computed as it arrived. */
  assetSha256: string | undefined;
  readonly createdAt: string;
  updatedAt: string;
}

/** A version of a box. */
export interface VersionRecord {
  version: string;
  descriptionMarkdown: string | null;
  status: 'unreleased' | 'active' | 'revoked';
  readonly providers: ProviderRecord[];
  readonly createdAt: string;
  updatedAt: string;
}

/** A box. */
export interface BoxRecord {
  readonly username: string;
  name: string;
  shortDescription: string | null;
  descriptionMarkdown: string | null;
  private: boolean;
  downloads: number;
  readonly versions: VersionRecord[];
  readonly createdAt: string;
  updatedAt: string;
}

/** An upload address handed out by the upload endpoints. */
export interface UploadRecord {
  readonly id: string;
  readonly direct: boolean;
  readonly box: BoxRecord;
  readonly version: VersionRecord;
  readonly provider: ProviderRecord;
  /** Milliseconds since the epoch after which storage refuses the address. */
  expiresAt: number;
  /** Storage accepted the asset (the direct form still waits for its callback). */
  received: boolean;
  /** The direct form's callback was called. */
  completed: boolean;
  /** Size and SHA-256 of what storage received. */
  stored?: StoredObject;
}

/** A two-factor code "sent by SMS". */
export interface SentCode {
  /** The user the code was sent to. */
  readonly username: string;
  /** The phone number it went to. */
  readonly destination: string;
  /** The code itself, to pass to token creation. */
  readonly code: string;
  /** When it was sent, by the fake's clock. */
  readonly sentAt: Date;
}
