// A job's history and checks over HTTP against the fake: validation without registering, a periodic
// job forced, the sources of its versions, its services, version tags and diffs against a chosen
// version or tag, and the list options `meta` and `reverse` (jobs and nodes).
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  forcePeriodicJob,
  listJobServices,
  NotFoundError,
  PermissionDeniedError,
  readJobSubmission,
  tagJobVersion,
  UnixNanos,
  untagJobVersion,
  validateJob,
} from '../src/index.js';
import { clientOf, fakeScheduler, scheduler, serviceJob, validationError } from './support.js';

const notFound = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((error: unknown) => NotFoundError.isInstance(error));
const badRequest = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((error: unknown) => BadRequestError.isInstance(error));

describe('job validation and periodic jobs', () => {
  it('answers the problems of a job without registering it', async () => {
    const { client, fake } = await scheduler();
    const invalid = await client.jobs.validate({ Job: { ID: 'bad id', TaskGroups: [] } });
    expect(invalid.ValidationErrors?.length).toBeGreaterThan(1);
    expect(invalid.Error).toMatch(/errors occurred/);
    const valid = await validateJob(client.core, { Job: serviceJob('web', 1) });
    expect(valid).toMatchObject({ ValidationErrors: [], Error: '', DriverConfigValidated: true });
    expect(fake.jobs()).toHaveLength(0);
    await validationError(client.jobs.validate({ Job: serviceJob('web', 1), Diff: true } as never));
  });

  it('forces a periodic job to launch an instance now', async () => {
    const { client, fake } = await scheduler();
    await client.jobs.create({
      Job: {
        ...serviceJob('nightly', 1),
        Type: 'batch',
        Periodic: { Enabled: true, Spec: '0 3 * * *', SpecType: 'cron', ProhibitOverlap: true },
      },
    });
    expect(fake.allocations()).toHaveLength(0);
    const { EvalID } = await client.jobs.forcePeriodic('nightly');
    const evaluation = await client.evaluations.read(EvalID ?? '');
    expect(evaluation.TriggeredBy).toBe('periodic-job');
    const child = fake.job(evaluation.JobID ?? '');
    expect(child).toMatchObject({ ParentID: 'nightly', Periodic: null });
    expect(child?.ID).toMatch(/^nightly\/periodic-\d+$/);
    expect(fake.allocations().map((alloc) => alloc.JobID)).toEqual([child?.ID]);
    await client.jobs.create({ Job: serviceJob('web', 1) });
    await badRequest(forcePeriodicJob(client.core, 'web'));
    await notFound(client.jobs.forcePeriodic('nope'));
  });
});

