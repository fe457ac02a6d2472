// Schemas of the cloud-credentials engine: its configuration, rolesets, static and impersonated
// accounts, and the secrets they generate. Requests are strict and carry the spec's rules;
// responses are loose so fields a newer service adds survive.
import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { durationSchema, durationSeconds } from '../duration.js';
import { isSet, type ReportRule, requestObject, withRules } from '../field-rules.js';

import { checkRotation, rotationEntries } from '../rotation.js';
import { MAX_IMPERSONATED_TTL_SECONDS, MIN_ROOT_ROTATION_PERIOD_SECONDS } from '../spec-limits.js';
import { bindingsSchema } from './bindings.js';

/** The two kinds of secret a roleset or static account generates. */
export const SECRET_TYPES = ['access_token', 'service_account_key'] as const;

export { MAX_IMPERSONATED_TTL_SECONDS, MIN_ROOT_ROTATION_PERIOD_SECONDS } from '../spec-limits.js';

const durationOut = /* @__PURE__ */ v.union([v.number(), v.string()]);

// ---------------------------------------------------------------------------------------------
// Configuration

/* @__NO_SIDE_EFFECTS__ */
function cloudConfigRequestSchema() {
  return withRules(
    requestObject({
      /** Credentials file contents (JSON). Mutually exclusive with identity_token_audience. */
      credentials: v.optional(v.string()),
      ...rotationEntries(),
      /** Cancels upcoming root credential rotations until unset. */
      disable_automated_rotation: v.optional(v.boolean()),
      /** Service account to impersonate for workload identity federation; with identity_token_audience, here or stored already. */
      service_account_email: v.optional(v.string()),
      /** Audience of plugin identity tokens; mutually exclusive with credentials. */
      identity_token_audience: v.optional(v.string()),
      /** TTL of generated identity tokens. Default 3600 seconds. */
      identity_token_ttl: v.optional(durationSchema()),
      /** Default TTL of service-account keys. */
      ttl: v.optional(durationSchema()),
      /** Maximum TTL of service-account keys. */
      max_ttl: v.optional(durationSchema()),
    }),
    (input, report) => {
      checkRotation(input, report, {
        minPeriodSeconds: MIN_ROOT_ROTATION_PERIOD_SECONDS,
        zeroDisables: true,
      });
      if (isSet(input.credentials) && isSet(input.identity_token_audience)) {
        report(
          'identity_token_audience',
          'credentials and identity_token_audience are mutually exclusive: give one',
        );
      }
    },
  );
}

/** Body of POST /{cloud_mount}/config. */
export const CloudConfigRequestSchema = /* @__PURE__ */ cloudConfigRequestSchema();

/** Configuration input of the cloud-credentials engine. */
export interface CloudConfigInput extends v.InferInput<typeof CloudConfigRequestSchema> {}

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

/** Configuration of the cloud-credentials engine as read. */
export interface CloudConfig extends v.InferOutput<typeof CloudConfigSchema> {}

// ---------------------------------------------------------------------------------------------
// Rolesets, static accounts, impersonated accounts

function scopesOnlyForTokens(
  input: { readonly secret_type?: string | undefined; readonly token_scopes?: readonly string[] | undefined },
  report: ReportRule,
): void {
  if ((input.secret_type ?? 'access_token') !== 'access_token' && isSet(input.token_scopes)) {
    report('token_scopes', 'applies to access_token secrets only; leave it out for service_account_key');
  }
}

/** Body of POST /{cloud_mount}/roleset/:name. */
export const RolesetRequestSchema = /* @__PURE__ */ withRules(
  requestObject({
    /** `access_token` (default) or `service_account_key`; cannot be updated. */
    secret_type: v.optional(v.picklist(SECRET_TYPES)),
    /** Project of the roleset's service account: required to create one; cannot be updated. */
    project: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    /** Resource names mapped to roles (JSON or block-style text, raw or base64, or a map): required to create; new bindings revoke earlier secrets. */
    bindings: v.optional(bindingsSchema()),
    /** OAuth scopes; access_token rolesets only. */
    token_scopes: v.optional(v.array(v.string())),
  }),
  scopesOnlyForTokens,
);

/** Roleset input. */
export interface RolesetInput extends v.InferInput<typeof RolesetRequestSchema> {}

