// Every request body the tests send through the client, checked against the official OpenAPI document
// of the cloud-credentials, database and sync endpoints (test/fixtures, cut from the derived document).
// Ajv validates: the document's request schemas are JSON Schema, and Ajv is the maintained validator
// that reads OpenAPI's `nullable` and compiles each schema once.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, expect } from 'vitest';
import {
  checkRequestsAfterEachFile,
  type OpenApiDocument,
  requestChecker,
  type SentRequest,
} from '../../../test-support/openapi-requests.js';

function fixture(name: string): OpenApiDocument {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as OpenApiDocument;
}

const engines = fixture('vault-openapi.gcp-database-sync.derived.json');
/** The token, wrapping and key-value endpoints, cut from the same official document. */
export const tokenWrappingKv = fixture('vault-openapi.token-wrapping-kv.json');
const document: OpenApiDocument = {
  paths: { ...engines.paths, ...tokenWrappingKv.paths },
  components: {
    schemas: {
      ...((engines.components?.schemas ?? {}) as Record<string, unknown>),
      ...((tokenWrappingKv.components?.schemas ?? {}) as Record<string, unknown>),
    },
  },
};

/**
 * Where our spec differs from the upstream document; our spec wins. Patterns are
 * `METHOD /template: /json/path message`, `*` standing for anything.
 */
export const OPENAPI_ALLOWLIST: Readonly<Record<string, string>> = {
  // Database connections: the document models only the engine's own fields; the spec adds the common
  // plugin fields and passes plugin-specific ones through.
  'POST /v1/database/config/{name}: /connection_url: is not in the document': 'spec: common plugin field',
  'POST /v1/database/config/{name}: /url: is not in the document': 'spec: common plugin field (some plugins)',
  'POST /v1/database/config/{name}: /username: is not in the document': 'spec: common plugin field',
  'POST /v1/database/config/{name}: /password: is not in the document': 'spec: common plugin field',
  'POST /v1/database/config/{name}: /max_open_connections: is not in the document':
    'spec: plugin-specific fields pass through (sent from plugin_parameters)',
  'POST /v1/database/config/{name}: /tls_ca: is not in the document':
    'spec: plugin-specific fields pass through',
  'POST /v1/database/config/{name}: /root_root_placeholder: is not in the document':
    'spec: plugin-specific fields pass through (a test sends an unusual name on purpose)',
  'POST /v1/database/config/{name}: /allowed_roles: must be array':
    'the service also reads list fields as comma-separated text, which the client accepts and sends as given',
  'POST /v1/gcp/roleset/{name}: /colour: is not in the document':
    "a test sends an unknown field on purpose, through the client's raw request, to see the service's warning",
  // A refused write must leave the stored object unchanged: these tests send bad bodies on purpose.
  'POST /v1/database/roles/{name}: /revocation_statements: must be array':
    'a test sends a body the service refuses, to see that nothing is applied',
  'PATCH /v1/sys/sync/config: /queue_capacity: must be integer':
    'a test sends a body the service refuses, to see that nothing is applied',
  'POST /v1/sys/sync/destinations/cloud1-sm/{name}: /allowed_ports: must be array':
    'a test sends a body the service refuses, to see that nothing is applied',
  // Sync: where the spec's types differ from the document's, the spec wins.
  'POST /v1/sys/sync/destinations/cloud1-sm/{name}: /allowed_ports/*: must be string': 'spec: list<int>',
  'POST /v1/sys/sync/destinations/cloud1-sm/{name}: /custom_tags: must be object':
    'spec: map<string,string> with nil default; null clears the tags',
  'POST /v1/sys/sync/destinations/repo-host/{name}: /installation_id: must be integer': 'spec: string',
  'POST /v1/sys/sync/destinations/repo-host/{name}: /selected_repository_names: must be array':
    'spec: a list, and "a sample passes a comma-separated string"',
  'POST /v1/sys/sync/github-apps/{name}: /app_id: must be integer': 'spec: app_id (string, required)',
  // Token renewal: durations are whole seconds or unit text, as everywhere in the spec; the service reads
  // both (the document types the field as text with a duration format).
  'POST /v1/auth/token/renew-self: /increment: must be string': 'spec: durations are seconds or text',
};

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

/** The checker of this package's requests, shared by every test file's hook. */
export const openApiRequests = requestChecker(
  document,
  (schema) => ajv.compile(schema as object),
  '@infra-sdk/secrets-client/',
  OPENAPI_ALLOWLIST,
);

/** Hands the servers of the test file being run to its check; set before each file. */
let watchOfFile: ((server: { readonly requests: readonly SentRequest[] }) => void) | undefined;

/**
 * Registers, for the test file about to run, the check of the bodies sent to the servers it hands to
 * `checkRequestsOf`. Run before each test file (`file-checks.setup.ts`): the test files share their
 * modules, so a hook registered when this module loads would belong to the first file only.
 */
export function checkRequestsOfThisFile(): void {
  watchOfFile = checkRequestsAfterEachFile(openApiRequests, { afterAll, expect });
}

/**
 * Checks, once the test file has run, every JSON body the client sent to `server` (a fake) against the
 * document. Called by the support helper that makes clients, so every test file using it is covered.
 */
export function checkRequestsOf(server: { readonly requests: readonly SentRequest[] }): void {
  if (watchOfFile === undefined) throw new Error('file-checks.setup.ts is not among the setup files');
  watchOfFile(server);
}
