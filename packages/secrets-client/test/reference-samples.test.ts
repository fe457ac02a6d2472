// Every sample request body and response of this service in test/fixtures decodes with
// the client's schemas. The samples use upstream names; they are mapped to ours first, as the
// reference README says (sync types, and the product name inside `last_vault_rotation`).
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AccessTokenSchema,
  AssociationListSchema,
  AssociationRequestSchema,
  AssociationsSchema,
  Cloud1SmDestinationRequestSchema,
  Cloud2KvDestinationRequestSchema,
  Cloud3SmDestinationRequestSchema,
  CloudConfigRequestSchema,
  CloudConfigSchema,
  ConnectionRequestSchema,
  ConnectionSchema,
  CredentialsSchema,
  DestinationListSchema,
  DestinationSchema,
  DestinationsOfTypeSchema,
  envelopeSchema,
  HostingProjectDestinationRequestSchema,
  KeyListSchema,
  KeyRequestSchema,
  ReloadResultSchema,
  RepoHostDestinationRequestSchema,
  RoleRequestSchema,
  RoleSchema,
  RolesetRequestSchema,
  RolesetSchema,
  SecretDestinationsSchema,
  ServiceAccountKeySchema,
  StaticAccountRequestSchema,
  StaticAccountSchema,
  StaticCredentialsSchema,
  StaticRoleRequestSchema,
  StaticRoleSchema,
  SyncConfigRequestSchema,
  SyncConfigSchema,
  WriteResultSchema,
} from '../src/index.js';
import { startFakeSecrets } from '../src/testing/index.js';
import { clientOf } from './support.js';

const reference = new URL('./fixtures/', import.meta.url);
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(name, reference), 'utf8'));

const TYPE_NAMES: Readonly<Record<string, string>> = {
  'aws-sm': 'cloud1-sm',
  'azure-kv': 'cloud2-kv',
  'gcp-sm': 'cloud3-sm',
  gh: 'repo-host',
  'vercel-project': 'hosting-project',
};

function mapText(text: string): string {
  const [head = '', ...rest] = text.split('/');
  const mapped = TYPE_NAMES[head];
  if (mapped !== undefined) return [mapped, ...rest].join('/');
  return text.replace(/\/sys\/sync\/destinations\/([^/]+)/, (whole, type: string) =>
    TYPE_NAMES[type] ? `/sys/sync/destinations/${TYPE_NAMES[type]}` : whole,
  );
}

/** Upstream names → ours, in keys and string values alike. */
function mapNames(value: unknown): unknown {
  if (typeof value === 'string') return mapText(value);
  if (Array.isArray(value)) return value.map(mapNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key === 'last_vault_rotation' ? 'last_service_rotation' : mapText(key),
      mapNames(item),
    ]),
  );
}

interface Schemas {
  readonly request?: v.GenericSchema;
  readonly response?: v.GenericSchema;
}

