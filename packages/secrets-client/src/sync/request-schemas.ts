// Request bodies of secret sync: strict, carrying the spec's rules, checked before anything is sent.
// Apart from the response schemas (schemas.ts) so that a read does not bundle them.
import * as v from 'valibot';
import { isSet, type ReportRule, requestObject, withRules } from '../request-fields.js';
import { DEPLOYMENT_ENVIRONMENTS } from './known-values.js';

// ---------------------------------------------------------------------------------------------
// Configuration

/** Body of PATCH /sys/sync/config. */
export const SyncConfigRequestSchema = /* @__PURE__ */ requestObject({
  /** Suspends syncing; triggered operations wait as PENDING until it is re-enabled. ("true"/"false" text is accepted as the service does.) */
  disabled: v.optional(
    v.union([
      v.boolean(),
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((text) => text === 'true'),
      ),
    ]),
  ),
  /** Largest number of pending sync operations. Default 1 000 000. */
  queue_capacity: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
});

// ---------------------------------------------------------------------------------------------
// Destinations

function isCidr4(text: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (match === null) return false;
  return match.slice(1, 5).every((part) => Number(part) <= 255) && Number(match[5]) <= 32;
}

function isCidr6(text: string): boolean {
  const match = /^([0-9A-Fa-f:.]+)\/(\d{1,3})$/.exec(text);
  return match !== null && (match[1] ?? '').includes(':') && Number(match[2]) <= 128;
}

/** Fields every destination type has. */
/* @__NO_SIDE_EFFECTS__ */
function commonEntries() {
  return {
    /** Template of secret names at the destination; empty uses the built-in one. */
    secret_name_template: v.optional(v.string()),
    /** What is synced as one resource; the default depends on the type. */
    granularity: v.optional(v.string()),
    /** Lifts the IP and port restrictions of the sync clients. */
    disable_strict_networking: v.optional(v.boolean()),
    /** IPv4 ranges (CIDR) the sync client may reach. */
    allowed_ipv4_addresses: v.nullish(
      v.array(v.pipe(v.string(), v.check(isCidr4, 'must be an IPv4 range in CIDR notation (10.0.0.0/8)'))),
    ),
    /** IPv6 ranges (CIDR) the sync client may reach. */
    allowed_ipv6_addresses: v.nullish(
      v.array(v.pipe(v.string(), v.check(isCidr6, 'must be an IPv6 range in CIDR notation (2001:db8::/32)'))),
    ),
    /** Ports the sync client may reach. */
    allowed_ports: v.nullish(v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(65535)))),
  };
}

/** custom_tags, on the three cloud types. */
/* @__NO_SIDE_EFFECTS__ */
function customTagEntries() {
  return {
    /** Tags merged with the built-in ones on each synced secret. */
    custom_tags: v.nullish(v.record(v.string(), v.string())),
  };
}

/** A string field a destination type requires. */
/* @__NO_SIDE_EFFECTS__ */
function required(what: string) {
  const message = `is required for a ${what} destination`;
  return v.pipe(v.string(message), v.nonEmpty(message));
}

/** Body of POST /sys/sync/destinations/cloud1-sm/:name. Without keys, credentials come from the environment. */
export const Cloud1SmDestinationRequestSchema = /* @__PURE__ */ requestObject(
  {
    ...commonEntries(),
    ...customTagEntries(),
    access_key_id: v.optional(v.string()),
    secret_access_key: v.optional(v.string()),
    /** Role to assume through temporary credentials (may be in another account). */
    role_arn: v.optional(v.string()),
    /** Must match the role's trust policy; a random uuid per destination is recommended. */
    external_id: v.optional(v.string()),
    /** Region; inferred from the environment when omitted. */
    region: v.optional(v.string()),
  },
  'a cloud1-sm destination',
);

/** Body of POST /sys/sync/destinations/cloud2-kv/:name. */
export const Cloud2KvDestinationRequestSchema = /* @__PURE__ */ requestObject(
  {
    ...commonEntries(),
    ...customTagEntries(),
    key_vault_uri: required('cloud2-kv'),
    client_id: required('cloud2-kv'),
    client_secret: required('cloud2-kv'),
    tenant_id: required('cloud2-kv'),
    /** Cloud of the client. Default `cloud` (the public cloud). */
    cloud: v.optional(v.string()),
  },
  'a cloud2-kv destination',
);

/** Body of POST /sys/sync/destinations/cloud3-sm/:name. */
export const Cloud3SmDestinationRequestSchema = /* @__PURE__ */ requestObject(
  {
    ...commonEntries(),
    ...customTagEntries(),
    /** Credentials file contents (JSON). */
    credentials: required('cloud3-sm'),
    /** Overrides the project of the credentials. */
    project_id: v.optional(v.string()),
    replication_locations: v.nullish(v.array(v.string())),
    /** Location name → encryption key resource id. */
    locational_kms_keys: v.nullish(v.record(v.string(), v.string())),
    /** Resource name of a global encryption key. */
    global_kms_key: v.optional(v.string()),
  },
  'a cloud3-sm destination',
);

