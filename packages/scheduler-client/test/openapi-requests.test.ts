// The OpenAPI check of request bodies (test/openapi.ts, run after every test file that makes clients
// through the support helpers) finds what it should: bodies the client sends match the official
// document, and a field the document does not name, or a value of the wrong type, is reported.
import { describe, expect, it } from 'vitest';
import { openApiRequests } from './openapi.js';
import { scheduler, serviceJob } from './support.js';

const sent = (method: string, path: string, body: unknown) => ({
  method,
  path,
  headers: { 'user-agent': '@infra-sdk/scheduler-client/0.0.0' },
  body: JSON.stringify(body),
});

describe('request bodies against the OpenAPI document', () => {
  it('checks what the client sends over HTTP: register, plan, drain and eligibility', async () => {
    const { fake, client } = await scheduler();
    const node = fake.addNode();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await client.jobs.plan('web', { Job: serviceJob('web', 2), Diff: true });
    await client.nodes.setEligibility(node.ID, { Eligibility: 'ineligible' });
    await client.nodes.drain(node.ID, { DrainSpec: { Deadline: '1m' } });
    expect(openApiRequests.check(fake.requests)).toEqual({ problems: [], checked: 4, unmatched: [] });
  });

  it('reports misspelt fields and wrong types at any depth, and skips bodies other clients sent', () => {
    const report = openApiRequests.check([
      sent('POST', '/v1/jobs', { Job: { ID: 'web', Type: 'batch', Datacenter: ['dc1'] } }),
      sent('POST', '/v1/node/n1/eligibility', { NodeID: 'n1', Eligibilty: 'eligible' }),
      sent('POST', '/v1/job/web/dispatch', { JobID: 'web', Meta: { a: 1 } }),
      { ...sent('POST', '/v1/jobs', { Typo: 1 }), headers: { 'user-agent': 'curl/8' } },
    ]);
    expect(report.checked).toBe(3);
    expect(report.problems).toEqual([
      'POST /v1/jobs: /Job/Datacenter: is not in the document',
      'POST /v1/node/{nodeId}/eligibility: /Eligibilty: is not in the document',
      'POST /v1/job/{jobName}/dispatch: /Meta/a: must be string',
    ]);
  });
});
