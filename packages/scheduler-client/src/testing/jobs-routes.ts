// The job endpoints of the fake.
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import type { Access, NamespaceCapability } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound, permissionDenied } from './fault.js';
import { bodyOf, flag, namespaceOf, type RouteContext, reply, route } from './http.js';
import { canonicalizeJob, jobProblems } from './job-defaults.js';
import { diffJobs } from './job-diff.js';
import { parseJobText } from './job-parser.js';
import {
  comparedVersion,
  deregisterJob,
  dispatchJob,
  evaluateJob,
  forcePeriodicJob,
  planJob,
  registerJob,
  revertJob,
  setJobStability,
  tagJobVersion,
  untagJobVersion,
} from './job-registry.js';
import { scaleJob, scaleStatus } from './job-scaling.js';
import { jobStub, jobSummary } from './job-views.js';
import { pageOf, pagingOf } from './paging.js';
import { latestDeploymentOf } from './scheduling.js';
import { currentVersion, jobKey, type SchedulerStore, type StoredJob } from './store.js';

/** Job sources kept per job: those of its latest versions, as the scheduler keeps them. */
const KEPT_SUBMISSIONS = 6;

/** `{ [key]: value }` when the body has a whole number 0 or more under `name`, `{}` when it has none. */
function numberField<K extends string>(
  body: Record<string, unknown>,
  name: string,
  key: K,
): Partial<Record<K, number>> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw badRequest(`${name} must be a non-negative integer`);
  }
  return { [key]: value } as Partial<Record<K, number>>;
}

/** The source a job was submitted from, as a registration may carry it: its format must be one the service reads. */
function checkSubmission(submission: unknown): void {
  if (submission === undefined || submission === null) return;
  if (typeof submission !== 'object' || Array.isArray(submission))
    throw badRequest('Submission must be an object');
  const { Source, Format, Variables, VariableFlags } = submission as Record<string, unknown>;
  if (typeof Source !== 'string') throw badRequest('Submission.Source must be text');
  if (Format !== undefined && Format !== 'hcl2' && Format !== 'json' && Format !== 'hcl1') {
    throw badRequest(`Submission.Format must be hcl2, hcl1 or json, not ${JSON.stringify(Format)}`);
  }
  if (Variables !== undefined && Variables !== null && typeof Variables !== 'string') {
    throw badRequest('Submission.Variables must be text');
  }
  if (VariableFlags !== undefined && VariableFlags !== null && typeof VariableFlags !== 'object') {
    throw badRequest('Submission.VariableFlags must be an object of text values');
  }
}

/** The registration response of a job write: its evaluation and the job's modify index. */
function registrationOf(result: { EvalID: string; EvalCreateIndex: number; JobModifyIndex: number }) {
  return {
    EvalID: result.EvalID,
    EvalCreateIndex: result.EvalCreateIndex,
    JobModifyIndex: result.JobModifyIndex,
  };
}

/** The job of a request's path, after checking the token may read it. */
function jobOf(
  store: SchedulerStore,
  req: TestRequest,
  access: Access,
  capability: 'read-job' | 'submit-job' | 'dispatch-job',
) {
  const namespace = namespaceOf(req);
  access.requireNamespace(namespace, capability);
  const stored = store.job(namespace, req.params.job_id ?? '');
  if (stored === undefined) throw notFound('job not found');
  return stored;
}

function checkSubmit(access: Access, namespace: string, body: Record<string, unknown>): void {
  access.requireNamespace(namespace, 'submit-job');
  if (body.PolicyOverride === true) access.requireNamespace(namespace, 'policy-override');
}

function submittedNamespace(req: TestRequest, job: unknown): string {
  const own = (job as { Namespace?: unknown } | null)?.Namespace;
  return typeof own === 'string' && own !== '' ? own : namespaceOf(req);
}

function versionsOf(stored: StoredJob) {
  return [...stored.versions].reverse();
}

