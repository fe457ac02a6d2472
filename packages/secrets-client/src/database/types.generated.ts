// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { DurationValue } from '../types.generated.js';

/** Body of POST /{db_mount}/config/:name: the declared fields, plus `plugin_parameters` sent beside them. */
export interface ConnectionInput {
  /** Plugin of the connection: required to create one. */
  plugin_name?: string | undefined;
  /** Semantic version of the plugin; empty for the built-in one. */
  plugin_version?: string | undefined;
  /** Verify the connection when configuring it. Default true. */
  verify_connection?: boolean | undefined;
  /** Roles that may use the connection, sent as a list (a comma-separated string is split); `*` allows any, empty none. */
  allowed_roles?: string | string[] | undefined;
  /** Statements that rotate the root user's credentials. */
  root_rotation_statements?: string[] | undefined;
  /** Name of a password policy; empty uses the default (20 characters with upper, lower, digit and dash). */
  password_policy?: string | undefined;
  /** Skip the password rotation when a static role is created (roles may override it). */
  skip_static_role_import_rotation?: boolean | undefined;
  disable_automated_rotation?: boolean | undefined;
  /** Connection URL with `{{username}}`, `{{name}}` and `{{password}}` templates (some plugins call it `url`). */
  connection_url?: string | undefined;
  /** The connection URL of plugins that name it `url`. */
  url?: string | undefined;
  /** Root user of the connection. */
  username?: string | undefined;
  /** Root password; never returned. */
  password?: string | undefined;
  /** Stop escaping special characters in username and password. */
  disable_escaping?: boolean | undefined;
  /**
   * Parameters of the plugin beyond the spec's common fields (`max_open_connections`, `tls_ca`), sent
   * beside them as they are. A name that is, or is close to, a declared field is refused: give it as that field.
   */
  plugin_parameters?: Record<string, unknown> | undefined;
  /** Seconds between rotations (duration); `0` means no periodic rotation. */
  rotation_period?: DurationValue | undefined;
  /** Five-field cron schedule of rotations. */
  rotation_schedule?: string | undefined;
  /** Time allowed to complete a scheduled rotation; at least one hour; only with `rotation_schedule`. */
  rotation_window?: DurationValue | undefined;
}

/** Body of POST /{db_mount}/roles/:name. */
export interface RoleInput {
  /** Connection the role uses: required to create one. */
  db_name?: string | undefined;
  /** Lease TTL of credentials; 0 uses the engine or system default. */
  default_ttl?: DurationValue | undefined;
  /** Longest lease of credentials; never above the mount's or the system's maximum. */
  max_ttl?: DurationValue | undefined;
  /** Statements that create the user, with `{{name}}`, `{{password}}`, `{{expiration}}`: required to create a role. */
  creation_statements?: string[] | undefined;
  revocation_statements?: string[] | undefined;
  rollback_statements?: string[] | undefined;
  renew_statements?: string[] | undefined;
  /** `password` (default), `rsa_private_key` or `client_certificate`. */
  credential_type?: 'password' | 'rsa_private_key' | 'client_certificate' | undefined;
  /** Options of the credential type. */
  credential_config?: Record<string, string | number> | undefined;
}

/** Body of POST /{db_mount}/static-roles/:name. */
export interface StaticRoleInput {
  /** Database user the role manages: required to create one; cannot be updated. */
  username?: string | undefined;
  /** Current password of the user: for rootless rotation, or required with skip_import_rotation. */
  password?: string | undefined;
  /** Connection the role uses: required to create one; cannot be updated. */
  db_name?: string | undefined;
  rotation_statements?: string[] | undefined;
  /** Keep the current password at creation (overrides the connection's skip_static_role_import_rotation). */
  skip_import_rotation?: boolean | undefined;
  credential_type?: 'password' | 'rsa_private_key' | 'client_certificate' | undefined;
  credential_config?: Record<string, string | number> | undefined;
  /** Seconds between rotations (duration); `0` means no periodic rotation. */
  rotation_period?: DurationValue | undefined;
  /** Five-field cron schedule of rotations. */
  rotation_schedule?: string | undefined;
  /** Time allowed to complete a scheduled rotation; at least one hour; only with `rotation_schedule`. */
  rotation_window?: DurationValue | undefined;
}

/** `data` of GET /{db_mount}/config/:name; the password is never returned. */
export interface Connection {
  [key: string]: unknown;
  allowed_roles?: string[] | null | undefined;
  connection_details: {
    [key: string]: unknown;
    connection_url?: string | undefined;
    username?: string | undefined;
  };
  password_policy?: string | undefined;
  plugin_name: string;
  plugin_version?: string | undefined;
  root_credentials_rotate_statements?: string[] | null | undefined;
  skip_static_role_import_rotation?: boolean | undefined;
  verify_connection?: boolean | undefined;
  rotation_period?: number | undefined;
  rotation_schedule?: string | undefined;
  rotation_window?: number | undefined;
  disable_automated_rotation?: boolean | undefined;
}

/** `data` of POST /{db_mount}/reload/:plugin_name: the connections that were reset. */
export interface ReloadResult {
  [key: string]: unknown;
  connections: string[];
  count: number;
}

/** `data` of GET /{db_mount}/roles/:name; TTLs in seconds. */
export interface Role {
  [key: string]: unknown;
  creation_statements: string[];
  credential_type?:
    | 'password'
    | 'rsa_private_key'
    | 'client_certificate'
    | (string & Record<never, never>)
    | undefined;
  credential_config?: Record<string, unknown> | undefined;
  db_name: string;
  default_ttl: number;
  max_ttl: number;
  renew_statements?: string[] | null | undefined;
  revocation_statements?: string[] | null | undefined;
  rollback_statements?: string[] | null | undefined;
}

/** `data` of GET /{db_mount}/creds/:name; the lease is on `.withMeta()`. */
export interface Credentials {
  [key: string]: unknown;
  username: string;
  /** For `password` roles. */
  password?: string | undefined;
  /** For `rsa_private_key` roles. */
  rsa_private_key?: string | undefined;
  /** For `client_certificate` roles, with `private_key` and `private_key_type`. */
  client_certificate?: string | undefined;
  private_key?: string | undefined;
  private_key_type?: string | undefined;
}

/** `data` of GET /{db_mount}/static-roles/:name: either a rotation period or a schedule with its window (seconds). */
export interface StaticRole {
  [key: string]: unknown;
  credential_type?:
    | 'password'
    | 'rsa_private_key'
    | 'client_certificate'
    | (string & Record<never, never>)
    | undefined;
  credential_config?: Record<string, unknown> | undefined;
  db_name: string;
  username: string;
  rotation_statements?: string[] | null | undefined;
  skip_import_rotation?: boolean | undefined;
  rotation_period?: number | undefined;
  rotation_schedule?: string | undefined;
  rotation_window?: number | undefined;
}

/** `data` of GET /{db_mount}/static-creds/:name. */
export interface StaticCredentials {
  [key: string]: unknown;
  username: string;
  password?: string | undefined;
  /** When the service last rotated the password (RFC 3339). */
  last_service_rotation: string;
  /** Seconds until the next rotation. */
  ttl: number;
  rotation_period?: number | undefined;
  rotation_schedule?: string | undefined;
  rotation_window?: number | undefined;
}
