// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** Body of PATCH /sys/sync/config. */
export interface SyncConfigInput {
  /** Suspends syncing; triggered operations wait as PENDING until it is re-enabled. ("true"/"false" text is accepted as the service does.) */
  disabled?: 'true' | 'false' | boolean | undefined;
  /** Largest number of pending sync operations. Default 1 000 000. */
  queue_capacity?: number | undefined;
}

/** Body of POST /sys/sync/destinations/cloud1-sm/:name. Without keys, credentials come from the environment. */
export interface Cloud1SmDestinationInput {
  /** Template of secret names at the destination; empty uses the built-in one. */
  secret_name_template?: string | undefined;
  /** What is synced as one resource; the default depends on the type. */
  granularity?: string | undefined;
  /** Lifts the IP and port restrictions of the sync clients. */
  disable_strict_networking?: boolean | undefined;
  /** IPv4 ranges (CIDR) the sync client may reach. */
  allowed_ipv4_addresses?: string[] | null | undefined;
  /** IPv6 ranges (CIDR) the sync client may reach. */
  allowed_ipv6_addresses?: string[] | null | undefined;
  /** Ports the sync client may reach. */
  allowed_ports?: number[] | null | undefined;
  /** Tags merged with the built-in ones on each synced secret. */
  custom_tags?: Record<string, string> | null | undefined;
  access_key_id?: string | undefined;
  secret_access_key?: string | undefined;
  /** Role to assume through temporary credentials (may be in another account). */
  role_arn?: string | undefined;
  /** Must match the role's trust policy; a random uuid per destination is recommended. */
  external_id?: string | undefined;
  /** Region; inferred from the environment when omitted. */
  region?: string | undefined;
}

/** Body of POST /sys/sync/destinations/cloud2-kv/:name. */
export interface Cloud2KvDestinationInput {
  /** Template of secret names at the destination; empty uses the built-in one. */
  secret_name_template?: string | undefined;
  /** What is synced as one resource; the default depends on the type. */
  granularity?: string | undefined;
  /** Lifts the IP and port restrictions of the sync clients. */
  disable_strict_networking?: boolean | undefined;
  /** IPv4 ranges (CIDR) the sync client may reach. */
  allowed_ipv4_addresses?: string[] | null | undefined;
  /** IPv6 ranges (CIDR) the sync client may reach. */
  allowed_ipv6_addresses?: string[] | null | undefined;
  /** Ports the sync client may reach. */
  allowed_ports?: number[] | null | undefined;
  /** Tags merged with the built-in ones on each synced secret. */
  custom_tags?: Record<string, string> | null | undefined;
  key_vault_uri: string;
  client_id: string;
  client_secret: string;
  tenant_id: string;
  /** Cloud of the client. Default `cloud` (the public cloud). */
  cloud?: string | undefined;
}

/** Body of POST /sys/sync/destinations/cloud3-sm/:name. */
export interface Cloud3SmDestinationInput {
  /** Template of secret names at the destination; empty uses the built-in one. */
  secret_name_template?: string | undefined;
  /** What is synced as one resource; the default depends on the type. */
  granularity?: string | undefined;
  /** Lifts the IP and port restrictions of the sync clients. */
  disable_strict_networking?: boolean | undefined;
  /** IPv4 ranges (CIDR) the sync client may reach. */
  allowed_ipv4_addresses?: string[] | null | undefined;
  /** IPv6 ranges (CIDR) the sync client may reach. */
  allowed_ipv6_addresses?: string[] | null | undefined;
  /** Ports the sync client may reach. */
  allowed_ports?: number[] | null | undefined;
  /** Tags merged with the built-in ones on each synced secret. */
  custom_tags?: Record<string, string> | null | undefined;
  /** Credentials file contents (JSON). */
  credentials: string;
  /** Overrides the project of the credentials. */
  project_id?: string | undefined;
  replication_locations?: string[] | null | undefined;
  /** Location name → encryption key resource id. */
  locational_kms_keys?: Record<string, string> | null | undefined;
  /** Resource name of a global encryption key. */
  global_kms_key?: string | undefined;
}

/** Body of POST /sys/sync/destinations/repo-host/:name: a token or an app, and a repository or an organization. */
export interface RepoHostDestinationInput {
  /** Template of secret names at the destination; empty uses the built-in one. */
  secret_name_template?: string | undefined;
  /** What is synced as one resource; the default depends on the type. */
  granularity?: string | undefined;
  /** Lifts the IP and port restrictions of the sync clients. */
  disable_strict_networking?: boolean | undefined;
  /** IPv4 ranges (CIDR) the sync client may reach. */
  allowed_ipv4_addresses?: string[] | null | undefined;
  /** IPv6 ranges (CIDR) the sync client may reach. */
  allowed_ipv6_addresses?: string[] | null | undefined;
  /** Ports the sync client may reach. */
  allowed_ports?: number[] | null | undefined;
  /** `repository` (default) or `organization`. */
  secrets_location?: 'organization' | 'repository' | undefined;
  /** Fine-grained or personal access token; the alternative to an app. */
  access_token?: string | undefined;
  /** Name of a configured repository-host app; needs installation_id. */
  app_name?: string | undefined;
  installation_id?: string | number | undefined;
  repository_owner?: string | undefined;
  repository_name?: string | undefined;
  /** Repository environment of the secrets; repository-wide by default. */
  environment_name?: string | undefined;
  /** (beta) Organization of the secrets. */
  organization_name?: string | undefined;
  /** (beta) Which repositories see the secrets (a sample uses `selected`). */
  organization_visibility?: string | undefined;
  /** (beta) Repositories that see the secrets: a list or a comma-separated string. */
  selected_repository_names?: string | string[] | null | undefined;
}

