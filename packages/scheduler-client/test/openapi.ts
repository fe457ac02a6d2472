// Every request body the tests send through the client, checked against the official OpenAPI document
// of the jobs, nodes and allocations endpoints (test/fixtures, cut from the derived document).
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

const document = JSON.parse(
  readFileSync(new URL('./fixtures/nomad-openapi.v1.derived.requests.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

/**
 * Where our spec differs from the upstream document; our spec wins. Patterns are
 * `METHOD /template: /json/path message`, `*` standing for anything.
 */
export const OPENAPI_ALLOWLIST: Readonly<Record<string, string>> = {
  // The spec's neutral names for credential-related job fields (upstream VaultToken, ConsulToken, ...).
  'POST *: /Job/SecretsToken: is not in the document': 'spec: SecretsToken is upstream VaultToken',
  'POST *: /Job/MeshToken: is not in the document': 'spec: MeshToken is upstream ConsulToken',
  'POST *: /Job/SchedulerTokenID: is not in the document': 'spec: SchedulerTokenID is upstream NomadTokenID',
  'POST *: /Job/SecretsNamespace: is not in the document':
    'spec: SecretsNamespace is upstream VaultNamespace',
  'POST /v1/jobs/parse: /HCLv1: is not in the document': 'spec: HCLv1 (bool, false; legacy parser)',
  // Newer request fields: the document (nomad-openapi @ 094ef14f) predates them; the upstream API docs list them.
  'POST /v1/job*: /Submission: is not in the document': 'newer field: the source a job was written in',
  'POST /v1/jobs/parse: /Variables: is not in the document': 'newer field: the values of job text variables',
  'POST /v1/job/{jobName}/dispatch: /IdempotencyToken: is not in the document':
    'newer field: dispatch at most once per token',
  'POST /v1/job/{jobName}/dispatch: /IdPrefixTemplate: is not in the document':
    "newer field: text put into the dispatched job's id",
  'POST /v1/job/{jobName}/dispatch: /Priority: is not in the document':
    "newer field: the dispatched job's priority",
  'POST /v1/job/{jobName}/revert: /TaggedVersion: is not in the document':
    'newer field: revert to the version that carries a tag; in the upstream API docs',
  'PUT /v1/var/{path}: /Lock: is not in the document':
    'newer field: variable locks (lock-acquire, lock-renew, lock-release); in the upstream API docs',
  'POST /v1/job*: /Job/VersionTag: is not in the document':
    "newer field: a version's tag, which a job read back and sent again carries; in the upstream API docs",
  'POST /v1/job*: /Job/FutureField: is not in the document':
    'a test sends a field no version knows on purpose, to show a read-modify-write keeps it',
};

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

/** The checker of this package's requests, shared by every test file's hook. */
export const openApiRequests = requestChecker(
  document,
  (schema) => ajv.compile(schema as object),
  '@infra-sdk/scheduler-client/',
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
