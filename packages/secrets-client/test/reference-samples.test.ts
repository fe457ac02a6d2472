// Every sample request body and response of this service in test/fixtures decodes with
// the client's schemas. The samples use upstream names; they are mapped to ours first, as the
// reference README says (sync types, and the product name inside `last_vault_rotation`).
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkFields } from '../../../test-support/schema-keys.js';
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
} from '../src/schemas.js';
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

/** A sample and the schema it must decode with. */
interface Pairing {
  readonly label: string;
  readonly schema: v.GenericSchema;
  readonly value: unknown;
}

/** The request and response of a docs sample, names mapped to ours, each with its schema. */
function docSamplePairs(raw: DocSample): Pairing[] {
  const sample = mapNames(raw) as DocSample;
  const path = sample.path ?? sample.example_path ?? '';
  const methods = sample.methods ?? [sample.method ?? 'GET'];
  const pairs: Pairing[] = [];
  const payload = repairPayload(sample);
  if (payload !== undefined) {
    const method = methods.includes('POST') && methods.includes('GET') ? 'GET' : (methods[0] ?? 'POST');
    const schema = schemasOf(method, path).request;
    if (schema === undefined) throw new Error(`${sample.section}: no request schema`);
    pairs.push({ label: `${sample.section} (request)`, schema, value: payload });
  }
  if (sample.response !== undefined && sample.response !== null) {
    const schema = envelopeSchema(schemasOf(methods[0] ?? 'GET', path).response as v.GenericSchema);
    pairs.push({ label: `${sample.section} (response)`, schema, value: sample.response });
  }
  return pairs;
}

function checkDocSample(raw: DocSample): number {
  const pairs = docSamplePairs(raw);
  for (const { label, schema, value } of pairs) decode(schema, value, label);
  return pairs.length;
}

interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string }[];
        requestBody?: { content?: Record<string, { schema?: unknown }> };
        responses?: Record<
          string,
          { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }
        >;
      }
    >
  >;
  readonly components: { readonly schemas: Record<string, unknown> };
}

const openApi = load('vault-openapi.gcp-database-sync.derived.json') as OpenApiDocument;

/** Our verb of an OpenAPI operation: a GET with the `list` parameter is a LIST. */
function verbOf(method: string, operation: { parameters?: { name: string }[] }): string {
  const listing = operation.parameters?.some((parameter) => parameter.name === 'list') === true;
  return listing ? 'LIST' : method.toUpperCase();
}

/** Every 200 example of the OpenAPI document, names mapped to ours, with its enveloped schema. */
function openApiExamplePairs(): Pairing[] {
  const pairs: Pairing[] = [];
  for (const [path, item] of Object.entries(openApi.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const examples = operation?.responses?.['200']?.content?.['application/json']?.examples ?? {};
      for (const [name, example] of Object.entries(examples)) {
        const schema = schemasOf(verbOf(method, operation), path).response as v.GenericSchema;
        pairs.push({
          label: `${method} ${path} ${name}`,
          schema: envelopeSchema(schema),
          value: mapNames(example.value),
        });
      }
    }
  }
  return pairs;
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
    const pairs = openApiExamplePairs();
    for (const { label, schema, value } of pairs) decode(schema, value, label);
    expect(pairs).toHaveLength(36);
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

/** Keys of the samples our schemas do not declare, each with its reason (`label: path`). */
const UNDECLARED_ALLOWED: Readonly<Record<string, string>> = {};

/** Declared keys found in no sample and not named by the spec, each with its reason. */
const UNSAMPLED_ALLOWED: Readonly<Record<string, string>> = {
  purge_initiated_at: "a destination's purge state: in the official OpenAPI document's destination responses",
  purge_error: "a destination's purge failure: in the official OpenAPI document's destination responses",
  plugin_parameters:
    "the client's own typed pass-through for plugin-specific connection fields, sent flattened beside the others",
  private_key_type: "client-certificate credentials: in the official OpenAPI document's creds response",
};

describe('reference samples, field for field', () => {
  it('every sample key is declared by its schema, and every declared key is sampled or in the spec', () => {
    const docs = load('vault-docs-samples-gcp-database.json') as { gcp: DocSample[]; database: DocSample[] };
    const sync = (load('vault-docs-samples-secrets-sync.json') as { samples: DocSample[] }).samples;
    const pairs = [...docs.gcp, ...docs.database, ...sync].flatMap(docSamplePairs);
    pairs.push(...openApiExamplePairs());
    const specWords = new Set((load('spec-words.json') as { words: string[] }).words);
    const report = checkFields(
      pairs.map(({ label, schema, value }) => ({ name: label, schema, samples: [value] })),
      specWords,
      { ...UNDECLARED_ALLOWED, ...UNSAMPLED_ALLOWED },
    );
    expect(report).toEqual({ undeclared: [], unsampled: [], unusedAllowlist: [] });
  });
});