describe('a job’s sources, services and versions', () => {
  it('keeps the source of each version, for the latest 6', async () => {
    const { client } = await scheduler();
    const source = (n: number) => `job "web" { meta { release = "${n}" } }`;
    for (let n = 0; n < 8; n++) {
      await client.jobs.create({
        Job: { ...serviceJob('web', 1), Meta: { release: String(n) } },
        Submission: { Source: source(n), Format: 'hcl2', VariableFlags: { release: String(n) } },
      });
    }
    // A registration with the same spec makes no version, and keeps no source.
    await client.jobs.create({
      Job: { ...serviceJob('web', 1), Meta: { release: '7' } },
      Submission: { Source: 'same' },
    });
    const latest = await client.jobs.submission('web', 7);
    expect(latest).toMatchObject({ JobID: 'web', Version: 7, Format: 'hcl2', Source: source(7) });
    expect(latest.VariableFlags).toEqual({ release: '7' });
    expect((await readJobSubmission(client.core, 'web', 2)).Source).toBe(source(2));
    await notFound(client.jobs.submission('web', 1));
    await notFound(client.jobs.submission('web', 8));
    await validationError(client.jobs.submission('web', -1));
  });

  it('lists the services its allocations registered', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: serviceJob('web', 2) });
    await client.jobs.create({ Job: serviceJob('api', 1) });
    const services = await client.jobs.listServices('web');
    expect(services).toHaveLength(2);
    expect(services.every((service) => service.ServiceName === 'web-http' && service.JobID === 'web')).toBe(
      true,
    );
    expect((await listJobServices(client.core, 'api')).map((service) => service.ServiceName)).toEqual([
      'api-http',
    ]);
    for await (const { data } of client.jobs.watchServices('web')) {
      expect(data).toHaveLength(2);
      break;
    }
    await notFound(client.jobs.listServices('nope'));
  });

  it('tags versions, compares against a tag or a version, reverts to a tag and removes tags', async () => {
    const { client } = await scheduler();
    for (const release of ['a', 'b', 'c']) {
      await client.jobs.create({ Job: { ...serviceJob('web', 1), Meta: { release } } });
    }
    const tag = await client.jobs.tagVersion('web', 'golden', { Version: 0, Description: 'known good' });
    expect(tag).toMatchObject({ Name: 'golden', Description: 'known good' });
    expect(tag.TaggedTime).toBeInstanceOf(UnixNanos);
    const { Versions } = await client.jobs.listVersions('web');
    expect(Versions.map((version) => version.VersionTag?.Name ?? null)).toEqual([null, null, 'golden']);
    // A name is unique within a job, and a version carries one tag.
    await badRequest(client.jobs.tagVersion('web', 'golden', { Version: 1 }));
    await tagJobVersion(client.core, 'web', 'latest');
    expect((await client.jobs.read('web')).VersionTag?.Name).toBe('latest');

    const againstTag = await client.jobs.listVersions('web', { diff_tag: 'golden' });
    expect(againstTag.Diffs?.map((diff) => diff.Type)).toEqual(['Edited', 'Edited', 'None']);
    const againstVersion = await client.jobs.listVersions('web', { diff_version: 2 });
    expect(againstVersion.Diffs?.map((diff) => diff.Type)).toEqual(['None', 'Edited', 'Edited']);
    const plain = await client.jobs.listVersions('web', { diffs: true });
    expect(plain.Diffs).toHaveLength(2);
    await badRequest(client.jobs.listVersions('web', { diff_tag: 'nope' }));
    await badRequest(client.jobs.listVersions('web', { diff_version: 9 }));
    await validationError(client.jobs.listVersions('web', { diff_tag: 'golden', diff_version: 0 }));
    await validationError(client.jobs.listVersions('web', { diffs: false, diff_tag: 'golden' }));
    await validationError(client.jobs.listVersions('web', { diff_version: -1 }));

    await client.jobs.revert('web', { TaggedVersion: 'golden' });
    const reverted = await client.jobs.read('web');
    expect(reverted.Meta).toEqual({ release: 'a' });
    // The new version starts untagged; the tag stays on version 0.
    expect(reverted.VersionTag ?? null).toBeNull();
    await untagJobVersion(client.core, 'web', 'golden');
    expect((await client.jobs.listVersions('web')).Versions.at(-1)?.VersionTag ?? null).toBeNull();
    await notFound(client.jobs.untagVersion('web', 'golden'));
    await notFound(client.jobs.tagVersion('web', 'old', { Version: 42 }));
    await validationError(client.jobs.tagVersion('web', '', {}));
    await validationError(client.jobs.tagVersion('web', 'x', { Version: 1.5 }));
  });

  it('lists jobs with their meta and either way round, and nodes either way round', async () => {
    const { client } = await scheduler();
    await client.jobs.create({ Job: { ...serviceJob('b', 1), Meta: { team: 'web' } } });
    await client.jobs.create({ Job: serviceJob('a', 1) });
    const plain = await client.jobs.list();
    expect(plain.map((job) => job.ID)).toEqual(['a', 'b']);
    expect(plain[1]).not.toHaveProperty('Meta');
    const withMeta = await client.jobs.list({ meta: true, reverse: true });
    expect(withMeta.map((job) => [job.ID, job.Meta])).toEqual([
      ['b', { team: 'web' }],
      ['a', null],
    ]);
    const nodes = await client.nodes.list();
    const reversed = await client.nodes.list({ reverse: true });
    expect(reversed.map((node) => node.ID)).toEqual(nodes.map((node) => node.ID).reverse());
  });

  it('asks for the rights the service asks for', async () => {
    const fake = await fakeScheduler({
      acl: { tokens: { root: 'management', reader: { namespaces: { default: ['read-job'] } } } },
    });
    await clientOf(fake, { token: 'root' }).jobs.create({ Job: serviceJob('web', 1) });
    const reader = clientOf(fake, { token: 'reader' });
    expect((await reader.jobs.validate({ Job: serviceJob('web', 1) })).ValidationErrors).toEqual([]);
    expect(await reader.jobs.listServices('web')).toHaveLength(1);
    const denied = (promise: Promise<unknown>) =>
      expect(promise).rejects.toSatisfy((error: unknown) => PermissionDeniedError.isInstance(error));
    await denied(reader.jobs.tagVersion('web', 'golden'));
    await denied(reader.jobs.forcePeriodic('web'));
    await denied(clientOf(fake).jobs.validate({ Job: serviceJob('web', 1) }));
  });
});