function checkRepoHost(
  input: {
    readonly secrets_location?: string | undefined;
    readonly access_token?: string | undefined;
    readonly app_name?: string | undefined;
    readonly installation_id?: string | number | undefined;
    readonly repository_owner?: string | undefined;
    readonly repository_name?: string | undefined;
    readonly environment_name?: string | undefined;
    readonly organization_name?: string | undefined;
    readonly organization_visibility?: string | undefined;
    readonly selected_repository_names?: readonly string[] | string | null | undefined;
  },
  report: ReportRule,
): void {
  const token = isSet(input.access_token);
  const app = isSet(input.app_name);
  if (token && app) report('app_name', 'access_token and app_name are alternatives: give one');
  if (!token && !app) report('access_token', 'give an access_token, or an app_name with its installation_id');
  if (app && !isSet(input.installation_id)) report('installation_id', 'is required with app_name');
  if (!app && isSet(input.installation_id)) report('installation_id', 'applies only with app_name');
  const organization = input.secrets_location === 'organization';
  const misplaced = organization
    ? (['repository_owner', 'repository_name', 'environment_name'] as const)
    : (['organization_name', 'organization_visibility', 'selected_repository_names'] as const);
  for (const key of misplaced) {
    if (isSet(input[key]))
      report(key, `does not apply when secrets_location is ${organization ? 'organization' : 'repository'}`);
  }
  if (organization && !isSet(input.organization_name))
    report('organization_name', 'is required when secrets_location is organization');
  if (!organization) {
    for (const key of ['repository_owner', 'repository_name'] as const) {
      if (!isSet(input[key])) report(key, 'is required when secrets_location is repository');
    }
  }
}

/** Body of POST /sys/sync/destinations/repo-host/:name: a token or an app, and a repository or an organization. */
export const RepoHostDestinationRequestSchema = /* @__PURE__ */ withRules(
  requestObject(
    {
      ...commonEntries(),
      /** `repository` (default) or `organization`. */
      secrets_location: v.optional(v.picklist(['organization', 'repository'])),
      /** Fine-grained or personal access token; the alternative to an app. */
      access_token: v.optional(v.string()),
      /** Name of a configured repository-host app; needs installation_id. */
      app_name: v.optional(v.string()),
      installation_id: v.optional(v.union([v.string(), v.pipe(v.number(), v.safeInteger())])),
      repository_owner: v.optional(v.string()),
      repository_name: v.optional(v.string()),
      /** Repository environment of the secrets; repository-wide by default. */
      environment_name: v.optional(v.string()),
      /** (beta) Organization of the secrets. */
      organization_name: v.optional(v.string()),
      /** (beta) Which repositories see the secrets (a sample uses `selected`). */
      organization_visibility: v.optional(v.string()),
      /** (beta) Repositories that see the secrets: a list or a comma-separated string. */
      selected_repository_names: v.nullish(v.union([v.array(v.string()), v.string()])),
    },
    'a repo-host destination',
  ),
  checkRepoHost,
);

/** Body of POST /sys/sync/destinations/hosting-project/:name. */
export const HostingProjectDestinationRequestSchema = /* @__PURE__ */ requestObject(
  {
    ...commonEntries(),
    /** Token allowed to manage the project's environment variables. */
    access_token: required('hosting-project'),
    project_id: required('hosting-project'),
    team_id: v.optional(v.string()),
    /** Where the variables are available. */
    deployment_environments: v.pipe(
      v.array(v.picklist(DEPLOYMENT_ENVIRONMENTS)),
      v.minLength(1, 'needs at least one environment'),
    ),
  },
  'a hosting-project destination',
);

// ---------------------------------------------------------------------------------------------
// Associations

/** Body of associations/set and associations/remove. */
export const AssociationRequestSchema = /* @__PURE__ */ requestObject({
  /** Mount of the versioned key-value secret. */
  mount: v.pipe(v.string(), v.nonEmpty('is required')),
  secret_name: v.pipe(v.string(), v.nonEmpty('is required')),
});

// ---------------------------------------------------------------------------------------------
// Repository-host app

/** Body of POST /sys/sync/github-apps/:name. */
export const RepoHostAppRequestSchema = /* @__PURE__ */ requestObject({
  /** The app's id (digits, as text or a number). */
  app_id: v.union([
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be the numeric id of the app')),
    v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  ]),
  /** The app's private key (PEM); returned masked. */
  private_key: v.pipe(v.string(), v.nonEmpty('is required')),
});
