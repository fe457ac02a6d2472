import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { createJob } from './create-job.js';
import { deployJob } from './deploy-job.js';
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
import { readJobScaleStatus, scaleJob, watchJobScaleStatus } from './job-scale.js';
import { setJobStability } from './job-stability.js';
import { readJobSummary, watchJobSummary } from './job-summary.js';
import { listJobVersions, watchJobVersions } from './job-versions.js';
import { iterateJobs, listJobs, watchJobs } from './list-jobs.js';
import { parseJob } from './parse-job.js';
import { planJob } from './plan-job.js';
import { readJob, watchJob } from './read-job.js';
import { revertJob } from './revert-job.js';
import { updateJob } from './update-job.js';

const jobOperations = {
  /** GET /v1/jobs — lists jobs. */
  list: listJobs,
  /** GET /v1/jobs, every page — an AsyncIterable of jobs. */
  iterate: iterateJobs,
  /** GET /v1/jobs, blocking — the list each time it changes. */
  watchList: watchJobs,
  /** POST /v1/jobs — registers a job. */
  create: createJob,
  /** POST /v1/jobs and the deployment it starts — registers a job and follows its deployment to the end. */
  deploy: deployJob,
  /** POST /v1/jobs/parse — turns job text into a job definition. */
  parse: parseJob,
  /** GET /v1/job/:job_id — reads one job. */
  read: readJob,
  /** GET /v1/job/:job_id, blocking — the job each time it changes. */
  watch: watchJob,
  /** GET /v1/job/:job_id/versions — lists the versions of a job. */
  listVersions: listJobVersions,
  /** GET /v1/job/:job_id/versions, blocking — the versions each time they change. */
  watchVersions: watchJobVersions,
  /** GET /v1/job/:job_id/allocations — lists the allocations of a job. */
  listAllocations: listJobAllocations,
  /** GET /v1/job/:job_id/allocations, blocking — the allocations each time they change. */
  watchAllocations: watchJobAllocations,
  /** GET /v1/job/:job_id/evaluations — lists the evaluations of a job. */
  listEvaluations: listJobEvaluations,
  /** GET /v1/job/:job_id/evaluations, blocking — the evaluations each time they change. */
  watchEvaluations: watchJobEvaluations,
  /** GET /v1/job/:job_id/deployments — lists the deployments of a job. */
  listDeployments: listJobDeployments,
  /** GET /v1/job/:job_id/deployments, blocking — the deployments each time they change. */
  watchDeployments: watchJobDeployments,
  /** GET /v1/job/:job_id/deployment — reads the latest deployment of a job. */
  latestDeployment: readLatestJobDeployment,
  /** GET /v1/job/:job_id/deployment, blocking — the latest deployment each time it changes. */
  watchLatestDeployment: watchLatestJobDeployment,
  /** GET /v1/job/:job_id/summary — reads the summary of a job. */
  summary: readJobSummary,
  /** GET /v1/job/:job_id/summary, blocking — the summary each time it changes. */
  watchSummary: watchJobSummary,
  /** POST /v1/job/:job_id/scale — sets the count of a task group. */
  scale: scaleJob,
  /** GET /v1/job/:job_id/scale — reads each group's counts and scaling events. */
  scaleStatus: readJobScaleStatus,
  /** GET /v1/job/:job_id/scale, blocking — the scale status each time it changes. */
  watchScaleStatus: watchJobScaleStatus,
  /** POST /v1/job/:job_id — registers a new version of a job. */
  update: updateJob,
  /** DELETE /v1/job/:job_id — stops the job; with `purge` removes it. */
  deregister: deregisterJob,
  /** POST /v1/job/:job_id/dispatch — starts an instance of a parameterized job. */
  dispatch: dispatchJob,
  /** POST /v1/job/:job_id/revert — reverts a job to an earlier version. */
  revert: revertJob,
  /** POST /v1/job/:job_id/stable — marks a version stable or not. */
  setStability: setJobStability,
  /** POST /v1/job/:job_id/evaluate — creates an evaluation of a job. */
  evaluate: evaluateJob,
  /** POST /v1/job/:job_id/plan — a dry run of an update. */
  plan: planJob,
};

/** The jobs group of the client; each method is the standalone operation with the core applied. */
export interface JobsGroup extends BoundGroup<SchedulerCore, typeof jobOperations> {}

/** The jobs group of the client: `client.jobs.read(id)`, `client.jobs.dispatch(id, body)`, ... */
export function jobsGroup(core: SchedulerCore): JobsGroup {
  return bindOperations(core, jobOperations);
}