/** Body of POST /{cloud_mount}/static-account/:name. */
export const StaticAccountRequestSchema = /* @__PURE__ */ withRules(
  requestObject({
    /** `access_token` (default) or `service_account_key`; cannot be updated. */
    secret_type: v.optional(v.picklist(SECRET_TYPES)),
    /** The service account to manage: required to create; cannot be updated. */
    service_account_email: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    /** Bindings the engine manages for the account, same format as a roleset's. */
    bindings: v.optional(bindingsSchema()),
    /** OAuth scopes; access_token accounts only. */
    token_scopes: v.optional(v.array(v.string())),
  }),
  scopesOnlyForTokens,
);

/** Static account input. */
export interface StaticAccountInput extends v.InferInput<typeof StaticAccountRequestSchema> {}

/** Body of POST /{cloud_mount}/impersonated-account/:name. */
export const ImpersonatedAccountRequestSchema = /* @__PURE__ */ withRules(
  requestObject({
    /** The service account to impersonate: required to create; cannot be updated. */
    service_account_email: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    token_scopes: v.optional(v.array(v.string())),
    /** TTL of the account's tokens: default 1 hour, at most 12 hours. */
    ttl: v.optional(durationSchema()),
  }),
  (input, report) => {
    if (input.ttl !== undefined && durationSeconds(input.ttl) > MAX_IMPERSONATED_TTL_SECONDS) {
      report('ttl', `must be at most 12 hours (43200 seconds), got ${durationSeconds(input.ttl)}`);
    }
  },
);

/** Impersonated account input. */
export interface ImpersonatedAccountInput extends v.InferInput<typeof ImpersonatedAccountRequestSchema> {}

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

/** A roleset as read. */
export interface Roleset extends v.InferOutput<typeof RolesetSchema> {}

/** `data` of GET /{cloud_mount}/static-account/:name; only bindings the engine manages are returned. */
export const StaticAccountSchema = /* @__PURE__ */ v.looseObject({
  secret_type: secretType,
  service_account_email: v.string(),
  service_account_project: v.optional(v.string()),
  bindings: bindingsOut,
  token_scopes: scopesOut,
});

/** A static account as read. */
export interface StaticAccount extends v.InferOutput<typeof StaticAccountSchema> {}

/** `data` of GET /{cloud_mount}/impersonated-account/:name. */
export const ImpersonatedAccountSchema = /* @__PURE__ */ v.looseObject({
  service_account_email: v.string(),
  service_account_project: v.optional(v.string()),
  token_scopes: scopesOut,
  /** Token TTL in seconds. */
  ttl: v.optional(v.number()),
});

/** An impersonated account as read. */
export interface ImpersonatedAccount extends v.InferOutput<typeof ImpersonatedAccountSchema> {}

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

/** An OAuth2 access token. */
export interface AccessToken extends v.InferOutput<typeof AccessTokenSchema> {}

/** `data` of a key endpoint; the lease (id, duration, renewable) is on `.withMeta()`. */
export const ServiceAccountKeySchema = /* @__PURE__ */ v.looseObject({
  /** Base64 of the key file (a credentials file by default). */
  private_key_data: v.string(),
  key_algorithm: v.string(),
  key_type: v.string(),
});

/** A leased service-account key. */
export interface ServiceAccountKey extends v.InferOutput<typeof ServiceAccountKeySchema> {}

/** Body of POST .../key: all optional; GET uses the defaults. */
export const KeyRequestSchema = /* @__PURE__ */ requestObject({
  /** A value of the cloud's key algorithm enumeration. Default `KEY_ALG_RSA_2048`. */
  key_algorithm: v.optional(
    v.pipe(v.string(), v.regex(/^KEY_ALG_[A-Z0-9_]+$/, 'must be a key algorithm such as KEY_ALG_RSA_2048')),
  ),
  /** A value of the cloud's private key type enumeration. Default `TYPE_CLOUD_CREDENTIALS_FILE`. */
  key_type: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^TYPE_[A-Z0-9_]+$/, 'must be a private key type such as TYPE_CLOUD_CREDENTIALS_FILE'),
    ),
  ),
  /** Lease TTL of the key; empty or omitted means the engine's default. */
  ttl: v.optional(v.union([v.literal(''), durationSchema()])),
});

/** Options of a generated key. */
export interface KeyRequestInput extends v.InferInput<typeof KeyRequestSchema> {}
