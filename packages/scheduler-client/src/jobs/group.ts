import type { SchedulerCore } from '../client.js';
import { type Bound, bind } from '../facade.js';
import { createJob } from './create-job.js';
import { deregisterJob } from './deregister-job.js';
import { dispatchJob } from './dispatch-job.js';
import { evaluateJob } from './evaluate-job.js';
import { listJobAllocations, watchJobAllocations } from './job-allocations.js';
import {
  listJobDeployments,
  readLatestJobDeployment,
  watchJobDeployments,
  watchLatestJobDeployment,
} from './job-deployments.js';
import { listJobEvaluations, watchJobEvaluations } from './job-evaluations.js';
import { setJobStability } from './job-stability.js';
import { readJobSummary, watchJobSummary } from './job-summary.js';
import { listJobVersions, watchJobVersions } from './job-versions.js';
import { listJobs, watchJobs } from './list-jobs.js';
import { parseJob } from './parse-job.js';
import { planJob } from './plan-job.js';
import { readJob, watchJob } from './read-job.js';
import { revertJob } from './revert-job.js';
import { updateJob } from './update-job.js';

/** The jobs group of the client; each method is the standalone operation with the core applied. */
export interface JobsGroup {
  /** GET /v1/jobs */
  readonly list: Bound<typeof listJobs>;
  /** GET /v1/jobs, blocking: the list each time it changes. */
  readonly watchList: Bound<typeof watchJobs>;
  /** POST /v1/jobs */
  readonly create: Bound<typeof createJob>;
  /** POST /v1/jobs/parse */
  readonly parse: Bound<typeof parseJob>;
  /** GET /v1/job/:job_id */
  readonly read: Bound<typeof readJob>;
  /** GET /v1/job/:job_id, blocking: the job each time it changes. */
  readonly watch: Bound<typeof watchJob>;
  /** GET /v1/job/:job_id/versions */
  readonly versions: Bound<typeof listJobVersions>;
  /** GET /v1/job/:job_id/versions, blocking. */
  readonly watchVersions: Bound<typeof watchJobVersions>;
  /** GET /v1/job/:job_id/allocations */
  readonly allocations: Bound<typeof listJobAllocations>;
  /** GET /v1/job/:job_id/allocations, blocking. */
  readonly watchAllocations: Bound<typeof watchJobAllocations>;
  /** GET /v1/job/:job_id/evaluations */
  readonly evaluations: Bound<typeof listJobEvaluations>;
  /** GET /v1/job/:job_id/evaluations, blocking. */
  readonly watchEvaluations: Bound<typeof watchJobEvaluations>;
  /** GET /v1/job/:job_id/deployments */
  readonly deployments: Bound<typeof listJobDeployments>;
  /** GET /v1/job/:job_id/deployments, blocking. */
  readonly watchDeployments: Bound<typeof watchJobDeployments>;
  /** GET /v1/job/:job_id/deployment */
  readonly latestDeployment: Bound<typeof readLatestJobDeployment>;
  /** GET /v1/job/:job_id/deployment, blocking. */
  readonly watchLatestDeployment: Bound<typeof watchLatestJobDeployment>;
  /** GET /v1/job/:job_id/summary */
  readonly summary: Bound<typeof readJobSummary>;
  /** GET /v1/job/:job_id/summary, blocking. */
  readonly watchSummary: Bound<typeof watchJobSummary>;
  /** POST /v1/job/:job_id */
  readonly update: Bound<typeof updateJob>;
  /** DELETE /v1/job/:job_id: stops the job; with `purge` removes it. */
  readonly deregister: Bound<typeof deregisterJob>;
  /** POST /v1/job/:job_id/dispatch */
  readonly dispatch: Bound<typeof dispatchJob>;
  /** POST /v1/job/:job_id/revert */
  readonly revert: Bound<typeof revertJob>;
  /** POST /v1/job/:job_id/stable */
  readonly setStability: Bound<typeof setJobStability>;
  /** POST /v1/job/:job_id/evaluate */
  readonly evaluate: Bound<typeof evaluateJob>;
  /** POST /v1/job/:job_id/plan */
  readonly plan: Bound<typeof planJob>;
}

/** The jobs group of the client: `client.jobs.read(id)`, `client.jobs.dispatch(id, body)`, ... */
export function jobsGroup(core: SchedulerCore): JobsGroup {
  return {
    list: bind(core, listJobs),
    watchList: bind(core, watchJobs),
    create: bind(core, createJob),
    parse: bind(core, parseJob),
    read: bind(core, readJob),
    watch: bind(core, watchJob),
    versions: bind(core, listJobVersions),
    watchVersions: bind(core, watchJobVersions),
    allocations: bind(core, listJobAllocations),
    watchAllocations: bind(core, watchJobAllocations),
    evaluations: bind(core, listJobEvaluations),
    watchEvaluations: bind(core, watchJobEvaluations),
    deployments: bind(core, listJobDeployments),
    watchDeployments: bind(core, watchJobDeployments),
    latestDeployment: bind(core, readLatestJobDeployment),
    watchLatestDeployment: bind(core, watchLatestJobDeployment),
    summary: bind(core, readJobSummary),
    watchSummary: bind(core, watchJobSummary),
    update: bind(core, updateJob),
    deregister: bind(core, deregisterJob),
    dispatch: bind(core, dispatchJob),
    revert: bind(core, revertJob),
    setStability: bind(core, setJobStability),
    evaluate: bind(core, evaluateJob),
    plan: bind(core, planJob),
  };
}
