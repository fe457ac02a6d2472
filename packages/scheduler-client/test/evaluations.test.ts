// Evaluations over HTTP against the fake: the list (filter, paging, reverse, namespaces), one evaluation
// and the allocations it placed, blocking reads and watches on the test clock, and the ACL they need.
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Evaluation,
  iterateEvaluations,
  NotFoundError,
  PermissionDeniedError,
  RequestValidationError,
  readEvaluation,
} from '../src/index.js';
import { clientOf, clocked, fakeScheduler, runUntilSettled, scheduler, serviceJob } from './support.js';

describe('evaluations', () => {
  it('lists evaluations oldest first, filtered, by prefix, in reverse and by namespace', async () => {
    const { client } = await scheduler();
    const web = await client.jobs.create({ Job: serviceJob('web', 2) });
    const api = await client.jobs.create({ Job: serviceJob('api', 1) });
    const etl = await client.jobs.create({ Job: { ...serviceJob('etl', 1), Namespace: 'etl' } });
    const all = await client.evaluations.list();
    expect(all.map((evaluation) => evaluation.ID)).toEqual([web.EvalID, api.EvalID]);
    expect(all[0]).toMatchObject({ JobID: 'web', TriggeredBy: 'job-register', Status: 'complete' });
    const reversed = await client.evaluations.list({ reverse: true });
    expect(reversed.map((evaluation) => evaluation.ID)).toEqual([api.EvalID, web.EvalID]);
    expect(
      (await client.evaluations.list({ filter: 'JobID == "api"' })).map((evaluation) => evaluation.ID),
    ).toEqual([api.EvalID]);
    const prefix = (web.EvalID ?? '').slice(0, 8);
    expect((await client.evaluations.list({ prefix })).map((evaluation) => evaluation.ID)).toContain(
      web.EvalID,
    );
    expect((await client.evaluations.list({ namespace: 'etl' })).map((evaluation) => evaluation.ID)).toEqual([
      etl.EvalID,
    ]);
    expect(await client.evaluations.list({ namespace: '*' })).toHaveLength(3);
    await expect(client.evaluations.list({ filter: 'JobID ==' })).rejects.toSatisfy((error: unknown) =>
      BadRequestError.isInstance(error),
    );
    await expect(client.evaluations.list({ prefix: 'abc' })).rejects.toSatisfy((error: unknown) =>
      RequestValidationError.isInstance(error),
    );
  });

  it('pages with next tokens, forwards and in reverse', async () => {
    const { client } = await scheduler();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      ids.push((await client.jobs.create({ Job: serviceJob(name, 1) })).EvalID ?? '');
    }
    const first = await client.evaluations.list({ per_page: 2 }).withMeta();
    expect(first.data.map((evaluation) => evaluation.ID)).toEqual(ids.slice(0, 2));
    expect(first.meta.nextToken).toBeTruthy();
    const second = await client.evaluations.list({ per_page: 2, next_token: first.meta.nextToken ?? '' });
    expect(second.map((evaluation) => evaluation.ID)).toEqual(ids.slice(2, 4));
    const pages: string[][] = [];
    for await (const page of iterateEvaluations(client.core, { per_page: 2, reverse: true }).pages()) {
      pages.push(page.items.map((evaluation: Evaluation) => evaluation.ID));
    }
    expect(pages).toEqual([ids.slice(3).reverse(), ids.slice(1, 3).reverse(), [ids[0]]]);
    expect(await client.evaluations.iterate({ per_page: 3 }).toArray()).toHaveLength(5);
  });

  it('reads one evaluation and the allocations it placed', async () => {
    const { client, fake } = await scheduler();
    const { EvalID } = await client.jobs.create({ Job: serviceJob('web', 2) });
    const evaluation = await readEvaluation(client.core, EvalID ?? '');
    expect(evaluation).toMatchObject({ ID: EvalID, JobID: 'web', Type: 'service', Namespace: 'default' });
    const { data, meta } = await client.evaluations.listAllocations(EvalID ?? '').withMeta();
    expect(data.map((alloc) => alloc.ID).sort()).toEqual(
      fake
        .allocations()
        .filter((alloc) => alloc.JobID === 'web')
        .map((alloc) => alloc.ID)
        .sort(),
    );
    expect(data.every((alloc) => alloc.EvalID === EvalID)).toBe(true);
    expect(meta.index).toBeGreaterThan(0);
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(client.evaluations.read(missing)).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    await expect(client.evaluations.listAllocations(missing)).rejects.toSatisfy((error: unknown) =>
      NotFoundError.isInstance(error),
    );
    // A short id is refused before sending: the real service wants the full UUID.
    const before = fake.requests.length;
    await expect(client.evaluations.read((EvalID ?? '').slice(0, 8))).rejects.toSatisfy((error: unknown) =>
      RequestValidationError.isInstance(error),
    );
    expect(fake.requests.length).toBe(before);
  });

  it('answers a blocking read when an evaluation is made, and watches the list and one evaluation', async () => {
    const { client, clock } = await clocked();
    const { EvalID } = await client.jobs.create({ Job: serviceJob('web', 1) });
    const { meta } = await client.evaluations.list().withMeta();
    // Answered once the next evaluation (a stop of an allocation) is made, with it.
    const waiting = client.evaluations.list({ index: meta.index, wait: '5m' }).withMeta();
    const [alloc] = await client.jobs.listAllocations('web');
    const stop = await client.allocations.stop(alloc?.ID ?? '');
    const answered = await runUntilSettled(clock, waiting);
    expect(answered.meta.index).toBeGreaterThan(meta.index ?? 0);
    expect(answered.data.map((evaluation) => evaluation.ID)).toEqual([EvalID, stop.EvalID]);

    // Nothing changes: the blocking read answers at its wait, on the test clock.
    const started = clock.now();
    const idle = await runUntilSettled(
      clock,
      client.evaluations.read(EvalID ?? '', { index: answered.meta.index ?? 0, wait: '30s' }).withMeta(),
    );
    expect(idle.meta.index).toBe(answered.meta.index);
    expect(clock.now() - started).toBeGreaterThanOrEqual(30_000);

    const seen: number[] = [];
    const controller = new AbortController();
    const watching = (async () => {
      for await (const { data } of client.evaluations.watchList({ signal: controller.signal, clock })) {
        seen.push(data.length);
        if (data.length === 2) {
          await client.jobs.evaluate('web');
        } else controller.abort();
      }
    })();
    await runUntilSettled(clock, watching);
    expect(seen).toEqual([2, 3]);

    const snapshots: (string | undefined)[] = [];
    for await (const { data } of client.evaluations.watch(stop.EvalID ?? '', { clock })) {
      snapshots.push(data.TriggeredBy);
      break;
    }
    expect(snapshots).toEqual(['alloc-stop']);
    for await (const { data } of client.evaluations.watchAllocations(stop.EvalID ?? '', { clock })) {
      // The replacement the stop's evaluation placed.
      expect(data).toHaveLength(1);
      expect(data[0]?.PreviousAllocation).toBe(alloc?.ID);
      break;
    }
  });

  it('needs read-job in the evaluation namespace', async () => {
    const fake = await fakeScheduler({
      acl: {
        tokens: {
          root: 'management',
          reader: { namespaces: { default: ['read-job'] } },
          other: { namespaces: { team: ['read-job'] } },
        },
      },
    });
    const { EvalID } = await clientOf(fake, { token: 'root' }).jobs.create({ Job: serviceJob('web', 1) });
    const reader = clientOf(fake, { token: 'reader' });
    expect((await reader.evaluations.read(EvalID ?? '')).ID).toBe(EvalID);
    expect(await reader.evaluations.list()).toHaveLength(1);
    const other = clientOf(fake, { token: 'other' });
    for (const call of [
      other.evaluations.read(EvalID ?? ''),
      other.evaluations.listAllocations(EvalID ?? ''),
      other.evaluations.list(),
    ]) {
      await expect(call).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));
    }
    expect(await other.evaluations.list({ namespace: '*' })).toEqual([]);
  });
});
