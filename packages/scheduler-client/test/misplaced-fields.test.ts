// A body field the scheduler would not read where it was given is refused before sending, naming where
// it belongs (the update strategy's `Canary` given beside the job, or beside the registration) or the
// known field nearest to it; the job itself keeps the fields a newer scheduler added.
import { describe, expect, it } from 'vitest';
import type { FakeScheduler } from '../src/testing/index.js';
import { scheduler, serviceJob, validationError } from './support.js';

const UPDATE = 'is not a field here; `Canary` belongs in `Job.Update` or `Job.TaskGroups[].Update`';

/** The issues of the refusal of `call`; nothing reached the fake. */
async function refusal(fake: FakeScheduler, call: () => Promise<unknown>) {
  const before = fake.requests.length;
  const error = await validationError(call());
  expect(fake.requests.length).toBe(before);
  return error.issues;
}

describe('misplaced and misspelt body fields', () => {
  it('names the Update block for a Canary given at the top of the registration or of the job', async () => {
    const { fake, client } = await scheduler();
    const job = serviceJob('web', 2);
    expect(await refusal(fake, () => client.jobs.create({ Job: job, Canary: 1 } as never))).toEqual([
      { path: 'Canary', message: UPDATE },
    ]);
    expect(
      await refusal(fake, () => client.jobs.create({ Job: { ...job, Canary: 1, MaxParallel: 1 } })),
    ).toEqual([
      { path: 'Job.Canary', message: UPDATE },
      {
        path: 'Job.MaxParallel',
        message:
          'is not a field here; `MaxParallel` belongs in `Job.Update` or `Job.TaskGroups[].Migrate` or `Job.TaskGroups[].Update`',
      },
    ]);
    const [group] = job.TaskGroups ?? [];
    const inGroup = { ...job, TaskGroups: [{ ...group, AutoPromote: true }] };
    expect(await refusal(fake, () => client.jobs.plan('web', { Job: inGroup }))).toEqual([
      {
        path: 'Job.TaskGroups.0.AutoPromote',
        message: 'is not a field here; `AutoPromote` belongs in `Job.Update` or `Job.TaskGroups[].Update`',
      },
    ]);
    // The same through every body that carries a job, and through deploy's registration fields.
    await refusal(fake, () => client.jobs.update('web', { Job: { ...job, Canary: 1 } }));
    await refusal(fake, () => client.jobs.validate({ Job: { ...job, Canary: 1 } }));
    expect(await refusal(fake, () => client.jobs.deploy(job, { register: { Canary: 1 } as never }))).toEqual([
      { path: 'Canary', message: UPDATE },
    ]);
    // Written where it belongs, it goes out; a field no block declares travels as a newer server's.
    const placed = { ...job, Update: { Canary: 1, MaxParallel: 1 }, FutureField: 1 };
    await client.jobs.create({ Job: placed });
    expect(fake.job('web')?.Update).toMatchObject({ Canary: 1, MaxParallel: 1 });
  });

  it('names the nearest field of a strict body', async () => {
    const { fake, client } = await scheduler();
    const job = serviceJob('web', 1);
    expect(await refusal(fake, () => client.jobs.create({ Job: job, EnforceIndx: true } as never))).toEqual([
      {
        path: 'EnforceIndx',
        message: 'is not a field; did you mean `EnforceIndex`? (names are case-sensitive)',
      },
    ]);
    expect(await refusal(fake, () => client.jobs.plan('web', { Job: job, diff: true } as never))).toEqual([
      { path: 'diff', message: 'is not a field; did you mean `Diff`? (names are case-sensitive)' },
    ]);
    const [node] = fake.nodes();
    const drain = await refusal(fake, () =>
      client.nodes.drain(node?.ID ?? '', { DrainSpec: { Deadline: '1h' }, MarkEligble: true } as never),
    );
    expect(drain).toEqual([
      {
        path: 'MarkEligble',
        message: 'is not a field; did you mean `MarkEligible`? (names are case-sensitive)',
      },
    ]);
    const variable = await refusal(fake, () =>
      client.variables.write('app/db', { Itemz: { user: 'app' } } as never),
    );
    expect(variable).toContainEqual({
      path: 'Itemz',
      message: 'is not a field; did you mean `Items`? (names are case-sensitive)',
    });
  });
});