/** Adds the job routes to `server`. */
export function addJobRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;
  const jobs = store.indexes.jobs;

  server.route(
    'GET',
    '/v1/jobs',
    route(context, async (req, res, access) => {
      const namespace = namespaceOf(req);
      if (namespace !== '*') access.requireNamespace(namespace, 'list-jobs');
      pagingOf(req);
      // The stubs carry each job's summary: the list moves with the allocations too.
      const index = await blockingWait(req, store.indexes.summaries, context.blocking);
      const prefix = req.query.get('prefix') ?? '';
      const withMeta = flag(req, 'meta');
      const stubs = [...store.jobs.values()]
        .filter((stored) =>
          namespace === '*'
            ? access.allowsNamespace(stored.namespace, 'list-jobs')
            : stored.namespace === namespace,
        )
        .filter((stored) => stored.id.startsWith(prefix))
        .map((stored) => {
          const stub = jobStub(store, stored);
          return withMeta ? { ...stub, Meta: currentVersion(stored).Meta ?? null } : stub;
        });
      // By id; with every namespace, by id and then namespace (ids and namespaces hold no spaces).
      const { page, headers } = pageOf(req, stubs, {
        position: (stub) => [0, namespace === '*' ? `${stub.ID} ${stub.Namespace}` : stub.ID],
        numbered: false,
      });
      reply(req, res, page, index, headers);
    }),
  );

  const register = (pathId: string | undefined) =>
    route(context, (req, res, access) => {
      const body = bodyOf(req);
      if (body.Job === undefined || body.Job === null) throw badRequest('Job must be specified');
      const namespace = submittedNamespace(req, body.Job);
      checkSubmit(access, namespace, body);
      if (pathId !== undefined && (body.Job as { ID?: unknown }).ID !== req.params[pathId]) {
        throw badRequest('Job ID does not match name');
      }
      checkSubmission(body.Submission);
      const result = registerJob(store, body.Job, {
        namespace,
        enforceIndex: body.EnforceIndex === true,
        ...numberField(body, 'JobModifyIndex', 'jobModifyIndex'),
        ...numberField(body, 'EvalPriority', 'evalPriority'),
        preserveCounts: body.PreserveCounts === true,
      });
      keepSubmission(store, namespace, body, result.Index);
      reply(req, res, pathId === undefined ? result : registrationOf(result), result.Index);
    });
  server.route('POST', '/v1/jobs', register(undefined));

  server.route(
    'POST',
    '/v1/jobs/parse',
    route(context, (req, res) => {
      const body = bodyOf(req);
      if (typeof body.JobHCL !== 'string' || body.JobHCL === '') throw badRequest('Job spec is empty');
      if (body.Variables !== undefined && body.Variables !== null && typeof body.Variables !== 'string') {
        throw badRequest('Variables must be text');
      }
      const parsed = parseJobText(body.JobHCL, body.Variables ?? '');
      const job =
        body.Canonicalize === true
          ? canonicalizeJob(parsed, { region: store.settings.region, namespace: namespaceOf(req) })
          : parsed;
      reply(req, res, job, store.index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, jobs, context.blocking);
      reply(req, res, currentVersion(jobOf(store, req, access, 'read-job')), index);
    }),
  );
  server.route('POST', '/v1/job/:job_id', register('job_id'));

  server.route(
    'DELETE',
    '/v1/job/:job_id',
    route(context, (req, res, access) => {
      const stored = jobOf(store, req, access, 'submit-job');
      const priorityText = req.query.get('eval_priority') ?? '';
      const priority = priorityText === '' ? undefined : Number(priorityText);
      if (priority !== undefined && !(Number.isInteger(priority) && priority >= 1 && priority <= 100)) {
        throw badRequest('eval_priority must be between 1 and 100');
      }
      flag(req, 'global');
      flag(req, 'no_shutdown_delay');
      const result = deregisterJob(store, stored, {
        purge: flag(req, 'purge'),
        ...(priority === undefined ? {} : { evalPriority: priority }),
      });
      reply(req, res, registrationOf(result), result.Index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/versions',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, jobs, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const versions = versionsOf(stored);
      const chosen = comparedVersion(stored, req.query.get('diff_tag'), req.query.get('diff_version'));
      // Against a chosen version, every version is compared with it; otherwise each with the one before.
      const diffs = !flag(req, 'diffs')
        ? null
        : chosen !== undefined
          ? versions.map((version) => diffJobs(chosen, version))
          : versions.slice(0, -1).map((version, position) => diffJobs(versions[position + 1], version));
      reply(
        req,
        res,
        { Diffs: diffs, Index: index, KnownLeader: true, LastContact: 0, Versions: versions },
        index,
      );
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/allocations',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.allocs, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const current = currentVersion(stored);
      const all = flag(req, 'all');
      const allocs = store
        .allocationsOf(stored.namespace, stored.id)
        .filter((alloc) => all || (alloc.Job?.CreateIndex ?? 0) === (current.CreateIndex ?? 0))
        .map(
          ({
            Job: _job,
            Resources: _r,
            SharedResources: _s,
            TaskResources: _t,
            Metrics: _m,
            AllocatedResources: _a,
            ...stub
          }) => stub,
        );
      reply(req, res, allocs, index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/evaluations',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.evals, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const evaluations = [...store.evaluations.values()].filter(
        (evaluation) => evaluation.Namespace === stored.namespace && evaluation.JobID === stored.id,
      );
      reply(req, res, evaluations, index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/deployments',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.deployments, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const current = currentVersion(stored);
      const all = flag(req, 'all');
      const deployments = [...store.deployments.values()]
        .filter((deployment) => deployment.Namespace === stored.namespace && deployment.JobID === stored.id)
        .filter((deployment) => all || (deployment.JobCreateIndex ?? 0) === (current.CreateIndex ?? 0))
        .sort((a, b) => (b.CreateIndex ?? 0) - (a.CreateIndex ?? 0));
      reply(req, res, deployments, index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/deployment',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.deployments, context.blocking);
      reply(req, res, latestDeploymentOf(store, jobOf(store, req, access, 'read-job')) ?? null, index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/summary',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.summaries, context.blocking);
      reply(req, res, jobSummary(store, jobOf(store, req, access, 'read-job')), index);
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/dispatch',
    route(context, (req, res, access) => {
      const stored = jobOf(store, req, access, 'dispatch-job');
      const body = bodyOf(req);
      const result = dispatchJob(store, stored, body);
      reply(req, res, result, result.Index);
    }),
  );

  /** The job of a scaling request, after checking the token holds one of `capabilities`. */
  const scalingJobOf = (req: TestRequest, access: Access, capabilities: readonly NamespaceCapability[]) => {
    const namespace = namespaceOf(req);
    if (!capabilities.some((capability) => access.allowsNamespace(namespace, capability))) {
      throw permissionDenied();
    }
    const stored = store.job(namespace, req.params.job_id ?? '');
    if (stored === undefined) throw notFound('job not found');
    return stored;
  };

  const requireJobId = (req: TestRequest, body: Record<string, unknown>) => {
    if (body.JobID !== req.params.job_id) throw badRequest('JobID parameter does not match job name');
  };

  server.route(
    'POST',
    '/v1/job/:job_id/revert',
    route(context, (req, res, access) => {
      const stored = jobOf(store, req, access, 'submit-job');
      const body = bodyOf(req);
      requireJobId(req, body);
      const result = revertJob(store, stored, {
        ...numberField(body, 'JobVersion', 'JobVersion'),
        ...numberField(body, 'EnforcePriorVersion', 'EnforcePriorVersion'),
        ...(typeof body.TaggedVersion === 'string' ? { TaggedVersion: body.TaggedVersion } : {}),
      });
      reply(req, res, registrationOf(result), result.Index);
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/stable',
    route(context, (req, res, access) => {
      const stored = jobOf(store, req, access, 'submit-job');
      const body = bodyOf(req);
      requireJobId(req, body);
      const result = setJobStability(store, stored, {
        ...numberField(body, 'JobVersion', 'JobVersion'),
        Stable: body.Stable === true,
      });
      reply(req, res, result, result.JobModifyIndex);
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/evaluate',
    route(context, (req, res, access) => {
      const stored = jobOf(store, req, access, 'read-job');
      const body = bodyOf(req);
      if (req.text.trim() !== '') requireJobId(req, body);
      const options = body.EvalOptions as { ForceReschedule?: unknown } | null | undefined;
      const result = evaluateJob(store, stored, options?.ForceReschedule === true);
      reply(req, res, registrationOf(result), result.Index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/scale',
    route(context, async (req, res, access) => {
      scalingJobOf(req, access, ['read-job-scaling', 'read-job']);
      const index = await blockingWait(req, store.indexes.scale, context.blocking);
      reply(req, res, scaleStatus(store, scalingJobOf(req, access, ['read-job-scaling', 'read-job'])), index);
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/scale',
    route(context, (req, res, access) => {
      const stored = scalingJobOf(req, access, ['scale-job', 'submit-job']);
      const body = bodyOf(req);
      if (body.PolicyOverride === true) access.requireNamespace(stored.namespace, 'policy-override');
      const result = scaleJob(store, stored, body);
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/plan',
    route(context, (req, res, access) => {
      const body = bodyOf(req);
      if (body.Job === undefined || body.Job === null) throw badRequest('Job must be specified');
      const namespace = submittedNamespace(req, body.Job);
      checkSubmit(access, namespace, body);
      if ((body.Job as { ID?: unknown }).ID !== req.params.job_id) throw badRequest('Job ID does not match');
      const result = planJob(store, body.Job, namespace, body.Diff === true);
      reply(req, res, result, store.index);
    }),
  );

  server.route(
    'POST',
    '/v1/validate/job',
    route(context, (req, res, access) => {
      const body = bodyOf(req);
      access.requireNamespace(submittedNamespace(req, body.Job), 'read-job');
      // The problems of a registration, answered instead of refused.
      const problems =
        body.Job === undefined || body.Job === null ? ['Job must be specified'] : jobProblems(body.Job);
      const count = problems.length === 1 ? '1 error occurred' : `${problems.length} errors occurred`;
      reply(
        req,
        res,
        {
          DriverConfigValidated: true,
          ValidationErrors: problems,
          Error:
            problems.length === 0
              ? ''
              : `${count}:\n${problems.map((problem) => `\t* ${problem}`).join('\n')}\n`,
          Warnings: '',
        },
        store.index,
      );
    }),
  );

  server.route(
    'POST',
    '/v1/job/:job_id/periodic/force',
    route(context, (req, res, access) => {
      const result = forcePeriodicJob(store, jobOf(store, req, access, 'submit-job'));
      reply(req, res, result, result.Index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/submission',
    route(context, async (req, res, access) => {
      const versionText = req.query.get('version') ?? '';
      if (!/^\d+$/.test(versionText)) throw badRequest('must include a job version (version)');
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, jobs, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const submission = store.submissions.get(jobKey(stored.namespace, stored.id))?.get(Number(versionText));
      if (submission === undefined) throw notFound('job source not found');
      reply(req, res, submission, index);
    }),
  );

  server.route(
    'GET',
    '/v1/job/:job_id/services',
    route(context, async (req, res, access) => {
      jobOf(store, req, access, 'read-job');
      const index = await blockingWait(req, store.indexes.services, context.blocking);
      const stored = jobOf(store, req, access, 'read-job');
      const services = [...store.services.values()].filter(
        (service) => service.Namespace === stored.namespace && service.JobID === stored.id,
      );
      reply(req, res, services, index);
    }),
  );

  const tag = route(context, (req, res, access) => {
    const stored = jobOf(store, req, access, 'submit-job');
    const name = req.params.tag_name ?? '';
    const result = tagJobVersion(store, stored, name, bodyOf(req));
    reply(req, res, result, result.Index);
  });
  server.route('POST', '/v1/job/:job_id/versions/:tag_name/tag', tag);
  server.route('PUT', '/v1/job/:job_id/versions/:tag_name/tag', tag);
  server.route(
    'DELETE',
    '/v1/job/:job_id/versions/:tag_name/tag',
    route(context, (req, res, access) => {
      const result = untagJobVersion(
        store,
        jobOf(store, req, access, 'submit-job'),
        req.params.tag_name ?? '',
      );
      reply(req, res, result, result.Index);
    }),
  );
}

/**
 * Keeps the source a registration carried, with the version it made (none when the spec was the same
 * and no version was made), for the job's latest versions only.
 */
function keepSubmission(
  store: SchedulerStore,
  namespace: string,
  body: Record<string, unknown>,
  index: number,
): void {
  const submission = body.Submission as Record<string, unknown> | null | undefined;
  const id = (body.Job as { ID?: unknown } | null)?.ID;
  if (submission === undefined || submission === null || typeof id !== 'string') return;
  const stored = store.job(namespace, id);
  if (stored === undefined) return;
  const current = currentVersion(stored);
  if (current.JobModifyIndex !== index) return;
  const key = jobKey(namespace, id);
  const kept = store.submissions.get(key) ?? new Map<number, Record<string, unknown>>();
  const version = current.Version ?? 0;
  kept.set(version, {
    JobID: id,
    Namespace: namespace,
    Version: version,
    JobIndex: index,
    Format: submission.Format ?? 'hcl2',
    Source: submission.Source,
    Variables: submission.Variables ?? '',
    VariableFlags: submission.VariableFlags ?? null,
  });
  for (const old of [...kept.keys()]) if (old <= version - KEPT_SUBMISSIONS) kept.delete(old);
  store.submissions.set(key, kept);
}
