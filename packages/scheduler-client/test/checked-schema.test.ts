// The full client checks responses in place where valibot would only copy them, and runs valibot
// otherwise; a standalone operation on `createSchedulerCore` always runs valibot. Both must give the
// same data, the same instances of UnixNanos, and the same errors with the same issues.
import { describe, expect, it } from 'vitest';
import { Allocation, AllocationStubList } from '../src/allocations/schemas.js';
import { withPayloadCheck } from '../src/checked-schema.js';
import {
  createSchedulerClient,
  createSchedulerCore,
  listAllocations,
  listNodes,
  ResponseValidationError,
  readAllocation,
  readJob,
  readNode,
  UnixNanos,
} from '../src/index.js';
import { Job, JobSchema } from '../src/jobs/definition.js';
import { Node, NodeStubList } from '../src/nodes/schemas.js';
import { payloadCheck } from '../src/payload-check.js';
import { parseExactJson } from '../src/unix-nanos.js';
import { scheduler, serviceJob } from './support.js';

describe('responses checked in place', () => {
  it('reads the same data as valibot gives: jobs, allocations and nodes', async () => {
    const { fake, client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    const core = createSchedulerCore({ baseUrl: fake.url, retry: false });
    const job = await client.jobs.read('web');
    expect(job).toStrictEqual(await readJob(core, 'web'));
    expect(job.SubmitTime).toBeInstanceOf(UnixNanos);
    const allocations = await client.allocations.list();
    expect(allocations.length).toBeGreaterThan(0);
    expect(allocations).toStrictEqual(await listAllocations(core));
    const id = allocations[0]?.ID ?? '';
    expect(await client.allocations.read(id)).toStrictEqual(await readAllocation(core, id));
    const nodes = await client.nodes.list();
    expect(nodes).toStrictEqual(await listNodes(core));
    const nodeId = nodes[0]?.ID ?? '';
    expect(await client.nodes.read(nodeId)).toStrictEqual(await readNode(core, nodeId));
    // These answers take the fast path: the check passes each of them as it is.
    const raw = async (path: string) => parseExactJson(await (await fetch(`${fake.url}/v1${path}`)).text());
    for (const [schema, path] of [
      [Job, '/job/web'],
      [AllocationStubList, '/allocations'],
      [Allocation, `/allocation/${id}`],
      [NodeStubList, '/nodes'],
      [Node, `/node/${nodeId}`],
    ] as const) {
      expect(payloadCheck(schema)(await raw(path)), path).toBe(true);
    }
  });

  it('fails a response valibot refuses with valibot issues, as a standalone operation does', async () => {
    const broken = { ID: 'web', Name: 7, TaskGroups: 'none' };
    const fetch = async () => Response.json(broken, { headers: { 'X-Scheduler-Index': '3' } });
    const options = { baseUrl: 'http://127.0.0.1:9', retry: false as const, fetch };
    const failure = async (read: () => Promise<unknown>) => {
      const error = await read().catch((caught: unknown) => caught);
      expect(ResponseValidationError.isInstance(error), String(error)).toBe(true);
      return error as ResponseValidationError;
    };
    const viaClient = await failure(() => createSchedulerClient(options).jobs.read('web'));
    const viaCore = await failure(() => readJob(createSchedulerCore(options), 'web'));
    expect(viaClient.issues.length).toBeGreaterThan(0);
    expect(viaClient.issues).toEqual(viaCore.issues);
    expect(viaClient.message).toBe(viaCore.message);
  });

  it('hands valibot what the check cannot pass, and passes what it can as the same object', async () => {
    const checked = withPayloadCheck(JobSchema);
    const job = { ID: 'web', Name: 'web', Type: 'service', SubmitTime: new UnixNanos(5n) };
    const passed = await checked['~standard'].validate(job);
    expect('value' in passed && passed.value).toBe(job);
    // A whole number where valibot makes a UnixNanos: the check says no, valibot transforms it.
    const transformed = await checked['~standard'].validate({ ...job, SubmitTime: 7 });
    expect('value' in transformed && transformed.value).toMatchObject({ SubmitTime: new UnixNanos(7n) });
    expect(withPayloadCheck(JobSchema)).toBe(checked);
  });
});
