// Request bodies of the cloud-credentials engine: strict, carrying the spec's rules, checked before
// anything is sent. Apart from the response schemas (schemas.ts) so that a read does not bundle them.
import * as v from 'valibot';
import { durationSchema, durationSeconds } from '../duration.js';
import { isSet, type ReportRule, requestObject, withRules } from '../request-fields.js';
import { checkRotation, rotationEntries } from '../rotation.js';
import { MAX_IMPERSONATED_TTL_SECONDS, MIN_ROOT_ROTATION_PERIOD_SECONDS } from '../spec-limits.js';
import { bindingsSchema } from './bindings-schema.js';
import { SECRET_TYPES } from './secret-types.js';

// ---------------------------------------------------------------------------------------------
// Configuration

/** Body of POST /{cloud_mount}/config. */
export const CloudConfigRequestSchema = /* @__PURE__ */ withRules(
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

// ---------------------------------------------------------------------------------------------
// Generated secrets

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
