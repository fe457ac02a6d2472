// The OpenAPI check of request bodies (test/openapi.ts, run after every test file that makes clients
// through the support helpers) finds what it should: bodies the client sends match the official
// document, and a field the document does not name, or a value of the wrong type, is reported.
import { describe, expect, it } from 'vitest';
import { startFakeSecrets } from '../src/testing/index.js';
import { openApiRequests } from './openapi.js';
import { clientOf } from './support.js';

const sent = (method: string, path: string, body: unknown) => ({
  method,
  path,
  headers: { 'user-agent': '@infra-sdk/secrets-client/0.0.0' },
  body: JSON.stringify(body),
});

describe('request bodies against the OpenAPI document', () => {
  it('checks what the client sends over HTTP, and finds nothing wrong with a valid body', async () => {
    await using fake = await startFakeSecrets();
    const client = clientOf(fake);
    await client.cloud.rolesets.write('viewer', {
      project: 'p',
      secret_type: 'access_token',
      token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
      bindings: { '//cloudresourcemanager.googleapis.com/projects/p': ['roles/viewer'] },
    });
    expect(openApiRequests.check(fake.requests)).toEqual({ problems: [], checked: 1, unmatched: [] });
  });

  it('reports a misspelt field and a wrong type, and skips bodies other clients sent', () => {
    const report = openApiRequests.check([
      sent('POST', '/v1/gcp/roleset/viewer', { project: 'p', token_scope: ['x'] }),
      sent('POST', '/v1/database/roles/app', { db_name: 'db', default_ttl: true }),
      { ...sent('POST', '/v1/gcp/roleset/viewer', { typo: 1 }), headers: { 'user-agent': 'curl/8' } },
    ]);
    expect(report.checked).toBe(2);
    expect(report.problems).toEqual([
      'POST /v1/gcp/roleset/{name}: /token_scope: is not in the document',
      'POST /v1/database/roles/{name}: /default_ttl: must be string',
      'POST /v1/database/roles/{name}: /default_ttl: must be integer',
    ]);
  });

  it('matches a literal path segment before a parameter', () => {
    const report = openApiRequests.check([
      sent('POST', '/v1/sys/sync/destinations/cloud1-sm/one', { access_key_id: 'a', secret_access_key: 's' }),
    ]);
    expect(report).toEqual({ problems: [], checked: 1, unmatched: [] });
  });
});
