// Response schemas of the database engine: connections, roles and their credentials, static roles and
// theirs. They are loose so fields a newer service adds survive. The request bodies are in
// request-schemas.ts.
import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { CREDENTIAL_TYPES } from './credential-types.js';

// ---------------------------------------------------------------------------------------------
// Connections

/** `data` of GET /{db_mount}/config/:name; the password is never returned. */
export const ConnectionSchema = /* @__PURE__ */ v.looseObject({
  allowed_roles: v.nullish(v.array(v.string())),
  connection_details: v.looseObject({
    connection_url: v.optional(v.string()),
    username: v.optional(v.string()),
  }),
  password_policy: v.optional(v.string()),
  plugin_name: v.string(),
  plugin_version: v.optional(v.string()),
  root_credentials_rotate_statements: v.nullish(v.array(v.string())),
  skip_static_role_import_rotation: v.optional(v.boolean()),
  verify_connection: v.optional(v.boolean()),
  rotation_period: v.optional(v.number()),
  rotation_schedule: v.optional(v.string()),
  rotation_window: v.optional(v.number()),
  disable_automated_rotation: v.optional(v.boolean()),
});

/** `data` of POST /{db_mount}/reload/:plugin_name: the connections that were reset. */
export const ReloadResultSchema = /* @__PURE__ */ v.looseObject({
  connections: v.array(v.string()),
  count: v.number(),
});

// ---------------------------------------------------------------------------------------------
// Roles

const credentialTypeOut = /* @__PURE__ */ openEnum(CREDENTIAL_TYPES);
const statementsOut = /* @__PURE__ */ v.nullish(v.array(v.string()));

/** `data` of GET /{db_mount}/roles/:name; TTLs in seconds. */
export const RoleSchema = /* @__PURE__ */ v.looseObject({
  creation_statements: v.array(v.string()),
  credential_type: v.optional(credentialTypeOut),
  credential_config: v.optional(v.record(v.string(), v.unknown())),
  db_name: v.string(),
  default_ttl: v.number(),
  max_ttl: v.number(),
  renew_statements: statementsOut,
  revocation_statements: statementsOut,
  rollback_statements: statementsOut,
});

/** `data` of GET /{db_mount}/creds/:name; the lease is on `.withMeta()`. */
export const CredentialsSchema = /* @__PURE__ */ v.looseObject({
  username: v.string(),
  /** For `password` roles. */
  password: v.optional(v.string()),
  /** For `rsa_private_key` roles. */
  rsa_private_key: v.optional(v.string()),
  /** For `client_certificate` roles, with `private_key` and `private_key_type`. */
  client_certificate: v.optional(v.string()),
  private_key: v.optional(v.string()),
  private_key_type: v.optional(v.string()),
});

// ---------------------------------------------------------------------------------------------
// Static roles

/** `data` of GET /{db_mount}/static-roles/:name: either a rotation period or a schedule with its window (seconds). */
export const StaticRoleSchema = /* @__PURE__ */ v.looseObject({
  credential_type: v.optional(credentialTypeOut),
  credential_config: v.optional(v.record(v.string(), v.unknown())),
  db_name: v.string(),
  username: v.string(),
  rotation_statements: statementsOut,
  skip_import_rotation: v.optional(v.boolean()),
  rotation_period: v.optional(v.number()),
  rotation_schedule: v.optional(v.string()),
  rotation_window: v.optional(v.number()),
});

/** `data` of GET /{db_mount}/static-creds/:name. */
export const StaticCredentialsSchema = /* @__PURE__ */ v.looseObject({
  username: v.string(),
  password: v.optional(v.string()),
  /** When the service last rotated the password (RFC 3339). */
  last_service_rotation: v.string(),
  /** Seconds until the next rotation. */
  ttl: v.number(),
  rotation_period: v.optional(v.number()),
  rotation_schedule: v.optional(v.string()),
  rotation_window: v.optional(v.number()),
});
