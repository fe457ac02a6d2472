// What the fake knows about each destination type: its own fields, which are required, which are
// secret (masked when read), and its default granularity.

/** Fields of one destination type. */
export interface DestinationTypeInfo {
  readonly fields: readonly string[];
  readonly required: readonly string[];
  readonly secret: readonly string[];
  readonly granularity: string;
  readonly customTags: boolean;
}

const CLOUD_GRANULARITY = 'secret-path';
const REPO_GRANULARITY = 'secret-key';

/** The five destination types. */
export const DESTINATION_TYPE_INFO: Readonly<Record<string, DestinationTypeInfo>> = {
  'cloud1-sm': {
    fields: ['access_key_id', 'secret_access_key', 'role_arn', 'external_id', 'region'],
    required: [],
    secret: ['access_key_id', 'secret_access_key'],
    granularity: CLOUD_GRANULARITY,
    customTags: true,
  },
  'cloud2-kv': {
    fields: ['key_vault_uri', 'client_id', 'client_secret', 'tenant_id', 'cloud'],
    required: ['key_vault_uri', 'client_id', 'client_secret', 'tenant_id'],
    secret: ['client_secret'],
    granularity: CLOUD_GRANULARITY,
    customTags: true,
  },
  'cloud3-sm': {
    fields: ['credentials', 'project_id', 'replication_locations', 'locational_kms_keys', 'global_kms_key'],
    required: ['credentials'],
    secret: ['credentials'],
    granularity: CLOUD_GRANULARITY,
    customTags: true,
  },
  'repo-host': {
    fields: [
      'secrets_location',
      'access_token',
      'app_name',
      'installation_id',
      'repository_owner',
      'repository_name',
      'environment_name',
      'organization_name',
      'organization_visibility',
      'selected_repository_names',
    ],
    required: [],
    secret: ['access_token'],
    granularity: REPO_GRANULARITY,
    customTags: false,
  },
  'hosting-project': {
    fields: ['access_token', 'project_id', 'team_id', 'deployment_environments'],
    required: ['access_token', 'project_id', 'deployment_environments'],
    secret: ['access_token'],
    granularity: REPO_GRANULARITY,
    customTags: false,
  },
};

/** What masked secrets read as. */
export const MASK = '*****';

/** The built-in template of secret names at a destination. */
export const DEFAULT_SECRET_NAME_TEMPLATE =
  'secrets-{{ .MountAccessor | lowercase }}-{{ .SecretPath | lowercase }}';
