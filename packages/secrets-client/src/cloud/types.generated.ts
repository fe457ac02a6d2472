// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { DurationValue } from '../types.generated.js';

/** Body of POST /{cloud_mount}/config. */
export interface CloudConfigInput {
  /** Credentials file contents (JSON). Mutually exclusive with identity_token_audience. */
  credentials?: string | undefined;
  /** Cancels upcoming root credential rotations until unset. */
  disable_automated_rotation?: boolean | undefined;
  /** Service account to impersonate for workload identity federation; with identity_token_audience, here or stored already. */
  service_account_email?: string | undefined;
  /** Audience of plugin identity tokens; mutually exclusive with credentials. */
  identity_token_audience?: string | undefined;
  /** TTL of generated identity tokens. Default 3600 seconds. */
  identity_token_ttl?: DurationValue | undefined;
  /** Default TTL of service-account keys. */
  ttl?: DurationValue | undefined;
  /** Maximum TTL of service-account keys. */
  max_ttl?: DurationValue | undefined;
  /** Seconds between rotations (duration); `0` means no periodic rotation. */
  rotation_period?: DurationValue | undefined;
  /** Five-field cron schedule of rotations. */
  rotation_schedule?: string | undefined;
  /** Time allowed to complete a scheduled rotation; at least one hour; only with `rotation_schedule`. */
  rotation_window?: DurationValue | undefined;
}

/** Body of POST /{cloud_mount}/roleset/:name. */
export interface RolesetInput {
  /** `access_token` (default) or `service_account_key`; cannot be updated. */
  secret_type?: 'access_token' | 'service_account_key' | undefined;
  /** Project of the roleset's service account: required to create one; cannot be updated. */
  project?: string | undefined;
  /** Resource names mapped to roles (JSON or block-style text, raw or base64, or a map): required to create; new bindings revoke earlier secrets. */
  bindings?: string | Record<string, string[]> | undefined;
  /** OAuth scopes; access_token rolesets only. */
  token_scopes?: string[] | undefined;
}

/** Body of POST /{cloud_mount}/static-account/:name. */
export interface StaticAccountInput {
  /** `access_token` (default) or `service_account_key`; cannot be updated. */
  secret_type?: 'access_token' | 'service_account_key' | undefined;
  /** The service account to manage: required to create; cannot be updated. */
  service_account_email?: string | undefined;
  /** Bindings the engine manages for the account, same format as a roleset's. */
  bindings?: string | Record<string, string[]> | undefined;
  /** OAuth scopes; access_token accounts only. */
  token_scopes?: string[] | undefined;
}

/** Body of POST /{cloud_mount}/impersonated-account/:name. */
export interface ImpersonatedAccountInput {
  /** The service account to impersonate: required to create; cannot be updated. */
  service_account_email?: string | undefined;
  token_scopes?: string[] | undefined;
  /** TTL of the account's tokens: default 1 hour, at most 12 hours. */
  ttl?: DurationValue | undefined;
}

/** Body of POST .../key: all optional; GET uses the defaults. */
export interface KeyRequestInput {
  /** A value of the cloud's key algorithm enumeration. Default `KEY_ALG_RSA_2048`. */
  key_algorithm?: string | undefined;
  /** A value of the cloud's private key type enumeration. Default `TYPE_CLOUD_CREDENTIALS_FILE`. */
  key_type?: string | undefined;
  /** Lease TTL of the key; empty or omitted means the engine's default. */
  ttl?: DurationValue | undefined;
}

/** `data` of GET /{cloud_mount}/config; credentials are never returned. */
export interface CloudConfig {
  [key: string]: unknown;
  /** Default TTL of service-account keys: duration text such as "1h" (some versions send seconds). */
  ttl?: string | number | undefined;
  max_ttl?: string | number | undefined;
  identity_token_audience?: string | undefined;
  identity_token_ttl?: string | number | undefined;
  service_account_email?: string | undefined;
  rotation_period?: string | number | undefined;
  rotation_schedule?: string | undefined;
  rotation_window?: string | number | undefined;
  disable_automated_rotation?: boolean | undefined;
}

/** `data` of GET /{cloud_mount}/roleset/:name. */
export interface Roleset {
  [key: string]: unknown;
  secret_type: 'access_token' | 'service_account_key' | (string & Record<never, never>);
  service_account_email: string;
  service_account_project?: string | undefined;
  /** Resource name to roles. */
  bindings?: Record<string, string[]> | null | undefined;
  token_scopes?: string[] | null | undefined;
}

/** `data` of GET /{cloud_mount}/static-account/:name; only bindings the engine manages are returned. */
export interface StaticAccount {
  [key: string]: unknown;
  secret_type: 'access_token' | 'service_account_key' | (string & Record<never, never>);
  service_account_email: string;
  service_account_project?: string | undefined;
  bindings?: Record<string, string[]> | null | undefined;
  token_scopes?: string[] | null | undefined;
}

/** `data` of GET /{cloud_mount}/impersonated-account/:name. */
export interface ImpersonatedAccount {
  [key: string]: unknown;
  service_account_email: string;
  service_account_project?: string | undefined;
  token_scopes?: string[] | null | undefined;
  /** Token TTL in seconds. */
  ttl?: number | undefined;
}

/** `data` of a token endpoint: an OAuth2 access token, valid one hour, neither renewable nor revocable. */
export interface AccessToken {
  [key: string]: unknown;
  token: string;
  /** Unix seconds. */
  expires_at_seconds: number;
  /** Seconds. */
  token_ttl: number;
}

/** `data` of a key endpoint; the lease (id, duration, renewable) is on `.withMeta()`. */
export interface ServiceAccountKey {
  [key: string]: unknown;
  /** Base64 of the key file (a credentials file by default). */
  private_key_data: string;
  key_algorithm: string;
  key_type: string;
}
