// The newer fields of registration, update, dispatch and parse bodies are typed, sent and honoured by
// the fake; fields no version has are still refused before sending.
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/index.js';
import { parameterizedJob, scheduler, serviceJob, validationError } from './support.js';

const JOB_TEXT = `
variable "image" {
  default = "nginx:1"
}
variable "count" {
  default = 1
}
job "web" {
  datacenters = ["dc1"]
  group "frontend" {
    count = var.count
    task "server" {
      driver = "docker"
      config {
        image = var.image
      }
    }
  }
}
`;

describe('newer request fields', () => {
  it('sends EvalPriority and Submission with a registration and an update', async () => {
    const { client, fake } = await scheduler();
    const created = await client.jobs.create({
      Job: serviceJob('web', 1),
      EvalPriority: 90,
      Submission: {
        Source: JOB_TEXT,
        Format: 'hcl2',
        Variables: 'count = 1',
        VariableFlags: { image: 'nginx:1' },
      },
    });
    expect(fake.evaluations().find((evaluation) => evaluation.ID === created.EvalID)?.Priority).toBe(90);
    const updated = await client.jobs.update('web', {
      Job: serviceJob('web', 3),
      PreserveCounts: true,
      EvalPriority: 10,
      Submission: null,
    });
    expect(fake.evaluations().find((evaluation) => evaluation.ID === updated.EvalID)?.Priority).toBe(10);
    // PreserveCounts kept the running count.
    expect((await client.jobs.read('web')).TaskGroups?.[0]?.Count).toBe(1);
    const bodies = fake.requests
      .filter((request) => request.method === 'POST')
      .map((request) => JSON.parse(request.body ?? '{}') as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({
      EvalPriority: 90,
      Submission: { Format: 'hcl2', Variables: 'count = 1' },
    });
    expect(bodies[1]).toMatchObject({ EvalPriority: 10, PreserveCounts: true, Submission: null });
    const refused = await client.jobs
      .create({ Job: serviceJob('api', 1), Submission: { Source: 'x', Format: 'yaml' } })
      .catch((error: unknown) => error);
    expect((refused as BadRequestError).body).toBe(
      'Submission.Format must be hcl2, hcl1 or json, not "yaml"',
    );
  });

  it('dispatches with an id prefix and a priority', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: parameterizedJob() });
    const { DispatchedJobID } = await client.jobs.dispatch('report', {
      Meta: { customer: 'acme' },
      IdPrefixTemplate: 'acme',
      Priority: 80,
    });
    expect(DispatchedJobID).toMatch(/^report\/dispatch-acme-\d+-[0-9a-f]{8}$/);
    expect(fake.job(DispatchedJobID)?.Priority).toBe(80);
  });

  it('parses job text with its variables', async () => {
    const { client } = await scheduler();
    const defaults = await client.jobs.parse({ JobHCL: JOB_TEXT });
    expect(defaults.TaskGroups?.[0]).toMatchObject({ Count: 1, Tasks: [{ Config: { image: 'nginx:1' } }] });
    const set = await client.jobs.parse({ JobHCL: JOB_TEXT, Variables: 'image = "nginx:2"\ncount = 3' });
    expect(set.TaskGroups?.[0]).toMatchObject({ Count: 3, Tasks: [{ Config: { image: 'nginx:2' } }] });
    const undeclared = await client.jobs
      .parse({ JobHCL: JOB_TEXT, Variables: 'colour = "blue"' })
      .catch((error: unknown) => error);
    expect(BadRequestError.isInstance(undeclared)).toBe(true);
    expect((undeclared as BadRequestError).body).toMatch(
      /a variable named "colour" was set but not declared/,
    );
  });

  it('still refuses fields no version has, and newer fields of the wrong type', async () => {
    const { client, fake } = await scheduler();
    const before = fake.requests.length;
    await validationError(
      client.jobs.create({ Job: serviceJob(), Submission: { Source: 'x', Extra: 1 } } as never),
    );
    await validationError(client.jobs.dispatch('report', { IdempotencyToken: 42 } as never));
    await validationError(client.jobs.parse({ JobHCL: JOB_TEXT, Variables: { image: 'x' } } as never));
    await validationError(client.jobs.update('web', { Job: serviceJob(), EvalPriority: 0 }));
    await validationError(client.jobs.dispatch('report', { Priority: 101 }));
    expect(fake.requests.length).toBe(before);
  });
});