const SEGMENT = '[^/]+';
const ROUTES: readonly (readonly [string, string, Schemas])[] = [
  ['POST', '/gcp/config', { request: CloudConfigRequestSchema, response: WriteResultSchema }],
  ['GET', '/gcp/config', { response: CloudConfigSchema }],
  ['POST', '/gcp/config/rotate-root', { response: WriteResultSchema }],
  ['POST', '/gcp/roleset/:/rotate', { response: WriteResultSchema }],
  ['POST', '/gcp/roleset/:/rotate-key', { response: WriteResultSchema }],
  ['POST', '/gcp/static-account/:/rotate-key', { response: WriteResultSchema }],
  ['GET', '/gcp/roleset/:/token', { response: AccessTokenSchema }],
  ['GET', '/gcp/roleset/:/key', { request: KeyRequestSchema, response: ServiceAccountKeySchema }],
  ['POST', '/gcp/roleset/:', { request: RolesetRequestSchema, response: WriteResultSchema }],
  ['GET', '/gcp/roleset/:', { response: RolesetSchema }],
  ['DELETE', '/gcp/roleset/:', { response: WriteResultSchema }],
  ['LIST', '/gcp/rolesets/?', { response: KeyListSchema }],
  ['POST', '/gcp/static-account/:', { request: StaticAccountRequestSchema, response: WriteResultSchema }],
  ['GET', '/gcp/static-account/:', { response: StaticAccountSchema }],
  ['DELETE', '/gcp/static-account/:', { response: WriteResultSchema }],
  ['LIST', '/gcp/static-accounts/?', { response: KeyListSchema }],
  ['POST', '/database/config/:', { request: ConnectionRequestSchema, response: WriteResultSchema }],
  ['GET', '/database/config/:', { response: ConnectionSchema }],
  ['DELETE', '/database/config/:', { response: WriteResultSchema }],
  ['LIST', '/database/config/?', { response: KeyListSchema }],
  ['POST', '/database/reset/:', { response: WriteResultSchema }],
  ['POST', '/database/reload/:', { response: ReloadResultSchema }],
  ['POST', '/database/rotate-root/:', { response: WriteResultSchema }],
  ['POST', '/database/roles/:', { request: RoleRequestSchema, response: WriteResultSchema }],
  ['GET', '/database/roles/:', { response: RoleSchema }],
  ['DELETE', '/database/roles/:', { response: WriteResultSchema }],
  ['LIST', '/database/roles/?', { response: KeyListSchema }],
  ['GET', '/database/creds/:', { response: CredentialsSchema }],
  ['POST', '/database/static-roles/:', { request: StaticRoleRequestSchema, response: WriteResultSchema }],
  ['GET', '/database/static-roles/:', { response: StaticRoleSchema }],
  ['DELETE', '/database/static-roles/:', { response: WriteResultSchema }],
  ['LIST', '/database/static-roles/?', { response: KeyListSchema }],
  ['GET', '/database/static-creds/:', { response: StaticCredentialsSchema }],
  ['POST', '/database/rotate-role/:', { response: WriteResultSchema }],
  ['PATCH', '/sys/sync/config', { request: SyncConfigRequestSchema, response: SyncConfigSchema }],
  ['LIST', '/sys/sync/destinations/?', { response: DestinationListSchema }],
  [
    'POST',
    '/sys/sync/destinations/cloud1-sm/:',
    { request: Cloud1SmDestinationRequestSchema, response: DestinationSchema },
  ],
  [
    'POST',
    '/sys/sync/destinations/cloud2-kv/:',
    { request: Cloud2KvDestinationRequestSchema, response: DestinationSchema },
  ],
  [
    'POST',
    '/sys/sync/destinations/cloud3-sm/:',
    { request: Cloud3SmDestinationRequestSchema, response: DestinationSchema },
  ],
  [
    'POST',
    '/sys/sync/destinations/repo-host/:',
    { request: RepoHostDestinationRequestSchema, response: DestinationSchema },
  ],
  [
    'POST',
    '/sys/sync/destinations/hosting-project/:',
    { request: HostingProjectDestinationRequestSchema, response: DestinationSchema },
  ],
  ['GET', '/sys/sync/destinations/:/:', { response: DestinationSchema }],
  ['DELETE', '/sys/sync/destinations/:/:', { response: WriteResultSchema }],
  ['LIST', '/sys/sync/destinations/:/?', { response: DestinationsOfTypeSchema }],
  ['GET', '/sys/sync/destinations/:/:/associations', { response: AssociationsSchema }],
  [
    'POST',
    '/sys/sync/destinations/:/:/associations/set',
    { request: AssociationRequestSchema, response: AssociationsSchema },
  ],
  [
    'POST',
    '/sys/sync/destinations/:/:/associations/remove',
    { request: AssociationRequestSchema, response: AssociationsSchema },
  ],
  ['LIST', '/sys/sync/associations/?', { response: AssociationListSchema }],
  ['GET', '/sys/sync/associations/:/:', { response: SecretDestinationsSchema }],
];

/** The schemas of a call, by method and path (concrete, or an OpenAPI template). */
function schemasOf(method: string, path: string): Schemas {
  const bare = path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, 'x');
  for (const [routeMethod, pattern, schemas] of ROUTES) {
    const regex = new RegExp(`^${pattern.replaceAll(':', SEGMENT)}$`);
    if (routeMethod === method && regex.test(bare)) return schemas;
  }
  throw new Error(`no schema for ${method} ${path}`);
}

function decode(schema: v.GenericSchema | undefined, value: unknown, label: string): void {
  if (schema === undefined) throw new Error(`${label}: no schema`);
  const result = v.safeParse(schema, value);
  expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? [], label).toEqual([]);
}

