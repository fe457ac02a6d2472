// Response schemas of the cloud-credentials engine: its configuration, rolesets, static and
// impersonated accounts, and the secrets they generate. They are loose so fields a newer service adds
// survive. The request bodies, strict and carrying the spec's rules, are in request-schemas.ts: an
// application that only reads does not bundle them.
import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import { SECRET_TYPES } from './secret-types.js';

const durationOut = /* @__PURE__ */ v.union([v.number(), v.string()]);

// ---------------------------------------------------------------------------------------------
// Configuration

/** `data` of GET /{cloud_mount}/config; credentials are never returned. */
export const CloudConfigSchema = /* @__PURE__ */ v.looseObject({
  /** Default TTL of service-account keys: duration text such as "1h" (some versions send seconds). */
  ttl: v.optional(durationOut),
  max_ttl: v.optional(durationOut),
  identity_token_audience: v.optional(v.string()),
  identity_token_ttl: v.optional(durationOut),
  service_account_email: v.optional(v.string()),
  rotation_period: v.optional(durationOut),
  rotation_schedule: v.optional(v.string()),
  rotation_window: v.optional(durationOut),
  disable_automated_rotation: v.optional(v.boolean()),
});

// ---------------------------------------------------------------------------------------------
// Rolesets, static accounts, impersonated accounts

const secretType = /* @__PURE__ */ openEnum(SECRET_TYPES);
const bindingsOut = /* @__PURE__ */ v.nullish(v.record(v.string(), v.array(v.string())));
const scopesOut = /* @__PURE__ */ v.nullish(v.array(v.string()));

/** `data` of GET /{cloud_mount}/roleset/:name. */
export const RolesetSchema = /* @__PURE__ */ v.looseObject({
  secret_type: secretType,
  service_account_email: v.string(),
  service_account_project: v.optional(v.string()),
  /** Resource name to roles. */
  bindings: bindingsOut,
  token_scopes: scopesOut,
});

/** `data` of GET /{cloud_mount}/static-account/:name; only bindings the engine manages are returned. */
export const StaticAccountSchema = /* @__PURE__ */ v.looseObject({
  secret_type: secretType,
  service_account_email: v.string(),
  service_account_project: v.optional(v.string()),
  bindings: bindingsOut,
  token_scopes: scopesOut,
});

/** `data` of GET /{cloud_mount}/impersonated-account/:name. */
export const ImpersonatedAccountSchema = /* @__PURE__ */ v.looseObject({
  service_account_email: v.string(),
  service_account_project: v.optional(v.string()),
  token_scopes: scopesOut,
  /** Token TTL in seconds. */
  ttl: v.optional(v.number()),
});

// ---------------------------------------------------------------------------------------------
// Generated secrets

/** `data` of a token endpoint: an OAuth2 access token, valid one hour, neither renewable nor revocable. */
export const AccessTokenSchema = /* @__PURE__ */ v.looseObject({
  token: v.string(),
  /** Unix seconds. */
  expires_at_seconds: v.number(),
  /** Seconds. */
  token_ttl: v.number(),
});

/** `data` of a key endpoint; the lease (id, duration, renewable) is on `.withMeta()`. */
export const ServiceAccountKeySchema = /* @__PURE__ */ v.looseObject({
  /** Base64 of the key file (a credentials file by default). */
  private_key_data: v.string(),
  key_algorithm: v.string(),
  key_type: v.string(),
});
