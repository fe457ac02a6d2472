import { describe, expect, it } from 'vitest';
import { PermissionDeniedError, type SchedulerClient } from '../src/index.js';
import type { FakeAclToken } from '../src/testing/index.js';
import { clientOf, fakeScheduler, parameterizedJob, serviceJob } from './support.js';

const tokens: Record<string, FakeAclToken> = {
  root: 'management',
  deployer: { namespaces: { default: ['list-jobs', 'read-job', 'submit-job'] } },
  overrider: { namespaces: { default: ['submit-job', 'policy-override'] } },
  dispatcher: { namespaces: { default: ['read-job', 'dispatch-job'] } },
  operator: { namespaces: { default: ['read-job', 'alloc-lifecycle'] }, node: 'write' },
  watcher: { namespaces: { '*': ['list-jobs', 'read-job'] }, node: 'read' },
  'team-only': { namespaces: { team: ['list-jobs', 'read-job'] } },
};

function denied(promise: Promise<unknown>) {
  return expect(promise).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));
}

describe('ACLs of the fake', () => {
  it('asks each endpoint for its capability', async () => {
    const fake = await fakeScheduler({ acl: { tokens } });
    const as = (token?: string): SchedulerClient => clientOf(fake, token === undefined ? {} : { token });
    await as('root').jobs.create({ Job: serviceJob('web', 1) });
    await as('root').jobs.create({ Job: parameterizedJob() });
    await as('root').jobs.create({ Job: { ...serviceJob('team-web', 1), Namespace: 'team' } });
    const node = fake.nodes()[0]?.ID ?? '';
    const alloc = fake.allocations().find((item) => item.JobID === 'web')?.ID ?? '';

    await denied(as().jobs.list());
    await expect(as('stranger').jobs.list()).rejects.toThrow(/ACL token not found/);
    expect((await as('deployer').jobs.list()).map((job) => job.ID)).toEqual(['report', 'web']);
    await as('deployer').jobs.update('web', { Job: serviceJob('web', 2) });
    await denied(as('deployer').jobs.create({ Job: serviceJob('web', 2), PolicyOverride: true }));
    await as('overrider').jobs.create({ Job: serviceJob('web', 1), PolicyOverride: true });
    await denied(as('deployer').jobs.dispatch('report', { Meta: { customer: 'a' } }));
    await as('dispatcher').jobs.dispatch('report', { Meta: { customer: 'a' } });
    await denied(as('dispatcher').jobs.revert('web', { JobVersion: 0 }));
    await as('dispatcher').jobs.evaluate('web');
    await denied(as('deployer').nodes.list());
    await denied(as('watcher').nodes.drain(node, { DrainSpec: { Deadline: '1m' } }));
    await as('operator').nodes.setEligibility(node, { Eligibility: 'ineligible' });
    await denied(as('deployer').allocations.stop(alloc));
    await as('operator').allocations.restart(alloc);
    // Parsing needs no capability, only a token the fake knows.
    expect(await as('team-only').jobs.parse({ JobHCL: 'job "x" {}' })).toMatchObject({ ID: 'x' });
  });

  it('filters `*` listings to the namespaces the token may see', async () => {
    const fake = await fakeScheduler({ acl: { tokens } });
    const root = clientOf(fake, { token: 'root' });
    await root.jobs.create({ Job: serviceJob('web', 1) });
    await root.jobs.create({ Job: { ...serviceJob('team-web', 1), Namespace: 'team' } });
    const teamOnly = clientOf(fake, { token: 'team-only' });
    expect((await teamOnly.jobs.list({ namespace: '*' })).map((job) => job.ID)).toEqual(['team-web']);
    expect((await teamOnly.allocations.list({ namespace: '*' })).map((alloc) => alloc.JobID)).toEqual([
      'team-web',
    ]);
    await denied(teamOnly.jobs.list());
    await denied(teamOnly.jobs.read('web'));
    const watcher = clientOf(fake, { token: 'watcher' });
    expect(await watcher.jobs.list({ namespace: '*' })).toHaveLength(2);
    const node = fake.allocations().find((alloc) => alloc.JobID === 'team-web')?.NodeID ?? '';
    expect((await watcher.nodes.listAllocations(node)).length).toBeGreaterThan(0);
    await denied(
      teamOnly.allocations.read(fake.allocations().find((alloc) => alloc.JobID === 'web')?.ID ?? ''),
    );
  });
});
