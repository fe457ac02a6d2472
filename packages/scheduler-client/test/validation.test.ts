import { describe, expect, it } from 'vitest';
import { MAX_DISPATCH_PAYLOAD_BYTES } from '../src/index.js';
import { parameterizedJob, scheduler, serviceJob, validationError } from './support.js';

const NODE = '0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10';

describe('validation before sending', () => {
  it('checks every rule of the spec without sending anything', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await client.jobs.create({ Job: parameterizedJob() });
    const before = fake.requests.length;
    const failures: [string, Promise<unknown>][] = [
      // Full UUIDs where the spec requires them, not the 8-character short form.
      ['node id', client.nodes.read(NODE.slice(0, 8))],
      ['node id', client.nodes.read(NODE.toUpperCase())],
      ['node id', client.nodes.listAllocations('web')],
      ['node id', client.nodes.evaluate('')],
      ['node id', client.nodes.drain('x', { DrainSpec: null })],
      ['node id', client.nodes.purge(`${NODE}0`)],
      ['node id', client.nodes.setEligibility('abc', { Eligibility: 'eligible' })],
      ['allocation id', client.allocations.read('5457f16d')],
      ['allocation id', client.allocations.stop('5457f16d')],
      ['allocation id', client.allocations.signal('5457f16d', { Signal: 'SIGHUP' })],
      ['allocation id', client.allocations.restart('5457f16d')],
      ['allocation id', client.allocations.listServices('5457f16d')],
      // Even-length hex prefixes.
      ['node listing', client.nodes.list({ prefix: 'abc' })],
      ['allocation listing', client.allocations.list({ prefix: 'zz' })],
      ['allocation listing', client.allocations.iterate({ prefix: 'A1' }).toArray()],
      // The eligibility enum.
      ['node eligibility', client.nodes.setEligibility(NODE, { Eligibility: 'maybe' as 'eligible' })],
      // Deadline is required inside a DrainSpec, and durations must be durations.
      ['node drain', client.nodes.drain(NODE, { DrainSpec: {} as { Deadline: number } })],
      ['node drain', client.nodes.drain(NODE, { DrainSpec: { Deadline: 'soon' } })],
      ['node drain', client.nodes.drain(NODE, { DrainSpec: { Deadline: -1 } })],
      // AllTasks and TaskName exclude each other.
      ['allocation restart', client.allocations.restart(NODE, { TaskName: 'server', AllTasks: true })],
      // Dispatch payloads of at most 16384 bytes, as base64 text or bytes.
      [
        'job dispatch',
        client.jobs.dispatch('report', { Payload: new Uint8Array(MAX_DISPATCH_PAYLOAD_BYTES + 1) }),
      ],
      [
        'job dispatch',
        client.jobs.dispatch('report', { Payload: btoa('x'.repeat(MAX_DISPATCH_PAYLOAD_BYTES + 1)) }),
      ],
      ['job dispatch', client.jobs.dispatch('report', { Payload: 'not base64!' })],
      // Blocking waits of at most 10 minutes.
      ['blocking query', client.allocations.list({ wait: '10m1s' })],
      ['blocking query', client.jobs.listVersions('web', { wait: 3_600_000 })],
      // Durations inside job definitions.
      [
        'job registration',
        client.jobs.create({ Job: { ...serviceJob(), TaskGroups: [{ Name: 'g', ShutdownDelay: 'later' }] } }),
      ],
      ['job plan', client.jobs.plan('web', { Job: { ...serviceJob(), Update: { MinHealthyTime: 1.5 } } })],
      // Strict request bodies and their numbers.
      ['job registration', client.jobs.create({ Job: serviceJob(), Extra: true } as never)],
      ['job registration', client.jobs.create({ Job: { Name: 'no id' } } as never)],
      ['job update', client.jobs.update('web', { Job: serviceJob(), JobModifyIndex: -1 })],
      ['job update', client.jobs.update('web', { Job: serviceJob(), EvalPriority: 101 })],
      ['job update', client.jobs.update('api', { Job: serviceJob() })],
      ['job plan', client.jobs.plan('api', { Job: serviceJob() })],
      ['job dispatch', client.jobs.dispatch('report', { Priority: 0 })],
      ['job scaling', client.jobs.scale('web', { Group: '', Count: 2 })],
      ['job scaling', client.jobs.scale('web', { Group: 'web', Count: -1 })],
      ['deployment promotion', client.deployments.promote(NODE, { All: true, Groups: ['web'] })],
      ['deployment promotion', client.deployments.promote(NODE, { Groups: [] })],
      ['allocation health', client.deployments.setAllocationHealth(NODE, {})],
      ['deployment id', client.deployments.read('f7476465')],
      ['job listing', client.jobs.list({ per_page: 1.5 })],
      ['node listing', client.nodes.list({ per_page: -1 })],
      ['deployment listing', client.deployments.list({ prefix: 'abc' })],
      ['job revert', client.jobs.revert('web', { JobID: 'other', JobVersion: 0 })],
      ['job revert', client.jobs.revert('web', { JobVersion: 1.5 })],
      ['job stability', client.jobs.setStability('web', { JobID: 'api', Stable: true })],
      ['job evaluation', client.jobs.evaluate('web', { EvalOptions: { ForceReschedule: 'yes' as never } })],
      ['job parse request', client.jobs.parse({ JobHCL: 42 as never })],
      ['allocation signal', client.allocations.signal(NODE, { Signal: 'SIGHUP', Extra: 1 } as never)],
      ['allocation listing', client.allocations.list({ per_page: -5 })],
      ['path parameter', client.jobs.read('')],
    ];
    for (const [what, promise] of failures) {
      const error = await validationError(promise);
      expect(error.message).toContain(`Invalid ${what} (nothing was sent)`);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('says which field failed and why', async () => {
    const { client } = await scheduler();
    const drain = await validationError(
      client.nodes.drain(NODE, { DrainSpec: { IgnoreSystemJobs: true } as never }),
    );
    expect(drain.issues[0]?.path).toBe('DrainSpec.Deadline');
    const restart = await validationError(
      client.allocations.restart(NODE, { TaskName: 'a', AllTasks: true }),
    );
    expect(restart.issues[0]).toEqual({
      path: 'AllTasks',
      message: 'AllTasks cannot be true when TaskName is set: restart one task or all of them',
    });
    const dispatch = await validationError(client.jobs.dispatch('x', { Payload: new Uint8Array(20_000) }));
    expect(dispatch.issues[0]?.message).toBe(
      'Payload is 20000 bytes; the scheduler takes at most 16384 bytes',
    );
    const prefix = await validationError(client.nodes.list({ prefix: 'f7a' }));
    expect(prefix.issues[0]?.message).toMatch(/even number of lower-case hex characters/);
    const uuid = await validationError(client.allocations.read('f7476465'));
    expect(uuid.issues[0]?.message).toMatch(/not a full UUID/);
    const eligibility = await validationError(
      client.nodes.setEligibility(NODE, { Eligibility: 'on' as never }),
    );
    expect(eligibility.issues[0]).toEqual({
      path: 'Eligibility',
      message: 'Eligibility must be "eligible" or "ineligible"',
    });
    const duration = await validationError(
      client.jobs.create({ Job: { ...serviceJob(), Update: { Stagger: '5 minutes' } } }),
    );
    expect(duration.issues[0]?.path).toBe('Job.Update.Stagger');
  });

  it('sends what the rules allow: unit durations as nanoseconds, nulls, false and zero', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({
      Job: {
        ...serviceJob('web', 0),
        Meta: null,
        Update: { Stagger: '1h30m', MaxParallel: 0, AutoRevert: false },
      },
      EnforceIndex: false,
      JobModifyIndex: 0,
    });
    const sent = JSON.parse(fake.requests.at(-1)?.body ?? '{}');
    expect(sent.EnforceIndex).toBe(false);
    expect(sent.JobModifyIndex).toBe(0);
    expect(sent.PolicyOverride).toBeUndefined();
    expect(sent.Job.Meta).toBeNull();
    expect(sent.Job.Update).toEqual({ Stagger: 5_400_000_000_000, MaxParallel: 0, AutoRevert: false });
    expect(sent.Job.TaskGroups[0].Tasks[0].KillTimeout).toBe(10_000_000_000);
    await client.jobs.create({ Job: parameterizedJob() });
    await client.jobs.dispatch('report', { Payload: '', Meta: { customer: 'c' } });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '{}')).toEqual({ Payload: '', Meta: { customer: 'c' } });
    await client.jobs.dispatch('report', { Payload: btoa('x'.repeat(16_384)), Meta: { customer: 'c' } });
  });
});