/** Body of POST /sys/sync/destinations/hosting-project/:name. */
export interface HostingProjectDestinationInput {
  /** Template of secret names at the destination; empty uses the built-in one. */
  secret_name_template?: string | undefined;
  /** What is synced as one resource; the default depends on the type. */
  granularity?: string | undefined;
  /** Lifts the IP and port restrictions of the sync clients. */
  disable_strict_networking?: boolean | undefined;
  /** IPv4 ranges (CIDR) the sync client may reach. */
  allowed_ipv4_addresses?: string[] | null | undefined;
  /** IPv6 ranges (CIDR) the sync client may reach. */
  allowed_ipv6_addresses?: string[] | null | undefined;
  /** Ports the sync client may reach. */
  allowed_ports?: number[] | null | undefined;
  /** Token allowed to manage the project's environment variables. */
  access_token: string;
  project_id: string;
  team_id?: string | undefined;
  /** Where the variables are available. */
  deployment_environments: ('development' | 'preview' | 'production')[];
}

/** Body of associations/set and associations/remove. */
export interface AssociationInput {
  /** Mount of the versioned key-value secret. */
  mount: string;
  secret_name: string;
}

/** Body of POST /sys/sync/github-apps/:name. */
export interface RepoHostAppInput {
  /** The app's id (digits, as text or a number). */
  app_id: string | number;
  /** The app's private key (PEM); returned masked. */
  private_key: string;
}

/** `data` of the sync configuration (`mount_type` `system` is on the metadata). */
export interface SyncConfig {
  [key: string]: unknown;
  disabled: boolean;
  queue_capacity?: number | undefined;
}

/** `data` of a destination: connection details with secrets masked as `*****`. */
export interface Destination {
  [key: string]: unknown;
  connection_details: Record<string, unknown>;
  name: string;
  type:
    | 'cloud1-sm'
    | 'cloud2-kv'
    | 'cloud3-sm'
    | 'repo-host'
    | 'hosting-project'
    | (string & Record<never, never>);
  options?:
    | {
        [key: string]: unknown;
        granularity_level?: string | undefined;
        secret_name_template?: string | undefined;
        custom_tags?: Record<string, string> | null | undefined;
      }
    | undefined;
  /** Set while a purging deletion runs. */
  purge_initiated_at?: string | undefined;
  purge_error?: string | undefined;
}

/** `data` of LIST /sys/sync/destinations: names grouped by type (keys are types with a trailing slash). */
export interface DestinationList {
  [key: string]: unknown;
  key_info: Record<string, string[]>;
  keys: string[];
  total_destinations: number;
}

/** `data` of LIST /sys/sync/destinations/:type. */
export interface DestinationsOfType {
  [key: string]: unknown;
  keys: string[];
  total_destinations: number;
}

/** One secret associated with a destination. */
export interface AssociatedSecret {
  [key: string]: unknown;
  accessor: string;
  secret_name: string;
  sync_status: 'SYNCED' | 'UNSYNCED' | 'PENDING' | (string & Record<never, never>);
  updated_at: string;
}

/** `data` of read, set and remove association: keyed `<accessor>/<secret_name>`. */
export interface Associations {
  [key: string]: unknown;
  associated_secrets: Record<string, AssociatedSecret>;
  store_name: string;
  store_type: string;
}

/** `data` of LIST /sys/sync/associations: keyed `<mount>/<secret>`. */
export interface AssociationList {
  [key: string]: unknown;
  key_info: Record<
    string,
    {
      [key: string]: unknown;
      mount: string;
      secret_path: string;
    }[]
  >;
  keys: string[];
  /** One secret may go to several destinations, so this can exceed total_secrets. */
  total_associations: number;
  total_secrets: number;
}

/** `data` of the destinations of one secret: keyed `<type>/<name>`. */
export interface SecretDestinations {
  [key: string]: unknown;
  associated_destinations: Record<
    string,
    {
      [key: string]: unknown;
      type: string;
      name: string;
      sync_status: 'SYNCED' | 'UNSYNCED' | 'PENDING' | (string & Record<never, never>);
      updated_at: string;
    }
  >;
}

/** `data` of a repository-host app; the private key is masked. */
export interface RepoHostApp {
  [key: string]: unknown;
  app_id: number;
  fingerprint?: string | undefined;
  name: string;
  private_key?: string | undefined;
}