interface DocSample {
  readonly section: string;
  readonly method?: string;
  readonly methods?: readonly string[];
  readonly path?: string;
  readonly example_path?: string;
  readonly payload?: Record<string, unknown>;
  readonly payload_note?: string;
  readonly response?: unknown;
  readonly bindings_hcl_example?: string;
}

/** Repairs the one sample the upstream docs got wrong, as its own note says. */
function repairPayload(sample: DocSample): Record<string, unknown> | undefined {
  const payload = sample.payload;
  if (payload && sample.section === 'Generate Service Account Key') {
    // payload_note: the upstream sample swaps key_algorithm and key_type; the default key type is ours.
    return { key_algorithm: payload.key_type, key_type: 'TYPE_CLOUD_CREDENTIALS_FILE' };
  }
  return payload;
}

function checkDocSample(raw: DocSample): number {
  const sample = mapNames(raw) as DocSample;
  const path = sample.path ?? sample.example_path ?? '';
  const methods = sample.methods ?? [sample.method ?? 'GET'];
  let checked = 0;
  const payload = repairPayload(sample);
  if (payload !== undefined) {
    const method = methods.includes('POST') && methods.includes('GET') ? 'GET' : (methods[0] ?? 'POST');
    decode(schemasOf(method, path).request, payload, `${sample.section} (request)`);
    checked += 1;
  }
  if (sample.response !== undefined && sample.response !== null) {
    decode(
      envelopeSchema(schemasOf(methods[0] ?? 'GET', path).response as v.GenericSchema),
      sample.response,
      `${sample.section} (response)`,
    );
    checked += 1;
  }
  return checked;
}

describe('reference samples', () => {
  it('decodes every cloud-credentials and database docs sample', () => {
    const samples = load('vault-docs-samples-gcp-database.json') as {
      gcp: DocSample[];
      database: DocSample[];
    };
    let checked = 0;
    for (const sample of [...samples.gcp, ...samples.database]) checked += checkDocSample(sample);
    expect(checked).toBe(26);
  });

  it('decodes every secret-sync docs sample', () => {
    const samples = (load('vault-docs-samples-secrets-sync.json') as { samples: DocSample[] }).samples;
    let checked = 0;
    for (const sample of samples) checked += checkDocSample(sample);
    expect(checked).toBe(18);
  });

  it('decodes every example of the derived OpenAPI document, envelope included', () => {
    const document = load('vault-openapi.gcp-database-sync.derived.json') as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string }[];
            responses?: Record<
              string,
              { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }
            >;
          }
        >
      >;
    };
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const examples = operation?.responses?.['200']?.content?.['application/json']?.examples ?? {};
        for (const [name, example] of Object.entries(examples)) {
          const listing = operation.parameters?.some((parameter) => parameter.name === 'list') === true;
          const verb = listing ? 'LIST' : method.toUpperCase();
          const schema = schemasOf(verb, path).response as v.GenericSchema;
          decode(envelopeSchema(schema), mapNames(example.value), `${method} ${path} ${name}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(36);
  });

  it('catches the swapped key fields of the upstream key sample when left unrepaired', () => {
    const swapped = { key_algorithm: 'TYPE_GOOGLE_CREDENTIALS_FILE', key_type: 'KEY_ALG_RSA_2048' };
    expect(v.safeParse(KeyRequestSchema, swapped).issues?.map((issue) => v.getDotPath(issue))).toEqual([
      'key_algorithm',
      'key_type',
    ]);
  });

  it('lets the fake parse the block-style bindings example', async () => {
    const samples = load('vault-docs-samples-gcp-database.json') as { gcp: DocSample[] };
    const text = samples.gcp.find((sample) => sample.bindings_hcl_example)?.bindings_hcl_example ?? '';
    await using fake = await startFakeSecrets();
    const client = clientOf(fake);
    await client.cloud.rolesets.write('sample', { project: 'mygcpproject', bindings: text });
    expect((await client.cloud.rolesets.read('sample')).bindings).toEqual({
      '//cloudresourcemanager.googleapis.com/projects/mygcpproject': ['roles/viewer'],
      '//bigquery.googleapis.com/projects/my-project/datasets/mydataset': ['roles/bigquery.dataViewer'],
      'https://selflink/to/my/resource': [
        'project/mygcpproject/roles/projcustomrole',
        'organizations/myorg/roles/orgcustomrole',
      ],
    });
  });
});
