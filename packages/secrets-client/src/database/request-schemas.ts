// Request bodies of the database engine: strict, carrying the spec's rules, checked before anything is
// sent. Apart from the response schemas (schemas.ts) so that a read does not bundle them.
import * as v from 'valibot';
import { durationSchema } from '../duration.js';
import { nearMiss, requestObject, withRules } from '../request-fields.js';
import { checkRotation, rotationEntries } from '../rotation.js';
import { MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS } from '../spec-limits.js';
import { checkCredentialConfig, credentialConfigSchema } from './credential-config.js';
import { CREDENTIAL_TYPES } from './credential-types.js';
import { MIN_CONNECTION_ROTATION_PERIOD_SECONDS } from './rotation-limits.js';

const SEMVER = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const statements = /* @__PURE__ */ v.optional(v.array(v.string()));

// ---------------------------------------------------------------------------------------------
// Connections

/** The common fields of a connection the spec declares, plugin fields included. */
/* @__NO_SIDE_EFFECTS__ */
function connectionEntries() {
  return {
    /** Plugin of the connection: required to create one. */
    plugin_name: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    /** Semantic version of the plugin; empty for the built-in one. */
    plugin_version: v.optional(
      v.union([
        v.literal(''),
        v.pipe(v.string(), v.regex(SEMVER, 'must be a semantic version such as 1.2.3')),
      ]),
    ),
    /** Verify the connection when configuring it. Default true. */
    verify_connection: v.optional(v.boolean()),
    /** Roles that may use the connection, sent as a list (a comma-separated string is split); `*` allows any, empty none. */
    allowed_roles: v.optional(
      v.union([
        v.array(v.string()),
        v.pipe(
          v.string(),
          v.transform((text) =>
            text
              .split(',')
              .map((role) => role.trim())
              .filter((role) => role !== ''),
          ),
        ),
      ]),
    ),
    /** Statements that rotate the root user's credentials. */
    root_rotation_statements: statements,
    /** Name of a password policy; empty uses the default (20 characters with upper, lower, digit and dash). */
    password_policy: v.optional(v.string()),
    /** Skip the password rotation when a static role is created (roles may override it). */
    skip_static_role_import_rotation: v.optional(v.boolean()),
    ...rotationEntries(),
    disable_automated_rotation: v.optional(v.boolean()),
    /** Connection URL with `{{username}}`, `{{name}}` and `{{password}}` templates (some plugins call it `url`). */
    connection_url: v.optional(v.string()),
    /** The connection URL of plugins that name it `url`. */
    url: v.optional(v.string()),
    /** Root user of the connection. */
    username: v.optional(v.string()),
    /** Root password; never returned. */
    password: v.optional(v.string()),
    /** Stop escaping special characters in username and password. */
    disable_escaping: v.optional(v.boolean()),
    /**
     * Parameters of the plugin beyond the spec's common fields (`max_open_connections`, `tls_ca`), sent
     * beside them as they are. A name that is, or is close to, a declared field is refused: give it as that field.
     */
    plugin_parameters: v.optional(v.record(v.string(), v.unknown())),
  };
}

const DECLARED_CONNECTION_FIELDS: readonly string[] = /* @__PURE__ */ Object.keys(connectionEntries()).filter(
  (name) => name !== 'plugin_parameters',
);

/** Body of POST /{db_mount}/config/:name: the declared fields, plus `plugin_parameters` sent beside them. */
export const ConnectionRequestSchema = /* @__PURE__ */ v.pipe(
  withRules(requestObject(connectionEntries(), 'a database connection'), (input, report) => {
    checkRotation(input, report, {
      minPeriodSeconds: MIN_CONNECTION_ROTATION_PERIOD_SECONDS,
      zeroDisables: true,
    });
    for (const name of Object.keys(input.plugin_parameters ?? {})) {
      if (DECLARED_CONNECTION_FIELDS.includes(name)) {
        report(
          'plugin_parameters',
          `${name} is a field of the connection itself: give it as ${name}, not as a plugin parameter`,
        );
        continue;
      }
      const guess = nearMiss(name, DECLARED_CONNECTION_FIELDS);
      if (guess !== undefined) {
        report('plugin_parameters', `${name} looks like a misspelling of ${guess}: give it as ${guess}`);
      }
    }
  }),
  // The service takes plugin parameters at the top level of the body, beside the common fields.
  v.transform(({ plugin_parameters, ...fields }) => ({ ...plugin_parameters, ...fields })),
);

// ---------------------------------------------------------------------------------------------
// Roles

const credentialType = /* @__PURE__ */ v.optional(v.picklist(CREDENTIAL_TYPES));

/** Body of POST /{db_mount}/roles/:name. */
export const RoleRequestSchema = /* @__PURE__ */ withRules(
  requestObject({
    /** Connection the role uses: required to create one. */
    db_name: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    /** Lease TTL of credentials; 0 uses the engine or system default. */
    default_ttl: v.optional(durationSchema()),
    /** Longest lease of credentials; never above the mount's or the system's maximum. */
    max_ttl: v.optional(durationSchema()),
    /** Statements that create the user, with `{{name}}`, `{{password}}`, `{{expiration}}`: required to create a role. */
    creation_statements: v.optional(
      v.pipe(
        v.array(v.string()),
        v.minLength(1, 'needs at least one statement; leave it out to keep the stored ones'),
      ),
    ),
    revocation_statements: statements,
    rollback_statements: statements,
    renew_statements: statements,
    /** `password` (default), `rsa_private_key` or `client_certificate`. */
    credential_type: credentialType,
    /** Options of the credential type. */
    credential_config: v.optional(credentialConfigSchema()),
  }),
  checkCredentialConfig,
);

// ---------------------------------------------------------------------------------------------
// Static roles

/** Body of POST /{db_mount}/static-roles/:name. */
export const StaticRoleRequestSchema = /* @__PURE__ */ withRules(
  requestObject({
    /** Database user the role manages: required to create one; cannot be updated. */
    username: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    /** Current password of the user: for rootless rotation, or required with skip_import_rotation. */
    password: v.optional(v.string()),
    /** Connection the role uses: required to create one; cannot be updated. */
    db_name: v.optional(
      v.pipe(v.string(), v.nonEmpty('must not be empty; leave it out to keep the stored one')),
    ),
    ...rotationEntries(),
    rotation_statements: statements,
    /** Keep the current password at creation (overrides the connection's skip_static_role_import_rotation). */
    skip_import_rotation: v.optional(v.boolean()),
    credential_type: credentialType,
    credential_config: v.optional(credentialConfigSchema()),
  }),
  (input, report) => {
    // Creating a static role needs one of period or schedule, and skipping the import rotation needs
    // the password; an update may leave both out, so the service, which knows which it is, decides.
    checkRotation(input, report, {
      minPeriodSeconds: MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS,
      zeroDisables: false,
    });
    checkCredentialConfig(input, report);
  },
);
